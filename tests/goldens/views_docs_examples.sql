-- The query examples of Flink 2.3's SQL documentation (docs/content/docs/sql/reference/
-- queries: window aggregation, window TVFs, Top-N, deduplication, OVER aggregation, joins),
-- as views over the tables the pages describe (#14).
CREATE CATALOG g_docs WITH ('type' = 'generic_in_memory');
USE CATALOG g_docs;

CREATE TABLE Bid (
  bidtime TIMESTAMP(3),
  price DECIMAL(10, 2),
  item STRING,
  supplier_id STRING,
  WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');
CREATE TABLE Orders (
  order_id STRING,
  product STRING,
  price DECIMAL(32, 2),
  currency STRING,
  order_time TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR order_time AS order_time
) WITH ('connector' = 'datagen');
CREATE TABLE Shipments (
  id STRING,
  order_id STRING,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time
) WITH ('connector' = 'datagen');
CREATE TABLE currency_rates (
  currency STRING,
  conversion_rate DECIMAL(32, 2),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');
CREATE TABLE ShopSales (
  product_id STRING,
  category STRING,
  product_name STRING,
  sales BIGINT
) WITH ('connector' = 'datagen');
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');

-- window aggregation
CREATE VIEW d_tumble AS SELECT window_start, window_end, SUM(price) AS total_price
  FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end;
SHOW CREATE VIEW d_tumble;
DESCRIBE d_tumble;
CREATE VIEW d_hop AS SELECT window_start, window_end, SUM(price) AS total_price
  FROM HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end;
SHOW CREATE VIEW d_hop;
DESCRIBE d_hop;
CREATE VIEW d_cumulate AS SELECT window_start, window_end, SUM(price) AS total_price
  FROM CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end;
SHOW CREATE VIEW d_cumulate;
DESCRIBE d_cumulate;
CREATE VIEW d_session_partitioned AS SELECT window_start, window_end, supplier_id, SUM(price) AS total_price
           FROM SESSION(TABLE Bid PARTITION BY supplier_id, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES)
           GROUP BY window_start, window_end, supplier_id;
SHOW CREATE VIEW d_session_partitioned;
DESCRIBE d_session_partitioned;
CREATE VIEW d_session AS SELECT window_start, window_end, SUM(price) AS total_price
           FROM SESSION(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES)
           GROUP BY window_start, window_end;
SHOW CREATE VIEW d_session;
DESCRIBE d_session;
CREATE VIEW d_grouping_sets AS SELECT window_start, window_end, supplier_id, SUM(price) AS total_price
  FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end, GROUPING SETS ((supplier_id), ());
SHOW CREATE VIEW d_grouping_sets;
DESCRIBE d_grouping_sets;
CREATE VIEW d_rollup AS SELECT window_start, window_end, supplier_id, SUM(price) AS total_price
FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)
GROUP BY window_start, window_end, ROLLUP (supplier_id);
SHOW CREATE VIEW d_rollup;
DESCRIBE d_rollup;
CREATE VIEW d_cube AS SELECT window_start, window_end, item, supplier_id, SUM(price) AS total_price
  FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end, CUBE (supplier_id, item);
SHOW CREATE VIEW d_cube;
DESCRIBE d_cube;
CREATE VIEW d_cube_sets AS SELECT window_start, window_end, item, supplier_id, SUM(price) AS total_price
  FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end, GROUPING SETS (
      (supplier_id, item),
      (supplier_id      ),
      (             item),
      (                 )
);
SHOW CREATE VIEW d_cube_sets;
DESCRIBE d_cube_sets;
CREATE VIEW window1 AS
SELECT window_start AS window_5mintumble_start, window_end AS window_5mintumble_end, window_time AS rowtime, SUM(price) AS partial_price
  FROM TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)
  GROUP BY supplier_id, window_start, window_end, window_time;
SHOW CREATE VIEW window1;
DESCRIBE window1;
CREATE VIEW d_cascading AS SELECT window_start, window_end, SUM(partial_price) AS total_price
  FROM TUMBLE(TABLE window1, DESCRIPTOR(rowtime), INTERVAL '10' MINUTES)
  GROUP BY window_start, window_end;
SHOW CREATE VIEW d_cascading;
DESCRIBE d_cascading;
CREATE VIEW d_group_window AS SELECT
    product,
    TUMBLE_START(order_time, INTERVAL '1' DAY) AS wStart,
    SUM(price) AS total
  FROM Orders
  GROUP BY TUMBLE(order_time, INTERVAL '1' DAY), product;
SHOW CREATE VIEW d_group_window;
DESCRIBE d_group_window;
CREATE VIEW d_group_window_hop AS SELECT
    product,
    HOP_END(order_time, INTERVAL '1' HOUR, INTERVAL '1' DAY) AS wEnd,
    HOP_ROWTIME(order_time, INTERVAL '1' HOUR, INTERVAL '1' DAY) AS wRowtime,
    COUNT(*) AS cnt
  FROM Orders
  GROUP BY HOP(order_time, INTERVAL '1' HOUR, INTERVAL '1' DAY), product;
SHOW CREATE VIEW d_group_window_hop;
DESCRIBE d_group_window_hop;
-- window TVFs
CREATE VIEW d_tvf_tumble AS SELECT * FROM TABLE(
   TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES));
