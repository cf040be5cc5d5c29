-- The statements of Apache Flink's flink-sql-client test script table.q
-- (github.com/apache/flink, flink-table/flink-sql-client/src/test/resources/sql/table.q, the
-- version at commit 040d69e5; Apache License 2.0), transcribed statement by statement, in order
-- and as written, but for one name: the dashboard's session starts in its environment catalog
-- (_env_<name>.default, CMF's), not in Flink's default_catalog.default_database, so the script
-- runs in a catalog g_sqlc_table whose default database is `default_database`, and orders3,
-- created as `default_catalog`.`default_database`.`orders3` in the original, is created in it.
-- Left out: the four SET statements (client session options: display widths), and the thirteen
-- EXPLAIN statements (query plans, not catalog answers). The filesystem table daily_orders'
-- 'path' = '$VAR_BATCH_PATH' (a directory the test harness fills in) is written here as a local
-- path, '/tmp/sql-client-batch'.
CREATE CATALOG g_sqlc_table WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlc_table;
create table tbl(a int, b as invalid_function());
drop table non_exist;
describe non_exist;
desc non_exist;
alter table non_exist rename to non_exist2;
alter table if exists non_exist rename to non_exist2;
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
show columns from orders;
show columns from orders;
show columns from orders;
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
alter table orders2 rename amount to amount1;
show create table orders2;
alter table orders2 add product string first;
alter table orders2 add user_id string after shipment_info;
alter table orders2 add product_id bigint not null after `user`;
show create table orders2;
alter table orders2 add (user_email string not null after `user`, cleaned_product as coalesce(product, 'missing_sku') after product, trade_order_id bigint not null first);
show create table orders2;
alter table orders2 modify constraint order_constraint primary key (trade_order_id) not enforced;
show create table orders2;
alter table orders2 modify (watermark for ts as ts - interval '1' minute, ts timestamp(3) not null after trade_order_id, `user` string);
show create table orders2;
alter table orders2 drop (amount1, product, cleaned_product);
show create table orders2;
alter table orders2 drop primary key;
show create table orders2;
alter table orders2 drop watermark;
show create table orders2;
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
CREATE TABLE `g_sqlc_table`.`default_database`.`orders3` (
  `user` BIGINT NOT NULL comment 'this is the primary key, named ''user''.',
  `product` VARCHAR(32),
  `amount` INT,
  `ts` TIMESTAMP(3) comment 'notice: watermark, named ''ts''.',
  `ptime` AS PROCTIME() comment 'notice: computed column, named ''ptime''.',
  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,
  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED
) WITH (
  'connector' = 'kafka',
  'scan.startup.mode' = 'earliest-offset'
);
describe orders3;
desc orders3;
show columns from orders3;
show columns in orders3 like 'p%';
show create table orders3;
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
CREATE TABLE IF NOT EXISTS daily_orders (
 `user` BIGINT NOT NULl,
 product STRING,
 amount INT,
 dt STRING NOT NULL,
 PRIMARY KEY(dt, `user`) NOT ENFORCED
) PARTITIONED BY (dt) WITH (
 'connector' = 'filesystem',
 'path' = '/tmp/sql-client-batch',
 'format' = 'csv'
);
