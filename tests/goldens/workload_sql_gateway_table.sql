-- The statements of Apache Flink's flink-sql-gateway test script table.q
-- (github.com/apache/flink, flink-table/flink-sql-gateway/src/test/resources/sql/table.q, the
-- version at commit 040d69e5; Apache License 2.0), transcribed statement by statement, in order
-- and as written. The dashboard's session starts in its environment catalog (_env_<name>.default,
-- CMF's), not in Flink's default_catalog.default_database, so the script runs in a catalog
-- g_sqlg_table whose default database is `default_database`; no statement of the original names
-- `default_catalog` explicitly, so nothing else is renamed.
-- Left out: the ten EXPLAIN statements (explain plan for select * from orders2, and the nine of
-- the "test explain" section: EXPLAIN [PLAN FOR] / JSON_EXECUTION_PLAN / ESTIMATED_COST /
-- CHANGELOG_MODE of a SELECT or an INSERT): query plans, not catalog answers. The table `mod`
-- with 'connector' = 'values' (a connector of Flink's test jars) is kept: creating, describing
-- and dropping it does not load the connector.
CREATE CATALOG g_sqlg_table WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlg_table;
create table tbl(a int, b as invalid_function());
drop table non_exist;
describe non_exist;
desc non_exist;
alter table non_exist rename to non_exist2;
CREATE TABLE IF NOT EXISTS orders (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 ptime AS PROCTIME(),
 PRIMARY KEY(`user`) NOT ENFORCED,
 WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS
) with (
 'connector' = 'datagen'
);
show tables;
show create table orders;
show columns from orders;
show columns in orders;
show columns from orders like '%u';
show columns in orders like '%u';
show columns from orders not like '%u';
show columns in orders not like '%u';
show columns from orders like '%r';
show columns in orders like '%r';
show columns from orders not like  '%r';
show columns in orders not like  '%r';
show columns from orders like '%u%';
show columns in orders like '%u%';
show columns from orders not like '%u%';
show columns in orders not like '%u%';
show columns from orders like 'use_';
show columns in orders like 'use_';
show columns from orders not like 'use_';
show columns in orders not like 'use_';
alter table orders rename to orders2;
alter table orders2 set ('connector' = 'kafka', 'scan.startup.mode' = 'earliest-offset');
show create table orders2;
alter table orders2 set ('connector' = 'datagen');
show create table orders2;
show create view orders2;
alter table orders2 reset ('scan.startup.mode');
show create table orders2;
alter table orders2 reset ();
describe orders2;
desc orders2;
drop table orders2;
show tables;
create temporary table tbl1 (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT
) with (
 'connector' = 'datagen'
);
create temporary table if not exists tbl1 (
   `user` BIGINT NOT NULl,
   product VARCHAR(32),
   amount INT
) with (
 'connector' = 'datagen'
);
show tables;
show create table tbl1;
drop temporary table tbl1;
create table `mod` (`table` string, `database` string) with ('connector' = 'values');
describe `mod`;
desc `mod`;
drop table `mod`;
show tables;
CREATE TABLE IF NOT EXISTS orders (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 ptime AS PROCTIME(),
 PRIMARY KEY(`user`) NOT ENFORCED,
 WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS
) with (
 'connector' = 'datagen'
);
CREATE TABLE IF NOT EXISTS orders2 (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 PRIMARY KEY(`user`) NOT ENFORCED
) with (
 'connector' = 'blackhole'
);
