-- The Apache Flink SQL Cookbook's recipes (github.com/ververica/flink-sql-cookbook), a public
-- workload of real Flink SQL, each recipe in its own database (#14). Its sources' options are
-- datagen's here (faker, kafka and jdbc are not in Flink); every query it runs, and every
-- query an INSERT of it writes, is a view cb_N; prose fragments and statement sets' BEGIN and
-- END are left out where marked.
CREATE CATALOG g_cookbook WITH ('type' = 'generic_in_memory');
USE CATALOG g_cookbook;

-- aggregations-and-analytics/01_group_by_window/01_group_by_window.md
CREATE DATABASE r_01_group_by_window;
USE r_01_group_by_window;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    request_line STRING, 
    status_code STRING, 
    log_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE VIEW cb_1 AS
SELECT  
  COUNT(DISTINCT client_ip) AS ip_addresses,
  TUMBLE_PROCTIME(log_time, INTERVAL '1' MINUTE) AS window_interval
FROM server_logs
GROUP BY 
  TUMBLE(log_time, INTERVAL '1' MINUTE);
SHOW CREATE VIEW cb_1;
DESCRIBE cb_1;

-- aggregations-and-analytics/01_group_by_window/01_group_by_window_tvf.md
CREATE DATABASE r_01_group_by_window_tvf;
USE r_01_group_by_window_tvf;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    request_line STRING, 
    status_code STRING, 
    log_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE VIEW cb_2 AS
SELECT window_start, window_end, COUNT(DISTINCT client_ip) AS ip_addresses
  FROM TABLE(
    TUMBLE(TABLE server_logs, DESCRIPTOR(log_time), INTERVAL '1' MINUTE))
  GROUP BY window_start, window_end;
SHOW CREATE VIEW cb_2;
DESCRIBE cb_2;

-- aggregations-and-analytics/02_watermarks/02_watermarks.md
CREATE DATABASE r_02_watermarks;
USE r_02_watermarks;
CREATE TABLE doctor_sightings (
  doctor        STRING,
  sighting_time TIMESTAMP(3),
  WATERMARK FOR sighting_time AS sighting_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_3 AS
SELECT 
    doctor,
    TUMBLE_ROWTIME(sighting_time, INTERVAL '1' MINUTE) AS sighting_time,
    COUNT(*) AS sightings
FROM doctor_sightings
GROUP BY 
    TUMBLE(sighting_time, INTERVAL '1' MINUTE),
    doctor;
SHOW CREATE VIEW cb_3;
DESCRIBE cb_3;

-- aggregations-and-analytics/03_group_by_session_window/03_group_by_session_window.md
CREATE DATABASE r_03_group_by_session_window;
USE r_03_group_by_session_window;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    WATERMARK FOR log_time AS log_time - INTERVAL '5' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_4 AS
SELECT  
  userid,
  SESSION_START(log_time, INTERVAL '10' SECOND) AS session_beg,
  SESSION_ROWTIME(log_time, INTERVAL '10' SECOND) AS session_end,
  COUNT(request_line) AS request_cnt
FROM server_logs
WHERE status_code = '403'
GROUP BY 
  userid, 
  SESSION(log_time, INTERVAL '10' SECOND);
SHOW CREATE VIEW cb_4;
DESCRIBE cb_4;

-- aggregations-and-analytics/04_over/04_over.md
CREATE DATABASE r_04_over;
USE r_04_over;
CREATE TEMPORARY TABLE temperature_measurements (
  measurement_time TIMESTAMP(3),
  city STRING,
  temperature FLOAT, 
  WATERMARK FOR measurement_time AS measurement_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_5 AS
SELECT 
  measurement_time,
  city, 
  temperature,
  AVG(CAST(temperature AS FLOAT)) OVER last_minute AS avg_temperature_minute,
  MAX(temperature) OVER last_minute AS min_temperature_minute,
  MIN(temperature) OVER last_minute AS max_temperature_minute,
  STDDEV(CAST(temperature AS FLOAT)) OVER last_minute AS stdev_temperature_minute
FROM temperature_measurements 
WINDOW last_minute AS (
  PARTITION BY city
  ORDER BY measurement_time
  RANGE BETWEEN INTERVAL '1' MINUTE PRECEDING AND CURRENT ROW 
);
SHOW CREATE VIEW cb_5;
DESCRIBE cb_5;

-- aggregations-and-analytics/05_top_n/05_top_n.md
CREATE DATABASE r_05_top_n;
USE r_05_top_n;
CREATE VIEW cb_6 AS
SELECT wizard, spell, COUNT(*) AS times_cast
FROM spells_cast
GROUP BY wizard, spell;
SHOW CREATE VIEW cb_6;
DESCRIBE cb_6;

CREATE TABLE spells_cast (
    wizard STRING,
    spell  STRING
) WITH ('connector' = 'datagen');

CREATE VIEW cb_7 AS
SELECT wizard, spell, times_cast
FROM (
    SELECT *,
    ROW_NUMBER() OVER (PARTITION BY wizard ORDER BY times_cast DESC) AS row_num
    FROM (SELECT wizard, spell, COUNT(*) AS times_cast FROM spells_cast GROUP BY wizard, spell)
)
WHERE row_num <= 2;
SHOW CREATE VIEW cb_7;
DESCRIBE cb_7;

-- aggregations-and-analytics/06_dedup/06_dedup.md
CREATE DATABASE r_06_dedup;
USE r_06_dedup;
CREATE TABLE orders (
  id INT,
  order_time AS CURRENT_TIMESTAMP,
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_8 AS
SELECT id AS order_id,
       COUNT(*) AS order_cnt
FROM orders o
GROUP BY id
HAVING COUNT(*) > 1;
SHOW CREATE VIEW cb_8;
DESCRIBE cb_8;

CREATE VIEW cb_9 AS
SELECT
  order_id,
  order_time
FROM (
  SELECT id AS order_id,
         order_time,
         ROW_NUMBER() OVER (PARTITION BY id ORDER BY order_time) AS rownum
  FROM orders
     )
WHERE rownum = 1;
SHOW CREATE VIEW cb_9;
DESCRIBE cb_9;

-- aggregations-and-analytics/07_chained_windows/07_chained_windows.md
CREATE DATABASE r_07_chained_windows;
USE r_07_chained_windows;
CREATE TEMPORARY TABLE server_logs ( 
    log_time TIMESTAMP(3),
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    request_line STRING, 
    status_code STRING, 
    size INT, 
    WATERMARK FOR log_time AS log_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE avg_request_size_1m (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  avg_size BIGINT
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE avg_request_size_5m (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  avg_size BIGINT
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW server_logs_window_1m AS 
SELECT  
  TUMBLE_START(log_time, INTERVAL '1' MINUTE) AS window_start,
  TUMBLE_ROWTIME(log_time, INTERVAL '1' MINUTE) AS window_end,
  SUM(size) AS total_size,
  COUNT(*) AS num_requests
FROM server_logs
GROUP BY 
  TUMBLE(log_time, INTERVAL '1' MINUTE);
SHOW CREATE VIEW server_logs_window_1m;
DESCRIBE server_logs_window_1m;

CREATE TEMPORARY VIEW server_logs_window_5m AS 
SELECT 
  TUMBLE_START(window_end, INTERVAL '5' MINUTE) AS window_start,
  TUMBLE_ROWTIME(window_end, INTERVAL '5' MINUTE) AS window_end,
  SUM(total_size) AS total_size,
  SUM(num_requests) AS num_requests
FROM server_logs_window_1m
GROUP BY 
  TUMBLE(window_end, INTERVAL '5' MINUTE);
SHOW CREATE VIEW server_logs_window_5m;
DESCRIBE server_logs_window_5m;

-- left out: BEGIN STATEMENT SET
CREATE VIEW cb_10 AS
SELECT
  window_start,
  window_end, 
  total_size/num_requests AS avg_size
FROM server_logs_window_1m;
SHOW CREATE VIEW cb_10;
DESCRIBE cb_10;

CREATE VIEW cb_11 AS
SELECT
  window_start,
  window_end, 
  total_size/num_requests AS avg_size
FROM server_logs_window_5m;
SHOW CREATE VIEW cb_11;
DESCRIBE cb_11;

-- left out: END
-- aggregations-and-analytics/08_match_recognize/08_match_recognize.md
CREATE DATABASE r_08_match_recognize;
USE r_08_match_recognize;
-- left out: PARTITION BY user_id 
-- left out: MEASURES
-- left out: PATTERN (PREMIUM+ BASIC)
CREATE TABLE subscriptions ( 
    id STRING,
    user_id INT,
    type STRING,
    start_date TIMESTAMP(3),
    end_date TIMESTAMP(3),
    payment_expiration TIMESTAMP(3),
    proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE VIEW cb_12 AS
SELECT * 
FROM subscriptions
     MATCH_RECOGNIZE (PARTITION BY user_id 
                      ORDER BY proc_time
                      MEASURES
                        LAST(PREMIUM.type) AS premium_type,
                        AVG(TIMESTAMPDIFF(DAY,PREMIUM.start_date,PREMIUM.end_date)) AS premium_avg_duration,
                        BASIC.start_date AS downgrade_date
                      AFTER MATCH SKIP PAST LAST ROW
                      --Pattern: one or more 'premium' or 'platinum' subscription events (PREMIUM)
                      --followed by a 'basic' subscription event (BASIC) for the same `user_id`
                      PATTERN (PREMIUM+ BASIC)
                      DEFINE PREMIUM AS PREMIUM.type IN ('premium','platinum'),
                             BASIC AS BASIC.type = 'basic');
SHOW CREATE VIEW cb_12;
DESCRIBE cb_12;

-- aggregations-and-analytics/09_cdc_materialized_view/09_cdc_materialized_view.md
CREATE DATABASE r_09_cdc_materialized_view;
USE r_09_cdc_materialized_view;
CREATE TABLE accident_claims (
    claim_id INT,
    claim_total FLOAT,
    claim_total_receipt VARCHAR(50),
    claim_currency VARCHAR(3),
    member_id INT,
    accident_date VARCHAR(20),
    accident_type VARCHAR(20),
    accident_detail VARCHAR(20),
    claim_date VARCHAR(20),
    claim_status VARCHAR(10),
    ts_created VARCHAR(20),
    ts_updated VARCHAR(20)
) WITH ('connector' = 'datagen');

CREATE VIEW cb_13 AS
SELECT accident_detail,
       SUM(claim_total) AS agg_claim_costs
FROM accident_claims
WHERE claim_status <> 'DENIED'
GROUP BY accident_detail;
SHOW CREATE VIEW cb_13;
DESCRIBE cb_13;

-- aggregations-and-analytics/10_hopping_time_windows/10_hopping_time_windows.md
CREATE DATABASE r_10_hopping_time_windows;
USE r_10_hopping_time_windows;
CREATE TABLE bids ( 
    bid_id STRING,
    currency_code STRING,
    bid_price DOUBLE, 
    transaction_time TIMESTAMP(3),
    WATERMARK FOR transaction_time AS transaction_time - INTERVAL '5' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_14 AS
SELECT window_start, window_end, currency_code, ROUND(AVG(bid_price),2) AS MovingAverageBidPrice
  FROM TABLE(
    HOP(TABLE bids, DESCRIPTOR(transaction_time), INTERVAL '30' SECONDS, INTERVAL '1' MINUTE))
  GROUP BY window_start, window_end, currency_code;
SHOW CREATE VIEW cb_14;
DESCRIBE cb_14;

-- aggregations-and-analytics/11_window_top_n/11_window_top_n.md
CREATE DATABASE r_11_window_top_n;
USE r_11_window_top_n;
CREATE TABLE orders ( 
    bidtime TIMESTAMP(3),
    price DOUBLE, 
    item STRING,
    supplier STRING,
    WATERMARK FOR bidtime AS bidtime - INTERVAL '5' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_15 AS
SELECT *
    FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum
        FROM (
            SELECT window_start, window_end, supplier, SUM(price) as price, COUNT(*) as cnt
            FROM TABLE(
                TUMBLE(TABLE orders, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
            GROUP BY window_start, window_end, supplier
        )
    ) WHERE rownum <= 3;
SHOW CREATE VIEW cb_15;
DESCRIBE cb_15;

-- aggregations-and-analytics/12_lag/12_lag.md
CREATE DATABASE r_12_lag;
USE r_12_lag;
CREATE TABLE fake_stocks ( 
    stock_name STRING,
    stock_value double, 
    log_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE VIEW cb_16 AS
WITH current_and_previous as (
    select 
        stock_name,
        log_time, 
        stock_value, 
        lag(stock_value, 1) over (partition by stock_name order by log_time) previous_value 
    from fake_stocks
)
select *, 
    case 
        when stock_value > previous_value then '▲'
        when stock_value < previous_value then '▼'
        else '=' 
    end as trend 
from current_and_previous;
SHOW CREATE VIEW cb_16;
DESCRIBE cb_16;

-- foundations/01_create_table/01_create_table.md
CREATE DATABASE r_01_create_table;
USE r_01_create_table;
CREATE TABLE orders (
    order_uid  BIGINT,
    product_id BIGINT,
    price      DECIMAL(32, 2),
    order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE VIEW cb_17 AS
SELECT * FROM orders;
SHOW CREATE VIEW cb_17;
DESCRIBE cb_17;

-- foundations/02_insert_into/02_insert_into.md
CREATE DATABASE r_02_insert_into;
USE r_02_insert_into;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT
) WITH ('connector' = 'datagen');

CREATE TABLE client_errors (
  log_time TIMESTAMP(3),
  request_line STRING,
  status_code STRING,
  size INT
) WITH ('connector' = 'datagen');

CREATE VIEW cb_18 AS
SELECT 
  log_time,
  request_line,
  status_code,
  size
FROM server_logs
WHERE 
  status_code SIMILAR TO '4[0-9][0-9]';
SHOW CREATE VIEW cb_18;
DESCRIBE cb_18;

-- foundations/03_temporary_table/03_temporary_table.md
CREATE DATABASE r_03_temporary_table;
USE r_03_temporary_table;
CREATE TEMPORARY TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE client_errors (
  log_time TIMESTAMP(3),
  request_line STRING,
  status_code STRING,
  size INT
) WITH ('connector' = 'datagen');

CREATE VIEW cb_19 AS
SELECT 
  log_time,
  request_line,
  status_code,
  size
FROM server_logs
WHERE 
  status_code SIMILAR TO '4[0-9][0-9]';
SHOW CREATE VIEW cb_19;
DESCRIBE cb_19;

-- foundations/04_where/04_where.md
CREATE DATABASE r_04_where;
USE r_04_where;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT
) WITH ('connector' = 'datagen');

CREATE VIEW cb_20 AS
SELECT 
  log_time, 
  request_line,
  status_code 
FROM server_logs
WHERE
  status_code IN ('403', '401');
SHOW CREATE VIEW cb_20;
DESCRIBE cb_20;

-- foundations/05_group_by/05_group_by.md
CREATE DATABASE r_05_group_by;
USE r_05_group_by;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT
) WITH ('connector' = 'datagen');

CREATE VIEW cb_21 AS
SELECT 
  REGEXP_EXTRACT(user_agent,'[^\/]+') AS browser,
  status_code, 
  COUNT(*) AS cnt_status
FROM server_logs
GROUP BY 
  REGEXP_EXTRACT(user_agent,'[^\/]+'),
  status_code;
SHOW CREATE VIEW cb_21;
DESCRIBE cb_21;

-- foundations/06_order_by/06_order_by.md
CREATE DATABASE r_06_order_by;
USE r_06_order_by;
CREATE TEMPORARY TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT, 
    WATERMARK FOR log_time AS log_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_22 AS
SELECT * FROM server_logs 
ORDER BY log_time;
SHOW CREATE VIEW cb_22;
DESCRIBE cb_22;

CREATE TEMPORARY TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT, 
    WATERMARK FOR log_time AS log_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_23 AS
SELECT 
  TUMBLE_ROWTIME(log_time, INTERVAL '1' MINUTE) AS window_time,
  REGEXP_EXTRACT(user_agent,'[^\/]+') AS browser,
  COUNT(*) AS cnt_browser
FROM server_logs
GROUP BY 
  REGEXP_EXTRACT(user_agent,'[^\/]+'),
  TUMBLE(log_time, INTERVAL '1' MINUTE)
ORDER BY
  window_time,
  cnt_browser DESC;
SHOW CREATE VIEW cb_23;
DESCRIBE cb_23;

-- foundations/07_views/07_views.md
CREATE DATABASE r_07_views;
USE r_07_views;
CREATE TABLE server_logs ( 
    client_ip STRING,
    client_identity STRING, 
    userid STRING, 
    user_agent STRING,
    log_time TIMESTAMP(3),
    request_line STRING, 
    status_code STRING, 
    size INT
) WITH ('connector' = 'datagen');

CREATE VIEW successful_requests AS 
SELECT * 
FROM server_logs
WHERE status_code SIMILAR TO '[2,3][0-9][0-9]';
SHOW CREATE VIEW successful_requests;
DESCRIBE successful_requests;

CREATE VIEW cb_24 AS
SELECT * FROM successful_requests;
SHOW CREATE VIEW cb_24;
DESCRIBE cb_24;

-- foundations/08_statement_sets/08_statement_sets.md
CREATE DATABASE r_08_statement_sets;
USE r_08_statement_sets;
CREATE TEMPORARY TABLE server_logs ( 
    client_ip       STRING,
    client_identity STRING, 
    userid          STRING, 
    user_agent      STRING,
    log_time        TIMESTAMP(3),
    request_line    STRING, 
    status_code     STRING, 
    size            INT,
    WATERMARK FOR log_time AS log_time - INTERVAL '30' SECONDS
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE realtime_aggregations (
  `browser`     STRING,
  `status_code` STRING,
  `end_time`    TIMESTAMP(3),
  `requests`    BIGINT NOT NULL
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE offline_datawarehouse (
    `browser`     STRING,
    `status_code` STRING,
    `dt`          STRING,
    `hour`        STRING,
    `requests`    BIGINT NOT NULL
) PARTITIONED BY (`dt`, `hour`) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW browsers AS  
SELECT 
  REGEXP_EXTRACT(user_agent,'[^\/]+') AS browser,
  status_code,
  log_time
FROM server_logs;
SHOW CREATE VIEW browsers;
DESCRIBE browsers;

-- left out: BEGIN STATEMENT SET
CREATE VIEW cb_25 AS
SELECT
    browser,
    status_code,
    TUMBLE_ROWTIME(log_time, INTERVAL '5' MINUTE) AS end_time,
    COUNT(*) requests
FROM browsers
GROUP BY 
    browser,
    status_code,
    TUMBLE(log_time, INTERVAL '5' MINUTE);
SHOW CREATE VIEW cb_25;
DESCRIBE cb_25;

CREATE VIEW cb_26 AS
SELECT
    browser,
    status_code,
    DATE_FORMAT(TUMBLE_ROWTIME(log_time, INTERVAL '1' HOUR), 'yyyy-MM-dd') AS `dt`,
    DATE_FORMAT(TUMBLE_ROWTIME(log_time, INTERVAL '1' HOUR), 'HH') AS `hour`,
    COUNT(*) requests
FROM browsers
GROUP BY 
    browser,
    status_code,
    TUMBLE(log_time, INTERVAL '1' HOUR);
SHOW CREATE VIEW cb_26;
DESCRIBE cb_26;

-- left out: END
-- foundations/09_convert_timezones/09_convert_timezones.md
CREATE DATABASE r_09_convert_timezones;
USE r_09_convert_timezones;
CREATE TABLE iot_status ( 
    device_ip       STRING,
    device_timezone STRING,
    iot_timestamp   TIMESTAMP(3),
    status_code     STRING
) WITH ('connector' = 'datagen');

CREATE VIEW cb_27 AS
SELECT 
  device_ip, 
  device_timezone,
  iot_timestamp,
  convert_tz(cast(iot_timestamp as string), device_timezone, 'UTC') iot_timestamp_utc,
  status_code
FROM iot_status;
SHOW CREATE VIEW cb_27;
DESCRIBE cb_27;

-- joins/01_regular_joins/01_regular_joins.md
CREATE DATABASE r_01_regular_joins;
USE r_01_regular_joins;
CREATE TABLE NOC (
  agent_id STRING,
  codename STRING
) WITH ('connector' = 'datagen');

CREATE TABLE RealNames (
  agent_id STRING,
  name     STRING
) WITH ('connector' = 'datagen');

CREATE VIEW cb_28 AS
SELECT
    name,
    codename
FROM NOC
INNER JOIN RealNames ON NOC.agent_id = RealNames.agent_id;
SHOW CREATE VIEW cb_28;
DESCRIBE cb_28;

-- joins/02_interval_joins/02_interval_joins.md
CREATE DATABASE r_02_interval_joins;
USE r_02_interval_joins;
CREATE TABLE orders (
  id INT,
  order_time AS TIMESTAMPADD(DAY, CAST(FLOOR(RAND()*(1-5+1)+5)*(-1) AS INT), CURRENT_TIMESTAMP)
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  id INT,
  order_id INT,
  shipment_time AS TIMESTAMPADD(DAY, CAST(FLOOR(RAND()*(1-5+1)) AS INT), CURRENT_TIMESTAMP)
) WITH ('connector' = 'datagen');

CREATE VIEW cb_29 AS
SELECT
  o.id AS order_id,
  o.order_time,
  s.shipment_time,
  TIMESTAMPDIFF(DAY,o.order_time,s.shipment_time) AS day_diff
FROM orders o
JOIN shipments s ON o.id = s.order_id
WHERE 
    o.order_time BETWEEN s.shipment_time - INTERVAL '3' DAY AND s.shipment_time;
SHOW CREATE VIEW cb_29;
DESCRIBE cb_29;

-- joins/03_kafka_join/03_kafka_join.md
CREATE DATABASE r_03_kafka_join;
USE r_03_kafka_join;
CREATE TEMPORARY TABLE currency_rates (
  `currency_code` STRING,
  `eur_rate` DECIMAL(6,4),
  `rate_time` TIMESTAMP(3),
  WATERMARK FOR `rate_time` AS rate_time - INTERVAL '15' SECOND,
  PRIMARY KEY (currency_code) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE transactions (
  `id` STRING,
  `currency_code` STRING,
  `total` DECIMAL(10,2),
  `transaction_time` TIMESTAMP(3),
  WATERMARK FOR `transaction_time` AS transaction_time - INTERVAL '30' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW cb_30 AS
SELECT 
  t.id,
  t.total * c.eur_rate AS total_eur,
  t.total, 
  c.currency_code,
  t.transaction_time
FROM transactions t
JOIN currency_rates FOR SYSTEM_TIME AS OF t.transaction_time AS c
ON t.currency_code = c.currency_code;
SHOW CREATE VIEW cb_30;
DESCRIBE cb_30;

CREATE TEMPORARY TABLE currency_rates_faker
WITH (
  'connector' = 'faker',
  'fields.currency_code.expression' = '#{Currency.code}',
  'fields.eur_rate.expression' = '#{Number.randomDouble ''4'',''0'',''10''}',
  'fields.rate_time.expression' = '#{date.past ''15'',''SECONDS''}', 
  'rows-per-second' = '100'
) LIKE currency_rates (EXCLUDING OPTIONS);

CREATE VIEW cb_31 AS
SELECT * FROM currency_rates_faker;
SHOW CREATE VIEW cb_31;
DESCRIBE cb_31;

CREATE TEMPORARY TABLE transactions_faker
WITH (
  'connector' = 'faker',
  'fields.id.expression' = '#{Internet.UUID}',
  'fields.currency_code.expression' = '#{Currency.code}',
  'fields.total.expression' = '#{Number.randomDouble ''2'',''10'',''1000''}',
  'fields.transaction_time.expression' = '#{date.past ''30'',''SECONDS''}',
  'rows-per-second' = '100'
) LIKE transactions (EXCLUDING OPTIONS);

CREATE VIEW cb_32 AS
SELECT * FROM transactions_faker;
SHOW CREATE VIEW cb_32;
DESCRIBE cb_32;

-- joins/04_lookup_joins/04_lookup_joins.md
CREATE DATABASE r_04_lookup_joins;
USE r_04_lookup_joins;
CREATE TABLE subscriptions ( 
    id STRING,
    user_id INT,
    type STRING,
    start_date TIMESTAMP(3),
    end_date TIMESTAMP(3),
    payment_expiration TIMESTAMP(3),
    proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE users (
 user_id INT PRIMARY KEY,
 user_name VARCHAR(255) NOT NULL, 
 age INT NOT NULL
) WITH ('connector' = 'datagen');

CREATE VIEW cb_33 AS
SELECT 
  id AS subscription_id,
  type AS subscription_type,
  age AS user_age,
  CASE 
    WHEN age < 18 THEN 1
    ELSE 0
  END AS is_minor
FROM subscriptions usub
JOIN users FOR SYSTEM_TIME AS OF usub.proc_time AS u
  ON usub.user_id = u.user_id;
SHOW CREATE VIEW cb_33;
DESCRIBE cb_33;

-- joins/05_star_schema/05_star_schema.md
CREATE DATABASE r_05_star_schema;
USE r_05_star_schema;
CREATE TEMPORARY TABLE passengers (
  passenger_key STRING, 
  first_name STRING, 
  last_name STRING,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '10' SECONDS,
  PRIMARY KEY (passenger_key) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE stations (
  station_key STRING, 
  update_time TIMESTAMP(3),
  city STRING,
  WATERMARK FOR update_time AS update_time - INTERVAL '10' SECONDS,
  PRIMARY KEY (station_key) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE booking_channels (
  booking_channel_key STRING, 
  update_time TIMESTAMP(3),
  channel STRING,
  WATERMARK FOR update_time AS update_time - INTERVAL '10' SECONDS,
  PRIMARY KEY (booking_channel_key) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE train_activities (
  scheduled_departure_time TIMESTAMP(3),
  actual_departure_date TIMESTAMP(3),
  passenger_key STRING, 
  origin_station_key STRING, 
  destination_station_key STRING,
  booking_channel_key STRING,
  WATERMARK FOR actual_departure_date AS actual_departure_date - INTERVAL '10' SECONDS
) WITH ('connector' = 'datagen');

CREATE VIEW cb_34 AS
SELECT 
  t.actual_departure_date, 
  p.first_name,
  p.last_name,
  b.channel, 
  os.city AS origin_station,
  ds.city AS destination_station
FROM train_activities t
LEFT JOIN booking_channels FOR SYSTEM_TIME AS OF t.actual_departure_date AS b 
ON t.booking_channel_key = b.booking_channel_key;
SHOW CREATE VIEW cb_34;
DESCRIBE cb_34;

-- left out: LEFT JOIN passengers FOR SYSTEM_TIME AS OF t.actual_departure_date AS p
CREATE TEMPORARY TABLE train_activities_faker
WITH (
  'connector' = 'faker', 
  'fields.scheduled_departure_time.expression' = '#{date.past ''10'',''0'',''SECONDS''}',
  'fields.actual_departure_date.expression' = '#{date.past ''10'',''5'',''SECONDS''}',
  'fields.passenger_key.expression' = '#{number.numberBetween ''0'',''10000000''}',
  'fields.origin_station_key.expression' = '#{number.numberBetween ''0'',''1000''}',
  'fields.destination_station_key.expression' = '#{number.numberBetween ''0'',''1000''}',
  'fields.booking_channel_key.expression' = '#{number.numberBetween ''0'',''7''}',
  'rows-per-second' = '1000'
) LIKE train_activities (EXCLUDING OPTIONS);

CREATE VIEW cb_35 AS
SELECT * FROM train_activities_faker;
SHOW CREATE VIEW cb_35;
DESCRIBE cb_35;

CREATE TEMPORARY TABLE passengers_faker
WITH (
  'connector' = 'faker',
  'fields.passenger_key.expression' = '#{number.numberBetween ''0'',''10000000''}',
  'fields.update_time.expression' = '#{date.past ''10'',''5'',''SECONDS''}',
  'fields.first_name.expression' = '#{Name.firstName}',
  'fields.last_name.expression' = '#{Name.lastName}',
  'rows-per-second' = '1000'
) LIKE passengers (EXCLUDING OPTIONS);

CREATE VIEW cb_36 AS
SELECT * FROM passengers_faker;
SHOW CREATE VIEW cb_36;
DESCRIBE cb_36;

CREATE TEMPORARY TABLE stations_faker
WITH (
  'connector' = 'faker',
  'fields.station_key.expression' = '#{number.numberBetween ''0'',''1000''}',
  'fields.city.expression' = '#{Address.city}',
  'fields.update_time.expression' = '#{date.past ''10'',''5'',''SECONDS''}',
  'rows-per-second' = '100'
) LIKE stations (EXCLUDING OPTIONS);

CREATE VIEW cb_37 AS
SELECT * FROM stations_faker;
SHOW CREATE VIEW cb_37;
DESCRIBE cb_37;

CREATE TEMPORARY TABLE booking_channels_faker
WITH (
  'connector' = 'faker',
  'fields.booking_channel_key.expression' = '#{number.numberBetween ''0'',''7''}',
  'fields.channel.expression' = '#{regexify ''(bahn\.de|station|retailer|app|lidl|hotline|joyn){1}''}',
  'fields.update_time.expression' = '#{date.past ''10'',''5'',''SECONDS''}',
  'rows-per-second' = '100'
) LIKE booking_channels (EXCLUDING OPTIONS);

CREATE VIEW cb_38 AS
SELECT * FROM booking_channels_faker;
SHOW CREATE VIEW cb_38;
DESCRIBE cb_38;

-- joins/06_lateral_join/06_lateral_join.md
CREATE DATABASE r_06_lateral_join;
USE r_06_lateral_join;
CREATE TABLE People (
    id           INT,
    city         STRING,
    state        STRING,
    arrival_time TIMESTAMP(3),
    WATERMARK FOR arrival_time AS arrival_time - INTERVAL '1' MINUTE 
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW CurrentPopulation AS
SELECT 
    city,
    state,
    COUNT(*) as population
FROM (
    SELECT
        city,
        state,
        ROW_NUMBER() OVER (PARTITION BY id ORDER BY arrival_time DESC) AS rownum
    FROM People
)
WHERE rownum = 1
GROUP BY city, state;
SHOW CREATE VIEW CurrentPopulation;
DESCRIBE CurrentPopulation;

CREATE VIEW cb_39 AS
SELECT
    state,
    city,
    population
FROM 
    (SELECT DISTINCT state FROM CurrentPopulation) States,
    LATERAL (
        SELECT city, population
        FROM CurrentPopulation
        WHERE state = States.state
        ORDER BY population DESC
        LIMIT 2
);
SHOW CREATE VIEW cb_39;
DESCRIBE cb_39;

-- other-builtin-functions/01_date_time/01_date_time.md
CREATE DATABASE r_01_date_time;
USE r_01_date_time;
CREATE TABLE subscriptions ( 
    id STRING,
    start_date INT,
    end_date INT,
    payment_expiration TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE VIEW cb_40 AS
SELECT 
  id,
  TO_TIMESTAMP(FROM_UNIXTIME(start_date)) AS start_date,
  TO_TIMESTAMP(FROM_UNIXTIME(end_date)) AS end_date,
  DATE_FORMAT(payment_expiration,'YYYYww') AS exp_yweek,
  EXTRACT(DAY FROM payment_expiration) AS exp_day,     --same as DAYOFMONTH(ts)
  EXTRACT(MONTH FROM payment_expiration) AS exp_month, --same as MONTH(ts)
  EXTRACT(YEAR FROM payment_expiration) AS exp_year    --same as YEAR(ts)
FROM subscriptions
WHERE 
  TIMESTAMPDIFF(DAY,CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)),payment_expiration) < 30;
SHOW CREATE VIEW cb_40;
DESCRIBE cb_40;

-- other-builtin-functions/02_union-all/02_union-all.md
CREATE DATABASE r_02_union_all;
USE r_02_union_all;
CREATE TEMPORARY TABLE rickandmorty_visits ( 
    visitor STRING,
    location STRING, 
    visit_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE spaceagency_visits ( 
    spacecraft STRING,
    location STRING, 
    visit_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TEMPORARY TABLE hitchhiker_visits ( 
    visitor STRING,
    starship STRING,
    location STRING, 
    visit_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE VIEW cb_41 AS
SELECT visitor, '' AS spacecraft, location, visit_time FROM rickandmorty_visits
UNION ALL
SELECT '' AS visitor, spacecraft, location, visit_time FROM spaceagency_visits
UNION ALL
SELECT visitor, starship AS spacecraft, location, visit_time FROM hitchhiker_visits;
SHOW CREATE VIEW cb_41;
DESCRIBE cb_41;

-- other-builtin-functions/03_current_watermark/03_current_watermark.md
CREATE DATABASE r_03_current_watermark;
USE r_03_current_watermark;
CREATE TABLE `mobile_usage` ( 
    `activity` STRING, 
    `client_ip` STRING,
    `ingest_time` AS PROCTIME(),
    `log_time` TIMESTAMP_LTZ(3), 
    WATERMARK FOR log_time AS log_time - INTERVAL '15' SECONDS
) WITH ('connector' = 'datagen');

CREATE TABLE `unique_users_per_window` ( 
    `window_start` TIMESTAMP(3), 
    `window_end` TIMESTAMP(3),
    `ip_addresses` BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE `late_usage_events` ( 
    `activity` STRING, 
    `client_ip` STRING,
    `ingest_time` TIMESTAMP_LTZ(3),
    `log_time` TIMESTAMP_LTZ(3), 
    `current_watermark` TIMESTAMP_LTZ(3)    
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW `mobile_data` AS
    SELECT * FROM mobile_usage
    WHERE CURRENT_WATERMARK(log_time) IS NULL
          OR log_time > CURRENT_WATERMARK(log_time);
SHOW CREATE VIEW `mobile_data`;
DESCRIBE `mobile_data`;

CREATE TEMPORARY VIEW `late_mobile_data` AS 
    SELECT * FROM mobile_usage
        WHERE CURRENT_WATERMARK(log_time) IS NOT NULL
              AND log_time <= CURRENT_WATERMARK(log_time);
SHOW CREATE VIEW `late_mobile_data`;
DESCRIBE `late_mobile_data`;

-- left out: BEGIN STATEMENT SET
CREATE VIEW cb_42 AS
SELECT `window_start`, `window_end`, COUNT(DISTINCT client_ip) AS `ip_addresses`
      FROM TABLE(
        TUMBLE(TABLE mobile_data, DESCRIPTOR(log_time), INTERVAL '1' MINUTE))
      GROUP BY window_start, window_end;
SHOW CREATE VIEW cb_42;
DESCRIBE cb_42;

CREATE VIEW cb_43 AS
SELECT *, CURRENT_WATERMARK(log_time) as `current_watermark` from `late_mobile_data`;
SHOW CREATE VIEW cb_43;
DESCRIBE cb_43;

-- left out: END
-- other-builtin-functions/04_override_table_options/04_override_table_options.md
CREATE DATABASE r_04_override_table_options;
USE r_04_override_table_options;
CREATE TABLE `airports` (
  `IATA_CODE` CHAR(3),
  `AIRPORT` STRING,
  `CITY` STRING,
  `STATE` CHAR(2),
  `COUNTRY` CHAR(3),
  `LATITUDE` DOUBLE NULL,
  `LONGITUDE` DOUBLE NULL,
  PRIMARY KEY (`IATA_CODE`) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE VIEW cb_44 AS
SELECT * FROM `airports`;
SHOW CREATE VIEW cb_44;
DESCRIBE cb_44;

CREATE VIEW cb_45 AS
SELECT * FROM `airports` /*+ OPTIONS('csv.ignore-parse-errors'='true') */;
SHOW CREATE VIEW cb_45;
DESCRIBE cb_45;

CREATE VIEW cb_46 AS
SELECT * FROM `airports` /*+ OPTIONS('csv.ignore-parse-errors'='true') */ WHERE `LATITUDE` IS NULL;
SHOW CREATE VIEW cb_46;
DESCRIBE cb_46;

CREATE VIEW cb_47 AS
SELECT * FROM `your_kafka_topic` /*+ OPTIONS('scan.startup.mode'='group-offsets') */;
SHOW CREATE VIEW cb_47;
DESCRIBE cb_47;

-- other-builtin-functions/05_expanding_arrays/05_expanding_arrays.md
CREATE DATABASE r_05_expanding_arrays;
USE r_05_expanding_arrays;
CREATE TABLE `HarryPotter` (
  `character` STRING,
  `spells` ARRAY<STRING>
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW `SpellsPerCharacter` AS
  SELECT `HarryPotter`.`character`, `SpellsTable`.`spell`
  FROM HarryPotter 
  CROSS JOIN UNNEST(HarryPotter.spells) AS SpellsTable (spell);
SHOW CREATE VIEW `SpellsPerCharacter`;
DESCRIBE `SpellsPerCharacter`;

CREATE TABLE `Spells_Language` (
  `spells` STRING,
  `spoken_language` STRING, 
  `proctime` AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE VIEW cb_48 AS
SELECT 
  `SpellsPerCharacter`.`character`, 
  `SpellsPerCharacter`.`spell`, 
  `Spells_Language`.`spoken_language`
FROM SpellsPerCharacter
JOIN Spells_Language FOR SYSTEM_TIME AS OF proctime AS Spells_Language
ON SpellsPerCharacter.spell = Spells_Language.spells;
SHOW CREATE VIEW cb_48;
DESCRIBE cb_48;

-- other-builtin-functions/06_split_strings_into_maps/06_split_strings_into_maps.md
CREATE DATABASE r_06_split_strings_into_maps;
USE r_06_split_strings_into_maps;
CREATE TABLE `customers` (
  `identifier` STRING,
  `fullname` STRING,
  `postal_address` STRING,
  `residential_address` STRING
) WITH ('connector' = 'datagen');

CREATE VIEW cb_49 AS
SELECT 
  `identifier`,
  `fullname`,
  STR_TO_MAP('postal_address:' || postal_address || ';residential_address:' || residential_address,';',':') AS `addresses`
FROM `customers`;
SHOW CREATE VIEW cb_49;
DESCRIBE cb_49;

