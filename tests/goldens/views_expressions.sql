-- Views over projections and expressions: how Flink writes each expression back (SHOW CREATE VIEW)
-- and which type it derives (DESCRIBE).
CREATE CATALOG g_vexpr WITH ('type' = 'generic_in_memory');
USE CATALOG g_vexpr;

CREATE TABLE orders (
  id BIGINT NOT NULL,
  customer STRING,
  code CHAR(3),
  qty INT,
  small_qty SMALLINT,
  big BIGINT,
  price DECIMAL(10, 2),
  rate DECIMAL(5, 3),
  ratio DOUBLE,
  score FLOAT,
  payload STRING,
  flag BOOLEAN,
  ts TIMESTAMP(3),
  lts TIMESTAMP_LTZ(3),
  ms BIGINT,
  day_str STRING,
  tags ARRAY<STRING>,
  attrs MAP<STRING, INT>,
  addr ROW<city STRING, zip INT>,
  pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'datagen');

-- stars, aliases, missing aliases
CREATE VIEW v_star AS SELECT * FROM orders;
SHOW CREATE VIEW v_star;
DESCRIBE v_star;
CREATE VIEW v_tstar AS SELECT o.* FROM orders o;
SHOW CREATE VIEW v_tstar;
DESCRIBE v_tstar;
CREATE VIEW v_star_plus AS SELECT *, qty + 1 FROM orders;
SHOW CREATE VIEW v_star_plus;
DESCRIBE v_star_plus;
CREATE VIEW v_alias AS SELECT id AS order_id, customer who, qty FROM orders;
SHOW CREATE VIEW v_alias;
DESCRIBE v_alias;
CREATE VIEW v_noalias AS SELECT id, qty + 1, UPPER(customer), price FROM orders;
SHOW CREATE VIEW v_noalias;
DESCRIBE v_noalias;
CREATE VIEW v_table_alias AS SELECT o.id, o.qty FROM orders AS o;
SHOW CREATE VIEW v_table_alias;
DESCRIBE v_table_alias;
CREATE VIEW v_qualified AS SELECT orders.id FROM g_vexpr.`default`.orders;
SHOW CREATE VIEW v_qualified;
DESCRIBE v_qualified;
CREATE VIEW v_where AS SELECT id, price FROM orders WHERE qty > 10 AND customer <> 'bob' OR NOT flag;
SHOW CREATE VIEW v_where;
DESCRIBE v_where;
CREATE VIEW v_distinct AS SELECT DISTINCT customer FROM orders;
SHOW CREATE VIEW v_distinct;
DESCRIBE v_distinct;

-- arithmetic and numeric type mixes
CREATE VIEW v_arith_int AS SELECT qty + qty AS a, qty - big AS b, qty * small_qty AS c, qty / 2 AS d, qty % 3 AS e, -qty AS f FROM orders;
SHOW CREATE VIEW v_arith_int;
DESCRIBE v_arith_int;
CREATE VIEW v_arith_dec AS SELECT price + price AS add_dd, price - rate AS sub_dd, price * rate AS mul_dd, price / rate AS div_dd, MOD(price, rate) AS mod_dd, price * qty AS mul_di, price + big AS add_dl, price / qty AS div_di FROM orders;
SHOW CREATE VIEW v_arith_dec;
DESCRIBE v_arith_dec;
CREATE VIEW v_arith_double AS SELECT price + ratio AS dec_dbl, qty * ratio AS int_dbl, score + qty AS flt_int, score * ratio AS flt_dbl, price * 1.5 AS dec_lit, price * 1.5E0 AS dec_dbl_lit, qty / 2.0 AS int_dec_lit FROM orders;
SHOW CREATE VIEW v_arith_double;
DESCRIBE v_arith_double;
CREATE VIEW v_arith_lit AS SELECT 1 + 1 AS two, 10000000000 * 2 AS huge, 7 / 2 AS int_div, 7.0 / 2 AS dec_div, 1.25 + 0.5 AS dec_add FROM orders;
SHOW CREATE VIEW v_arith_lit;
DESCRIBE v_arith_lit;

