"""Environments: each holds catalogs and its own environment catalog ``_env_<name>``."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models

ENVIRONMENT_CATALOG_PREFIX = "_env_"
ENVIRONMENT_DATABASE = "default"
ENVIRONMENT_CATALOG_TYPE = "generic_in_memory"
# The options every environment catalog is created with (by the data migration and by
# ``services.create_environment``), as Flink's generic in-memory catalog would be declared.
ENVIRONMENT_CATALOG_OPTIONS = {
    "type": ENVIRONMENT_CATALOG_TYPE,
    "default-database": ENVIRONMENT_DATABASE,
}

environment_name_validator = RegexValidator(
    r"^[a-z0-9][a-z0-9_-]{0,62}$",
    "An environment name is 1 to 63 lower-case letters, digits, '-' or '_'.",
)


class Environment(models.Model):
    name = models.CharField(max_length=63, unique=True, validators=[environment_name_validator])
    description = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def catalog_name(self) -> str:
        """The name of this environment's own catalog."""
        return f"{ENVIRONMENT_CATALOG_PREFIX}{self.name}"
