"""OpenAPI links between the API's operations, added to the schema in one place.

A link says where the answer of one operation leads: the environment a ``POST`` created is
the ``{environment}`` of its ``GET``, ``PATCH`` and ``DELETE``; a table created in a database is
read, changed (with the ETag it was answered with as ``If-Match``) and dropped at the name
the answer gives; a list leads to the detail of its first item. Clients and tools that walk the
API (schemathesis' stateful tests among them) follow them.

Each link below names its source and target operations by path and method; the hook turns them
into ``operationId`` references, so renaming an operation id does not break a link, and a
link to an operation the schema no longer has fails loudly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

API = "/api/v1/environments/"
ENV = f"{API}{{environment}}"
CATALOG = f"{ENV}/catalogs/{{catalog}}"
DATABASE = f"{CATALOG}/databases/{{database}}"
TABLE = f"{DATABASE}/tables/{{table}}"
VIEW = f"{DATABASE}/views/{{view}}"
FUNCTION = f"{DATABASE}/functions/{{function}}"
SNAPSHOT = f"{ENV}/snapshots/{{snapshot}}"
REQUEST = f"{ENV}/change-requests/{{number}}"
ARTIFACT = f"{ENV}/artifacts/{{artifact}}"
ROLE = f"{ENV}/roles/{{user}}"

# The same path parameters as the request that was answered.
SAME_ENV = {"environment": "$request.path.environment"}
SAME_DATABASE = {
    **SAME_ENV,
    "catalog": "$request.path.catalog",
    "database": "$request.path.database",
}
# The database every catalog starts with.
DEFAULT_DATABASE = "default"


@dataclass(frozen=True)
class Link:
    """From the ``status`` answer of ``method path`` to the operation ``target``."""

    name: str
    source: tuple[str, str, int]
    target: tuple[str, str]
    parameters: dict[str, str] = field(default_factory=dict)
    request_body: dict[str, str] | None = None
    description: str = ""


def _to(source: tuple[str, str, int], name: str, target: tuple[str, str], **kwargs: Any) -> Link:
    return Link(name, source, target, **kwargs)


def _object_links(
    created: tuple[str, str, int], detail: str, kind: str, name: str, etag: bool
) -> list[Link]:
    """Read, change, drop and read the history of the object that ``created`` answered,
    whose name is at ``name`` in its body."""
    where = {**SAME_DATABASE, kind: name}
    guarded = {**where, "header.If-Match": "$response.header.ETag"} if etag else where
    return [
        _to(created, f"Get{kind.title()}", ("get", detail), parameters=where),
        _to(created, f"Change{kind.title()}", ("patch", detail), parameters=guarded),
        _to(created, f"Drop{kind.title()}", ("delete", detail), parameters=guarded),
        _to(created, f"{kind.title()}History", ("get", f"{detail}/history"), parameters=where),
    ]


def _links() -> list[Link]:
    links: list[Link] = []

    # Environments: the list leads to the first one; a created or renamed one to itself.
    first_environment = {"environment": "$response.body#/results/0/name"}
    links.append(
        _to(("get", API, 200), "GetEnvironment", ("get", ENV), parameters=first_environment)
    )
    created_env = {"environment": "$response.body#/name"}
    for code, source in ((201, ("post", API)), (200, ("patch", ENV))):
        answered = (*source, code)
        links += [
            _to(answered, "GetEnvironment", ("get", ENV), parameters=created_env),
            _to(answered, "ListCatalogs", ("get", f"{ENV}/catalogs/"), parameters=created_env),
        ]
    links += [
        _to(("post", API, 201), "ChangeEnvironment", ("patch", ENV), parameters=created_env),
        _to(("post", API, 201), "DeleteEnvironment", ("delete", ENV), parameters=created_env),
    ]

    # From an environment to what lives in it, in its environment catalog's default database.
    env = ("get", ENV, 200)
    in_env = {"environment": "$response.body#/name"}
    in_catalog = {**in_env, "catalog": "$response.body#/catalog"}
    in_database = {**in_catalog, "database": DEFAULT_DATABASE}
    links += [
        _to(env, "GetCatalog", ("get", CATALOG), parameters=in_catalog),
        _to(env, "CreateTable", ("post", f"{DATABASE}/tables/"), parameters=in_database),
        _to(env, "CreateView", ("post", f"{DATABASE}/views/"), parameters=in_database),
        _to(env, "CreateFunction", ("post", f"{DATABASE}/functions/"), parameters=in_database),
        _to(
            env,
            "RunStatements",
            ("post", f"{ENV}/statements"),
            parameters=in_env,
            request_body={"catalog": "$response.body#/catalog", "database": DEFAULT_DATABASE},
        ),
        _to(
            env,
            "TakeSnapshot",
            ("post", f"{ENV}/snapshots/"),
            parameters=in_env,
            request_body={"catalog": "$response.body#/catalog"},
        ),
        _to(env, "ListSnapshots", ("get", f"{ENV}/snapshots/"), parameters=in_env),
        _to(env, "OpenChangeRequest", ("post", f"{ENV}/change-requests/"), parameters=in_env),
        _to(env, "ListChangeRequests", ("get", f"{ENV}/change-requests/"), parameters=in_env),
        _to(env, "UploadArtifact", ("post", f"{ENV}/artifacts/"), parameters=in_env),
        _to(env, "ListRoles", ("get", f"{ENV}/roles/"), parameters=in_env),
        _to(env, "History", ("get", f"{ENV}/history/"), parameters=in_env),
    ]

    # Browsing down the tree: a catalog, its databases, one database, its objects.
    links += [
        _to(
            ("get", CATALOG, 200),
            "ListDatabases",
            ("get", f"{CATALOG}/databases/"),
            parameters={**SAME_ENV, "catalog": "$response.body#/name"},
        ),
        _to(
            ("get", f"{CATALOG}/databases/", 200),
            "GetDatabase",
            ("get", DATABASE),
            parameters={
                **SAME_ENV,
                "catalog": "$request.path.catalog",
                "database": "$response.body#/results/0/name",
            },
        ),
    ]
    for kind, detail in (("table", TABLE), ("view", VIEW), ("function", FUNCTION)):
        plural = f"{kind}s"
        links += [
            _to(
                ("get", DATABASE, 200),
                f"List{plural.title()}",
                ("get", f"{DATABASE}/{plural}/"),
                parameters=SAME_DATABASE,
            ),
            _to(
                ("get", f"{DATABASE}/{plural}/", 200),
                f"Get{kind.title()}",
                ("get", detail),
                parameters={**SAME_DATABASE, kind: "$response.body#/results/0/name"},
            ),
        ]

    # Tables, views and functions: what a create answers, and a read before a guarded change.
    links += _object_links(
        ("post", f"{DATABASE}/tables/", 201), TABLE, "table", "$response.body#/table/name", True
    )
    links += _object_links(
        ("post", f"{DATABASE}/views/", 201), VIEW, "view", "$response.body#/view/name", True
    )
    links += _object_links(
        ("post", f"{DATABASE}/functions/", 201),
        FUNCTION,
        "function",
        "$response.body#/function/name",
        False,
    )
    for kind, detail in (("table", TABLE), ("view", VIEW)):
        same = {**SAME_DATABASE, kind: f"$request.path.{kind}"}
        guarded = {**same, "header.If-Match": "$response.header.ETag"}
        links += [
            _to(
                ("get", detail, 200), f"Change{kind.title()}", ("patch", detail), parameters=guarded
            ),
            _to(
                ("get", detail, 200), f"Drop{kind.title()}", ("delete", detail), parameters=guarded
            ),
            _to(("patch", detail, 200), f"Get{kind.title()}", ("get", detail), parameters=same),
        ]

    # A statement that changed an object leads to it (the first object it changed).
    changed = "$response.body#/changes/0"
    links.append(
        _to(
            ("post", f"{ENV}/statements", 200),
            "GetChangedTable",
            ("get", TABLE),
            parameters={
                **SAME_ENV,
                "catalog": f"{changed}/catalog",
                "database": f"{changed}/database",
                "table": f"{changed}/name",
            },
            description="When the first statement changed a table: that table",
        )
    )

    # Snapshots: a snapshot taken is read, its content, diffed and deleted.
    taken = ("post", f"{ENV}/snapshots/", 201)
    snapshot = {**SAME_ENV, "snapshot": "$response.body#/snapshot/snapshot_id"}
    links += [
        _to(taken, "GetSnapshot", ("get", SNAPSHOT), parameters=snapshot),
        _to(taken, "GetSnapshotContent", ("get", f"{SNAPSHOT}/content"), parameters=snapshot),
        _to(taken, "DiffSnapshot", ("get", f"{SNAPSHOT}/diff"), parameters=snapshot),
        _to(taken, "DeleteSnapshot", ("delete", SNAPSHOT), parameters=snapshot),
        _to(
            ("get", f"{ENV}/snapshots/", 200),
            "GetSnapshot",
            ("get", SNAPSHOT),
            parameters={**SAME_ENV, "snapshot": "$response.body#/results/0/snapshot_id"},
        ),
    ]

    # Change requests: an opened one is read, previewed, extended, discussed, approved,
    # applied, closed; an approved one applied, a closed one reopened.
    opened = ("post", f"{ENV}/change-requests/", 201)
    number = {**SAME_ENV, "number": "$response.body#/id"}
    same_number = {**SAME_ENV, "number": "$request.path.number"}
    links += [
        _to(opened, "GetChangeRequest", ("get", REQUEST), parameters=number),
        _to(opened, "Preview", ("get", f"{REQUEST}/preview"), parameters=number),
        _to(opened, "AddStatements", ("post", f"{REQUEST}/statements"), parameters=number),
        _to(opened, "Comment", ("post", f"{REQUEST}/comments"), parameters=number),
        _to(opened, "Review", ("post", f"{REQUEST}/reviews"), parameters=number),
        _to(opened, "Approve", ("post", f"{REQUEST}/approve"), parameters=number),
        _to(opened, "Apply", ("post", f"{REQUEST}/apply"), parameters=number),
        _to(opened, "Close", ("post", f"{REQUEST}/close"), parameters=number),
        _to(
            ("get", f"{ENV}/change-requests/", 200),
            "GetChangeRequest",
            ("get", REQUEST),
            parameters={**SAME_ENV, "number": "$response.body#/results/0/id"},
        ),
        _to(
            ("post", f"{REQUEST}/approve", 201),
            "Apply",
            ("post", f"{REQUEST}/apply"),
            parameters=same_number,
        ),
        _to(
            ("post", f"{REQUEST}/close", 200),
            "Reopen",
            ("post", f"{REQUEST}/reopen"),
            parameters=same_number,
        ),
        _to(
            ("post", f"{REQUEST}/apply", 200),
            "GetChangeRequest",
            ("get", REQUEST),
            parameters=same_number,
        ),
    ]

    # Artifacts: an uploaded one is read; its uploader is granted Use, which is then revoked.
    uploaded = ("post", f"{ENV}/artifacts/", 201)
    artifact = {**SAME_ENV, "artifact": "$request.body#/name"}
    use = f"{ARTIFACT}/users/{{user}}"
    links += [
        _to(uploaded, "GetArtifact", ("get", ARTIFACT), parameters=artifact),
        _to(
            uploaded,
            "GrantUse",
            ("put", use),
            parameters={**artifact, "user": "$response.body#/uploaded_by"},
        ),
        _to(
            ("put", use, 200),
            "RevokeUse",
            ("delete", use),
            parameters={
                **SAME_ENV,
                "artifact": "$request.path.artifact",
                "user": "$request.path.user",
            },
        ),
    ]

    # Roles: the list leads to one member, whose role is read, set, granted and revoked.
    member = {**SAME_ENV, "user": "$response.body#/results/0/user"}
    granted = {**SAME_ENV, "user": "$response.body#/user"}
    roles = ("get", f"{ENV}/roles/", 200)
    links += [
        _to(roles, "GetRole", ("get", ROLE), parameters=member),
        _to(
            roles,
            "GrantRole",
            ("post", f"{ENV}/roles/"),
            parameters=SAME_ENV,
            request_body={"user": "$response.body#/results/0/user"},
        ),
        _to(("post", f"{ENV}/roles/", 200), "GetRole", ("get", ROLE), parameters=granted),
        _to(("get", ROLE, 200), "SetRole", ("put", ROLE), parameters=granted),
        _to(("get", ROLE, 200), "RevokeRole", ("delete", ROLE), parameters=granted),
    ]
    return links


LINKS = _links()


def add_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """A drf-spectacular postprocessing hook: write ``LINKS`` into the responses."""
    paths = result.get("paths", {})

    def operation(method: str, path: str) -> dict[str, Any]:
        try:
            return paths[path][method]
        except KeyError:
            raise KeyError(
                f"OpenAPI link to an undocumented operation: {method.upper()} {path}"
            ) from None

    for link in LINKS:
        method, path, code = link.source
        target = operation(*link.target)
        response = operation(method, path)["responses"][str(code)]
        definition: dict[str, Any] = {"operationId": target["operationId"]}
        if link.parameters:
            definition["parameters"] = dict(link.parameters)
        if link.request_body is not None:
            definition["requestBody"] = dict(link.request_body)
        if link.description:
            definition["description"] = link.description
        response.setdefault("links", {})[link.name] = definition
    return result
