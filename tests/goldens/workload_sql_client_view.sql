-- The statements of Apache Flink's flink-sql-client test script view.q
-- (github.com/apache/flink, flink-table/flink-sql-client/src/test/resources/sql/view.q, the
-- version at commit 038db111; Apache License 2.0), transcribed statement by statement, in order
-- and as written, in a catalog of its own.
-- Left out: the one SELECT query (select * from v1 /*+ OPTIONS(...) */, run as a query).
CREATE CATALOG g_sqlc_view WITH ('type' = 'generic_in_memory');
USE CATALOG g_sqlc_view;
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
