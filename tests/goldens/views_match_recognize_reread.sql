-- MATCH_RECOGNIZE views whose stored text Flink does not read back as it wrote it (split from
-- views_match_recognize, whose catalog round-trips through a folder).
CREATE CATALOG g_vmrr WITH ('type' = 'generic_in_memory');
USE CATALOG g_vmrr;

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

CREATE TABLE asks (ask_id BIGINT NOT NULL, price INT, asktime TIMESTAMP_LTZ(3), WATERMARK FOR asktime AS asktime) WITH ('connector' = 'datagen');
-- Calcite's navigation rules: FIRST/LAST/PREV of an expression apply to each of its columns,
-- PREV(PREV(x)) adds the offsets (and writes them 1 + 1); MATCH_ROWTIME of a rowtime
CREATE VIEW v_navigation AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES FIRST(A.price + 1) AS f, LAST(UPPER(A.note)) AS u, FIRST(price, 1) AS fp, MAX(A.price) - MIN(B.price) AS d, MATCH_ROWTIME(A.rowtime) AS mr PATTERN (A B) DEFINE A AS PREV(PREV(A.price)) > 1 AND NEXT(PREV(A.price), 2) > 0 AND PREV(A.price + A.tax) > 1 AND PREV(B.price + 1) > 0);
SHOW CREATE VIEW v_navigation;
DESCRIBE v_navigation;
-- Flink's stored text read again: navigation inside navigation expands once more (2 - 0),
-- and the offset written 1 + 1 is one Flink's parser refuses
-- DEFINE: unqualified columns, PREV of another variable, NEXT, aggregates over PREV, FIRST;
-- ORDER BY ... DESC; a TIMESTAMP_LTZ rowtime
CREATE VIEW v_define_forms AS SELECT * FROM asks MATCH_RECOGNIZE (PARTITION BY ask_id ORDER BY asktime DESC MEASURES MATCH_ROWTIME() AS mrt, CLASSIFIER() AS c, price AS p, LAST(price) AS lp PATTERN (A B C) DEFINE A AS price > 1 AND PREV(price) > 0 AND NEXT(A.price, 2) > 3, B AS SUM(PREV(B.price)) > 1 AND FIRST(A.price) > 0 AND PREV(A.price) > 0, C AS TRUE);
SHOW CREATE VIEW v_define_forms;
DESCRIBE v_define_forms;
CREATE VIEW v_define_forms_again AS SELECT `EXPR$0`.`ask_id`, `EXPR$0`.`mrt`, `EXPR$0`.`c`, `EXPR$0`.`p`, `EXPR$0`.`lp`
FROM `g_vmrr`.`default`.`asks` AS `asks` MATCH_RECOGNIZE(
PARTITION BY `*`.`ask_id`
ORDER BY `*`.`asktime` DESC
MEASURES FINAL MATCH_ROWTIME() AS `mrt`, FINAL CLASSIFIER() AS `c`, FINAL `*`.`price` AS `p`, FINAL LAST(`*`.`price`, 0) AS `lp`
PATTERN (`A` `B` `C`)
DEFINE `A` AS LAST(`*`.`price`, 0) > 1 AND LAST(`*`.`price`, 1) > 0 AND NEXT(PREV(`A`.`price`, 0), 2) > 3, `B` AS SUM(PREV(`B`.`price`, 1)) > 1 AND FIRST(`A`.`price`, 0) > 0 AND LAST(`A`.`price`, 1) > 0, `C` AS TRUE) AS `EXPR$0`;
SHOW CREATE VIEW v_define_forms_again;
CREATE VIEW v_navigation_again AS SELECT `EXPR$0`.`symbol`, `EXPR$0`.`f`, `EXPR$0`.`u`, `EXPR$0`.`fp`, `EXPR$0`.`d`, `EXPR$0`.`mr`
FROM `g_vmrr`.`default`.`ticker` AS `ticker` MATCH_RECOGNIZE(
PARTITION BY `*`.`symbol`
ORDER BY `*`.`rowtime`
MEASURES FINAL (FIRST(`A`.`price`, 0) + FIRST(1, 0)) AS `f`, FINAL UPPER(LAST(`A`.`note`, 0)) AS `u`, FINAL FIRST(`*`.`price`, 1) AS `fp`, FINAL (MAX(`A`.`price`) - MIN(`B`.`price`)) AS `d`, FINAL MATCH_ROWTIME(`A`.`rowtime`) AS `mr`
PATTERN (`A` `B`)
DEFINE `A` AS PREV(PREV(`A`.`price`, 1 + 1), 1 + 1) > 1 AND NEXT(NEXT(PREV(`A`.`price`, 0), 2 - 1), 2 - 1) > 0 AND PREV(`A`.`price`, 1) + PREV(`A`.`tax`, 1) > 1 AND LAST(`B`.`price`, 1) + PREV(1, 1) > 0) AS `EXPR$0`;

-- RUNNING before a CASE or a signed value, stored FINAL (RUNNING ...) and read back (seed 12)
CREATE VIEW v_running_case AS SELECT * FROM ticker MATCH_RECOGNIZE (ORDER BY rowtime MEASURES RUNNING CASE WHEN UNKNOWN THEN 'it''s' ELSE 'abc' END AS m0, LAST(D.price) AS m1, RUNNING -1 AS m2 PATTERN (D?) DEFINE D AS UNKNOWN);
SHOW CREATE VIEW v_running_case;
DESCRIBE v_running_case;
