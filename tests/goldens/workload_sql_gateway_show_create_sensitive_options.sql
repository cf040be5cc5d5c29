-- The statements of Apache Flink's flink-sql-gateway test script show_create_sensitive_options.q
-- (github.com/apache/flink,
-- flink-table/flink-sql-gateway/src/test/resources/sql/show_create_sensitive_options.q, the
-- version at commit 620cef39; Apache License 2.0), transcribed statement by statement, in order
-- and as written. The dashboard's session starts in its environment catalog (_env_<name>.default,
-- CMF's), not in Flink's default_catalog.default_database, so the script runs in a catalog
-- g_sqlg_show_create_sensitive_options whose default database is `default_database`; no
-- statement of the original names `default_catalog` explicitly, so nothing else is renamed.
-- Left out: CREATE CATALOG my_catalog WITH ('type' = 'test-catalog', 'username' = 'myuser',
-- 'password' = 'mypassword'): the catalog type 'test-catalog' is a factory of Flink's test jars,
-- not shipped with Flink 2.3. SHOW CREATE CATALOG my_catalog is kept: it is answered for a
-- session where that catalog was never created. The table users with 'connector' = 'jdbc' (a
-- connector not shipped with Flink) is kept: creating it and SHOW CREATE TABLE do not load the
-- connector.
CREATE CATALOG g_sqlg_show_create_sensitive_options WITH ('type' = 'generic_in_memory', 'default-database' = 'default_database');
USE CATALOG g_sqlg_show_create_sensitive_options;
SHOW CREATE CATALOG my_catalog;
CREATE TABLE IF NOT EXISTS users (
 `id` BIGINT NOT NULL,
 name VARCHAR(32)
) with (
   'connector' = 'jdbc',
   'url' = 'jdbc:mysql://localhost:3306/mydatabase',
   'table-name' = 'users',
   'username' = 'my_user',
   'password' = 'my_pass'
);
SHOW CREATE TABLE users;
