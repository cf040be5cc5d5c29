-- Views with aggregation: GROUP BY, HAVING, FILTER, DISTINCT, LISTAGG, GROUPING SETS / ROLLUP / CUBE.
CREATE CATALOG g_vagg WITH ('type' = 'generic_in_memory');
USE CATALOG g_vagg;

CREATE TABLE sales (
  id BIGINT NOT NULL,
  region STRING NOT NULL,
  product STRING,
  qty INT,
  qty_nn INT NOT NULL,
  price DECIMAL(10, 2),
  price_nn DECIMAL(10, 2) NOT NULL,
  ratio DOUBLE,
  ts TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE VIEW v_count_all AS SELECT COUNT(*) FROM sales;
SHOW CREATE VIEW v_count_all;
DESCRIBE v_count_all;
CREATE VIEW v_counts AS SELECT COUNT(*) AS n, COUNT(1) AS n1, COUNT(product) AS np, COUNT(DISTINCT product) AS nd, COUNT(qty_nn) AS nq FROM sales;
SHOW CREATE VIEW v_counts;
DESCRIBE v_counts;
CREATE VIEW v_sum AS SELECT SUM(qty) AS s_int, SUM(qty_nn) AS s_int_nn, SUM(price) AS s_dec, SUM(price_nn) AS s_dec_nn, SUM(ratio) AS s_dbl FROM sales;
SHOW CREATE VIEW v_sum;
DESCRIBE v_sum;
CREATE VIEW v_avg AS SELECT AVG(qty) AS a_int, AVG(price) AS a_dec, AVG(ratio) AS a_dbl, AVG(qty_nn) AS a_int_nn FROM sales;
SHOW CREATE VIEW v_avg;
DESCRIBE v_avg;
CREATE VIEW v_minmax AS SELECT MIN(qty) AS mi, MAX(price) AS ma, MIN(product) AS mp, MAX(ts) AS mts, MIN(price_nn) AS mnn FROM sales;
SHOW CREATE VIEW v_minmax;
DESCRIBE v_minmax;
CREATE VIEW v_group AS SELECT region, COUNT(*) AS n, SUM(price) AS total FROM sales GROUP BY region;
SHOW CREATE VIEW v_group;
DESCRIBE v_group;
CREATE VIEW v_group_noalias AS SELECT region, product, SUM(qty), MAX(price) FROM sales GROUP BY region, product;
SHOW CREATE VIEW v_group_noalias;
DESCRIBE v_group_noalias;
CREATE VIEW v_group_expr AS SELECT UPPER(region) AS r, CAST(ts AS DATE) AS d, COUNT(*) AS n FROM sales GROUP BY UPPER(region), CAST(ts AS DATE);
SHOW CREATE VIEW v_group_expr;
DESCRIBE v_group_expr;
CREATE VIEW v_group_alias AS SELECT s.region, AVG(s.price) AS avg_price FROM sales AS s GROUP BY s.region;
SHOW CREATE VIEW v_group_alias;
DESCRIBE v_group_alias;
CREATE VIEW v_having AS SELECT region, SUM(qty) AS q FROM sales GROUP BY region HAVING SUM(qty) > 10 AND COUNT(*) > 1;
SHOW CREATE VIEW v_having;
DESCRIBE v_having;
CREATE VIEW v_having_no_group AS SELECT COUNT(*) AS n FROM sales HAVING COUNT(*) > 0;
SHOW CREATE VIEW v_having_no_group;
DESCRIBE v_having_no_group;
CREATE VIEW v_filter AS SELECT region, COUNT(*) FILTER (WHERE qty > 5) AS big_n, SUM(price) FILTER (WHERE product = 'x') AS x_total FROM sales GROUP BY region;
SHOW CREATE VIEW v_filter;
DESCRIBE v_filter;
CREATE VIEW v_distinct_aggs AS SELECT region, SUM(DISTINCT qty) AS sd, COUNT(DISTINCT product, qty) AS cd FROM sales GROUP BY region;
SHOW CREATE VIEW v_distinct_aggs;
DESCRIBE v_distinct_aggs;
CREATE VIEW v_listagg AS SELECT region, LISTAGG(product) AS l1, LISTAGG(product, ';') AS l2 FROM sales GROUP BY region;
SHOW CREATE VIEW v_listagg;
DESCRIBE v_listagg;
CREATE VIEW v_other_aggs AS SELECT region, STDDEV_POP(ratio) AS sp, VAR_SAMP(qty) AS vs, FIRST_VALUE(product) AS fv, LAST_VALUE(price) AS lv, COLLECT(product) AS col, ARRAY_AGG(qty) AS arr FROM sales GROUP BY region;
SHOW CREATE VIEW v_other_aggs;
DESCRIBE v_other_aggs;
CREATE VIEW v_grouping_sets AS SELECT region, product, SUM(qty) AS q FROM sales GROUP BY GROUPING SETS ((region, product), (region), ());
SHOW CREATE VIEW v_grouping_sets;
DESCRIBE v_grouping_sets;
CREATE VIEW v_rollup AS SELECT region, product, COUNT(*) AS n FROM sales GROUP BY ROLLUP (region, product);
SHOW CREATE VIEW v_rollup;
DESCRIBE v_rollup;
CREATE VIEW v_cube AS SELECT region, product, COUNT(*) AS n FROM sales GROUP BY CUBE (region, product);
SHOW CREATE VIEW v_cube;
DESCRIBE v_cube;
CREATE VIEW v_grouping_fn AS SELECT region, product, GROUPING(region) AS g_r, GROUPING(region, product) AS g_rp, GROUPING_ID(region, product) AS gid, COUNT(*) AS n FROM sales GROUP BY CUBE (region, product);
SHOW CREATE VIEW v_grouping_fn;
DESCRIBE v_grouping_fn;
CREATE VIEW v_group_const AS SELECT region, 'all' AS label, COUNT(*) + 1 AS n1 FROM sales GROUP BY region;
SHOW CREATE VIEW v_group_const;
DESCRIBE v_group_const;
CREATE VIEW v_agg_expr AS SELECT region, SUM(qty * price) AS revenue, MAX(price) - MIN(price) AS spread, CAST(AVG(price) AS DECIMAL(10, 1)) AS avg1 FROM sales GROUP BY region;
SHOW CREATE VIEW v_agg_expr;
DESCRIBE v_agg_expr;
CREATE VIEW v_agg_of_view AS SELECT COUNT(*) AS regions, SUM(total) AS grand FROM v_group;
SHOW CREATE VIEW v_agg_of_view;
DESCRIBE v_agg_of_view;

-- errors
CREATE VIEW v_bad_group AS SELECT region, product, COUNT(*) FROM sales GROUP BY region;
CREATE VIEW v_bad_having AS SELECT region FROM sales GROUP BY region HAVING qty > 1;
CREATE VIEW v_nested_agg AS SELECT SUM(COUNT(*)) FROM sales;
CREATE VIEW v_agg_in_where AS SELECT region FROM sales WHERE SUM(qty) > 1 GROUP BY region;
SHOW VIEWS;
