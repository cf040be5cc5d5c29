"""CREATE / ALTER / DROP MODEL, SHOW MODELS, SHOW CREATE MODEL and DESCRIBE MODEL.

Models have names of their own in a database, apart from tables and views. Flink stores a
model's provider options without contacting the provider, and so does the dashboard. A
temporary model shadows a permanent one of the same name in SHOW CREATE and DESCRIBE, but
SHOW MODELS lists only permanent ones (as Flink 2.3 does).
"""

from __future__ import annotations

from dataclasses import replace

from django.db import IntegrityError, transaction

from catalogs import models as m
from catalogs.executor import store
from catalogs.flinksql import render
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogModel, ObjectIdentifier
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names
from catalogs.flinksql.schema import model_columns

from .context import OK, Context, Result

MISSING_CATALOG = "Catalog {name} does not exist."


def _already_exists(identifier: ObjectIdentifier) -> AlreadyExists:
    return AlreadyExists(
        f"Model {identifier.database}.{identifier.name} already exists in "
        f"Catalog {identifier.catalog}."
    )


def _missing(identifier: ObjectIdentifier) -> ValidationError:
    """What ALTER MODEL says of a model that is not there."""
    return ValidationError(f"Model {identifier.quoted()} doesn't exist.")


def _database(ctx: Context, identifier: ObjectIdentifier) -> m.Database:
    catalog = ctx.catalog(identifier.catalog, MISSING_CATALOG)
    database = ctx.database_or_none(catalog, identifier.database)
    if database is None:
        raise ValidationError(
            f"Database {identifier.database} does not exist in Catalog {catalog.name}."
        )
    return database


def _stored(ctx: Context, identifier: ObjectIdentifier) -> m.Model | None:
    """The permanent model of that name (its row locked until the transaction ends)."""
    catalog = ctx.catalog_or_none(identifier.catalog)
    database = catalog and ctx.database_or_none(catalog, identifier.database)
    if not database:
        return None
    return database.models.select_for_update().filter(name=identifier.name).first()


def find_model(ctx: Context, identifier: ObjectIdentifier) -> CatalogModel | None:
    """The model of that name; a temporary one shadows a permanent one."""
    found = ctx.session.temporary_models.get(identifier)
    if found is not None:
        return found
    row = _stored(ctx, identifier)
    return None if row is None else store.model_definition(row, identifier)


def create_model(ctx: Context, s: st.CreateModel) -> Result:
    identifier = ctx.identifier(s.path)
    model = CatalogModel(
        identifier,
        model_columns(s.input_columns),
        model_columns(s.output_columns),
        s.comment or None,
        dict(s.options),
        temporary=s.temporary,
    )
    if s.temporary:
        temporaries = ctx.session.temporary_models
        if identifier in temporaries:
            if s.if_not_exists:
                return OK
            raise AlreadyExists(f"Temporary model '{identifier.quoted()}' already exists")
        _database(ctx, identifier)
        temporaries[identifier] = model
        return OK
    database = _database(ctx, identifier)
    ctx.writable(database.catalog)
    if store.model_or_none(database, identifier.name) is not None:
        if s.if_not_exists:
            return OK
        raise _already_exists(identifier)
    try:
        with transaction.atomic():
            store.write_model(database, model, None)
    except IntegrityError:
        if s.if_not_exists:
            return OK
        raise _already_exists(identifier) from None
    ctx.refresh_readers(identifier)
    return OK


def _altered(ctx: Context, s: st.Statement) -> tuple[ObjectIdentifier, m.Model] | None:
    """The permanent model ALTER MODEL changes; None when it is missing and IF EXISTS said
    that is fine."""
    identifier = ctx.identifier(s.path)
    if identifier in ctx.session.temporary_models:
        raise ValidationError(f"Model {identifier.quoted()} is a temporary model.")
    row = _stored(ctx, identifier)
    if row is None:
        if s.if_exists:
            return None
        raise _missing(identifier)
    ctx.writable(row.database.catalog)
    return identifier, row


