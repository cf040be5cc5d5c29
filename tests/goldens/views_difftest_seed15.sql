-- Classes found by the differential run of seed 15 (20,000 views, tests/README.md), each
-- around its reduced statement, as Flink takes or refuses them (#14, #15).
CREATE CATALOG g_vseed15 WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vseed15;

CREATE TABLE t_all (
  id INT NOT NULL,
  i INT,
  bi BIGINT NOT NULL,
  b BOOLEAN,
  c CHAR(3),
  vc VARCHAR(20),
  s STRING,
  dec10 DECIMAL(10),
  ts6 TIMESTAMP(6),
  arr ARRAY<INT>,
  arr_r ARRAY<ROW<f INT, g STRING>>,
  m MAP<STRING, INT>
) WITH ('connector' = 'datagen');
CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  cust INT,
  amount DECIMAL(10, 2),
  product STRING,
  qty INT,
  ts TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');
CREATE TABLE files (
  line STRING,
  n INT,
  fsize BIGINT METADATA FROM 'file.size' VIRTUAL
) WITH ('connector' = 'filesystem', 'path' = '/tmp/difftest-none', 'format' = 'csv');
CREATE TABLE events (
  e_id BIGINT NOT NULL,
  kind STRING,
  score DOUBLE,
  ets TIMESTAMP_LTZ(3),
  WATERMARK FOR ets AS ets - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen');

-- functions over an array constructor of string literals (ARRAY<CHAR(1) NOT NULL> NOT NULL)
CREATE VIEW v_contains_char AS SELECT ARRAY_CONTAINS(ARRAY['a'], 'x') AS x, ARRAY_CONTAINS(ARRAY['a'], 'abc') AS y FROM t_all;
CREATE VIEW v_position_char AS SELECT ARRAY_POSITION(ARRAY['a'], 'x') AS x FROM t_all;
CREATE VIEW v_join_char AS SELECT ARRAY_JOIN(ARRAY['a'], s) AS x, ARRAY_JOIN(ARRAY['a', 'b'], ',') AS y FROM t_all;
CREATE VIEW v_contains_char_bigint AS SELECT ARRAY_CONTAINS(ARRAY['a'], TRY_CAST(s AS BIGINT)) AS x FROM t_all;
CREATE VIEW v_contains_in_define AS SELECT * FROM orders MATCH_RECOGNIZE (PARTITION BY cust ORDER BY ts MEASURES CLASSIFIER() AS m3 ONE ROW PER MATCH PATTERN (A+ B) DEFINE A AS ARRAY_CONTAINS(ARRAY['a'], 'x'), B AS TRUE) AS mr1;
-- ARRAY_JOIN of an array of numbers
CREATE VIEW v_join_ints AS SELECT ARRAY_JOIN(ARRAY[1, 2], product, 'abc') AS x FROM orders;
-- ARRAY_MAX and ARRAY_MIN of rows, maps and arrays; ARRAY_SORT of rows
CREATE VIEW v_max_rows AS SELECT ARRAY_MAX(arr_r) AS x FROM t_all;
CREATE VIEW v_min_rows AS SELECT i FROM t_all ORDER BY ARRAY_MIN(arr_r) DESC;
CREATE VIEW v_max_maps AS SELECT ARRAY_MAX(ARRAY[m]) AS x FROM t_all;
CREATE VIEW v_max_arrays AS SELECT ARRAY_MAX(ARRAY[arr]) AS x FROM t_all;
CREATE VIEW v_sort_rows AS SELECT ARRAY_SORT(arr_r) AS x FROM t_all;
CREATE VIEW v_distinct_rows AS SELECT ARRAY_DISTINCT(arr_r) AS x FROM t_all;
-- ELT: a negative literal index; the values' common type
CREATE VIEW v_elt_negative AS SELECT ELT(-3, 'x') AS x FROM t_all;
CREATE VIEW v_elt_zero AS SELECT ELT(0, 'x') AS x FROM t_all;
CREATE VIEW v_elt_lengths AS SELECT ELT(1, 'x', 'yy') AS x, ELT(i, vc, c) AS y, ELT(i, COALESCE('x' 'y', 'a')) AS z FROM t_all;
-- MOD of exact numbers of scale 0: the divisor's type
CREATE VIEW v_mod_scale0 AS SELECT MOD(FLOOR(100.0), CASE WHEN b THEN -3 END) AS x, MOD(dec10, i) AS y, MOD(i, dec10) AS z, dec10 % bi AS w FROM t_all;
-- GREATEST and LEAST keep a rowtime only of operands all of one type
CREATE VIEW v_least_literal AS SELECT LEAST(o2.ts, TIMESTAMP '2024-01-15 10:00:00') AS x FROM files AS fi1 CROSS JOIN orders o2;
CREATE VIEW v_greatest_same AS SELECT GREATEST(o2.ts, o2.ts) AS x, LEAST(o2.ts, o2.ts) AS y FROM orders o2;
CREATE VIEW v_greatest_window AS SELECT GREATEST(window_time, window_end) AS x FROM TABLE(CUMULATE(TABLE events, DESCRIPTOR(ets), INTERVAL '1' MINUTE, INTERVAL '1' HOUR)) AS w1;
-- ALL ROWS PER MATCH without measures: the input's columns in its order
CREATE VIEW v_all_rows_no_measures AS SELECT * FROM orders AS o1 MATCH_RECOGNIZE (PARTITION BY cust, order_id ORDER BY ts ALL ROWS PER MATCH PATTERN (B) DEFINE B AS TRUE) AS mr2;
SHOW VIEWS;
