-- CREATE TABLE: physical, computed and metadata columns, watermarks, keys, comments, partitions,
-- options, LIKE; SHOW CREATE TABLE, DESCRIBE, SHOW TABLES, SHOW COLUMNS.
CREATE CATALOG g_tables WITH ('type' = 'generic_in_memory');
USE CATALOG g_tables;
CREATE DATABASE other;

CREATE TABLE orders (
  id BIGINT NOT NULL COMMENT 'order id',
  name STRING COMMENT 'who ''ordered''',
  ms BIGINT,
  price DECIMAL(10, 2),
  qty INT,
  payload STRING,
  ts AS TO_TIMESTAMP_LTZ(ms, 3),
  pt AS PROCTIME(),
  qty_big AS CAST(qty AS BIGINT),
  total AS price * qty + 1,
  upper_name AS UPPER(name),
  label AS CONCAT(name, '-', CAST(id AS STRING)),
  label2 AS name || '!',
  size_class AS CASE WHEN qty > 10 THEN 'big' ELSE 'small' END,
  safe_name AS COALESCE(name, 'nobody'),
  city AS JSON_VALUE(payload, '$.city'),
  day_str AS DATE_FORMAT(TO_TIMESTAMP_LTZ(ms, 3), 'yyyy-MM-dd'),
  `offset` BIGINT METADATA VIRTUAL,
  part INT METADATA FROM 'partition' VIRTUAL,
  event_time TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  headers MAP<STRING, BYTES> METADATA,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'all the ''orders'''
WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json',
  'a.quote' = 'it''s'
);
SHOW CREATE TABLE orders;
DESCRIBE orders;
DESC orders;
DESCRIBE EXTENDED orders;
SHOW COLUMNS FROM orders;
SHOW COLUMNS FROM orders LIKE '%a%';
SHOW COLUMNS IN orders NOT LIKE '%a%';
SHOW COLUMNS FROM orders ILIKE 'N%';
SHOW TABLES;

-- the smallest table, no WITH
CREATE TABLE minimal (a INT);
SHOW CREATE TABLE minimal;
DESCRIBE minimal;
CREATE TABLE IF NOT EXISTS minimal (b STRING);
SHOW CREATE TABLE minimal;
CREATE TABLE minimal (b STRING);

-- qualified names
CREATE TABLE other.t1 (a INT) WITH ('connector' = 'datagen');
CREATE TABLE g_tables.other.t2 (a INT);
CREATE TABLE missing_db.t (a INT);
CREATE TABLE g_missing.other.t (a INT);
SHOW TABLES FROM other;
SHOW TABLES IN other;
SHOW TABLES FROM g_tables.other;
SHOW TABLES FROM missing_db;
SHOW TABLES LIKE 'm%';
SHOW TABLES NOT LIKE 'm%';
SHOW TABLES ILIKE 'O%';
SHOW TABLES FROM other LIKE '%2';
SHOW CREATE TABLE other.t1;
SHOW CREATE TABLE g_tables.other.t2;
DESCRIBE g_tables.other.t1;

