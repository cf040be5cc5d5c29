-- Classes found by the differential run of seed 23 (3,000 views, tests/README.md), each
-- around its reduced statement, as Flink takes or refuses them (#14, #15).
CREATE CATALOG g_vseed23 WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_vseed23;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  cust INT,
  amount DECIMAL(10, 2),
  product STRING,
  qty INT,
  arr ARRAY<INT NOT NULL>,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');
CREATE TABLE customers (cust_id INT NOT NULL, name STRING) WITH ('connector' = 'datagen');

-- ELEMENT is its collection's element type as it is: NOT NULL elements of a nullable
-- collection give NOT NULL
CREATE VIEW e_nullif AS SELECT ELEMENT(NULLIF(ARRAY['a'], ARRAY['a'])) AS c FROM orders;
SHOW CREATE VIEW e_nullif;
DESCRIBE e_nullif;
CREATE VIEW e_nullif_mixed AS SELECT ELEMENT(NULLIF(ARRAY['a'], ARRAY[1, 2])) AS c FROM orders;
DESCRIBE e_nullif_mixed;
CREATE VIEW e_case AS SELECT ELEMENT(CASE WHEN qty > 1 THEN ARRAY[1] END) AS c FROM orders;
DESCRIBE e_case;
CREATE VIEW e_case_nullable AS SELECT ELEMENT(CASE WHEN qty > 1 THEN ARRAY[qty] END) AS c FROM orders;
DESCRIBE e_case_nullable;
CREATE VIEW e_cast_null AS SELECT ELEMENT(CAST(NULL AS ARRAY<INT NOT NULL>)) AS c FROM orders;
DESCRIBE e_cast_null;
CREATE VIEW e_multiset AS SELECT ELEMENT(CASE WHEN qty > 1 THEN MULTISET[1] END) AS c FROM orders;
DESCRIBE e_multiset;
CREATE VIEW e_column AS SELECT ELEMENT(arr) AS c FROM orders;
DESCRIBE e_column;

-- UNKNOWN as the JSON argument of JSON_EXISTS, JSON_VALUE and JSON_QUERY
CREATE VIEW j_exists AS SELECT JSON_EXISTS(UNKNOWN, 'x') AS c FROM orders;
SHOW CREATE VIEW j_exists;
DESCRIBE j_exists;
CREATE VIEW j_exists_on_error AS SELECT JSON_EXISTS(UNKNOWN, 'x' UNKNOWN ON ERROR) AS c FROM orders;
SHOW CREATE VIEW j_exists_on_error;
CREATE VIEW j_value AS SELECT JSON_VALUE(UNKNOWN, 'x') AS c FROM orders;
DESCRIBE j_value;
CREATE VIEW j_query AS SELECT JSON_QUERY(UNKNOWN, 'x') AS c FROM orders;
DESCRIBE j_query;
CREATE VIEW j_having AS SELECT 123.456 AS c FROM orders GROUP BY cust HAVING JSON_EXISTS(UNKNOWN, 'x');
SHOW CREATE VIEW j_having;

-- a qualifier that names a FROM item in another case: Calcite suggests the item
CREATE VIEW q_alias AS SELECT O.cust FROM orders o;
CREATE VIEW q_table AS SELECT ORDERS.cust FROM orders;
CREATE VIEW q_generated AS SELECT expr$0.x FROM (SELECT 1 AS x);
CREATE VIEW q_two AS SELECT A.cust FROM orders a, orders `A2`;
CREATE VIEW q_qualified AS SELECT main.ORDERS.cust FROM orders;
CREATE VIEW q_catalog AS SELECT g_vseed23.MAIN.orders.cust FROM orders;
CREATE VIEW q_column_too AS SELECT O.CUST FROM orders o;
CREATE VIEW q_where AS SELECT o.cust FROM orders o WHERE O.qty > 1;
CREATE VIEW q_outer AS SELECT o.cust FROM orders o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.cust_id = O.cust);
CREATE VIEW q_cte AS WITH c AS (SELECT 1 AS x) SELECT C.x FROM c;
CREATE VIEW q_none AS SELECT Z.cust FROM orders o;
CREATE VIEW q_star AS SELECT O.* FROM orders o;
CREATE VIEW q_unpivot AS SELECT expr$0.k FROM (SELECT order_id, qty, cust FROM orders) UNPIVOT (v FOR k IN (qty, cust));

-- a character literal as an alias: Calcite's conformance takes none ('Expecting alias, found
-- character literal' for a select item; a parse error for a FROM item); parse messages show a
-- token's quotes escaped, as JavaCC does
CREATE VIEW l_item AS SELECT qty 'x' FROM orders;
CREATE VIEW l_item_as AS SELECT qty AS 'x' FROM orders;
CREATE VIEW l_second_item AS SELECT qty, cust 'y' FROM orders;
CREATE VIEW l_nested_item AS SELECT * FROM (SELECT qty 'x' FROM orders);
CREATE VIEW l_national_item AS SELECT qty N'x' FROM orders;
CREATE VIEW l_binary_item AS SELECT qty X'0A' FROM orders;
CREATE VIEW l_continued AS SELECT 'a'
'b' AS c FROM orders;
DESCRIBE l_continued;
CREATE VIEW l_table AS SELECT qty FROM orders 'o';
CREATE VIEW l_table_as AS SELECT qty FROM orders AS 'o';
CREATE VIEW l_subquery AS SELECT * FROM (SELECT qty FROM orders) 'x';
CREATE VIEW l_national_table AS SELECT qty FROM orders N'o';
CREATE VIEW l_join AS SELECT * FROM orders JOIN customers 'c' ON TRUE;
CREATE VIEW l_two_strings AS SELECT 'unterminated AS bad, * FROM (SELECT 'it''s' FROM orders);
CREATE VIEW l_string_token AS SELECT 'unterminated c4, qty
FROM orders WHERE cust IN ('a0', 'b1');
