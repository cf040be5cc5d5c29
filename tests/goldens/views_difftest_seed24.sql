-- Classes found by the differential run of seed 24 (3,000 views, tests/README.md), each
-- around its reduced statement, as Flink takes or refuses them (#14).
CREATE CATALOG g_vseed24 WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vseed24;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  cust INT,
  product STRING,
  qty INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');
CREATE TABLE payments (pay_id BIGINT NOT NULL, order_id BIGINT, pmethod STRING, paid DECIMAL(12, 4)) WITH ('connector' = 'datagen');

-- a set operation with ORDER BY, OFFSET or FETCH is read as SELECT * FROM (it): that FROM
-- item is numbered before the unnamed items inside it
CREATE VIEW w_union_fetch AS SELECT (SELECT MAX(pmethod) FROM payments) AS c5 FROM (SELECT qty, product FROM orders) UNION SELECT p6.pmethod FROM payments p6 FETCH NEXT 4 ROW ONLY;
SHOW CREATE VIEW w_union_fetch;
CREATE VIEW w_union_all_order AS SELECT paid FROM (SELECT paid FROM payments) AS sq2 UNION ALL SELECT 1 AS c8 FROM (SELECT 0 IN (7) AS c7 FROM orders) ORDER BY paid NULLS FIRST;
SHOW CREATE VIEW w_union_all_order;
CREATE VIEW w_parenthesized AS (SELECT qty FROM (SELECT qty FROM orders) UNION SELECT cust FROM (SELECT cust FROM orders)) ORDER BY 1;
SHOW CREATE VIEW w_parenthesized;
CREATE VIEW w_with AS WITH c AS (SELECT qty FROM (SELECT qty FROM orders)) SELECT qty FROM c UNION SELECT cust FROM (SELECT cust FROM orders) ORDER BY 1;
SHOW CREATE VIEW w_with;
CREATE VIEW w_in_from AS SELECT * FROM (SELECT qty FROM (SELECT qty FROM orders) UNION SELECT cust FROM (SELECT cust FROM orders) ORDER BY 1 LIMIT 3);
SHOW CREATE VIEW w_in_from;
CREATE VIEW w_scalar AS SELECT (SELECT qty FROM (SELECT qty FROM orders) UNION SELECT cust FROM orders LIMIT 1) AS s FROM (SELECT 1 AS one);
SHOW CREATE VIEW w_scalar;
CREATE VIEW w_in_where AS SELECT * FROM (SELECT qty FROM orders) WHERE qty IN (SELECT cust FROM (SELECT cust FROM orders) UNION SELECT 1 LIMIT 2);
SHOW CREATE VIEW w_in_where;

-- an ORDER BY ordinal is a numeric literal whose int value is not negative
CREATE VIEW o_negative_zero AS SELECT qty FROM orders ORDER BY -0;
CREATE VIEW o_half AS SELECT qty FROM orders ORDER BY 0.5;
CREATE VIEW o_negative_half AS SELECT qty FROM orders ORDER BY -0.5;
CREATE VIEW o_negative_one AS SELECT qty FROM orders ORDER BY -1;
SHOW CREATE VIEW o_negative_one;
CREATE VIEW o_one_and_a_half AS SELECT qty, cust FROM orders ORDER BY 1.5;
SHOW CREATE VIEW o_one_and_a_half;
CREATE VIEW o_two_point_nine AS SELECT qty, cust FROM orders ORDER BY 2.9;
SHOW CREATE VIEW o_two_point_nine;
CREATE VIEW o_three_point_one AS SELECT qty, cust FROM orders ORDER BY 3.1;
CREATE VIEW o_approximate AS SELECT qty FROM orders ORDER BY 1e0;
SHOW CREATE VIEW o_approximate;
CREATE VIEW o_plus AS SELECT qty, cust FROM orders ORDER BY +2;
SHOW CREATE VIEW o_plus;

-- a window function without OVER as an ORDER BY item (DESC stripped; NULLS FIRST/LAST make
-- it another call, which Calcite does not check)
CREATE VIEW r_rank AS SELECT qty FROM orders ORDER BY RANK();
CREATE VIEW r_rank_desc AS SELECT qty FROM orders ORDER BY qty DESC, RANK() DESC;
CREATE VIEW r_rank_parenthesized AS SELECT qty FROM orders ORDER BY (RANK());
CREATE VIEW r_lag AS SELECT qty FROM orders ORDER BY LAG(qty);
CREATE VIEW r_ntile AS SELECT qty FROM orders ORDER BY NTILE(2);
CREATE VIEW r_cume_dist AS SELECT qty FROM orders ORDER BY CUME_DIST() DESC;
CREATE VIEW r_in_subquery AS SELECT * FROM (SELECT qty FROM orders ORDER BY RANK() LIMIT 3);
CREATE VIEW r_union AS SELECT qty FROM orders UNION SELECT cust FROM orders ORDER BY RANK();
CREATE VIEW r_rank_plus AS SELECT qty FROM orders ORDER BY RANK() + 1;
SHOW CREATE VIEW r_rank_plus;
CREATE VIEW r_nulls_first AS SELECT qty FROM orders ORDER BY ROW_NUMBER() NULLS FIRST;
SHOW CREATE VIEW r_nulls_first;
CREATE VIEW r_where AS SELECT qty FROM orders WHERE ROW_NUMBER() > 1;
SHOW CREATE VIEW r_where;

-- a query as an argument of the SQL/JSON functions: Calcite's grammar takes none there
CREATE VIEW j_exists_path AS SELECT JSON_EXISTS('{}', (SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_exists_first AS SELECT JSON_EXISTS((SELECT MAX(product) FROM orders), '$.a') AS j FROM orders;
CREATE VIEW j_value AS SELECT JSON_VALUE((SELECT MAX(product) FROM orders), '$.a') AS j FROM orders;
CREATE VIEW j_query_path AS SELECT JSON_QUERY('{}', (SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_value_default AS SELECT JSON_VALUE('{}', '$.a' DEFAULT (SELECT MAX(product) FROM orders) ON EMPTY) AS j FROM orders;
CREATE VIEW j_object AS SELECT JSON_OBJECT('a' VALUE (SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_array AS SELECT JSON_ARRAY((SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_arrayagg AS SELECT JSON_ARRAYAGG((SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_objectagg AS SELECT JSON_OBJECTAGG(KEY 'k' VALUE (SELECT MAX(product) FROM orders)) AS j FROM orders;
CREATE VIEW j_string AS SELECT JSON_STRING((SELECT MAX(product) FROM orders)) AS j FROM orders;
DESCRIBE j_string;
CREATE VIEW j_is_json AS SELECT (SELECT MAX(product) FROM orders) IS JSON AS j FROM orders;
DESCRIBE j_is_json;

-- OVERLAY writes its operands with its call's precedence: a scalar subquery among them gets
-- the third pair of parentheses (seen while probing)
CREATE VIEW v_overlay_first AS SELECT OVERLAY((SELECT MAX(product) FROM orders) PLACING 'x' FROM 1) AS j FROM orders;
SHOW CREATE VIEW v_overlay_first;
CREATE VIEW v_overlay_placing AS SELECT OVERLAY(product PLACING (SELECT MAX(product) FROM orders) FROM 1) AS j FROM orders;
SHOW CREATE VIEW v_overlay_placing;
CREATE VIEW v_overlay_from AS SELECT OVERLAY(product PLACING 'x' FROM (SELECT MAX(qty) FROM orders)) AS j FROM orders;
SHOW CREATE VIEW v_overlay_from;
CREATE VIEW v_overlay_for AS SELECT OVERLAY(product PLACING 'x' FROM 1 FOR (SELECT MAX(qty) FROM orders)) AS j FROM orders;
SHOW CREATE VIEW v_overlay_for;
