-- The rows of VALUES as Calcite's grammar reads them, probed after a run found one read
-- otherwise: ROW(...) and (...) are a row of their items, and so is (ROW(...)), which takes
-- nothing after the ROW; ((...)) and ROW(ROW(...)) are a row of one ROW column.
CREATE CATALOG g_vrows WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vrows;
CREATE VIEW v1 AS SELECT * FROM (VALUES (ROW(1, 'a'))) AS v (c, d);
SHOW CREATE VIEW v1;
DESCRIBE v1;
CREATE VIEW v2 AS SELECT * FROM (VALUES (ROW(1, 'a')), (ROW(2, 'b'))) AS v (c, d);
SHOW CREATE VIEW v2;
CREATE VIEW v3 AS SELECT * FROM (VALUES ROW(ROW(1, 'a'))) AS v (c);
SHOW CREATE VIEW v3;
DESCRIBE v3;
CREATE VIEW v4 AS SELECT * FROM (VALUES (ROW(1), ROW(2))) AS v (c, d);
CREATE VIEW v5 AS SELECT * FROM (VALUES ((ROW(1)))) AS v (c);
SHOW CREATE VIEW v5;
DESCRIBE v5;
CREATE VIEW v6 AS SELECT * FROM (VALUES ROW(1, 'a')) AS v (c, d);
SHOW CREATE VIEW v6;
CREATE VIEW v7 AS SELECT * FROM (VALUES ((1, 'a'))) AS v (c);
SHOW CREATE VIEW v7;
DESCRIBE v7;
CREATE VIEW v8 AS SELECT * FROM (VALUES (1), (ROW(2)), ROW(3)) AS v (c);
SHOW CREATE VIEW v8;
DESCRIBE v8;
CREATE VIEW v9 AS SELECT * FROM (VALUES (ROW(TIMESTAMP '2024-01-01 00:00:00'))) AS v (c);
SHOW CREATE VIEW v9;
DESCRIBE v9;
CREATE VIEW v10 AS SELECT * FROM (VALUES (ROW(1, 'a') )) AS v (c, d);
CREATE VIEW v11 AS SELECT * FROM (VALUES ( ROW (1))) AS v (c);
SHOW CREATE VIEW v11;
CREATE VIEW v12 AS SELECT 1 AS x FROM (VALUES (ROW(1))) AS v (c) WHERE c IN (VALUES (ROW(1)), (2));
SHOW CREATE VIEW v12;
CREATE VIEW v13 AS SELECT * FROM (VALUES (ROW(1, 'a'), 'b')) AS v (c, d);
