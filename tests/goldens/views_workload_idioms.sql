-- The idioms public Flink SQL jobs use most (Kafka-style sources, dedup, Top-N, group
-- windows, lookup and interval joins, string and time functions), as Flink takes them (#14).
CREATE CATALOG g_vwork WITH ('type' = 'generic_in_memory');
USE CATALOG g_vwork;

CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  referrer STRING,
  payload STRING,
  event_time_ms BIGINT,
  ts AS TO_TIMESTAMP_LTZ(event_time_ms, 3),
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');
CREATE TABLE users (
  user_id BIGINT NOT NULL,
  name STRING,
  country STRING,
  updated TIMESTAMP(3),
  WATERMARK FOR updated AS updated,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'datagen');
CREATE TABLE orders (
  order_id STRING,
  user_id BIGINT,
  price DECIMAL(10, 2),
  quantity INT,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen');
CREATE TABLE shipments (
  ship_id STRING,
  order_id STRING,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time
) WITH ('connector' = 'datagen');

-- legacy group windows and their auxiliary functions
CREATE VIEW v_tumble_group AS SELECT user_id, TUMBLE_START(ts, INTERVAL '1' MINUTE) AS window_start, TUMBLE_END(ts, INTERVAL '1' MINUTE) AS window_end, COUNT(*) AS clicks FROM clicks GROUP BY user_id, TUMBLE(ts, INTERVAL '1' MINUTE);
SHOW CREATE VIEW v_tumble_group;
DESCRIBE v_tumble_group;
CREATE VIEW v_hop_group AS SELECT HOP_START(ts, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE) AS ws, HOP_ROWTIME(ts, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE) AS rt, COUNT(DISTINCT user_id) AS users FROM clicks GROUP BY HOP(ts, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE);
SHOW CREATE VIEW v_hop_group;
DESCRIBE v_hop_group;
CREATE VIEW v_session_group AS SELECT user_id, SESSION_START(proc, INTERVAL '10' MINUTE) AS s, SESSION_PROCTIME(proc, INTERVAL '10' MINUTE) AS p, COUNT(url) AS n FROM clicks GROUP BY user_id, SESSION(proc, INTERVAL '10' MINUTE);
SHOW CREATE VIEW v_session_group;
DESCRIBE v_session_group;

-- deduplication and Top-N
CREATE VIEW v_dedup AS SELECT user_id, url, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC) AS rn FROM clicks) WHERE rn = 1;
SHOW CREATE VIEW v_dedup;
DESCRIBE v_dedup;
CREATE VIEW v_top3 AS SELECT * FROM (SELECT user_id, price, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY price DESC) AS row_num FROM orders) WHERE row_num <= 3;
SHOW CREATE VIEW v_top3;
DESCRIBE v_top3;

-- window TVF aggregation, cumulate, window Top-N
CREATE VIEW v_tvf AS SELECT window_start, window_end, user_id, SUM(price * quantity) AS revenue FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, user_id;
SHOW CREATE VIEW v_tvf;
DESCRIBE v_tvf;
CREATE VIEW v_cumulate AS SELECT window_start, window_end, SUM(price) AS total FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
DESCRIBE v_cumulate;
CREATE VIEW v_window_topn AS SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rownum FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
SHOW CREATE VIEW v_window_topn;
DESCRIBE v_window_topn;

-- joins: temporal (event time), lookup-style (processing time), interval
CREATE VIEW v_temporal AS SELECT o.order_id, o.price, u.country FROM orders AS o LEFT JOIN users FOR SYSTEM_TIME AS OF o.order_time AS u ON o.user_id = u.user_id;
SHOW CREATE VIEW v_temporal;
CREATE VIEW v_lookup AS SELECT c.url, u.name FROM clicks AS c JOIN users FOR SYSTEM_TIME AS OF c.proc AS u ON c.user_id = u.user_id;
SHOW CREATE VIEW v_lookup;
CREATE VIEW v_interval AS SELECT o.order_id, s.ship_time FROM orders o, shipments s WHERE o.order_id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;
SHOW CREATE VIEW v_interval;
DESCRIBE v_interval;

