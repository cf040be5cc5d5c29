-- MATCH_RECOGNIZE clauses beyond views_match_recognize: ORDER BY with ASC/DESC and NULLS
-- FIRST/LAST, the alias with a column list, subqueries in DEFINE and MEASURES, SHOW/OMIT EMPTY
-- MATCHES and WITH UNMATCHED ROWS, MATCH_ROWTIME of a column, SKIP TO a SUBSET variable, quoted
-- pattern variables, a match in WITH, in a subquery and in a set operation.
CREATE CATALOG g_vmrm WITH ('type' = 'generic_in_memory');
USE CATALOG g_vmrm;

CREATE TABLE ticker (
  symbol STRING NOT NULL,
  price BIGINT NOT NULL,
  tax INT,
  note STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE limits (symbol STRING, lim BIGINT) WITH ('connector' = 'datagen');

-- ORDER BY with ASC, DESC, NULLS FIRST / NULLS LAST
CREATE VIEW v_order_asc AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime ASC MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_order_asc;
DESCRIBE v_order_asc;
CREATE VIEW v_order_nulls_first AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime NULLS FIRST MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_order_nulls_first;
DESCRIBE v_order_nulls_first;
CREATE VIEW v_order_nulls_last AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime ASC NULLS LAST MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_order_nulls_last;
DESCRIBE v_order_nulls_last;
CREATE VIEW v_order_desc_nulls AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime, price DESC NULLS FIRST, tax DESC NULLS LAST, note NULLS LAST MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_order_desc_nulls;
DESCRIBE v_order_desc_nulls;
CREATE VIEW v_order_expr AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime, price + 1 MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_order_expr;
DESCRIBE v_order_expr;
CREATE VIEW v_partition_expr AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY UPPER(symbol) ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_partition_expr;
DESCRIBE v_partition_expr;
-- the alias with a column list, with and without AS
CREATE VIEW v_alias_cols AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, LAST(B.tax) AS t PATTERN (A B) DEFINE A AS A.price > 1) AS m (s, x, y);
SHOW CREATE VIEW v_alias_cols;
DESCRIBE v_alias_cols;
CREATE VIEW v_alias_cols_selected AS SELECT m.x, m.s FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, LAST(B.tax) AS t PATTERN (A B) DEFINE A AS A.price > 1) m (s, x, y) WHERE m.y > 0;
SHOW CREATE VIEW v_alias_cols_selected;
DESCRIBE v_alias_cols_selected;
CREATE VIEW v_alias_cols_all_rows AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ALL ROWS PER MATCH PATTERN (A B) DEFINE A AS A.price > 1) AS m (a1, a2, a3, a4, a5, a6);
SHOW CREATE VIEW v_alias_cols_all_rows;
DESCRIBE v_alias_cols_all_rows;
CREATE VIEW v_alias_cols_short AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, LAST(B.tax) AS t PATTERN (A B) DEFINE A AS A.price > 1) AS m (s, x);
CREATE VIEW v_alias_cols_long AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) AS m (s, x, y);
CREATE VIEW v_alias_cols_dup AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, LAST(B.tax) AS t PATTERN (A B) DEFINE A AS A.price > 1) AS m (s, x, x);
CREATE VIEW v_alias_cols_old_name AS SELECT m.p FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, LAST(B.tax) AS t PATTERN (A B) DEFINE A AS A.price > 1) AS m (s, x, y);
-- subqueries in DEFINE and in MEASURES
CREATE VIEW v_define_scalar_sub AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > (SELECT MAX(lim) FROM limits));
SHOW CREATE VIEW v_define_scalar_sub;
DESCRIBE v_define_scalar_sub;
CREATE VIEW v_define_in_sub AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price IN (SELECT lim FROM limits));
SHOW CREATE VIEW v_define_in_sub;
DESCRIBE v_define_in_sub;
CREATE VIEW v_define_exists AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS EXISTS (SELECT 1 FROM limits));
SHOW CREATE VIEW v_define_exists;
DESCRIBE v_define_exists;
CREATE VIEW v_define_correlated AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > (SELECT MAX(lim) FROM limits WHERE limits.symbol = A.symbol));
CREATE VIEW v_measure_scalar_sub AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES (SELECT MAX(lim) FROM limits) AS m PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_measure_scalar_sub;
DESCRIBE v_measure_scalar_sub;
CREATE VIEW v_partition_sub AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY (SELECT MAX(lim) FROM limits) ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
-- SHOW / OMIT EMPTY MATCHES and WITH UNMATCHED ROWS (SQL:2016 forms)
CREATE VIEW v_show_empty AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ALL ROWS PER MATCH SHOW EMPTY MATCHES PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_omit_empty AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ALL ROWS PER MATCH OMIT EMPTY MATCHES PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_unmatched AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ALL ROWS PER MATCH WITH UNMATCHED ROWS PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_initial AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p ONE ROW PER MATCH INITIAL PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_seek AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p SEEK PATTERN (A B) DEFINE A AS A.price > 1);
-- MATCH_ROWTIME and MATCH_PROCTIME forms
CREATE VIEW v_rowtime_arg AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME(rowtime) AS mr, MATCH_ROWTIME(B.rowtime) AS mb PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_rowtime_arg;
DESCRIBE v_rowtime_arg;
CREATE VIEW v_rowtime_bad_arg AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME(price) AS mr PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_proctime_rowtime AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_PROCTIME() AS mp PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_proctime_rowtime;
DESCRIBE v_proctime_rowtime;
-- AFTER MATCH SKIP TO a SUBSET variable; quoted pattern variables; SUBSET in DEFINE
CREATE VIEW v_skip_subset AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(S.price) AS p AFTER MATCH SKIP TO LAST S PATTERN (A B C) SUBSET S = (A, B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_skip_subset;
DESCRIBE v_skip_subset;
CREATE VIEW v_quoted_vars AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES `Up`.price AS p, LAST(`b c`.tax) AS t PATTERN (`Up` `b c`+) DEFINE `Up` AS `Up`.price > 1, `b c` AS `b c`.price < `Up`.price);
SHOW CREATE VIEW v_quoted_vars;
DESCRIBE v_quoted_vars;
CREATE VIEW v_subset_in_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B C) SUBSET S = (A, B) DEFINE C AS C.price > LAST(S.price));
SHOW CREATE VIEW v_subset_in_define;
DESCRIBE v_subset_in_define;
-- a match in WITH, in a FROM subquery, in a set operation, in a scalar subquery
CREATE VIEW v_in_with AS WITH m AS (SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1)) SELECT symbol, p FROM m WHERE p > 2;
SHOW CREATE VIEW v_in_with;
DESCRIBE v_in_with;
CREATE VIEW v_in_subquery AS SELECT q.p FROM (SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1)) AS q;
SHOW CREATE VIEW v_in_subquery;
DESCRIBE v_in_subquery;
CREATE VIEW v_in_union AS SELECT symbol, p FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) UNION ALL SELECT symbol, price FROM ticker;
SHOW CREATE VIEW v_in_union;
DESCRIBE v_in_union;
-- over a parenthesised join and over a table with an alias and a column list
CREATE VIEW v_over_join AS SELECT * FROM (SELECT t.symbol, t.price, t.rowtime, l.lim FROM ticker AS t JOIN limits AS l ON t.symbol = l.symbol) MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.lim AS l PATTERN (A B) DEFINE A AS A.price > A.lim);
SHOW CREATE VIEW v_over_join;
DESCRIBE v_over_join;
-- pattern variables that are keywords, a quantifier with a space, and an empty pattern
CREATE VIEW v_keyword_var AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES `DOWN`.price AS p PATTERN (`DOWN` UP) DEFINE `DOWN` AS `DOWN`.price > 1);
SHOW CREATE VIEW v_keyword_var;
DESCRIBE v_keyword_var;
CREATE VIEW v_empty_pattern AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN () DEFINE A AS A.price > 1);
CREATE VIEW v_define_empty AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE);
CREATE VIEW v_measures_empty AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_partition_empty AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY ORDER BY rowtime PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_order_ordinal AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY 5 MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
-- more ORDER BY / PARTITION BY items that are not plain columns
CREATE VIEW v_order_desc_nulls_last AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime DESC NULLS LAST MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_order_sub AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime, (SELECT MAX(lim) FROM limits) MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_partition_literal AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY 1 ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_partition_paren AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY (symbol) ORDER BY (rowtime) MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_partition_paren;
DESCRIBE v_partition_paren;
-- MATCH_ROWTIME of columns that are not a rowtime
CREATE VIEW v_rowtime_string AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME(note) AS mr PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_rowtime_int AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME(A.tax) AS mr PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_rowtime_two AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_ROWTIME(rowtime, rowtime) AS mr PATTERN (A B) DEFINE A AS A.price > 1);
-- SUBSET variables: AFTER MATCH SKIP TO FIRST a subset, a subset in MEASURES aggregates, an unknown member
CREATE VIEW v_skip_first_subset AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES SUM(S.price) AS s, FIRST(S.tax) AS f AFTER MATCH SKIP TO FIRST S PATTERN (A B C) SUBSET S = (A, C) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_skip_first_subset;
DESCRIBE v_skip_first_subset;
CREATE VIEW v_subset_unknown AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(S.price) AS p PATTERN (A B) SUBSET S = (A, Q) DEFINE A AS A.price > 1);
CREATE VIEW v_subset_self AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(A.price) AS p PATTERN (A B) SUBSET A = (A, B) DEFINE A AS A.price > 1);
CREATE VIEW v_proctime_arg AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES MATCH_PROCTIME(rowtime) AS mp PATTERN (A B) DEFINE A AS A.price > 1);
-- FINAL / RUNNING in DEFINE, window and aggregate functions where MATCH_RECOGNIZE reads rows
CREATE VIEW v_final_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE B AS FINAL LAST(A.price) > 1);
CREATE VIEW v_running_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE B AS RUNNING LAST(A.price) > 1);
CREATE VIEW v_over_measure AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES ROW_NUMBER() OVER (ORDER BY A.rowtime) AS rn PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_negative_offset AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(A.price, -1) AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_within_negative AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) WITHIN INTERVAL '-1' SECOND DEFINE A AS A.price > 1);
-- a match joined with a comma, a match over a LATERAL UNNEST, two measures of one name in different case
CREATE VIEW v_comma_join AS SELECT m.p, l.lim FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1) AS m, limits AS l WHERE m.symbol = l.symbol;
SHOW CREATE VIEW v_comma_join;
DESCRIBE v_comma_join;
CREATE VIEW v_measure_case AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p, A.tax AS P PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_measure_case;
DESCRIBE v_measure_case;
-- DEFINE reading the partition key and CLASSIFIER; MEASURES reading a subset's CLASSIFIER
CREATE VIEW v_define_key AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.symbol = 'x' AND symbol <> 'y');
SHOW CREATE VIEW v_define_key;
DESCRIBE v_define_key;
CREATE VIEW v_over_define AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS COUNT(*) OVER (ORDER BY A.rowtime) > 1);
CREATE VIEW v_final_define_sum AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1, B AS B.price > 1 AND FINAL SUM(A.price) > 1);
CREATE VIEW v_final_inner AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES LAST(A.price) + FINAL FIRST(A.price) AS p PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_final_inner;
DESCRIBE v_final_inner;
CREATE VIEW v_running_inner_all AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FINAL LAST(A.price) - RUNNING LAST(A.price) AS d ALL ROWS PER MATCH PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_running_inner_all;
DESCRIBE v_running_inner_all;
-- found by the generator: no MEASURES (the input's columns in its order), UNKNOWN and niladic
-- functions in DEFINE, FINAL/RUNNING of one-token literals, the input's alias without AS
CREATE VIEW v_no_measures_keys AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY note, tax ORDER BY rowtime PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_no_measures_keys;
DESCRIBE v_no_measures_keys;
CREATE VIEW v_define_words AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B C) DEFINE A AS UNKNOWN, B AS LOCALTIMESTAMP IS NOT NULL OR CURRENT_DATE IS NULL, C AS UNKNOWN OR C.price > 1);
SHOW CREATE VIEW v_define_words;
DESCRIBE v_define_words;
CREATE VIEW v_frame_literals AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES RUNNING UNKNOWN AS u, FINAL 'x' AS s, FINAL 1 + 2 AS n, RUNNING -1 AS neg, FINAL DATE '2024-01-01' AS d PATTERN (A B) DEFINE A AS A.price > 1);
SHOW CREATE VIEW v_frame_literals;
DESCRIBE v_frame_literals;
CREATE VIEW v_alias_no_as AS SELECT * FROM ticker t MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS A.price > 1);
CREATE VIEW v_define_units AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES A.price AS p PATTERN (A B) DEFINE A AS TIMESTAMPADD(HOUR, 1, A.rowtime) > LOCALTIMESTAMP, B AS TIMESTAMPDIFF(MINUTE, A.rowtime, B.rowtime) > 1);
SHOW CREATE VIEW v_define_units;
DESCRIBE v_define_units;
-- Flink's stored text of v_frame_literals, read back
CREATE VIEW v_frame_literals_again AS SELECT `EXPR$0`.`symbol`, `EXPR$0`.`u`, `EXPR$0`.`s`, `EXPR$0`.`n`, `EXPR$0`.`neg`, `EXPR$0`.`d`
FROM `g_vmrm`.`default`.`ticker` AS `ticker` MATCH_RECOGNIZE(
PARTITION BY `*`.`symbol`
ORDER BY `*`.`rowtime`
MEASURES FINAL (RUNNING UNKNOWN) AS `u`, FINAL 'x' AS `s`, FINAL (FINAL 1 + 2) AS `n`, FINAL (RUNNING -1) AS `neg`, FINAL DATE '2024-01-01' AS `d`
PATTERN (`A` `B`)
DEFINE `A` AS PREV(`A`.`price`, 0) > 1) AS `EXPR$0`;
SHOW CREATE VIEW v_frame_literals_again;
DESCRIBE v_frame_literals_again;
