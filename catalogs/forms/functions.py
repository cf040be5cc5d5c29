"""Forms for CREATE FUNCTION and ALTER FUNCTION."""

from __future__ import annotations

from typing import Any

from django import forms

from ..flinksql.catalog import quote_string
from .building import (
    PLACEHOLDER,
    Built,
    CreateForm,
    StatementForm,
    names_list,
)


class FunctionForm(CreateForm):
    name = forms.CharField(max_length=255)
    class_name = forms.CharField(label="Class", help_text="e.g. com.example.udf.MaskEmail")
    language = forms.ChoiceField(
        choices=[("JAVA", "JAVA"), ("SCALA", "SCALA"), ("PYTHON", "PYTHON")], initial="JAVA"
    )
    jars = forms.CharField(
        label="JARs", required=False, help_text="Comma-separated: USING JAR 'path', ..."
    )
    if_not_exists = forms.BooleanField(label="IF NOT EXISTS", required=False)

    def statement(self) -> Built:
        built = self.created("FUNCTION")
        built.add("\nAS ")
        return _function_body(self, built)


def _function_body(form: StatementForm, built: Built) -> Built:
    """``'class' LANGUAGE l [USING JAR ...]``: what CREATE and ALTER FUNCTION share."""
    class_name = form.value("class_name")
    built.add(
        quote_string(class_name) if class_name else PLACEHOLDER, "class_name", class_name or ""
    )
    built.add(" LANGUAGE ").add(form.value("language") or "JAVA", "language")
    jars = names_list(form.value("jars") or "")
    if jars:
        built.add("\nUSING ")
        built.add(", ".join(f"JAR {quote_string(j)}" for j in jars), "jars", "")
    return built


class FunctionAlterForm(StatementForm):
    """ALTER FUNCTION ... AS class LANGUAGE; the declared return type and artifact, which
    Flink's DDL has no clause for, are saved beside it."""

    class_name = forms.CharField(label="Class", help_text="e.g. com.example.udf.MaskEmail")
    language = forms.ChoiceField(
        choices=[("JAVA", "JAVA"), ("SCALA", "SCALA"), ("PYTHON", "PYTHON")], initial="JAVA"
    )
    jars = forms.CharField(
        label="JARs", required=False, help_text="Comma-separated: USING JAR 'path', ..."
    )
    return_type = forms.CharField(
        label="Declared return type", required=False, help_text="A Flink type, e.g. STRING"
    )
    artifact = forms.ChoiceField(label="Artifact", required=False)

    def __init__(self, *args: Any, identifier: str, artifacts: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identifier = identifier
        self.fields["artifact"].choices = [("", "None")] + [(a, a) for a in artifacts]

    def statement(self) -> Built:
        built = Built().add(f"ALTER FUNCTION {self.identifier}\nAS ")
        return _function_body(self, built)
