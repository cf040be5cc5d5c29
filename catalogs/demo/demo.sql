-- The demo catalog of a small web shop. Every statement is guarded with IF NOT EXISTS,
-- so loading it again changes nothing.
CREATE CATALOG IF NOT EXISTS shop
COMMENT 'Demo catalog of a small web shop'
WITH ('type' = 'generic_in_memory', 'default-database' = 'sales');

USE CATALOG shop;

CREATE DATABASE IF NOT EXISTS crm COMMENT 'Customers and what we know about them';
CREATE DATABASE IF NOT EXISTS warehouse COMMENT 'Products and archived data';

-- sales (the default database of the catalog)
CREATE TABLE IF NOT EXISTS sales.orders (
  order_id BIGINT NOT NULL COMMENT 'unique per order',
  customer_id BIGINT,
  product_id BIGINT,
  quantity INT,
  unit_price DECIMAL(10, 2),
  ms BIGINT COMMENT 'order time, milliseconds since the epoch',
  ts AS TO_TIMESTAMP_LTZ(ms, 3),
  amount AS quantity * unit_price,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) COMMENT 'Orders as the web shop emits them (append-only: a kafka table takes no primary key)'
WITH (
  'connector' = 'kafka',
  'topic' = 'shop.orders',
  'properties.bootstrap.servers' = 'kafka-1:9092,kafka-2:9092',
  'properties.group.id' = 'catalog-demo',
  'properties.security.protocol' = 'SASL_SSL',
  'properties.sasl.mechanism' = 'PLAIN',
  'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="shop" password="demo-kafka-secret";',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'json'
);

CREATE TABLE IF NOT EXISTS sales.payments (
  payment_id STRING NOT NULL,
  order_id BIGINT,
  payment_method STRING COMMENT 'card, invoice or voucher',
  amount DECIMAL(10, 2),
  received_at TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  `partition` INT METADATA VIRTUAL,
  `offset` BIGINT METADATA VIRTUAL,
  processed_at AS PROCTIME(),
  PRIMARY KEY (payment_id) NOT ENFORCED
) COMMENT 'Payments from the payment provider'
WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'shop.payments',
  'properties.bootstrap.servers' = 'kafka-1:9092,kafka-2:9092',
  'key.format' = 'json',
  'value.format' = 'json'
);

-- crm
CREATE TABLE IF NOT EXISTS crm.customers (
  customer_id BIGINT NOT NULL,
  name STRING,
  email STRING,
  country STRING COMMENT 'ISO 3166 code',
  country_code AS UPPER(country),
  PRIMARY KEY (customer_id) NOT ENFORCED
) COMMENT 'Customer master data'
WITH (
  'connector' = 'jdbc',
  'url' = 'jdbc:postgresql://crm-db:5432/crm',
  'table-name' = 'customers',
  'username' = 'flink',
  'password' = 'demo-jdbc-password'
);

CREATE TABLE IF NOT EXISTS crm.customer_events (
  customer_id BIGINT,
  event_type STRING,
  ms BIGINT,
  ts AS TO_TIMESTAMP_LTZ(ms, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '5'
);

-- warehouse
CREATE TABLE IF NOT EXISTS warehouse.products (
  product_id BIGINT NOT NULL,
  name STRING,
  category STRING,
  price DECIMAL(10, 2),
  PRIMARY KEY (product_id) NOT ENFORCED
) COMMENT 'The product catalogue'
WITH (
  'connector' = 'filesystem',
  'path' = 's3://shop-data/products',
  'format' = 'csv'
);

CREATE TABLE IF NOT EXISTS warehouse.orders_archive (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  dt STRING,
  region STRING
) PARTITIONED BY (dt, region)
WITH (
  'connector' = 'filesystem',
  'path' = 's3://shop-data/orders-archive',
  'format' = 'parquet',
  'sink.partition-commit.policy.kind' = 'success-file'
);

-- functions
CREATE FUNCTION IF NOT EXISTS sales.mask_email AS 'com.example.shop.udf.MaskEmail' LANGUAGE JAVA;
CREATE FUNCTION IF NOT EXISTS sales.vat AS 'shop_udfs.vat' LANGUAGE PYTHON;

-- models (Flink stores a model's provider options without contacting the provider)
CREATE MODEL IF NOT EXISTS sales.review_sentiment
INPUT (review STRING COMMENT 'the review text')
OUTPUT (sentiment STRING)
COMMENT 'Classifies product reviews'
WITH (
  'provider' = 'openai',
  'endpoint' = 'https://api.openai.com/v1/chat/completions',
  'model' = 'gpt-4o',
  'task' = 'classification'
);
