-- Flink writes the alias of a niladic function's column unquoted (SELECT LOCALTIME AS
-- LOCALTIME) and its parser refuses that text; back-quoted, the alias is accepted and kept as
-- it is, so the dashboard re-creates such a view from its runnable_query() (folders, imports).
CREATE CATALOG g_vnilalias WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vnilalias;
CREATE TABLE t (a INT, q TIME) WITH ('connector' = 'datagen');
CREATE VIEW v_stored AS SELECT LOCALTIME FROM t;
SHOW CREATE VIEW v_stored;
CREATE VIEW v_unquoted AS SELECT LOCALTIME AS LOCALTIME FROM t;
CREATE VIEW v_quoted AS SELECT LOCALTIME AS `LOCALTIME`, COUNT(*) AS `n` FROM t GROUP BY LOCALTIME ORDER BY LOCALTIME;
SHOW CREATE VIEW v_quoted;
CREATE VIEW v_distinct AS SELECT DISTINCT LOCALTIMESTAMP AS `LOCALTIMESTAMP` FROM t ORDER BY LOCALTIMESTAMP DESC;
SHOW CREATE VIEW v_distinct;
CREATE VIEW v_all AS SELECT CURRENT_DATE AS `CURRENT_DATE`, CURRENT_TIME AS `CURRENT_TIME`, CURRENT_TIMESTAMP AS `CURRENT_TIMESTAMP`, LOCALTIME AS `LOCALTIME`, LOCALTIMESTAMP AS `LOCALTIMESTAMP` FROM t;
SHOW CREATE VIEW v_all;
DESCRIBE v_all;
CREATE VIEW v_strings AS SELECT 'AS LOCALTIME' AS `s`, LOCALTIME AS `lt` FROM t WHERE `t`.`q` < LOCALTIME;
SHOW CREATE VIEW v_strings;
