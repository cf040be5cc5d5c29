"""Secret option values, for the Django side: the definition and the masking live in the pure
layer (:mod:`catalogs.flinksql.secrets`); this name is what the doors import."""

from catalogs.flinksql.secrets import (
    MASK,
    is_secret,
    mask_ddl,
    mask_error,
    mask_options,
    mask_rows,
    mask_value,
)

__all__ = ["MASK", "is_secret", "mask_ddl", "mask_error", "mask_options", "mask_rows", "mask_value"]
