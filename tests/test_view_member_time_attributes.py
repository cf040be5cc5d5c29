"""Time attributes inside a view column's type (``ROW(ts)``, ``ARRAY[ts]``, ``MAP[k, ts]`` of a
rowtime or proctime ``ts``): kept beside the type's text, which cannot say them, in the
catalog's rows, the snapshot, the API and the plugin's view of the catalog.

What Flink prints for them, directly and through views that read such a view, is recorded in
tests/goldens/views_nested_time_attributes.sql; the plugin's side is in
tests/test_flink_catalog_plugin.py and its Java TimeAttributesTest.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.test import Client

from catalogs import snapshots
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.member_attributes import (
    member_time_attributes,
    with_member_time_attributes,
)
from catalogs.flinksql.type_rules import T
from catalogs.flinksql.types import parse_type
from catalogs.models import Catalog, Column

ROWTIME = T("TIMESTAMP(3)").with_time_attribute("ROWTIME")
PROCTIME = T("TIMESTAMP_LTZ(3) NOT NULL").with_time_attribute("PROCTIME")


def test_the_member_paths_of_a_type_are_its_attributed_members_depth_first() -> None:
    row = T("ROW<a TIMESTAMP(3), b STRING, c ARRAY<TIMESTAMP_LTZ(3) NOT NULL>>")
    _, b, c = row.children
    typed = replace(row, children=(ROWTIME, b, replace(c, children=(PROCTIME,))))
    assert member_time_attributes(typed) == (((0,), "ROWTIME"), ((2, 0), "PROCTIME"))
    assert member_time_attributes(row) == ()
    assert member_time_attributes(ROWTIME) == ()  # the root's own is not a member's
    # the text cannot say them; the paths bring them back
    plain = parse_type(typed.serializable(), ddl=False)
    assert (
        plain.summary() == "ROW<`a` TIMESTAMP(3), `b` STRING, `c` ARRAY<TIMESTAMP_LTZ(3) NOT NULL>>"
    )
    assert with_member_time_attributes(plain, member_time_attributes(typed)) == typed
    assert with_member_time_attributes(plain, member_time_attributes(typed)).summary() == (
        "ROW<`a` TIMESTAMP(3) *ROWTIME*, `b` STRING, "
        "`c` ARRAY<TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*>>"
    )


@pytest.mark.parametrize(
    ("type_text", "members", "message"),
    [
        (
            "ROW<a TIMESTAMP(3)>",
            [([1], "ROWTIME")],
            "member path [1] leads nowhere in ROW<`a` TIMESTAMP(3)>",
        ),
        (
            "ARRAY<TIMESTAMP(3)>",
            [([0, 0], "ROWTIME")],
            "member path [0, 0] leads nowhere in TIMESTAMP(3)",
        ),
        ("ROW<a INT>", [([0], "ROWTIME")], "ROWTIME is not a time attribute of INT"),
        (
            "ROW<a TIMESTAMP(3)>",
            [([0], "EVENTTIME")],
            "'EVENTTIME' is not a time attribute (ROWTIME or PROCTIME)",
        ),
        (
            "ROW<a TIMESTAMP(3)>",
            [([], "ROWTIME")],
            "[] is not a member path (positions of members)",
        ),
        (
            "ROW<a TIMESTAMP(3)>",
            [(["0"], "ROWTIME")],
            "['0'] is not a member path (positions of members)",
        ),
    ],
)
def test_a_wrong_member_path_is_named(type_text: str, members: list, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        with_member_time_attributes(T(type_text), members)
    assert str(raised.value) == message


NESTED = """
CREATE TABLE ev (k STRING, ts TIMESTAMP(3), pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen');
CREATE VIEW v AS SELECT ROW(ts, k) AS r, MAP[k, ARRAY[pt]] AS m, ts FROM ev;
CREATE VIEW w AS SELECT r, r.EXPR$0 AS t, m FROM v;
"""
V_TYPES = [
    "ROW<`EXPR$0` TIMESTAMP(3) *ROWTIME*, `EXPR$1` STRING>",
    "MAP<STRING, ARRAY<TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*> NOT NULL>",
    "TIMESTAMP(3) *ROWTIME*",
]


@pytest.mark.django_db
def test_the_catalog_keeps_them_and_describe_and_a_reading_view_see_them(run) -> None:
    assert all(r.ok for r in run(NESTED))
    (described,) = run("DESCRIBE v")
    assert [row[1] for row in described.rows] == V_TYPES
    stored = Column.objects.filter(table__name="v").order_by("position")
    assert [(c.data_type, c.time_attribute, c.member_time_attributes) for c in stored] == [
        ("ROW<`EXPR$0` TIMESTAMP(3), `EXPR$1` VARCHAR(2147483647)>", None, [[[0], "ROWTIME"]]),
        (
            "MAP<VARCHAR(2147483647), ARRAY<TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL> NOT NULL>",
            None,
            [[[1, 0], "PROCTIME"]],
        ),
        ("TIMESTAMP(3)", "ROWTIME", []),
    ]
    # a view reading the view types it from the stored columns: the attributes are there
    (over,) = run("DESCRIBE w")
    assert [row[1] for row in over.rows] == [V_TYPES[0], "TIMESTAMP(3) *ROWTIME*", V_TYPES[1]]


@pytest.mark.django_db
def test_the_snapshot_writes_them_only_where_there_are_some_and_reads_them_back(run) -> None:
    assert all(r.ok for r in run(NESTED))
    catalog = Catalog.objects.get(name="_env_default")
    document = json.loads(snapshots.export_bytes(catalog, snapshot_id="20240622-155500-a1b2")[0])
    (v,) = [view for view in document["views"] if view["name"] == "v"]
    assert [c.get("memberTimeAttributes") for c in v["columns"]] == [
        [{"path": [0], "timeAttribute": "ROWTIME"}],
        [{"path": [1, 0], "timeAttribute": "PROCTIME"}],
        None,  # no key at all: a snapshot without them reads as it always did
    ]
    read = sf.validate(document)
    (view,) = [w for w in read.views if w.identifier.name == "v"]
    assert [c.data_type.summary_without_nullability() for c in view.columns] == V_TYPES


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("members", "error"),
    [
        (
            [{"path": [3], "timeAttribute": "ROWTIME"}],
            "memberTimeAttributes: member path [3] leads nowhere in "
            "ROW<`EXPR$0` TIMESTAMP(3), `EXPR$1` STRING> NOT NULL.",
        ),
        (
            [{"path": [1], "timeAttribute": "ROWTIME"}],
            "memberTimeAttributes: ROWTIME is not a time attribute of STRING.",
        ),
        (
            {"path": [0]},
            'memberTimeAttributes: must be an array of {"path": [...], "timeAttribute": ...}.',
        ),
    ],
)
def test_a_snapshot_with_a_wrong_member_attribute_is_refused_naming_it(
    run, members: object, error: str
) -> None:
    assert all(r.ok for r in run(NESTED))
    catalog = Catalog.objects.get(name="_env_default")
    document = json.loads(snapshots.export_bytes(catalog, snapshot_id="20240622-155500-a1b2")[0])
    (v,) = [view for view in document["views"] if view["name"] == "v"]
    v["columns"][0]["memberTimeAttributes"] = members
    with pytest.raises(sf.SnapshotInvalid) as raised:
        sf.validate(document)
    assert [e for e in raised.value.errors if "memberTimeAttributes" in e] == [
        f"views[{document['views'].index(v)}] (default.v): columns[0] (r): {error}"
    ]


@pytest.mark.django_db
def test_the_api_gives_them_beside_the_type(run, client: Client) -> None:
    assert all(r.ok for r in run(NESTED))
    url = "/api/v1/environments/default/catalogs/_env_default/databases/default/views/v"
    answer = client.get(url)
    assert answer.status_code == 200
    columns = answer.json()["columns"]
    assert [(c["name"], c["time_attribute"], c["member_time_attributes"]) for c in columns] == [
        ("r", None, [[[0], "ROWTIME"]]),
        ("m", None, [[[1, 0], "PROCTIME"]]),
        ("ts", "ROWTIME", []),
    ]
