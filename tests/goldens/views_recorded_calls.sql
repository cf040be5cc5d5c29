-- Classes the differential run found once it drew calls from the function record (#15):
-- SIMILAR TO checks its operands as LIKE does, and a function over a collection whose
-- members decide (ARRAY_JOIN takes ARRAY<STRING> only) is not typed by another call's rule.
CREATE CATALOG g_reccalls WITH ('type' = 'generic_in_memory');
USE CATALOG g_reccalls;

CREATE TABLE t (i INT, s STRING, c CHAR(3), a ARRAY<INT>, sa ARRAY<STRING>, ar ARRAY<ROW<f INT, g STRING>>, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE VIEW v_similar_int AS SELECT i SIMILAR TO 'x' AS x FROM t;
CREATE VIEW v_not_similar_int AS SELECT i NOT SIMILAR TO 'x' AS x FROM t;
CREATE VIEW v_similar_escape AS SELECT ARRAY_MAX(a) SIMILAR TO 'x!%' ESCAPE '!' AS x FROM t;
CREATE VIEW v_similar_pattern_int AS SELECT s SIMILAR TO i AS x FROM t;
CREATE VIEW v_similar_ok AS SELECT s SIMILAR TO 'x%' AS x, c NOT SIMILAR TO 'a|b' AS y, s SIMILAR TO 'x!%' ESCAPE '!' AS z FROM t;
SHOW CREATE VIEW v_similar_ok;
DESCRIBE v_similar_ok;
CREATE VIEW v_similar_ts AS SELECT ts SIMILAR TO 'x' AS x FROM t;
CREATE VIEW v_array_join_rows AS SELECT ARRAY_JOIN(ar, 'x') AS x FROM t;
CREATE VIEW v_array_join_ints AS SELECT ARRAY_JOIN(a, 'x') AS x FROM t;
CREATE VIEW v_array_join_strings AS SELECT ARRAY_JOIN(sa, ', ') AS x, ARRAY_JOIN(sa, ', ', 'null') AS y FROM t;
DESCRIBE v_array_join_strings;
CREATE VIEW v_array_max_rows AS SELECT ARRAY_MAX(ar) AS x FROM t;
CREATE VIEW v_array_contains_rows AS SELECT ARRAY_CONTAINS(ar, ar[1]) AS x FROM t;
DESCRIBE v_array_contains_rows;