-- CASE, CAST and null handling
CREATE VIEW v_case_searched AS SELECT id, CASE WHEN qty > 10 THEN 'big' WHEN qty > 5 THEN 'medium' ELSE 'small' END AS size_class FROM orders;
SHOW CREATE VIEW v_case_searched;
DESCRIBE v_case_searched;
CREATE VIEW v_case_simple AS SELECT id, CASE qty WHEN 1 THEN 'one' WHEN 2 THEN 'two' END AS word FROM orders;
SHOW CREATE VIEW v_case_simple;
DESCRIBE v_case_simple;
CREATE VIEW v_case_mixed AS SELECT CASE WHEN flag THEN qty ELSE price END AS n, CASE WHEN flag THEN customer ELSE 'none' END AS s, CASE WHEN flag THEN 1 END AS maybe FROM orders;
SHOW CREATE VIEW v_case_mixed;
DESCRIBE v_case_mixed;
CREATE VIEW v_cast AS SELECT CAST(qty AS BIGINT) AS q, CAST(price AS DOUBLE) AS p, CAST(id AS STRING) AS s, CAST(ms AS TIMESTAMP(3)) AS t, CAST(day_str AS DATE) AS d, CAST(customer AS VARCHAR(10)) AS c10, CAST(price AS DECIMAL(5, 1)) AS p51 FROM orders;
SHOW CREATE VIEW v_cast;
DESCRIBE v_cast;
CREATE VIEW v_try_cast AS SELECT TRY_CAST(customer AS INT) AS n, TRY_CAST(day_str AS DATE) AS d FROM orders;
SHOW CREATE VIEW v_try_cast;
DESCRIBE v_try_cast;
CREATE VIEW v_null_funcs AS SELECT COALESCE(customer, 'nobody') AS c1, COALESCE(qty, big) AS c2, COALESCE(qty, 0) AS c3, IF(flag, 'yes', 'no') AS i1, IF(qty > 1, qty, CAST(NULL AS INT)) AS i2, NULLIF(qty, 0) AS n1, IFNULL(customer, '?') AS n2 FROM orders;
SHOW CREATE VIEW v_null_funcs;
DESCRIBE v_null_funcs;
CREATE VIEW v_predicates AS SELECT customer IS NULL AS a, customer IS NOT NULL AS b, qty IS DISTINCT FROM big AS c, qty IS NOT DISTINCT FROM big AS d, flag IS TRUE AS e, flag IS NOT FALSE AS f FROM orders;
SHOW CREATE VIEW v_predicates;
DESCRIBE v_predicates;
CREATE VIEW v_like AS SELECT id FROM orders WHERE customer LIKE 'a%' AND customer NOT LIKE '%z' AND customer LIKE 'x!_%' ESCAPE '!';
SHOW CREATE VIEW v_like;
DESCRIBE v_like;
CREATE VIEW v_similar AS SELECT id FROM orders WHERE customer SIMILAR TO '(a|b)%';
SHOW CREATE VIEW v_similar;
DESCRIBE v_similar;
CREATE VIEW v_between AS SELECT id FROM orders WHERE qty BETWEEN 1 AND 10 AND price NOT BETWEEN 5 AND 6 AND big BETWEEN SYMMETRIC 9 AND 1;
SHOW CREATE VIEW v_between;
DESCRIBE v_between;
CREATE VIEW v_in_list AS SELECT id, customer IN ('a', 'b') AS ab FROM orders WHERE qty IN (1, 2, 3) AND customer NOT IN ('x', 'y');
SHOW CREATE VIEW v_in_list;
DESCRIBE v_in_list;

-- string functions
CREATE VIEW v_strings1 AS SELECT UPPER(customer) AS u, LOWER(customer) AS l, TRIM(customer) AS t, LTRIM(customer) AS lt, RTRIM(customer) AS rt, TRIM(LEADING 'x' FROM customer) AS tl, CHAR_LENGTH(customer) AS n FROM orders;
SHOW CREATE VIEW v_strings1;
DESCRIBE v_strings1;
CREATE VIEW v_strings2 AS SELECT SUBSTRING(customer FROM 2 FOR 3) AS s1, SUBSTRING(customer, 2, 3) AS s2, SUBSTRING(customer FROM 2) AS s3, SUBSTR(customer, 2) AS s4 FROM orders;
SHOW CREATE VIEW v_strings2;
DESCRIBE v_strings2;
CREATE VIEW v_strings3 AS SELECT CONCAT(customer, '-', code) AS c1, CONCAT_WS(',', customer, code) AS c2, customer || '!' AS c3, code || code AS c4 FROM orders;
SHOW CREATE VIEW v_strings3;
DESCRIBE v_strings3;
CREATE VIEW v_strings4 AS SELECT REPLACE(customer, 'a', 'b') AS r, REGEXP_REPLACE(customer, '[0-9]+', '#') AS rr, REGEXP_EXTRACT(customer, '([a-z]+)', 1) AS re, SPLIT_INDEX(customer, ',', 0) AS si, LPAD(customer, 5, '*') AS lp, RPAD(customer, 5, '*') AS rp, INITCAP(customer) AS ic, POSITION('a' IN customer) AS pos FROM orders;
SHOW CREATE VIEW v_strings4;
DESCRIBE v_strings4;
CREATE VIEW v_strings_char AS SELECT code, UPPER(code) AS u, CHAR_LENGTH(code) AS n, code = 'abc' AS eq FROM orders;
SHOW CREATE VIEW v_strings_char;
DESCRIBE v_strings_char;

