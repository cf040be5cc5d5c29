"""ALTER TABLE forms for one column: ADD, MODIFY, DROP and RENAME."""

from __future__ import annotations

import copy
from typing import Any

from django import forms

from ..flinksql.catalog import quote_identifier
from .building import (
    PLACEHOLDER,
    AlterForm,
    Built,
)
from .column_definition import FIELD_ORDER, ColumnDefinitionForm, add_definition
from .drops import DropForm


class ColumnAddForm(ColumnDefinitionForm, AlterForm):
    """ALTER TABLE ... ADD one column of any kind, at the end, FIRST or AFTER a column."""

    POSITIONS = [("", "At the end"), ("FIRST", "FIRST"), ("AFTER", "AFTER a column")]
    field_order = [*FIELD_ORDER, "position", "after"]

    name = forms.CharField(max_length=255)
    position = forms.ChoiceField(choices=POSITIONS, required=False)
    after = forms.ChoiceField(label="After column", required=False)

    def __init__(self, *args: Any, columns: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["after"].choices = [("", "—")] + [(c, c) for c in columns]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("position") == "AFTER" and not data.get("after"):
            self.add_error("after", "Choose the column to add it after.")
        return data

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} ADD ")
        add_definition(built, self)
        position = self.value("position")
        if position == "FIRST":
            built.add(" FIRST", "position")
        elif position == "AFTER":
            after = self.value("after")
            built.add(" AFTER ").add(
                quote_identifier(after) if after else PLACEHOLDER, "after", after or ""
            )
        return built


class ColumnModifyForm(ColumnDefinitionForm, AlterForm):
    """ALTER TABLE ... MODIFY one column: its kind and the parts that kind takes."""

    field_order = FIELD_ORDER

    def __init__(self, *args: Any, column: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = column

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.check_definition(data)
        return data

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} MODIFY ")
        add_definition(built, self, self.column)
        return built


class ColumnDropForm(AlterForm):
    def __init__(self, *args: Any, column: str, needs_name: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = self.name = column
        self.needs_name = needs_name
        if needs_name:
            self.fields["confirm_name"] = copy.deepcopy(DropForm.base_fields["confirm_name"])

    clean_confirm_name = DropForm.clean_confirm_name

    def statement(self) -> Built:
        return Built().add(f"ALTER TABLE {self.identifier} DROP {quote_identifier(self.column)}")


class ColumnRenameForm(AlterForm):
    new_name = forms.CharField(label="New name", max_length=255)

    def __init__(self, *args: Any, column: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = column

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} RENAME ")
        built.add(quote_identifier(self.column)).add(" TO ")
        return built.add(self.name_value("new_name"), "new_name", self.value("new_name") or "")
