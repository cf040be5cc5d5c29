"""CREATE / ALTER / DROP FUNCTION, SHOW [USER] FUNCTIONS and DESCRIBE FUNCTION.

Flink keeps function names in lower case. The dashboard has no JVM: it records a
function's class and jars as Flink's catalog does, without loading the class.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from catalogs import models as m
from catalogs.executor import permissions, store
from catalogs.flinksql import builtins
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogFunction, ObjectIdentifier, function_identifier
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names
from catalogs.flinksql.quoting import quote_identifier

from .context import OK, Context, Result

MISSING_CATALOG = "Catalog {name} does not exist"


def _identifier(ctx: Context, path: tuple[str, ...]) -> ObjectIdentifier:
    identifier = ctx.session.resolve(path)
    return function_identifier(identifier.catalog, identifier.database, identifier.name)


def _check_language(s: st.CreateFunction | st.AlterFunction) -> None:
    if s.language == "PYTHON" and s.jars:
        raise ValidationError(
            "CREATE FUNCTION USING JAR/ARTIFACT syntax is not applicable to PYTHON language."
        )


def _database(ctx: Context, identifier: ObjectIdentifier) -> m.Database:
    catalog = ctx.catalog(identifier.catalog, MISSING_CATALOG)
    database = store.database_or_none(catalog, identifier.database)
    if database is None:
        raise ValidationError(
            f"Database {identifier.database} does not exist in Catalog {catalog.name}."
        )
    return database


def _not_found(identifier: ObjectIdentifier) -> ValidationError:
    return ValidationError(
        f"Function {identifier.database}.{identifier.name} does not exist in "
        f"Catalog {identifier.catalog}."
    )


def create_function(ctx: Context, s: st.CreateFunction) -> Result:
    _check_language(s)
    if s.temporary:
        key = function_identifier("", "", s.path[-1]) if s.system else _identifier(ctx, s.path)
        permissions.require_jar_use(
            ctx.environment, ctx.user, s.jars, f"Creating function '{key.name}'"
        )
        if key in ctx.session.temporary_functions:
            if s.if_not_exists:
                return OK
            raise AlreadyExists(f"Temporary function '{key.name}' already exists")
        ctx.session.temporary_functions[key] = CatalogFunction(
            key, s.class_name, s.language, list(s.jars), temporary=True
        )
        return OK
    identifier = _identifier(ctx, s.path)
    database = _database(ctx, identifier)
    ctx.writable(database.catalog)
    permissions.require_jar_use(
        ctx.environment, ctx.user, s.jars, f"Creating function '{identifier}'"
    )
    if database.catalog.catalog_type == "kafka":
        raise ValidationError(
            f"CREATE FUNCTION is not supported on Kafka catalog '{database.catalog.name}': "
            "create the function in the environment catalog."
        )
    already = AlreadyExists(
        f"Function {identifier.database}.{identifier.name} already exists in "
        f"Catalog {identifier.catalog}."
    )
    if database.functions.filter(name=identifier.name).exists():
        if s.if_not_exists:
            return OK
        raise already
    try:
        with transaction.atomic():
            m.Function.objects.create(
                database=database,
                name=identifier.name,
                class_name=s.class_name,
                language=s.language,
                jars=list(s.jars),
            )
    except IntegrityError:
        if s.if_not_exists:
            return OK
        raise already from None
    ctx.refresh_readers(identifier)
    return OK


def alter_function(ctx: Context, s: st.AlterFunction) -> Result:
    _check_language(s)
    identifier = _identifier(ctx, s.path)
    database = _database(ctx, identifier)
    function = database.functions.filter(name=identifier.name).select_related("artifact").first()
    if function is None:
        if s.if_exists:
            return OK
        raise _not_found(identifier)
    ctx.writable(database.catalog)
    permissions.require_use(ctx.user, function.artifact, f"Altering function '{identifier}'")
    permissions.require_jar_use(
        ctx.environment, ctx.user, s.jars, f"Altering function '{identifier}'"
    )
    function.class_name = s.class_name
    function.language = s.language
    function.save()
    return OK


def drop_function(ctx: Context, s: st.DropFunction) -> Result:
    temporaries = ctx.session.temporary_functions
    if s.system:
        key = function_identifier("", "", s.path[-1])
        if temporaries.pop(key, None) is None and not s.if_exists:
            raise ValidationError(
                f"Could not drop temporary system function. A function named '{key.name}' "
                "doesn't exist."
            )
        return OK
    identifier = _identifier(ctx, s.path)
    if s.temporary:
        if temporaries.pop(identifier, None) is None and not s.if_exists:
            raise ValidationError(f"Temporary catalog function {identifier.quoted()} doesn't exist")
        return OK
    catalog = ctx.catalog(identifier.catalog, MISSING_CATALOG)
    database = store.database_or_none(catalog, identifier.database)
    function = database and (
        database.functions.filter(name=identifier.name).select_related("artifact").first()
    )
    if function is None:
        if s.if_exists:
            return OK
        raise _not_found(identifier)
    ctx.writable(catalog)
    permissions.require_use(ctx.user, function.artifact, f"Dropping function '{identifier}'")
    function.delete()
    ctx.refresh_readers(identifier)
    return OK


def _user_function_names(ctx: Context, path: tuple[str, ...] | None) -> set[str]:
    """The names of the user's functions ``SHOW [USER] FUNCTIONS [FROM path]`` lists: the
    database's catalog functions, its temporary ones and the temporary system functions."""
    session = ctx.session
    if path is None:
        catalog_name, database_name = session.current_catalog, session.current_database
    else:
        catalog_name, database_name = session.resolve_database(path)
    catalog = ctx.catalog(catalog_name, MISSING_CATALOG)
    database = store.database_or_none(catalog, database_name)
    names = set(database.functions.values_list("name", flat=True)) if database else set()
    for key in session.temporary_functions:
        if key.catalog == "" or (key.catalog, key.database) == (catalog_name, database_name):
            names.add(key.name)
    return names


