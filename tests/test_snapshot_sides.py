"""Snapshots read in passes (``sf.Streamed``): the diff and the snapshot page hold one entry or
one page, not the document, and answer exactly what a whole document gives.

The diff is checked on generated changes of the demo catalog's document (objects added,
removed, retyped, re-optioned, requeried, duplicated, entries that are not objects, names
with escapes) three ways: streamed sides, whole documents, and streamed sides reading one
changed object per pass (``BATCH`` 1), against an oracle that compares whole dictionaries.
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import random
import tracemalloc
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from catalogs import snapshot_diffs, snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.snapshot_format import diff as diff_module
from catalogs.models import Catalog, Snapshot
from environments.models import Environment
from tests.page_text import text_of
from tests.snapshot_catalogs import sixty_tables


@pytest.fixture
def demo_document(environment: Environment) -> dict[str, Any]:
    call_command("load_demo", stdout=io.StringIO())
    catalog = Catalog.objects.get(environment=environment, name="shop")
    return snapshots.live_document(catalog)


def streamed(document: dict[str, Any]) -> sf.Streamed:
    data = gzip.compress(json.dumps(document, indent=2, ensure_ascii=False).encode())
    return sf.Streamed(lambda: gzip.GzipFile(fileobj=io.BytesIO(data), mode="rb"))


def mutate(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    for _ in range(rng.randint(1, 6)):
        key = rng.choice(["tables", "views", "udfs", "databases"])
        entries = changed[key]
        objects = [e for e in entries if isinstance(e, dict)]
        action = rng.choice(["remove", "add", "edit", "duplicate", "junk"])
        if action == "remove" and entries:
            entries.pop(rng.randrange(len(entries)))
        elif action == "add" and objects:
            entry = copy.deepcopy(rng.choice(objects))
            entry["name"] = rng.choice(["new_one", 'q"uote', "caf\u00e9", "tab\tname", "x"])
            entries.insert(rng.randrange(len(entries) + 1), entry)
        elif action == "duplicate" and objects:
            entry = copy.deepcopy(rng.choice(objects))
            entry["comment"] = f"duplicate {rng.random()}"
            entries.append(entry)
        elif action == "junk":
            entries.insert(rng.randrange(len(entries) + 1), rng.choice([5, "text", None, [1]]))
        elif action == "edit" and entries:
            entry = rng.choice(entries)
            if not isinstance(entry, dict):
                continue
            columns = entry.get("columns") or []
            edit = rng.choice(["type", "drop column", "option", "secret", "query", "comment"])
            if edit == "type" and columns:
                rng.choice(columns)["type"] = rng.choice(["BIGINT", "VARCHAR(3)", "DOUBLE"])
            elif edit == "drop column" and columns:
                columns.pop(rng.randrange(len(columns)))
            elif edit == "option":
                entry.setdefault("options", {})["format"] = rng.choice(["csv", "avro", "\u00fc"])
            elif edit == "secret":
                entry.setdefault("options", {})["password"] = f"s3cret-{rng.random()}"
            elif edit == "query" and "expandedQuery" in entry:
                entry["expandedQuery"] += "\nWHERE TRUE"
            else:
                entry["comment"] = rng.choice([None, "a comment", "\\ back"])
    return changed


def oracle(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(kind, database, name, change) of each object, from whole dictionaries."""

    def objects(document: dict[str, Any], key: str) -> dict[tuple[str, str], Any]:
        default = document["databaseName"]
        return {
            (str(e.get("database") or default), str(e.get("name"))): e
            for e in document[key]
            if isinstance(e, dict)
        }

    found = []
    for kind, key in (("table", "tables"), ("view", "views"), ("udf", "udfs")):
        before, after = objects(old, key), objects(new, key)
        for ident in sorted(set(before) | set(after)):
            a, b = before.get(ident), after.get(ident)
            change = "removed" if b is None else "added" if a is None else "changed"
            if a != b:
                found.append((kind, *ident, change))
    return found


