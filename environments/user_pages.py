"""The page of users for superusers and staff: list them and create one, without Django admin."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from catalogs.pages.common import render_page

from . import forms, services
from .access import may_manage_users
from .users import create_user


@login_required
def users(request: HttpRequest) -> HttpResponse:
    if not may_manage_users(request.user):
        raise PermissionDenied("Only superusers and staff manage users.")
    form = forms.CreateUserForm(request.POST or None)
    if form.is_valid():
        data = form.cleaned_data
        try:
            created = create_user(data["username"], data["password"], data["email"])
        except services.ServiceError as exc:
            form.add_error("username" if exc.code == "conflict" else None, exc.message)
        else:
            messages.success(
                request,
                f"Created user '{created.get_username()}'. Grant them a role in an "
                "environment's settings.",
            )
            return redirect("users")
    listed = (
        get_user_model().objects.order_by("username").prefetch_related("memberships__environment")
    )
    return render_page(request, "environments/users.html", {"form": form, "users": listed})
