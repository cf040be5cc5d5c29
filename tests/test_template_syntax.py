"""No template shows its own syntax: every tag Django reads as a tag (#17).

A tag split across two lines is text to Django's lexer and prints as written; this reads every
template as Django does and finds such text. Rendered pages are checked too, by the test
client itself (``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

from tests.conftest import template_syntax

TEMPLATES = sorted((Path(__file__).resolve().parent.parent / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.name))
def test_it_reads_every_tag_of_every_template_as_a_tag(path: Path) -> None:
    tokens = Lexer(path.read_text()).tokenize()
    text = "".join(t.contents for t in tokens if t.token_type == TokenType.TEXT)
    assert not template_syntax(text)


def test_it_finds_a_tag_split_across_lines() -> None:
    tokens = Lexer('<pre>{{ lines|join:"\n" }}</pre>').tokenize()
    text = "".join(t.contents for t in tokens if t.token_type == TokenType.TEXT)
    assert len(template_syntax(text)) == 2  # its opening and its closing