-- string, JSON and time functions
CREATE VIEW v_strings AS SELECT UPPER(url) AS u, SUBSTRING(url FROM 1 FOR 10) AS head, REGEXP_EXTRACT(url, 'id=(\d+)', 1) AS id, SPLIT_INDEX(url, '/', 2) AS part, CONCAT_WS('|', url, referrer) AS both_, IF(referrer IS NULL, 'direct', referrer) AS src, COALESCE(referrer, '') AS ref_, STR_TO_MAP('a=1,b=2') AS m, LOWER(TRIM(referrer)) AS r FROM clicks;
SHOW CREATE VIEW v_strings;
DESCRIBE v_strings;
CREATE VIEW v_json AS SELECT JSON_VALUE(payload, '$.a') AS a, JSON_VALUE(payload, '$.n' RETURNING INT DEFAULT 0 ON EMPTY) AS n, JSON_EXISTS(payload, '$.b') AS has_b, JSON_QUERY(payload, '$.arr') AS arr, JSON_OBJECT('u' VALUE url) AS o FROM clicks;
SHOW CREATE VIEW v_json;
DESCRIBE v_json;
CREATE VIEW v_times AS SELECT DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm') AS minute_, FROM_UNIXTIME(event_time_ms / 1000) AS sec, UNIX_TIMESTAMP() AS now_, TO_TIMESTAMP('2024-01-01 00:00:00') AS t0, TO_DATE('2024-01-01') AS d0, TIMESTAMPDIFF(SECOND, ts, CURRENT_TIMESTAMP) AS age, CAST(ts AS DATE) AS day_, EXTRACT(HOUR FROM ts) AS h, DATE_FORMAT(CURRENT_TIMESTAMP, 'yyyyMMdd') AS today FROM clicks;
SHOW CREATE VIEW v_times;
DESCRIBE v_times;
CREATE VIEW v_casts AS SELECT CAST(user_id AS STRING) AS s, CAST(user_id AS VARCHAR) AS v, TRY_CAST(url AS INT) AS i, CAST(price AS DOUBLE) AS d, CAST(quantity AS DECIMAL(10, 2)) * price AS amount, ROUND(price, 1) AS r FROM orders JOIN clicks USING (user_id);
SHOW CREATE VIEW v_casts;
DESCRIBE v_casts;

