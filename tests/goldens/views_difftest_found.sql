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
