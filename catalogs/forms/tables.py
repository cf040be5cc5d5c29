"""The CREATE TABLE form (with its column rows) and the table options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import formset_factory

from config import limits

from ..flinksql.catalog import quote_identifier, quote_string
from ..flinksql.connectors import CONNECTORS, connector_warnings, template_options
from .building import (
    KEEP_SECRETS,
    PLACEHOLDER,
    Built,
    CreateForm,
    StatementForm,
    changed_options,
    format_options,
    names_list,
    options_field,
    parse_options,
    with_options,
)
from .column_definition import FIELD_ORDER, ColumnDefinitionForm, add_definition, raw_value


class ColumnForm(ColumnDefinitionForm):
    """One column row of a new table; a row without a name is left out."""

    field_order = FIELD_ORDER
    name = forms.CharField(max_length=255, required=False)


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


class TableForm(CreateForm):
    name = forms.CharField(max_length=255)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    watermark_column = forms.CharField(
        label="Watermark for column",
        required=False,
        widget=forms.TextInput(attrs={"list": "table-column-names"}),
    )
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
    bucket_keys = forms.CharField(
        label="Bucket keys",
        required=False,
        help_text="DISTRIBUTED BY: comma-separated physical column names",
    )
    distribution_kind = forms.ChoiceField(
        label="Bucketing algorithm",
        required=False,
        choices=[("", "the connector's"), ("HASH", "HASH"), ("RANGE", "RANGE")],
    )
    bucket_count = forms.IntegerField(
        label="Buckets",
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="INTO n BUCKETS; leave empty for the connector's number",
    )
    connector = forms.ChoiceField(
        label="Connector template",
        required=False,
        choices=[("", "—")] + [(name, name) for name in CONNECTORS],
        help_text="Fills in the connector's required options, with example values to replace",
    )
    options = options_field("Connector options, one a line: key = value")

    def __init__(self, *args: Any, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, database=database, **kwargs)
        self.columns = ColumnFormSet(*args[:1], prefix="columns")

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return self.columns.is_valid() and valid

    def problems(self) -> list[str]:
        """The column rows' errors in words a preview shows beside the statement (a full page
        shows them beside their fields)."""
        found = []
        for number, column in enumerate(self.columns.forms, start=1):
            name = raw_value(column, "name").strip()
            for part, errors in column.errors.items():
                label = column.fields[part].label if part in column.fields else part
                found += [f"Column {number} ({name}), {label}: {error}" for error in errors]
        return found

    def column_names(self) -> list[str]:
        """The names of the column rows, as typed: what the watermark, primary key and
        partition fields pick from."""
        names = (raw_value(column, "name").strip() for column in self.columns.forms)
        return list(dict.fromkeys(name for name in names if name))

    def warnings(self) -> list[str]:
        """What Flink's planner would refuse about the connector options and keys."""
        return table_warnings(self.value("options") or "", self.value("primary_key") or "")

    def statement(self) -> Built:
        built = self.created("TABLE").add(" (")
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
        _add_distribution(built, self)
        partitions = names_list(self.value("partition_keys") or "")
        if partitions:
            built.add("\nPARTITIONED BY (")
            built.add(", ".join(quote_identifier(k) for k in partitions), "partition_keys", "")
            built.add(")")
        with_options(built, self.value("options") or "")
        return built


def _add_distribution(built: Built, form: TableForm) -> None:
    """``DISTRIBUTED BY [HASH | RANGE] (keys) [INTO n BUCKETS]`` or ``DISTRIBUTED INTO n
    BUCKETS``, from the fields that say it; an algorithm without keys is written as chosen,
    for the statement's check to name what is missing."""
    keys = names_list(form.value("bucket_keys") or "")
    kind = form.value("distribution_kind") or ""
    count = form.value("bucket_count")
    if not keys and not kind and count in (None, ""):
        return
    if keys or kind:
        built.add(f"\nDISTRIBUTED BY {kind}(")
        built.add(", ".join(quote_identifier(k) for k in keys), "bucket_keys", "")
        built.add(")")
        if count not in (None, ""):
            built.add(f" INTO {count} BUCKETS", "bucket_count", str(count))
    else:
        built.add(f"\nDISTRIBUTED INTO {count} BUCKETS", "bucket_count", str(count))


def table_warnings(options_text: str, primary_key: str) -> list[str]:
    """:func:`connector_warnings` for the options text and primary key a form holds."""
    try:
        options = parse_options(options_text)
    except forms.ValidationError:
        return []
    return connector_warnings(options, names_list(primary_key))


def filled_options(options_text: str, connector: str, table_name: str | None) -> str:
    """The options text with ``connector``'s template filled in (unchanged when the text is
    no list of options or the connector is not one of the templates)."""
    try:
        options = parse_options(options_text)
    except forms.ValidationError:
        return options_text
    if connector not in CONNECTORS:
        return options_text
    return format_options(template_options(connector, options, table_name))


def _add_column(built: Built, form: forms.Form, lines: int) -> int:
    """Add one column line (if named); returns how many lines it added."""
    if not raw_value(form, "name").strip():
        return 0
    built.add(",\n" if lines else "\n").add("  ")
    add_definition(built, form)
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

    def warnings(self) -> list[str]:
        """What Flink's planner would refuse about a table with these options and its key."""
        if self.keyword != "TABLE":
            return []
        keys = ", ".join(self.table.primary_key_columns)
        return table_warnings(self.value("options") or "", keys)

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
