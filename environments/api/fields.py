"""The fields of what API clients send: JSON types taken as the schema declares them.

DRF's own fields coerce: ``CharField`` takes the number ``0`` as ``"0"``, ``BooleanField`` takes
``"yes"`` and ``1``, ``IntegerField`` takes ``"7"``. That suits HTML forms, where everything is
text, but the OpenAPI schema says ``string``, ``boolean`` and ``integer``: a generated client
sends those, and a body with another type is refused (400) rather than guessed at.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


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
