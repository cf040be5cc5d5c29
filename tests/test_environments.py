"""Creating environments."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from environments.models import Environment
from environments.services import create_environment


@pytest.mark.django_db
def test_it_creates_an_environment_with_its_catalog() -> None:
    environment = create_environment("staging", "Pre-production")
    catalog = environment.catalogs.get()
    assert catalog.name == "_env_staging"
    assert catalog.is_environment_catalog
    assert catalog.options == {"type": "generic_in_memory", "default-database": "default"}
    assert list(catalog.databases.values_list("name", flat=True)) == ["default"]
    assert Environment.objects.get(name="default").catalogs.get().options == catalog.options


@pytest.mark.django_db
def test_it_rejects_an_invalid_environment_name() -> None:
    with pytest.raises(ValidationError):
        create_environment("Not Valid")
    assert not Environment.objects.filter(name="Not Valid").exists()
