-- A few changes after the first release, so the history and its diffs have something to show.
USE CATALOG shop;
ALTER TABLE crm.customers ADD segment STRING COMMENT 'b2b or b2c';
ALTER VIEW sales.large_orders AS SELECT order_id, customer_id, amount, ts FROM sales.order_totals WHERE amount > 250;
ALTER TABLE crm.customer_events SET ('rows-per-second' = '10');
