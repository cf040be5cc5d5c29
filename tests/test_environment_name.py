"""An environment's name is checked whole, by the model's one validator, at every door."""

from __future__ import annotations

import pytest

from environments.forms import EnvironmentForm
from environments.models import Environment
from environments.services import ServiceError, add_environment


@pytest.mark.parametrize("name", ["prod\n", "prod\r\n", " prod", "Prod", "a" * 64])
def test_it_refuses_a_name_that_is_not_one_whole(db: None, name: str) -> None:
    with pytest.raises(ServiceError, match="An environment name is 1 to 63 lower-case letters"):
        add_environment(name)
    assert not Environment.objects.filter(name=name).exists()


def test_the_form_trims_what_a_person_typed_around_the_name() -> None:
    form = EnvironmentForm({"name": "prod\n"})
    assert form.is_valid() and form.cleaned_data["name"] == "prod"
