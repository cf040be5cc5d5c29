"""The one way doors find catalog objects by the names in their URL: the object, or 404.

The environment comes first: an environment the user holds no role in answers 404 at every
level below it, as if it did not exist, and a role too low answers 403, whether the object
exists or not. The object and its environment come in one query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.http import Http404

from config.compiled import CompiledQuery
from environments.lookup import check_role, get_environment, url_name
from environments.models import Environment, Role

from .flinksql.catalog import function_name
from .models import Catalog, Database, Function, Table
from .models import Model as CatalogModel

M = TypeVar("M", bound=Model)


def _first(rows: QuerySet[M]) -> QuerySet[M]:
    """The one row a door reads (the lowest key, as ``first()`` orders an unordered query)."""
    return rows.order_by("pk")[:1]


# The doors of every page read these shapes, each compiled once (config.compiled): building
# the query cost a page more than the database takes to answer it.
_CATALOG = CompiledQuery(
    lambda environment, catalog: _first(
        Catalog.objects.select_related("environment").filter(
            environment__name=environment, name=catalog
        )
    ),
    str,
    str,
)
_DATABASE = CompiledQuery(
    lambda environment, catalog, database: _first(
        Database.objects.select_related("catalog__environment").filter(
            catalog__environment__name=environment, catalog__name=catalog, name=database
        )
    ),
    str,
    str,
    str,
)


def _relations(environment: str, catalog: str, database: str, name: str) -> QuerySet[Table]:
    return Table.objects.select_related("database__catalog__environment").filter(
        database__catalog__environment__name=environment,
        database__catalog__name=catalog,
        database__name=database,
        name=name,
    )


_RELATION = CompiledQuery(lambda *names: _first(_relations(*names)), str, str, str, str)
_RELATION_OF_KIND = CompiledQuery(
    lambda kind, *names: _first(_relations(*names).filter(kind=kind)), str, str, str, str, str
)


def get_catalog(user: Any, environment: str, catalog: str, needed: Role = Role.VIEWER) -> Catalog:
    found = _CATALOG.first(url_name(environment), url_name(catalog))
    missing = f"No catalog '{catalog}' in environment '{environment}'."
    return _checked(found, user, environment, needed, lambda found: found.environment, missing)


def get_database(
    user: Any, environment: str, catalog: str, database: str, needed: Role = Role.VIEWER
) -> Database:
    found = _DATABASE.first(url_name(environment), url_name(catalog), url_name(database))
    missing = f"No database '{database}' in catalog '{catalog}'."
    return _checked(
        found, user, environment, needed, lambda found: found.catalog.environment, missing
    )


def get_table(
    user: Any,
    environment: str,
    catalog: str,
    database: str,
    table: str,
    needed: Role = Role.VIEWER,
    kind: Table.Kind | None = None,
) -> Table:
    """The table or view; with ``kind`` only that kind (the other one is a 404)."""
    names = (url_name(environment), url_name(catalog), url_name(database), url_name(table))
    found = _RELATION.first(*names) if kind is None else _RELATION_OF_KIND.first(str(kind), *names)
    what = {Table.Kind.TABLE: "table", Table.Kind.VIEW: "view"}.get(kind, "table or view")
    missing = f"No {what} '{table}' in database '{catalog}.{database}'."
    return _checked(found, user, environment, needed, _environment_of, missing)


def get_function(
    user: Any, environment: str, catalog: str, database: str, function: str, needed: Role
) -> Function:
    rows = Function.objects.select_related("database__catalog__environment", "artifact").filter(
        database__catalog__environment__name=url_name(environment),
        database__catalog__name=url_name(catalog),
        database__name=url_name(database),
        name=function_name(url_name(function)),
    )
    missing = f"No function '{function}' in database '{catalog}.{database}'."
    found = rows.order_by().first()
    return _checked(found, user, environment, needed, _environment_of, missing)


def get_model(
    user: Any, environment: str, catalog: str, database: str, model: str, needed: Role
) -> CatalogModel:
    rows = CatalogModel.objects.select_related("database__catalog__environment").filter(
        database__catalog__environment__name=url_name(environment),
        database__catalog__name=url_name(catalog),
        database__name=url_name(database),
        name=url_name(model),
    )
    missing = f"No model '{model}' in database '{catalog}.{database}'."
    found = rows.order_by().first()
    return _checked(found, user, environment, needed, _environment_of, missing)


def _environment_of(found: Table | Function | CatalogModel) -> Environment:
    return found.database.catalog.environment


def _checked(
    found: M | None,
    user: Any,
    environment: str,
    needed: Role,
    environment_of: Callable[[M], Environment],
    missing: str,
) -> M:
    """``found``, the one object a door read, if the user holds ``needed`` in its environment;
    a 404 saying ``missing`` (what was looked for, by its Flink kind) when there is none."""
    if found is None:
        get_environment(user, environment, needed)  # the environment's own 404 or 403 first
        raise Http404(missing)
    check_role(user, environment_of(found), environment, needed)
    return found
