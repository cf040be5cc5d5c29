"""The round trip of catalog folders (#19) on the goldens' catalogs: every catalog the golden
scripts leave behind is exported, applied into an empty environment and exported again, with
the same bytes; a plan after the apply exits 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs import folder
from environments.models import Environment
from environments.services import create_environment
from tests.snapshot_catalogs import golden_catalogs
from tests.test_catalog_folder import _variables

# Where the round trip does not hold yet, and why (strict: one that starts to hold fails, so
# that it leaves this list). Measured 2026-12-01; 2026-12-02: a niladic function's alias,
# which Flink writes unquoted and then refuses (LOCALTIME AS LOCALTIME), is back-quoted when the
# view is created again (runnable_query, tests/goldens/views_niladic_aliases.sql), so
# keywords_queries, views_order_niladic and views_subqueries_more hold.
NOT_YET = {
    "views_subquery_items": "ARRAY[1, (SELECT ...)] is stored ARRAY[CAST(1 AS BIGINT), ...], "
    "which expands again to CAST(CAST(1 AS BIGINT) AS BIGINT), as in Flink (v4)",
    "views_converted_types": "an implicit CAST of an array to BIGINT ARRAY is stored as Flink "
    "writes it, of NOT NULL elements, so beside an array of nullable ones it expands again to "
    "CAST(CAST(ARRAY[...] AS BIGINT ARRAY) AS BIGINT ARRAY), as in Flink (v61)",
    "views_unnest_casts": "Flink stores an UNNEST's columns written in full, which makes the "
    "casts it left out, so a view of arrays of nullable elements then fails to convert (v27: "
    "so does Flink's)",
    "views_joins": "the stored expanded query of a NATURAL JOIN does not parse again",
    "views_workload_idioms": "a USING join's column inside an expression is stored as Flink "
    "stores it, CAST(COALESCE(...) AS `user_id` AS STRING), which does not parse again",
    "views_call_forms": "CURRENT_TIMESTAMP() is stored as CURRENT_TIMESTAMP, which expands "
    "again to CURRENT_TIMESTAMP AS CURRENT_TIMESTAMP, as in Flink (v_niladic_parens_again)",
    "tables": "a computed column's expression expands again to another text "
    "(CAST(CAST(1 AS INTEGER) AS INTEGER)), as in Flink (tests/test_snapshots.py)",
    "views_checks_families": "an expanded query expands again to another text",
    "views_more": "an expanded query expands again to another text",
    "views_literals_columns": "a literal's expanded text (_UTF16'...') expands again to "
    "another text",
    "views_literals_text": "a literal's expanded text (_UTF16'...') expands again to another text",
    "views_ddl": "the source keeps a view reading a temporary table, which no folder holds",
    "views_cookbook": "the source keeps views reading temporary tables, which no folder holds",
    "views_rules": "the source keeps a view reading a view that no longer exists (broken)",
    "views_grammar_forms": "QUALIFY's expansion of a select alias writes the window's ORDER BY "
    "keys as written (ORDER BY `ts`), which expand again qualified, as Flink's would",
    "views_using_types": "a USING join's column of two types is stored as Flink stores it, "
    "COALESCE(..., CAST(`r`.`k` AS `k0` AS BIGINT)), which does not parse again (nor in Flink)",
    "views_coalesce_pairs": "COALESCE(INTERVAL '1' DAY, i) is stored with Flink's CAST of the "
    "interval to INTEGER, which validation refuses when read again (so does Flink's)",
    "views_match_recognize_reread": "Flink writes PREV(PREV(x)) with an offset 1 + 1 that its "
    "parser refuses, and NEXT(PREV(x), 2) expands again to another text, as in Flink",
    "views_unpivot": "Flink stores an UNPIVOT view's query with an alias before UNPIVOT, where "
    "its parser refuses one: the view files do not parse again (nor in Flink)",
    "views_collection_casts": "ARRAY[CAST(NULL AS INTEGER), CAST(1 AS INTEGER)] expands again "
    "to ARRAY[CAST(NULL AS INTEGER), CAST(CAST(1 AS INTEGER) AS INTEGER)], as in Flink",
    "views_grouping_scope": "MAX(ARRAY[k, 1][1]) under GROUPING SETS is stored ARRAY[k, CAST(1 AS "
    "INTEGER)], which expands again to CAST(CAST(1 AS INTEGER) AS INTEGER), as in Flink",
    "views_map_common_types": "ARRAY[MAP['b', 1], MAP['a', NULL]] expands again to a CAST of "
    "MAP['a', NULL], a map of NULL values derived before inference, which validation refuses "
    "(so does Flink's)",
    "views_derived_constructors": "Flink writes CAST(MAP['a', NULL] AS ...), a map of NULL values "
    "derived before inference, which its validation refuses when read again (so does the "
    "dashboard's)",
    "views_prefix_operands": "Flink writes -POSITION('x' 'y' IN s) as - POSITION(('x'\\n'y') IN "
    "s), a needle in parentheses, which its parser refuses: that view file does not parse again "
    "(nor in Flink)",
    "views_constructor_inference": "Flink writes a NULL type into the cast of a constructor of "
    "NULL fields (CAST(ROW(NULL, NULL) AS ROW(..., `EXPR$1` NULL))), which its parser refuses: "
    "those view files do not parse again (nor in Flink)",
    "views_folded_implicit_casts": "an item is stored with the implicit cast Flink writes "
    "(ARRAY[`t_all`.`ts`, CAST(1 AS TIMESTAMP(3))], CAST(ARRAY[1] AS TIMESTAMP(3) ARRAY)), "
    "which is an explicit cast when read again: another text, or refused (v19, v50)",
    "views_map_null_conversion": "items are stored with the implicit casts Flink writes "
    "(MAP[CAST(NULL AS INTEGER), 1, CAST(2 AS INTEGER), 3]), which expand again to other "
    "texts (CAST(CAST(2 AS INTEGER) AS INTEGER); v7-v10)",
    "views_array_time_attributes": "ARRAY[ts, NULL] is stored ARRAY[ts, CAST(NULL AS "
    "TIMESTAMP(3))], which expands again to CAST(CAST(NULL AS TIMESTAMP(3)) AS TIMESTAMP(3)), "
    "as in Flink (v13, v51, v59)",
    "views_common_decimals": "ARRAY[dec10, bi, dec38] is stored with the casts to "
    "DECIMAL(38, 10), which expand again to CAST(CAST(`bi` AS DECIMAL(38, 10)) AS ...), as in "
    "Flink (v62, v66, v104)",
    "views_order_mixed_items": "ARRAY[i, bi] is stored ARRAY[CAST(`i` AS BIGINT), CAST(`bi` AS "
    "BIGINT)], which expands again to CAST(CAST(`bi` AS BIGINT) AS BIGINT), as in Flink (v25)",
    "views_row_null_fields": "Flink writes a NULL type into the cast of a row of NULL fields "
    "(CAST(ROW(NULL, `ts`) AS ROW(... `EXPR$0` NULL ...))), which its parser refuses: that view "
    "file does not parse again (nor in Flink; v24)",
}
SCRIPTS = [
    pytest.param(p.stem, marks=pytest.mark.xfail(reason=NOT_YET[p.stem], strict=True))
    if p.stem in NOT_YET
    else p.stem
    for p in sorted((Path(__file__).parent / "goldens").glob("*.sql"))
]


@pytest.mark.parametrize("script", SCRIPTS)
def test_it_round_trips_the_goldens_catalogs(environment: Environment, script: str) -> None:
    catalogs = golden_catalogs(script)
    if not catalogs:
        pytest.skip(f"{script} leaves no catalog behind")
    source = catalogs[0].environment
    names = [c.name for c in catalogs]
    files = folder.export_files(source, names)
    target = create_environment("target")
    applied = folder.apply_folder(target, files, variables=_variables(files))
    assert applied.plan.exit_code == 2, applied.plan.errors + applied.plan.plan.errors
    assert applied.report is not None and applied.report.ok, applied.report.failures
    again = folder.export_files(target, names)
    assert {p: d for p, d in again.items() if files.get(p) != d} == {}
    assert sorted(again) == sorted(files)
    assert folder.plan_folder(target, files).exit_code == 0
