-- The statements of Apache Flink's flink-sql-client test script function.q
-- (github.com/apache/flink, flink-table/flink-sql-client/src/test/resources/sql/function.q, the
-- version at commit dd47530f; Apache License 2.0), transcribed statement by statement, in order
-- and as written, but for one name: the dashboard's session starts in its environment catalog
-- (_env_<name>.default, CMF's), not in Flink's default_catalog.default_database, so the script
-- runs in a catalog g_sqlc_function whose default database is `default_database`, and its
-- `use catalog default_catalog` uses that catalog; its catalog c1 is g_sqlc_function_c1 here
-- (catalog_database.q has a c1 too, and the goldens' catalogs are verified together).
-- Left out: ADD JAR, REMOVE JAR and the six SHOW JARS (the test's user jar); the nine CREATE
-- [TEMPORARY] FUNCTION ... AS 'LowerUDF' (func1 to func6, func10, func11, tmp_func) and the two
-- ALTER [TEMPORARY] FUNCTION ... AS '...ExecutorImplITCase$TestScalaFunction': their classes are
-- in the flink test jars, not on Flink's class path; the two CREATE [TEMPORARY] FUNCTION ...
-- USING JAR '$VAR_UDF_JAR_PATH' (a jar of the test harness); the one SET (the client's result
-- mode) and the two SELECT queries that call the user functions. The SHOW USER FUNCTIONS and
-- DROP FUNCTION IF EXISTS statements are kept: without the functions they answer what Flink
-- answers for a session that has none.
CREATE CATALOG g_sqlc_function WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlc_function;
show user functions;
show user functions like 'func%';
show user functions ilike 'func%';
show user functions;
show user functions like 'func1%';
show user functions ilike 'func2%';
create catalog g_sqlc_function_c1 with ('type'='generic_in_memory');
use catalog g_sqlc_function_c1;
create database db;
use catalog g_sqlc_function;
show user functions;
show user functions from g_sqlc_function_c1.db;
show user functions from g_sqlc_function_c1.db like 'func3%';
show user functions in g_sqlc_function_c1.db ilike 'FUNC3%';
use catalog g_sqlc_function_c1;
use db;
show user functions;
use `default`;
show user functions;
drop function if exists g_sqlc_function_c1.db.func10;
use catalog g_sqlc_function_c1;
use db;
drop function if exists non_func;
show user functions;
show user functions;
