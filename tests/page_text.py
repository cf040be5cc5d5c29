"""What a reader sees of a page: its text without tags.

Asserting that a short name is *not* on a page must not look inside tags: the CSRF token in a
hidden input and in ``hx-headers`` is 64 random letters and digits, and holds a name like
``t49`` about once in 4,000 pages.
"""

import re

_TAG = re.compile(r"<[^>]+>")


def text_of(html: str) -> str:
    """The page's text with its tags (and so their attributes) removed; entities stay escaped."""
    return _TAG.sub("", html)
