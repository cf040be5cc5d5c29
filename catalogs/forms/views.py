"""Forms for CREATE VIEW and ALTER VIEW ... AS."""

from __future__ import annotations

from typing import Any

from django import forms

from config import limits

from ..flinksql.catalog import quote_identifier, quote_string
from .building import (
    PLACEHOLDER,
    SQL_EDITOR,
    Built,
    StatementForm,
    names_list,
)


class ViewForm(StatementForm):
    MODES = [("", "CREATE VIEW"), ("if_not_exists", "IF NOT EXISTS"), ("or_replace", "OR REPLACE")]

    name = forms.CharField(max_length=255)
    mode = forms.ChoiceField(label="When it exists", choices=MODES, required=False)
    column_names = forms.CharField(
        label="Column names", required=False, help_text="Optional, comma-separated"
    )
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    query = forms.CharField(
        max_length=limits.SCRIPT_CHARACTERS,
        widget=forms.Textarea(attrs=SQL_EDITOR | {"rows": 10}),
        help_text="A SELECT statement",
    )

    def __init__(self, *args: Any, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.database = database

    def statement(self) -> Built:
        catalog, database = (quote_identifier(n) for n in self.database)
        mode = self.value("mode") or ""
        built = Built().add("CREATE ")
        if mode == "or_replace":
            built.add("OR REPLACE ", "mode")
        built.add("VIEW ")
        if mode == "if_not_exists":
            built.add("IF NOT EXISTS ", "mode")
        built.add(f"{catalog}.{database}.")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        columns = names_list(self.value("column_names") or "")
        if columns:
            built.add(" (").add(", ".join(quote_identifier(c) for c in columns), "column_names")
            built.add(")")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        query = self.value("query") or PLACEHOLDER
        return built.add("\nAS\n").add(query, "query", self.value("query") or "")


class ViewQueryForm(StatementForm):
    """ALTER VIEW ... AS a new query."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    query = forms.CharField(
        max_length=limits.SCRIPT_CHARACTERS,
        widget=forms.Textarea(attrs=SQL_EDITOR | {"rows": 12}),
    )

    def __init__(self, *args: Any, identifier: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identifier = identifier

    def statement(self) -> Built:
        built = Built().add(f"ALTER VIEW {self.identifier} AS\n")
        return built.add(self.value("query") or PLACEHOLDER, "query", self.value("query") or "")
