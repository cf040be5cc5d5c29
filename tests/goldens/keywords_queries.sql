-- Reserved words in a view's query (select items, qualified names, aliases) and names that are
-- both a column and a niladic function; RESET of no key. catalogs/flinksql/data/keywords.json
-- holds every word; these are samples through the whole executor.
CREATE CATALOG g_kwq WITH ('type' = 'generic_in_memory');
USE CATALOG g_kwq;
CREATE TABLE t (a INT, `datetime` INT, `value` INT, `year` INT, `month` INT, `localtime` INT, `unknown` INT, `current_user` INT, `regexp` INT, `position` INT) WITH ('connector' = 'datagen');

CREATE VIEW v1 AS SELECT datetime FROM t;
CREATE VIEW v2 AS SELECT value FROM t;
CREATE VIEW v3 AS SELECT a, year FROM t;
CREATE VIEW v4 AS SELECT t.month FROM t;
CREATE VIEW v5 AS SELECT position
FROM t;
CREATE VIEW v6 AS SELECT a AS month FROM t;
CREATE VIEW v7 AS SELECT a FROM t AS month;
CREATE VIEW v8 AS SELECT `datetime`, t.`month`, a AS `year` FROM t;
SHOW CREATE VIEW v8;
CREATE VIEW v9 AS SELECT regexp FROM t;
SHOW CREATE VIEW v9;
CREATE VIEW v10 AS SELECT localtime FROM t;
SHOW CREATE VIEW v10;
DESCRIBE v10;
CREATE VIEW v11 AS SELECT unknown FROM t;
SHOW CREATE VIEW v11;
CREATE VIEW v12 AS SELECT current_user FROM t;
SHOW CREATE VIEW v12;
CREATE VIEW v13 AS SELECT a FROM t WHERE value > 1;
CREATE VIEW v14 AS SELECT REGEXP(CAST(a AS STRING), '1') AS r FROM t;
SHOW CREATE VIEW v14;
-- A reserved word written in upper case is named as a keyword (not after a dot).
CREATE VIEW u1 AS SELECT DATETIME FROM t;
CREATE VIEW u2 AS SELECT a, YEAR FROM t;
CREATE VIEW u3 AS SELECT t.MONTH FROM t;
CREATE VIEW u4 AS SELECT a AS VALUE FROM t;
CREATE VIEW u5 AS SELECT a FROM t AS Month;
CREATE VIEW u6 AS SELECT LOCALTIME AS LOCALTIME FROM t;

CREATE CATALOG c WITH ('type' = 'generic_in_memory');
ALTER CATALOG c RESET ();
ALTER CATALOG missing RESET ();
ALTER TABLE t RESET ();
ALTER TABLE missing RESET ();
ALTER TABLE IF EXISTS missing RESET ();
ALTER TABLE t SET ();
ALTER CATALOG c SET ();
ALTER DATABASE `default` SET ();
ALTER DATABASE `default` RESET ();
SHOW CREATE TABLE t;
