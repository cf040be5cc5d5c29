-- Table hints (FROM t /*+ OPTIONS(...) */) and query hints (SELECT /*+ LOOKUP(...) */) in a
-- view: kept in its stored text as Calcite writes them, refused as Flink refuses them (#15).
CREATE CATALOG g_vhints WITH ('type' = 'generic_in_memory');
USE CATALOG g_vhints;

CREATE TABLE t (
  id INT,
  name STRING,
  ts TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');
CREATE TABLE d (id INT, label STRING) WITH ('connector' = 'datagen');
CREATE TABLE f (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = '/tmp/g_vhints', 'format' = 'csv');
CREATE VIEW vd AS SELECT * FROM d;

-- a table hint: no alias is added; an alias given is kept after the hint
CREATE VIEW v_opt AS SELECT * FROM t /*+ OPTIONS('rows-per-second'='5') */;
SHOW CREATE VIEW v_opt;
DESCRIBE v_opt;
CREATE VIEW v_opt_alias AS SELECT x.id FROM t /*+ OPTIONS('rows-per-second' = '5', 'number-of-rows'='10') */ AS x WHERE x.id > 1;
SHOW CREATE VIEW v_opt_alias;
CREATE VIEW v_opt_bare_alias AS SELECT * FROM t /*+ OPTIONS('rows-per-second'='5') */ x;
SHOW CREATE VIEW v_opt_bare_alias;
CREATE VIEW v_opt_quoted_alias AS SELECT * FROM t /*+ options('rows-per-second'='1') */ AS `select`;
SHOW CREATE VIEW v_opt_quoted_alias;

-- joins, a temporal join, a comma join, a subquery, a set operation, a WITH name, TABLESAMPLE
CREATE VIEW v_join AS SELECT a.id FROM t /*+ OPTIONS('rows-per-second'='5') */ AS a JOIN d /*+ OPTIONS('rows-per-second'='1') */ b ON a.id = b.id;
SHOW CREATE VIEW v_join;
CREATE VIEW v_temporal AS SELECT t.id FROM t JOIN d /*+ OPTIONS('rows-per-second'='1') */ FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_temporal;
CREATE VIEW v_temporal_alias AS SELECT t.id FROM t JOIN d /*+ OPTIONS('rows-per-second'='1') */ FOR SYSTEM_TIME AS OF t.pt AS e ON t.id = e.id;
SHOW CREATE VIEW v_temporal_alias;
CREATE VIEW v_comma AS SELECT * FROM d /*+ OPTIONS('rows-per-second'='1') */, d /*+ OPTIONS('number-of-rows'='1') */ AS e;
SHOW CREATE VIEW v_comma;
CREATE VIEW v_sub AS SELECT x.id FROM (SELECT * FROM t /*+ OPTIONS('rows-per-second'='5') */) x;
SHOW CREATE VIEW v_sub;
CREATE VIEW v_in AS SELECT * FROM t WHERE id IN (SELECT id FROM d /*+ OPTIONS('rows-per-second'='1') */);
SHOW CREATE VIEW v_in;
CREATE VIEW v_union AS SELECT * FROM d /*+ OPTIONS('rows-per-second'='1') */ UNION ALL SELECT * FROM d;
SHOW CREATE VIEW v_union;
CREATE VIEW v_with AS WITH w AS (SELECT * FROM d) SELECT * FROM w /*+ OPTIONS('rows-per-second'='1') */;
SHOW CREATE VIEW v_with;
CREATE VIEW v_sample AS SELECT * FROM d /*+ OPTIONS('rows-per-second'='1') */ TABLESAMPLE BERNOULLI(50);
SHOW CREATE VIEW v_sample;
CREATE VIEW v_columns AS SELECT a FROM t /*+ OPTIONS('rows-per-second'='5') */ AS x (a, b, c, e);
SHOW CREATE VIEW v_columns;

-- spellings: keys as names, quoted names, a repeated key, several hints, no spaces, other hints
CREATE VIEW v_name_key AS SELECT * FROM f /*+ OPTIONS(path='/tmp/g_vhints2') */;
SHOW CREATE VIEW v_name_key;
CREATE VIEW v_quoted_key AS SELECT * FROM d /*+ OPTIONS(`rows-per-second`='1') */;
SHOW CREATE VIEW v_quoted_key;
CREATE VIEW v_repeated AS SELECT * FROM t /*+ OPTIONS('rows-per-second'='5', 'rows-per-second'='6') */;
SHOW CREATE VIEW v_repeated;
CREATE VIEW v_two AS SELECT * FROM t /*+ OPTIONS('rows-per-second'='5'), OPTIONS('number-of-rows'='3') */;
SHOW CREATE VIEW v_two;
CREATE VIEW v_tight AS SELECT * FROM `t` /*+OPTIONS('rows-per-second'='5')*/;
SHOW CREATE VIEW v_tight;
CREATE VIEW v_spaced AS SELECT * FROM d /*+ OPTIONS ('rows-per-second'='1') */;
SHOW CREATE VIEW v_spaced;
CREATE VIEW v_quoted_name AS SELECT * FROM t /*+ `OPTIONS`('rows-per-second'='5') */;
SHOW CREATE VIEW v_quoted_name;
CREATE VIEW v_escaped AS SELECT * FROM f /*+ OPTIONS('path'='/tmp/it''s') */;
SHOW CREATE VIEW v_escaped;
CREATE VIEW v_lookup_on_table AS SELECT * FROM t /*+ LOOKUP('table'='t'), OPTIONS('rows-per-second'='1') */;
SHOW CREATE VIEW v_lookup_on_table;
CREATE VIEW v_broadcast_on_table AS SELECT * FROM t /*+ BROADCAST(t) */;
SHOW CREATE VIEW v_broadcast_on_table;
CREATE VIEW v_ttl_on_table AS SELECT * FROM t /*+ STATE_TTL('t'='1d') */;
SHOW CREATE VIEW v_ttl_on_table;
CREATE VIEW v_plain_comment AS SELECT * FROM t /* OPTIONS('rows-per-second'='x') */;
SHOW CREATE VIEW v_plain_comment;
CREATE VIEW v_broadcast_on_view AS SELECT * FROM vd /*+ BROADCAST(vd) */;
SHOW CREATE VIEW v_broadcast_on_view;

-- refused
CREATE VIEW v_on_view AS SELECT * FROM vd /*+ OPTIONS('rows-per-second'='5') */;
CREATE VIEW v_empty AS SELECT * FROM t /*+ OPTIONS() */;
CREATE VIEW v_list AS SELECT * FROM t /*+ OPTIONS('a') */;
CREATE VIEW v_unknown AS SELECT * FROM t /*+ FOO('a'='b') */;
CREATE VIEW v_in_select AS SELECT id /*+ OPTIONS('rows-per-second'='5') */ FROM t;
CREATE VIEW v_twice AS SELECT * FROM t /*+ OPTIONS('rows-per-second'='5') */ /*+ OPTIONS('number-of-rows'='5') */;
CREATE VIEW v_after_subquery AS SELECT * FROM (SELECT 1 AS a) /*+ OPTIONS('rows-per-second'='1') */;
CREATE VIEW v_in_tvf AS SELECT * FROM TABLE(TUMBLE(TABLE t /*+ OPTIONS('rows-per-second'='5') */, DESCRIPTOR(ts), INTERVAL '1' MINUTE));
CREATE VIEW v_trailing_comma AS SELECT * FROM d /*+ OPTIONS('rows-per-second'='1',) */;

-- LOOKUP query hints, with the options Flink checks
CREATE VIEW v_lookup AS SELECT /*+ LOOKUP('table'='d') */ t.id, d.label FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup;
CREATE VIEW v_lookup_async AS SELECT /*+ LOOKUP('table'='d', 'async'='true', 'output-mode'='ordered', 'capacity'='100', 'timeout'='180s') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_async;
CREATE VIEW v_lookup_retry AS SELECT /*+ LOOKUP('table'='d', 'retry-predicate'='lookup_miss', 'retry-strategy'='fixed_delay', 'fixed-delay'='10s', 'max-attempts'='3') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_retry;
CREATE VIEW v_lookup_unknown_table AS SELECT /*+ LOOKUP('table'='zz') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_unknown_table;
CREATE VIEW v_lookup_other_key AS SELECT /*+ LOOKUP('table'='d', 'bogus'='x') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_other_key;
CREATE VIEW v_lookup_and_broadcast AS SELECT /*+ lookup('table'='d'), BROADCAST(d) */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_and_broadcast;
CREATE VIEW v_lookup_units AS SELECT /*+ LOOKUP('table'='d', 'async'='FALSE', 'timeout'='2 min', 'output-mode'='allow_unordered', 'capacity'='-1') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
SHOW CREATE VIEW v_lookup_units;
CREATE VIEW v_options_query_hint AS SELECT /*+ OPTIONS('a'='b') */ t.id FROM t;
SHOW CREATE VIEW v_options_query_hint;
CREATE VIEW v_lookup_no_table AS SELECT /*+ LOOKUP('async'='true') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_empty AS SELECT /*+ LOOKUP() */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_list AS SELECT /*+ LOOKUP(d) */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_bad_bool AS SELECT /*+ LOOKUP('table'='d', 'async'='maybe') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_bad_duration AS SELECT /*+ LOOKUP('table'='d', 'timeout'='abc') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_bad_int AS SELECT /*+ LOOKUP('table'='d', 'capacity'='many') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_bad_mode AS SELECT /*+ LOOKUP('table'='d', 'output-mode'='sideways') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_bad_strategy AS SELECT /*+ LOOKUP('table'='d', 'retry-predicate'='lookup_miss', 'retry-strategy'='fixed-delay', 'fixed-delay'='10s', 'max-attempts'='3') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_partial_retry AS SELECT /*+ LOOKUP('table'='d', 'retry-predicate'='lookup_miss', 'retry-strategy'='fixed_delay', 'fixed-delay'='10s') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
CREATE VIEW v_lookup_predicate AS SELECT /*+ LOOKUP('table'='d', 'retry-predicate'='other', 'retry-strategy'='fixed_delay', 'fixed-delay'='10s', 'max-attempts'='3') */ t.id FROM t JOIN d FOR SYSTEM_TIME AS OF t.pt ON t.id = d.id;
