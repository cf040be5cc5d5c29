-- Functions called by their path (db.f(x), cat.db.f(x)): Flink resolves the path in the
-- catalog, names the function alone in its messages, and cannot parse a path ending in a
-- reserved function name.
CREATE CATALOG g_qcalls WITH ('type' = 'generic_in_memory');
USE CATALOG g_qcalls;
CREATE TABLE c (email STRING, n INT) WITH ('connector' = 'datagen');
CREATE VIEW v1 AS SELECT `default`.nope(email) AS e FROM c;
CREATE VIEW v2 AS SELECT g_qcalls.`default`.nope(email) AS e FROM c;
CREATE VIEW v3 AS SELECT nodb.upper(email) AS e FROM c;
CREATE VIEW v4 AS SELECT nodb.lower2(email, n) AS e FROM c;
CREATE VIEW v5 AS SELECT `default`.nope() AS e FROM c;
CREATE VIEW v6 AS SELECT `default`.`upper`(email) AS e FROM c;
CREATE VIEW v7 AS SELECT g_qcalls.`default`.`concat`(email, email) AS e FROM c;
CREATE VIEW v8 AS SELECT email FROM c WHERE `default`.nope(n) > 1;
SHOW VIEWS;