def show_user_functions(ctx: Context, s: st.ShowUserFunctions) -> Result:
    names = _user_function_names(ctx, s.database)
    return ["function name"], [[n] for n in filter_names(list(names), s.like)]


def show_functions(ctx: Context, s: st.ShowFunctions) -> Result:
    """The built-in functions (Flink's core module, as recorded from the engine) and the user's,
    sorted, each name once."""
    names = _user_function_names(ctx, s.database) | set(builtins.listed_functions())
    return ["function name"], [[n] for n in filter_names(sorted(names), s.like)]


def describe_function(ctx: Context, s: st.DescribeFunction) -> Result:
    """A built-in function's description as Flink gives it. Flink describes a user's function by
    instantiating its class, which the dashboard cannot load: it answers what Flink answers
    when the class cannot be instantiated."""
    rows = builtins.describe_function(s.path[0], s.extended) if len(s.path) == 1 else None
    if rows is not None:
        return ["info name", "info value"], rows
    identifier = _identifier(ctx, s.path)
    key = function_identifier("", "", identifier.name)
    temporary = ctx.session.temporary_functions
    if len(s.path) == 1 and key in temporary:
        raise ValidationError(f"Cannot instantiate user-defined function '{s.path[0]}'.")
    catalog = ctx.catalog_or_none(identifier.catalog)
    database = catalog and store.database_or_none(catalog, identifier.database)
    stored = bool(database) and database.functions.filter(name=identifier.name).exists()
    if not stored and identifier not in temporary:
        written = ".".join(quote_identifier(part) for part in s.path)
        raise ValidationError(f"Function with the identifier '{written}' doesn't exist.")
    raise ValidationError(
        f"Cannot instantiate user-defined function "
        f"'{identifier.catalog}.{identifier.database}.{s.path[-1]}'."
    )


HANDLERS = {
    st.CreateFunction: create_function,
    st.AlterFunction: alter_function,
    st.DropFunction: drop_function,
    st.ShowUserFunctions: show_user_functions,
    st.ShowFunctions: show_functions,
    st.DescribeFunction: describe_function,
}
