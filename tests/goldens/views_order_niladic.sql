-- ORDER BY LOCALTIME / LOCALTIMESTAMP is Calcite's niladic call, not a select item's alias of
-- the same name; a quoted `LOCALTIME` is the alias (found by the differential tester, #14).
CREATE CATALOG g_vorder_niladic WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vorder_niladic;
CREATE TABLE t (ts TIMESTAMP(3), s STRING, q INT) WITH ('connector' = 'datagen');
CREATE VIEW v_order_by_localtime AS SELECT LOCALTIME, COUNT(*) AS n FROM t GROUP BY LOCALTIME ORDER BY LOCALTIME;
SHOW CREATE VIEW v_order_by_localtime;
CREATE VIEW v_order_by_localtimestamp AS SELECT DISTINCT LOCALTIMESTAMP FROM t ORDER BY LOCALTIMESTAMP DESC;
SHOW CREATE VIEW v_order_by_localtimestamp;
CREATE VIEW v_order_by_localtime_alias AS SELECT t.q AS `LOCALTIME`, LOCALTIME AS lt FROM t ORDER BY LOCALTIME, `LOCALTIME`;
SHOW CREATE VIEW v_order_by_localtime_alias;
