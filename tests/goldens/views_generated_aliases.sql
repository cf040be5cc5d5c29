-- The names Calcite generates for unnamed FROM items (EXPR$n), in the order its validator
-- registers them: a query block's WHERE and QUALIFY subqueries before its FROM items, then
-- GROUP BY, HAVING, the select list and ORDER BY; a join's condition after both sides; each
-- item before what it holds (#14; found in the documentation's window semi and anti joins).
CREATE CATALOG g_genalias WITH ('type' = 'generic_in_memory');
USE CATALOG g_genalias;

CREATE TABLE t (id INT NOT NULL, k INT, name STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');
CREATE TABLE u (id INT NOT NULL, k INT, label STRING) WITH ('connector' = 'datagen');

CREATE VIEW a_where_in AS SELECT * FROM (SELECT id, k FROM t) WHERE k IN (SELECT k FROM (SELECT k FROM u));
SHOW CREATE VIEW a_where_in;
CREATE VIEW a_where_exists AS SELECT * FROM (SELECT id, k FROM t) WHERE EXISTS (SELECT 1 FROM (SELECT k FROM u) WHERE k = 1);
SHOW CREATE VIEW a_where_exists;
CREATE VIEW a_where_scalar AS SELECT * FROM (SELECT id, k FROM t) WHERE k > (SELECT MAX(k) FROM (SELECT k FROM u)) AND id IN (SELECT id FROM (VALUES (1), (2)));
SHOW CREATE VIEW a_where_scalar;
CREATE VIEW a_select_list AS SELECT (SELECT MAX(k) FROM (SELECT k FROM u)) AS m, x.id FROM (SELECT id FROM t) AS x, (SELECT id FROM t);
SHOW CREATE VIEW a_select_list;
CREATE VIEW a_select_and_where AS SELECT (SELECT MAX(k) FROM (SELECT k FROM u)) AS m FROM (SELECT id, k FROM t) WHERE k IN (SELECT k FROM (SELECT k FROM u));
SHOW CREATE VIEW a_select_and_where;
CREATE VIEW a_having AS SELECT k, COUNT(*) AS n FROM (SELECT k FROM t) GROUP BY k HAVING COUNT(*) > (SELECT COUNT(*) FROM (SELECT id FROM u));
SHOW CREATE VIEW a_having;
CREATE VIEW a_having_where AS SELECT k, COUNT(*) AS n FROM (SELECT k FROM t) WHERE k IN (SELECT k FROM (SELECT k FROM u)) GROUP BY k HAVING COUNT(*) > (SELECT COUNT(*) FROM (SELECT id FROM u));
SHOW CREATE VIEW a_having_where;
CREATE VIEW a_join_on AS SELECT a.id FROM (SELECT id, k FROM t) AS a JOIN (SELECT id, k FROM u) AS b ON a.k = b.k AND a.id IN (SELECT id FROM (SELECT id FROM u)) JOIN (SELECT id FROM t) ON TRUE;
SHOW CREATE VIEW a_join_on;
CREATE VIEW a_joins_unnamed AS SELECT * FROM (SELECT id AS i1 FROM t) JOIN (SELECT id AS i2 FROM u) ON i1 = i2 WHERE i1 IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_joins_unnamed;
CREATE VIEW a_nested AS SELECT * FROM (SELECT * FROM (SELECT id, k FROM t) WHERE k IN (SELECT k FROM (SELECT k FROM u))) WHERE id IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_nested;
CREATE VIEW a_deep_where AS SELECT * FROM (SELECT id FROM t) WHERE id IN (SELECT id FROM (SELECT id, k FROM u) WHERE k IN (SELECT k FROM (SELECT k FROM t)));
SHOW CREATE VIEW a_deep_where;
CREATE VIEW a_order_by AS SELECT id FROM (SELECT id, k FROM t) ORDER BY (SELECT MAX(k) FROM (SELECT k FROM u)), id;
SHOW CREATE VIEW a_order_by;
CREATE VIEW a_union AS SELECT id FROM (SELECT id FROM t) WHERE id IN (SELECT id FROM (SELECT id FROM u)) UNION ALL SELECT id FROM (SELECT id FROM u);
SHOW CREATE VIEW a_union;
CREATE VIEW a_cte AS WITH c AS (SELECT id FROM (SELECT id FROM t)) SELECT * FROM (SELECT id FROM c) WHERE id IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_cte;
CREATE VIEW a_qualify AS SELECT id, k FROM (SELECT id, k FROM t) QUALIFY ROW_NUMBER() OVER (PARTITION BY k ORDER BY id) = 1 AND id IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_qualify;
CREATE VIEW a_values_where AS SELECT * FROM (VALUES (1, 'a')) WHERE EXPR$0 IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_values_where;
DESCRIBE a_values_where;
CREATE VIEW a_values_alias AS SELECT * FROM (VALUES (1)) WHERE 1 IN (SELECT id FROM (VALUES (1)) AS v (id));
SHOW CREATE VIEW a_values_alias;
DESCRIBE a_values_alias;
CREATE VIEW a_tvf_where AS SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) WHERE k IN (SELECT k FROM (SELECT k FROM u));
SHOW CREATE VIEW a_tvf_where;
CREATE VIEW a_tvf_both AS SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) WHERE k IN (SELECT k FROM (SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' MINUTES))));
SHOW CREATE VIEW a_tvf_both;
CREATE VIEW a_lateral AS SELECT x.id, y.n FROM (SELECT id FROM t) AS x, LATERAL (SELECT COUNT(*) AS n FROM (SELECT id FROM u) WHERE id = x.id) AS y WHERE x.id IN (SELECT id FROM (SELECT id FROM u));
SHOW CREATE VIEW a_lateral;
CREATE VIEW a_not_in_case AS SELECT CASE WHEN id IN (SELECT id FROM (SELECT id FROM u)) THEN 1 ELSE 0 END AS c FROM (SELECT id, k FROM t) WHERE k NOT IN (SELECT k FROM (SELECT k FROM u));
SHOW CREATE VIEW a_not_in_case;
CREATE VIEW a_group_by AS SELECT k FROM (SELECT k FROM t) WHERE k IN (SELECT k FROM (SELECT k FROM u)) GROUP BY k;
SHOW CREATE VIEW a_group_by;
