"""The CREATE TABLE form (with its column rows) and the table options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import formset_factory

from config import limits

from ..flinksql.catalog import quote_identifier, quote_string
from .building import (
    KEEP_SECRETS,
    PLACEHOLDER,
    Built,
    StatementForm,
    changed_options,
    names_list,
    options_field,
    parse_options,
    with_options,
)


class ColumnForm(forms.Form):
    name = forms.CharField(max_length=255, required=False)
    kind = forms.ChoiceField(
        choices=[("physical", "physical"), ("computed", "computed"), ("metadata", "metadata")],
        initial="physical",
    )
    data_type = forms.CharField(
        label="Type", required=False, help_text="e.g. BIGINT, STRING, TIMESTAMP(3)"
    )
    not_null = forms.BooleanField(label="NOT NULL", required=False)
    expression = forms.CharField(required=False, help_text="computed: AS expression")
    metadata_key = forms.CharField(label="Metadata key", required=False)
    virtual = forms.BooleanField(label="VIRTUAL", required=False)
    comment = forms.CharField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("name"):
            return data
        if data.get("kind") == "computed" and not data.get("expression"):
            self.add_error("expression", "A computed column needs an expression.")
        if data.get("kind") != "computed" and not data.get("data_type"):
            self.add_error("data_type", "This column needs a type.")
        return data


# Django builds at most ``absolute_max`` forms whatever TOTAL_FORMS says, and refuses more.
ColumnFormSet = formset_factory(
    ColumnForm,
    extra=0,
    min_num=1,
    validate_min=True,
    max_num=limits.FORM_ROWS,
    validate_max=True,
    absolute_max=limits.FORM_ROWS,
)


class TableForm(StatementForm):
    name = forms.CharField(max_length=255)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    watermark_column = forms.CharField(label="Watermark for column", required=False)
    watermark_expression = forms.CharField(
        label="Watermark expression",
        required=False,
        help_text="e.g. ts - INTERVAL '5' SECOND",
    )
    primary_key = forms.CharField(
        label="Primary key columns", required=False, help_text="Comma-separated; NOT ENFORCED"
    )
    partition_keys = forms.CharField(
        label="Partition keys", required=False, help_text="Comma-separated column names"
    )
    options = options_field("Connector options, one a line: key = value")

    def __init__(self, *args: Any, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.database = database
        self.columns = ColumnFormSet(*args[:1], prefix="columns")

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return self.columns.is_valid() and valid

    def statement(self) -> Built:
        catalog, database = (quote_identifier(n) for n in self.database)
        built = Built().add("CREATE TABLE ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(f"{catalog}.{database}.")
        built.add(self.name_value("name"), "name", self.value("name") or "").add(" (")
        lines = 0
        for column in self.columns.forms:
            lines += _add_column(built, column, lines)
        watermark = self.value("watermark_column")
        if watermark:
            built.add(",\n" if lines else "\n").add("  WATERMARK FOR ")
            built.add(quote_identifier(watermark), "watermark_column", watermark).add(" AS ")
            expression = self.value("watermark_expression") or PLACEHOLDER
            built.add(expression, "watermark_expression", expression)
        keys = names_list(self.value("primary_key") or "")
        if keys:
            built.add(",\n" if lines or watermark else "\n").add("  PRIMARY KEY (")
            built.add(", ".join(quote_identifier(k) for k in keys), "primary_key", "")
            built.add(") NOT ENFORCED")
        built.add("\n)")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        partitions = names_list(self.value("partition_keys") or "")
        if partitions:
            built.add("\nPARTITIONED BY (")
            built.add(", ".join(quote_identifier(k) for k in partitions), "partition_keys", "")
            built.add(")")
        with_options(built, self.value("options") or "")
        return built


def _column_value(form: forms.Form, name: str) -> str:
    data = getattr(form, "cleaned_data", None) or {}
    value = data.get(name) if name in data else form.data.get(form.add_prefix(name))
    return value if isinstance(value, str) else ("on" if value else "")


def _add_column(built: Built, form: forms.Form, lines: int) -> int:
    """Add one column line (if named); returns how many lines it added."""
    name = _column_value(form, "name").strip()
    if not name:
        return 0
    field_name = form.add_prefix
    built.add(",\n" if lines else "\n").add("  ")
    built.add(quote_identifier(name), field_name("name"), name)
    kind = _column_value(form, "kind") or "physical"
    if kind == "computed":
        expression = _column_value(form, "expression") or PLACEHOLDER
        built.add(" AS ").add(expression, field_name("expression"), expression)
    else:
        data_type = _column_value(form, "data_type") or PLACEHOLDER
        built.add(" ").add(data_type, field_name("data_type"), data_type)
        if _column_value(form, "not_null"):
            built.add(" NOT NULL", field_name("not_null"))
        if kind == "metadata":
            built.add(" METADATA")
            key = _column_value(form, "metadata_key")
            if key:
                built.add(f" FROM {quote_string(key)}", field_name("metadata_key"), key)
            if _column_value(form, "virtual"):
                built.add(" VIRTUAL", field_name("virtual"))
    comment = _column_value(form, "comment")
    if comment:
        built.add(f" COMMENT {quote_string(comment)}", field_name("comment"), comment)
    return 1


class TableOptionsForm(StatementForm):
    """ALTER TABLE ... SET the options that changed, RESET the removed ones (``keyword``:
    MODEL for a model's options)."""

    keyword = "TABLE"
    version = forms.IntegerField(widget=forms.HiddenInput)
    options = options_field(f"Connector options, one a line: key = value. {KEEP_SECRETS}")

    def __init__(self, *args: Any, table: Any, identifier: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.identifier = identifier

    def statements(self) -> list[Built]:
        try:
            options = parse_options(self.value("options") or "")
        except forms.ValidationError:
            options = {}
        result = []
        changed = changed_options(self.table.options, options)
        if changed:
            text = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in changed.items())
            built = Built().add(f"ALTER {self.keyword} {self.identifier} SET (")
            result.append(built.add(text, "options", "").add(")"))
        removed = [k for k in self.table.options if k not in options]
        if removed:
            keys = ", ".join(quote_string(k) for k in removed)
            built = Built().add(f"ALTER {self.keyword} {self.identifier} RESET (")
            result.append(built.add(keys, "options", "").add(")"))
        return result
