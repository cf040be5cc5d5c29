"""ALTER TABLE|VIEW ... RENAME TO."""

from __future__ import annotations

from typing import Any

from django import forms

from ..flinksql.catalog import quote_identifier
from .building import (
    AlterForm,
    Built,
)


class RenameForm(AlterForm):
    """ALTER TABLE|VIEW ... RENAME TO a new name in the same database."""

    new_name = forms.CharField(label="New name", max_length=255)

    def __init__(self, *args: Any, keyword: str, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keyword, self.database = keyword, database

    def statement(self) -> Built:
        catalog, database = (quote_identifier(n) for n in self.database)
        built = Built().add(
            f"ALTER {self.keyword} {self.identifier} RENAME TO {catalog}.{database}."
        )
        return built.add(self.name_value("new_name"), "new_name", self.value("new_name") or "")
