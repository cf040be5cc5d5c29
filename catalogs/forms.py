"""Forms that build Flink SQL statements. The executor runs them; nothing here writes models.

Each form's ``statement()`` returns a :class:`Built` text that remembers which field produced
which part, so an error the executor reports at a position, or about a name the user typed,
is shown beside the field it came from.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.forms import formset_factory

from config import limits

from .flinksql.catalog import quote_identifier, quote_string
from .flinksql.catalog_factories import FACTORIES
from .flinksql.positions import Position, error_position
from .secrets import MASK, is_secret, mask_value

PLACEHOLDER = "…"
# a textarea of Flink SQL, which static/js/sql_editor.js turns into the SQL editor
SQL_EDITOR: dict[str, Any] = {"class": "code", "spellcheck": "false", "data-sql-editor": True}
# The option fields each catalog type's form offers: its factory's, required ones first.
CATALOG_TYPES = {name: list(f.form_options) for name, f in FACTORIES.items()}
_POSITION = re.compile(r"line (\d+), column (\d+)")
_QUOTED = re.compile(r"'([^']+)'|`([^`]+)`|\[([^\]]+)\]")
_HINTS = (
    ("watermark", "watermark_column"),
    ("primary key", "primary_key"),
    ("partition", "partition_keys"),
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


def _with_options(built: Built, options_text: str, field_name: str = "options") -> None:
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


def _options_field(help_text: str = "One option a line: key = value") -> forms.CharField:
    return forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 5}), help_text=help_text
    )


# -- catalogs ------------------------------------------------------------------------------
class CatalogForm(StatementForm):
    name = forms.CharField(max_length=255)
    catalog_type = forms.ChoiceField(
        label="Type",
        choices=[(t, t) for t in CATALOG_TYPES],
        initial="generic_in_memory",
    )
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    options = _options_field("More options for this type, one a line: key = value")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for catalog_type, keys in CATALOG_TYPES.items():
            required = FACTORIES[catalog_type].required
            for key in keys:
                self.fields[_option_field(catalog_type, key)] = forms.CharField(
                    label=f"{key} (required)" if key in required else key,
                    required=False,
                    widget=forms.PasswordInput if is_secret(key) else forms.TextInput,
                )

    def type_fields(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """The option fields of the chosen type (of every type before one is known), with
        where the type comes from."""
        chosen = self.value("catalog_type") if self.is_bound else None
        return [
            (t, FACTORIES[t].source, [self[_option_field(t, key)] for key in keys])
            for t, keys in CATALOG_TYPES.items()
            if chosen not in CATALOG_TYPES or t == chosen
        ]

    def statement(self) -> Built:
        catalog_type = self.value("catalog_type") or "generic_in_memory"
        built = Built().add("CREATE CATALOG ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        built.add(f"\nWITH (\n  'type' = {quote_string(catalog_type)}", "catalog_type")
        for key in CATALOG_TYPES.get(catalog_type, []):
            value = self.value(_option_field(catalog_type, key))
            if value:
                text = f",\n  {quote_string(key)} = {quote_string(value)}"
                built.add(text, _option_field(catalog_type, key), value)
        try:
            extra = parse_options(self.value("options") or "")
        except forms.ValidationError:
            extra = {}
        for key, value in extra.items():
            built.add(f",\n  {quote_string(key)} = {quote_string(value)}", "options", key)
        return built.add("\n)")


def _option_field(catalog_type: str, key: str) -> str:
    return f"{catalog_type}__{key.replace('.', '_').replace('-', '_')}"


class CatalogAlterForm(StatementForm):
    """ALTER CATALOG ... SET for changed options and COMMENT when the comment changed."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    options = _options_field(f"All options but 'type', one a line: key = value. {KEEP_SECRETS}")

    def __init__(self, *args: Any, catalog: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog

    def statements(self) -> list[Built]:
        name = quote_identifier(self.catalog.name)
        result = []
        try:
            options = parse_options(self.value("options") or "")
        except forms.ValidationError:
            options = {}
        changed = changed_options(self.catalog.options, options)
        if changed:
            built = Built().add(f"ALTER CATALOG {name} SET (")
            text = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in changed.items())
            result.append(built.add(text, "options", "").add(")"))
        removed = [k for k in self.catalog.options if k not in options and k != "type"]
        if removed:
            keys = ", ".join(quote_string(k) for k in removed)
            built = Built().add(f"ALTER CATALOG {name} RESET (")
            result.append(built.add(keys, "options").add(")"))
        comment = self.value("comment") or ""
        if comment != (self.catalog.comment or ""):
            built = Built().add(f"ALTER CATALOG {name} COMMENT ")
            result.append(built.add(quote_string(comment), "comment", comment))
        return result


