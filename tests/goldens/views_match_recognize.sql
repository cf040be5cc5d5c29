-- Views using MATCH_RECOGNIZE (Flink's CEP in SQL): PARTITION BY, ORDER BY a time attribute,
-- MEASURES, ONE ROW PER MATCH, AFTER MATCH SKIP, PATTERN (quantifiers, alternation, reluctant,
-- WITHIN), DEFINE; their stored text, their columns, and the refusals.
CREATE CATALOG g_vmr WITH ('type' = 'generic_in_memory');
USE CATALOG g_vmr;

CREATE TABLE ticker (
  symbol STRING NOT NULL,
  price BIGINT NOT NULL,
  tax INT,
  note STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  amount DECIMAL(10, 2),
  ts TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

-- the documentation's V-shape
CREATE VIEW v_vshape AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES START_ROW.rowtime AS start_tstamp, LAST(PRICE_DOWN.rowtime) AS bottom_tstamp, LAST(PRICE_UP.rowtime) AS end_tstamp ONE ROW PER MATCH AFTER MATCH SKIP TO LAST PRICE_UP PATTERN (START_ROW PRICE_DOWN+ PRICE_UP) DEFINE PRICE_DOWN AS (LAST(PRICE_DOWN.price, 1) IS NULL AND PRICE_DOWN.price < START_ROW.price) OR PRICE_DOWN.price < LAST(PRICE_DOWN.price, 1), PRICE_UP AS PRICE_UP.price > LAST(PRICE_DOWN.price, 1)) MR;
SHOW CREATE VIEW v_vshape;
DESCRIBE v_vshape;
-- no PARTITION BY, minimal measures, defaults
CREATE VIEW v_minimal AS SELECT * FROM ticker MATCH_RECOGNIZE (ORDER BY rowtime MEASURES A.price AS a_price PATTERN (A B) DEFINE A AS A.price > 10, B AS B.price < 5);
SHOW CREATE VIEW v_minimal;
DESCRIBE v_minimal;
-- selected columns, FIRST/LAST with offsets, unqualified measure columns
CREATE VIEW v_firstlast AS SELECT T.symbol, T.first_price, T.last_price, T.mid FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.price) AS first_price, LAST(A.price) AS last_price, FIRST(A.price, 1) AS mid, LAST(price) AS any_last PATTERN (A{2,} B) DEFINE A AS A.price > 0, B AS B.price < A.price) AS T;
SHOW CREATE VIEW v_firstlast;
DESCRIBE v_firstlast;
-- PREV and NEXT in DEFINE, CLASSIFIER, MATCH_ROWTIME
CREATE VIEW v_prev AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES CLASSIFIER() AS cls, MATCH_ROWTIME() AS mrt, LAST(A.tax) AS last_tax AFTER MATCH SKIP PAST LAST ROW PATTERN (A+ B) DEFINE A AS A.price > PREV(A.price), B AS B.price < PREV(B.price, 2)) AS m;
SHOW CREATE VIEW v_prev;
DESCRIBE v_prev;
-- quantifiers: *, ?, {n}, {n,m}, {,m}, reluctant, alternation, grouping
CREATE VIEW v_quant AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.price) AS fa, LAST(E.price) AS le ONE ROW PER MATCH AFTER MATCH SKIP TO NEXT ROW PATTERN (A* B? C{2} D{1,3} E+?) DEFINE A AS A.price > 1, B AS B.price > 2, C AS C.price > 3, D AS D.price > 4, E AS E.price > 5);
SHOW CREATE VIEW v_quant;
DESCRIBE v_quant;
CREATE VIEW v_alt AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(B.price) AS lb PATTERN (A (B | C) D) DEFINE A AS A.price > 1, B AS B.price > 2, C AS C.price > 3, D AS D.price > 4);
SHOW CREATE VIEW v_alt;
DESCRIBE v_alt;
CREATE VIEW v_within AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.rowtime) AS ft, LAST(A.rowtime) AS lt, SUM(A.price) AS total PATTERN (A+ B) WITHIN INTERVAL '1' HOUR DEFINE A AS A.price > 1, B AS B.price < 1);
SHOW CREATE VIEW v_within;
DESCRIBE v_within;
-- aggregates in MEASURES; AFTER MATCH SKIP TO FIRST
CREATE VIEW v_aggs AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES AVG(A.price) AS avg_price, COUNT(A.price) AS cnt, MIN(A.tax) AS min_tax, MAX(A.note) AS max_note AFTER MATCH SKIP TO FIRST B PATTERN (A+ B) DEFINE A AS AVG(A.price) < 15, B AS B.price > 0);
SHOW CREATE VIEW v_aggs;
DESCRIBE v_aggs;
-- expressions in MEASURES, variables without DEFINE entry (always true)
CREATE VIEW v_expr AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(B.price) - FIRST(A.price) AS diff, UPPER(FIRST(A.note)) AS up_note, CAST(LAST(B.tax) AS BIGINT) AS btax PATTERN (A B+) DEFINE B AS B.price > A.price);
SHOW CREATE VIEW v_expr;
DESCRIBE v_expr;
-- two partition keys, ORDER BY the rowtime then another column
CREATE VIEW v_two_keys AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol, tax ORDER BY rowtime, price MEASURES A.note AS n PATTERN (A) DEFINE A AS A.price > 0);
SHOW CREATE VIEW v_two_keys;
DESCRIBE v_two_keys;
-- processing time
CREATE VIEW v_proctime AS SELECT * FROM clicks MATCH_RECOGNIZE (PARTITION BY user_id ORDER BY pt MEASURES FIRST(A.url) AS first_url, LAST(A.amount) AS last_amount, MATCH_PROCTIME() AS mpt PATTERN (A{3}) DEFINE A AS A.amount > 0);
SHOW CREATE VIEW v_proctime;
DESCRIBE v_proctime;
-- over a subquery and over a view; a view over a match view
CREATE VIEW v_over_sub AS SELECT * FROM (SELECT symbol, price, rowtime FROM ticker WHERE price > 0) MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(A.price) AS lp PATTERN (A+) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_over_sub;
DESCRIBE v_over_sub;
CREATE VIEW v_base AS SELECT symbol, price, rowtime FROM ticker;
CREATE VIEW v_over_view AS SELECT * FROM v_base MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME() AS mrt PATTERN (A B) DEFINE A AS A.price > 1, B AS B.price > 2) AS x WHERE x.symbol <> 'a';
SHOW CREATE VIEW v_over_view;
DESCRIBE v_over_view;
CREATE VIEW v_of_match AS SELECT symbol, start_tstamp FROM v_vshape;
SHOW CREATE VIEW v_of_match;
DESCRIBE v_of_match;
-- lower-case keywords and a column list
CREATE VIEW v_lower (s, p) AS select symbol, lp from ticker match_recognize (partition by symbol order by rowtime measures last(a.price) as lp one row per match after match skip past last row pattern (a b*) define a as a.price > 1, b as b.price > a.price);
SHOW CREATE VIEW v_lower;
DESCRIBE v_lower;
-- ALL ROWS PER MATCH (partition, order, other columns, then measures; RUNNING), no MEASURES
CREATE VIEW v_all_rows AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ALL ROWS PER MATCH AFTER MATCH SKIP TO FIRST A PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_all_rows;
DESCRIBE v_all_rows;
CREATE VIEW v_no_measures AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime PATTERN (A) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_no_measures;
DESCRIBE v_no_measures;
-- RUNNING/FINAL written, expressions in MEASURES and DEFINE, a qualified partition key
CREATE VIEW v_running AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY ticker.symbol ORDER BY rowtime MEASURES RUNNING LAST(A.price) AS r, FINAL LAST(A.price) AS f, FIRST(A.price) * 2 + 1 AS e, -LAST(A.price) AS neg, A.price IS NULL AS isn, CASE WHEN LAST(A.tax) > 1 THEN 'hi' ELSE 'lo' END AS cs, 'x' AS lit, 1 + 2 AS n PATTERN (A+ B) DEFINE A AS A.price > 1 AND A.tax IS NOT NULL OR A.note LIKE 'x%', B AS B.price BETWEEN 1 AND 5) AS m;
SHOW CREATE VIEW v_running;
DESCRIBE v_running;
-- (views_match_recognize_reread: DEFINE with unqualified columns, PREV of another variable,
-- NEXT, aggregates over PREV, FIRST; ORDER BY ... DESC; a TIMESTAMP_LTZ rowtime)
CREATE TABLE asks (ask_id BIGINT NOT NULL, price INT, asktime TIMESTAMP_LTZ(3), WATERMARK FOR asktime AS asktime) WITH ('connector' = 'datagen');
CREATE VIEW v_prev_last AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(A.price, 2) AS p, A.rowtime AS art PATTERN (A B) DEFINE A AS PREV(LAST(A.price, 1), 1) > 1);
SHOW CREATE VIEW v_prev_last;
DESCRIBE v_prev_last;
-- more pattern forms: {,m}, reluctant ?, ??, *?, groups, anchors, exclusion, PERMUTE, SUBSET, WITHIN with other units
CREATE VIEW v_patterns AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(S.price) AS p PATTERN (^ (A B)+ | C{,3} D{2}? E?? F*? {- G -} PERMUTE(A, C) $) WITHIN INTERVAL '10' SECONDS SUBSET S = (A, B), T = (C) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_patterns;
DESCRIBE v_patterns;
CREATE VIEW v_within_dts AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p AFTER MATCH SKIP TO A PATTERN (A B) WITHIN INTERVAL '1 02:03' DAY TO MINUTE DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_within_dts;
-- a match in a join, under GROUP BY, with t.* of the match and the input alias
CREATE VIEW v_in_join AS SELECT m.symbol, c.url FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) AS m JOIN clicks AS c ON m.p = c.user_id;
SHOW CREATE VIEW v_in_join;
DESCRIBE v_in_join;
CREATE VIEW v_grouped AS SELECT p, COUNT(*) AS c FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) GROUP BY p;
SHOW CREATE VIEW v_grouped;
DESCRIBE v_grouped;
CREATE VIEW v_star_alias AS SELECT m.* FROM ticker AS t MATCH_RECOGNIZE (PARTITION BY t.symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) m;
SHOW CREATE VIEW v_star_alias;
DESCRIBE v_star_alias;
-- accepted by CREATE VIEW, refused only when planned: ORDER BY not a time attribute, no ORDER BY,
-- a DEFINE of a variable not in PATTERN, WITHIN a month, mixed variables outside aggregates
CREATE VIEW v_bad_order AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY price MEASURES A.price AS p PATTERN (A) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_bad_order;
DESCRIBE v_bad_order;
CREATE VIEW v_no_order AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol MEASURES A.price AS p PATTERN (A) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_no_order;
CREATE VIEW v_bad_ts AS SELECT * FROM clicks MATCH_RECOGNIZE (PARTITION BY user_id ORDER BY ts MEASURES A.url AS u PATTERN (A) DEFINE A AS A.amount > 1);
CREATE VIEW v_unknown_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A) DEFINE B AS B.price > 1);
SHOW CREATE VIEW v_unknown_define;
CREATE VIEW v_within_month AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) WITHIN INTERVAL '1' MONTH DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_within_month;
CREATE VIEW v_mixed_vars AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price + B.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_mixed_vars;
DESCRIBE v_mixed_vars;
CREATE VIEW v_measure_as_key AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS symbol PATTERN (A) DEFINE A AS A.price > 1);
DESCRIBE v_measure_as_key;
-- explicit FINAL/RUNNING with ALL ROWS PER MATCH (views_match_recognize_reread: navigation of
-- expressions, which Flink stores in a text it does not read back)
CREATE VIEW v_all_rows_frames AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol, tax ORDER BY rowtime, note DESC MEASURES FINAL LAST(A.price) AS f, RUNNING LAST(A.price) AS r, -1 AS neg, CAST(NULL AS INT) AS nul, A.price AS p2 ALL ROWS PER MATCH PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_all_rows_frames;
DESCRIBE v_all_rows_frames;
-- the pattern's parentheses where Calcite's precedences need them
CREATE VIEW v_pattern_groups AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A (B C) D | (E | F) | (G H)* (I) + {- J K -} PERMUTE(A B, C | D) A{0} B{3,1}) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_pattern_groups;
-- the input's own name in MEASURES and DEFINE, CLASSIFIER and MATCH_ROWTIME in DEFINE, a comma join
CREATE VIEW v_input_name AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES ticker.price AS p, SUM(price) AS sp, LAST(B.price) AS lb, CLASSIFIER() AS c PATTERN (A B) DEFINE A AS ticker.price > 1 AND COUNT(*) > 1, B AS CLASSIFIER() = 'B' AND MATCH_ROWTIME() IS NOT NULL) AS m, clicks;
SHOW CREATE VIEW v_input_name;
DESCRIBE v_input_name;
-- refusals
CREATE VIEW v_offset_column AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.price, B.price) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_offset_string AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.price, 'x') AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_classifier_outside AS SELECT * FROM ticker WHERE CLASSIFIER() = 'A';
CREATE VIEW v_first_outside AS SELECT * FROM ticker WHERE FIRST(price) > 1;
CREATE VIEW v_prev_outside AS SELECT * FROM ticker WHERE PREV(price) > 1;
CREATE VIEW v_last_two_vars AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1, B AS LAST(A.price * B.price) > 1);
CREATE VIEW v_define_distinct AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS COUNT(DISTINCT A.price) > 1);
CREATE VIEW v_input_columns AS SELECT * FROM ticker AS t (s, pr, tx, nt, rt) MATCH_RECOGNIZE (PARTITION BY s ORDER BY rt MEASURES A.pr AS p PATTERN (A B) DEFINE A AS A.pr > 1);
CREATE VIEW v_unknown_var AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES Z.price AS p PATTERN (A) DEFINE A AS A.price > 1);
CREATE VIEW v_var_case AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES a.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_unknown_col AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.nope AS p PATTERN (A) DEFINE A AS A.price > 1);
CREATE VIEW v_unknown_col_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1, B AS B.nope > 1);
CREATE VIEW v_part_unknown AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY nope ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_order_unknown AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY nope MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_outer_unknown AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) AS m WHERE m.nope = 1;
CREATE VIEW v_input_col_gone AS SELECT rowtime FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_no_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B));
CREATE VIEW v_no_alias AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price PATTERN (A) DEFINE A AS A.price > 1);
CREATE VIEW v_missing_pattern AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p DEFINE A AS A.price > 1);
CREATE VIEW v_within_number AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) WITHIN 10 DEFINE A AS A.price > 1);
CREATE VIEW v_match_number AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_NUMBER() AS mn PATTERN (A) DEFINE A AS A.price > 1);
CREATE VIEW v_rowtime_outside AS SELECT * FROM ticker WHERE MATCH_ROWTIME() IS NULL;
CREATE VIEW v_define_not_bool AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A) DEFINE A AS A.price + 1);
CREATE VIEW v_dup_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1, A AS A.price > 2);
CREATE VIEW v_agg_distinct AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES COUNT(DISTINCT A.price) AS c PATTERN (A+) DEFINE A AS A.price > 1);
CREATE VIEW v_agg_two_vars AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES SUM(A.price + B.price) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_agg_type AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES AVG(A.note) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_call_type AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES UPPER(A.price) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_skip_unknown AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p AFTER MATCH SKIP TO LAST Q PATTERN (A) DEFINE A AS A.price > 1);
CREATE VIEW v_prev_measure AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES PREV(A.price) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_first_prev AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(PREV(A.price)) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_classifier_arg AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES CLASSIFIER(A) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_two_matches AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) MATCH_RECOGNIZE (ORDER BY p MEASURES X.p AS q PATTERN (X) DEFINE X AS X.p > 1);
SHOW VIEWS;