-- numeric functions
CREATE VIEW v_numeric AS SELECT ABS(qty) AS a, ABS(price) AS ap, ROUND(price, 1) AS r1, ROUND(ratio) AS r0, FLOOR(price) AS f, CEIL(price) AS c, CEILING(ratio) AS c2, MOD(qty, 3) AS m, POWER(qty, 2) AS p, SQRT(ratio) AS sq, LN(ratio) AS l_n, LOG10(ratio) AS l10, TRUNCATE(price, 1) AS tr FROM orders;
SHOW CREATE VIEW v_numeric;
DESCRIBE v_numeric;

-- temporal functions
CREATE VIEW v_now AS SELECT CURRENT_TIMESTAMP AS a, CURRENT_DATE AS b, LOCALTIMESTAMP AS c, NOW() AS d, CURRENT_TIME AS e, LOCALTIME AS f FROM orders;
SHOW CREATE VIEW v_now;
DESCRIBE v_now;
CREATE VIEW v_temporal1 AS SELECT DATE_FORMAT(ts, 'yyyy-MM-dd') AS f1, TO_TIMESTAMP(day_str) AS t1, TO_TIMESTAMP(day_str, 'yyyy-MM-dd') AS t2, TO_TIMESTAMP_LTZ(ms, 3) AS t3, TO_DATE(day_str) AS d1, FROM_UNIXTIME(ms / 1000) AS u1, UNIX_TIMESTAMP() AS u2, UNIX_TIMESTAMP(day_str, 'yyyy-MM-dd') AS u3 FROM orders;
SHOW CREATE VIEW v_temporal1;
DESCRIBE v_temporal1;
CREATE VIEW v_temporal2 AS SELECT EXTRACT(YEAR FROM ts) AS y, EXTRACT(DOW FROM ts) AS dow, YEAR(ts) AS y2, MONTH(ts) AS mo, HOUR(ts) AS h, MINUTE(ts) AS mi, FLOOR(ts TO HOUR) AS fh, CEIL(ts TO DAY) AS cd FROM orders;
SHOW CREATE VIEW v_temporal2;
DESCRIBE v_temporal2;
CREATE VIEW v_temporal3 AS SELECT TIMESTAMPADD(HOUR, 2, ts) AS a, TIMESTAMPDIFF(DAY, ts, CURRENT_TIMESTAMP) AS b, ts + INTERVAL '1' DAY AS c, ts - INTERVAL '2:30' HOUR TO MINUTE AS d, CAST(ts AS DATE) + INTERVAL '1-2' YEAR TO MONTH AS e, lts + INTERVAL '10' SECOND AS f FROM orders;
SHOW CREATE VIEW v_temporal3;
DESCRIBE v_temporal3;
-- DATE_ADD does not exist in Flink
CREATE VIEW v_date_add AS SELECT DATE_ADD(ts, 1) AS d FROM orders;
CREATE VIEW v_time_attr AS SELECT id, ts, pt, lts FROM orders;
SHOW CREATE VIEW v_time_attr;
DESCRIBE v_time_attr;

