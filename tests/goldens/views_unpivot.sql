-- UNPIVOT (#15, a syntax item of Flink 2.3's grammar): its columns and their types, how Flink
-- writes it back, its refusals, and the views that read an UNPIVOT view (Flink stores an alias
-- before UNPIVOT, where its own parser refuses one, so every such reading fails).
CREATE CATALOG g_unpivot WITH ('type' = 'generic_in_memory');
USE CATALOG g_unpivot;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  cust INT,
  qty INT,
  product STRING,
  amount DECIMAL(10, 2),
  ts TIMESTAMP(3),
  ts2 TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');
CREATE TABLE customers (cust_id INT NOT NULL, name STRING) WITH ('connector' = 'datagen');

-- one measure, one axis: the axis is the column names, the measure NOT NULL unless INCLUDE NULLS
CREATE VIEW u_basic AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust));
SHOW CREATE VIEW u_basic;
DESCRIBE u_basic;
CREATE VIEW u_include AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) unpivot include nulls (v for k in (qty, cust));
SHOW CREATE VIEW u_include;
DESCRIBE u_include;
CREATE VIEW u_exclude AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT EXCLUDE NULLS (v FOR k IN (qty, cust));
DESCRIBE u_exclude;
CREATE VIEW u_parenthesized AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v) FOR (k) IN ((qty), (cust)));
SHOW CREATE VIEW u_parenthesized;
CREATE VIEW u_table AS SELECT * FROM orders UNPIVOT (v FOR k IN (qty, cust));
SHOW CREATE VIEW u_table;
DESCRIBE u_table;
CREATE VIEW u_table_alias AS SELECT u.* FROM orders UNPIVOT (v FOR k IN (qty, cust)) u;
SHOW CREATE VIEW u_table_alias;
CREATE VIEW u_cte AS WITH c AS (SELECT order_id, qty, cust FROM orders) SELECT * FROM c UNPIVOT (v FOR k IN (qty, cust));
SHOW CREATE VIEW u_cte;
CREATE VIEW u_values AS SELECT * FROM (VALUES (1, 2)) UNPIVOT (v FOR k IN (EXPR$0, EXPR$1));
SHOW CREATE VIEW u_values;
DESCRIBE u_values;
CREATE VIEW u_quoted AS SELECT * FROM (SELECT order_id, qty AS `my col`, cust FROM orders) UNPIVOT (v FOR k IN (`my col`, cust));
SHOW CREATE VIEW u_quoted;
DESCRIBE u_quoted;
CREATE VIEW u_upper AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (V FOR K IN (qty, cust));
DESCRIBE u_upper;
CREATE VIEW u_same_column AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, qty));
DESCRIBE u_same_column;
CREATE VIEW u_measure_named_so AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (qty FOR k IN (qty, cust));
DESCRIBE u_measure_named_so;
CREATE VIEW u_other_case AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (`Order_ID` FOR k IN (qty, cust));
DESCRIBE u_other_case;

