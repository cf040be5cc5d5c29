-- Classes found by the differential run of seed 9 (tests/README.md), each around its
-- reduced statement, as Flink takes or refuses them (#14).
CREATE CATALOG g_vseed9 WITH ('type' = 'generic_in_memory');
USE CATALOG g_vseed9;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  cust INT,
  amount DECIMAL(10, 2),
  qty INT,
  ts TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');
CREATE TABLE events (
  e_id BIGINT NOT NULL,
  kind STRING,
  ets TIMESTAMP_LTZ(3),
  WATERMARK FOR ets AS ets - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen');
CREATE TABLE dim (k INT NOT NULL, label VARCHAR(10), ts6 TIMESTAMP(6)) WITH ('connector' = 'datagen');

-- comparisons share one precedence, left to right
CREATE VIEW v_cmp_chain AS SELECT k FROM dim WHERE 100.0 = k >= TRUE;
SHOW CREATE VIEW v_cmp_chain;
CREATE VIEW v_cmp_chain2 AS SELECT 1 < 2 = TRUE AS a, (k <> 1) < TRUE AS b, k = 1 = TRUE AS c FROM dim;
SHOW CREATE VIEW v_cmp_chain2;
DESCRIBE v_cmp_chain2;
CREATE VIEW v_cmp_chain3 AS SELECT k FROM dim WHERE k >= 1 = TRUE;
SHOW CREATE VIEW v_cmp_chain3;
CREATE VIEW v_cmp_chain_bad AS SELECT k FROM dim WHERE k = k >= 1;
CREATE VIEW v_cmp_chain_bad2 AS SELECT k FROM dim WHERE TRUE <> k < 1;
CREATE VIEW v_cmp_like AS SELECT k FROM dim WHERE label LIKE 'a' = TRUE;
SHOW CREATE VIEW v_cmp_like;
CREATE VIEW v_cmp_between AS SELECT k FROM dim WHERE k BETWEEN 1 AND 2 = TRUE;
SHOW CREATE VIEW v_cmp_between;

-- a leading-dot number after DISTINCT or ALL
CREATE VIEW v_distinct_dot AS SELECT DISTINCT .25 AS c FROM dim;
SHOW CREATE VIEW v_distinct_dot;
DESCRIBE v_distinct_dot;
CREATE VIEW v_all_dot AS SELECT ALL .5 AS c, .5e1 AS e FROM dim;
SHOW CREATE VIEW v_all_dot;

-- an OVER call inside an aggregate
CREATE VIEW v_nested_over AS SELECT SUM(ROW_NUMBER() OVER ()) AS c FROM dim GROUP BY k;
CREATE VIEW v_nested_over2 AS SELECT COUNT(RANK() OVER (ORDER BY k)) AS c FROM dim;
CREATE VIEW v_over_over AS SELECT SUM(k) OVER (ORDER BY ts6 ROWS 2 PRECEDING) AS c FROM dim;
SHOW CREATE VIEW v_over_over;
CREATE VIEW v_agg_in_over AS SELECT SUM(SUM(k)) OVER () AS c FROM dim GROUP BY k;
SHOW CREATE VIEW v_agg_in_over;

-- NULLIF of a ranking call and a date
CREATE VIEW v_nullif_rank AS SELECT NULLIF(RANK(), CURRENT_DATE) AS c FROM dim;
CREATE VIEW v_nullif_rank_over AS SELECT NULLIF(RANK() OVER (ORDER BY k), CURRENT_DATE) AS c FROM dim;
CREATE VIEW v_nullif_int_date AS SELECT NULLIF(k, CURRENT_DATE) AS c FROM dim;
CREATE VIEW v_nullif_rank_ok AS SELECT NULLIF(RANK() OVER (ORDER BY k), 1) AS c FROM dim;
SHOW CREATE VIEW v_nullif_rank_ok;

-- parentheses Flink does not write: a window call in BETWEEN, a CASE in FLOOR ... TO
CREATE VIEW v_between_over AS SELECT k BETWEEN ROW_NUMBER() OVER () AND k AS c FROM dim;
SHOW CREATE VIEW v_between_over;
CREATE VIEW v_between_over2 AS SELECT k NOT BETWEEN 1 AND RANK() OVER (ORDER BY k) AS c, ROW_NUMBER() OVER () BETWEEN 1 AND k AS d FROM dim;
SHOW CREATE VIEW v_between_over2;
CREATE VIEW v_floor_case AS SELECT FLOOR(CASE WHEN TRUE THEN ts6 END TO MINUTE) AS c FROM dim;
SHOW CREATE VIEW v_floor_case;
CREATE VIEW v_ceil_case AS SELECT CEIL(CASE WHEN k > 1 THEN ts6 ELSE ts6 END TO DAY) AS c, FLOOR(NULLIF(ts6, ts6) TO DAY) AS d FROM dim;
SHOW CREATE VIEW v_ceil_case;
CREATE VIEW v_position_sub AS SELECT POSITION('a' IN (SELECT label FROM dim AS d2)) AS c FROM dim;
SHOW CREATE VIEW v_position_sub;

-- time attributes through a set operation of two time attributes
CREATE VIEW v_set_proc_row AS SELECT pt FROM orders INTERSECT SELECT ets FROM events;
DESCRIBE v_set_proc_row;
CREATE VIEW v_set_row_proc AS SELECT ets FROM events UNION ALL SELECT pt FROM orders;
DESCRIBE v_set_row_proc;
CREATE VIEW v_set_row_row AS SELECT ts FROM orders UNION ALL SELECT ts FROM orders;
DESCRIBE v_set_row_row;
CREATE VIEW v_set_row_local AS SELECT ts FROM orders EXCEPT SELECT LOCALTIMESTAMP FROM dim;
DESCRIBE v_set_row_local;
CREATE VIEW v_set_proc_ltz AS SELECT pt FROM orders UNION SELECT CURRENT_TIMESTAMP FROM dim;
DESCRIBE v_set_proc_ltz;
CREATE VIEW v_set_ltz_proc AS SELECT CURRENT_TIMESTAMP FROM dim UNION ALL SELECT pt FROM orders;
DESCRIBE v_set_ltz_proc;

-- a number beyond INT in ORDER BY is a constant, not an ordinal
CREATE VIEW v_order_big AS SELECT k FROM dim ORDER BY k DESC, 2147483648;
SHOW CREATE VIEW v_order_big;
CREATE VIEW v_order_big_set AS (SELECT k FROM dim UNION ALL SELECT k FROM dim) ORDER BY 2147483648;
SHOW CREATE VIEW v_order_big_set;
CREATE VIEW v_order_int_max AS SELECT k FROM dim ORDER BY 2147483647;
CREATE VIEW v_order_huge AS SELECT k FROM dim ORDER BY 9223372036854775807;
SHOW CREATE VIEW v_order_huge;

-- COALESCE of a date and a number
CREATE VIEW v_coalesce_date_rank AS SELECT COALESCE(DATE '2024-01-15', RANK() OVER (ORDER BY k)) AS c FROM dim;
CREATE VIEW v_coalesce_date_int AS SELECT COALESCE(CURRENT_DATE, k) AS c FROM dim;
CREATE VIEW v_coalesce_int_date AS SELECT COALESCE(k, CURRENT_DATE) AS c FROM dim;
CREATE VIEW v_coalesce_ts_int AS SELECT COALESCE(ts6, k) AS c FROM dim;
CREATE VIEW v_coalesce_str_int AS SELECT COALESCE(label, k) AS c FROM dim;
DESCRIBE v_coalesce_str_int;

-- a window function's parameter names are upper case
CREATE VIEW v_tvf_lower_names AS SELECT window_end FROM TABLE(TUMBLE(data => TABLE orders, timecol => DESCRIPTOR(ts), size => INTERVAL '10' MINUTES));
CREATE VIEW v_tvf_mixed_names AS SELECT window_end FROM TABLE(TUMBLE(DATA => TABLE orders, TimeCol => DESCRIPTOR(ts), SIZE => INTERVAL '10' MINUTES));
CREATE VIEW v_tvf_upper_names AS SELECT window_end FROM TABLE(TUMBLE(DATA => TABLE orders, TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_tvf_upper_names;
CREATE VIEW v_tvf_quoted_names AS SELECT window_end FROM TABLE(HOP(`DATA` => TABLE orders, `TIMECOL` => DESCRIPTOR(ts), `SLIDE` => INTERVAL '5' MINUTES, `SIZE` => INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_tvf_quoted_names;

-- IS [NOT] DISTINCT FROM among comparisons
CREATE VIEW v_distinct_from_cmp AS SELECT k FROM dim WHERE UNKNOWN IS NOT DISTINCT FROM 'a' > 'x';
SHOW CREATE VIEW v_distinct_from_cmp;
CREATE VIEW v_distinct_from_cmp2 AS SELECT k FROM dim WHERE k > 1 IS DISTINCT FROM TRUE;
SHOW CREATE VIEW v_distinct_from_cmp2;

-- binary strings of other lengths through CASE and a set operation
CREATE VIEW v_case_binary AS SELECT CASE WHEN FALSE THEN X'0A0B' ELSE (X'') END AS c FROM dim;
DESCRIBE v_case_binary;
CREATE VIEW v_union_binary AS SELECT X'0A0B' AS c FROM dim UNION ALL SELECT CASE WHEN FALSE THEN X'0A0B' ELSE (X'') END FROM dim;
DESCRIBE v_union_binary;
CREATE VIEW v_union_binary2 AS SELECT X'0A0B' AS c FROM dim UNION ALL SELECT X'' FROM dim;
DESCRIBE v_union_binary2;

-- MATCH_RECOGNIZE: a group after a quantified variable, with SUBSET
CREATE VIEW v_mr_group AS SELECT m1 FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES _UTF16'x' AS m1 PATTERN (`Up`{2,} (A | B?)) SUBSET S = (B) DEFINE `Up` AS UNKNOWN);
SHOW CREATE VIEW v_mr_group;
CREATE VIEW v_mr_group2 AS SELECT m1 FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES COUNT(A.kind) AS m1 PATTERN (A{2,} (B | C)) DEFINE A AS TRUE);
SHOW CREATE VIEW v_mr_group2;
CREATE VIEW v_distinct_from_left AS SELECT (UNKNOWN IS NOT DISTINCT FROM 'a') > 'x' AS c FROM dim;
SHOW CREATE VIEW v_distinct_from_left;
CREATE VIEW v_distinct_from_right AS SELECT UNKNOWN IS NOT DISTINCT FROM ('a' > 'x') AS c FROM dim;
SHOW CREATE VIEW v_distinct_from_right;
CREATE VIEW v_distinct_from_bad AS SELECT k IS NOT DISTINCT FROM 1 > 0 AS c FROM dim;
CREATE VIEW v_distinct_from_bad2 AS SELECT 1 > 0 IS DISTINCT FROM k AS c FROM dim;
CREATE VIEW v_distinct_from_null AS SELECT k IS DISTINCT FROM 1 IS NULL AS c, k = 1 IS NOT DISTINCT FROM TRUE AS d FROM dim;
SHOW CREATE VIEW v_distinct_from_null;

-- a niladic function in HAVING stays a name: bare in FLOOR ... TO
CREATE VIEW v_having_floor AS SELECT k FROM dim GROUP BY k, ts6 HAVING FLOOR(LOCALTIMESTAMP TO HOUR) > ts6;
SHOW CREATE VIEW v_having_floor;
CREATE VIEW v_where_floor AS SELECT k FROM dim WHERE FLOOR(LOCALTIMESTAMP TO HOUR) > ts6;
SHOW CREATE VIEW v_where_floor;
CREATE VIEW v_select_floor AS SELECT FLOOR(LOCALTIMESTAMP TO HOUR) AS c, CEIL(CURRENT_TIMESTAMP TO DAY) AS d FROM dim;
SHOW CREATE VIEW v_select_floor;
CREATE VIEW v_having_floor_agg AS SELECT k FROM dim GROUP BY k HAVING FLOOR(CURRENT_TIMESTAMP TO HOUR) > MAX(ts6);
SHOW CREATE VIEW v_having_floor_agg;
CREATE VIEW v_order_floor AS SELECT k FROM dim ORDER BY FLOOR(LOCALTIMESTAMP TO HOUR);
SHOW CREATE VIEW v_order_floor;

-- NOT BETWEEN a quoted reserved name after AND
CREATE VIEW v_between_reserved AS SELECT q5.k FROM (SELECT k, label AS `select` FROM dim) AS q5 WHERE FALSE AND q5.`select` NOT BETWEEN q5.`select` AND '';
SHOW CREATE VIEW v_between_reserved;

-- UNKNOWN as a select item, bare and in parentheses
CREATE VIEW v_unknown_item AS SELECT k, (UNKNOWN) FROM dim;
SHOW CREATE VIEW v_unknown_item;
CREATE VIEW v_unknown_bare AS SELECT k, UNKNOWN FROM dim;
SHOW CREATE VIEW v_unknown_bare;
CREATE VIEW v_true_paren AS SELECT k, (TRUE), (NULL) FROM dim;
SHOW CREATE VIEW v_true_paren;

-- LISTAGG with FILTER
CREATE VIEW v_listagg_filter AS SELECT LISTAGG(CASE WHEN FALSE THEN '' ELSE 'abc' END) FILTER (WHERE UNKNOWN IS NOT NULL) FROM dim GROUP BY k;
DESCRIBE v_listagg_filter;
CREATE VIEW v_listagg_plain AS SELECT LISTAGG(CASE WHEN FALSE THEN '' ELSE 'abc' END) AS c FROM dim GROUP BY k;
DESCRIBE v_listagg_plain;
CREATE VIEW v_listagg_filter2 AS SELECT LISTAGG(label) FILTER (WHERE k > 1) AS c, LISTAGG('x') FILTER (WHERE k > 1) AS d FROM dim GROUP BY k;
DESCRIBE v_listagg_filter2;
CREATE VIEW v_listagg_nogroup AS SELECT LISTAGG('abc') FILTER (WHERE k > 1) AS c FROM dim;
DESCRIBE v_listagg_nogroup;

-- COALESCE of a time and a number; of a TIMESTAMP_LTZ and a number
CREATE VIEW v_coalesce_time_rank AS SELECT COALESCE(TIME '12:30:00', RANK() OVER (ORDER BY k)) AS c FROM dim;
CREATE VIEW v_coalesce_time_int AS SELECT COALESCE(k, LOCALTIME) AS c FROM dim;
CREATE VIEW v_coalesce_ltz_int AS SELECT COALESCE(CURRENT_TIMESTAMP, k) AS c FROM dim;
CREATE VIEW v_coalesce_date_dec AS SELECT COALESCE(CURRENT_DATE, 1.5) AS c FROM dim;
CREATE VIEW v_ifnull_date_int AS SELECT IFNULL(CURRENT_DATE, k) AS c FROM dim;

-- FILTER as BETWEEN's lower bound
CREATE VIEW v_between_filter AS SELECT k FROM dim GROUP BY k HAVING k BETWEEN SYMMETRIC MAX(k) FILTER (WHERE k > 1) AND 5;
SHOW CREATE VIEW v_between_filter;
CREATE VIEW v_between_filter_high AS SELECT k FROM dim GROUP BY k HAVING k BETWEEN 1 AND MAX(k) FILTER (WHERE k > 1);
SHOW CREATE VIEW v_between_filter_high;

-- a VALUES column named by its first row's niladic function
CREATE VIEW v_values_niladic AS SELECT * FROM (VALUES (CURRENT_DATE), (DATE '2024-01-15'));
SHOW CREATE VIEW v_values_niladic;
CREATE VIEW v_values_niladic2 AS SELECT * FROM (VALUES (LOCALTIMESTAMP, 1, CURRENT_TIMESTAMP));
SHOW CREATE VIEW v_values_niladic2;
CREATE VIEW v_values_niladic3 AS SELECT * FROM (VALUES (DATE '2024-01-15'), (CURRENT_DATE));
SHOW CREATE VIEW v_values_niladic3;

-- an IN list in MEASURES
CREATE VIEW v_mr_in AS SELECT * FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES A.e_id IN (1, 2) AS m PATTERN (A) DEFINE A AS TRUE);
CREATE VIEW v_mr_in2 AS SELECT * FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES 1 IN (1, 2) AS m PATTERN (A B) DEFINE A AS TRUE);
CREATE VIEW v_mr_in_define AS SELECT * FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES A.e_id AS m PATTERN (A) DEFINE A AS A.e_id IN (1, 2));
SHOW CREATE VIEW v_mr_in_define;
CREATE VIEW v_having_filter AS SELECT k FROM dim GROUP BY k HAVING MAX(k) FILTER (WHERE k > 1) > 1;
SHOW CREATE VIEW v_having_filter;
CREATE VIEW v_having_filter_qualified AS SELECT d.k FROM dim AS d GROUP BY d.k HAVING COUNT(d.label) FILTER (WHERE d.k > 1) > 0 AND SUM(d.k) > 1;
SHOW CREATE VIEW v_having_filter_qualified;
CREATE VIEW v_select_filter AS SELECT MAX(k) FILTER (WHERE k > 1) AS m FROM dim GROUP BY label;
SHOW CREATE VIEW v_select_filter;

-- a scalar subquery after TRIM's FROM
CREATE VIEW v_trim_sub AS SELECT TRIM(LEADING 'x' FROM (SELECT MIN(d2.label) FROM dim AS d2)) AS c FROM dim;
SHOW CREATE VIEW v_trim_sub;
CREATE VIEW v_trim_sub2 AS SELECT TRIM((SELECT MIN(d2.label) FROM dim AS d2)) AS c, TRIM(BOTH (SELECT MIN(d2.label) FROM dim AS d2) FROM label) AS d FROM dim;
SHOW CREATE VIEW v_trim_sub2;

-- FINAL and RUNNING bind to a typed literal as to any operand
CREATE VIEW v_mr_final_typed AS SELECT m0, m1, m2 FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES FINAL TIMESTAMP '2024-01-15 10:00:00.123' + INTERVAL '1' MONTH <= TIMESTAMP '2024-01-15 10:00:00' AS m0, RUNNING DATE '2024-01-01' < CURRENT_DATE AS m1, FINAL TIME '01:02:03' AS m2 PATTERN (A B) DEFINE A AS TRUE);
SHOW CREATE VIEW v_mr_final_typed;
DESCRIBE v_mr_final_typed;

