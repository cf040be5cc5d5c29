"""Definitions as code (#19): export a folder, read it, plan and apply it."""

from __future__ import annotations

import io

from django.core.management import call_command

from catalogs import folder
from catalogs.flinksql.secrets import placeholder_variables
from environments.models import Environment
from environments.services import create_environment

DEMO_SECRET = "SHOP_SALES_ORDERS_PROPERTIES_SASL_JAAS_CONFIG"


def _demo(environment: Environment) -> None:
    call_command("load_demo", stdout=io.StringIO())


def test_it_round_trips_the_demo(environment: Environment) -> None:
    _demo(environment)
    files = folder.export_files(environment)
    assert folder.export_files(environment) == files
    empty = create_environment("empty")
    planned = folder.plan_folder(empty, files)
    assert planned.errors == [] and planned.plan.errors == []
    assert planned.exit_code == 2
    variables = {v: "value" for v in placeholder_variables(d.decode() for d in files.values())}
    assert DEMO_SECRET in variables
    applied = folder.apply_folder(empty, files, variables=variables)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    assert folder.export_files(empty) == files
    again = folder.plan_folder(empty, files)
    assert again.exit_code == 0, (again.errors, [s.name for s in again.plan.steps])
