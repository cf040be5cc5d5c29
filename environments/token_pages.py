"""The page of a user's API tokens: list, issue (the value shown once), revoke."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from catalogs.pages.common import render_page

from . import forms
from .models import ApiToken


@never_cache  # the answer that issues a token holds its value
@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    form = forms.IssueTokenForm(request.POST or None)
    issued = None
    if form.is_valid():
        data = form.cleaned_data
        token, value = ApiToken.issue(request.user, data["name"], data["expires_in_days"])
        issued = {"token": token, "value": value}
        form = forms.IssueTokenForm()
    visible = ApiToken.visible_to(request.user)
    context = {
        "form": form,
        "issued": issued,
        "own": visible.filter(user=request.user),
        "others": visible.exclude(user=request.user) if request.user.is_superuser else None,
    }
    return render_page(request, "environments/tokens.html", context)


@login_required
@require_POST
def token_revoke(request: HttpRequest, token: int) -> HttpResponse:
    found = get_object_or_404(ApiToken.visible_to(request.user), pk=token)
    found.revoke()
    messages.success(request, f"Revoked the token '{found.name}' of {found.user.username}.")
    return redirect("tokens")