-- the measure's type: the columns' common type, the first one's time attribute
CREATE VIEW u_widen AS SELECT * FROM (SELECT order_id, qty, amount FROM orders) UNPIVOT (v FOR k IN (qty, amount));
DESCRIBE u_widen;
CREATE VIEW u_widen_nulls AS SELECT * FROM (SELECT order_id, CAST(qty AS BIGINT) AS q, amount FROM orders) UNPIVOT INCLUDE NULLS (v FOR k IN (q, amount));
DESCRIBE u_widen_nulls;
CREATE VIEW u_strings AS SELECT * FROM (SELECT order_id, product, CAST(qty AS VARCHAR(3)) AS q3 FROM orders) UNPIVOT (v FOR k IN (product, q3));
DESCRIBE u_strings;
CREATE VIEW u_numbers AS SELECT * FROM (SELECT order_id, CAST(qty AS TINYINT) AS q, cust, CAST(cust AS DOUBLE) AS dd FROM orders) UNPIVOT (v FOR k IN (q, cust, dd));
DESCRIBE u_numbers;
CREATE VIEW u_not_null AS SELECT * FROM (SELECT order_id, order_id + 1 AS o2 FROM orders) UNPIVOT (v FOR k IN (order_id, o2));
DESCRIBE u_not_null;
CREATE VIEW u_rowtime_first AS SELECT * FROM (SELECT order_id, ts, ts2 FROM orders) UNPIVOT (v FOR k IN (ts, ts2));
DESCRIBE u_rowtime_first;
CREATE VIEW u_rowtime_second AS SELECT * FROM (SELECT order_id, ts2, ts FROM orders) UNPIVOT (v FOR k IN (ts2, ts));
DESCRIBE u_rowtime_second;
CREATE VIEW u_rowtime_nulls AS SELECT * FROM (SELECT order_id, ts, ts2 FROM orders) UNPIVOT INCLUDE NULLS (v FOR k IN (ts, ts2));
DESCRIBE u_rowtime_nulls;
CREATE VIEW u_rowtime_proctime AS SELECT * FROM (SELECT order_id, ts, pt FROM orders) UNPIVOT (v FOR k IN (ts, pt));
DESCRIBE u_rowtime_proctime;
CREATE VIEW u_proctime_first AS SELECT * FROM (SELECT order_id, pt, ts2 FROM orders) UNPIVOT (v FOR k IN (pt, ts2));
DESCRIBE u_proctime_first;
CREATE VIEW u_same_rowtime AS SELECT * FROM (SELECT order_id, ts, CAST(ts AS TIMESTAMP(3)) AS t2 FROM orders) UNPIVOT (v FOR k IN (ts, t2));
DESCRIBE u_same_rowtime;

-- several measures (nullable) and axes; the values of each entry
CREATE VIEW u_measures AS SELECT * FROM (SELECT order_id, qty, cust, amount, amount AS a2 FROM orders) UNPIVOT ((v1, v2) FOR k IN ((qty, amount) AS 'x', (cust, a2) AS 'y'));
SHOW CREATE VIEW u_measures;
DESCRIBE u_measures;
CREATE VIEW u_measures_named AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v, w) FOR k IN ((qty, cust)));
SHOW CREATE VIEW u_measures_named;
DESCRIBE u_measures_named;
CREATE VIEW u_axes AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR (k1, k2) IN (qty AS ('a', 1), cust AS ('b', 2)));
SHOW CREATE VIEW u_axes;
DESCRIBE u_axes;
CREATE VIEW u_axes_row AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR (k, j) IN (qty AS ROW('a', 1), cust AS ('b', 2)));
SHOW CREATE VIEW u_axes_row;
CREATE VIEW u_chars AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 'q', cust AS 'c'));
SHOW CREATE VIEW u_chars;
DESCRIBE u_chars;
CREATE VIEW u_chars_ragged AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 'x', cust AS 'yy'));
DESCRIBE u_chars_ragged;
CREATE VIEW u_half_named AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 'x', cust));
DESCRIBE u_half_named;
CREATE VIEW u_ints AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 1, cust AS 2));
SHOW CREATE VIEW u_ints;
DESCRIBE u_ints;
CREATE VIEW u_decimals AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS -1, cust AS 2.50));
SHOW CREATE VIEW u_decimals;
DESCRIBE u_decimals;
CREATE VIEW u_int_decimal AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 1, cust AS 2.5));
DESCRIBE u_int_decimal;
CREATE VIEW u_double AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 1e3, cust AS 2));
SHOW CREATE VIEW u_double;
DESCRIBE u_double;
CREATE VIEW u_null_value AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS NULL, cust AS 2));
SHOW CREATE VIEW u_null_value;
DESCRIBE u_null_value;
CREATE VIEW u_booleans AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS TRUE, cust AS FALSE));
DESCRIBE u_booleans;
CREATE VIEW u_intervals AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS INTERVAL '1' DAY, cust AS INTERVAL '2' HOUR));
SHOW CREATE VIEW u_intervals;
DESCRIBE u_intervals;
CREATE VIEW u_binary AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS X'0A', cust AS X'0B0C'));
SHOW CREATE VIEW u_binary;
DESCRIBE u_binary;
CREATE VIEW u_dates AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS DATE '2020-01-01', cust AS DATE '2021-02-03'));
SHOW CREATE VIEW u_dates;
DESCRIBE u_dates;