-- aggregates, HAVING, CASE, GROUPING SETS, nested views
CREATE VIEW v_agg AS SELECT user_id, COUNT(*) AS n, SUM(CASE WHEN quantity > 1 THEN price ELSE 0 END) AS bulk, MAX(order_time) AS last_order, AVG(price) AS avg_price, LISTAGG(order_id, ',') AS ids, COUNT(DISTINCT order_id) FILTER (WHERE price > 10) AS big FROM orders GROUP BY user_id HAVING COUNT(*) > 1;
SHOW CREATE VIEW v_agg;
DESCRIBE v_agg;
CREATE VIEW v_sets AS SELECT country, name, COUNT(*) AS n FROM users GROUP BY GROUPING SETS ((country, name), (country), ());
DESCRIBE v_sets;
CREATE VIEW v_over_views AS SELECT a.user_id, a.n, t.revenue FROM v_agg AS a JOIN v_tvf AS t ON a.user_id = t.user_id;
SHOW CREATE VIEW v_over_views;
CREATE VIEW v_unnest AS SELECT c.user_id, tag FROM clicks AS c CROSS JOIN UNNEST(SPLIT(c.url, '/')) AS t (tag);
SHOW CREATE VIEW v_unnest;
DESCRIBE v_unnest;
CREATE VIEW v_over_range AS SELECT user_id, price, SUM(price) OVER (PARTITION BY user_id ORDER BY order_time RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS last_hour FROM orders;
SHOW CREATE VIEW v_over_range;
DESCRIBE v_over_range;

-- a USING column inside an expression, as Calcite expands it
CREATE VIEW v_using_expr AS SELECT UPPER(CAST(user_id AS STRING)) AS a, user_id + 1 AS b, ABS(user_id) AS c FROM orders JOIN clicks USING (user_id);
SHOW CREATE VIEW v_using_expr;
CREATE VIEW v_using_where AS SELECT user_id FROM orders JOIN clicks USING (user_id) WHERE user_id > 1 AND CAST(user_id AS INT) < 5;
SHOW CREATE VIEW v_using_where;
CREATE VIEW v_using_group AS SELECT user_id, COUNT(*) AS n, MAX(CAST(user_id AS STRING)) AS m FROM orders JOIN clicks USING (user_id) GROUP BY user_id;
SHOW CREATE VIEW v_using_group;
CREATE VIEW v_using_case AS SELECT CASE WHEN user_id > 1 THEN CAST(user_id AS STRING) END AS c, COALESCE(user_id, 0) AS d FROM orders JOIN clicks USING (user_id);
SHOW CREATE VIEW v_using_case;

-- more idioms: session windows by key, window joins and dedup, OVER rows, collections
CREATE VIEW v_session_tvf AS SELECT window_start, window_end, user_id, COUNT(*) AS n FROM TABLE(SESSION(TABLE clicks PARTITION BY user_id, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, user_id;
SHOW CREATE VIEW v_session_tvf;
DESCRIBE v_session_tvf;
CREATE VIEW v_window_join AS SELECT L.order_id, R.ship_id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE shipments, DESCRIPTOR(ship_time), INTERVAL '5' MINUTES))) R ON L.order_id = R.order_id AND L.window_start = R.window_start AND L.window_end = R.window_end;
SHOW CREATE VIEW v_window_join;
DESCRIBE v_window_join;
CREATE VIEW v_window_dedup AS SELECT * FROM (SELECT order_id, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, user_id ORDER BY order_time ASC) AS rn FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))) WHERE rn <= 1;
DESCRIBE v_window_dedup;
CREATE VIEW v_over_rows AS SELECT order_id, AVG(price) OVER w AS avg3, LAG(price, 1) OVER w AS prev_price, FIRST_VALUE(price) OVER w AS first_p FROM orders WINDOW w AS (PARTITION BY user_id ORDER BY order_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW);
SHOW CREATE VIEW v_over_rows;
DESCRIBE v_over_rows;
CREATE VIEW v_collections AS SELECT user_id, ARRAY_AGG(order_id) AS ids, COLLECT(quantity) AS qs, CARDINALITY(ARRAY_AGG(order_id)) AS n FROM orders GROUP BY user_id;
DESCRIBE v_collections;
CREATE VIEW v_rows_maps AS SELECT ROW(order_id, price) AS r, MAP['price', CAST(price AS STRING)] AS m, MAP['price', CAST(price AS STRING)]['price'] AS mp, ARRAY[quantity, 1][1] AS a1 FROM orders;
SHOW CREATE VIEW v_rows_maps;
DESCRIBE v_rows_maps;
CREATE VIEW v_predicates AS SELECT url FROM clicks WHERE url LIKE '%/item/%' AND referrer NOT LIKE 'x!_%' ESCAPE '!' AND url SIMILAR TO '%(a|b)%' AND REGEXP(url, '^https') AND user_id IN (SELECT user_id FROM users WHERE country = 'DE') AND EXISTS (SELECT 1 FROM orders AS o WHERE o.user_id = clicks.user_id);
SHOW CREATE VIEW v_predicates;
CREATE VIEW v_ctes AS WITH recent AS (SELECT * FROM orders WHERE order_time > TIMESTAMP '2024-01-01 00:00:00'), totals AS (SELECT user_id, SUM(price) AS total FROM recent GROUP BY user_id) SELECT u.name, t.total FROM totals AS t JOIN users AS u ON t.user_id = u.user_id;
SHOW CREATE VIEW v_ctes;
DESCRIBE v_ctes;
CREATE VIEW v_union_windows AS SELECT window_start, 'orders' AS src, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR)) GROUP BY window_start, window_end UNION ALL SELECT window_start, 'ships', COUNT(*) FROM TABLE(TUMBLE(TABLE shipments, DESCRIPTOR(ship_time), INTERVAL '1' HOUR)) GROUP BY window_start, window_end;
SHOW CREATE VIEW v_union_windows;
DESCRIBE v_union_windows;
CREATE VIEW v_watermark_fn AS SELECT user_id, CURRENT_WATERMARK(ts) AS wm, ts > CURRENT_WATERMARK(ts) AS on_time FROM clicks;
SHOW CREATE VIEW v_watermark_fn;
DESCRIBE v_watermark_fn;
CREATE VIEW v_case_search AS SELECT order_id, CASE WHEN price >= 100 THEN 'high' WHEN price >= 10 THEN 'mid' ELSE 'low' END AS tier, CASE quantity WHEN 1 THEN 'single' ELSE 'multi' END AS kind FROM orders;
SHOW CREATE VIEW v_case_search;
DESCRIBE v_case_search;

