-- Views with subqueries, set operations, CTEs, ORDER BY / LIMIT / OFFSET / FETCH, VALUES.
CREATE CATALOG g_vsub WITH ('type' = 'generic_in_memory');
USE CATALOG g_vsub;

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  customer_id INT,
  amount DECIMAL(10, 2),
  status STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id INT NOT NULL,
  name STRING,
  vip BOOLEAN,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE archived (
  order_id BIGINT,
  customer_id INT NOT NULL,
  amount DECIMAL(12, 4),
  status VARCHAR(10),
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

-- subqueries in FROM
CREATE VIEW v_from_named AS SELECT t.order_id, t.total FROM (SELECT order_id, amount * 2 AS total FROM orders) AS t WHERE t.total > 10;
SHOW CREATE VIEW v_from_named;
DESCRIBE v_from_named;
CREATE VIEW v_from_unnamed AS SELECT order_id FROM (SELECT order_id FROM orders WHERE amount > 1);
SHOW CREATE VIEW v_from_unnamed;
DESCRIBE v_from_unnamed;
CREATE VIEW v_from_nested AS SELECT x.c FROM (SELECT y.customer_id AS c FROM (SELECT customer_id FROM orders) y) x;
SHOW CREATE VIEW v_from_nested;
DESCRIBE v_from_nested;
CREATE VIEW v_from_star AS SELECT * FROM (SELECT order_id, status FROM orders) s;
SHOW CREATE VIEW v_from_star;
DESCRIBE v_from_star;
CREATE VIEW v_from_agg AS SELECT s.customer_id, s.n FROM (SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id) s WHERE s.n > 2;
SHOW CREATE VIEW v_from_agg;
DESCRIBE v_from_agg;

-- subqueries in WHERE and SELECT
CREATE VIEW v_in_sub AS SELECT order_id FROM orders WHERE customer_id IN (SELECT customer_id FROM customers WHERE vip);
SHOW CREATE VIEW v_in_sub;
DESCRIBE v_in_sub;
CREATE VIEW v_not_in_sub AS SELECT order_id FROM orders WHERE customer_id NOT IN (SELECT customer_id FROM customers WHERE vip);
SHOW CREATE VIEW v_not_in_sub;
DESCRIBE v_not_in_sub;
CREATE VIEW v_exists AS SELECT o.order_id FROM orders o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.customer_id = o.customer_id);
SHOW CREATE VIEW v_exists;
DESCRIBE v_exists;
CREATE VIEW v_not_exists AS SELECT o.order_id FROM orders o WHERE NOT EXISTS (SELECT * FROM customers c WHERE c.customer_id = o.customer_id AND c.vip);
SHOW CREATE VIEW v_not_exists;
DESCRIBE v_not_exists;
CREATE VIEW v_scalar_select AS SELECT o.order_id, (SELECT c.name FROM customers c WHERE c.customer_id = o.customer_id) AS cname FROM orders o;
SHOW CREATE VIEW v_scalar_select;
DESCRIBE v_scalar_select;
CREATE VIEW v_scalar_where AS SELECT order_id FROM orders WHERE amount > (SELECT AVG(amount) FROM orders);
SHOW CREATE VIEW v_scalar_where;
DESCRIBE v_scalar_where;
CREATE VIEW v_scalar_noalias AS SELECT order_id, (SELECT COUNT(*) FROM customers) FROM orders;
SHOW CREATE VIEW v_scalar_noalias;
DESCRIBE v_scalar_noalias;

-- set operations
CREATE VIEW v_union AS SELECT order_id, amount FROM orders UNION SELECT order_id, amount FROM archived;
SHOW CREATE VIEW v_union;
DESCRIBE v_union;
CREATE VIEW v_union_all AS SELECT order_id, customer_id, status FROM orders UNION ALL SELECT order_id, customer_id, status FROM archived;
SHOW CREATE VIEW v_union_all;
DESCRIBE v_union_all;
CREATE VIEW v_union_three AS SELECT customer_id FROM orders UNION ALL SELECT customer_id FROM archived UNION ALL SELECT customer_id FROM customers;
SHOW CREATE VIEW v_union_three;
DESCRIBE v_union_three;
CREATE VIEW v_intersect AS SELECT customer_id FROM orders INTERSECT SELECT customer_id FROM customers;
SHOW CREATE VIEW v_intersect;
DESCRIBE v_intersect;
CREATE VIEW v_except AS SELECT customer_id FROM orders EXCEPT SELECT customer_id FROM customers;
SHOW CREATE VIEW v_except;
DESCRIBE v_except;
CREATE VIEW v_union_literals AS SELECT 'a' AS k, 1 AS v FROM orders UNION ALL SELECT 'bcd', 2 FROM customers;
SHOW CREATE VIEW v_union_literals;
DESCRIBE v_union_literals;
CREATE VIEW v_union_paren AS (SELECT order_id FROM orders) UNION (SELECT order_id FROM archived);
SHOW CREATE VIEW v_union_paren;
DESCRIBE v_union_paren;
-- BIGINT and TIMESTAMP(3) are accepted together
CREATE VIEW v_union_types AS SELECT order_id FROM orders UNION ALL SELECT ts FROM archived;
SHOW CREATE VIEW v_union_types;
DESCRIBE v_union_types;
CREATE VIEW v_union_mismatch AS SELECT order_id FROM orders UNION ALL SELECT order_id, amount FROM archived;

