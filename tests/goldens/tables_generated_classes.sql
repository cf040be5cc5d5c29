-- Classes of table DDL found by the generated tables of tests/difftest/tables.py (seed 1):
-- computed columns and watermarks typed by the view typer's rules (CAST, COALESCE, IFNULL),
-- the order of the watermark's checks, key columns NOT NULL in its messages, and two columns of
-- one name where neither is physical.
CREATE CATALOG g_tables_gen WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_tables_gen;
CREATE TABLE c1 (a TIMESTAMP_LTZ(3), b AS COALESCE(a, a), c BYTES, d AS COALESCE(c, c), e TINYINT NOT NULL, f AS IFNULL(e, e), g MULTISET<DOUBLE> NOT NULL, h AS COALESCE(g, g)) WITH ('connector' = 'datagen');
SHOW CREATE TABLE c1;
DESCRIBE c1;
CREATE TABLE c2 (b BINARY(27), x AS CAST(b AS TIMESTAMP(3)), y AS CAST(b AS DATE), v VARBINARY(3), z AS CAST(v AS TIME)) WITH ('connector' = 'datagen');
SHOW CREATE TABLE c2;
DESCRIBE c2;
CREATE TABLE c3 (b TIMESTAMP NOT NULL ARRAY, n AS CAST(b AS TIMESTAMP(3))) WITH ('connector' = 'datagen');
CREATE TABLE c4 (r ROW<>, n AS CAST(r AS TIMESTAMP(3))) WITH ('connector' = 'datagen');
CREATE TABLE c5 (b BINARY(4), x AS CAST(b AS INT)) WITH ('connector' = 'datagen');
CREATE TABLE c6 (b BOOLEAN, x AS CAST(b AS TIMESTAMP(3))) WITH ('connector' = 'datagen');
CREATE TABLE w1 (a INT NOT NULL, WATERMARK FOR a AS a) WITH ('connector' = 'datagen');
CREATE TABLE w2 (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
ALTER TABLE w2 MODIFY ts BIGINT NOT NULL;
CREATE TABLE w3 (a INT, PRIMARY KEY (a) NOT ENFORCED, WATERMARK FOR a AS a) WITH ('connector' = 'datagen');
CREATE TABLE w4 (ts TIMESTAMP(3), PRIMARY KEY (ts) NOT ENFORCED, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
DESCRIBE w4;
CREATE TABLE w5 (b VARBINARY, WATERMARK FOR b AS b - INTERVAL '1' MINUTE) WITH ('connector' = 'datagen');
CREATE TABLE w6 (s STRING, WATERMARK FOR s AS s + 1) WITH ('connector' = 'datagen');
CREATE TABLE w7 (t TIMESTAMP(9), WATERMARK FOR t AS t + 1) WITH ('connector' = 'datagen');
CREATE TABLE w8 (a INT, ts AS PROCTIME(), WATERMARK FOR ts AS ts + 1) WITH ('connector' = 'datagen');
CREATE TABLE w9 (a INT, ts AS PROCTIME(), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
CREATE TABLE w10 (d DATE, WATERMARK FOR d AS d + 1) WITH ('connector' = 'datagen');
CREATE TABLE w11 (c CHAR(109) NOT NULL, WATERMARK FOR c AS c) WITH ('connector' = 'datagen');
CREATE TABLE d1 (a INT, x AS a, x AS a) WITH ('connector' = 'datagen');
CREATE TABLE d2 (a INT, x INT METADATA, x INT METADATA) WITH ('connector' = 'datagen');
CREATE TABLE d3 (a INT, x AS a, x INT METADATA) WITH ('connector' = 'datagen');
CREATE TABLE d4 (a INT, x INT METADATA, x AS a) WITH ('connector' = 'datagen');
CREATE TABLE d5 (a INT, x AS a, a INT) WITH ('connector' = 'datagen');
CREATE TABLE d6 (a INT, x INT METADATA, a INT) WITH ('connector' = 'datagen');
CREATE TABLE d7 (x AS 1, a INT, x INT) WITH ('connector' = 'datagen');
CREATE TABLE d8 (x AS 1, x AS 2, a INT, a INT) WITH ('connector' = 'datagen');
CREATE TABLE d9 (m INT METADATA, x AS 1, m AS 2, x INT METADATA) WITH ('connector' = 'datagen');
CREATE TABLE o0 (b BITMAP, x AS CAST(b AS STRING)) WITH ('connector'='datagen');
CREATE TABLE o1 (b BITMAP, x AS CAST(b AS CHAR(3))) WITH ('connector'='datagen');
CREATE TABLE o2 (b BITMAP, x AS CAST(b AS VARCHAR(5))) WITH ('connector'='datagen');
CREATE TABLE o3 (b BITMAP, x AS CAST(b AS BYTES)) WITH ('connector'='datagen');
CREATE TABLE o4 (b BITMAP, x AS CAST(b AS BINARY(4))) WITH ('connector'='datagen');
CREATE TABLE o5 (b BITMAP, x AS CAST(b AS INT)) WITH ('connector'='datagen');
CREATE TABLE o6 (b BITMAP, x AS CAST(b AS BOOLEAN)) WITH ('connector'='datagen');
CREATE TABLE o7 (b BITMAP, x AS CAST(b AS TIMESTAMP(3))) WITH ('connector'='datagen');
CREATE TABLE o8 (b BITMAP, x AS CAST(b AS ARRAY<INT>)) WITH ('connector'='datagen');
CREATE TABLE o9 (b BITMAP, x AS CAST(b AS BITMAP)) WITH ('connector'='datagen');
CREATE TABLE o10 (b BITMAP, x AS CAST(b AS VARIANT)) WITH ('connector'='datagen');
CREATE TABLE o11 (b VARIANT, x AS CAST(b AS STRING)) WITH ('connector'='datagen');
CREATE TABLE o12 (b VARIANT, x AS CAST(b AS CHAR(3))) WITH ('connector'='datagen');
CREATE TABLE o13 (b VARIANT, x AS CAST(b AS VARCHAR(5))) WITH ('connector'='datagen');
CREATE TABLE o14 (b VARIANT, x AS CAST(b AS BYTES)) WITH ('connector'='datagen');
CREATE TABLE o15 (b VARIANT, x AS CAST(b AS BINARY(4))) WITH ('connector'='datagen');
CREATE TABLE o16 (b VARIANT, x AS CAST(b AS INT)) WITH ('connector'='datagen');
CREATE TABLE o17 (b VARIANT, x AS CAST(b AS BOOLEAN)) WITH ('connector'='datagen');
CREATE TABLE o18 (b VARIANT, x AS CAST(b AS TIMESTAMP(3))) WITH ('connector'='datagen');
CREATE TABLE o19 (b VARIANT, x AS CAST(b AS ARRAY<INT>)) WITH ('connector'='datagen');
CREATE TABLE o20 (b VARIANT, x AS CAST(b AS BITMAP)) WITH ('connector'='datagen');
CREATE TABLE o21 (b VARIANT, x AS CAST(b AS VARIANT)) WITH ('connector'='datagen');
CREATE TABLE e1 (a INT, x AS a + 'q', a INT METADATA) WITH ('connector' = 'datagen');
CREATE TABLE e2 (a INT, x AS CAST(a AS STRING), a INT METADATA, y AS a + 'q') WITH ('connector' = 'datagen');
CREATE TABLE e3 (b BITMAP NOT NULL, x AS CAST(b AS TIMESTAMP(3))) WITH ('connector' = 'datagen');
CREATE TABLE e4 (b BITMAP, PRIMARY KEY (b) NOT ENFORCED, x AS CAST(b AS INT)) WITH ('connector' = 'datagen');
-- computed columns and watermarks validated as a view's select item (the generated computed
-- columns of tests/difftest/tables.py --computed): written as Flink keeps them
CREATE TABLE k1 (a INT, b INT, s STRING, c CHAR(3), ts TIMESTAMP(3), ts0 TIMESTAMP(0), tm TIME, tm3 TIME(3), dt DATE, d DECIMAL(10, 0), n1 AS NULLIF(a, b), n2 AS COALESCE(tm3, tm), n3 AS CASE WHEN a > 1 THEN tm END, n4 AS LOCALTIMESTAMP, n5 AS EXTRACT(WEEK FROM dt), n6 AS ROUND(d, 2), n7 AS ts NOT BETWEEN SYMMETRIC ts0 AND ts, n8 AS s SIMILAR TO 'a%', n9 AS s LIKE 'x!%' ESCAPE '!', n10 AS UNKNOWN, n11 AS ENCODE('x', 'UTF-8'), n12 AS POSITION('a' IN s), n13 AS CURRENT_DATE, n14 AS TRUNCATE(d, 1), WATERMARK FOR ts AS NULLIF(ts, ts0)) WITH ('connector' = 'datagen');
SHOW CREATE TABLE k1;
DESCRIBE k1;
CREATE TABLE k2 (a INT, x AS a + TRUE) WITH ('connector' = 'datagen');
CREATE TABLE k3 (dt DATE, x AS dt = TRUE) WITH ('connector' = 'datagen');
CREATE TABLE k4 (a INT, x AS 42 LIKE 'a%') WITH ('connector' = 'datagen');
CREATE TABLE k5 (a INT, x AS CARDINALITY(ARRAY[])) WITH ('connector' = 'datagen');
CREATE TABLE k6 (a INT, x AS EXTRACT(DOW FROM CAST(nope AS DATE))) WITH ('connector' = 'datagen');
CREATE TABLE k7 (a INT, x AS MOD(a)) WITH ('connector' = 'datagen');
CREATE TABLE k8 (a INT, x AS UPPER(a, 'x')) WITH ('connector' = 'datagen');
CREATE TABLE k9 (b BINARY(4), v VARBINARY(10), x AS NULLIF(b, v), y AS NULLIF(X'0A0B', v)) WITH ('connector' = 'datagen');
DESCRIBE k9;
CREATE TABLE k10 (a INT, x AS a != 1) WITH ('connector' = 'datagen');
CREATE TABLE k11 (a INT, x AS 'a!=b') WITH ('connector' = 'datagen');
CREATE TABLE k12 (ts TIMESTAMP(3), WATERMARK FOR ts AS CASE WHEN ts != ts THEN ts ELSE ts END) WITH ('connector' = 'datagen');
-- ALTER TABLE, from the generated sequences of tests/difftest/tables.py --alter
CREATE TABLE a1 (id INT, name STRING, ts TIMESTAMP(3), b BYTES, c AS id + 1, m STRING METADATA FROM 'k' VIRTUAL) PARTITIONED BY (name) WITH ('connector' = 'datagen');
ALTER TABLE a1 MODIFY PRIMARY KEY (id) NOT ENFORCED;
ALTER TABLE a1 MODIFY PRIMARY KEY (id, c) NOT ENFORCED;
ALTER TABLE a1 MODIFY WATERMARK FOR ts AS ts;
ALTER TABLE a1 ADD PRIMARY KEY (c) NOT ENFORCED;
ALTER TABLE a1 ADD CONSTRAINT my_pk PRIMARY KEY (id, m) NOT ENFORCED;
ALTER TABLE a1 DROP name;
ALTER TABLE a1 RENAME name TO name2;
ALTER TABLE a1 DROP (b, b);
ALTER TABLE a1 DROP (b, nope);
ALTER TABLE a1 ADD m2 INT METADATA FROM 'k' VIRTUAL;
ALTER TABLE a1 ADD k STRING METADATA VIRTUAL;
ALTER TABLE a1 MODIFY name AS CAST(id AS STRING);
ALTER TABLE a1 ADD WATERMARK FOR b AS b - INTERVAL '1' SECOND;
ALTER TABLE a1 ADD x AS `a b` IS NULL;
ALTER TABLE a1 ADD PRIMARY KEY (id) NOT ENFORCED;
ALTER TABLE a1 DROP (c, id);
ALTER TABLE a1 DROP (id, c);
SHOW CREATE TABLE a1;
CREATE TABLE a2 (a INT, m1 STRING METADATA FROM 'k', m2 STRING METADATA FROM 'k') WITH ('connector' = 'datagen');
CREATE TABLE a3 (k INT METADATA, m2 STRING METADATA FROM 'k') WITH ('connector' = 'datagen');
CREATE TABLE a4 (b BITMAP NOT NULL MULTISET, x AS b + 1) WITH ('connector' = 'datagen');
CREATE TABLE a5 (a INT, b STRING, c DOUBLE COMMENT 'see') WITH ('connector' = 'datagen');
ALTER TABLE a5 MODIFY (c BIGINT AFTER c);
SHOW CREATE TABLE a5;
ALTER TABLE a5 MODIFY b INT COMMENT 'b' AFTER b;
DESCRIBE a5;
CREATE TABLE a6 (id INT CONSTRAINT pk PRIMARY KEY NOT ENFORCED, s STRING, m STRING METADATA FROM 'k' COMMENT 'kept') WITH ('connector' = 'datagen');
ALTER TABLE a6 MODIFY id AS CAST(s AS INT);
ALTER TABLE a6 MODIFY (m BOOLEAN FIRST);
SHOW CREATE TABLE a6;
-- A column keeps FLOOR/CEIL of a bare niladic word as written (a view encloses it); a call
-- written with parentheses is enclosed in both.
CREATE TABLE f1 (a INT, s STRING, ts TIMESTAMP(3), c1 AS FLOOR(LOCALTIME TO HOUR), c2 AS CEIL(CURRENT_TIMESTAMP TO DAY), c3 AS FLOOR(CURRENT_DATE TO DAY), c4 AS CEIL(CURRENT_TIME TO HOUR), c5 AS FLOOR(LOCALTIMESTAMP() TO DAY), c6 AS FLOOR(CURRENT_TIMESTAMP() TO DAY), c7 AS FLOOR(NOW() TO DAY), c8 AS FLOOR(ts + INTERVAL '1' HOUR TO DAY), c9 AS FLOOR(LOCALTIME TO HOUR) > LOCALTIME, c10 AS FLOOR(CURRENT_DATE() TO DAY), c11 AS FLOOR((LOCALTIMESTAMP) TO DAY), c12 AS CEIL(((CURRENT_TIMESTAMP)) TO DAY), WATERMARK FOR ts AS CASE WHEN ts > FLOOR(LOCALTIMESTAMP TO DAY) THEN ts ELSE ts END) WITH ('connector' = 'datagen');
SHOW CREATE TABLE f1;
DESCRIBE f1;
-- SHOW CREATE TABLE writes a watermark's character strings outside printable ASCII in UTF-16
-- (_UTF16'ä'); DESCRIBE, and every computed column, write them u&'\00e4'.
CREATE TABLE f2 (a INT, s STRING, ts TIMESTAMP(3), c1 AS s = 'ä', c2 AS s LIKE 'it''s é%', c3 AS U&'\00C4x' || s, c4 AS s = '😀', WATERMARK FOR ts AS CASE WHEN s = 'it''s ä' OR s LIKE '中%' OR s = U&'\00C4' OR s = 'ab' OR s = '😀' THEN ts ELSE ts END) WITH ('connector' = 'datagen');
SHOW CREATE TABLE f2;
DESCRIBE f2;
CREATE TABLE f6 (s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS TO_TIMESTAMP('Ä' || s)) WITH ('connector' = 'datagen');
SHOW CREATE TABLE f6;
DESCRIBE f6;
-- A column's expression is read again from its text, as Flink's parser reads it: every form a
-- view's select item takes (INITCAP, OVERLAPS, JDBC escapes, TRANSLATE, a row, a window
-- function), a whole INTERVAL bare, and no query.
CREATE TABLE f3 (a INT, s STRING, ts TIMESTAMP(3), c1 AS INITCAP(s), c2 AS TO_DATE(INITCAP('a') || s), c3 AS (ts, ts) OVERLAPS (ts, ts), c4 AS {fn UCASE(s)}, c5 AS TRANSLATE(s USING utf8), c6 AS CONVERT(s USING utf8), c7 AS (a, s), c8 AS INTERVAL a DAY, c9 AS ts + INTERVAL a DAY, c10 AS ROW_NUMBER() OVER (), c11 AS SUM(a) OVER (PARTITION BY s ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), c12 AS COUNT(*)) WITH ('connector' = 'datagen');
SHOW CREATE TABLE f3;
DESCRIBE f3;
CREATE TABLE f4 (a INT, c AS EXISTS (SELECT 1)) WITH ('connector' = 'datagen');
CREATE TABLE f5 (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS CASE WHEN EXISTS (SELECT 1) THEN ts ELSE ts END) WITH ('connector' = 'datagen');
CREATE TABLE f7 (a INT, s STRING, c AS SUM(a) WITHIN DISTINCT (s)) WITH ('connector' = 'datagen');
-- A computed column is a processing-time attribute when its expression types as one, not only
-- when it is PROCTIME() itself (tables difftest --computed --seed 7): through + and - of an
-- interval, COALESCE, NULLIF and CASE, not through CAST or TIMESTAMPADD. A view reading such a
-- column, and a window over it, keep the attribute; no watermark may be defined on it.
CREATE TABLE p1 (id INT, ts TIMESTAMP(3), p AS PROCTIME(), a AS PROCTIME() + INTERVAL '1' SECOND, b AS PROCTIME() - INTERVAL '1' HOUR, c AS INTERVAL '1' SECOND + PROCTIME(), d AS TIMESTAMPADD(SECOND, 1, PROCTIME()), e AS CAST(PROCTIME() AS TIMESTAMP_LTZ(3)), f AS proctime() + INTERVAL '1-2' YEAR TO MONTH, g AS COALESCE(PROCTIME(), PROCTIME()), h AS NULLIF(PROCTIME(), PROCTIME()), i AS CASE WHEN id > 0 THEN `PROCTIME`() ELSE PROCTIME() END, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
SHOW CREATE TABLE p1;
DESCRIBE p1;
CREATE VIEW p1_read AS SELECT a, a + INTERVAL '1' SECOND AS a2, i, ts + INTERVAL '1' MONTH AS t2 FROM p1;
DESCRIBE p1_read;
CREATE VIEW p1_window AS SELECT * FROM TABLE(TUMBLE(TABLE p1, DESCRIPTOR(a), INTERVAL '1' MINUTE));
DESCRIBE p1_window;
CREATE TABLE p2 (id INT, a AS PROCTIME() + INTERVAL '1' SECOND, WATERMARK FOR a AS a) WITH ('connector' = 'datagen');
-- A column's or a watermark's expression is read as Flink's parser reads a select item, and
-- its refusals placed in the statement (tables difftest --computed --seed 7): an empty IN list,
-- a reserved word, an alias, a bad interval unit at its first column.
CREATE TABLE e1 (a INT, b AS a AS c) WITH ('connector' = 'datagen');
CREATE TABLE e2 (a INT, b AS a c) WITH ('connector' = 'datagen');
CREATE TABLE e3 (a INT, b AS 'x' `c`) WITH ('connector' = 'datagen');
CREATE TABLE e4 (a INT, b AS (a) AS c) WITH ('connector' = 'datagen');
CREATE TABLE e5 (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts z) WITH ('connector' = 'datagen');
CREATE TABLE e6 (a INT, b AS a IN ()) WITH ('connector' = 'datagen');
CREATE TABLE e7 (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS CASE WHEN a IN () THEN ts END) WITH ('connector' = 'datagen');
CREATE TABLE e8 (a INT, b AS value + 1) WITH ('connector' = 'datagen');
CREATE TABLE e9 (a INT,
  b AS
    INTERVAL '1' FORTNIGHT) WITH ('connector' = 'datagen');
-- TO_TIMESTAMP_LTZ takes an INT precision, not a TINYINT, SMALLINT or BIGINT one (tables
-- difftest --computed --seed 7); a call its record holds no such call of is refused by the
-- rule of the calls over the same type roots, also where the call is read into a node of its
-- own, as JSON_EXISTS is (views difftest seed 20261207).
CREATE TABLE l1 (si SMALLINT, ti TINYINT, i INT, d DOUBLE, x AS TO_TIMESTAMP_LTZ(d, i)) WITH ('connector' = 'datagen');
DESCRIBE l1;
CREATE TABLE l2 (si SMALLINT, x AS TO_TIMESTAMP_LTZ(3, si)) WITH ('connector' = 'datagen');
CREATE TABLE l3 (si SMALLINT, x AS TO_TIMESTAMP_LTZ(3, ABS(si))) WITH ('connector' = 'datagen');
CREATE VIEW l1_tiny AS SELECT TO_TIMESTAMP_LTZ(i, ti) AS x FROM l1;
CREATE VIEW l1_json AS SELECT JSON_EXISTS(X'0A0B', 1) AS x FROM l1;
CREATE VIEW l1_json_ok AS SELECT JSON_EXISTS(X'0A0B', '$.a') AS x, JSON_VALUE(CAST(d AS VARCHAR(3)), '$.a') AS y FROM l1;
DESCRIBE l1_json_ok;
-- Last: its unterminated string runs to the end of the file.
CREATE TABLE e10 (a INT, x0 AS 'unterminated,
  WATERMARK FOR ts AS LOCALTIMESTAMP
) WITH ('connector' = 'datagen');