def test_a_streamed_diff_is_the_whole_documents_diff_on_generated_changes(
    demo_document: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        old = mutate(demo_document, rng) if seed % 3 == 0 else demo_document
        new = mutate(demo_document, rng)
        whole = sf.diff_documents(old, new, "old", "new").as_json()
        assert sf.diff_sides(streamed(old), streamed(new), "old", "new").as_json() == whole
        with monkeypatch.context() as patch:
            patch.setattr(diff_module, "BATCH", 1)
            one_at_a_time = sf.diff_sides(streamed(old), streamed(new), "old", "new")
        assert one_at_a_time.as_json() == whole, seed
        expected = oracle(old, new)
        objects = [(o.kind, o.database, o.name, o.change) for o in one_at_a_time.objects]
        assert [o for o in objects if o[0] != "database"] == expected, seed
        assert "s3cret" not in json.dumps(whole)


def test_a_streamed_diff_holds_digests_not_the_documents() -> None:
    def table(i: int, kind: str) -> dict[str, Any]:
        columns = [{"name": f"c{j}", "type": kind, "nullable": True} for j in range(8)]
        return {"name": f"t{i:05}", "database": "d", "columns": columns, "options": {}}

    head = {"version": 1, "catalogName": "c", "databaseName": "d", "views": [], "udfs": []}
    old = {**head, "tables": [table(i, "INT") for i in range(4000)]}
    new = {**head, "tables": [table(i, "BIGINT" if i == 7 else "INT") for i in range(4000)]}
    texts = json.dumps(old, indent=2), json.dumps(new, indent=2)
    sides = streamed(old), streamed(new)
    del old, new

    def peak_of(work: Any) -> tuple[int, Any]:
        tracemalloc.start()
        try:
            answer = work()
            return tracemalloc.get_traced_memory()[1], answer
        finally:
            tracemalloc.stop()

    streamed_peak, found = peak_of(lambda: sf.diff_sides(*sides))
    whole_peak, whole = peak_of(lambda: sf.diff_documents(*map(json.loads, texts)))
    assert found.as_json() == whole.as_json()
    assert [(o.name, o.columns_retyped) for o in found.objects] == [
        ("t00007", [(f"c{j}", "INT", "BIGINT") for j in range(8)])
    ]
    # digests of 8,000 entries, not the entries: a fraction of what the documents take parsed
    assert streamed_peak * 5 < whole_peak, (streamed_peak, whole_peak)


def run_script(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok][:3]


def test_the_snapshot_page_lists_the_first_hundred_secret_placeholders(
    environment: Environment, client: Client
) -> None:
    tables = "".join(
        f"CREATE TABLE c.d.t{i:03} (a INT) WITH ('connector' = 'datagen', 'password' = 'pw{i}');\n"
        for i in range(103)
    )
    run_script(
        environment,
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        + tables,
    )
    snapshot, result = snapshots.take_snapshot(environment, "c")
    assert len(result.secrets) == 103
    text = client.get(f"/snapshots/{snapshot.snapshot_id}").text
    assert text.count("— option <code>password</code>") == 100
    assert "And 3 more: the" in text
    assert "pw1" not in text


def test_a_snapshot_that_no_longer_matches_its_sha256_is_neither_shown_nor_compared(
    environment: Environment, client: Client
) -> None:
    run_script(
        environment,
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE TABLE c.d.t (a INT) WITH ('connector' = 'datagen');",
    )
    snapshot, _ = snapshots.take_snapshot(environment, "c")
    Snapshot.objects.filter(pk=snapshot.pk).update(content=gzip.compress(b'{"tampered": 1}'))
    response = client.get(f"/snapshots/{snapshot.snapshot_id}", follow=True)
    assert response.redirect_chain[0][0] == f"/env/{environment.name}/snapshots"
    assert f"Snapshot {snapshot.snapshot_id} does not match its sha256." in response.text
    with pytest.raises(Exception, match="does not match its sha256"):
        snapshot_diffs.diff(snapshot.snapshot_id, f"live:{environment.name}/c")


def test_a_known_summary_reads_the_same_windows_as_a_whole_pass() -> None:
    rng = random.Random(7)
    kinds = {"tables": [], "views": [], "udfs": []}
    for i in range(300):
        key = rng.choice(list(kinds))
        entry = {"name": f"o{i}", "database": rng.choice(["a", "b", "c", None])}
        kinds[key].append(entry if rng.random() > 0.05 else "junk")
    document = {
        "version": 1,
        "catalogName": "cat",
        "databaseName": "a",
        "databases": [{"name": "a"}, {"name": "b"}, {"name": "empty"}],
        **kinds,
        "secrets": [{"variable": f"V{i}"} for i in range(7)],
    }
    side = streamed(document)
    summary = sf.contents(side, None, 0, 0, secrets_kept=3).summary()
    assert summary.counts["empty"] == {"table": 0, "view": 0, "function": 0}
    assert (summary.secret_count, len(summary.secrets)) == (7, 3)
    for database in (None, "a", "b", "c", "empty"):
        for start in range(0, 320, 13):
            stop = start + rng.choice([1, 5, 50])
            whole = sf.contents(side, database, start, stop, secrets_kept=3)
            known = sf.contents(side, database, start, stop, known=summary)
            assert known == whole, (database, start, stop)


def test_the_snapshot_page_keeps_a_snapshots_numbers_and_reads_only_its_page(
    environment: Environment, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_script(environment, sixty_tables("CREATE VIEW c.d.v AS SELECT a FROM c.d.t00;"))
    snapshot, _ = snapshots.take_snapshot(environment, "c")
    url = f"/snapshots/{snapshot.snapshot_id}"
    assert "<td>60</td><td>1</td><td>0</td>" in client.get(url).text
    read: list[str] = []
    entries = sf.Streamed.entries

    def counted(self: sf.Streamed, key: str) -> Any:
        read.append(key)
        return entries(self, key)

    monkeypatch.setattr(sf.Streamed, "entries", counted)
    first = client.get(url, {"database": "d"}).text
    assert "t00" in first and "t49" in first and "t50" not in text_of(first)
    assert "<td>60</td><td>1</td><td>0</td>" in first
    assert read == ["tables"]  # the numbers kept, the first 50 tables read, nothing after them
    read.clear()
    second = client.get(url, {"database": "d", "page": "2"}).text
    assert "t50" in second and "t59" in second and "SELECT `t00`.`a`" in second
    assert read == ["tables", "views"]


def test_the_diff_page_shows_a_page_of_differences_and_the_first_hundred_breaking_ones(
    environment: Environment, client: Client
) -> None:
    script = "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
    script += "CREATE TABLE c.d.t (a INT) WITH ('connector' = 'datagen');\n"
    script += "".join(f"CREATE VIEW c.d.v{i:03} AS SELECT a FROM c.d.t;\n" for i in range(101))
    script += "".join(
        f"CREATE TABLE c.d.u{i:02} (a INT) WITH ('connector' = 'datagen');\n" for i in range(60)
    )
    run_script(environment, script)
    snapshot, _ = snapshots.take_snapshot(environment, "c")
    run_script(environment, "".join(f"DROP TABLE c.d.u{i:02};\n" for i in range(60)))
    run_script(environment, "DROP TABLE c.d.t;")
    url = f"/snapshots/{snapshot.snapshot_id}/diff"
    first = client.get(url, {"against": "live"}).text
    assert "0 added, 61 removed, 0 changed." in first
    assert first.count("was removed; view d.v") == 100
    assert "And 1 more: the API" in first
    assert "removed table d.t<" in first and "removed table d.u48<" in first
    assert "removed table d.u49<" not in first
    assert "Page 1 of 2 (61 in all)" in first
    second = client.get(url, {"against": "live", "page": "2"}).text
    assert "removed table d.u49<" in second and "removed table d.u59<" in second
    assert "removed table d.t<" not in second
    assert "?against=live&amp;page=1" in second
