"""The change request pages: the list, opening one, and the review page with its actions."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from catalogs.diffs import diff_lines
from catalogs.pages.common import render_page
from environments import page_cache
from environments.access import has_role
from environments.lookup import get_environment
from environments.models import Role
from environments.services import ServiceError
from jobs.progress import overlay
from jobs.services import latest_job

from . import background_preview, editing, page_state, services
from .forms import CommentForm, EditForm, OpenForm, ReviewForm, StatementsForm
from .models import ChangeRequest


def get_change_request(user: Any, environment: str, pk: int) -> ChangeRequest:
    """The request, if the user may see its environment (404 otherwise)."""
    found = get_environment(user, environment)
    return get_object_or_404(
        ChangeRequest.objects.select_related("environment", "author", "applied_by", "closed_by"),
        environment=found,
        pk=pk,
    )


@login_required
@page_cache.kept_page(varies=page_state.shown)
def request_list(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    context = {
        "environment": found,
        "change_requests": found.change_requests.select_related("author"),
        "can_open": has_role(request.user, found, Role.EDITOR),
    }
    return render_page(request, "changes/list.html", context)


@login_required
def request_open(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.EDITOR)
    # ``?sql=`` fills the statements in: the link a refused direct change points to
    form = OpenForm(request.POST or None, initial={"sql": request.GET.get("sql", "")})
    refused = False
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            opened = services.open_request(
                found, request.user, data["title"], data["description"], data["sql"]
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
            refused = exc.code == "forbidden"
        else:
            return redirect("change-request", found.name, opened.pk)
    response = render_page(request, "changes/open.html", {"environment": found, "form": form})
    response.status_code = 403 if refused else 200
    return response


@login_required
@page_cache.kept_page(varies=page_state.shown_to_reader)
def request_detail(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    change_request = get_change_request(request.user, environment, pk)
    found = change_request.environment
    is_open = change_request.status == ChangeRequest.Status.OPEN
    long = is_open and background_preview.in_background(change_request.statements.count())
    preview, preview_job = None, None
    if long:  # previewed by a job: its report, once one is kept for what the request is now
        preview = background_preview.kept(services.preview_key(change_request))
        preview_job = latest_job(
            found, background_preview.JOB_KIND, change_request=change_request.pk
        )
        if preview_job is not None:
            overlay([preview_job])  # a running job's latest progress
    elif is_open:
        preview = services.preview(change_request, request.user)
    base = services.catalog_base(found)
    may_approve = services.may_approve(change_request, request.user)
    since = editing.changed_since_review(change_request, request.user)
    context = {
        "environment": found,
        "change_request": change_request,
        "statements": change_request.statements.prefetch_related("comments__author"),
        "comments": change_request.comments.filter(statement=None).select_related("author"),
        "reviews": change_request.reviews.select_related("reviewer"),
        "approvers": services.approvers(change_request),
        "approved": services.is_approved(change_request),
        "preview": preview,
        "preview_in_background": long,
        "preview_job": preview_job,
        "results": dict(enumerate(preview.results, start=1)) if preview else {},
        "base_moved": base != change_request.base_entry_id,
        "is_editor": has_role(request.user, found, Role.EDITOR),
        "is_open": is_open,
        "can_close": services.may_close(change_request, request.user),
        "can_close_now": services.may_close(change_request, request.user)
        or services.may_close_as_reviewer(change_request, request.user),
        "can_retitle": services.may_close(change_request, request.user),
        "since_review": None if since is None else diff_lines(since),
        "may_approve": may_approve,
        "review_form": ReviewForm(may_approve=may_approve),
        "comment_form": CommentForm(),
        "statements_form": StatementsForm(),
    }
    response = render_page(request, "changes/detail.html", context)
    # a request previewed by a job shows the job's progress, which raises no version
    return page_cache.not_kept(response) if long else response


def _act(request: HttpRequest, environment: str, pk: int, action: Any) -> HttpResponse:
    """Run one POSTed action; a refusal is shown as a message on the request's page, which
    answers 403 when a permission is missing."""
    change_request = get_change_request(request.user, environment, pk)
    try:
        done = action(change_request)
    except ServiceError as exc:
        messages.error(request, exc.message)
        if exc.code == "forbidden":
            refused = request_detail(request, environment, pk)
            refused.status_code = 403
            return refused
    else:
        if done:
            messages.info(request, done)
    return redirect("change-request", change_request.environment.name, change_request.pk)


@login_required
@require_POST
def request_comment(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    form = CommentForm(request.POST)

    def act(change_request: ChangeRequest) -> str:
        if not form.is_valid():
            raise ServiceError("Write something to comment.")
        number = form.cleaned_data["statement"]
        statement = (
            get_object_or_404(change_request.statements, position=number) if number else None
        )
        services.comment(change_request, request.user, form.cleaned_data["body"], statement)
        return "Comment added."

    return _act(request, environment, pk, act)


@login_required
@require_POST
def request_review(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    form = ReviewForm(request.POST)

    def act(change_request: ChangeRequest) -> str:
        if not form.is_valid():
            raise ServiceError("Choose to approve or to request changes.")
        data = form.cleaned_data
        review = services.review(change_request, request.user, data["verdict"], data["body"])
        return f"Review recorded: {review.get_verdict_display().lower()}."

    return _act(request, environment, pk, act)


@login_required
@require_POST
def request_statements(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    form = StatementsForm(request.POST)

    def act(change_request: ChangeRequest) -> str:
        if not form.is_valid():
            raise ServiceError("Give at least one statement.")
        added = services.add_statements(change_request, request.user, form.cleaned_data["sql"])
        return f"{len(added)} statement(s) added; earlier approvals no longer count."

    return _act(request, environment, pk, act)


@login_required
@require_POST
def request_apply(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    def act(change_request: ChangeRequest) -> str:
        outcome = services.apply(
            change_request, request.user, take_snapshot="snapshot" in request.POST
        )
        if not outcome.ok:
            raise ServiceError(outcome.message, "forbidden" if outcome.forbidden else "conflict")
        return "Applied: every statement ran, as one transaction."

    return _act(request, environment, pk, act)


@login_required
@require_POST
def request_close(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    def act(change_request: ChangeRequest) -> str:
        services.close(change_request, request.user)
        return "Closed without applying anything; it can be reopened."

    return _act(request, environment, pk, act)


@login_required
@require_POST
def request_reopen(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    def act(change_request: ChangeRequest) -> str:
        services.reopen(change_request, request.user)
        return "Reopened."

    return _act(request, environment, pk, act)


@login_required
def request_edit(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    """Edit the title and description (its author or an admin) and the statements (editors)
    of an open request in one form; a change to the statements resets the approvals."""
    change_request = get_change_request(request.user, environment, pk)
    get_environment(request.user, environment, Role.EDITOR)
    initial = {
        "title": change_request.title,
        "description": change_request.description,
        "sql": ";\n\n".join(editing.masked_statements(change_request)) + ";",
    }
    form = EditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if (data["title"], data["description"]) != (initial["title"], initial["description"]):
                editing.retitle(change_request, request.user, data["title"], data["description"])
            changed = editing.edit_statements(change_request, request.user, data["sql"])
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            note = " Earlier approvals no longer count." if changed else ""
            messages.info(request, "Change request saved." + note)
            return redirect("change-request", change_request.environment.name, change_request.pk)
    context = {"environment": change_request.environment, "change_request": change_request}
    return render_page(request, "changes/edit.html", {**context, "form": form})


@login_required
@require_POST
def request_move(request: HttpRequest, environment: str, pk: int) -> HttpResponse:
    """Move one statement up or down, or remove it (``action`` = up, down or remove)."""

    def act(change_request: ChangeRequest) -> str:
        try:
            position = int(request.POST.get("position", ""))
        except ValueError:
            raise ServiceError("Name the statement by its number.") from None
        action = request.POST.get("action")
        if action == "remove":
            editing.remove_statement(change_request, request.user, position)
            return f"Statement {position} removed; earlier approvals no longer count."
        if action not in ("up", "down"):
            raise ServiceError(f"Move a statement up or down, or remove it, not '{action}'.")
        by = -1 if action == "up" else 1
        if editing.move_statement(change_request, request.user, position, by):
            return f"Statement {position} moved {action}; earlier approvals no longer count."
        return ""

    return _act(request, environment, pk, act)
