"""ALTER TABLE forms for a table's watermark and primary key: ADD when it has none, MODIFY
when it has one, DROP when asked. Flink 2.3's ALTER TABLE has no clause for a table's comment
or partition keys (tests/goldens/connectors_oracle.json holds its answer)."""

from __future__ import annotations

from typing import Any

from django import forms

from ..flinksql.catalog import quote_identifier
from .building import PLACEHOLDER, AlterForm, Built, format_options, names_list
from .tables import table_warnings


class WatermarkForm(AlterForm):
    column = forms.ChoiceField(label="Watermark for column", required=False)
    expression = forms.CharField(
        label="Watermark expression", required=False, help_text="e.g. ts - INTERVAL '5' SECOND"
    )
    drop = forms.BooleanField(label="Drop the watermark", required=False)

    def __init__(self, *args: Any, table: Any, columns: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["column"].choices = [("", "—")] + [(c, c) for c in columns]
        if not table.watermark_column:
            del self.fields["drop"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("drop"):
            return data
        if not data.get("column"):
            self.add_error("column", "Choose the rowtime column the watermark is for.")
        if not data.get("expression"):
            self.add_error("expression", "A watermark needs an expression.")
        return data

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} ")
        if self.value("drop") and self.table.watermark_column:
            return built.add("DROP WATERMARK", "drop")
        built.add("MODIFY" if self.table.watermark_column else "ADD").add(" WATERMARK FOR ")
        column = self.value("column")
        built.add(quote_identifier(column) if column else PLACEHOLDER, "column", column or "")
        expression = self.value("expression")
        return built.add(" AS ").add(expression or PLACEHOLDER, "expression", expression or "")


class PrimaryKeyForm(AlterForm):
    columns = forms.CharField(
        label="Primary key columns",
        required=False,
        help_text="Comma-separated, in key order; NOT ENFORCED (Flink does not check it)",
    )
    constraint_name = forms.CharField(
        label="Constraint name", required=False, help_text="Optional; Flink names it PK_<columns>"
    )
    drop = forms.BooleanField(label="Drop the primary key", required=False)

    def __init__(self, *args: Any, table: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        if not table.primary_key_columns:
            del self.fields["drop"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("drop") and not names_list(data.get("columns") or ""):
            self.add_error("columns", "Name the primary key's columns.")
        return data

    def key_columns(self) -> list[str]:
        """The primary key the table has once the statement ran."""
        if self.value("drop") and self.table.primary_key_columns:
            return []
        return names_list(self.value("columns") or "")

    def warnings(self) -> list[str]:
        """What Flink's planner would refuse about the table's connector with this key."""
        options = format_options(self.table.options)
        return table_warnings(options, ", ".join(self.key_columns()))

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} ")
        if self.value("drop") and self.table.primary_key_columns:
            return built.add("DROP PRIMARY KEY", "drop")
        built.add("MODIFY " if self.table.primary_key_columns else "ADD ")
        name = self.value("constraint_name")
        if name:
            built.add("CONSTRAINT ").add(quote_identifier(name), "constraint_name", name).add(" ")
        columns = self.key_columns()
        quoted = ", ".join(quote_identifier(c) for c in columns) or PLACEHOLDER
        built.add("PRIMARY KEY (").add(quoted, "columns", ", ".join(columns))
        return built.add(") NOT ENFORCED")
