"""What a column definition holds, shared by the new table's column rows and ALTER TABLE ADD:
its kind and the parts that kind takes (:mod:`catalogs.flinksql.column_kinds`), its type read
as Flink's DDL reads types, and the text it adds to a statement."""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse

from ..flinksql.catalog import quote_identifier, quote_string
from ..flinksql.column_kinds import (
    COMPUTED,
    KINDS,
    METADATA,
    PARTS,
    PHYSICAL,
    TAKES,
    column_kind_problems,
    kinds_taking,
)
from ..flinksql.errors import FlinkSqlError
from ..flinksql.types import parse_type
from .building import PLACEHOLDER, Built

# The id of the page's <datalist> of Flink types, the type field's picker.
TYPES_LIST = "flink-types"
FIELD_ORDER = ["name", "kind", *PARTS, "comment"]


def type_problem(text: str) -> str | None:
    """Flink's message for a type it would not read, or None for a valid type."""
    try:
        parse_type(text)
    except FlinkSqlError as exc:
        return str(exc)
    return None


class ColumnDefinitionForm(forms.Form):
    """The fields of one column definition; a part shows only for the kinds that take it, and
    a named column is checked against its kind."""

    kind = forms.ChoiceField(choices=[(k, k) for k in KINDS], initial=PHYSICAL, required=False)
    data_type = forms.CharField(
        label="Type",
        required=False,
        help_text="A Flink type, e.g. BIGINT, STRING, TIMESTAMP(3)",
        widget=forms.TextInput(attrs={"list": TYPES_LIST, "autocomplete": "off"}),
    )
    not_null = forms.BooleanField(label="NOT NULL", required=False)
    expression = forms.CharField(required=False, help_text="computed: AS expression")
    metadata_key = forms.CharField(
        label="Metadata key", required=False, help_text="METADATA FROM 'key'; empty: the name"
    )
    virtual = forms.BooleanField(label="VIRTUAL", required=False)
    comment = forms.CharField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for part in PARTS:  # read by _field.html (data-kinds) and the CSS that hides parts
            self.fields[part].kinds = " ".join(kinds_taking(part))  # type: ignore[attr-defined]
        # The type is checked as it is typed; the answer shows in the field's <output>.
        check = f"{self['data_type'].auto_id}_check"
        self.fields["data_type"].check_id = check  # type: ignore[attr-defined]
        self.fields["data_type"].widget.attrs.update(
            {
                "hx-get": reverse("type-check"),
                "hx-trigger": "input changed delay:300ms",
                "hx-swap": "innerHTML",
                "hx-target": f"#{check}",
                "hx-sync": "this:replace",
                "aria-describedby": f"{self['data_type'].auto_id}_helptext {check}",
            }
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("name"):  # else an empty row, or a missing name (refused by its own field)
            self.check_definition(data)
        return data

    def check_definition(self, data: dict[str, Any]) -> None:
        """Refuse, on their fields, the parts the kind does not take and a type Flink would
        not read."""
        kind = data.get("kind") or PHYSICAL
        given = {part: bool(data.get(part)) for part in PARTS}
        for part, problem in column_kind_problems(kind, given).items():
            self.add_error(part, problem)
        data_type = data.get("data_type")
        if data_type and "data_type" in TAKES.get(kind, ()) and "data_type" not in self.errors:
            problem = type_problem(data_type)
            if problem:
                self.add_error("data_type", problem)


def raw_value(form: forms.Form, name: str) -> str:
    """A field's cleaned value, or what was typed when it is not valid ("on" for a ticked box)."""
    data = getattr(form, "cleaned_data", None) or {}
    value = data.get(name) if name in data else form.data.get(form.add_prefix(name))
    if not form.is_bound and name not in data:
        value = form.initial.get(name)
    return value if isinstance(value, str) else ("on" if value else "")


def add_definition(built: Built, form: forms.Form, column: str | None = None) -> None:
    """`` name AS expr`` or `` name type [NOT NULL] [METADATA [FROM 'k'] [VIRTUAL]]``, then
    ``COMMENT``: the parts of ``form``'s column that its kind takes (``column``: the name of
    an existing column, which the form does not ask for)."""
    field_name = form.add_prefix
    if column is not None:
        built.add(quote_identifier(column))
    else:
        name = raw_value(form, "name").strip()
        built.add(quote_identifier(name) if name else PLACEHOLDER, field_name("name"), name)
    kind = raw_value(form, "kind") or PHYSICAL
    if kind == COMPUTED:
        expression = raw_value(form, "expression") or PLACEHOLDER
        built.add(" AS ").add(expression, field_name("expression"), expression)
    else:
        data_type = raw_value(form, "data_type") or PLACEHOLDER
        built.add(" ").add(data_type, field_name("data_type"), data_type)
        if raw_value(form, "not_null"):
            built.add(" NOT NULL", field_name("not_null"))
        if kind == METADATA:
            built.add(" METADATA")
            key = raw_value(form, "metadata_key")
            if key:
                built.add(f" FROM {quote_string(key)}", field_name("metadata_key"), key)
            if raw_value(form, "virtual"):
                built.add(" VIRTUAL", field_name("virtual"))
    comment = raw_value(form, "comment")
    if comment:
        built.add(f" COMMENT {quote_string(comment)}", field_name("comment"), comment)
