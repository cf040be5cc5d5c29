"""CREATE / ALTER / DROP / USE / SHOW / DESCRIBE CATALOG."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from catalogs import models as m
from catalogs.executor import marks, permissions, store
from catalogs.flinksql import render
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog_factories import check_catalog_options
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names
from environments.models import ENVIRONMENT_CATALOG_PREFIX

from .context import OK, Context, Result

DEFAULT_DATABASE_OPTION = "default-database"


def _already_exists(name: str) -> ValidationError:
    return AlreadyExists(f"Catalog {name} already exists.")


def _not_environment_catalog(catalog: m.Catalog, action: str) -> None:
    if catalog.is_environment_catalog:
        raise ValidationError(
            f"Catalog '{catalog.name}' is the environment catalog and cannot be {action}."
        )


def create_catalog(ctx: Context, s: st.CreateCatalog) -> Result:
    if store.catalog_or_none(ctx.environment, s.name) is not None:
        if s.if_not_exists:
            return OK
        raise _already_exists(s.name)
    if s.name.startswith(ENVIRONMENT_CATALOG_PREFIX):
        raise ValidationError(
            f"Catalog names starting with '{ENVIRONMENT_CATALOG_PREFIX}' are reserved for "
            "environment catalogs."
        )
    catalog_type = s.options.get("type")
    if not catalog_type:
        raise ValidationError(
            "Catalog options do not contain an option key 'type' for discovering a catalog."
        )
    check_catalog_options(s.options)
    if s.options.get(DEFAULT_DATABASE_OPTION) == "" and catalog_type == "generic_in_memory":
        # Flink's in-memory catalog refuses an empty default database
        listed = "\n".join(f"'{k}'='{v}'" for k, v in sorted(s.options.items()))
        raise ValidationError(
            f"Unable to create catalog '{s.name}'.\n\nCatalog options are:\n{listed}"
        )
    try:
        with transaction.atomic():
            catalog = m.Catalog.objects.create(
                environment=ctx.environment,
                name=s.name,
                catalog_type=catalog_type,
                comment=s.comment,
                options=s.options,
            )
    except IntegrityError:
        if s.if_not_exists:
            return OK
        raise _already_exists(s.name) from None
    default_database = store.normalize(catalog, s.options.get(DEFAULT_DATABASE_OPTION, "default"))
    m.Database.objects.create(catalog=catalog, name=default_database)
    return OK


NOT_IN_STORE = "Catalog {name} does not exist in the catalog store."
NO_METADATA = "Cannot obtain metadata information from Catalog {name}."


def alter_catalog_set(ctx: Context, s: st.AlterCatalogSet) -> Result:
    catalog = ctx.catalog(s.name, NOT_IN_STORE)
    if "type" in s.options and s.options["type"] != catalog.catalog_type:
        raise ValidationError("ALTER CATALOG SET does not support changing 'type'")
    options = {**catalog.options, **s.options}
    check_catalog_options(options)
    catalog.options = options
    catalog.version += 1
    catalog.save()
    return OK


def alter_catalog_reset(ctx: Context, s: st.AlterCatalogReset) -> Result:
    if not s.keys:  # Flink says so before it looks the catalog up
        raise ValidationError("ALTER CATALOG RESET does not support empty key")
    catalog = ctx.catalog(s.name, NOT_IN_STORE)
    if "type" in s.keys:
        raise ValidationError("ALTER CATALOG RESET does not support changing 'type'")
    options = {k: v for k, v in catalog.options.items() if k not in s.keys}
    check_catalog_options(options)
    catalog.options = options
    catalog.version += 1
    catalog.save()
    return OK


def alter_catalog_comment(ctx: Context, s: st.AlterCatalogComment) -> Result:
    catalog = ctx.catalog(s.name, NOT_IN_STORE)
    catalog.comment = s.comment
    catalog.version += 1
    catalog.save()
    return OK


def drop_catalog(ctx: Context, s: st.DropCatalog) -> Result:
    catalog = store.catalog_or_none(ctx.environment, s.name)
    if catalog is None:
        if s.if_exists:
            return OK
        raise ValidationError(f"Catalog {s.name} does not exist.")
    if s.name == ctx.session.current_catalog:
        raise ValidationError("Cannot drop a catalog which is currently in use.")
    _not_environment_catalog(catalog, "dropped")
    permissions.require_drop_use(ctx.user, m.Function.objects.filter(database__catalog=catalog))
    catalog.delete()
    marks.refresh_readers_within(ctx, catalog.name)
    return OK


def show_catalogs(ctx: Context, s: st.ShowCatalogs) -> Result:
    names = list(
        m.Catalog.objects.filter(environment=ctx.environment).values_list("name", flat=True)
    )
    return ["catalog name"], [[n] for n in filter_names(names, s.like)]


def show_current_catalog(ctx: Context, s: st.ShowCurrentCatalog) -> Result:
    return ["current catalog name"], [[ctx.session.current_catalog]]


def use_catalog(ctx: Context, s: st.UseCatalog) -> Result:
    catalog = ctx.catalog(s.name)
    default_database = catalog.options.get(DEFAULT_DATABASE_OPTION, "default")
    ctx.session.current_catalog = catalog.name
    ctx.session.current_database = store.normalize(catalog, default_database)
    return OK


def show_create_catalog(ctx: Context, s: st.ShowCreateCatalog) -> Result:
    catalog = ctx.catalog(s.name, NO_METADATA)
    return ["result"], [[render.show_create_catalog(store.descriptor(catalog))]]


def describe_catalog(ctx: Context, s: st.DescribeCatalog) -> Result:
    catalog = ctx.catalog(s.name, NO_METADATA)
    return render.describe_catalog(store.descriptor(catalog), s.extended)


HANDLERS = {
    st.CreateCatalog: create_catalog,
    st.AlterCatalogSet: alter_catalog_set,
    st.AlterCatalogReset: alter_catalog_reset,
    st.AlterCatalogComment: alter_catalog_comment,
    st.DropCatalog: drop_catalog,
    st.ShowCatalogs: show_catalogs,
    st.ShowCurrentCatalog: show_current_catalog,
    st.UseCatalog: use_catalog,
    st.ShowCreateCatalog: show_create_catalog,
    st.DescribeCatalog: describe_catalog,
}