-- WITH
CREATE VIEW v_with_one AS WITH big AS (SELECT * FROM orders WHERE amount > 100) SELECT order_id, amount FROM big;
SHOW CREATE VIEW v_with_one;
DESCRIBE v_with_one;
CREATE VIEW v_with_two AS WITH o AS (SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id), c AS (SELECT customer_id, name FROM customers) SELECT c.name, o.total FROM o JOIN c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_with_two;
DESCRIBE v_with_two;
CREATE VIEW v_with_cols AS WITH t (a, b) AS (SELECT order_id, status FROM orders) SELECT a, b FROM t;
SHOW CREATE VIEW v_with_cols;
DESCRIBE v_with_cols;
CREATE VIEW v_with_chain AS WITH a AS (SELECT order_id, amount FROM orders), b AS (SELECT order_id FROM a WHERE amount > 1) SELECT * FROM b;
SHOW CREATE VIEW v_with_chain;
DESCRIBE v_with_chain;

-- ORDER BY, LIMIT, OFFSET, FETCH
CREATE VIEW v_order_by AS SELECT order_id, amount FROM orders ORDER BY amount DESC, order_id;
SHOW CREATE VIEW v_order_by;
DESCRIBE v_order_by;
CREATE VIEW v_limit AS SELECT order_id FROM orders LIMIT 10;
SHOW CREATE VIEW v_limit;
DESCRIBE v_limit;
CREATE VIEW v_order_limit AS SELECT order_id, ts FROM orders ORDER BY ts DESC LIMIT 5;
SHOW CREATE VIEW v_order_limit;
DESCRIBE v_order_limit;
CREATE VIEW v_offset AS SELECT order_id FROM orders ORDER BY order_id LIMIT 10 OFFSET 20;
SHOW CREATE VIEW v_offset;
DESCRIBE v_offset;
CREATE VIEW v_offset_only AS SELECT order_id FROM orders ORDER BY order_id OFFSET 3 ROWS;
SHOW CREATE VIEW v_offset_only;
DESCRIBE v_offset_only;
CREATE VIEW v_fetch AS SELECT order_id FROM orders ORDER BY order_id FETCH FIRST 3 ROWS ONLY;
SHOW CREATE VIEW v_fetch;
DESCRIBE v_fetch;
CREATE VIEW v_fetch_next AS SELECT order_id FROM orders ORDER BY order_id OFFSET 1 ROW FETCH NEXT 1 ROW ONLY;
SHOW CREATE VIEW v_fetch_next;
DESCRIBE v_fetch_next;
CREATE VIEW v_order_nulls AS SELECT order_id, status FROM orders ORDER BY status ASC NULLS LAST, order_id DESC NULLS FIRST;
SHOW CREATE VIEW v_order_nulls;
DESCRIBE v_order_nulls;
CREATE VIEW v_order_ordinal AS SELECT order_id, amount FROM orders ORDER BY 2 DESC;
SHOW CREATE VIEW v_order_ordinal;
DESCRIBE v_order_ordinal;
CREATE VIEW v_union_order AS SELECT order_id FROM orders UNION ALL SELECT order_id FROM archived ORDER BY order_id LIMIT 3;
SHOW CREATE VIEW v_union_order;
DESCRIBE v_union_order;

-- VALUES
CREATE VIEW v_values AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(id, name);
SHOW CREATE VIEW v_values;
DESCRIBE v_values;
CREATE VIEW v_values_noalias AS SELECT * FROM (VALUES (1, 'a'), (2, 'bc'));
SHOW CREATE VIEW v_values_noalias;
DESCRIBE v_values_noalias;
CREATE VIEW v_values_bare AS VALUES (1, 'x'), (2, 'y');
SHOW CREATE VIEW v_values_bare;
DESCRIBE v_values_bare;
CREATE VIEW v_values_types AS SELECT * FROM (VALUES (1, 1.5, CAST(NULL AS STRING)), (2, 2.25, 'z')) AS t(a, b, c);
SHOW CREATE VIEW v_values_types;
DESCRIBE v_values_types;
CREATE VIEW v_values_join AS SELECT o.order_id, s.label FROM orders o JOIN (VALUES ('NEW', 'new order'), ('PAID', 'paid')) AS s(code, label) ON o.status = s.code;
SHOW CREATE VIEW v_values_join;
DESCRIBE v_values_join;

-- errors
CREATE VIEW v_scalar_two_cols AS SELECT (SELECT customer_id, name FROM customers) FROM orders;
CREATE VIEW v_in_two_cols AS SELECT order_id FROM orders WHERE customer_id IN (SELECT customer_id, name FROM customers);
CREATE VIEW v_with_missing AS WITH a AS (SELECT order_id FROM orders) SELECT * FROM b;
SHOW VIEWS;
