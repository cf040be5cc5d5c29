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
