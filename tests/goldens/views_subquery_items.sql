-- A scalar subquery as an item of ARRAY[...] or MAP[...]: Calcite writes the items with the
-- constructor's own context, so the subquery takes a third pair of parentheses where the
-- constructor is a select item, an operand or an item of another constructor there, and not
-- where it is a function's argument (UNNEST's, ROW's, a CASE's result); probed as a class after
-- the UNNEST of such an array was found written otherwise.
CREATE CATALOG g_subit WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_subit;
CREATE TABLE t_all (id INT NOT NULL, i INT, bi BIGINT NOT NULL, b BOOLEAN, arr ARRAY<INT>) WITH ('connector' = 'datagen');
CREATE VIEW v1 AS SELECT ARRAY[1, (SELECT MAX(bi) FROM t_all)] AS c, ARRAY[(SELECT MAX(bi) FROM t_all), 1] AS d FROM t_all;
SHOW CREATE VIEW v1;
CREATE VIEW v2 AS SELECT CARDINALITY(ARRAY[1, (SELECT MAX(bi) FROM t_all)]) AS c FROM t_all;
SHOW CREATE VIEW v2;
CREATE VIEW v3 AS SELECT ARRAY[1, (SELECT MAX(bi) FROM t_all)] = ARRAY[CAST(2 AS BIGINT)] AS c FROM t_all;
SHOW CREATE VIEW v3;
CREATE VIEW v4 AS SELECT ARRAY[ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)]] AS c, ROW(ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)]) AS d FROM t_all;
SHOW CREATE VIEW v4;
CREATE VIEW v5 AS SELECT MAP['a', (SELECT MAX(bi) FROM t_all)] AS c, CARDINALITY(MAP['a', (SELECT MAX(bi) FROM t_all)]) AS d FROM t_all;
SHOW CREATE VIEW v5;
CREATE VIEW v6 AS SELECT CASE WHEN b THEN ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)] END AS c, ROW(1, (SELECT MAX(bi) FROM t_all)) AS d FROM t_all;
SHOW CREATE VIEW v6;
CREATE VIEW v7 AS SELECT id FROM t_all WHERE CARDINALITY(ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)]) > 0;
SHOW CREATE VIEW v7;
CREATE VIEW v8 AS SELECT u.x AS c FROM t_all CROSS JOIN UNNEST(ARRAY[1, (SELECT MAX(t_all.bi) FROM t_all)]) AS u (x);
SHOW CREATE VIEW v8;
CREATE VIEW v9 AS SELECT u.x AS c FROM t_all CROSS JOIN UNNEST(ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)]) AS u (x);
SHOW CREATE VIEW v9;
CREATE VIEW v10 AS SELECT u.x AS c FROM t_all CROSS JOIN UNNEST(MAP['a', (SELECT MAX(bi) FROM t_all)]) AS u (x, y);
SHOW CREATE VIEW v10;
CREATE VIEW v11 AS SELECT u.x AS c FROM t_all CROSS JOIN UNNEST(ARRAY[ARRAY[CAST(1 AS BIGINT), (SELECT MAX(bi) FROM t_all)]]) AS u (x);
SHOW CREATE VIEW v11;
CREATE VIEW v12 AS SELECT ABS(ARRAY[1, (SELECT MAX(bi) FROM t_all)][1]) AS c, ARRAY[1, (SELECT MAX(bi) FROM t_all)][1] AS d FROM t_all;
SHOW CREATE VIEW v12;
