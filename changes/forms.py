"""Forms of the change request pages; each returns typed, cleaned values."""

from __future__ import annotations

from typing import Any

from django import forms

from catalogs.forms import SQL_EDITOR

from .models import Review
from .services import MAX_SQL


class OpenForm(forms.Form):
    title = forms.CharField(max_length=255)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    sql = forms.CharField(
        label="Statements, separated by semicolons",
        max_length=MAX_SQL,
        widget=forms.Textarea(attrs=SQL_EDITOR | {"rows": 8}),
    )


class StatementsForm(forms.Form):
    sql = forms.CharField(
        label="Statements to add",
        max_length=MAX_SQL,
        widget=forms.Textarea(attrs=SQL_EDITOR | {"rows": 4}),
    )


class EditForm(forms.Form):
    """The title, description and statements of an open request, edited together."""

    title = forms.CharField(max_length=255)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    sql = forms.CharField(
        label="Statements, separated by semicolons (edit, remove or reorder them)",
        max_length=MAX_SQL,
        widget=forms.Textarea(attrs={"rows": 10, "class": "code", "spellcheck": "false"}),
    )


class CommentForm(forms.Form):
    body = forms.CharField(label="Comment", widget=forms.Textarea(attrs={"rows": 3}))
    statement = forms.IntegerField(required=False, widget=forms.HiddenInput)


class ReviewForm(forms.Form):
    verdict = forms.ChoiceField(choices=Review.Verdict.choices, widget=forms.RadioSelect)
    body = forms.CharField(
        label="Review comment", widget=forms.Textarea(attrs={"rows": 3}), required=False
    )

    def __init__(self, *args: Any, may_approve: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not may_approve:  # the author, where authors do not approve: no choice to refuse
            verdict = self.fields["verdict"]
            verdict.choices = [c for c in verdict.choices if c[0] != Review.Verdict.APPROVE]
            verdict.initial = Review.Verdict.REQUEST_CHANGES
