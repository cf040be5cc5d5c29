-- The grammar's constructs of views_grammar_walk.sql in the spellings and combinations it does
-- not hold (#15, catalogs/flinksql/more_syntax.py), as Flink takes or refuses them.
CREATE CATALOG g_vforms WITH ('type' = 'generic_in_memory');
USE CATALOG g_vforms;

CREATE TABLE t (
  id BIGINT NOT NULL,
  name STRING,
  qty INT,
  d DATE,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

-- SELECT ALL in a subquery, GROUP BY DISTINCT over ROLLUP
CREATE VIEW v_all_sub AS SELECT ALL name FROM t WHERE qty IN (SELECT ALL qty FROM t);
SHOW CREATE VIEW v_all_sub;
CREATE VIEW v_gbd_rollup AS SELECT name, COUNT(*) AS n FROM t GROUP BY DISTINCT ROLLUP(name, qty), name;
SHOW CREATE VIEW v_gbd_rollup;
DESCRIBE v_gbd_rollup;

-- C-style escapes
CREATE VIEW v_c_escapes AS SELECT E'it''s\t' AS a, e'\x41\n' AS b, E'\u00e4' AS c FROM t;
SHOW CREATE VIEW v_c_escapes;
DESCRIBE v_c_escapes;

-- JDBC escapes
CREATE VIEW v_jdbc_more AS SELECT {fn MOD(qty, 2)} AS m, {fn LCASE(name)} AS l, {fn PI()} AS p, {t '03:04:05'} AS c FROM t;
SHOW CREATE VIEW v_jdbc_more;
DESCRIBE v_jdbc_more;
CREATE VIEW v_jdbc_dayname AS SELECT {fn DAYNAME(ts)} AS d FROM t;

-- ALLOW / DISALLOW PARTIAL with a BETWEEN frame and without a frame
CREATE VIEW v_partial_between AS SELECT SUM(qty) OVER (ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW DISALLOW PARTIAL) AS s, SUM(qty) OVER (ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW ALLOW PARTIAL) AS a FROM t;
SHOW CREATE VIEW v_partial_between;
CREATE VIEW v_partial_frameless AS SELECT SUM(qty) OVER (ORDER BY ts DISALLOW PARTIAL) AS s FROM t;
CREATE VIEW v_partial_range AS SELECT SUM(qty) OVER (ORDER BY ts RANGE INTERVAL '1' HOUR PRECEDING DISALLOW PARTIAL) AS s FROM t;

-- WITHIN DISTINCT
CREATE VIEW v_within_two AS SELECT COUNT(qty) WITHIN DISTINCT (id, name) AS c, SUM(qty) AS s FROM t;
SHOW CREATE VIEW v_within_two;
DESCRIBE v_within_two;
CREATE VIEW v_within_scalar AS SELECT UPPER(name) WITHIN DISTINCT (id) AS x FROM t;
CREATE VIEW v_within_over AS SELECT SUM(qty) WITHIN DISTINCT (id) OVER (ORDER BY ts) AS x FROM t;

-- ARRAY and MAP of a query
CREATE VIEW v_query_ctors AS SELECT ARRAY(SELECT id FROM t) AS a, MAP(SELECT name, ts FROM t) AS m, ARRAY((SELECT qty FROM t WHERE qty > 0)) AS q FROM t;
SHOW CREATE VIEW v_query_ctors;
DESCRIBE v_query_ctors;
CREATE VIEW v_map_one AS SELECT MAP(SELECT qty FROM t) AS m FROM t;
CREATE VIEW v_array_two AS SELECT ARRAY(SELECT qty, name FROM t) AS a FROM t;
SHOW CREATE VIEW v_array_two;
DESCRIBE v_array_two;

-- TRANSLATE / CONVERT ... USING
CREATE VIEW v_using_more AS SELECT CONVERT(name USING `UTF-16`) AS a, TRANSLATE(UPPER(name) USING latin1) AS b FROM t;
SHOW CREATE VIEW v_using_more;
DESCRIBE v_using_more;
CREATE VIEW v_using_int AS SELECT TRANSLATE(qty USING utf8) AS a FROM t;

-- refusals
CREATE VIEW v_new_two AS SELECT NEW point(1, 2) AS p FROM t;
CREATE VIEW v_not_ilike AS SELECT id FROM t WHERE NOT name ILIKE 'a%';
CREATE VIEW v_stream_sub AS SELECT STREAM name FROM (SELECT name FROM t) AS s;
CREATE VIEW v_stream_alias AS SELECT STREAM x.name FROM t AS x;
CREATE VIEW v_date_trunc_week AS SELECT DATE_TRUNC(ts, WEEK) AS w FROM t;

-- TABLESAMPLE: a fraction, 0 and 100, out of range
CREATE VIEW v_sample_join AS SELECT t.id FROM t TABLESAMPLE BERNOULLI(12.5) REPEATABLE(3) JOIN t AS t2 TABLESAMPLE SYSTEM(100) ON t.id = t2.id;
SHOW CREATE VIEW v_sample_join;
CREATE VIEW v_sample_odd AS SELECT id FROM t TABLESAMPLE SYSTEM(33) AS x;
CREATE VIEW v_sample_zero AS SELECT id FROM t TABLESAMPLE BERNOULLI(0);
SHOW CREATE VIEW v_sample_zero;
CREATE VIEW v_sample_scale AS SELECT id FROM t TABLESAMPLE SYSTEM(33) REPEATABLE(-2);
SHOW CREATE VIEW v_sample_scale;
CREATE VIEW v_sample_over AS SELECT id FROM t TABLESAMPLE BERNOULLI(100.5);

-- QUALIFY by a select alias, with WHERE and ORDER BY, over a GROUP BY, refused
CREATE VIEW v_qualify_alias AS SELECT id, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn FROM t QUALIFY rn = 1;
SHOW CREATE VIEW v_qualify_alias;
DESCRIBE v_qualify_alias;
CREATE VIEW v_qualify_where AS SELECT id, qty FROM t WHERE qty > 0 QUALIFY RANK() OVER (ORDER BY qty DESC) <= 3 ORDER BY id;
SHOW CREATE VIEW v_qualify_where;
CREATE VIEW v_qualify_grouped AS SELECT name, SUM(qty) AS s FROM t GROUP BY name QUALIFY ROW_NUMBER() OVER (ORDER BY SUM(qty)) = 1;
CREATE VIEW v_qualify_two AS SELECT id, ROW_NUMBER() OVER (ORDER BY t.ts DESC, qty) AS rn FROM t QUALIFY rn <= 2;
SHOW CREATE VIEW v_qualify_two;
CREATE VIEW v_qualify_nowindow AS SELECT id FROM t QUALIFY id > 1;
CREATE VIEW v_qualify_nocond AS SELECT id FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY ts);

-- WITH RECURSIVE: a wider recursive operand, a UNION, an item that is no UNION; EXTEND
CREATE VIEW v_rec_wide AS WITH RECURSIVE r (n, s) AS (SELECT 1, CAST(NULL AS STRING) UNION ALL SELECT n + 1, name FROM r, t WHERE n < 3) SELECT n, s FROM r;
SHOW CREATE VIEW v_rec_wide;
DESCRIBE v_rec_wide;
CREATE VIEW v_rec_mixed AS WITH RECURSIVE a AS (SELECT id FROM t), r AS (SELECT 1 AS k UNION SELECT k + 1 FROM r WHERE k < 2) SELECT a.id, r.k FROM a, r;
SHOW CREATE VIEW v_rec_mixed;
DESCRIBE v_rec_mixed;
CREATE VIEW v_extend_alias AS SELECT x.id FROM t EXTEND (extra INT) AS x;

-- query hints: key-value options, names, two hints, with DISTINCT, unknown, a wrong table
CREATE TABLE u (id BIGINT, label STRING) WITH ('connector' = 'datagen');
CREATE VIEW v_hint_two AS SELECT /*+ STATE_TTL('t' = '1d', 'u' = '2d'), BROADCAST(u) */ t.name FROM t JOIN u ON t.id = u.id;
SHOW CREATE VIEW v_hint_two;
CREATE VIEW v_hint_distinct AS SELECT /*+ STATE_TTL('t' = '1d') */ DISTINCT name FROM t;
SHOW CREATE VIEW v_hint_distinct;
CREATE VIEW v_hint_unknown AS SELECT /*+ NO_SUCH_HINT */ name FROM t;
SHOW CREATE VIEW v_hint_unknown;
CREATE VIEW v_hint_lookup AS SELECT /*+ LOOKUP('table'='u', 'retry-predicate'='lookup_miss') */ name FROM t;
SHOW CREATE VIEW v_hint_lookup;
CREATE VIEW v_hint_wrong_table AS SELECT /*+ STATE_TTL('nope' = '1d') */ name FROM t;
