-- Views with OVER windows: ROWS / RANGE frames, named WINDOW, Top-N and deduplication.
CREATE CATALOG g_vover WITH ('type' = 'generic_in_memory');
USE CATALOG g_vover;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  product STRING,
  category STRING,
  amount DECIMAL(10, 2),
  qty INT,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE VIEW v_rows AS SELECT order_id, product, SUM(amount) OVER (PARTITION BY product ORDER BY order_time ROWS BETWEEN 5 PRECEDING AND CURRENT ROW) AS last6 FROM orders;
SHOW CREATE VIEW v_rows;
DESCRIBE v_rows;
CREATE VIEW v_range AS SELECT order_id, product, COUNT(*) OVER (PARTITION BY product ORDER BY order_time RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS n_hour FROM orders;
SHOW CREATE VIEW v_range;
DESCRIBE v_range;
CREATE VIEW v_unbounded AS SELECT order_id, MAX(amount) OVER (ORDER BY order_time ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS top FROM orders;
SHOW CREATE VIEW v_unbounded;
DESCRIBE v_unbounded;
CREATE VIEW v_range_unbounded AS SELECT order_id, AVG(qty) OVER (PARTITION BY category ORDER BY order_time RANGE UNBOUNDED PRECEDING) AS avg_qty FROM orders;
SHOW CREATE VIEW v_range_unbounded;
DESCRIBE v_range_unbounded;
CREATE VIEW v_default_frame AS SELECT order_id, SUM(qty) OVER (PARTITION BY category ORDER BY order_time) AS s FROM orders;
SHOW CREATE VIEW v_default_frame;
DESCRIBE v_default_frame;
CREATE VIEW v_proctime_over AS SELECT order_id, COUNT(*) OVER (PARTITION BY product ORDER BY pt ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS n FROM orders;
SHOW CREATE VIEW v_proctime_over;
DESCRIBE v_proctime_over;
CREATE VIEW v_named_window AS SELECT order_id, SUM(amount) OVER w AS s, COUNT(*) OVER w AS n, MIN(qty) OVER w AS m FROM orders WINDOW w AS (PARTITION BY product ORDER BY order_time ROWS BETWEEN 10 PRECEDING AND CURRENT ROW);
SHOW CREATE VIEW v_named_window;
DESCRIBE v_named_window;
CREATE VIEW v_over_noalias AS SELECT order_id, SUM(qty) OVER (PARTITION BY product ORDER BY order_time) FROM orders;
SHOW CREATE VIEW v_over_noalias;
DESCRIBE v_over_noalias;
CREATE VIEW v_over_expr AS SELECT order_id, amount - AVG(amount) OVER (PARTITION BY category ORDER BY order_time ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) AS delta FROM orders;
SHOW CREATE VIEW v_over_expr;
DESCRIBE v_over_expr;

-- ranking functions
CREATE VIEW v_row_number AS SELECT order_id, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS rn FROM orders;
SHOW CREATE VIEW v_row_number;
DESCRIBE v_row_number;
CREATE VIEW v_ranks AS SELECT order_id, RANK() OVER (PARTITION BY category ORDER BY amount DESC) AS r, DENSE_RANK() OVER (PARTITION BY category ORDER BY amount DESC) AS dr FROM orders;
SHOW CREATE VIEW v_ranks;
DESCRIBE v_ranks;
CREATE VIEW v_lag_lead AS SELECT order_id, LAG(amount) OVER (PARTITION BY product ORDER BY order_time) AS prev_amount, LEAD(amount, 2) OVER (PARTITION BY product ORDER BY order_time) AS next2 FROM orders;
SHOW CREATE VIEW v_lag_lead;
DESCRIBE v_lag_lead;

-- Top-N
CREATE VIEW v_topn AS SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS row_num FROM orders) WHERE row_num <= 3;
SHOW CREATE VIEW v_topn;
DESCRIBE v_topn;
CREATE VIEW v_topn_named AS SELECT t.category, t.product, t.amount FROM (SELECT category, product, amount, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS rn FROM orders) AS t WHERE t.rn <= 5;
SHOW CREATE VIEW v_topn_named;
DESCRIBE v_topn_named;
CREATE VIEW v_topn_nopart AS SELECT order_id, amount FROM (SELECT order_id, amount, ROW_NUMBER() OVER (ORDER BY amount DESC) AS rn FROM orders) WHERE rn = 1;
SHOW CREATE VIEW v_topn_nopart;
DESCRIBE v_topn_nopart;

-- deduplication
CREATE VIEW v_dedup_last AS SELECT order_id, product, amount, order_time FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY order_time DESC) AS rn FROM orders) WHERE rn = 1;
SHOW CREATE VIEW v_dedup_last;
DESCRIBE v_dedup_last;
CREATE VIEW v_dedup_first AS SELECT order_id, product FROM (SELECT order_id, product, ROW_NUMBER() OVER (PARTITION BY product ORDER BY pt ASC) AS rn FROM orders) WHERE rn = 1;
SHOW CREATE VIEW v_dedup_first;
DESCRIBE v_dedup_first;

-- accepted when the view is created (the planner would reject them later)
CREATE VIEW v_over_no_order AS SELECT order_id, SUM(qty) OVER (PARTITION BY product) AS s FROM orders;
SHOW CREATE VIEW v_over_no_order;
DESCRIBE v_over_no_order;
CREATE VIEW v_rank_no_order AS SELECT order_id, ROW_NUMBER() OVER (PARTITION BY product) AS rn FROM orders;
SHOW CREATE VIEW v_rank_no_order;
DESCRIBE v_rank_no_order;
-- errors
CREATE VIEW v_unknown_window AS SELECT order_id, SUM(qty) OVER w2 AS s FROM orders WINDOW w AS (ORDER BY order_time);
CREATE VIEW v_range_bad AS SELECT order_id, COUNT(*) OVER (ORDER BY order_time RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) AS n FROM orders;
SHOW VIEWS;
