-- Classes found by the differential run of seed 25 (20,000 views, tests/README.md), each
-- around its reduced statement, as Flink takes or refuses them (#14).
CREATE CATALOG g_vseed25 WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vseed25;

CREATE TABLE orders (order_id BIGINT NOT NULL, product STRING, qty INT) WITH ('connector' = 'datagen');
CREATE TABLE t_all (
  id INT NOT NULL,
  s STRING,
  r ROW<a INT, b STRING>,
  arr_r ARRAY<ROW<f INT, g STRING>>
) WITH ('connector' = 'datagen');

-- Calcite's ORDER BY expander reads a field access on an expression (arr_r[1].g) as a name of
-- its own, but leaves the sub-queries of an ORDER BY item alone
CREATE VIEW o_subquery_field AS SELECT qty FROM orders ORDER BY (SELECT MIN(ta3.arr_r[1].g) FROM t_all AS ta3);
SHOW CREATE VIEW o_subquery_field;
CREATE VIEW o_subquery_row_field AS SELECT qty FROM orders ORDER BY (SELECT MIN(ta3.r.a) FROM t_all AS ta3);
SHOW CREATE VIEW o_subquery_row_field;
CREATE VIEW o_direct_field AS SELECT ta3.s FROM t_all AS ta3 ORDER BY ta3.arr_r[1].g;
CREATE VIEW o_exists_field AS SELECT qty FROM orders ORDER BY (SELECT COUNT(*) FROM t_all ta3 WHERE ta3.arr_r[1].g = 'x');
SHOW CREATE VIEW o_exists_field;
CREATE VIEW s_select_field AS SELECT (SELECT MIN(ta3.arr_r[1].g) FROM t_all AS ta3) AS m FROM orders;
DESCRIBE s_select_field;
