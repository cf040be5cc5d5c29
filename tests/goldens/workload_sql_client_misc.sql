-- The statements of Apache Flink's flink-sql-client test script misc.q
-- (github.com/apache/flink, flink-table/flink-sql-client/src/test/resources/sql/misc.q, the
-- version at commit 0fd2292e; Apache License 2.0), in a catalog of its own. Its one statement is
-- the SQL client's HELP command, which is not Flink SQL: it is kept for what Flink's parser
-- answers for it. Nothing is left out.
CREATE CATALOG g_sqlc_misc WITH ('type' = 'generic_in_memory');
USE CATALOG g_sqlc_misc;
help;
