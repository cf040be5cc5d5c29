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

-- the seed-10 run: IS TRUE/FALSE check their operand as IS UNKNOWN does, TIMESTAMPADD its
-- date-time, and a function Flink refuses in every recorded call with such an argument in
-- that place is not typed by another call's rule (LPAD of a number)
CREATE TABLE u (i INT, b BIGINT, s STRING, d DATE, ts TIMESTAMP(3), flag BOOLEAN) WITH ('connector' = 'datagen');
CREATE VIEW w_is_true AS SELECT b IS TRUE AS x FROM u;
CREATE VIEW w_is_not_false AS SELECT i IS NOT FALSE AS x FROM u;
CREATE VIEW w_is_not_unknown AS SELECT s IS NOT UNKNOWN AS x FROM u;
CREATE VIEW w_not_is_true AS SELECT NOT (b IS TRUE) AS x FROM u;
CREATE VIEW w_rank_is_true AS SELECT RANK() IS TRUE AS x FROM u;
CREATE VIEW w_is_ok AS SELECT flag IS TRUE AS x, flag IS NOT FALSE AS y FROM u;
CREATE VIEW w_null_is_true AS SELECT NULL IS TRUE AS z FROM u;
CREATE VIEW w_null_is_not_false AS SELECT NULL IS NOT FALSE AS z FROM u;
CREATE VIEW w_null_is_unknown AS SELECT NULL IS UNKNOWN AS z FROM u;
CREATE VIEW w_null_is_null AS SELECT NULL IS NULL AS z FROM u;
DESCRIBE w_is_ok;
CREATE VIEW w_tsadd_bigint AS SELECT TIMESTAMPADD(HOUR, 1, b) AS x FROM u;
CREATE VIEW w_tsadd_string AS SELECT TIMESTAMPADD(DAY, 1, s) AS x FROM u;
CREATE VIEW w_tsadd_ok AS SELECT TIMESTAMPADD(DAY, 1, d) AS x, TIMESTAMPADD(HOUR, i, ts) AS y FROM u;
DESCRIBE w_tsadd_ok;
CREATE VIEW w_lpad_bigint AS SELECT LPAD(b, 5, '-') AS x FROM u;
CREATE VIEW w_lpad_rank AS SELECT LPAD(RANK(), 5, '-') AS x FROM u;
CREATE VIEW w_lpad_ok AS SELECT LPAD(s, 5, '-') AS x, RPAD(s, i, 'ab') AS y FROM u;
DESCRIBE w_lpad_ok;