-- UNPIVOT among other FROM items and clauses
CREATE VIEW u_where AS SELECT k, v FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) WHERE v > 1;
SHOW CREATE VIEW u_where;
CREATE VIEW u_group AS SELECT k, SUM(v) AS s FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) GROUP BY k;
SHOW CREATE VIEW u_group;
DESCRIBE u_group;
CREATE VIEW u_join AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) AS u JOIN customers c ON u.v = c.cust_id;
SHOW CREATE VIEW u_join;
CREATE VIEW u_comma AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) AS u, customers AS c2;
SHOW CREATE VIEW u_comma;
CREATE VIEW u_two AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) CROSS JOIN (SELECT order_id, qty, cust FROM orders) UNPIVOT (w FOR j IN (qty, cust));
SHOW CREATE VIEW u_two;
CREATE VIEW u_two_named AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 'a', cust AS 'b')) AS u JOIN (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 'a', cust AS 'b')) AS w ON u.k = w.k;
SHOW CREATE VIEW u_two_named;
CREATE VIEW u_nested AS SELECT * FROM (SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)));
SHOW CREATE VIEW u_nested;
CREATE VIEW u_lateral AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)), LATERAL (SELECT v + 1 AS w);
SHOW CREATE VIEW u_lateral;

-- refusals
CREATE VIEW u_unknown AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, nope));
CREATE VIEW u_other_case_column AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (QTY, cust));
CREATE VIEW u_incompatible AS SELECT * FROM (SELECT order_id, qty, product FROM orders) UNPIVOT (v FOR k IN (qty, product));
CREATE VIEW u_incompatible_first AS SELECT * FROM (SELECT order_id, qty, product FROM orders) UNPIVOT (order_id FOR order_id IN (qty, product));
CREATE VIEW u_axis_incompatible AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS 1, cust AS 'x'));
CREATE VIEW u_axis_moments AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS DATE '2020-01-01', cust AS TIMESTAMP '2020-01-01 00:00:00'));
CREATE VIEW u_duplicate_axis AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR order_id IN (qty, cust));
CREATE VIEW u_duplicate_measure AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (order_id FOR k IN (qty, cust));
CREATE VIEW u_axis_is_measure AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR v IN (qty, cust));
CREATE VIEW u_too_few_columns AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v, w) FOR k IN (qty, cust));
CREATE VIEW u_too_few_columns_first AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v, w) FOR k IN (qty AS ('a', 1)));
CREATE VIEW u_too_many_values AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS ('a', 1), cust AS 'b'));
CREATE VIEW u_too_many_row_values AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty AS ROW('a', 1), cust AS ROW('b', 2)));
CREATE VIEW u_too_few_values AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v, w) FOR (k, j) IN (qty AS 'a'));
CREATE VIEW u_count_before_names AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (nope AS ('a', 1)));
CREATE VIEW u_count_later AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT ((v, w) FOR k IN ((qty, cust) AS ('a', 1), cust));
CREATE VIEW u_ambiguous AS SELECT * FROM (SELECT cust, order_id, order_id FROM orders) UNPIVOT (v FOR k IN (order_id, cust));
CREATE VIEW u_ambiguous_kept AS SELECT * FROM (SELECT cust, qty, order_id, order_id FROM orders) UNPIVOT (v FOR k IN (qty, cust));
CREATE VIEW u_column_aliases AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) AS u (a, b, c);
CREATE VIEW u_same_alias AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) AS u JOIN (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) AS u ON TRUE;
CREATE VIEW u_alias_before AS SELECT u.k, u.v FROM (SELECT order_id, qty, cust FROM orders) AS s UNPIVOT (v FOR k IN (qty, cust)) AS u;
CREATE VIEW u_table_alias_before AS SELECT * FROM orders AS o UNPIVOT (v FOR k IN (qty, cust));
CREATE VIEW u_qualified AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (orders.qty, cust));
CREATE VIEW u_expression AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty + 1, cust));
CREATE VIEW u_empty AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN ());
CREATE VIEW u_twice AS SELECT * FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust)) UNPIVOT (w FOR j IN (v, order_id));

-- a view or query reading an UNPIVOT view: Flink cannot parse the text it stored
CREATE VIEW r_count AS SELECT k, COUNT(*) AS n FROM u_basic GROUP BY k;
CREATE VIEW r_table AS SELECT * FROM u_table_alias;
CREATE VIEW r_join AS SELECT c.name FROM customers c JOIN u_join j ON c.cust_id = j.v;
