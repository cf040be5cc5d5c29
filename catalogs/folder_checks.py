"""What a folder's plan compares beyond the definitions the executor makes of it: the secret
values given to the plan, by their fingerprints (:mod:`catalogs.secret_fingerprints`), and the
artifacts the functions' code comes from (the environment's uploads, by name and sha256; the
folder's ``-- ARTIFACT`` lines, :mod:`catalogs.flinksql.folder.declared`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from environments.models import Artifact, ArtifactVersion, Environment

from .executor import store
from .flinksql import folder as fd
from .flinksql import snapshot_format as sf
from .flinksql.catalog import ObjectIdentifier, quote_string
from .flinksql.secrets import is_secret
from .flinksql.snapshot_format.writing import is_placeholder
from .secret_fingerprints import Comparison, compare


def secret_changes(
    environment: Environment, desired: list[sf.Snapshot], variables: Mapping[str, str]
) -> dict[tuple[str, str, str], bool]:
    """The secret options of ``desired`` whose placeholder ``variables`` fills in and whose
    object in ``environment`` holds a value for it that differs from the one given (True), or
    may differ (False: stored before fingerprints were kept), compared by fingerprint
    (:mod:`catalogs.secret_fingerprints`): the stored value is never read out."""
    # (kind, name, its catalog, database and object) -> option key -> the value given
    given: dict[tuple[str, str, tuple[str, ...]], dict[str, str]] = {}

    def note(kind: str, names: tuple[str, ...], options: Mapping[str, str]) -> None:
        for key, value in options.items():
            if is_secret(key) and is_placeholder(value) and value[2:-1] in variables:
                where = (kind, ".".join(names), names)
                given.setdefault(where, {})[key] = variables[value[2:-1]]

    for snapshot in desired:
        catalog = snapshot.catalog_name
        note("catalog", (catalog,), snapshot.catalog_options)
        for database in snapshot.databases:
            note("database", (catalog, database["name"]), database["properties"])
        for kind, relations in (("table", snapshot.tables), ("model", snapshot.models)):
            for relation in relations:
                i = relation.identifier
                note(kind, (i.catalog, i.database, i.name), relation.options)
    found: dict[tuple[str, str, str], bool] = {}
    for (kind, name, names), values in given.items():
        row = store.secret_holder(environment, kind, names)
        stored = {} if row is None else getattr(row, row.OPTIONS_FIELD)
        for key, value in values.items():
            if key in stored:
                outcome = compare(kind, key, value, row.secret_fingerprints)  # type: ignore[union-attr]
                if outcome is not Comparison.SAME:
                    found[(kind, name, key)] = outcome is Comparison.DIFFERENT
    return found


def _latest_files(environment_id: int, names: Iterable[str]) -> dict[str, ArtifactVersion | None]:
    """The latest version of each artifact ``names`` of the environment (None: no upload
    yet); an artifact that does not exist is absent."""
    wanted = sorted(set(names))
    if not wanted:
        return {}
    found: dict[str, ArtifactVersion | None] = dict.fromkeys(
        Artifact.objects.filter(environment_id=environment_id, name__in=wanted).values_list(
            "name", flat=True
        )
    )
    rows = ArtifactVersion.objects.filter(
        artifact__environment_id=environment_id, artifact__name__in=wanted
    ).select_related("artifact")
    for row in rows.defer("content").order_by("version"):
        found[row.artifact.name] = row
    return found


def with_artifact_files(snapshot: sf.Snapshot, environment_id: int) -> sf.Snapshot:
    """``snapshot`` with each function's artifact's latest file as ``artifactSha256`` among its
    extras (a folder records it; snapshots do not)."""
    names = [x["artifact"] for _, x in snapshot.functions if x.get("artifact")]
    latest = _latest_files(environment_id, names)
    for _, extras in snapshot.functions:
        version = latest.get(extras.get("artifact") or "")
        if version is not None:
            extras["artifactSha256"] = version.sha256
    return snapshot


def pin_artifacts(desired: list[sf.Snapshot], ordered: list[fd.FolderStatement]) -> None:
    """Give the functions of ``desired`` (made in a scratch environment, which has no
    artifacts) the artifacts their ``-- ARTIFACT`` lines name."""
    pins = {
        ObjectIdentifier(i.catalog, i.database, i.name).quoted(): i.artifact
        for i in ordered
        if i.kind == "function" and i.artifact is not None
    }
    for snapshot in desired:
        for function, extras in snapshot.functions:
            pin = pins.get(function.identifier.quoted())
            if pin is not None:
                extras["artifact"], extras["artifactSha256"] = pin.name, pin.sha256


def artifact_problems(environment: Environment, desired: list[sf.Snapshot]) -> list[str]:
    """Why the functions of ``desired`` cannot come from the artifacts they name in
    ``environment``: an artifact it does not have, or whose latest file is not the one named
    by its sha256 (no statement uploads code)."""
    wanted = [
        (function.identifier, extras)
        for snapshot in desired
        for function, extras in snapshot.functions
        if extras.get("artifact")
    ]
    latest = _latest_files(environment.pk, [x["artifact"] for _, x in wanted])
    problems = []
    for identifier, extras in wanted:
        name, sha256 = extras["artifact"], extras.get("artifactSha256")
        where = f"function {identifier}: its artifact {quote_string(name)}"
        if name not in latest:
            problems.append(
                f"{where} does not exist in environment '{environment.name}': upload it there "
                "(Artifacts), or name another, and plan again."
            )
            continue
        version = latest[name]
        if sha256 is None or (version is not None and version.sha256 == sha256):
            continue
        held = (
            "has no upload yet"
            if version is None
            else f"holds sha256 {version.sha256} in its latest version ({version.version})"
        )
        problems.append(
            f"{where} is the file with sha256 {sha256}, and in environment "
            f"'{environment.name}' it {held}: upload that file as a new version of the "
            "artifact, or export the folder again."
        )
    return problems
