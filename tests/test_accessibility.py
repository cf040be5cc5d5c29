"""Accessible basics on every main page: a label for every field, headings in order, one h1."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

ENV, CAT, DB = "default", "shop", "sales"
PAGES = [
    ("home", []),
    ("search", [ENV]),
    ("console", [ENV]),
    ("catalog-create", [ENV]),
    ("catalog", [ENV, CAT]),
    ("catalog-alter", [ENV, CAT]),
    ("database", [ENV, CAT, DB]),
    ("database-create", [ENV, CAT]),
    ("database-alter", [ENV, CAT, DB]),
    ("table-create", [ENV, CAT, DB]),
    ("view-create", [ENV, CAT, DB]),
    ("function-create", [ENV, CAT, DB]),
    ("table", [ENV, CAT, DB, "orders"]),
    ("table-alter", [ENV, CAT, DB, "orders"]),
    ("table-drop", [ENV, CAT, DB, "orders"]),
    ("table-lineage", [ENV, CAT, DB, "orders"]),
    ("table-column-readers", [ENV, CAT, DB, "orders", "order_id"]),
    ("model-create", [ENV, CAT, DB]),
    ("model", [ENV, CAT, DB, "review_sentiment"]),
    ("model-alter", [ENV, CAT, DB, "review_sentiment"]),
    ("model-rename", [ENV, CAT, DB, "review_sentiment"]),
    ("model-drop", [ENV, CAT, DB, "review_sentiment"]),
    ("snapshot-list", [ENV]),
    ("snapshot-import", [ENV]),
    ("job-list", [ENV]),
    ("environment-settings", [ENV]),
    ("environment-roles", [ENV]),
    ("environment-artifacts", [ENV]),
    ("users", []),
]


class Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.labelled: set[str] = set()
        self.fields: list[dict[str, str]] = []
        self.headings: list[int] = []
        self.in_label = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "label":
            self.in_label += 1
            if a.get("for"):
                self.labelled.add(a["for"])
        elif tag in ("input", "select", "textarea"):
            kind = a.get("type", "")
            if kind not in ("hidden", "submit", "button") and "hidden" not in a:
                self.fields.append({**a, "_wrapped": "1" if self.in_label else ""})
        elif len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.in_label -= 1


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_it_labels_every_field_and_orders_headings(client, name: str, args: list[str]) -> None:
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    response = client.get(reverse(name, args=args), follow=True)
    assert response.status_code == 200
    audit = Audit()
    audit.feed(response.content.decode())
    unlabelled = [
        f.get("name") or f.get("id")
        for f in audit.fields
        if not (f["_wrapped"] or f.get("id") in audit.labelled or f.get("aria-label"))
    ]
    assert not unlabelled, f"fields without a label: {unlabelled}"
    assert audit.headings.count(1) == 1, audit.headings
    for before, after in zip(audit.headings, audit.headings[1:], strict=False):
        assert after <= before + 1, f"heading h{after} follows h{before}: {audit.headings}"
