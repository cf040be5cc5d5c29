"""Forms for CREATE / ALTER CATALOG and CREATE / ALTER DATABASE."""

from __future__ import annotations

from typing import Any

from django import forms

from ..flinksql.catalog import quote_identifier, quote_string
from ..flinksql.catalog_factories import FACTORIES
from ..secrets import is_secret
from .building import (
    KEEP_SECRETS,
    Built,
    StatementForm,
    changed_options,
    options_field,
    parse_options,
    with_options,
)

# The option fields each catalog type's form offers: its factory's, required ones first.
CATALOG_TYPES = {name: list(f.form_options) for name, f in FACTORIES.items()}


class CatalogForm(StatementForm):
    name = forms.CharField(max_length=255)
    catalog_type = forms.ChoiceField(
        label="Type",
        choices=[(t, t) for t in CATALOG_TYPES],
        initial="generic_in_memory",
    )
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    options = options_field("More options for this type, one a line: key = value")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for catalog_type, keys in CATALOG_TYPES.items():
            required = FACTORIES[catalog_type].required
            for key in keys:
                self.fields[_option_field(catalog_type, key)] = forms.CharField(
                    label=f"{key} (required)" if key in required else key,
                    required=False,
                    widget=forms.PasswordInput if is_secret(key) else forms.TextInput,
                )

    def type_fields(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """The option fields of the chosen type (of every type before one is known), with
        where the type comes from."""
        chosen = self.value("catalog_type") if self.is_bound else None
        return [
            (t, FACTORIES[t].source, [self[_option_field(t, key)] for key in keys])
            for t, keys in CATALOG_TYPES.items()
            if chosen not in CATALOG_TYPES or t == chosen
        ]

    def statement(self) -> Built:
        catalog_type = self.value("catalog_type") or "generic_in_memory"
        built = Built().add("CREATE CATALOG ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        built.add(f"\nWITH (\n  'type' = {quote_string(catalog_type)}", "catalog_type")
        for key in CATALOG_TYPES.get(catalog_type, []):
            value = self.value(_option_field(catalog_type, key))
            if value:
                text = f",\n  {quote_string(key)} = {quote_string(value)}"
                built.add(text, _option_field(catalog_type, key), value)
        try:
            extra = parse_options(self.value("options") or "")
        except forms.ValidationError:
            extra = {}
        for key, value in extra.items():
            built.add(f",\n  {quote_string(key)} = {quote_string(value)}", "options", key)
        return built.add("\n)")


def _option_field(catalog_type: str, key: str) -> str:
    return f"{catalog_type}__{key.replace('.', '_').replace('-', '_')}"


class CatalogAlterForm(StatementForm):
    """ALTER CATALOG ... SET for changed options and COMMENT when the comment changed."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    options = options_field(f"All options but 'type', one a line: key = value. {KEEP_SECRETS}")

    def __init__(self, *args: Any, catalog: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog

    def statements(self) -> list[Built]:
        name = quote_identifier(self.catalog.name)
        result = []
        try:
            options = parse_options(self.value("options") or "")
        except forms.ValidationError:
            options = {}
        changed = changed_options(self.catalog.options, options)
        if changed:
            built = Built().add(f"ALTER CATALOG {name} SET (")
            text = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in changed.items())
            result.append(built.add(text, "options", "").add(")"))
        removed = [k for k in self.catalog.options if k not in options and k != "type"]
        if removed:
            keys = ", ".join(quote_string(k) for k in removed)
            built = Built().add(f"ALTER CATALOG {name} RESET (")
            result.append(built.add(keys, "options").add(")"))
        comment = self.value("comment") or ""
        if comment != (self.catalog.comment or ""):
            built = Built().add(f"ALTER CATALOG {name} COMMENT ")
            result.append(built.add(quote_string(comment), "comment", comment))
        return result


# -- databases -----------------------------------------------------------------------------
class DatabaseForm(StatementForm):
    name = forms.CharField(max_length=255)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    options = options_field("Properties, one a line: key = value")

    def __init__(self, *args: Any, catalog: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog

    def statement(self) -> Built:
        built = Built().add("CREATE DATABASE ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(f"{quote_identifier(self.catalog)}.")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        with_options(built, self.value("options") or "")
        return built


class DatabaseAlterForm(StatementForm):
    """``ALTER DATABASE ... SET (...)``: Flink's only change to a database is its properties."""

    options = options_field("Properties to set, one a line: key = value")

    def __init__(self, *args: Any, catalog: str, database: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.database = database

    def statement(self) -> Built:
        built = Built().add(
            f"ALTER DATABASE {quote_identifier(self.catalog)}.{quote_identifier(self.database)}"
            " SET ("
        )
        try:
            options = parse_options(self.value("options") or "")
        except forms.ValidationError:
            options = {}
        pairs = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in options.items())
        return built.add(pairs, "options", self.value("options") or "").add(")")
