-- Views with joins: inner/outer/cross/comma, USING, NATURAL, self joins, across databases and
-- catalogs, temporal (event time and processing time), lookup and interval joins.
CREATE CATALOG g_vjoin WITH ('type' = 'generic_in_memory');
USE CATALOG g_vjoin;
CREATE DATABASE other;
CREATE CATALOG g_vjoin2 WITH ('type' = 'generic_in_memory', 'default-database' = 'refdata');

CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  customer_id INT NOT NULL,
  product_id INT,
  amount DECIMAL(10, 2),
  currency STRING,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id INT NOT NULL,
  name STRING NOT NULL,
  country STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  ship_id BIGINT NOT NULL,
  order_id BIGINT,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time
) WITH ('connector' = 'datagen');

-- a versioned table: primary key and watermark
CREATE TABLE rates (
  currency STRING NOT NULL,
  rate DECIMAL(10, 4),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE other.products (
  product_id INT NOT NULL,
  title STRING,
  price DECIMAL(8, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE g_vjoin2.refdata.countries (
  country STRING NOT NULL,
  continent STRING
) WITH ('connector' = 'datagen');

-- a table without connector options can be created, but a view cannot read it: Flink builds the
-- table source while it validates the view
CREATE TABLE no_connector (a INT);
CREATE VIEW v_no_connector AS SELECT a FROM no_connector;
SHOW VIEWS;

CREATE VIEW v_join AS SELECT o.order_id, c.name FROM orders o JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_join;
DESCRIBE v_join;
CREATE VIEW v_inner_join AS SELECT o.order_id, c.name FROM orders AS o INNER JOIN customers AS c ON o.customer_id = c.customer_id AND c.country = 'NL';
SHOW CREATE VIEW v_inner_join;
DESCRIBE v_inner_join;
CREATE VIEW v_join_noalias AS SELECT orders.order_id, customers.name, country FROM orders JOIN customers ON orders.customer_id = customers.customer_id;
SHOW CREATE VIEW v_join_noalias;
DESCRIBE v_join_noalias;
CREATE VIEW v_left AS SELECT o.order_id, o.amount, c.name, c.customer_id AS cid FROM orders o LEFT JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_left;
DESCRIBE v_left;
CREATE VIEW v_left_outer AS SELECT o.order_id, c.name FROM orders o LEFT OUTER JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_left_outer;
DESCRIBE v_left_outer;
CREATE VIEW v_right AS SELECT o.order_id, o.amount, c.name FROM orders o RIGHT JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_right;
DESCRIBE v_right;
CREATE VIEW v_full AS SELECT o.order_id, c.customer_id, c.name FROM orders o FULL OUTER JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_full;
DESCRIBE v_full;
CREATE VIEW v_cross AS SELECT o.order_id, c.name FROM orders o CROSS JOIN customers c;
SHOW CREATE VIEW v_cross;
DESCRIBE v_cross;
CREATE VIEW v_comma AS SELECT o.order_id, c.name FROM orders o, customers c WHERE o.customer_id = c.customer_id;
SHOW CREATE VIEW v_comma;
DESCRIBE v_comma;
CREATE VIEW v_using AS SELECT order_id, customer_id, name FROM orders JOIN customers USING (customer_id);
SHOW CREATE VIEW v_using;
DESCRIBE v_using;
CREATE VIEW v_using_star AS SELECT * FROM orders JOIN customers USING (customer_id);
SHOW CREATE VIEW v_using_star;
DESCRIBE v_using_star;
CREATE VIEW v_natural AS SELECT * FROM orders NATURAL JOIN customers;
SHOW CREATE VIEW v_natural;
DESCRIBE v_natural;
CREATE VIEW v_join_star AS SELECT * FROM orders o JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_join_star;
DESCRIBE v_join_star;
CREATE VIEW v_join_tstar AS SELECT c.*, o.amount FROM orders o JOIN customers c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_join_tstar;
DESCRIBE v_join_tstar;
CREATE VIEW v_self AS SELECT a.order_id, b.order_id AS other_id FROM orders a JOIN orders b ON a.customer_id = b.customer_id AND a.order_id < b.order_id;
SHOW CREATE VIEW v_self;
DESCRIBE v_self;
CREATE VIEW v_three AS SELECT o.order_id, c.name, s.ship_id FROM orders o JOIN customers c ON o.customer_id = c.customer_id LEFT JOIN shipments s ON s.order_id = o.order_id;
SHOW CREATE VIEW v_three;
DESCRIBE v_three;
CREATE VIEW v_other_db AS SELECT o.order_id, p.title, o.amount / p.price AS units FROM orders o JOIN other.products p ON o.product_id = p.product_id;
SHOW CREATE VIEW v_other_db;
DESCRIBE v_other_db;
CREATE VIEW v_other_catalog AS SELECT c.name, k.continent FROM customers c LEFT JOIN g_vjoin2.refdata.countries k ON c.country = k.country;
SHOW CREATE VIEW v_other_catalog;
DESCRIBE v_other_catalog;
CREATE VIEW other.v_in_other AS SELECT p.title, o.order_id FROM other.products p JOIN g_vjoin.`default`.orders o ON o.product_id = p.product_id;
SHOW CREATE VIEW other.v_in_other;
DESCRIBE other.v_in_other;
-- unqualified names resolve against the current database when the view is created
CREATE VIEW other.v_wrong_db AS SELECT title FROM products;
USE other;
CREATE VIEW v_used_db AS SELECT p.title, p.price FROM products p;
SHOW CREATE VIEW v_used_db;
DESCRIBE v_used_db;
USE `default`;
SHOW CREATE VIEW other.v_used_db;
USE CATALOG g_vjoin2;
CREATE VIEW v_from_catalog2 AS SELECT k.country, c.name FROM countries k JOIN g_vjoin.`default`.customers c ON c.country = k.country;
SHOW CREATE VIEW v_from_catalog2;
DESCRIBE v_from_catalog2;
USE CATALOG g_vjoin;
SHOW CREATE VIEW g_vjoin2.refdata.v_from_catalog2;
DESCRIBE g_vjoin2.refdata.v_from_catalog2;

-- temporal joins
CREATE VIEW v_temporal_event AS SELECT o.order_id, o.amount * r.rate AS converted, r.rate FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SHOW CREATE VIEW v_temporal_event;
DESCRIBE v_temporal_event;
CREATE VIEW v_temporal_proc AS SELECT o.order_id, r.rate FROM orders AS o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.pt AS r ON o.currency = r.currency;
SHOW CREATE VIEW v_temporal_proc;
DESCRIBE v_temporal_proc;
CREATE VIEW v_lookup AS SELECT o.order_id, c.name, c.country FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.customer_id = c.customer_id;
SHOW CREATE VIEW v_lookup;
DESCRIBE v_lookup;
CREATE VIEW v_lookup_noalias AS SELECT order_id, name FROM orders JOIN customers FOR SYSTEM_TIME AS OF orders.pt ON orders.customer_id = customers.customer_id;
SHOW CREATE VIEW v_lookup_noalias;
DESCRIBE v_lookup_noalias;

-- interval joins
CREATE VIEW v_interval AS SELECT o.order_id, s.ship_id, s.ship_time FROM orders o JOIN shipments s ON o.order_id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '1' HOUR AND s.ship_time;
SHOW CREATE VIEW v_interval;
DESCRIBE v_interval;
CREATE VIEW v_interval2 AS SELECT o.order_id, s.ship_id FROM orders o, shipments s WHERE o.order_id = s.order_id AND s.ship_time >= o.order_time AND s.ship_time < o.order_time + INTERVAL '4' HOURS;
SHOW CREATE VIEW v_interval2;
DESCRIBE v_interval2;

-- the stored text of v_using_star and v_natural (COALESCE(..., x AS y)) does not parse back:
-- every statement that reads those views fails
CREATE VIEW v_over_using AS SELECT * FROM v_using_star;
CREATE VIEW v_over_natural AS SELECT customer_id, name FROM v_natural;
CREATE VIEW v_over_using_ok AS SELECT order_id, name FROM v_using;
SHOW CREATE VIEW v_over_using_ok;
DESCRIBE v_over_using_ok;

-- a temporal join against a table without primary key is accepted when the view is created
CREATE VIEW v_temporal_no_pk AS SELECT o.order_id FROM orders o JOIN shipments FOR SYSTEM_TIME AS OF o.order_time AS s ON o.order_id = s.order_id;
SHOW CREATE VIEW v_temporal_no_pk;
DESCRIBE v_temporal_no_pk;

-- errors
CREATE VIEW v_ambiguous AS SELECT customer_id FROM orders JOIN customers ON orders.customer_id = customers.customer_id;
CREATE VIEW v_dup_cols AS SELECT o.customer_id, c.customer_id FROM orders o JOIN customers c ON o.customer_id = c.customer_id;
CREATE VIEW v_bad_alias AS SELECT x.order_id FROM orders o;
CREATE VIEW v_no_on AS SELECT * FROM orders o JOIN customers c;
CREATE VIEW v_using_missing AS SELECT * FROM orders JOIN customers USING (name);
CREATE VIEW v_temporal_not_time AS SELECT o.order_id FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.currency AS r ON o.currency = r.currency;
CREATE VIEW v_other_catalog_missing AS SELECT * FROM g_vjoin2.refdata.nope;
SHOW VIEWS;
SHOW VIEWS FROM other;
SHOW VIEWS FROM g_vjoin2.refdata;
