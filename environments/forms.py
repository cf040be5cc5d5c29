"""Forms of the environment pages; each returns typed, cleaned values."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from .models import TOKEN_MAX_DAYS, Environment, Role, environment_name_validator
from .services import MAX_REQUIRED_APPROVALS


class UserChoiceField(forms.ModelChoiceField):
    """A user picked from a list by name; a name not on the list is named in the error."""

    default_error_messages = {"invalid_choice": "There is no user '%(value)s'."}

    def __init__(self, queryset: QuerySet, **kwargs: Any) -> None:
        super().__init__(queryset.order_by("username"), to_field_name="username", **kwargs)

    def label_from_instance(self, obj: Any) -> str:
        return obj.get_username()


def active_users() -> QuerySet:
    return get_user_model().objects.filter(is_active=True)


def members(environment: Environment) -> QuerySet:
    """The users holding a role in ``environment``: those who may be given Use."""
    return active_users().filter(memberships__environment=environment)


class EnvironmentForm(forms.Form):
    name = forms.CharField(max_length=63, validators=[environment_name_validator])
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)


class DeleteEnvironmentForm(forms.Form):
    confirm = forms.CharField(label="Type the environment's name to confirm")

    def __init__(self, *args: object, environment_name: str, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.environment_name = environment_name

    def clean_confirm(self) -> str:
        if self.cleaned_data["confirm"] != self.environment_name:
            raise forms.ValidationError("That is not the environment's name.")
        return self.cleaned_data["confirm"]


class GrantRoleForm(forms.Form):
    user = UserChoiceField(active_users(), empty_label="Pick a user")
    role = forms.ChoiceField(choices=Role.choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = active_users().order_by("username")


class UserForm(forms.Form):
    user = forms.CharField(max_length=150)


class UploadArtifactForm(forms.Form):
    name = forms.CharField(max_length=255, help_text="A new artifact, or the next version of one")
    file = forms.FileField()


class UseForm(forms.Form):
    user = UserChoiceField(active_users(), empty_label="Pick a member")
    grant = forms.BooleanField(required=False, help_text="Unchecked: revoke")

    def __init__(self, *args: Any, environment: Environment, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = members(environment).order_by("username")


class ApprovalRulesForm(forms.Form):
    required_approvals = forms.IntegerField(
        min_value=0,
        max_value=MAX_REQUIRED_APPROVALS,
        help_text="0: editors run DDL directly; above 0, DDL runs only through change requests",
    )
    allow_self_approval = forms.BooleanField(
        required=False, label="Authors may approve their own change requests"
    )


class CreateUserForm(forms.Form):
    username = forms.CharField(max_length=150, label="User name")
    email = forms.EmailField(required=False, label="E-mail")
    password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}), strip=False
    )


class IssueTokenForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="What the token is for, e.g. 'CI deploys'")
    expires_in_days = forms.IntegerField(
        label="Expires in (days)",
        min_value=1,
        max_value=TOKEN_MAX_DAYS,
        required=False,
        help_text="Empty: never",
    )
