"""Python table functions for the goldens that call user table functions (views_lateral_table):
real Flink loads them by name (``CREATE FUNCTION ... AS 'tests.golden_udfs.split_words'
LANGUAGE PYTHON``) to learn their result types; the dashboard is told those types, as a user
declares a function's result type (``tests/goldens/declared_types.json``, which
tests/test_goldens.py applies after each CREATE FUNCTION of these classes)."""

from __future__ import annotations

from collections.abc import Iterator

from pyflink.table import DataTypes
from pyflink.table.udf import udtf


@udtf(result_types=[DataTypes.STRING(), DataTypes.INT()])
def split_words(text: str | None) -> Iterator[tuple[str, int]]:
    for word in (text or "").split():
        yield word, len(word)


@udtf(result_types=DataTypes.BIGINT())
def numbers(count: int | None) -> Iterator[int]:
    yield from range(count or 0)


@udtf(result_types=[DataTypes.BIGINT().not_null(), DataTypes.DECIMAL(10, 2)])
def pairs(count: int | None) -> Iterator[tuple[int, float]]:
    for i in range(count or 0):
        yield i, i / 2
