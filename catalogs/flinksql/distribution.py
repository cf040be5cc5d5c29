"""A table's distribution into buckets (``DISTRIBUTED BY``, FLIP-376), as Flink's
``TableDistribution`` holds and writes it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import ValidationError
from .literals import Numeric
from .quoting import quote_identifier

KINDS = ("UNKNOWN", "HASH", "RANGE")

NOT_AN_INTEGER = "Bucket count must be a positive integer."


@dataclass(frozen=True)
class TableDistribution:
    """The algorithm (``HASH``, ``RANGE``, or ``UNKNOWN`` when the statement names none, which
    leaves it to the connector), the bucket keys, and the number of buckets (None when not
    written)."""

    kind: str = "UNKNOWN"
    bucket_keys: tuple[str, ...] = ()
    bucket_count: int | None = None

    def sql(self) -> str:
        """The clause as Flink writes it in ``SHOW CREATE TABLE`` and its messages:
        ``DISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS``, ``DISTRIBUTED INTO 3 BUCKETS``; a count of
        0 is left out, as Flink's ``TableDistribution`` leaves it."""
        return replace(self, bucket_count=self.bucket_count or None).written()

    def written(self) -> str:
        """The clause a statement writes for this distribution, the count as given (``INTO 0
        BUCKETS`` too, for Flink's check to refuse); an algorithm is written only with keys,
        as Flink's grammar has it."""
        if not self.bucket_keys and self.bucket_count is not None:
            return f"DISTRIBUTED INTO {self.bucket_count} BUCKETS"
        kind = "" if self.kind == "UNKNOWN" else self.kind
        keys = ", ".join(quote_identifier(k) for k in self.bucket_keys)
        count = "" if self.bucket_count is None else f" INTO {self.bucket_count} BUCKETS"
        return f"DISTRIBUTED BY {kind}({keys}){count}"

    def alter_clause(self) -> str:
        """The clause of ``ALTER TABLE ... ADD`` or ``MODIFY``: ``DISTRIBUTION BY ...``."""
        return "DISTRIBUTION" + self.sql().removeprefix("DISTRIBUTED")


def bucket_count(number: Numeric) -> int:
    """The number of buckets a literal writes, as Flink reads it: an exact number without a
    fraction (``4``, ``DECIMAL '4'``), taken as a Java ``int`` (its low 32 bits, so
    ``4294967297`` is 1 and ``2147483648`` is negative; a count below 1 is refused when the
    table is checked); anything else is refused here."""
    if not number.exact or number.scale != 0:
        raise ValidationError(NOT_AN_INTEGER)
    low = int(number.value) & 0xFFFFFFFF
    return low - (1 << 32) if low >= 1 << 31 else low


def check_bucket_count(distribution: TableDistribution) -> None:
    count = distribution.bucket_count
    if count is not None and count < 1:
        raise ValidationError(
            f"Invalid bucket count '{count}'. The number of buckets for a distributed table "
            "must be at least 1."
        )
