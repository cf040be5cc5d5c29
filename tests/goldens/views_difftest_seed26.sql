-- Classes found by the differential runs of seed 25 and seed 26 (tests/README.md), each around
-- its reduced statement, as Flink takes or refuses them (#14): the operand checks of TRIM,
-- POSITION and OVERLAY, the context those calls write their operands with, POSITION's atomic
-- needle, and a column named EXPR$n as an ORDER BY alias.
CREATE CATALOG g_vseed26 WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vseed26;

CREATE TABLE t (
  i INT,
  bi BIGINT,
  dec10 DECIMAL(10),
  d DOUBLE,
  b BOOLEAN,
  c CHAR(3),
  vc VARCHAR(20),
  s STRING,
  bn BINARY(4),
  vb VARBINARY(10),
  bs BYTES,
  dt DATE,
  r ROW<a INT, b STRING>,
  arr ARRAY<INT>,
  m MAP<STRING, INT>
) WITH ('connector' = 'datagen');
CREATE TABLE events (e_id BIGINT NOT NULL, kind STRING, ets TIMESTAMP(3), WATERMARK FOR ets AS ets) WITH ('connector' = 'datagen');
CREATE TABLE orders2 (order_id BIGINT NOT NULL, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');

-- TRIM: characters and string of one kind of string (Cannot apply names the characters' type),
-- both character strings (two binaries are not comparable), no NULL literal
CREATE VIEW trim_varbinary AS SELECT TRIM(vb) AS a FROM t;
CREATE VIEW trim_binary_literal AS SELECT TRIM(X'ab') AS a FROM t;
CREATE VIEW trim_chars_of_int AS SELECT TRIM(BOTH 'a' FROM i) AS a FROM t;
CREATE VIEW trim_int_chars AS SELECT TRIM(BOTH i FROM s) AS a FROM t;
CREATE VIEW trim_binary_chars AS SELECT TRIM(BOTH X'00' FROM s) AS a FROM t;
CREATE VIEW trim_two_binaries AS SELECT TRIM(BOTH X'00' FROM bn) AS a FROM t;
CREATE VIEW trim_two_binary_columns AS SELECT TRIM(BOTH bn FROM vb) AS a FROM t;
CREATE VIEW trim_two_binary_literals AS SELECT TRIM(BOTH X'00' FROM X'0011') AS a FROM t;
CREATE VIEW trim_null_chars AS SELECT TRIM(LEADING NULL FROM s) AS a FROM t;
CREATE VIEW trim_null AS SELECT TRIM(NULL) AS a FROM t;
CREATE VIEW trim_date AS SELECT TRIM(BOTH 'a' FROM dt) AS a FROM t;
CREATE VIEW trim_array AS SELECT TRIM(BOTH 'x' FROM arr) AS a FROM t;
CREATE VIEW trim_map_value AS SELECT TRIM(BOTH m['a'] FROM s) AS a FROM t;
CREATE VIEW trim_typed_null AS SELECT TRIM(BOTH CAST(NULL AS STRING) FROM s) AS a FROM t;
DESCRIBE trim_typed_null;
CREATE VIEW trim_columns AS SELECT TRIM(BOTH s FROM vc) AS a FROM t;
DESCRIBE trim_columns;

-- POSITION: no NULL literal; a needle and haystack that compare; strings and an integer start
CREATE VIEW position_int_haystack AS SELECT POSITION('a' IN i) AS a FROM t;
CREATE VIEW position_array_haystack AS SELECT POSITION('a' IN arr) AS a FROM t;
CREATE VIEW position_string_in_binary AS SELECT POSITION(s IN vb) AS a FROM t;
CREATE VIEW position_binaries AS SELECT POSITION(bn IN vb) AS a FROM t;
DESCRIBE position_binaries;
CREATE VIEW position_string_start AS SELECT POSITION('a' IN s FROM 'x') AS a FROM t;
CREATE VIEW position_decimal_start AS SELECT POSITION('a' IN s FROM dec10) AS a FROM t;
CREATE VIEW position_bigint_start AS SELECT POSITION('a' IN s FROM bi) AS a FROM t;
DESCRIBE position_bigint_start;
CREATE VIEW position_null_haystack AS SELECT POSITION('a' IN NULL) AS a FROM t;
CREATE VIEW position_null_start AS SELECT POSITION('a' IN s FROM NULL) AS a FROM t;
CREATE VIEW position_arrays AS SELECT POSITION(arr IN arr) AS a FROM t;
CREATE VIEW position_row_needle AS SELECT POSITION(r IN s) AS a FROM t;
CREATE VIEW position_date_needle AS SELECT POSITION(dt IN s) AS a FROM t;
CREATE VIEW position_double_start AS SELECT POSITION('a' IN s FROM d) AS a FROM t;
CREATE VIEW position_boolean_needle AS SELECT POSITION(TRUE IN s) AS a FROM t;
CREATE VIEW position_pi_needle AS SELECT POSITION(PI IN s) AS a FROM t;

-- POSITION's needle is an atomic row expression: no operator, item, parentheses or ROW
CREATE VIEW position_parenthesised_needle AS SELECT POSITION((s) IN s) AS a FROM t;
CREATE VIEW position_concatenated_needle AS SELECT POSITION(s || 'a' IN s) AS a FROM t;
CREATE VIEW position_sum_needle AS SELECT POSITION(1 + 1 IN s) AS a FROM t;
CREATE VIEW position_item_needle AS SELECT POSITION(m['a'] IN s) AS a FROM t;
CREATE VIEW position_row_constructor_needle AS SELECT POSITION(ROW('a') IN s) AS a FROM t;
CREATE VIEW position_subquery_needle AS SELECT POSITION((SELECT 'a') IN s) AS a FROM t;
CREATE VIEW position_negated_needle AS SELECT POSITION(-1 IN s) AS a FROM t;
CREATE VIEW position_call_needle AS SELECT POSITION(UPPER(s) IN s) AS a, POSITION(CASE WHEN b THEN 'a' END IN s) AS b, POSITION(r.b IN s) AS c FROM t;
SHOW CREATE VIEW position_call_needle;

-- OVERLAY: no NULL literal; strings, then integers; a binary placed in a character string is
-- not comparable with it; placed in a binary string, anything is its bytes
CREATE VIEW overlay_int_string AS SELECT OVERLAY(i PLACING 'a' FROM 1) AS a FROM t;
CREATE VIEW overlay_int_placed AS SELECT OVERLAY(s PLACING 1 FROM 1) AS a FROM t;
CREATE VIEW overlay_string_start AS SELECT OVERLAY(s PLACING 'a' FROM 'x') AS a FROM t;
CREATE VIEW overlay_decimal_length AS SELECT OVERLAY(s PLACING 'a' FROM 1 FOR 1.5) AS a FROM t;
CREATE VIEW overlay_null AS SELECT OVERLAY(NULL PLACING 'a' FROM 1) AS a FROM t;
CREATE VIEW overlay_null_start AS SELECT OVERLAY(s PLACING 'a' FROM NULL) AS a FROM t;
CREATE VIEW overlay_binary_in_string AS SELECT OVERLAY(s PLACING X'00' FROM 1) AS a FROM t;
CREATE VIEW overlay_arrays AS SELECT OVERLAY(arr PLACING arr FROM 1) AS a FROM t;
CREATE VIEW overlay_date AS SELECT OVERLAY(dt PLACING 'a' FROM 1) AS a FROM t;
CREATE VIEW overlay_string_in_binary AS SELECT OVERLAY(vb PLACING 'a' FROM 1) AS a, OVERLAY(bn PLACING X'0011' FROM 1) AS b, OVERLAY(bs PLACING bn FROM 1 FOR 2) AS c FROM t;
DESCRIBE overlay_string_in_binary;
CREATE VIEW overlay_chars AS SELECT OVERLAY(c PLACING vc FROM 1) AS a FROM t;
DESCRIBE overlay_chars;

-- TRIM, POSITION and OVERLAY write their operands with their own context (Calcite passes its
-- precedences on): enclosed on the right of || or *, under a prefix minus or a measure's FINAL
CREATE VIEW context_concatenated AS SELECT 'z' || TRIM(s || 'x') AS a, TRIM(s || 'x') || 'z' AS b, TRIM(s || 'x') || TRIM(s || 'y') AS c FROM t;
SHOW CREATE VIEW context_concatenated;
CREATE VIEW context_product AS SELECT 2 * POSITION('a' IN s || 'x') AS a, POSITION('a' IN s || 'x') * 2 AS b, - POSITION('a' IN s || 'x') AS c FROM t;
SHOW CREATE VIEW context_product;
CREATE VIEW context_overlay AS SELECT OVERLAY(s PLACING 'a' || 'b' FROM 1 + 1 FOR 2 * 1) || 'z' AS a FROM t;
SHOW CREATE VIEW context_overlay;
CREATE VIEW context_continued AS SELECT TRIM('x'
  'y' || s) AS a, 'z' || TRIM('x'
  'y') AS b FROM t;
SHOW CREATE VIEW context_continued;
CREATE VIEW context_measure AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES TRIM(LAST(D.kind) || 'x'
  'y') AS m0, TRIM('x'
  'y') AS m1, POSITION('a' IN LAST(D.kind) || 'x') AS m2, OVERLAY(LAST(D.kind) || 'x' PLACING 'a' FROM 1) AS m3, UPPER(LAST(D.kind) || 'x') AS m4 PATTERN (A D??) DEFINE D AS FALSE);
SHOW CREATE VIEW context_measure;

-- A column named EXPR$n is an alias an ORDER BY names (a generated EXPR$n is not)
CREATE VIEW order_by_named_expr AS SELECT 1 AS c3, sq2.`EXPR$1` FROM (VALUES (1, 2)) AS sq2 ORDER BY `EXPR$1`;
SHOW CREATE VIEW order_by_named_expr;
CREATE VIEW order_by_named_expr_call AS SELECT 'a' AS c3, x.`EXPR$1` FROM (SELECT 1, 2) AS x ORDER BY `EXPR$1` + 1;
SHOW CREATE VIEW order_by_named_expr_call;
CREATE VIEW order_by_generated_expr AS SELECT i + 1, s FROM t ORDER BY `EXPR$0`;

-- TO_TIMESTAMP_LTZ of a literal precision: that precision, 3 at least, between 0 and 9; of a
-- literal zone: one Java's ZoneId.of knows (its region IDs: data/java_zone_ids.json)
CREATE VIEW ltz_precisions AS SELECT TO_TIMESTAMP_LTZ(bi, 0) AS p0, TO_TIMESTAMP_LTZ(bi, 6) AS p6, TO_TIMESTAMP_LTZ(i, 7) AS p7, TO_TIMESTAMP_LTZ(d, 9) AS p9, TO_TIMESTAMP_LTZ(bi, i) AS pi, TO_TIMESTAMP_LTZ(bi, 3 + 0) AS pe FROM t;
DESCRIBE ltz_precisions;
CREATE VIEW ltz_precision_10 AS SELECT TO_TIMESTAMP_LTZ(bi, 10) AS a FROM t;
CREATE VIEW ltz_precision_negative AS SELECT TO_TIMESTAMP_LTZ(bi, -1) AS a FROM t;
CREATE VIEW ltz_zones AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', 'UTC') AS a, TO_TIMESTAMP_LTZ(s, 'yyyy', 'Asia/Shanghai') AS b, TO_TIMESTAMP_LTZ(s, 'yyyy', 'GMT+8') AS c, TO_TIMESTAMP_LTZ(s, 'yyyy', '+08:00') AS d, TO_TIMESTAMP_LTZ(s, 'yyyy', 'Z') AS e, TO_TIMESTAMP_LTZ(vc, 'yyyy', s) AS f FROM t;
DESCRIBE ltz_zones;
CREATE VIEW ltz_unknown_zone AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', 'Mars/Base') AS a FROM t;
CREATE VIEW ltz_short_zone AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', 'EST') AS a FROM t;
CREATE VIEW ltz_empty_zone AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', '') AS a FROM t;
CREATE VIEW ltz_offset_hours AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', '+25:00') AS a FROM t;
CREATE VIEW ltz_prefixed_offset AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', 'GMT+25') AS a FROM t;
CREATE VIEW ltz_region_format AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy', '1abc') AS a FROM t;

-- No prefix operator right after a measure's FINAL or RUNNING: NOT and EXISTS fail at the
-- keyword (after RUNNING, a reserved word, at RUNNING), a sign before anything but a number at
-- the sign (RUNNING NOT once reached the dashboard's reading of its own text: an internal error)
CREATE VIEW mr_final_not AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES FINAL NOT(LAST(D.kind) = 'x') AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_running_not AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES RUNNING NOT(LAST(D.kind) = 'x') AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_running_exists AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES RUNNING EXISTS (SELECT 1) AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_final_minus AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES FINAL -LAST(D.e_id) AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_running_plus AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES RUNNING +LAST(D.e_id) AS m0 ALL ROWS PER MATCH PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_final_minus_parenthesised AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES FINAL -(1) AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_inner_final_not AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES CASE WHEN FINAL NOT (LAST(D.kind) = 'x') THEN 1 END AS m0 PATTERN (A D??) DEFINE D AS FALSE);
CREATE VIEW mr_signed_numbers AS SELECT * FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES FINAL -1 AS m0, RUNNING -1 AS m1, FINAL (NOT(LAST(D.kind) = 'x')) AS m2 ALL ROWS PER MATCH PATTERN (A D??) DEFINE D AS FALSE);
SHOW CREATE VIEW mr_signed_numbers;
DESCRIBE mr_signed_numbers;

-- A subquery reading a column of an enclosing FROM item whose columns repeat a name fails in
-- Flink's decorrelation (a Guava message naming the first repeated column); uncorrelated, or
-- read in the block itself (ORDER BY, GROUP BY, OVER), it is taken
CREATE TABLE orders (order_id BIGINT NOT NULL, cust INT, qty INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
CREATE VIEW dup_exists AS SELECT c6 FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.i = sq.c6);
CREATE VIEW dup_scalar AS SELECT c6, (SELECT MAX(i) FROM t WHERE t.i = sq.c6) AS m FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq;
CREATE VIEW dup_in_correlated AS SELECT c6 FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq WHERE c6 IN (SELECT cust FROM orders WHERE orders.qty = sq.c6);
CREATE VIEW dup_three AS SELECT c6 FROM (SELECT i AS c6, s AS d, s AS e, s AS e, s AS d FROM t) AS sq WHERE EXISTS (SELECT 1 FROM t WHERE t.i = sq.c6);
CREATE VIEW dup_window AS SELECT CAST(1 AS INT) AS c6 FROM (SELECT w1.window_start, window_end, cust, window_end FROM TABLE(SESSION(TABLE orders PARTITION BY order_id, DESCRIPTOR(ts), INTERVAL '5' SECOND)) AS w1 GROUP BY w1.window_start, window_end, cust) AS sq5 WHERE NOT EXISTS (SELECT 1 FROM orders WHERE orders.ts = sq5.window_start);
CREATE VIEW dup_uncorrelated AS SELECT c6 FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq WHERE NOT EXISTS (SELECT 1 FROM t) AND c6 IN (SELECT i FROM t);
DESCRIBE dup_uncorrelated;
CREATE VIEW dup_in_block AS SELECT c6, COUNT(*) AS n, SUM(c6) OVER (PARTITION BY c6) AS w FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq GROUP BY c6 HAVING c6 > 1 ORDER BY c6;
DESCRIBE dup_in_block;
CREATE VIEW dup_other_item AS SELECT c6 FROM (SELECT i AS c6, s AS d, s AS d FROM t) AS sq, orders o WHERE EXISTS (SELECT 1 FROM t WHERE t.i = o.qty);
DESCRIBE dup_other_item;

-- Classes of the seed-26 run (20,000 views)
-- GREATEST and LEAST keep a proctime attribute as COALESCE does
CREATE VIEW keeps_proctime AS SELECT LEAST(o.pt) AS a, GREATEST(o.pt) AS b, LEAST(o.pt, o.pt) AS c, LEAST(o.pt, CAST(NULL AS TIMESTAMP_LTZ(3))) AS d, LEAST(o.ts) AS e FROM orders2 AS o;
DESCRIBE keeps_proctime;
-- IS [NOT] DISTINCT FROM is a comparison, read left to right after a postfix IS
CREATE VIEW distinct_after_is AS SELECT i IS NULL IS DISTINCT FROM FALSE = TRUE AS a, TRUE IS NOT UNKNOWN IS DISTINCT FROM FALSE = TRUE AS b FROM t;
SHOW CREATE VIEW distinct_after_is;
CREATE VIEW distinct_after_is_typed AS SELECT i FROM t WHERE FALSE IS NOT UNKNOWN IS DISTINCT FROM TO_TIMESTAMP_LTZ(0, 3) = TO_TIMESTAMP_LTZ(0, 3);
-- FLOOR and CEIL TO a unit take a date-time only
CREATE VIEW floor_number_to_hour AS SELECT FLOOR(i TO HOUR) AS a FROM t;
CREATE VIEW ceil_string_to_day AS SELECT CEIL(s TO DAY) AS a FROM t;
CREATE VIEW floor_date_to_hour AS SELECT FLOOR(dt TO HOUR) AS a FROM t;
DESCRIBE floor_date_to_hour;
-- ROUND and TRUNCATE of a DECIMAL to digits outside INT overflow
CREATE VIEW round_overflow AS SELECT ROUND(CAST(i AS DECIMAL(10, 2)), 9999999999) AS a FROM t;
CREATE VIEW truncate_overflow AS SELECT TRUNCATE(CAST(i AS DECIMAL(10, 2)), -9999999999) AS a FROM t;
CREATE VIEW round_big_digits AS SELECT ROUND(i, 9999999999) AS a, ROUND(d, 9999999999) AS b, ROUND(CAST(i AS DECIMAL(10, 2)), 2147483647) AS c FROM t;
DESCRIBE round_big_digits;
-- a MAP constructor in DEFINE is no column; a niladic function after RUNNING in a stored measure
CREATE VIEW define_map AS SELECT e_id FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES COUNT(C.ets) AS m0 PATTERN (B C) DEFINE C AS JSON_EXISTS(MAP[1, 'x', 2, 'y'], 'x'));
SHOW CREATE VIEW define_map;
CREATE VIEW running_niladic AS SELECT m0 FROM events MATCH_RECOGNIZE (PARTITION BY e_id ORDER BY ets MEASURES RUNNING LOCALTIMESTAMP BETWEEN FLOOR(LOCALTIMESTAMP TO HOUR) AND TO_TIMESTAMP(LAST(C.kind)) AS m0, RUNNING CURRENT_DATE AS m1 PATTERN (C) DEFINE C AS TRUE);
SHOW CREATE VIEW running_niladic;
DESCRIBE running_niladic;
-- seed 27: GREATEST/LEAST of DECIMALs past 38 digits reduce the scale (Flink's adjustPrecisionScale)
CREATE VIEW least_wide_decimals AS SELECT LEAST(CAST(i AS DECIMAL(10)) * CAST(i AS DECIMAL(38, 10)), CAST(i AS DECIMAL(38, 10))) AS a, GREATEST(CAST(i AS DECIMAL(5, 2)), CAST(i AS DECIMAL(38, 10))) AS b FROM t;
DESCRIBE least_wide_decimals;
-- seed 27: a scalar subquery operand of POSITION, TRIM or OVERLAY is written with the call's own
-- context: enclosed once more as a select item (an alias binds it) or an operand, not as a
-- function's argument or BETWEEN's lower bound
CREATE VIEW position_subquery_item AS SELECT POSITION('a' IN (SELECT MAX(s) FROM t)) AS a, POSITION('a' IN s FROM (SELECT MAX(i) FROM t)) AS b, POSITION('a' IN (SELECT MAX(s) FROM t)) + 1 AS c FROM t;
SHOW CREATE VIEW position_subquery_item;
CREATE VIEW position_subquery_between AS SELECT i FROM t WHERE i BETWEEN POSITION('a' IN (SELECT MAX(s) FROM t)) AND 5 UNION ALL SELECT i FROM t WHERE i BETWEEN POSITION('a' IN s FROM (SELECT MAX(i) FROM t)) AND 5;
SHOW CREATE VIEW position_subquery_between;
CREATE VIEW position_subquery_argument AS SELECT ABS(POSITION('a' IN (SELECT MAX(s) FROM t))) AS a, CASE WHEN b THEN POSITION('a' IN (SELECT MAX(s) FROM t)) END AS b, POSITION('a' IN CAST(POSITION('b' IN (SELECT MAX(s) FROM t)) AS STRING)) AS c FROM t;
SHOW CREATE VIEW position_subquery_argument;
CREATE VIEW trim_overlay_subquery AS SELECT TRIM(BOTH (SELECT MAX(s) FROM t) FROM s) AS a, CHAR_LENGTH(TRIM(BOTH 'x' FROM (SELECT MAX(s) FROM t))) AS b, OVERLAY(s PLACING (SELECT MAX(s) FROM t) FROM 1) AS c, UPPER(OVERLAY((SELECT MAX(s) FROM t) PLACING s FROM 1)) AS d FROM t;
SHOW CREATE VIEW trim_overlay_subquery;
CREATE VIEW trim_overlay_subquery_between AS SELECT i FROM t WHERE s BETWEEN TRIM(BOTH (SELECT MAX(s) FROM t) FROM s) AND 'z' AND s BETWEEN OVERLAY(s PLACING (SELECT MAX(s) FROM t) FROM 1) AND 'z';
SHOW CREATE VIEW trim_overlay_subquery_between;
-- seed 28: TO_TIMESTAMP_LTZ's literal pattern is read by Java's DateTimeFormatter.ofPattern
-- (catalogs/flinksql/java_patterns.py; every message held to tests/goldens/java_patterns_oracle.json)
CREATE VIEW ltz_pattern_quote AS SELECT TO_TIMESTAMP_LTZ(s, 'a''b') AS a FROM t;
CREATE VIEW ltz_pattern_letter AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy-MM-dd bb') AS a FROM t;
CREATE VIEW ltz_pattern_bracket AS SELECT i FROM t WHERE TO_TIMESTAMP_LTZ(s, ']') IS NULL;
CREATE VIEW ltz_pattern_reserved_before_zone AS SELECT TO_TIMESTAMP_LTZ(s, '{', 'Mars/Base') AS a FROM t;
CREATE VIEW ltz_pattern_padded_numbers AS SELECT TO_TIMESTAMP_LTZ(s, 'pyw') AS a FROM t;
CREATE VIEW ltz_pattern_too_many AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy-MM-dd HHH') AS a FROM t;
CREATE VIEW ltz_pattern_ok AS SELECT TO_TIMESTAMP_LTZ(s, 'yyyy-MM-dd''T''HH:mm:ss[.SSS]') AS a, TO_TIMESTAMP_LTZ(s, 'ppHH:mm', 'UTC') AS b, TO_TIMESTAMP_LTZ(s, CAST(NULL AS STRING)) AS c FROM t;
DESCRIBE ltz_pattern_ok;
