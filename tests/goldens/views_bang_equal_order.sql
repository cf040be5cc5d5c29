-- Flink's parser refuses '!=' ("Bang equal '!=' is not allowed under the current SQL conformance
-- level") once it has read the comparison: before a later syntax error, after an earlier one, and
-- not where the right operand is missing. Found in the message differences of the generated runs
-- of seeds 47-50.
CREATE CATALOG g_bang WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_bang;
CREATE TABLE t_all (id INT NOT NULL, i INT, s STRING, dt DATE) WITH ('connector' = 'datagen');
CREATE VIEW v1 AS SELECT i FROM t_all WHERE i != 1 AND );
CREATE VIEW v2 AS SELECT i FROM t_all WHERE i != 1 GROUP BY;
CREATE VIEW v3 AS SELECT CASE WHEN i != 1 THEN 1 end end FROM t_all;
CREATE VIEW v4 AS SELECT i FROM t_all WHERE (i) != 1 +;
CREATE VIEW v5 AS SELECT i FROM t_all WHERE ) AND i != 1;
CREATE VIEW v6 AS SELECT 'a != b' AS c FROM t_all WHERE );
CREATE VIEW v8 AS SELECT i FROM t_all WHERE i != 1;
CREATE VIEW v9 AS SELECT i FROM t_all WHERE i !=;
CREATE VIEW v10 AS SELECT i FROM t_all WHERE i != 1 ORDER BY i LIMIT;
CREATE VIEW v11 AS SELECT i FROM t_all MATCH_RECOGNIZE WHERE i != 1;
CREATE VIEW v12 AS SELECT i FROM t_all WHERE i != 1 AND dt = DATE '2024-13-45';
CREATE VIEW v13 AS SELECT i != 1 AS c FROM t_all,;
CREATE VIEW v14 AS SELECT i FROM t_all WHERE i <> 1 AND );
CREATE VIEW v15 AS SELECT `a!=b` FROM t_all WHERE );
