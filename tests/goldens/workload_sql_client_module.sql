-- The statements of Apache Flink's flink-sql-client test script module.q
-- (github.com/apache/flink, flink-table/flink-sql-client/src/test/resources/sql/module.q, the
-- version that loads the test module `dummy`; Apache License 2.0), transcribed statement by
-- statement, in order and as written, in a catalog of its own.
-- Left out: the one SET (the client's result mode), the one SELECT query (SUBSTRING_INDEX, which
-- only a loaded module would give), and LOAD MODULE dummy: the dummy module is a factory of the
-- flink-sql-client test jar, not shipped with Flink. The other statements that name dummy are
-- kept: LOAD MODULE 'dummy' / Dummy / mydummy WITH ('type' = 'dummy') are refused in the original
-- too, and the USE MODULES ones are answered for a session where dummy is not loaded.
CREATE CATALOG g_sqlc_module WITH ('type' = 'generic_in_memory');
USE CATALOG g_sqlc_module;
SHOW MODULES;
SHOW FULL MODULES;
LOAD MODULE core;
LOAD MODULE 'dummy';
LOAD MODULE Dummy;
LOAD MODULE mydummy WITH ('type' = 'dummy');
SHOW MODULES;
SHOW FULL MODULES;
USE MODULES dummy, core, dummy;
USE MODULES dummy, core;
SHOW MODULES;
SHOW FULL MODULES;
USE MODULES core;
SHOW MODULES;
SHOW FULL MODULES;
UNLOAD MODULE core;
SHOW MODULES;
SHOW FULL MODULES;
UNLOAD MODULE core;
