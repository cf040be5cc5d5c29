"""The options of a CREATE TABLE's LIKE clause: which features of the source table the new
table takes, and how (``INCLUDING``, ``EXCLUDING``, ``OVERWRITING``)."""

from __future__ import annotations

from . import statements as st
from .errors import ValidationError

FEATURES = (
    "ALL",
    "CONSTRAINTS",
    "DISTRIBUTION",
    "GENERATED",
    "METADATA",
    "OPTIONS",
    "PARTITIONS",
    "WATERMARKS",
)

# features that cannot be merged, only taken or left
_NOT_OVERWRITTEN = ("ALL", "CONSTRAINTS", "DISTRIBUTION", "PARTITIONS")


def check_like_options(clause: st.LikeClause) -> None:
    """Flink's checks of the options as written, before the source table is looked up: each
    feature once, then no ``OVERWRITING`` of what cannot be merged."""
    features = [feature for _, feature in clause.options]
    if len(set(features)) != len(features):
        raise ValidationError("Each like option feature can be declared only once.")
    for kind, feature in clause.options:
        if kind == st.LikeOptionKind.OVERWRITING and feature in _NOT_OVERWRITTEN:
            raise ValidationError(f"Illegal merging strategy 'OVERWRITING' for '{feature}' option.")


def like_mode(clause: st.LikeClause, feature: str, default: st.LikeOptionKind) -> st.LikeOptionKind:
    """How the new table takes ``feature``: the last option naming it or ALL, else
    ``default``."""
    mode = default
    for kind, name in clause.options:
        if name in ("ALL", feature):
            mode = kind
    return mode