-- JSON
CREATE VIEW v_json AS SELECT JSON_VALUE(payload, '$.city') AS city, JSON_VALUE(payload, '$.n' RETURNING INT) AS n, JSON_VALUE(payload, '$.n' RETURNING INT DEFAULT 0 ON EMPTY) AS n0, JSON_QUERY(payload, '$.items') AS items, JSON_EXISTS(payload, '$.a') AS has_a FROM orders;
SHOW CREATE VIEW v_json;
DESCRIBE v_json;
CREATE VIEW v_json_build AS SELECT JSON_OBJECT('id' VALUE id, 'who' VALUE customer) AS o, JSON_OBJECT('k' VALUE customer NULL ON NULL) AS o2, JSON_ARRAY(id, customer) AS a, JSON_STRING(qty) AS s, payload IS JSON AS j, payload IS JSON OBJECT AS jo FROM orders;
SHOW CREATE VIEW v_json_build;
DESCRIBE v_json_build;

-- literals of every type
CREATE VIEW v_literals1 AS SELECT TRUE AS b, FALSE AS b2, CAST(NULL AS STRING) AS n, 1 AS i, 10000000000 AS l, -5 AS neg, 1.5 AS d, 1.5E0 AS f, 'x' AS s, '' AS e0, 'it''s' AS q, X'0A' AS bin FROM orders;
SHOW CREATE VIEW v_literals1;
DESCRIBE v_literals1;
CREATE VIEW v_literals2 AS SELECT DATE '2024-01-31' AS d, TIME '12:34:56' AS t, TIMESTAMP '2024-01-31 12:34:56' AS ts, TIMESTAMP '2024-01-31 12:34:56.789' AS ts3, INTERVAL '1' DAY AS i1, INTERVAL '2:30' HOUR TO MINUTE AS i2, INTERVAL '1-2' YEAR TO MONTH AS i3, INTERVAL '10' MINUTES AS i4, INTERVAL '90' SECOND AS i5 FROM orders;
SHOW CREATE VIEW v_literals2;
DESCRIBE v_literals2;
CREATE VIEW v_literals3 AS SELECT ARRAY[1, 2, 3] AS a, ARRAY['a', 'bc'] AS a2, MAP['k', 1, 'l', 2] AS m, ROW(1, 'a') AS r, (1, 'b') AS r2, CAST(NULL AS INT) AS ni FROM orders;
SHOW CREATE VIEW v_literals3;
DESCRIBE v_literals3;
-- the stored text of a few views above, read back by a view over each
CREATE VIEW v_over_literals AS SELECT a2, m, r.EXPR$0 AS r0 FROM v_literals3;
SHOW CREATE VIEW v_over_literals;
DESCRIBE v_over_literals;
CREATE VIEW v_over_json AS SELECT o, a, j FROM v_json_build;
SHOW CREATE VIEW v_over_json;
DESCRIBE v_over_json;
CREATE VIEW v_over_strings AS SELECT s1, s3 FROM v_strings2;
SHOW CREATE VIEW v_over_strings;
DESCRIBE v_over_strings;
CREATE VIEW v_no_from AS SELECT 1 AS n1, 'a' AS letter;
SHOW CREATE VIEW v_no_from;
DESCRIBE v_no_from;
-- a bare NULL needs a type; reserved words need backticks as aliases
CREATE VIEW v_bare_null AS SELECT IF(qty > 1, qty, NULL) AS i FROM orders;
CREATE VIEW v_bare_null AS SELECT NULL AS n FROM orders;
CREATE VIEW v_reserved_alias AS SELECT 1 AS one FROM orders;
CREATE VIEW v_reserved_alias AS SELECT 1 AS `one`, 2 AS `select` FROM orders;
SHOW CREATE VIEW v_reserved_alias;
DESCRIBE v_reserved_alias;

-- field access
CREATE VIEW v_access AS SELECT addr.city AS city, o.addr.zip AS zip, tags[1] AS first_tag, attrs['k'] AS k, CARDINALITY(tags) AS n, ELEMENT(tags) AS e FROM orders o;
SHOW CREATE VIEW v_access;
DESCRIBE v_access;
CREATE VIEW v_access_star AS SELECT id, addr FROM orders;
SHOW CREATE VIEW v_access_star;
DESCRIBE v_access_star;

-- errors while creating a view
CREATE VIEW v_bad_col AS SELECT nope FROM orders;
CREATE VIEW v_bad_table AS SELECT * FROM nope;
CREATE VIEW v_bad_func AS SELECT no_such_fn(id) FROM orders;
CREATE VIEW v_bad_type AS SELECT qty + customer AS x FROM orders;
CREATE VIEW v_bad_syntax AS SELECT FROM orders;
SHOW VIEWS;