-- watermarks
CREATE TABLE wm1 (ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SHOW CREATE TABLE wm1;
DESCRIBE wm1;
CREATE TABLE wm2 (ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE);
SHOW CREATE TABLE wm2;
DESCRIBE wm2;
CREATE TABLE wm3 (ms BIGINT, ts AS TO_TIMESTAMP(FROM_UNIXTIME(ms / 1000)), WATERMARK FOR ts AS ts - INTERVAL '0.5' SECOND);
SHOW CREATE TABLE wm3;
DESCRIBE wm3;
CREATE TABLE wm4 (ts TIMESTAMP(6), WATERMARK FOR ts AS ts);
CREATE TABLE wm5 (ts TIMESTAMP(0), WATERMARK FOR ts AS ts - INTERVAL '2' HOUR);
SHOW CREATE TABLE wm5;
DESCRIBE wm5;
CREATE TABLE wm6 (a INT, WATERMARK FOR a AS a);
CREATE TABLE wm7 (r ROW<ts TIMESTAMP(3)>, WATERMARK FOR r.ts AS r.ts);
CREATE TABLE wm8 (ts TIMESTAMP(3), WATERMARK FOR nope AS nope);
CREATE TABLE wm9 (ts TIMESTAMP(3), WATERMARK FOR ts AS nope);
CREATE TABLE wm10 (ts TIMESTAMP(3), WATERMARK FOR ts AS ts, WATERMARK FOR ts AS ts);
CREATE TABLE wm11 (ts TIMESTAMP(3), ts2 TIMESTAMP(3), WATERMARK FOR ts AS ts2 - INTERVAL '1' SECOND);
SHOW CREATE TABLE wm11;
DESCRIBE wm11;
CREATE TABLE wm12 (ts TIMESTAMP(3), WATERMARK FOR ts AS CAST(ts AS TIMESTAMP(3)));
SHOW CREATE TABLE wm12;
CREATE TABLE wm13 (ts TIMESTAMP(3), WATERMARK FOR ts AS 1);
CREATE TABLE wm14 (pt AS PROCTIME(), WATERMARK FOR pt AS pt);
CREATE TABLE wm15 (m TIMESTAMP(3) METADATA FROM 'timestamp', WATERMARK FOR m AS m);
SHOW CREATE TABLE wm15;
DESCRIBE wm15;

-- primary keys
CREATE TABLE pk1 (id INT PRIMARY KEY NOT ENFORCED, v STRING);
SHOW CREATE TABLE pk1;
DESCRIBE pk1;
CREATE TABLE pk2 (a INT, b STRING, c INT, PRIMARY KEY (a, b) NOT ENFORCED);
SHOW CREATE TABLE pk2;
DESCRIBE pk2;
CREATE TABLE pk3 (a INT, b STRING, CONSTRAINT my_pk PRIMARY KEY (b, a) NOT ENFORCED);
SHOW CREATE TABLE pk3;
DESCRIBE pk3;
CREATE TABLE pk4 (a INT CONSTRAINT inline_pk PRIMARY KEY NOT ENFORCED);
SHOW CREATE TABLE pk4;
CREATE TABLE pk5 (a INT, PRIMARY KEY (zz) NOT ENFORCED);
CREATE TABLE pk6 (a INT, PRIMARY KEY (a));
CREATE TABLE pk7 (a INT PRIMARY KEY);
CREATE TABLE pk8 (a INT, PRIMARY KEY (a) ENFORCED);
CREATE TABLE pk9 (a INT PRIMARY KEY NOT ENFORCED, b INT, PRIMARY KEY (b) NOT ENFORCED);
CREATE TABLE pk10 (a INT, c AS a + 1, PRIMARY KEY (c) NOT ENFORCED);
CREATE TABLE pk11 (a INT, m INT METADATA, PRIMARY KEY (m) NOT ENFORCED);
CREATE TABLE pk12 (a INT, PRIMARY KEY (a, a) NOT ENFORCED);
CREATE TABLE pk13 (a INT NULL, PRIMARY KEY (a) NOT ENFORCED);
SHOW CREATE TABLE pk13;
CREATE TABLE pk14 (a INT, UNIQUE (a) NOT ENFORCED);

-- partitions, comments, options
CREATE TABLE parted (a INT, b STRING, c DATE) COMMENT 'parted' PARTITIONED BY (c, b) WITH ('connector' = 'filesystem', 'path' = '/tmp/x', 'format' = 'csv');
SHOW CREATE TABLE parted;
DESCRIBE parted;
CREATE TABLE parted2 (a INT) PARTITIONED BY (nope);
CREATE TABLE parted3 (a INT, c AS a + 1) PARTITIONED BY (c);
CREATE TABLE opts (a INT) WITH ('z' = '1', 'A' = '2', 'b.c' = 'x''y', 'b' = '', '10' = 'ten', '9' = 'nine');
SHOW CREATE TABLE opts;
CREATE TABLE opts2 (a INT) WITH ('k' = '1', 'k' = '2');
SHOW CREATE TABLE opts2;
CREATE TABLE opts3 (a INT) WITH ();
CREATE TABLE comments (a INT COMMENT '', b INT COMMENT 'multi
line') COMMENT '';
SHOW CREATE TABLE comments;
DESCRIBE comments;

-- computed and metadata columns in detail
CREATE TABLE comp (
  a INT,
  b STRING,
  c AS a + 1 COMMENT 'plus one',
  d AS ABS(a),
  e AS SUBSTRING(b FROM 1 FOR 2),
  f AS TRIM(b),
  g AS CURRENT_TIMESTAMP,
  h AS a BETWEEN 1 AND 5,
  i AS b LIKE 'x%',
  j AS CAST(a AS DECIMAL(10, 2)),
  k AS TRY_CAST(b AS INT),
  l AS `a` * 2,
  m AS LOWER(b) IS NOT NULL,
  n AS ARRAY[a, 1],
  o AS MAP['k', b],
  p AS IF(a > 0, 'pos', 'neg'),
  q AS REGEXP_REPLACE(b, 'a', 'b'),
  r AS NOW(),
  s AS DATE '2024-01-01',
  t AS TIMESTAMP '2024-01-01 00:00:00',
  u AS INTERVAL '1' DAY,
  v AS a IN (1, 2, 3),
  w AS -a,
  x AS NOT (a > 1),
  y AS 1.5e0,
  z AS 'str'
);
SHOW CREATE TABLE comp;
DESCRIBE comp;
CREATE TABLE comp2 (a INT, c AS nope + 1);
CREATE TABLE comp3 (a INT, c AS NO_SUCH_FN(a));
CREATE TABLE comp4 (a INT, c AS a + 1, d AS c + 1);
CREATE TABLE comp5 (a INT, c AS SUM(a));
CREATE TABLE meta (
  a INT,
  m1 STRING METADATA,
  m2 STRING METADATA FROM 'key',
  m3 STRING METADATA VIRTUAL,
  m4 STRING METADATA FROM 'key2' VIRTUAL COMMENT 'meta comment'
);
SHOW CREATE TABLE meta;
DESCRIBE meta;
CREATE TABLE meta2 (m1 STRING METADATA, m1 INT);
CREATE TABLE dupcol (a INT, a STRING);
CREATE TABLE dupcol2 (a INT, A STRING);
SHOW CREATE TABLE dupcol2;
CREATE TABLE nocols ();
CREATE TABLE onlycomputed (c AS 1);
SHOW CREATE TABLE onlycomputed;

-- LIKE
CREATE TABLE base (
  id INT,
  ts TIMESTAMP(3),
  c AS id + 1,
  m STRING METADATA,
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'base comment' PARTITIONED BY (id) WITH ('connector' = 'kafka', 'topic' = 'base', 'format' = 'json');
CREATE TABLE like_default (extra STRING) WITH ('topic' = 'like1') LIKE base;
SHOW CREATE TABLE like_default;
DESCRIBE like_default;
CREATE TABLE like_all WITH ('x' = 'y') LIKE base (INCLUDING ALL);
SHOW CREATE TABLE like_all;
CREATE TABLE like_no_opts LIKE base (EXCLUDING OPTIONS);
SHOW CREATE TABLE like_no_opts;
CREATE TABLE like_excl_all (id INT) LIKE base (EXCLUDING ALL);
SHOW CREATE TABLE like_excl_all;
CREATE TABLE like_overwrite (WATERMARK FOR ts AS ts) WITH ('format' = 'avro') LIKE base (OVERWRITING WATERMARKS OVERWRITING OPTIONS);
SHOW CREATE TABLE like_overwrite;
CREATE TABLE like_conflict_wm (WATERMARK FOR ts AS ts) LIKE base;
CREATE TABLE like_conflict_opt WITH ('format' = 'avro') LIKE base (EXCLUDING PARTITIONS);
SHOW CREATE TABLE like_conflict_opt;
CREATE TABLE like_dup (id INT) LIKE base;
CREATE TABLE like_pk (PRIMARY KEY (id) NOT ENFORCED) LIKE base;
CREATE TABLE like_missing LIKE nope;
CREATE TABLE like_gen (d AS c * 2) LIKE base (EXCLUDING GENERATED);
CREATE TABLE like_gen2 LIKE base (EXCLUDING GENERATED EXCLUDING METADATA EXCLUDING WATERMARKS);
SHOW CREATE TABLE like_gen2;
CREATE TABLE like_qual LIKE g_tables.`default`.base (INCLUDING ALL OVERWRITING OPTIONS);
SHOW CREATE TABLE like_qual;
CREATE TABLE like_parts (a INT) PARTITIONED BY (a) LIKE base;

-- temporary tables
CREATE TEMPORARY TABLE tmp (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) COMMENT 'temp' WITH ('connector' = 'datagen');
SHOW CREATE TABLE tmp;
DESCRIBE tmp;
SHOW TABLES;
CREATE TEMPORARY TABLE tmp (a INT);
CREATE TEMPORARY TABLE IF NOT EXISTS tmp (a INT);
CREATE TABLE tmp (b STRING);
SHOW CREATE TABLE tmp;
SHOW TABLES;
CREATE TEMPORARY TABLE minimal (shadow STRING);
SHOW CREATE TABLE minimal;
DESCRIBE minimal;
DROP TABLE minimal;
DROP TEMPORARY TABLE minimal;
SHOW CREATE TABLE minimal;
DROP TEMPORARY TABLE minimal;
DROP TEMPORARY TABLE IF EXISTS minimal;
DROP TABLE minimal;
SHOW TABLES;
CREATE TEMPORARY TABLE other.tmp2 (a INT);
SHOW TABLES FROM other;
CREATE TEMPORARY TABLE g_missing.x.tmp3 (a INT);
CREATE TEMPORARY TABLE missing_db.tmp3 (a INT);

-- DROP TABLE
DROP TABLE pk1;
DROP TABLE pk1;
DROP TABLE IF EXISTS pk1;
DROP TABLE other.t1;
DROP TABLE g_tables.other.t2;
DROP TABLE g_missing.other.t2;
DROP TABLE IF EXISTS g_missing.other.t2;
DROP TABLE missing_db.t;
DROP TABLE IF EXISTS missing_db.t;
DROP TEMPORARY TABLE pk2;
DROP TEMPORARY TABLE other.tmp2;
SHOW TABLES;
SHOW TABLES FROM other;
SHOW CREATE TABLE pk1;
DESCRIBE pk1;
SHOW COLUMNS FROM pk1;