def alter_model_set(ctx: Context, s: st.AlterModelSet) -> Result:
    found = _altered(ctx, s)
    if found is None:
        return OK
    if not s.options:
        raise ValidationError("ALTER MODEL SET does not support empty option.")
    identifier, row = found
    model = store.model_definition(row, identifier)
    store.write_model(row.database, replace(model, options={**model.options, **s.options}), row)
    return OK


def alter_model_reset(ctx: Context, s: st.AlterModelReset) -> Result:
    found = _altered(ctx, s)
    if found is None:
        return OK
    if not s.keys:
        raise ValidationError("ALTER MODEL RESET does not support empty key.")
    identifier, row = found
    model = store.model_definition(row, identifier)
    options = {k: v for k, v in model.options.items() if k not in s.keys}
    store.write_model(row.database, replace(model, options=options), row)
    return OK


def alter_model_rename(ctx: Context, s: st.AlterModelRename) -> Result:
    found = _altered(ctx, s)
    if found is None:
        return OK
    identifier, row = found
    target = ctx.identifier(s.new_path)
    if target.catalog != identifier.catalog:
        raise ValidationError(
            f"The catalog name of the new model name '{target}' must be the same as the old "
            f"model name '{identifier}'."
        )
    if target.database != identifier.database:
        # Flink 2.3 renames the model within its own database then, silently dropping the
        # database written; the dashboard says so instead, as for views.
        raise ValidationError(
            f"ALTER MODEL ... RENAME TO cannot move model '{identifier}' to another database "
            f"('{target}'). To move a model, create it in the target database with the same "
            "definition and drop the original."
        )
    if store.model_or_none(row.database, target.name) is not None:
        raise _already_exists(target)
    row.name = target.name
    row.version += 1
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise _already_exists(target) from None
    ctx.refresh_readers(identifier, target)
    return OK


def drop_model(ctx: Context, s: st.DropModel) -> Result:
    identifier = ctx.identifier(s.path)
    temporaries = ctx.session.temporary_models
    if s.temporary:
        if temporaries.pop(identifier, None) is None and not s.if_exists:
            raise ValidationError(f"Temporary model with identifier '{identifier}' does not exist.")
        return OK
    row = _stored(ctx, identifier)
    if row is None:
        if s.if_exists:
            return OK
        if identifier in temporaries:
            raise ValidationError(f"Model '{identifier.quoted()}' does not exist.")
        raise ValidationError(f"Model with identifier '{identifier}' does not exist.")
    ctx.writable(row.database.catalog)
    row.delete()
    ctx.refresh_readers(identifier)
    return OK


def show_models(ctx: Context, s: st.ShowModels) -> Result:
    session = ctx.session
    if s.database is None:
        catalog_name, database_name = session.current_catalog, session.current_database
    else:
        catalog_name, database_name = session.resolve_database(s.database)
    catalog = ctx.catalog(catalog_name, "Catalog {name} does not exist")
    database = ctx.database_or_none(catalog, database_name)
    if database is None:
        raise ValidationError(f"Database {database_name} does not exist in Catalog {catalog.name}.")
    names = list(database.models.values_list("name", flat=True))
    return ["model name"], [[n] for n in filter_names(names, s.like)]


def show_create_model(ctx: Context, s: st.ShowCreateModel) -> Result:
    identifier = ctx.identifier(s.path)
    model = find_model(ctx, identifier)
    if model is None:
        raise ValidationError(
            "Could not execute SHOW CREATE MODEL. "
            f"Model with identifier {identifier.quoted()} does not exist."
        )
    return ["result"], [[render.show_create_model(model)]]


def describe_model(ctx: Context, s: st.DescribeModel) -> Result:
    identifier = ctx.identifier(s.path)
    model = find_model(ctx, identifier)
    if model is None:
        raise ValidationError(f"Model with the identifier '{identifier}' doesn't exist.")
    return render.describe_model(model)


HANDLERS = {
    st.CreateModel: create_model,
    st.AlterModelSet: alter_model_set,
    st.AlterModelReset: alter_model_reset,
    st.AlterModelRename: alter_model_rename,
    st.DropModel: drop_model,
    st.ShowModels: show_models,
    st.ShowCreateModel: show_create_model,
    st.DescribeModel: describe_model,
}
