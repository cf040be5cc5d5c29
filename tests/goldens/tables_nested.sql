-- Computed columns and watermarks of CREATE TABLE reading ROW, ARRAY and MAP fields.
CREATE CATALOG g_tnested WITH ('type' = 'generic_in_memory');
USE CATALOG g_tnested;

CREATE TABLE t_case (
  k INT,
  r ROW<f STRING, g INT>,
  c AS CASE WHEN k = 0 THEN r.f ELSE 'x' END
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_case;
DESCRIBE t_case;
-- a column read by field in a computed column or a watermark cannot be dropped or renamed
ALTER TABLE t_case DROP r;
ALTER TABLE t_case RENAME r TO r2;
ALTER TABLE t_case DROP g;
CREATE TABLE t_wm (
  id BIGINT,
  r ROW<ts TIMESTAMP(3), n INT>,
  ts AS r.ts,
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_wm;
DESCRIBE t_wm;
ALTER TABLE t_wm DROP r;
CREATE TABLE t_arr (
  arr ARRAY<ROW<f INT, s STRING>>,
  a1 AS arr[1].f,
  a2 AS arr[2]
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_arr;
DESCRIBE t_arr;
CREATE TABLE t_map (
  m MAP<STRING, INT>,
  mr MAP<STRING, ROW<x INT, y STRING>>,
  v AS m['k'],
  w AS mr['a'].y,
  w2 AS UPPER(mr['a'].y)
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_map;
DESCRIBE t_map;
CREATE TABLE t_deep (
  p ROW<r ROW<h ROW<x INT, `y z` STRING>, n BIGINT NOT NULL> NOT NULL>,
  q ROW<a INT NOT NULL> NOT NULL,
  d1 AS p.r.h.x,
  d2 AS p.r.h.`y z`,
  d3 AS p.r.n,
  d4 AS q.a,
  d5 AS p.r.h,
  d6 AS `p`.`r`.`n` + 1
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_deep;
DESCRIBE t_deep;
CREATE TABLE t_wm_deep (
  e ROW<meta ROW<ts TIMESTAMP(3)>>,
  ts AS e.meta.ts,
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_wm_deep;
DESCRIBE t_wm_deep;
-- a watermark directly on a nested field
CREATE TABLE t_wm_field (
  r ROW<ts TIMESTAMP(3)>,
  WATERMARK FOR r.ts AS r.ts
) WITH ('connector' = 'datagen');
-- unknown fields and field access on non-ROW columns
CREATE TABLE t_bad1 (r ROW<f INT>, c AS r.nope) WITH ('connector' = 'datagen');
CREATE TABLE t_bad2 (k INT, c AS k.f) WITH ('connector' = 'datagen');
CREATE TABLE t_bad3 (r ROW<f INT>, c AS r.f.g) WITH ('connector' = 'datagen');
CREATE TABLE t_bad4 (r ROW<f INT>, c AS R.f) WITH ('connector' = 'datagen');
CREATE TABLE t_bad5 (r ROW<f INT>, c AS r.F) WITH ('connector' = 'datagen');
CREATE TABLE t_bad6 (arr ARRAY<ROW<f INT>>, c AS arr[1].g) WITH ('connector' = 'datagen');
CREATE TABLE t_bad7 (m MAP<STRING, INT>, c AS m['k'].f) WITH ('connector' = 'datagen');
-- the table name itself as a qualifier
CREATE TABLE t_qual (r ROW<f INT>, c AS t_qual.r.f) WITH ('connector' = 'datagen');
-- reserved words as field names
CREATE TABLE t_resv (r ROW<`value` INT, `year` STRING, `select` INT>, c1 AS r.`value`, c2 AS r.`year`, c3 AS r.`select`) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_resv;
DESCRIBE t_resv;
CREATE TABLE t_resv_bare (r ROW<`value` INT>, c1 AS r.value) WITH ('connector' = 'datagen');
