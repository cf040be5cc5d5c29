"""What every operation's schema says beyond its own declaration, added in one place: the error
answers it may give, and whether its input holds Flink SQL (``x-flink-sql``).

An endpoint keeps to its schema (``tests/test_schemathesis.py`` holds it to it) when its body's
fields are those of :mod:`environments.api.fields` (JSON types as declared; Flink's text marked
by its format); its query integers come through ``filters.integer_parameter`` and are declared
``integer`` with their ``minimum``; an object its body names that does not exist answers 404
(``ServiceError(..., "not_found")``); and every error status beyond 400, 401, 403 and 404 (which
this hook adds) is declared with ``errors.error_responses``."""

from __future__ import annotations

from typing import Any

from .errors import DESCRIPTIONS
from .fields import FLINK_FORMATS

WRITES = {"post", "put", "patch"}
FLINK_SQL = "x-flink-sql"
REFUSED_SQL = (
    "Bad input, or Flink SQL (a statement, query, type or snapshot document) that is valid "
    "for the schema but that the executor refused; the message says why"
)


def _error(code: int, description: str = "") -> dict[str, Any]:
    return {
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        "description": description or DESCRIPTIONS[code],
    }


def _formats(schema: Any, components: dict[str, Any], seen: frozenset[str] = frozenset()) -> set:
    """Every ``format`` named in ``schema``, through its references, items and properties."""
    if not isinstance(schema, dict):
        return set()
    ref = schema.get("$ref", "")
    if ref:
        name = ref.rsplit("/", 1)[1]
        return set() if name in seen else _formats(components.get(name), components, seen | {name})
    found = {schema["format"]} if "format" in schema else set()
    parts = [*schema.get("properties", {}).values(), schema.get("items")]
    parts += [schema.get("additionalProperties"), *schema.get("allOf", [])]
    parts += [*schema.get("oneOf", []), *schema.get("anyOf", [])]
    for part in parts:
        found |= _formats(part, components, seen)
    return found


def _only_declared(schema: dict[str, Any], components: dict[str, Any]) -> None:
    """A form's parts are those it declares: others are refused (a part's name is free text
    that a JSON body's keys are not, and an unknown one is more likely a mistake)."""
    ref = schema.get("$ref", "")
    target = components[ref.rsplit("/", 1)[1]] if ref else schema
    target["additionalProperties"] = False


def takes_flink_sql(operation: dict[str, Any]) -> bool:
    """Whether the operation's input holds Flink SQL, which a schema-valid request may still
    get wrong (400): a schema says what text is, not what it means to Flink."""
    return bool(operation.get(FLINK_SQL))


def add_error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """401 and 403 anywhere; 404 under a named object; 400 where input is taken (a body or a
    query parameter: every one is checked against its declared type and bounds); 413 where a
    body is sent (config.limits bounds it); ``x-flink-sql`` on operations whose body holds a
    field of a Flink format; and form bodies that take only the parts they declare."""
    components = result.get("components", {}).get("schemas", {})
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            codes = {401, 403}
            if "{" in path:
                codes.add(404)
            queried = [p for p in operation.get("parameters", []) if p["in"] == "query"]
            if method in WRITES or queried:
                codes.add(400)
            if method in WRITES:
                codes.add(413)
            responses = operation.setdefault("responses", {})
            for code in sorted(codes):
                responses.setdefault(str(code), _error(code))
            content = operation.get("requestBody", {}).get("content", {})
            if "multipart/form-data" in content:
                _only_declared(content["multipart/form-data"]["schema"], components)
            bodies = content.values()
            if any(_formats(body.get("schema"), components) & FLINK_FORMATS for body in bodies):
                operation[FLINK_SQL] = True
                responses["400"] = _error(400, REFUSED_SQL)
    return result
