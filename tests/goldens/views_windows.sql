-- Views over window table functions: TUMBLE, HOP, CUMULATE, SESSION; window aggregation,
-- window Top-N, window join.
CREATE CATALOG g_vwin WITH ('type' = 'generic_in_memory');
USE CATALOG g_vwin;

CREATE TABLE bids (
  bid_id BIGINT NOT NULL,
  item STRING,
  price DECIMAL(10, 2),
  supplier STRING,
  bidtime TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE asks (
  ask_id BIGINT NOT NULL,
  item STRING,
  price DECIMAL(10, 2),
  asktime TIMESTAMP_LTZ(3),
  WATERMARK FOR asktime AS asktime
) WITH ('connector' = 'datagen');

-- the TVFs themselves
CREATE VIEW v_tumble AS SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_tumble;
DESCRIBE v_tumble;
CREATE VIEW v_tumble_named AS SELECT bid_id, window_start, window_end FROM TABLE(TUMBLE(DATA => TABLE bids, TIMECOL => DESCRIPTOR(bidtime), SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_tumble_named;
DESCRIBE v_tumble_named;
CREATE VIEW v_tumble_offset AS SELECT bid_id, window_start FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '1' HOUR, INTERVAL '5' MINUTE));
SHOW CREATE VIEW v_tumble_offset;
DESCRIBE v_tumble_offset;
CREATE VIEW v_tumble_proctime AS SELECT bid_id, window_start, window_time FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(pt), INTERVAL '1' MINUTE));
SHOW CREATE VIEW v_tumble_proctime;
DESCRIBE v_tumble_proctime;
CREATE VIEW v_tumble_ltz AS SELECT ask_id, window_start, window_end, window_time FROM TABLE(TUMBLE(TABLE asks, DESCRIPTOR(asktime), INTERVAL '1' DAY));
SHOW CREATE VIEW v_tumble_ltz;
DESCRIBE v_tumble_ltz;
CREATE VIEW v_tumble_alias AS SELECT w.bid_id, w.window_start FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) AS w;
SHOW CREATE VIEW v_tumble_alias;
DESCRIBE v_tumble_alias;
CREATE VIEW v_hop AS SELECT * FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_hop;
DESCRIBE v_hop;
CREATE VIEW v_hop_named AS SELECT bid_id, window_start FROM TABLE(HOP(DATA => TABLE bids, TIMECOL => DESCRIPTOR(bidtime), SLIDE => INTERVAL '5' MINUTES, SIZE => INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_hop_named;
DESCRIBE v_hop_named;
CREATE VIEW v_cumulate AS SELECT bid_id, window_start, window_end FROM TABLE(CUMULATE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES));
SHOW CREATE VIEW v_cumulate;
DESCRIBE v_cumulate;
CREATE VIEW v_session AS SELECT * FROM TABLE(SESSION(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES));
SHOW CREATE VIEW v_session;
DESCRIBE v_session;
CREATE VIEW v_session_part AS SELECT supplier, window_start, window_end FROM TABLE(SESSION(TABLE bids PARTITION BY supplier, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES));
SHOW CREATE VIEW v_session_part;
DESCRIBE v_session_part;
-- over a view; a TVF over a view that already has window columns clashes
CREATE VIEW v_bids_cheap AS SELECT bid_id, price, bidtime FROM bids WHERE price < 10;
SHOW CREATE VIEW v_bids_cheap;
DESCRIBE v_bids_cheap;
CREATE VIEW v_tvf_over_view AS SELECT * FROM TABLE(TUMBLE(TABLE v_bids_cheap, DESCRIPTOR(bidtime), INTERVAL '1' HOUR));
SHOW CREATE VIEW v_tvf_over_view;
DESCRIBE v_tvf_over_view;
CREATE VIEW v_tvf_over_window_view AS SELECT * FROM TABLE(TUMBLE(TABLE v_tumble_named, DESCRIPTOR(window_start), INTERVAL '1' HOUR));
-- without the outer TABLE(...) and over a subquery or a CTE
CREATE VIEW v_tumble_no_table AS SELECT * FROM TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES);
SHOW CREATE VIEW v_tumble_no_table;
DESCRIBE v_tumble_no_table;
CREATE VIEW v_tvf_subquery AS SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE((SELECT bid_id, bidtime FROM bids WHERE price > 10), DESCRIPTOR(bidtime), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end;
SHOW CREATE VIEW v_tvf_subquery;
DESCRIBE v_tvf_subquery;
CREATE VIEW v_tvf_table_subquery AS SELECT * FROM TABLE(TUMBLE(TABLE (SELECT bid_id, bidtime FROM bids), DESCRIPTOR(bidtime), INTERVAL '1' MINUTE));
CREATE VIEW v_tvf_cte AS WITH f AS (SELECT bid_id, bidtime FROM bids WHERE price > 10) SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE f, DESCRIPTOR(bidtime), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end;
SHOW CREATE VIEW v_tvf_cte;
DESCRIBE v_tvf_cte;

-- window aggregation
CREATE VIEW v_tumble_agg AS SELECT window_start, window_end, SUM(price) AS total, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
SHOW CREATE VIEW v_tumble_agg;
DESCRIBE v_tumble_agg;
CREATE VIEW v_hop_agg AS SELECT window_start, window_end, window_time, item, MAX(price) AS top FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, window_time, item;
SHOW CREATE VIEW v_hop_agg;
DESCRIBE v_hop_agg;
CREATE VIEW v_cumulate_agg AS SELECT window_start, window_end, SUM(price) AS running_total FROM TABLE(CUMULATE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
SHOW CREATE VIEW v_cumulate_agg;
DESCRIBE v_cumulate_agg;
CREATE VIEW v_session_agg AS SELECT supplier, window_start, window_end, COUNT(*) AS n FROM TABLE(SESSION(TABLE bids PARTITION BY supplier, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY supplier, window_start, window_end;
SHOW CREATE VIEW v_session_agg;
DESCRIBE v_session_agg;
CREATE VIEW v_grouping_sets_window AS SELECT window_start, window_end, supplier, SUM(price) AS total FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, GROUPING SETS ((supplier), ());
SHOW CREATE VIEW v_grouping_sets_window;
DESCRIBE v_grouping_sets_window;

-- group window functions (legacy syntax)
CREATE VIEW v_group_window AS SELECT TUMBLE_START(bidtime, INTERVAL '10' MINUTE) AS ws, TUMBLE_END(bidtime, INTERVAL '10' MINUTE) AS we, COUNT(*) AS n FROM bids GROUP BY TUMBLE(bidtime, INTERVAL '10' MINUTE);
SHOW CREATE VIEW v_group_window;
DESCRIBE v_group_window;
CREATE VIEW v_group_hop AS SELECT HOP_ROWTIME(bidtime, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE) AS rt, SUM(price) AS total FROM bids GROUP BY HOP(bidtime, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE);
SHOW CREATE VIEW v_group_hop;
DESCRIBE v_group_hop;
-- the stored GROUP BY $TUMBLE(...) text: does a view over it still work?
CREATE VIEW v_over_group_window AS SELECT ws, n FROM v_group_window;
SHOW CREATE VIEW v_over_group_window;
DESCRIBE v_over_group_window;
CREATE VIEW v_over_tumble AS SELECT bid_id, window_end FROM v_tumble WHERE price > 1;
SHOW CREATE VIEW v_over_tumble;
DESCRIBE v_over_tumble;

-- window Top-N
CREATE VIEW v_window_topn AS SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rownum FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
SHOW CREATE VIEW v_window_topn;
DESCRIBE v_window_topn;
CREATE VIEW v_window_topn_agg AS SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC) AS rn FROM (SELECT window_start, window_end, supplier, SUM(price) AS total FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, supplier)) WHERE rn <= 2;
SHOW CREATE VIEW v_window_topn_agg;
DESCRIBE v_window_topn_agg;

-- window join
CREATE VIEW v_window_join AS SELECT L.bid_id, R.ask_id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE asks, DESCRIPTOR(asktime), INTERVAL '5' MINUTES))) R ON L.item = R.item AND L.window_start = R.window_start AND L.window_end = R.window_end;
SHOW CREATE VIEW v_window_join;
DESCRIBE v_window_join;

-- errors
CREATE VIEW v_window_agg_no_end AS SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start;
SHOW CREATE VIEW v_window_agg_no_end;
DESCRIBE v_window_agg_no_end;
CREATE VIEW v_tumble_not_time AS SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(item), INTERVAL '10' MINUTES));
CREATE VIEW v_tumble_missing_col AS SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(nope), INTERVAL '10' MINUTES));
CREATE VIEW v_tumble_no_size AS SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime)));
SHOW VIEWS;
