"""CREATE / ALTER / DROP FUNCTION and SHOW USER FUNCTIONS.

Flink keeps function names in lower case. The dashboard has no JVM: it records a
function's class and jars as Flink's catalog does, without loading the class.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from catalogs import models as m
from catalogs.executor import permissions, store
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogFunction, ObjectIdentifier, function_identifier
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names

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


def show_user_functions(ctx: Context, s: st.ShowUserFunctions) -> Result:
    session = ctx.session
    if s.database is None:
        catalog_name, database_name = session.current_catalog, session.current_database
    else:
        catalog_name, database_name = session.resolve_database(s.database)
    catalog = ctx.catalog(catalog_name, MISSING_CATALOG)
    database = store.database_or_none(catalog, database_name)
    names = set(database.functions.values_list("name", flat=True)) if database else set()
    for key in session.temporary_functions:
        if key.catalog == "" or (key.catalog, key.database) == (catalog_name, database_name):
            names.add(key.name)
    return ["function name"], [[n] for n in filter_names(list(names), s.like)]


HANDLERS = {
    st.CreateFunction: create_function,
    st.AlterFunction: alter_function,
    st.DropFunction: drop_function,
    st.ShowUserFunctions: show_user_functions,
}
