-- Literals at the end of a statement and in computed columns: the same reading and writing
-- rules as in views (SHOW CREATE TABLE, DESCRIBE).
CREATE CATALOG g_vlitc WITH ('type' = 'generic_in_memory');
USE CATALOG g_vlitc;
CREATE VIEW v_end_uni AS SELECT U&'\00e4';
SHOW CREATE VIEW v_end_uni;
CREATE VIEW v_end_bin AS SELECT X'0A';
SHOW CREATE VIEW v_end_bin;
CREATE VIEW v_end_cs AS SELECT _UTF16'x';
SHOW CREATE VIEW v_end_cs;
CREATE VIEW v_end_num AS SELECT 007;
SHOW CREATE VIEW v_end_num;
DESCRIBE v_end_num;
CREATE TABLE t (
  a INT,
  b AS a * 0.5 + -(-1),
  c AS 'Ä',
  d AS +a,
  e AS DATE '2024-1-5',
  f AS - -a,
  g AS CAST(a AS FLOAT) * 0.5,
  h AS TRUE IS UNKNOWN,
  i AS 'x'
    'y',
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '00:01.5' MINUTE TO SECOND(3)
) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t;
DESCRIBE t;
-- IS binds more loosely than a comparison in Calcite: (a > 0) IS UNKNOWN
CREATE TABLE t_prec (a INT, h AS a > 0 IS UNKNOWN, n AS a > 0 IS NOT NULL, p AS (a > 0) IS UNKNOWN) WITH ('connector' = 'datagen');
SHOW CREATE TABLE t_prec;
DESCRIBE t_prec;
CREATE TABLE t_bad_is (a INT, b AS a IS UNKNOWN) WITH ('connector' = 'datagen');
CREATE TABLE t_bad_is2 (a INT, b AS a IS NOT UNKNOWN) WITH ('connector' = 'datagen');
CREATE TABLE t_bad (a INT, b AS 99999999999999999999) WITH ('connector' = 'datagen');
CREATE TABLE t_bad2 (a INT, b AS TIME '24:00:00') WITH ('connector' = 'datagen');
CREATE VIEW v_ts_date AS SELECT TIMESTAMP '2024-01-01' AS a, TIMESTAMP '2024-1-1 1:2:3.5' AS b;
SHOW CREATE VIEW v_ts_date;
DESCRIBE v_ts_date;
CREATE VIEW v_where_lit AS SELECT t.a FROM t WHERE 0.5 = .50 AND 1e0 > -1.5E0 AND 'Ä' <> U&'\00c4';
SHOW CREATE VIEW v_where_lit;
DESCRIBE v_where_lit;
