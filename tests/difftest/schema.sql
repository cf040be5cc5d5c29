-- The fixed schema of the differential tester: real Flink and the dashboard both load it, then
-- answer every generated view over it. Every type, nested ROW/ARRAY/MAP, computed and metadata
-- columns, rowtime and proctime attributes, reserved and quoted names, several catalogs and
-- databases, and views over views. Connectors that ship with Flink, so Flink can plan.
CREATE CATALOG dt WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
CREATE CATALOG dt2 WITH ('type' = 'generic_in_memory');
USE CATALOG dt;
CREATE DATABASE other;

CREATE TABLE t_all (
  id INT NOT NULL,
  ti TINYINT,
  si SMALLINT,
  i INT,
  bi BIGINT NOT NULL,
  f FLOAT,
  d DOUBLE,
  dec5 DECIMAL(5, 2),
  dec38 DECIMAL(38, 10),
  dec10 DECIMAL(10),
  b BOOLEAN,
  c CHAR(3),
  vc VARCHAR(20),
  s STRING,
  bn BINARY(4),
  vb VARBINARY(10),
  bs BYTES,
  dt DATE,
  tm TIME,
  tm3 TIME(3),
  ts TIMESTAMP(3),
  ts0 TIMESTAMP(0),
  ts6 TIMESTAMP(6),
  ltz TIMESTAMP_LTZ(3),
  r ROW<a INT, b STRING, n ROW<x DOUBLE, y ARRAY<INT>>>,
  arr ARRAY<INT>,
  arr_r ARRAY<ROW<f INT, g STRING>>,
  m MAP<STRING, INT>,
  total AS i * dec5,
  up AS UPPER(s)
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

CREATE TABLE customers (
  cust_id INT NOT NULL,
  name STRING,
  tier STRING,
  upd TIMESTAMP(3),
  WATERMARK FOR upd AS upd,
  PRIMARY KEY (cust_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  pay_id BIGINT NOT NULL,
  order_id BIGINT,
  paid DECIMAL(12, 4),
  pmethod STRING,
  pts TIMESTAMP(3),
  WATERMARK FOR pts AS pts
) WITH ('connector' = 'datagen');

CREATE TABLE `quoted` (
  `value` INT,
  `year` INT,
  `user` STRING,
  `select` STRING,
  `Mixed Case` BIGINT,
  `timestamp` TIMESTAMP(3),
  `end` DATE
) WITH ('connector' = 'datagen');

CREATE TABLE files (
  line STRING,
  n INT,
  fpath STRING METADATA FROM 'file.path' VIRTUAL,
  fsize BIGINT METADATA FROM 'file.size' VIRTUAL
) WITH ('connector' = 'filesystem', 'path' = '/tmp/difftest-none', 'format' = 'csv');

CREATE TABLE other.events (
  e_id BIGINT NOT NULL,
  kind STRING,
  payload ROW<id INT, tags ARRAY<STRING>, score DOUBLE>,
  attrs MAP<STRING, STRING>,
  ets TIMESTAMP_LTZ(3),
  WATERMARK FOR ets AS ets - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen');

CREATE TABLE dt2.`default`.dim (
  k INT NOT NULL,
  label VARCHAR(10),
  weight DOUBLE
) WITH ('connector' = 'datagen');

CREATE VIEW v_orders AS SELECT order_id, cust, amount, product, ts FROM orders WHERE amount > 0;
CREATE VIEW v_orders_by_cust AS SELECT cust, COUNT(*) AS n, SUM(amount) AS total FROM v_orders GROUP BY cust;
CREATE VIEW other.v_events AS SELECT e_id, kind, payload.score AS score, ets FROM other.events;
