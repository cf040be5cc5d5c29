-- Minimal statements of disagreements the differential tester (tests/difftest) found, so that
-- they cannot come back (issue #14).
CREATE CATALOG g_vdiff WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vdiff;
CREATE TABLE t (ts TIMESTAMP(3), s STRING, sn STRING NOT NULL, q INT, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
CREATE VIEW v_floor_lit AS SELECT FLOOR(TIMESTAMP '2024-01-15 10:00:00.123' TO HOUR) AS a, CEIL(DATE '2024-01-15' TO MONTH) AS b, FLOOR(t.ts TO DAY) AS c FROM t;
SHOW CREATE VIEW v_floor_lit;
DESCRIBE v_floor_lit;
CREATE VIEW v_to_date AS SELECT TO_DATE(t.sn) AS a, TO_TIMESTAMP(t.sn) AS b, TO_DATE('2024-01-01') AS c, TO_TIMESTAMP('x') AS d, TO_TIMESTAMP_LTZ(0, 3) AS e, TO_DATE(t.s) AS f FROM t;
SHOW CREATE VIEW v_to_date;
DESCRIBE v_to_date;
CREATE VIEW v_frame_on_base AS SELECT LAG(t.q, 1) OVER w AS l, DENSE_RANK() OVER w AS r FROM t WINDOW w0 AS (PARTITION BY t.s), w AS (w0 ORDER BY t.ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW);
SHOW CREATE VIEW v_frame_on_base;
DESCRIBE v_frame_on_base;
CREATE VIEW v_frame_own AS SELECT LAG(t.q, 1) OVER w AS l FROM t WINDOW w AS (ORDER BY t.ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW);
CREATE VIEW v_frame_inline AS SELECT LAG(t.q, 1) OVER (w0 ORDER BY t.ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS l FROM t WINDOW w0 AS (PARTITION BY t.s);
CREATE VIEW v_order_signed AS SELECT t.q, t.s FROM t ORDER BY -1, +2;
SHOW CREATE VIEW v_order_signed;
CREATE VIEW v_order_ordinal AS SELECT t.q, t.s FROM t ORDER BY 3;
CREATE VIEW v_is_cmp AS SELECT t.q > 0 IS UNKNOWN AS a, t.q = 1 IS NOT TRUE AS b, (t.q > 0) IS NULL AS c, NOT t.q = 1 IS TRUE AS d FROM t;
SHOW CREATE VIEW v_is_cmp;
DESCRIBE v_is_cmp;
CREATE VIEW v_interval_lit AS SELECT INTERVAL '1 02:03:04.5' DAY(3) TO SECOND(1) AS a, INTERVAL -'1' DAY AS b FROM t;
SHOW CREATE VIEW v_interval_lit;
DESCRIBE v_interval_lit;
CREATE TABLE d (k INT, x BYTES) WITH ('connector' = 'datagen');
CREATE VIEW v_nullif_subquery AS SELECT NULLIF(t.q, (SELECT MAX(d.k) FROM d)) AS a, NULLIF((SELECT MAX(d.k) FROM d), 1) AS b, NULLIF(X'0A', (SELECT d.x FROM d LIMIT 1)) AS c, MIN((SELECT MAX(d.k) FROM d)) AS e FROM t;
SHOW CREATE VIEW v_nullif_subquery;
DESCRIBE v_nullif_subquery;
CREATE VIEW v_filter_operand AS SELECT 1 + SUM(t.q) FILTER (WHERE t.q > 1) AS a, 0 IS NOT DISTINCT FROM AVG(t.q) FILTER (WHERE TRUE) AS b, COALESCE(SUM(t.q) FILTER (WHERE t.q > 1), 0) AS c, SUM(t.q) FILTER (WHERE t.q > 1) > 3 AND TRUE AS e FROM t;
SHOW CREATE VIEW v_filter_operand;
DESCRIBE v_filter_operand;
CREATE VIEW v_order_alias_subquery AS SELECT 100.0 AS c3, (SELECT MAX(d.k) FROM d) AS c5 FROM t ORDER BY c3 NULLS FIRST;
SHOW CREATE VIEW v_order_alias_subquery;
CREATE VIEW v_initcap_continued AS SELECT INITCAP('x'
  'y') AS a FROM t WHERE INITCAP('x'
  'y') = UPPER(t.s);
SHOW CREATE VIEW v_initcap_continued;
DESCRIBE v_initcap_continued;
CREATE VIEW v_nullif_operands AS SELECT NULLIF(t.q = 1, t.q > 2) AS a, NULLIF(t.q = 1 AND TRUE, t.q > 2 OR FALSE) AS b, NULLIF(t.q + 1, t.q * 2) AS c FROM t;
SHOW CREATE VIEW v_nullif_operands;
DESCRIBE v_nullif_operands;
CREATE TABLE u (x INT, y STRING) WITH ('connector' = 'datagen');
CREATE VIEW v_prefix_not AS SELECT t.q FROM t WHERE NOT t.q IN (SELECT u.x FROM u) AND NOT t.q IN (1, 2) AND NOT t.s LIKE 'a%' AND NOT t.q BETWEEN 1 AND 2 AND NOT t.s SIMILAR TO 'a%' AND NOT (t.q, t.s) IN (SELECT u.x, u.y FROM u) AND t.q NOT IN (3) AND (NOT t.q IS NULL) = TRUE AND NOT t.q IN (1) = TRUE;
SHOW CREATE VIEW v_prefix_not;
CREATE VIEW v_prefix_not_like_bad AS SELECT 1 AS a FROM t WHERE NOT t.q LIKE 1;
CREATE VIEW v_prefix_not_between_bad AS SELECT 1 AS a FROM t WHERE NOT (t.q > 1) BETWEEN 1 AND 2;
CREATE VIEW v_infix_not_between_bad AS SELECT 1 AS a FROM t WHERE (t.q > 1) NOT BETWEEN 1 AND 2;
CREATE VIEW v_bin_bad_word AS SELECT X'0G' AS a FROM t;
CREATE VIEW v_iv_empty_span AS SELECT INTERVAL '' DAY(3) TO SECOND AS a FROM t;
CREATE VIEW v_iv_empty_line AS SELECT 1 AS b,
  INTERVAL '' HOUR AS a FROM t;
CREATE VIEW v_with_values AS WITH c AS (SELECT t.q FROM t) VALUES (1, 'a'), (2, 'b');
SHOW CREATE VIEW v_with_values;
DESCRIBE v_with_values;
CREATE VIEW v_with_values_paren AS WITH c AS (SELECT t.q FROM t) (VALUES (1));
SHOW CREATE VIEW v_with_values_paren;
CREATE VIEW v_alias_list AS SELECT t.q AS (x, y) FROM t;
CREATE TABLE r (id INT, pts TIMESTAMP(3), ts0 TIMESTAMP(0), ts6 TIMESTAMP(6), pt AS PROCTIME(), f FLOAT, d DOUBLE, WATERMARK FOR pts AS pts) WITH ('connector' = 'datagen');
CREATE TABLE p (pts TIMESTAMP(3), ts0 TIMESTAMP(0)) WITH ('connector' = 'datagen');
CREATE VIEW v_coalesce_time_attributes AS SELECT COALESCE(r.pts, r.pts) AS a, COALESCE(r.pts, p.pts) AS b, COALESCE(p.pts, r.pts) AS c, COALESCE(r.pts, TIMESTAMP '2024-01-15 10:00:00') AS e, COALESCE(r.pts, TIMESTAMP '2024-01-15 10:00:00.123456') AS g, COALESCE(NULL, r.pts) AS h, COALESCE(r.pt, r.pt) AS i FROM r, p;
CREATE TABLE l (ets TIMESTAMP_LTZ(3), WATERMARK FOR ets AS ets) WITH ('connector' = 'datagen');
CREATE VIEW v_coalesce_ltz_rowtime AS SELECT COALESCE(l.ets, l.ets + INTERVAL '2' HOUR) AS a FROM l;
DESCRIBE v_coalesce_ltz_rowtime;
SHOW CREATE VIEW v_coalesce_time_attributes;
DESCRIBE v_coalesce_time_attributes;
CREATE VIEW v_coalesce_float_double AS SELECT COALESCE(r.f, r.d) AS a, COALESCE(r.d, r.f) AS b, COALESCE(CAST(2.5 AS FLOAT), -1.0E-2) AS c, COALESCE(r.f, 1) AS e, COALESCE(r.f, 1.5) AS g FROM r;
SHOW CREATE VIEW v_coalesce_float_double;
DESCRIBE v_coalesce_float_double;
CREATE VIEW v_union_rowtime_ts0 AS SELECT r.pts FROM r UNION ALL SELECT p.ts0 FROM p;
DESCRIBE v_union_rowtime_ts0;
CREATE VIEW v_union_rowtime_ts6 AS SELECT r.pts FROM r UNION ALL SELECT r.ts6 FROM r;
DESCRIBE v_union_rowtime_ts6;
CREATE VIEW v_union_rowtime_plain AS SELECT r.pts FROM r UNION SELECT p.pts FROM p;
DESCRIBE v_union_rowtime_plain;
CREATE VIEW v_union_plain_rowtime AS SELECT p.pts FROM p UNION ALL SELECT r.pts FROM r;
DESCRIBE v_union_plain_rowtime;
CREATE VIEW v_union_literal_ts0 AS SELECT r.pts FROM r UNION ALL SELECT TIMESTAMP '2024-01-15 10:00:00' FROM r;
DESCRIBE v_union_literal_ts0;
CREATE VIEW v_char0_message AS SELECT ('' + TRUE) || '' AS a FROM t;
CREATE VIEW v_char0_function AS SELECT SQRT('') AS a FROM t;
CREATE VIEW v_binary0_message AS SELECT X'' + 1 AS a FROM t;
-- Interval types in Calcite's messages: the literal's own qualifier, through arithmetic, CASE,
-- set operations, VALUES, casts and Calcite's functions; DAY TO SECOND out of Flink's own
-- functions (COALESCE) and from a view's column.
CREATE VIEW v_iv_msg_literals AS SELECT UPPER(INTERVAL '1' YEAR) AS a FROM t;
CREATE VIEW v_iv_msg_week AS SELECT UPPER(INTERVAL '1' WEEK) AS a FROM t;
CREATE VIEW v_iv_msg_quarter AS SELECT LOWER(INTERVAL '1' QUARTERS) AS a FROM t;
CREATE VIEW v_iv_msg_precisions AS SELECT UPPER(INTERVAL '1 02:03:04.5' DAY(3) TO SECOND(1)) AS a FROM t;
CREATE VIEW v_iv_msg_second AS SELECT UPPER(INTERVAL '1.5' SECOND(2, 1)) AS a FROM t;
CREATE VIEW v_iv_msg_product AS SELECT UPPER(2 * -INTERVAL '1' DAY(3) / 2) AS a FROM t;
CREATE VIEW v_iv_msg_sum AS SELECT UPPER(INTERVAL '1' DAY(3) + INTERVAL '1' HOUR(4)) AS a FROM t;
CREATE VIEW v_iv_msg_sum_seconds AS SELECT UPPER(INTERVAL '1' SECOND(3, 4) - INTERVAL '1' SECOND(4, 2)) AS a FROM t;
CREATE VIEW v_iv_msg_case AS SELECT UPPER(CASE WHEN t.q = 1 THEN INTERVAL '1:1' HOUR TO MINUTE ELSE INTERVAL '2' DAY END) AS a FROM t;
CREATE VIEW v_iv_msg_case_fraction AS SELECT UPPER(CASE t.q WHEN 1 THEN INTERVAL '1' SECOND(2, 4) WHEN 2 THEN INTERVAL '1' SECOND(3, 7) ELSE INTERVAL '2' MINUTE END) AS a FROM t;
CREATE VIEW v_iv_msg_union AS SELECT UPPER(x.h) AS a FROM (SELECT INTERVAL '1' HOUR AS h FROM t UNION ALL SELECT INTERVAL '1' MINUTE AS h FROM t) AS x;
CREATE VIEW v_iv_msg_values AS SELECT UPPER(x.h) AS a FROM (VALUES (INTERVAL '1' HOUR), (INTERVAL '2' DAY)) AS x (h);
CREATE VIEW v_iv_msg_subquery AS SELECT UPPER(x.h) AS a, UPPER((SELECT INTERVAL '1' HOUR FROM t LIMIT 1)) AS b FROM (SELECT INTERVAL '1' HOUR AS h FROM t) AS x;
CREATE VIEW v_iv_msg_calcite_functions AS SELECT UPPER(ABS(NULLIF(INTERVAL '1' HOUR, INTERVAL '2' DAY))) AS a FROM t;
CREATE VIEW v_iv_msg_aggregates AS SELECT UPPER(MAX(INTERVAL '1' HOUR)) AS a FROM t;
CREATE VIEW v_iv_msg_floor AS SELECT UPPER(FLOOR(INTERVAL '1' MINUTE)) AS a FROM t;
CREATE VIEW v_iv_msg_item AS SELECT UPPER(ARRAY[INTERVAL '1' HOUR][1]) AS a FROM t;
CREATE VIEW v_iv_msg_coalesce AS SELECT UPPER(COALESCE(INTERVAL '1' HOUR, INTERVAL '2' HOUR)) AS a FROM t;
CREATE VIEW v_iv_msg_ifnull AS SELECT UPPER(IFNULL(INTERVAL '1' MONTH, INTERVAL '2' YEAR)) AS a FROM t;
CREATE VIEW v_iv_msg_cast AS SELECT UPPER(CAST(t.q AS INTERVAL DAY(3))) AS a FROM t;
CREATE VIEW v_iv_msg_cast_span AS SELECT UPPER(CAST(t.s AS INTERVAL HOUR TO SECOND)) AS a FROM t;
CREATE VIEW v_iv_msg_try_cast AS SELECT UPPER(TRY_CAST(t.q AS INTERVAL YEAR)) AS a FROM t;
CREATE VIEW v_iv_column AS SELECT INTERVAL '1' HOUR AS h, INTERVAL '1' YEAR AS y FROM t;
CREATE VIEW v_iv_msg_view_column AS SELECT UPPER(v_iv_column.h) AS a FROM v_iv_column;
CREATE VIEW v_iv_msg_view_column_ym AS SELECT LOWER(v_iv_column.y) AS a FROM v_iv_column;
CREATE VIEW v_iv_mixed_sum AS SELECT INTERVAL '1' HOUR + INTERVAL '1' YEAR AS a FROM t;
CREATE VIEW v_iv_mixed_difference AS SELECT INTERVAL '1' MONTH - INTERVAL '1' DAY AS a FROM t;
CREATE VIEW v_iv_quotient AS SELECT INTERVAL '1' HOUR / INTERVAL '1' HOUR AS a FROM t;
CREATE VIEW v_iv_window_sum AS SELECT SUM(INTERVAL '1' HOUR) OVER (ORDER BY t.ts) AS a FROM t;
CREATE VIEW v_iv_cast_span_from_int AS SELECT CAST(t.q AS INTERVAL HOUR TO SECOND) AS a FROM t;
CREATE VIEW v_iv_cast_span_from_decimal AS SELECT CAST(1.5 AS INTERVAL YEAR TO MONTH) AS a FROM t;
CREATE VIEW v_iv_cast_to_bigint AS SELECT CAST(INTERVAL '1' HOUR AS BIGINT) AS a FROM t;
CREATE VIEW v_iv_cast_to_int AS SELECT CAST(INTERVAL '1' MONTH AS INT) AS a FROM t;
CREATE VIEW v_iv_cast_to_decimal AS SELECT CAST(INTERVAL '1-1' YEAR TO MONTH AS DECIMAL(10, 2)) AS a FROM t;
CREATE VIEW v_iv_casts_kept AS SELECT CAST(t.q AS INTERVAL DAY) AS a, CAST(1.5 AS INTERVAL MINUTE) AS b, CAST(INTERVAL '1' DAY AS STRING) AS c, t.q * INTERVAL '1' MONTH AS d FROM t;
SHOW CREATE VIEW v_iv_casts_kept;
DESCRIBE v_iv_casts_kept;
-- BETWEEN compares each operand with the one before it only; duplicate column names of a
-- derived table are ambiguous once read, of a WITH query always; where Flink places a
-- duplicate select item (VALUES: Flink's own schema check).
CREATE VIEW v_between_consecutive AS SELECT 1 AS a FROM t WHERE t.q BETWEEN 'a' AND TRUE AND NOT t.q BETWEEN 'b' AND FALSE AND t.q NOT BETWEEN '1' AND 2;
SHOW CREATE VIEW v_between_consecutive;
CREATE VIEW v_between_first_pair AS SELECT 1 AS a FROM t WHERE t.q BETWEEN TRUE AND 2;
CREATE VIEW v_between_second_pair AS SELECT 1 AS a FROM t WHERE t.s BETWEEN 1 AND TRUE;
CREATE VIEW v_dup_star AS SELECT s.* FROM (SELECT t.s, t.s FROM t) AS s;
CREATE VIEW v_dup_star_join AS SELECT * FROM u JOIN (SELECT t.s, t.s FROM t) AS s ON TRUE;
CREATE VIEW v_dup_values_star AS SELECT * FROM (VALUES (CURRENT_DATE, CURRENT_DATE)) AS v;
CREATE VIEW v_dup_read AS SELECT s.s FROM (SELECT t.s, t.s FROM t UNION ALL SELECT t.sn, t.sn FROM t) AS s;
CREATE VIEW v_dup_unread AS SELECT s.q, COUNT(*) AS n FROM (SELECT t.s, t.s, t.q FROM t) AS s GROUP BY s.q;
SHOW CREATE VIEW v_dup_unread;
CREATE VIEW v_dup_with_unused AS WITH c AS (SELECT t.s AS p, t.q AS p FROM t), d AS (SELECT 1 AS z FROM t) SELECT d.z FROM d;
CREATE VIEW v_dup_with_used AS WITH c AS (SELECT t.s, t.s FROM t) SELECT 1 AS a FROM c;
CREATE VIEW v_dup_with_columns AS WITH c (x, y) AS (SELECT t.s, t.s FROM t) SELECT c.x FROM c;
SHOW CREATE VIEW v_dup_with_columns;
CREATE VIEW v_dup_values AS VALUES (CURRENT_DATE, LOCALTIME, CURRENT_DATE);
CREATE VIEW v_dup_with_values AS WITH c AS (SELECT 1 AS z FROM t) VALUES (CURRENT_DATE, CURRENT_DATE);
CREATE VIEW v_dup_niladic AS SELECT CURRENT_DATE, LOCALTIME, CURRENT_DATE FROM t;
CREATE VIEW v_dup_literal AS SELECT 1 AS a, CURRENT_DATE AS a FROM t;
CREATE VIEW v_dup_union AS SELECT t.s, t.s FROM t UNION ALL SELECT t.sn, t.sn FROM t;
CREATE VIEW v_dup_column_list (a, a) AS SELECT t.s, t.q FROM t;
-- FLOOR/CEIL without a unit take numbers and intervals only; CURRENT_USER is a name; time
-- attributes in operand-type messages.
CREATE VIEW v_floor_niladic AS SELECT FLOOR(CURRENT_DATE) AS a FROM t;
CREATE VIEW v_ceil_niladic AS SELECT CEIL(LOCALTIME) AS a FROM t;
CREATE VIEW v_floor_timestamp_literal AS SELECT FLOOR(TIMESTAMP '2020-01-01 00:00:00') AS a FROM t;
CREATE VIEW v_ceil_proctime AS SELECT CEIL(r.pt) AS a FROM r;
CREATE VIEW v_floor_to_niladic AS SELECT FLOOR(CURRENT_TIMESTAMP TO DAY) AS a, CEIL(LOCALTIME TO HOUR) AS b FROM t;
SHOW CREATE VIEW v_floor_to_niladic;
DESCRIBE v_floor_to_niladic;
CREATE VIEW v_current_user_name AS SELECT current_user AS a FROM t;
CREATE VIEW v_values_current_user AS VALUES (CURRENT_USER);
CREATE VIEW v_rowtime_message AS SELECT t.ts + 1 AS a FROM t;
CREATE VIEW v_rowtime_comparison_message AS SELECT t.ts = TRUE AS a FROM t;
CREATE VIEW v_proctime_message AS SELECT r.pt * 2 AS a FROM r;
-- Check order as Calcite's: a select list typed whole before its grouping is checked; an
-- interval literal's value checked once its clause is typed, before grouping and duplicate
-- names (LOCALTIME in ORDER BY: views_order_niladic).
CREATE VIEW v_order_type_before_grouping AS SELECT t.q, UPPER(t.q) AS a FROM t GROUP BY t.s;
CREATE VIEW v_order_interval_after_type AS SELECT INTERVAL '1' HOUR TO SECOND AS a, UPPER(t.q) AS b FROM t;
CREATE VIEW v_order_interval_after_column AS SELECT INTERVAL '1' HOUR TO SECOND AS a, t.nosuch AS b FROM t;
CREATE VIEW v_order_interval_in_call AS SELECT UPPER(INTERVAL '1' HOUR(3) TO SECOND(4)) AS a FROM t;
CREATE VIEW v_order_interval_precision_in_call AS SELECT LOWER(INTERVAL '99999' DAY) AS a FROM t;
CREATE VIEW v_order_interval_where AS SELECT 1 AS a FROM t WHERE INTERVAL '1' HOUR TO SECOND > INTERVAL '1' HOUR AND UPPER(t.q) = 'a';
CREATE VIEW v_order_interval_before_grouping AS SELECT t.q FROM t WHERE INTERVAL '1' HOUR TO SECOND > INTERVAL '1' HOUR GROUP BY t.s;
CREATE VIEW v_order_interval_before_duplicate AS SELECT INTERVAL '1' HOUR TO SECOND AS a, t.q AS a FROM t;
CREATE VIEW v_order_interval_before_column_list (x) AS SELECT INTERVAL '1' HOUR TO SECOND AS a, t.q AS b FROM t;
CREATE VIEW v_order_interval_order_by AS SELECT t.q FROM t ORDER BY INTERVAL '1' HOUR TO SECOND;
CREATE VIEW v_order_interval_first AS SELECT INTERVAL '99999' DAY AS b, INTERVAL '1' HOUR TO SECOND AS a FROM t;
-- MAP_KEYS, MAP_VALUES, MAP_ENTRIES: the keys, values, entries of their map (one recorded call
-- over MAP<STRING, INT> fits a fixed ARRAY<STRING> too).
CREATE TABLE mt (qn INT NOT NULL, m MAP<INT, STRING>, mn MAP<STRING, DOUBLE> NOT NULL) WITH ('connector' = 'datagen');
CREATE VIEW v_map_parts AS SELECT MAP_KEYS(MAP[mt.qn, t.sn]) AS a, MAP_VALUES(MAP[mt.qn, t.sn]) AS b, MAP_KEYS(mt.m) AS c, MAP_VALUES(mt.m) AS d, MAP_KEYS(mt.mn) AS e, MAP_VALUES(mt.mn) AS f, MAP_ENTRIES(mt.m) AS g, MAP_ENTRIES(MAP[mt.qn, t.sn]) AS h, MAP_ENTRIES(mt.mn) AS i FROM mt, t;
SHOW CREATE VIEW v_map_parts;
DESCRIBE v_map_parts;
-- An aggregate under FILTER is nullable in a group (COUNT is not); a named window's frame
-- counts as an OVER clause's own; ORDER BY - -3 is the ordinal 3.
CREATE VIEW v_filter_nullable AS SELECT t.q, SUM(t.q) FILTER (WHERE t.q > 1) AS a, COUNT(*) FILTER (WHERE t.q > 1) AS b, MIN(t.sn) FILTER (WHERE TRUE) AS c, COUNT(DISTINCT t.sn) FILTER (WHERE t.q > 1) AS d, AVG(100.0) FILTER (WHERE 0.25 <= 1.50) AS e FROM t WHERE t.q IS NOT NULL GROUP BY t.q;
DESCRIBE v_filter_nullable;
CREATE VIEW v_named_window_frame AS SELECT MIN(t.sn) OVER w AS a, COUNT(t.sn) OVER w AS b FROM t WINDOW w AS (PARTITION BY t.q ORDER BY t.ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW);
DESCRIBE v_named_window_frame;
CREATE VIEW v_order_double_negation AS SELECT t.q FROM t ORDER BY - -3;
CREATE VIEW v_order_double_negation_cte AS WITH c AS (SELECT t.q FROM t ORDER BY 1, - -3) SELECT * FROM c;
CREATE VIEW v_order_double_negation_in_range AS SELECT t.q, t.s FROM t ORDER BY - -2, -1;
SHOW CREATE VIEW v_order_double_negation_in_range;
-- Last: an unterminated quote swallows the rest of a script (tests/difftest/minimal_probes.json
-- holds the other unterminated cases, asked one by one).
CREATE VIEW v_unterminated_after_eq AS SELECT t.s FROM t WHERE t.s = 'abc;