SHOW CREATE VIEW d_tvf_tumble;
DESCRIBE d_tvf_tumble;
CREATE VIEW d_tvf_tumble_named AS SELECT * FROM TABLE(
   TUMBLE(
     DATA => TABLE Bid,
     TIMECOL => DESCRIPTOR(bidtime),
     SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW d_tvf_tumble_named;
DESCRIBE d_tvf_tumble_named;
CREATE VIEW d_tvf_hop_named AS SELECT * FROM TABLE(
    HOP(
      DATA => TABLE Bid,
      TIMECOL => DESCRIPTOR(bidtime),
      SLIDE => INTERVAL '5' MINUTES,
      SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW d_tvf_hop_named;
DESCRIBE d_tvf_hop_named;
CREATE VIEW d_tvf_cumulate_named AS SELECT * FROM TABLE(
    CUMULATE(
      DATA => TABLE Bid,
      TIMECOL => DESCRIPTOR(bidtime),
      STEP => INTERVAL '2' MINUTES,
      SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW d_tvf_cumulate_named;
DESCRIBE d_tvf_cumulate_named;
CREATE VIEW d_tvf_session_named AS SELECT * FROM TABLE(
    SESSION(
      DATA => TABLE Bid PARTITION BY item,
      TIMECOL => DESCRIPTOR(bidtime),
      GAP => INTERVAL '5' MINUTES));
SHOW CREATE VIEW d_tvf_session_named;
DESCRIBE d_tvf_session_named;
CREATE VIEW d_tvf_offset AS SELECT window_start, window_end, SUM(price) AS total_price
  FROM TABLE(
    TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES, INTERVAL '1' MINUTES))
  GROUP BY window_start, window_end;
SHOW CREATE VIEW d_tvf_offset;
DESCRIBE d_tvf_offset;
-- window Top-N, window deduplication, window join
CREATE VIEW d_window_topn AS SELECT *
  FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum
    FROM (
      SELECT window_start, window_end, supplier_id, SUM(price) as price, COUNT(*) as cnt
      FROM TABLE(
        TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
      GROUP BY window_start, window_end, supplier_id
    )
  ) WHERE rownum <= 3;
SHOW CREATE VIEW d_window_topn;
DESCRIBE d_window_topn;
CREATE VIEW d_window_topn_tvf AS SELECT *
  FROM (
    SELECT bidtime, price, item, supplier_id, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum
    FROM TABLE(
               TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
  ) WHERE rownum <= 3;
SHOW CREATE VIEW d_window_topn_tvf;
DESCRIBE d_window_topn_tvf;
CREATE VIEW d_window_dedup AS SELECT *
  FROM (
    SELECT bidtime, price, item, supplier_id, window_start, window_end,
      ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY bidtime DESC) AS rownum
    FROM TABLE(
               TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
  ) WHERE rownum <= 1;
SHOW CREATE VIEW d_window_dedup;
DESCRIBE d_window_dedup;
CREATE VIEW d_window_join AS SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id,
        COALESCE(L.window_start, R.window_start) as window_start,
        COALESCE(L.window_end, R.window_end) as window_end
        FROM (
            SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
        ) L
        FULL JOIN (
            SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
        ) R
        ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
SHOW CREATE VIEW d_window_join;
DESCRIBE d_window_join;
CREATE VIEW d_window_semi AS SELECT *
           FROM (
               SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
           ) L WHERE L.num IN (
             SELECT num FROM (
               SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
             ) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
SHOW CREATE VIEW d_window_semi;
DESCRIBE d_window_semi;
CREATE VIEW d_window_anti AS SELECT *
           FROM (
               SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
           ) L WHERE NOT EXISTS (
             SELECT * FROM (
               SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))
             ) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
SHOW CREATE VIEW d_window_anti;
DESCRIBE d_window_anti;
-- Top-N and deduplication
CREATE VIEW d_topn AS SELECT *
FROM (
  SELECT *,
    ROW_NUMBER() OVER (PARTITION BY category ORDER BY sales DESC) AS row_num
  FROM ShopSales)
WHERE row_num <= 5;
SHOW CREATE VIEW d_topn;
DESCRIBE d_topn;
CREATE VIEW d_topn_no_rank AS SELECT product_id, category, product_name, sales
FROM (
  SELECT *,
    ROW_NUMBER() OVER (PARTITION BY category ORDER BY sales DESC) AS row_num
  FROM ShopSales)
WHERE row_num <= 5;
SHOW CREATE VIEW d_topn_no_rank;
DESCRIBE d_topn_no_rank;
CREATE VIEW d_dedup AS SELECT order_id, product, price, order_time
FROM (
  SELECT *,
    ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY proctime ASC) AS row_num
  FROM Orders)
WHERE row_num = 1;
SHOW CREATE VIEW d_dedup;
DESCRIBE d_dedup;
-- OVER aggregation
CREATE VIEW d_over_range AS SELECT order_id, order_time, price,
  SUM(price) OVER (
    PARTITION BY product
    ORDER BY order_time
    RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW
  ) AS one_hour_prod_amount_sum
FROM Orders;
SHOW CREATE VIEW d_over_range;
DESCRIBE d_over_range;
CREATE VIEW d_over_window AS SELECT order_id, order_time, price,
  SUM(price) OVER w AS sum_price,
  MAX(price) OVER w AS max_price,
  AVG(price) OVER w AS avg_price
FROM Orders
WINDOW w AS (
  PARTITION BY product
  ORDER BY order_time
  RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW);
SHOW CREATE VIEW d_over_window;
DESCRIBE d_over_window;
CREATE VIEW d_over_rows AS SELECT product, order_time, price,
  COUNT(*) OVER (PARTITION BY product ORDER BY order_time ROWS BETWEEN 10 PRECEDING AND CURRENT ROW) AS cnt
FROM Orders;
SHOW CREATE VIEW d_over_rows;
DESCRIBE d_over_rows;
-- joins
CREATE VIEW d_interval_join AS SELECT *
FROM Orders o, Shipments s
WHERE o.order_id = s.order_id
AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;
SHOW CREATE VIEW d_interval_join;
DESCRIBE d_interval_join;
CREATE VIEW d_temporal_join AS SELECT
     order_id,
     price,
     orders.currency,
     conversion_rate,
     order_time
FROM orders
LEFT JOIN currency_rates FOR SYSTEM_TIME AS OF orders.order_time
ON orders.currency = currency_rates.currency;
SHOW CREATE VIEW d_temporal_join;
DESCRIBE d_temporal_join;
CREATE VIEW d_inner_join AS SELECT *
FROM Orders
INNER JOIN Shipments
ON Orders.order_id = Shipments.order_id;
SHOW CREATE VIEW d_inner_join;
DESCRIBE d_inner_join;
CREATE VIEW d_full_join AS SELECT *
FROM Orders
FULL OUTER JOIN Shipments
ON Orders.order_id = Shipments.order_id;
SHOW CREATE VIEW d_full_join;
DESCRIBE d_full_join;
CREATE VIEW d_cross_unnest AS SELECT order_id, tag
FROM (SELECT order_id, ARRAY[product, currency] AS tags FROM Orders) CROSS JOIN UNNEST(tags) AS t (tag);
SHOW CREATE VIEW d_cross_unnest;
DESCRIBE d_cross_unnest;
SHOW VIEWS;