-- seed 9, statements 10,000 to 11,999
CREATE VIEW v_mr_final_chain AS SELECT m0 FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES FINAL 'x'
'y' AS m0, RUNNING 'a'
'b' || 'c' AS m1 PATTERN (A B) DEFINE A AS TRUE);
SHOW CREATE VIEW v_mr_final_chain;
CREATE VIEW v_quoted_unknown AS WITH c4 AS (SELECT UNKNOWN FROM dim) SELECT * FROM c4 WHERE `UNKNOWN`;
CREATE VIEW v_quoted_unknown2 AS SELECT `UNKNOWN` FROM (SELECT k AS `UNKNOWN` FROM dim) AS s;
SHOW CREATE VIEW v_quoted_unknown2;
CREATE VIEW v_quoted_niladic AS SELECT `CURRENT_DATE` FROM (SELECT k AS `CURRENT_DATE` FROM dim) AS s;
SHOW CREATE VIEW v_quoted_niladic;
DESCRIBE v_quoted_niladic;
CREATE VIEW v_quoted_niladic2 AS SELECT `LOCALTIME` FROM dim;
CREATE VIEW v_coalesce_str_rank AS SELECT MIN(COALESCE(label, RANK() OVER (ORDER BY k))) AS c FROM dim;
CREATE VIEW v_coalesce_str_bigint AS SELECT COALESCE(CAST(label AS STRING), CAST(k AS BIGINT)) AS c FROM dim;
CREATE VIEW v_coalesce_dec_str AS SELECT COALESCE(1.5, label) AS c FROM dim;