# -- databases -----------------------------------------------------------------------------
class DatabaseForm(StatementForm):
    name = forms.CharField(max_length=255)
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)
    options = _options_field("Properties, one a line: key = value")

    def __init__(self, *args: Any, catalog: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog

    def statement(self) -> Built:
        built = Built().add("CREATE DATABASE ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(f"{quote_identifier(self.catalog)}.")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        if self.value("comment"):
            built.add(f"\nCOMMENT {quote_string(self.value('comment'))}", "comment")
        _with_options(built, self.value("options") or "")
        return built


class DatabaseAlterForm(StatementForm):
    """``ALTER DATABASE ... SET (...)``: Flink's only change to a database is its properties."""

    options = _options_field("Properties to set, one a line: key = value")

    def __init__(self, *args: Any, catalog: str, database: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.database = database

    def statement(self) -> Built:
        built = Built().add(
            f"ALTER DATABASE {quote_identifier(self.catalog)}.{quote_identifier(self.database)}"
            " SET ("
        )
        try:
            options = parse_options(self.value("options") or "")
        except forms.ValidationError:
            options = {}
        pairs = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in options.items())
        return built.add(pairs, "options", self.value("options") or "").add(")")


# -- tables --------------------------------------------------------------------------------
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
    options = _options_field("Connector options, one a line: key = value")

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
        _with_options(built, self.value("options") or "")
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
    options = _options_field(f"Connector options, one a line: key = value. {KEEP_SECRETS}")

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


# -- views ---------------------------------------------------------------------------------
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


# -- functions -----------------------------------------------------------------------------
class FunctionForm(StatementForm):
    name = forms.CharField(max_length=255)
    class_name = forms.CharField(label="Class", help_text="e.g. com.example.udf.MaskEmail")
    language = forms.ChoiceField(
        choices=[("JAVA", "JAVA"), ("SCALA", "SCALA"), ("PYTHON", "PYTHON")], initial="JAVA"
    )
    jars = forms.CharField(
        label="JARs", required=False, help_text="Comma-separated: USING JAR 'path', ..."
    )
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)

    def __init__(self, *args: Any, database: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.database = database

    def statement(self) -> Built:
        catalog, database = (quote_identifier(n) for n in self.database)
        built = Built().add("CREATE FUNCTION ")
        if self.value("if_not_exists"):
            built.add("IF NOT EXISTS ", "if_not_exists")
        built.add(f"{catalog}.{database}.")
        built.add(self.name_value("name"), "name", self.value("name") or "")
        built.add("\nAS ")
        return _function_body(self, built)


def _function_body(form: StatementForm, built: Built) -> Built:
    """``'class' LANGUAGE l [USING JAR ...]``: what CREATE and ALTER FUNCTION share."""
    class_name = form.value("class_name")
    built.add(
        quote_string(class_name) if class_name else PLACEHOLDER, "class_name", class_name or ""
    )
    built.add(" LANGUAGE ").add(form.value("language") or "JAVA", "language")
    jars = names_list(form.value("jars") or "")
    if jars:
        built.add("\nUSING ")
        built.add(", ".join(f"JAR {quote_string(j)}" for j in jars), "jars", "")
    return built


# -- drops ---------------------------------------------------------------------------------
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


# -- column changes, renames and ALTER FUNCTION ---------------------------------------------
class _AlterForm(StatementForm):
    """A change to one existing object, named by its quoted identifier; refuses a stale version."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, identifier: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identifier = identifier


def _add_column_details(built: Built, form: StatementForm) -> None:
    data_type = form.value("data_type") or PLACEHOLDER
    built.add(" ").add(data_type, "data_type", form.value("data_type") or "")
    if form.value("not_null"):
        built.add(" NOT NULL", "not_null")
    if form.value("comment"):
        built.add(f" COMMENT {quote_string(form.value('comment'))}", "comment")


class ColumnAddForm(_AlterForm):
    POSITIONS = [("", "At the end"), ("FIRST", "FIRST"), ("AFTER", "AFTER a column")]

    name = forms.CharField(max_length=255)
    data_type = forms.CharField(label="Type", help_text="e.g. BIGINT, STRING, TIMESTAMP(3)")
    not_null = forms.BooleanField(label="NOT NULL", required=False)
    comment = forms.CharField(required=False)
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
        built.add(self.name_value("name"), "name", self.value("name") or "")
        _add_column_details(built, self)
        position = self.value("position")
        if position == "FIRST":
            built.add(" FIRST", "position")
        elif position == "AFTER":
            after = self.value("after")
            built.add(" AFTER ").add(
                quote_identifier(after) if after else PLACEHOLDER, "after", after or ""
            )
        return built


class ColumnModifyForm(_AlterForm):
    data_type = forms.CharField(label="Type", help_text="e.g. BIGINT, STRING, TIMESTAMP(3)")
    not_null = forms.BooleanField(label="NOT NULL", required=False)
    comment = forms.CharField(required=False)

    def __init__(self, *args: Any, column: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = column

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} MODIFY ")
        built.add(quote_identifier(self.column))
        _add_column_details(built, self)
        return built


class ColumnDropForm(_AlterForm):
    def __init__(self, *args: Any, column: str, needs_name: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = self.name = column
        self.needs_name = needs_name
        if needs_name:
            self.fields["confirm_name"] = copy.deepcopy(DropForm.base_fields["confirm_name"])

    clean_confirm_name = DropForm.clean_confirm_name

    def statement(self) -> Built:
        return Built().add(f"ALTER TABLE {self.identifier} DROP {quote_identifier(self.column)}")


class ColumnRenameForm(_AlterForm):
    new_name = forms.CharField(label="New name", max_length=255)

    def __init__(self, *args: Any, column: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = column

    def statement(self) -> Built:
        built = Built().add(f"ALTER TABLE {self.identifier} RENAME ")
        built.add(quote_identifier(self.column)).add(" TO ")
        return built.add(self.name_value("new_name"), "new_name", self.value("new_name") or "")


class RenameForm(_AlterForm):
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


class FunctionAlterForm(StatementForm):
    """ALTER FUNCTION ... AS class LANGUAGE; the declared return type and artifact, which
    Flink's DDL has no clause for, are saved beside it."""

    class_name = forms.CharField(label="Class", help_text="e.g. com.example.udf.MaskEmail")
    language = forms.ChoiceField(
        choices=[("JAVA", "JAVA"), ("SCALA", "SCALA"), ("PYTHON", "PYTHON")], initial="JAVA"
    )
    jars = forms.CharField(
        label="JARs", required=False, help_text="Comma-separated: USING JAR 'path', ..."
    )
    return_type = forms.CharField(
        label="Declared return type", required=False, help_text="A Flink type, e.g. STRING"
    )
    artifact = forms.ChoiceField(label="Artifact", required=False)

    def __init__(self, *args: Any, identifier: str, artifacts: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identifier = identifier
        self.fields["artifact"].choices = [("", "None")] + [(a, a) for a in artifacts]

    def statement(self) -> Built:
        built = Built().add(f"ALTER FUNCTION {self.identifier}\nAS ")
        return _function_body(self, built)
