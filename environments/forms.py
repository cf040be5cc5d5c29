"""Forms of the environment pages; each returns typed, cleaned values."""

from __future__ import annotations

from django import forms

from .models import TOKEN_MAX_DAYS, Role, environment_name_validator


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
    user = forms.CharField(max_length=150, label="User name")
    role = forms.ChoiceField(choices=Role.choices)


class UserForm(forms.Form):
    user = forms.CharField(max_length=150)


class UploadArtifactForm(forms.Form):
    name = forms.CharField(max_length=255, help_text="A new artifact, or the next version of one")
    file = forms.FileField()


class UseForm(forms.Form):
    user = forms.CharField(max_length=150, label="User name")
    grant = forms.BooleanField(required=False, help_text="Unchecked: revoke")


class IssueTokenForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="What the token is for, e.g. 'CI deploys'")
    expires_in_days = forms.IntegerField(
        label="Expires in (days)",
        min_value=1,
        max_value=TOKEN_MAX_DAYS,
        required=False,
        help_text="Empty: never",
    )
