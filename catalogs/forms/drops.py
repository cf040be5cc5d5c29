"""The drop confirmation form, and when it asks for the name."""

from __future__ import annotations

from typing import Any

from django import forms

from .building import (
    Built,
    StatementForm,
)


def asks_for_name(breaks: bool, elsewhere: bool = False) -> bool:
    """Whether a drop asks for the object's name typed, so that the confirmation matches the
    blast radius: one click when nothing else changes, the name when views become broken or
    data outside the catalog goes with it (a Kafka table's topic). A catalog always asks."""
    return breaks or elsewhere


class DropForm(StatementForm):
    """Confirms a drop (the name typed when :func:`asks_for_name`), and versioned objects a
    version that still matches."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    confirm_name = forms.CharField(label="Type the name to confirm", required=False)
    cascade = forms.BooleanField(label="CASCADE (drop what it contains)", required=False)

    def __init__(
        self, *args: Any, keyword: str, identifier: str, name: str, needs_name: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.keyword, self.identifier = keyword, identifier
        self.name, self.needs_name = name, needs_name
        if not needs_name:
            del self.fields["confirm_name"]
        if keyword != "DATABASE":
            del self.fields["cascade"]

    def clean_confirm_name(self) -> str:
        typed = self.cleaned_data.get("confirm_name", "")
        if self.needs_name and typed != self.name:
            raise forms.ValidationError(f"Type {self.name} exactly to drop it.")
        return typed

    def statement(self) -> Built:
        built = Built().add(f"DROP {self.keyword} {self.identifier}")
        if self.value("cascade"):
            built.add(" CASCADE", "cascade")
        return built
