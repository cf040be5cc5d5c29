-- The statements of Apache Flink's flink-sql-gateway test script view.q
-- (github.com/apache/flink, flink-table/flink-sql-gateway/src/test/resources/sql/view.q, the
-- version at commit 2b1f55de; Apache License 2.0), transcribed statement by statement, in order
-- and as written. The dashboard's session starts in its environment catalog (_env_<name>.default,
-- CMF's), not in Flink's default_catalog.default_database, so the script runs in a catalog
-- g_sqlg_view whose default database is `default_database`; no statement of the original names
-- `default_catalog` explicitly, so nothing else is renamed.
-- Left out: the one SELECT query (select * from v1 /*+ OPTIONS('number-of-rows' = '1') */, run
-- as a query).
CREATE CATALOG g_sqlg_view WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlg_view;
CREATE TABLE orders (
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
create temporary view v1 as select * from orders;
create temporary view v1 as select * from orders;
create temporary view if not exists v1 as select * from orders;
create temporary view if not exists v2 as select * from v1;
show create view v1;
show create view v2;
show tables;
show views;
show create table v1;
create view v1 as select * from orders;
create view v1 as select * from orders;
create view permanent_v1 as select * from orders;
show create view permanent_v1;
drop view permanent_v1;
show views;
describe v1;
show columns from v1;
show columns in v1;
show columns from v1 like '%u';
show columns in v1 like '%u';
show columns from v1 not like '%u';
show columns in v1 not like '%u';
show columns from v1 like '%r';
show columns in v1 like '%r';
show columns from v1 not like  '%r';
show columns in v1 not like  '%r';
show columns from v1 like '%u%';
show columns in v1 like '%u%';
show columns from v1 not like '%u%';
show columns in v1 not like '%u%';
show columns from v1 like 'use_';
show columns in v1 like 'use_';
show columns from v1 not like 'use_';
show columns in v1 not like 'use_';
drop view v1;
drop temporary view v1;
drop view v1;
drop view non_exist;
create view `mod` as select * from orders;
describe `mod`;
desc `mod`;
drop view `mod`;
show tables;
