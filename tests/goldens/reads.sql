-- Statements that read the session and the catalog: MODULES, JARS, PROCEDURES, PARTITIONS,
-- MATERIALIZED TABLES, COLUMNS, JOBS, CONNECTIONS (the rest have goldens of their own).
CREATE CATALOG g_reads WITH ('type' = 'generic_in_memory');
USE CATALOG g_reads;
CREATE DATABASE other;
CREATE TABLE t (a STRING, b INT NOT NULL COMMENT 'bee', PRIMARY KEY (b) NOT ENFORCED) WITH ('connector' = 'datagen');
CREATE TABLE p (a STRING, b INT) PARTITIONED BY (b) WITH ('connector' = 'filesystem', 'path' = '/tmp/g_reads', 'format' = 'csv');
CREATE VIEW v AS SELECT a FROM t;

-- the session: Flink's core module, no jars
SHOW MODULES;
SHOW FULL MODULES;
SHOW MODULES LIKE 'c%';
SHOW JARS;

-- procedures: Flink's in-memory catalog has none to list
SHOW PROCEDURES;
SHOW PROCEDURES FROM other;
SHOW PROCEDURES IN g_reads.other LIKE 'a%';
SHOW PROCEDURES FROM g_missing.d;

-- partitions: a table of the in-memory catalog has none before data is written
SHOW PARTITIONS p;
SHOW PARTITIONS p PARTITION (b = 1);
SHOW PARTITIONS g_reads.`default`.p;
SHOW PARTITIONS t;
SHOW PARTITIONS v;
SHOW PARTITIONS missing;

-- materialized tables
SHOW MATERIALIZED TABLES;
SHOW MATERIALIZED TABLES FROM other;
SHOW MATERIALIZED TABLES IN g_reads.other LIKE 'x%';
SHOW MATERIALIZED TABLES FROM missing;

-- columns
SHOW COLUMNS FROM t;
SHOW COLUMNS IN t LIKE 'a%';
SHOW COLUMNS FROM t NOT LIKE 'a%';
SHOW COLUMNS FROM g_reads.`default`.v;
SHOW COLUMNS FROM t ILIKE 'A%';
SHOW COLUMNS FROM missing;
SHOW COLUMNS FROM other.missing;

-- what the dashboard refuses, with its reason (deviations.json)
SHOW JOBS;
DESCRIBE JOB 'x';
SHOW CONNECTIONS;
SHOW CREATE CONNECTION x
