-- The demo's views, loaded after its tables and functions: views over tables and over views,
-- across databases, so lineage, impact and review show at first sight. sales.support_contacts
-- calls the function sales.mask_email, which load_demo gives a declared result type first (the
-- dashboard runs no JVM to load its class; a catalog folder writes it as '-- RETURNS').
USE CATALOG shop;

CREATE VIEW IF NOT EXISTS sales.order_totals
COMMENT 'One row per order with its amount and time'
AS SELECT order_id, customer_id, product_id, quantity, amount, ts FROM sales.orders;

CREATE VIEW IF NOT EXISTS sales.large_orders
COMMENT 'Orders worth reviewing by hand'
AS SELECT order_id, customer_id, amount, ts FROM sales.order_totals WHERE amount > 100;

CREATE VIEW IF NOT EXISTS crm.customer_contacts
COMMENT 'Customers and how to reach them'
AS SELECT customer_id, name, email, country_code FROM crm.customers;

CREATE VIEW IF NOT EXISTS warehouse.revenue_by_category
COMMENT 'Revenue per product category'
AS SELECT p.category, SUM(o.amount) AS revenue
FROM sales.order_totals AS o JOIN warehouse.products AS p ON o.product_id = p.product_id
GROUP BY p.category;

CREATE VIEW IF NOT EXISTS crm.big_spenders
COMMENT 'Customers with large orders'
AS SELECT c.customer_id, c.name, c.email, COUNT(*) AS large_orders
FROM sales.large_orders AS l JOIN crm.customer_contacts AS c ON l.customer_id = c.customer_id
GROUP BY c.customer_id, c.name, c.email;

CREATE VIEW IF NOT EXISTS sales.support_contacts
COMMENT 'Customers as support sees them: the email masked'
AS SELECT customer_id, name, mask_email(email) AS email, country_code FROM crm.customer_contacts;
