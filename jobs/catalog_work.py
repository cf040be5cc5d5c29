"""The catalog jobs: apply a catalog folder (``catalog_folder apply``) and generate a large
catalog (``generate_catalog``), through the functions those commands run."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.urls import reverse

from catalogs import folder
from catalogs.management.commands.catalog_folder import render_plan
from catalogs.management.commands.generate_catalog import CatalogGenerator, generate

from .models import Job
from .outcome import JobFailed, Outcome
from .progress import Reporter

BATCH = 500  # statements a generated batch holds at most: the bar moves after each


def folder_apply(job: Job, reporter: Reporter) -> Outcome:
    if job.payload is None:
        raise JobFailed("The job holds no folder (a zip of .sql files) to apply.")
    environment = job.environment
    reporter.say("reading and planning the folder")
    applied = folder.apply_folder(
        environment,
        folder.read_zip(bytes(job.payload)),
        job.requested_by,
        job.secret_inputs,
        job.params["allow_drops"],
        job.params["title"],
        count=reporter.count,
    )
    lines = render_plan(applied.plan).splitlines()
    if applied.plan.exit_code == 1:
        raise JobFailed("The folder cannot be applied:\n" + "\n".join(lines))
    if applied.missing_variables:
        names = ", ".join(f"${{{n}}}" for n in applied.missing_variables)
        raise JobFailed(f"Give a value for {names}; nothing was applied.")
    if applied.change_request is not None:
        number = applied.change_request.pk
        return Outcome(
            f"Environment '{environment.name}' needs approvals: opened change request #{number}.",
            label=f"change request #{number}",
            url=reverse("change-request", args=[environment.name, number]),
            lines=lines,
        )
    if applied.report is not None and not applied.report.ok:
        raise JobFailed("Nothing was applied:\n" + "\n".join(applied.report.failures))
    count = len(applied.plan.sql) if applied.report is not None else 0
    return Outcome(
        f"Applied {count} statement(s)."
        if count
        else "No changes: the environment equals the folder.",
        label=f"environment {environment.name}",
        url=reverse("environment", args=[environment.name]),
        lines=lines,
    )


def generate_catalog(job: Job, reporter: Reporter) -> Outcome:
    p = job.params
    generator = CatalogGenerator(p["catalog"], p["tables"], p["views"], p["databases"], p["seed"])
    try:
        elapsed = generate(
            job.environment,
            generator,
            BATCH,
            say=reporter.say,
            count=reporter.count,
            user=job.requested_by,
        )
    except CommandError as exc:
        raise JobFailed(str(exc)) from None
    return Outcome(
        f"Catalog '{generator.catalog}': {generator.databases} databases, {generator.tables} "
        f"tables, {generator.views} views in {elapsed:.1f} s.",
        label=f"catalog {generator.catalog}",
        url=reverse("catalog", args=[job.environment.name, generator.catalog]),
    )
