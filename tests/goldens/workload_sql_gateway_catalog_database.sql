-- The statements of Apache Flink's flink-sql-gateway test script catalog_database.q
-- (github.com/apache/flink, flink-table/flink-sql-gateway/src/test/resources/sql/catalog_database.q,
-- the version at commit c20a1f77; Apache License 2.0), transcribed statement by statement, in
-- order and as written, but for two catalog names: c1 and catalog1 are g_sqlg_c1 and
-- g_sqlg_catalog1 (catalog_database.q of the SQL client has both, and the goldens' catalogs are
-- verified together). The dashboard's session starts in its environment catalog
-- (_env_<name>.default, CMF's), not in Flink's default_catalog.default_database, so the script
-- starts in a catalog g_sqlg_catalog_database whose default database is `default_database`.
-- One statement names Flink's built-in catalog and only makes sense with it: `drop catalog
-- default_catalog` is kept as written (the session is in c1 by then); so is `show catalogs`,
-- whose answer in Flink lists default_catalog. The messages of the statements that fail in the
-- session's first catalog name g_sqlg_catalog_database where the original names default_catalog.
-- `use catalog hivecatalog` is kept: it names a catalog that does not exist, no hive catalog is
-- created, and the original refuses it too. The tables with 'connector' = 'values' (a connector
-- of Flink's test jars) are kept: creating and dropping them does not load the connector.
-- Left out: the one RESET (session options, not a catalog statement).
CREATE CATALOG g_sqlg_catalog_database WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlg_catalog_database;
use non_existing_db;
use catalog non_existing_catalog;
create catalog invalid.cat with ('type'='generic_in_memory');
create database my.db;
create catalog g_sqlg_c1 with ('type'='generic_in_memory');
show catalogs;
show current catalog;
use catalog g_sqlg_c1;
show current catalog;
drop catalog default_catalog;
create database db1;
show databases;
show current database;
use db1;
show current database;
create database db2 comment 'db2_comment' with ('k1' = 'v1');
alter database db2 set ('k1' = 'a', 'k2' = 'b');
show databases;
drop database if exists db2;
show databases;
create catalog `mod` with ('type'='generic_in_memory');
use catalog `mod`;
use `default`;
drop database `default`;
drop catalog `mod`;
use catalog `g_sqlg_c1`;
drop catalog `mod`;
use catalog hivecatalog;
create table MyTable1 (a int, b string) with ('connector' = 'values');
create table MyTable2 (a int, b string) with ('connector' = 'values');
show tables;
show views;
create view MyView1 as select 1 + 1;
create view MyView2 as select 1 + 1;
show views;
create table g_sqlg_c1.db1.MyTable3 (a int, b string) with ('connector' = 'values');
create table g_sqlg_c1.db1.MyTable4 (a int, b string) with ('connector' = 'values');
create view g_sqlg_c1.db1.MyView3 as select 1 + 1;
create view g_sqlg_c1.db1.MyView4 as select 1 + 1;
use catalog g_sqlg_c1;
use db1;
show tables;
show views;
create table `default`.MyTable5 (a int, b string) with ('connector' = 'values');
create table `default`.MyTable6 (a int, b string) with ('connector' = 'values');
create view `default`.MyView5 as select 1 + 1;
create view `default`.MyView6 as select 1 + 1;
use `default`;
show tables;
show views;
drop table db1.MyTable3;
drop view db1.MyView3;
use db1;
show tables;
show views;
drop table g_sqlg_c1.`default`.MyTable6;
drop view g_sqlg_c1.`default`.MyView6;
use `default`;
show tables;
show views;
create table MyTable7 (a int, b string) with ('connector' = 'values');
show tables;
drop table MyTable5;
show tables;
create catalog g_sqlg_catalog1 with ('type'='generic_in_memory');
create database g_sqlg_catalog1.db1;
create table g_sqlg_catalog1.db1.person (a int, b string) with ('connector' = 'datagen');
create table g_sqlg_catalog1.db1.dim (a int, b string) with ('connector' = 'datagen');
create table g_sqlg_catalog1.db1.address (a int, b string) with ('connector' = 'datagen');
create view g_sqlg_catalog1.db1.v_person as select * from g_sqlg_catalog1.db1.person;
show tables from g_sqlg_catalog1.db1;
show tables from g_sqlg_catalog1.db1 like '%person%';
show tables in g_sqlg_catalog1.db1 not like '%person%';
use catalog g_sqlg_catalog1;
show tables from db1 like 'p_r%';
