"""The job pages: an environment's jobs (and the forms that start them), a job with its progress
bar (a fragment the page polls with htmx until the job ends), and Retry."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from catalogs.models import Snapshot
from catalogs.pages.common import paginate
from environments.access import has_role
from environments.lookup import get_environment
from environments.models import Environment, Role

from . import services
from .kinds import KINDS, kind_of
from .liveness import lost, settle
from .models import Job
from .outcome import JobFailed
from .progress import overlay

FLAGS = ("leave_out_broken", "dry_run", "skip_broken", "allow_drops", "take_snapshot")
NUMBERS = ("tables", "views", "databases", "seed", "change_request")


def _job(request: HttpRequest, environment: str, pk: int) -> tuple[Environment, Job]:
    found = get_environment(request.user, environment)
    job = services.jobs_of(found).filter(pk=pk).first()
    if job is None:
        raise Http404(f"No job {pk} in environment '{found.name}'.")
    return found, services.read(job)


@login_required
def job_list(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    jobs = services.jobs_of(found)
    page = paginate(request, jobs)
    settle(page.object_list)
    overlay(page.object_list)
    can_start = has_role(request.user, found, Role.EDITOR)
    context = {
        "environment": found,
        "page": page,
        "kinds": {name: kind.label for name, kind in KINDS.items()},
        "can_start": can_start,
        "catalogs": found.catalogs.order_by("name") if can_start else [],
        "snapshots": Snapshot.objects.filter(environment=found).defer("content")[:200]
        if can_start
        else [],
    }
    return render(request, "jobs/list.html", context)


@login_required
@require_POST
def job_start(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    upload = request.FILES.get("file")
    try:
        kind = kind_of(request.POST.get("kind", ""))
        job = services.start_job(
            found,
            request.user,
            kind.name,
            _params(request),
            upload.read() if upload is not None else None,
        )
    except JobFailed as exc:
        messages.error(request, exc.message)
        return redirect("job-list", found.name)
    return redirect("job", found.name, job.pk)


def _params(request: HttpRequest) -> dict[str, Any]:
    """The kind's parameters from the form: texts as given, check boxes as booleans, numbers
    as numbers (a number that does not read is left as text, for the kind's message)."""
    params: dict[str, Any] = {}
    for name in ("catalog", "label", "note", "title"):
        if name in request.POST:
            params[name] = request.POST[name]
    for name in FLAGS:
        params[name] = request.POST.get(name) == "1"
    for name in NUMBERS:
        text = request.POST.get(name, "").strip()
        if text:
            params[name] = int(text) if text.isdigit() and len(text) < 12 else text
    if "snapshot" in request.POST:
        params["snapshots"] = [s for s in request.POST.getlist("snapshot") if s]
    databases = [d for d in request.POST.getlist("database") if d]
    if databases:
        params["databases"] = databases
    return params


@login_required
def job_page(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    found, job = _job(request, environment, pk)
    return render(request, "jobs/job.html", _context(request, found, job))


@login_required
def job_progress(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    """The progress fragment alone: what the job page polls."""
    found, job = _job(request, environment, pk)
    return render(request, "jobs/_progress.html", _context(request, found, job))


def _context(request: HttpRequest, environment: Environment, job: Job) -> dict[str, Any]:
    kind = KINDS.get(job.kind)
    may_run = kind is not None and has_role(request.user, environment, kind.needed)
    return {
        "environment": environment,
        "job": job,
        "label": kind.label if kind else job.kind,
        "can_retry": job.state == Job.State.FAILED and may_run,
        "can_requeue": lost(job) and may_run,
    }


@login_required
@require_POST
def job_retry(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    found, job = _job(request, environment, pk)
    try:
        services.retry_job(job, request.user)
    except JobFailed as exc:
        messages.error(request, exc.message)
    return redirect("job", found.name, job.pk)
