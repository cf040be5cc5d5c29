"""The fields of what API clients send: JSON types taken as the schema declares them.

DRF's own fields coerce: ``CharField`` takes the number ``0`` as ``"0"``, ``BooleanField`` takes
``"yes"`` and ``1``, ``IntegerField`` takes ``"7"``. That suits HTML forms, where everything is
text, but the OpenAPI schema says ``string``, ``boolean`` and ``integer``: a generated client
sends those, and a body with another type is refused (400) rather than guessed at.

Fields of Flink SQL say so in the schema (``format: flink-sql``, ``flink-type``,
``flink-sql-bootstrap``): a client learns that beyond being text, they must be Flink's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.validators import RegexValidator
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

if TYPE_CHECKING:  # drf_spectacular.openapi imports DRF's views, which import the pagination
    from drf_spectacular.openapi import AutoSchema
    from drf_spectacular.utils import Direction

# Every text field refuses NUL characters (DRF's CharField does; PostgreSQL cannot store them).
NO_NUL = "^[^\\u0000]*$"
# Python's white space (what a trimmed field strips: U+0085 and U+001C-U+001F too, which an
# ECMAScript \s does not match), for the pattern of a text that may not be blank
_SPACE = (
    "\\t\\n\\u000b\\u000c\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a"
    "\\u2028\\u2029\\u202f\\u205f\\u3000"
)
NOT_BLANK_NO_NUL = f"^[^\\u0000]*[^\\u0000{_SPACE}][^\\u0000]*$"


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class FlinkText(StrictCharField):
    """Text in Flink's language, whose ``schema_format`` the schema names."""

    schema_format = ""


class FlinkSqlField(FlinkText):
    """Flink SQL (a statement, a script, a query, an expression): the schema says it is text;
    whether it parses and runs is the executor's to say, with a 400 that names the reason."""

    schema_format = "flink-sql"


class FlinkTypeField(FlinkText):
    """A Flink data type, such as ``DECIMAL(10, 2)`` or ``ARRAY<INT>``."""

    schema_format = "flink-type"


class FlinkClassField(FlinkText):
    """The class of a Flink function (Java, Scala or Python), which Flink loads by this name."""

    schema_format = "flink-class"


class SnapshotDocumentField(serializers.JSONField):
    """A snapshot document in the flink-sql-bootstrap JSON format, checked object by object."""

    schema_format = "flink-sql-bootstrap"


# The formats of values whose meaning the executor judges, beyond what a JSON schema says.
FLINK_FORMATS = {
    FlinkSqlField.schema_format,
    FlinkTypeField.schema_format,
    FlinkClassField.schema_format,
    "flink-sql-bootstrap",
}


class StrictCharFieldExtension(OpenApiSerializerFieldExtension):
    """The schema of a text field: DRF's, with the NUL characters it refuses (unless its own
    pattern already does) and, for Flink's text, its ``format``."""

    target_class = StrictCharField
    match_subclasses = True

    def map_serializer_field(self, auto_schema: AutoSchema, direction: Direction) -> Any:
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if not any(isinstance(v, RegexValidator) for v in self.target.validators):
            blank_refused = self.target.trim_whitespace and not self.target.allow_blank
            schema["pattern"] = NOT_BLANK_NO_NUL if blank_refused else NO_NUL
        if found := getattr(self.target, "schema_format", ""):
            schema["format"] = found
        return schema


class SnapshotDocumentExtension(OpenApiSerializerFieldExtension):
    target_class = SnapshotDocumentField

    def map_serializer_field(self, auto_schema: AutoSchema, direction: Direction) -> Any:
        return {"type": "object", "additionalProperties": {}, "format": self.target.schema_format}
