"""The named scripts a user keeps in an environment's SQL console: save (a new name, or the
same name again to replace it), open, rename and delete. Each is the user's own: another
user's script is a 404. Kept as the console shows scripts, secret values masked."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from config import limits
from environments.lookup import get_environment
from environments.models import Environment

from ..models import ConsoleScript
from ..secrets import mask_ddl
from .common import redirect_to

MAX_NAME = ConsoleScript._meta.get_field("name").max_length
MAX_SCRIPTS = 200  # per user and environment


class ScriptRefused(ValueError):
    """What is wrong with a script's name or text."""


def scripts_of(user: object, environment: Environment) -> list[ConsoleScript]:
    return list(ConsoleScript.objects.filter(user=user, environment=environment))


def opened_script(request: HttpRequest, environment: Environment) -> ConsoleScript | None:
    """The script the console was asked to open (``?script=<id>``), the user's own only."""
    wanted = request.GET.get("script", "")
    if not wanted:
        return None
    if not wanted.isdigit() or len(wanted) > 18:
        raise Http404("No such script.")
    return _own(request, environment, int(wanted))


def _own(request: HttpRequest, environment: Environment, pk: int) -> ConsoleScript:
    return get_object_or_404(ConsoleScript, pk=pk, user=request.user, environment=environment)


def script_name(text: str) -> str:
    """A script's name as typed, or :class:`ScriptRefused` saying what is wrong with it."""
    name = text.strip()
    if not name:
        raise ScriptRefused("Give the script a name.")
    if len(name) > MAX_NAME:
        raise ScriptRefused(f"A script's name is at most {MAX_NAME} characters.")
    if any(ord(ch) < 32 for ch in name):
        raise ScriptRefused("A script's name cannot hold control characters.")
    return name


def save_script(user: object, environment: Environment, name: str, sql: str) -> ConsoleScript:
    """Keep ``sql`` as the user's script ``name`` (replacing the one of that name)."""
    name = script_name(name)
    try:
        limits.check_script(sql)
    except limits.LimitExceeded as exc:
        raise ScriptRefused(
            exc.message.replace(" Nothing was run.", " Nothing was saved.")
        ) from None
    if not sql.strip():
        raise ScriptRefused("The script is empty: write statements to save.")
    if "\x00" in sql:
        raise ScriptRefused("The script holds a NUL character (U+0000).")
    with transaction.atomic():
        kept = ConsoleScript.objects.select_for_update().filter(user=user, environment=environment)
        script = kept.filter(name=name).first()
        if script is None and kept.count() >= MAX_SCRIPTS:
            raise ScriptRefused(
                f"You keep {MAX_SCRIPTS} scripts in this environment, the most there can be: "
                "delete one first."
            )
        if script is None:
            script = ConsoleScript(user=user, environment=environment, name=name)
        script.sql = mask_ddl(sql)
        script.save()
    return script


def _back(
    request: HttpRequest, environment: Environment, script: ConsoleScript | None = None
) -> HttpResponse:
    """To the console (with the script open): a redirect, or htmx's whole-page one."""
    url = reverse("console", args=[environment.name])
    if script is not None:
        url += f"?script={script.pk}"
    return redirect_to(request, url)


@login_required
@require_POST
def script_save(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    try:
        script = save_script(
            request.user, found, request.POST.get("script_name", ""), request.POST.get("sql", "")
        )
    except ScriptRefused as exc:
        messages.error(request, str(exc))
        return _back(request, found)
    messages.success(request, f"Saved the script “{script.name}”.")
    return _back(request, found, script)


@login_required
@require_POST
def script_rename(request: HttpRequest, environment: str, script: int) -> HttpResponse:
    found = get_environment(request.user, environment)
    kept = _own(request, found, script)
    try:
        name = script_name(request.POST.get("name", ""))
        with transaction.atomic():
            kept.name = name
            kept.save(update_fields=["name"])
    except ScriptRefused as exc:
        messages.error(request, str(exc))
        return _back(request, found, kept)
    except IntegrityError:
        messages.error(request, f"You have a script named “{name}” already: choose another name.")
        return _back(request, found, kept)
    messages.success(request, f"Renamed the script to “{name}”.")
    return _back(request, found, kept)


@login_required
@require_POST
def script_delete(request: HttpRequest, environment: str, script: int) -> HttpResponse:
    found = get_environment(request.user, environment)
    kept = _own(request, found, script)
    kept.delete()
    messages.success(request, f"Deleted the script “{kept.name}”.")
    return _back(request, found)