-- functions production jobs call often
CREATE VIEW v_fn_strings AS SELECT MD5(url) AS h, SHA256(url) AS h2, REGEXP_REPLACE(url, '[0-9]+', '#') AS masked, REPLACE(url, 'http:', 'https:') AS secure, INITCAP(referrer) AS ic, LPAD(CAST(user_id AS STRING), 10, '0') AS padded, CHAR_LENGTH(url) AS len, LOCATE('/', url) AS slash, INSTR(url, '?') AS q, SPLIT(url, '/') AS parts, ARRAY_CONTAINS(SPLIT(url, '/'), 'item') AS has_item, UUID() AS id, CONCAT(url, '#', CAST(event_time_ms AS STRING)) AS k FROM clicks;
SHOW CREATE VIEW v_fn_strings;
DESCRIBE v_fn_strings;
CREATE VIEW v_fn_times AS SELECT HOUR(ts) AS h, DAYOFWEEK(CAST(ts AS DATE)) AS dow, CONVERT_TZ('2024-01-01 00:00:00', 'UTC', 'Europe/Berlin') AS berlin, TIMESTAMPADD(DAY, 1, ts) AS tomorrow, ts - INTERVAL '1' HOUR AS hour_ago, FLOOR(ts TO HOUR) AS hour_start, CAST(ts AS TIMESTAMP(3)) AS local_ts, TO_TIMESTAMP_LTZ(event_time_ms, 3) AS ltz, UNIX_TIMESTAMP(DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm:ss')) AS secs FROM clicks;
SHOW CREATE VIEW v_fn_times;
DESCRIBE v_fn_times;
CREATE VIEW v_fn_numbers AS SELECT GREATEST(price, 1.00) AS g, LEAST(quantity, 10) AS l, ABS(price - 5) AS d, CEIL(price) AS c, POWER(quantity, 2) AS p, price / NULLIF(quantity, 0) AS unit, CAST(price * 100 AS BIGINT) AS cents, TRUNCATE(price, 1) AS t, IFNULL(quantity, 0) AS q, RAND() < 0.1 AS sample FROM orders;
SHOW CREATE VIEW v_fn_numbers;
DESCRIBE v_fn_numbers;
CREATE VIEW v_fn_aggs AS SELECT user_id, FIRST_VALUE(order_id) AS first_id, LAST_VALUE(price) AS last_price, STDDEV_POP(price) AS sd, APPROX_COUNT_DISTINCT(order_id) AS approx, JSON_ARRAYAGG(order_id) AS ja, JSON_OBJECTAGG(KEY order_id VALUE price) AS jo, MIN(order_time) AS first_time FROM orders GROUP BY user_id;
SHOW CREATE VIEW v_fn_aggs;
DESCRIBE v_fn_aggs;
CREATE VIEW v_greatest_decimals AS SELECT GREATEST(price, 1.00) AS a, GREATEST(price, 1.5, 100) AS b, LEAST(quantity, 2.25) AS c, LEAST(CAST(price AS DECIMAL(5, 4)), price) AS d, GREATEST(user_id, price) AS e, GREATEST(CAST(1 AS DECIMAL(38, 10)), price) AS f FROM orders;
DESCRIBE v_greatest_decimals;
CREATE TABLE amounts (a DECIMAL(12, 4), b DECIMAL(3, 1) NOT NULL, c DECIMAL(38, 18)) WITH ('connector' = 'datagen');
CREATE VIEW v_decimal_calls AS SELECT TRUNCATE(a, 1) AS t1, TRUNCATE(b) AS t2, CEIL(a) AS c1, FLOOR(b) AS f1, ROUND(a) AS r1, ROUND(c, 2) AS r2, IFNULL(a, b) AS i1, COALESCE(b, a, c) AS co, ABS(c) AS ab, SIGN(a) AS sg, MOD(a, b) AS m FROM amounts;
DESCRIBE v_decimal_calls;
CREATE VIEW v_decimal_aggs AS SELECT SUM(a) AS s, AVG(b) AS av, STDDEV_POP(c) AS sd, VAR_SAMP(a) AS vs, MAX(c) AS mx, COLLECT(b) AS col FROM amounts;
DESCRIBE v_decimal_aggs;

-- a computed column calling TIMESTAMPADD or TIMESTAMPDIFF (their unit is no column)
CREATE TABLE deliveries (id INT, ordered TIMESTAMP(3), due AS TIMESTAMPADD(DAY, 3, ordered), late_days AS TIMESTAMPDIFF(DAY, ordered, CURRENT_TIMESTAMP), at_hour AS TIMESTAMPADD(HOUR, 1, CURRENT_DATE)) WITH ('connector' = 'datagen');
DESCRIBE deliveries;
SHOW CREATE TABLE deliveries;
CREATE VIEW v_deliveries AS SELECT id, due, late_days FROM deliveries WHERE due > ordered;
DESCRIBE v_deliveries;
CREATE TABLE stamps (d DATE, ts0 TIMESTAMP(0), ts3 TIMESTAMP(3), ts9 TIMESTAMP(9), tm TIME(0), ltz TIMESTAMP_LTZ(3)) WITH ('connector' = 'datagen');
CREATE VIEW v_tsadd_date AS SELECT TIMESTAMPADD(HOUR, 1, d) AS h, TIMESTAMPADD(SECOND, 1, d) AS s, TIMESTAMPADD(DAY, 1, d) AS dd, TIMESTAMPADD(MONTH, 1, d) AS m FROM stamps;
DESCRIBE v_tsadd_date;
CREATE VIEW v_tsadd_date_ms AS SELECT TIMESTAMPADD(MILLISECOND, 1, d) AS x FROM stamps;
CREATE VIEW v_tsadd_stamps AS SELECT TIMESTAMPADD(MILLISECOND, 1, ts0) AS a, TIMESTAMPADD(MICROSECOND, 1, ts0) AS b, TIMESTAMPADD(MICROSECOND, 1, ts3) AS c, TIMESTAMPADD(MICROSECOND, 1, ts9) AS e, TIMESTAMPADD(MILLISECOND, 1, tm) AS f, TIMESTAMPADD(MICROSECOND, 1, tm) AS g, TIMESTAMPADD(MICROSECOND, 1, ltz) AS h, TIMESTAMPADD(WEEK, 1, ts3) AS i FROM stamps;
DESCRIBE v_tsadd_stamps;

-- FOR SYSTEM_TIME AS OF a name of either side, kept as written
CREATE TABLE spells (k BIGINT, lang STRING, proctime AS PROCTIME()) WITH ('connector' = 'datagen');
CREATE VIEW v_clicks_k AS SELECT user_id AS k, url FROM clicks;
CREATE VIEW v_period_own AS SELECT c.url, s.lang FROM v_clicks_k AS c JOIN spells FOR SYSTEM_TIME AS OF proctime AS s ON c.k = s.k;
SHOW CREATE VIEW v_period_own;
CREATE VIEW v_period_left AS SELECT clicks.url, spells.lang FROM clicks JOIN spells FOR SYSTEM_TIME AS OF proc ON clicks.user_id = spells.k;
SHOW CREATE VIEW v_period_left;
CREATE VIEW v_period_qualified AS SELECT o.order_id FROM orders AS o JOIN users FOR SYSTEM_TIME AS OF o.order_time AS u ON o.user_id = u.user_id;
SHOW CREATE VIEW v_period_qualified;
CREATE VIEW v_period_unqualified AS SELECT o.order_id FROM orders AS o JOIN users FOR SYSTEM_TIME AS OF order_time AS u ON o.user_id = u.user_id;
SHOW CREATE VIEW v_period_unqualified;