-- seed 9, statements 12,000 to 13,999: a number written from its point after * in DEFINE
CREATE VIEW v_mr_star_dot AS SELECT m0 FROM events MATCH_RECOGNIZE (ORDER BY ets MEASURES CLASSIFIER() AS m0 PATTERN (A{2}) DEFINE A AS .25 NOT BETWEEN 123.456 * .25 AND -0.06);
SHOW CREATE VIEW v_mr_star_dot;

-- seed 9, statements 14,000 to 15,999: an integer meets a DATE or TIME in a set operation;
-- an OVER call under DESC in ORDER BY
CREATE VIEW v_set_int_time AS SELECT CAST(k AS BIGINT) AS b FROM dim UNION SELECT LOCALTIME FROM dim;
DESCRIBE v_set_int_time;
CREATE VIEW v_set_time_int AS SELECT LOCALTIME AS t FROM dim UNION ALL SELECT k FROM dim;
DESCRIBE v_set_time_int;
CREATE VIEW v_set_int_date AS SELECT k FROM dim UNION ALL SELECT CURRENT_DATE FROM dim;
DESCRIBE v_set_int_date;
CREATE VIEW v_set_smallint_time AS SELECT CAST(k AS SMALLINT) AS s FROM dim UNION ALL SELECT LOCALTIME FROM dim;
DESCRIBE v_set_smallint_time;
CREATE VIEW v_order_over_desc AS SELECT k FROM dim ORDER BY ROW_NUMBER() OVER () DESC;
SHOW CREATE VIEW v_order_over_desc;
CREATE VIEW v_order_over_nulls AS SELECT k FROM dim ORDER BY ROW_NUMBER() OVER () NULLS LAST, RANK() OVER (ORDER BY k) DESC NULLS FIRST;
SHOW CREATE VIEW v_order_over_nulls;
CREATE VIEW v_order_over_asc AS SELECT k FROM dim ORDER BY RANK() OVER (ORDER BY k) ASC;
SHOW CREATE VIEW v_order_over_asc;

