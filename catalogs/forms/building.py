"""What every statement form shares: :class:`Built`, the forms' base classes and the
``key = value`` option text.

Each form's ``statement()`` returns a :class:`Built` text that remembers which field produced
which part, so an error the executor reports at a position, or about a name the user typed,
is shown beside the field it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django import forms

from ..flinksql.catalog import quote_identifier, quote_string
from ..flinksql.positions import Position, error_position
from ..secrets import MASK, is_secret, mask_value

PLACEHOLDER = "…"
# a textarea of Flink SQL, which static/js/sql_editor.js turns into the SQL editor
SQL_EDITOR: dict[str, Any] = {"class": "code", "spellcheck": "false", "data-sql-editor": True}
_POSITION = re.compile(r"line (\d+), column (\d+)")
_QUOTED = re.compile(r"'([^']+)'|`([^`]+)`|\[([^\]]+)\]")
_HINTS = (
    ("watermark", "watermark_column"),
    ("primary key", "primary_key"),
    ("partition", "partition_keys"),
    ("bucket key", "bucket_keys"),
    ("bucket count", "bucket_count"),
    ("already exists", "name"),
    ("unsupported options", "options"),
)


@dataclass
class Built:
    """Statement text with the span each form field produced."""

    parts: list[str] = field(default_factory=list)
    spans: list[tuple[int, int, str, str]] = field(default_factory=list)  # start, end, field, value

    def add(self, text: str, field_name: str | None = None, value: str = "") -> Built:
        start = len(self.text)
        self.parts.append(text)
        if field_name:
            self.spans.append((start, start + len(text), field_name, value))
        return self

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def field_for(self, error: str) -> str | None:
        """The field an executor error is about, or None when it is about the whole statement."""
        position = _POSITION.search(error)
        if position:
            offset = _offset(self.text, int(position.group(1)), int(position.group(2)))
            for start, end, name, _ in self.spans:
                if start <= offset < end:
                    return name
        lowered = error.lower()
        names = {name for _, _, name, _ in self.spans}
        for hint, name in _HINTS:
            if hint in lowered and name in names:
                return name
        quoted = {next(g for g in m.groups() if g) for m in _QUOTED.finditer(error)}
        quoted |= {part for q in quoted for part in q.split(".")}
        for _, _, name, value in self.spans:
            if value and value in quoted:
                return name
        for _, _, name, value in self.spans:
            words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", value))
            if words & quoted:
                return name
        return None

    def marker_for(self, error: str) -> tuple[str, dict[str, Any]] | None:
        """The field whose text holds the range Flink's ``error`` names, and that range in the
        field's own lines and columns (for the SQL editor's marker); None without a range."""
        position = error_position(error)
        if position is None:
            return None
        first = _offset(self.text, position.line, position.column)
        last = _offset(self.text, position.end_line, position.end_column)
        for start, end, name, _ in self.spans:
            if start <= first < end:
                value = self.text[start:end]
                line, column = _line_column(value, first - start)
                end_line, end_column = _line_column(value, min(last, end - 1) - start)
                marker = Position(line, column, end_line, end_column).as_json()
                return name, {**marker, "message": error}
        return None


def _line_column(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(x) + 1 for x in lines[: line - 1]) + column - 1


def parse_options(text: str) -> dict[str, str]:
    """``key = value`` lines (quotes optional) as a dict; blank lines are skipped."""
    options: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise forms.ValidationError(f"“{line.strip()}” is not of the form key = value.")
        options[_unquote(key.strip())] = _unquote(value.strip())
    return options


def format_options(options: dict[str, str]) -> str:
    return "\n".join(f"{key} = {value}" for key, value in options.items())


KEEP_SECRETS = f"A secret's value shows as {MASK}, which keeps it; type a new value to replace it."


def shown_options(options: dict[str, str]) -> str:
    """Stored options as an edit form shows them: a secret's value is the mask (never the
    value), which keeps it unless a new value is typed in its place."""
    return format_options({key: mask_value(key, value) for key, value in options.items()})


def changed_options(current: dict[str, str], typed: dict[str, str]) -> dict[str, str]:
    """The typed options that change ``current``; a secret left as the mask is kept."""
    return {
        key: value
        for key, value in typed.items()
        if current.get(key) != value and not (is_secret(key) and value == MASK)
    }


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


def names_list(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def with_options(built: Built, options_text: str, field_name: str = "options") -> None:
    try:
        options = parse_options(options_text)
    except forms.ValidationError:
        options = {}
    if options:
        lines = ",\n".join(f"  {quote_string(k)} = {quote_string(v)}" for k, v in options.items())
        built.add(f"\nWITH (\n{lines}\n)", field_name, options_text)


class StatementForm(forms.Form):
    """A form whose cleaned data builds one statement; invalid fields show as placeholders."""

    def value(self, name: str) -> Any:
        data = getattr(self, "cleaned_data", {})
        if name in data:
            return data[name]
        raw = self.data.get(self.add_prefix(name)) if self.is_bound else self.initial.get(name)
        return raw if raw not in (None, "") else None

    def name_value(self, name: str) -> str:
        value = self.value(name)
        return quote_identifier(value) if value else PLACEHOLDER

    def statement(self) -> Built:
        raise NotImplementedError

    def clean_options(self) -> str:
        text = self.cleaned_data.get("options", "")
        parse_options(text)
        return text


class CreateForm(StatementForm):
    """A form that creates an object in a database (``database``: its catalog and name)."""

    def __init__(self, *args: Any, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.database = database

    def created(self, keyword: str) -> Built:
        """``CREATE <keyword> [IF NOT EXISTS] `cat`.`db`.`name```, from the form's fields
        ``if_not_exists`` and ``name``."""
        catalog, database = (quote_identifier(n) for n in self.database)
        built = Built().add(f"CREATE {keyword} ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(f"{catalog}.{database}.")
        return built.add(self.name_value("name"), "name", self.value("name") or "")


def options_field(help_text: str = "One option a line: key = value") -> forms.CharField:
    return forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 5}), help_text=help_text
    )


class AlterForm(StatementForm):
    """A change to one existing object, named by its quoted identifier; refuses a stale version."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, identifier: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identifier = identifier
