"""``snapshot verify`` in batches: a document read in passes, validated a window at a time,
and verified a bounded batch of objects at a time, with the same checks as all at once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.flink_verify import batches
from catalogs.flink_verify.batches import Document
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.models import Catalog
from environments.models import Environment
from tests.snapshot_catalogs import require_flink


def streamed(document: object) -> sf.Streamed:
    data = json.dumps(document).encode()
    return sf.Streamed(lambda: io.BytesIO(data))


def table(name: str, database: str = "d") -> dict:
    column = {"name": "id", "type": "INT", "nullable": True}
    return {"database": database, "name": name, "columns": [column], "options": {}}


def snapshot(tables: list[dict], views: list[dict] | None = None, **more: object) -> dict:
    return {
        "version": 1,
        "snapshotId": "20261206-000000-abcd",
        "catalogName": "c",
        "databaseName": "d",
        "tables": tables,
        "views": views or [],
        "udfs": [],
        **more,
    }


def whole_errors(document: object) -> list[str]:
    try:
        sf.parse_snapshot(json.dumps(document))
    except sf.SnapshotInvalid as exc:
        return exc.errors
    return []


def window_errors(document: object, window: int = 2) -> list[str]:
    try:
        batches.read_documents([streamed(document)], window)
    except sf.SnapshotInvalid as exc:
        return exc.errors
    return []


BAD_DOCUMENTS = {
    "not an object": [1, 2],
    "a string": "snapshot",
    "no tables": {k: v for k, v in snapshot([]).items() if k != "tables"},
    "tables an object": snapshot([]) | {"tables": {"a": 1}},
    "udfs null": snapshot([]) | {"udfs": None},
    "databases a string": snapshot([]) | {"databases": "d"},
    "wrong version": snapshot([table("a")]) | {"version": 2},
    "no catalog name": snapshot([table("a")]) | {"catalogName": ""},
    # a name claimed in one window and again three windows later
    "duplicate across windows": snapshot([table(n) for n in "abcdefga"]),
    "a view named as a table": snapshot(
        [table("a"), table("b"), table("v")],
        [{"name": "w", "expandedQuery": "SELECT 1", "columns": []}]
        + [{"name": "v", "expandedQuery": "SELECT 1", "columns": []}],
    ),
    "bad entries in two windows": snapshot(
        [table("a"), {"name": 3}, table("c"), table("d"), {"database": "d"}]
    ),
    "a bad type": snapshot([table("a"), table("b"), table("c") | {"columns": [{"name": "x"}]}]),
}


@pytest.mark.parametrize("case", sorted(BAD_DOCUMENTS))
def test_a_document_validated_in_windows_names_the_problems_as_a_whole_reading_does(
    case: str,
) -> None:
    document = BAD_DOCUMENTS[case]
    expected = whole_errors(document)
    assert expected, "the case must be a bad document"
    assert window_errors(document) == expected


def test_a_valid_document_read_in_windows_keeps_what_each_view_reads() -> None:
    views = [
        {"name": "v1", "expandedQuery": "SELECT `id` FROM `c`.`d`.`a`", "columns": []},
        {"name": "v2", "database": "e", "expandedQuery": "SELECT `id` FROM `c`.`d`.`v1`"},
    ]
    (document,) = batches.read_documents([streamed(snapshot([table("a")], views))], 1)
    assert (document.catalog, document.tables) == ("c", 1)
    v1, v2 = ObjectIdentifier("c", "d", "v1"), ObjectIdentifier("c", "e", "v2")
    assert document.views == [v1, v2]
    assert document.reads == {v1: {ObjectIdentifier("c", "d", "a")}, v2: {v1}}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"version": 1, "tables": [', "Not valid JSON: parse error: premature EOF."),
        (b'{"a": "\xff"}', "Not valid JSON: lexical error: invalid bytes in UTF8 string."),
        (b"{} []", "Not valid JSON: parse error: trailing garbage."),
        (
            b'{"createdAt": 9223372036854775808}',
            "Not valid JSON: an integer beyond 64 bits (from -2**63 + 1 to 2**63 - 1 are read).",
        ),
    ],
)
def test_a_streamed_document_that_is_not_json_is_refused_before_any_pass(
    data: bytes, message: str
) -> None:
    with pytest.raises(sf.SnapshotInvalid) as refused:
        batches.read_documents([sf.Streamed(lambda: io.BytesIO(data))])
    assert refused.value.errors == [message]


@given(
    st.recursive(
        # ijson's C parser reads integers of 64 bits (a larger one is refused, tested above)
        st.none()
        | st.booleans()
        | st.integers(-(2**63) + 1, 2**63 - 1)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=12,
    )
)
@settings(max_examples=200, deadline=None)
def test_a_streamed_side_and_a_whole_one_tell_the_same_kinds(value: object) -> None:
    assert streamed(value).kinds() == sf.Whole(value).kinds()  # type: ignore[arg-type]


def _document(catalog: str, tables: int, reads: dict[str, set[str]]) -> Document:
    document = Document(sf.Whole({}), {}, {}, catalog, "d", tables)
    for view, read in reads.items():
        identifier = ObjectIdentifier(catalog, "d", view)
        document.views.append(identifier)
        document.reads[identifier] = frozenset(ObjectIdentifier(catalog, "d", r) for r in read)
    return document


@given(
    tables=st.integers(0, 30),
    edges=st.lists(st.tuples(st.integers(0, 19), st.integers(0, 49)), max_size=60),
    views=st.integers(0, 20),
    bound=st.integers(1, 12),
)
@settings(max_examples=300, deadline=None)
def test_every_object_is_in_one_batch_with_all_it_reads_and_batches_stay_bounded(
    tables: int, edges: list[tuple[int, int]], views: int, bound: int
) -> None:
    # view i reads table j (j < 30) or an earlier view (j - 30 < i), as a catalog allows
    reads: dict[str, set[str]] = {f"v{i}": set() for i in range(views)}
    for i, j in edges:
        if i < views and j < 30 and j < tables:
            reads[f"v{i}"].add(f"t{j}")
        elif i < views and j >= 30 and j - 30 < i:
            reads[f"v{i}"].add(f"v{j - 30}")
    document = _document("c", tables, reads)
    planned = batches.plan([document], bound)
    covered = {"tables": [], "views": []}
    for batch in planned:
        loaded = set(batch.reads)
        for segment in batch.segments:
            covered[segment.kind] += range(segment.start, segment.stop)
            if segment.kind == "tables":
                loaded |= {ObjectIdentifier("c", "d", f"t{p}") for p in range(*_span(segment))}
        own_views = [
            document.views[p]
            for s in batch.segments
            if s.kind == "views"
            for p in range(s.start, s.stop)
        ]
        for view in own_views:  # everything it reads, at any depth, is loaded with it
            assert _reads_at_any_depth(view, document.reads) <= loaded
        alone = len(batch.segments) == 1 and batch.segments[0].stop - batch.segments[0].start == 1
        assert batch.size <= bound or alone
    assert covered == {"tables": list(range(tables)), "views": list(range(views))}


def _reads_at_any_depth(view: ObjectIdentifier, reads: dict) -> set[ObjectIdentifier]:
    found = set(reads.get(view, ()))
    for read in reads.get(view, ()):
        found |= _reads_at_any_depth(read, reads)
    return found


def _span(segment: batches.Segment) -> tuple[int, int]:
    return segment.start, segment.stop


def test_an_empty_run_is_one_batch() -> None:
    assert len(batches.plan([_document("c", 0, {})], 5)) == 1


# Two catalogs, views reading views across databases and catalogs, three levels deep.
SCRIPT = """
CREATE CATALOG a WITH ('type' = 'generic_in_memory', 'default-database' = 'd0');
CREATE DATABASE a.d1;
CREATE TABLE a.d0.t0 (id INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'datagen');
CREATE TABLE a.d0.t1 (id INT, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');
CREATE TABLE a.d1.t2 (id INT, name STRING) WITH ('connector' = 'datagen');
CREATE TABLE a.d1.t3 (k STRING, n BIGINT) WITH ('connector' = 'datagen');
CREATE VIEW a.d0.v0 AS SELECT t0.id, t0.v, t1.amount FROM a.d0.t0 JOIN a.d0.t1 ON t0.id = t1.id;
CREATE VIEW a.d1.v1 AS SELECT v0.id, v0.amount, t2.name FROM a.d0.v0 JOIN a.d1.t2
  ON v0.id = t2.id;
CREATE VIEW a.d1.v2 AS SELECT name, SUM(amount) AS total FROM a.d1.v1 GROUP BY name;
CREATE VIEW a.d0.v3 AS SELECT k, n FROM a.d1.t3 WHERE n > 0;
CREATE CATALOG b WITH ('type' = 'generic_in_memory', 'default-database' = 'e');
CREATE TABLE b.e.t4 (name STRING, region STRING) WITH ('connector' = 'datagen');
CREATE VIEW b.e.w0 AS SELECT v2.name, v2.total, t4.region FROM a.d1.v2 JOIN b.e.t4
  ON v2.name = t4.name;
CREATE VIEW b.e.w1 AS SELECT region, COUNT(*) AS n FROM b.e.w0 GROUP BY region;
"""


def _by_catalog(out: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    current = ""
    for line in out.splitlines():
        if line.startswith("== catalog "):
            current = line.removeprefix("== catalog ")
        found.setdefault(current, []).append(line)
    return {name: sorted(lines) for name, lines in found.items()}


@pytest.mark.flink
def test_verified_in_batches_a_run_gives_the_checks_it_gives_all_at_once(
    environment: Environment, tmp_path: Path
) -> None:
    require_flink()
    results = Executor(Session.start(environment)).execute_script(SCRIPT)
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    files = []
    for name in ("a", "b"):
        data, _ = snapshots.export_bytes(Catalog.objects.get(name=name))
        files.append(tmp_path / f"{name}.json")
        files[-1].write_bytes(data)
    answers = {}
    for bound in ("100000", "3"):
        out, err = io.StringIO(), io.StringIO()
        call_command(
            "snapshot", "verify", *map(str, files), "--batch-objects", bound, stdout=out, stderr=err
        )
        answers[bound] = (out.getvalue(), err.getvalue())
    whole, batched = answers["100000"], answers["3"]
    assert "batch " not in whole[1]
    assert "batch 1 of " in batched[1] and "batch 5 of " in batched[1]
    assert _by_catalog(batched[0]) == _by_catalog(whole[0])
    assert whole[0].splitlines()[-1].endswith(" checks: 0 failed, 0 skipped")
    for line in (
        "[ok] view d1.v2: EXPLAIN SELECT",
        "[ok] view e.w1: DESCRIBE, columns derived by Flink (init script)",
        "[ok] table d1.t3: SHOW CREATE TABLE (catalog API)",
    ):
        assert batched[0].count(line + "\n") == 1, line
    assert batched[0].count("[ok] catalog a: catalog store") == 1


def test_a_file_that_is_not_a_snapshot_is_refused_naming_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD_DOCUMENTS["duplicate across windows"]))
    from catalogs import flink_verify

    if not flink_verify.flink_available():
        pytest.skip("the command says first that Flink is not available")
    with pytest.raises(Exception) as refused:
        call_command("snapshot", "verify", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert str(refused.value) == (
        f"{path} is not a valid snapshot:\n"
        "tables[7] (d.a): name: duplicate table or view name 'd.a' (also tables[0])."
    )


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("/nonexistent/s.json", "Cannot read /nonexistent/s.json: No such file or directory"),
        ("20260101-000000-abcd", "There is no snapshot 20260101-000000-abcd."),
    ],
)
def test_a_reference_to_nothing_is_refused_by_name(db: None, reference: str, message: str) -> None:
    from catalogs import flink_verify

    if not flink_verify.flink_available():
        pytest.skip("the command says first that Flink is not available")
    with pytest.raises(Exception) as refused:
        call_command("snapshot", "verify", reference, stdout=io.StringIO(), stderr=io.StringIO())
    assert str(refused.value) == message


@pytest.mark.parametrize("bound", ["0", "-3", "two"])
def test_a_batch_bound_below_one_is_refused(db: None, bound: str) -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError) as refused:
        call_command("snapshot", "verify", "x.json", "--batch-objects", bound)
    assert str(refused.value) == (
        f"Error: argument --batch-objects: a whole number of at least 1, not '{bound}'"
    )


DOTTED = """
CREATE CATALOG dots WITH ('type' = 'generic_in_memory', 'default-database' = 'a');
CREATE DATABASE dots.`a.b`;
CREATE TABLE dots.`a.b`.c (id INT, v STRING) WITH ('connector' = 'datagen');
CREATE TABLE dots.a.`b.c` (id INT, w STRING) WITH ('connector' = 'datagen');
CREATE VIEW dots.a.v AS SELECT id, w FROM dots.a.`b.c`;
CREATE VIEW dots.`a.b`.v AS SELECT id, v FROM dots.`a.b`.c;
"""


@pytest.mark.parametrize(
    ("database", "name", "subject"),
    [
        ("a.b", "c", "`a.b`.c"),
        ("a", "b.c", "a.`b.c`"),
        ("d", "t", "d.t"),
        ("d", "x`y", "d.`x``y`"),
        ("my db", "t", "`my db`.t"),
        ("d", "t\nu", "d.`t\nu`"),
        ("d", "", "d.``"),
        ("ü", "表", "ü.表"),
    ],
)
def test_no_two_objects_share_a_subject(database: str, name: str, subject: str) -> None:
    assert sf.short_name(ObjectIdentifier("c", database, name)) == subject


@pytest.mark.flink
def test_objects_whose_names_hold_dots_are_checked_once_each_in_batches(
    environment: Environment, tmp_path: Path
) -> None:
    """Database ``a.b`` holding ``c`` and database ``a`` holding ``b.c``: each has its own
    checks, printed once, in batches of one object as all at once."""
    require_flink()
    results = Executor(Session.start(environment)).execute_script(DOTTED)
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    data, _ = snapshots.export_bytes(Catalog.objects.get(name="dots"))
    path = tmp_path / "dots.json"
    path.write_bytes(data)
    answers = {}
    for bound in ("100000", "1"):
        out = io.StringIO()
        call_command(
            "snapshot",
            "verify",
            str(path),
            "--batch-objects",
            bound,
            stdout=out,
            stderr=io.StringIO(),
        )
        answers[bound] = out.getvalue()
    assert _by_catalog(answers["1"]) == _by_catalog(answers["100000"])
    for line in (
        "[ok] table `a.b`.c: SHOW CREATE TABLE (catalog API)",
        "[ok] table a.`b.c`: SHOW CREATE TABLE (catalog API)",
        "[ok] view a.v: EXPLAIN SELECT",
        "[ok] view `a.b`.v: EXPLAIN SELECT",
    ):
        assert answers["1"].count(line + "\n") == 1, line
    assert answers["1"].splitlines()[-1].endswith(" failed, 0 skipped")
    assert " 0 failed" in answers["1"].splitlines()[-1]
