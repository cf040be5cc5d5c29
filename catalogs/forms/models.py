"""Forms that build the model statements (CREATE MODEL, ALTER MODEL SET / RESET); renames and
drops use the shared :class:`~catalogs.forms.renames.RenameForm` and
:class:`~catalogs.forms.drops.DropForm`. Nothing here writes models:
the executor runs what they build."""

from __future__ import annotations

from typing import Any

from django import forms

from ..flinksql.catalog import quote_string
from .building import (
    KEEP_SECRETS,
    Built,
    CreateForm,
    options_field,
    with_options,
)
from .tables import TableOptionsForm

COLUMNS_HELP = "Columns as in Flink SQL, e.g. text STRING, score DOUBLE NOT NULL COMMENT 'x'"


class ModelForm(CreateForm):
    """CREATE MODEL: input and output columns (both or neither), a comment and the provider's
    options, which Flink stores without contacting the provider."""

    name = forms.CharField(max_length=255)
    input_columns = forms.CharField(
        label="Input columns", required=False, help_text=COLUMNS_HELP, widget=forms.TextInput
    )
    output_columns = forms.CharField(
        label="Output columns", required=False, help_text=COLUMNS_HELP, widget=forms.TextInput
    )
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    options = options_field("One option a line: key = value, e.g. provider = openai (at least one)")
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)

    def statement(self) -> Built:
        built = self.created("MODEL")
        for keyword, field_name in (("INPUT", "input_columns"), ("OUTPUT", "output_columns")):
            columns = (self.value(field_name) or "").strip()
            if columns:
                built.add(f"\n{keyword} (").add(columns, field_name, columns).add(")")
        comment = self.value("comment")
        if comment:
            built.add("\nCOMMENT ").add(quote_string(comment), "comment", comment)
        with_options(built, self.value("options") or "")
        return built


class ModelOptionsForm(TableOptionsForm):
    """ALTER MODEL ... SET the options that changed, RESET the removed ones."""

    keyword = "MODEL"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields[
            "options"
        ].help_text = f"The provider's options, one a line: key = value. {KEEP_SECRETS}"