-- seed 9, statements 16,000 to 17,999: NULLIF of a proctime keeps it
CREATE VIEW v_nullif_proctime AS SELECT NULLIF(pt, pt) AS c2 FROM orders;
DESCRIBE v_nullif_proctime;
CREATE VIEW v_nullif_proctime_tvf AS SELECT NULLIF(pt, pt) AS c2 FROM TABLE(SESSION(TABLE orders PARTITION BY order_id, DESCRIPTOR(pt), INTERVAL '1' HOUR));
DESCRIBE v_nullif_proctime_tvf;
CREATE VIEW v_nullif_rowtime AS SELECT NULLIF(ts, ts) AS c2, NULLIF(pt, CURRENT_TIMESTAMP) AS c3 FROM orders;
DESCRIBE v_nullif_rowtime;

-- seed 9, statements 18,000 to 19,999: an expression over a grouping-set key inside an
-- aggregate reads the key nullable, the key itself as an argument does not
CREATE VIEW v_cube_max AS SELECT MAX(CAST(k AS STRING)) AS m, SUM(k) AS s, MIN(k) AS n, MAX(k + 1) AS p, MAX(UPPER(CAST(k AS STRING))) AS u, COUNT(DISTINCT k) AS c FROM dim GROUP BY CUBE (k, label);
DESCRIBE v_cube_max;
CREATE VIEW v_cube_other_key AS SELECT MAX(CAST(k AS STRING)) AS m FROM dim GROUP BY CUBE (label);
DESCRIBE v_cube_other_key;
CREATE VIEW v_plain_group_max AS SELECT MAX(CAST(k AS STRING)) AS m FROM dim GROUP BY label;
DESCRIBE v_plain_group_max;
CREATE VIEW v_rollup_expr AS SELECT MAX(k * 2) AS m, SUM(DISTINCT k) AS s FROM dim GROUP BY ROLLUP (k);
DESCRIBE v_rollup_expr;
CREATE VIEW v_order_wraps_positive AS SELECT k FROM dim ORDER BY 9999999999 ASC;
CREATE VIEW v_order_wraps_positive2 AS SELECT k FROM dim ORDER BY k DESC NULLS LAST, 9999999999 DESC NULLS LAST;
CREATE VIEW v_order_wraps_one AS SELECT k FROM dim ORDER BY 4294967297;
SHOW CREATE VIEW v_order_wraps_one;
CREATE VIEW v_order_wraps_zero AS SELECT k FROM dim ORDER BY 4294967296;
CREATE VIEW v_coalesce_bin_rank AS SELECT COALESCE(X'', RANK() OVER (ORDER BY k)) AS c FROM dim;
CREATE VIEW v_coalesce_bin_int AS SELECT COALESCE(CAST(label AS BYTES), k) AS c FROM dim;
CREATE VIEW v_rollup_fn AS SELECT MAX(ABS(k)) AS a, MIN(ABS(k)) AS b FROM dim GROUP BY ROLLUP (k, label);
DESCRIBE v_rollup_fn;
