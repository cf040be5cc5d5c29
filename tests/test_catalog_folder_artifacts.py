"""A function's artifact in a folder (#19): an ``-- ARTIFACT '<name>' SHA256 '<hex>'`` line
before its CREATE FUNCTION records which upload its code comes from; a plan links it (a
change of its own), and refuses, naming the function, an artifact the environment lacks or
holds with other content. Nothing changes then."""

from __future__ import annotations

import hashlib

import pytest

from catalogs import folder
from catalogs import models as m
from catalogs.services import set_function_details
from environments.models import Environment
from environments.services import create_environment, upload_artifact

CODE = b"the jar's bytes"
SHA = hashlib.sha256(CODE).hexdigest()
PATH = "c/d/functions/f.sql"
CATALOG = b"CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
CREATE = "CREATE FUNCTION `c`.`d`.`f` AS 'com.example.F' LANGUAGE JAVA;\n"


def _function(environment: Environment) -> m.Function:
    return m.Function.objects.select_related("artifact").get(
        name="f", database__catalog__environment=environment
    )


@pytest.fixture
def source(environment: Environment) -> Environment:
    """``default`` with catalog c and function c.d.f, whose code artifact udfs.jar holds."""
    upload_artifact(environment, "udfs.jar", "udfs-1.jar", b"an older upload")
    upload_artifact(environment, "udfs.jar", "udfs-2.jar", CODE)
    files = {"c/catalog.sql": CATALOG, PATH: CREATE.encode()}
    assert folder.apply_folder(environment, files).report.ok  # type: ignore[union-attr]
    set_function_details(_function(environment), None, artifact="udfs.jar")
    return environment


def test_the_export_records_the_artifact_and_its_latest_file(source: Environment) -> None:
    files = folder.export_files(source)
    assert files[PATH].decode() == f"-- ARTIFACT 'udfs.jar' SHA256 '{SHA}'\n{CREATE}"


def test_a_folder_applied_links_the_artifact_and_round_trips(source: Environment) -> None:
    files = folder.export_files(source)
    target = create_environment("target")
    upload_artifact(target, "udfs.jar", "u.jar", CODE)
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok
    assert _function(target).artifact.name == "udfs.jar"  # type: ignore[union-attr]
    assert folder.export_files(target) == files
    assert folder.plan_folder(target, files).exit_code == 0


def test_an_artifact_the_environment_lacks_is_refused_and_nothing_changes(
    source: Environment,
) -> None:
    files = folder.export_files(source)
    target = create_environment("target")
    planned = folder.plan_folder(target, files)
    assert planned.exit_code == 1
    assert planned.errors == [
        "function c.d.f: its artifact 'udfs.jar' does not exist in environment 'target': "
        "upload it there (Artifacts), or name another, and plan again."
    ]
    applied = folder.apply_folder(target, files)
    assert applied.report is None
    assert not m.Catalog.objects.filter(environment=target, name="c").exists()


def test_an_artifact_with_other_content_is_refused(source: Environment) -> None:
    files = folder.export_files(source)
    target = create_environment("target")
    version = upload_artifact(target, "udfs.jar", "u.jar", b"other code")
    assert folder.plan_folder(target, files).errors == [
        f"function c.d.f: its artifact 'udfs.jar' is the file with sha256 {SHA}, and in "
        f"environment 'target' it holds sha256 {version.sha256} in its latest version (1): "
        "upload that file as a new version of the artifact, or export the folder again."
    ]


def test_a_changed_artifact_is_a_step_of_its_own(source: Environment) -> None:
    upload_artifact(source, "other.jar", "o.jar", b"other")
    files = {
        "c/catalog.sql": CATALOG,
        PATH: f"-- ARTIFACT 'other.jar'\n{CREATE}".encode(),  # hand-written: no SHA256
    }
    planned = folder.plan_folder(source, files)
    assert planned.exit_code == 2
    [step] = planned.plan.steps
    assert (step.action, step.kind, step.name, step.statements) == (
        "change",
        "function",
        "c.d.f",
        [],
    )
    assert step.reason == (
        "its artifact changes from 'udfs.jar' to 'other.jar', which the dashboard links "
        "(Flink's DDL has no clause for it)"
    )
    assert step.declaration is not None
    assert step.declaration.shown == (
        "no declared result type, ARTIFACT 'other.jar' (the dashboard declares it before the "
        "statements)"
    )
    applied = folder.apply_folder(source, files)
    assert applied.report is not None and applied.report.ok
    assert _function(source).artifact.name == "other.jar"  # type: ignore[union-attr]
    assert folder.plan_folder(source, files).exit_code == 0
    # a folder without the line unlinks it
    unlinked = {"c/catalog.sql": CATALOG, PATH: CREATE.encode()}
    [step] = folder.plan_folder(source, unlinked).plan.steps
    assert step.reason.startswith("its artifact changes from 'other.jar' to none")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            f"-- ARTIFACT udfs.jar\n{CREATE}",
            f"{PATH}:1: write the artifact as -- ARTIFACT '<name>' [SHA256 '<64 lower-case "
            "hex digits>'], not '-- ARTIFACT udfs.jar'.",
        ),
        (
            f"-- ARTIFACT 'a.jar'\n-- ARTIFACT 'b.jar'\n{CREATE}",
            f"{PATH}:2: a second '-- ARTIFACT' line for one function (the first is at line 1).",
        ),
        (
            f"{CREATE}-- ARTIFACT 'a.jar'\n",
            f"{PATH}:2: an '-- ARTIFACT' line names the artifact of the CREATE FUNCTION right "
            "after it, and no statement follows.",
        ),
    ],
)
def test_a_malformed_artifact_line_names_the_file_and_line(
    environment: Environment, text: str, error: str
) -> None:
    files = {"c/catalog.sql": CATALOG, PATH: text.encode()}
    assert folder.plan_folder(environment, files).errors == [error]


def test_an_artifact_line_before_another_statement_is_refused(environment: Environment) -> None:
    files = {"c/catalog.sql": b"-- ARTIFACT 'a.jar'\n" + CATALOG}
    assert folder.plan_folder(environment, files).errors == [
        "c/catalog.sql:1: an '-- ARTIFACT' line names the artifact of the CREATE FUNCTION right "
        "after it, and no CREATE FUNCTION follows."
    ]
