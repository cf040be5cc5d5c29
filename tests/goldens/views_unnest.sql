-- Views with UNNEST, table functions (LATERAL TABLE) and VALUES.
CREATE CATALOG g_vunnest WITH ('type' = 'generic_in_memory');
USE CATALOG g_vunnest;

CREATE TABLE events (
  id BIGINT NOT NULL,
  tags ARRAY<STRING>,
  scores ARRAY<INT NOT NULL>,
  attrs MAP<STRING, DOUBLE>,
  items ARRAY<ROW<sku STRING, qty INT>>,
  payload STRING,
  ts TIMESTAMP_LTZ(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW v_unnest AS SELECT e.id, t.tag FROM events e CROSS JOIN UNNEST(e.tags) AS t (tag);
SHOW CREATE VIEW v_unnest;
DESCRIBE v_unnest;
CREATE VIEW v_unnest_noalias_cols AS SELECT id, t.* FROM events CROSS JOIN UNNEST(tags) AS t;
SHOW CREATE VIEW v_unnest_noalias_cols;
DESCRIBE v_unnest_noalias_cols;
CREATE VIEW v_unnest_unnamed AS SELECT id, tag FROM events, UNNEST(tags) AS t (tag);
SHOW CREATE VIEW v_unnest_unnamed;
DESCRIBE v_unnest_unnamed;
CREATE VIEW v_unnest_no_alias AS SELECT * FROM events CROSS JOIN UNNEST(scores);
SHOW CREATE VIEW v_unnest_no_alias;
DESCRIBE v_unnest_no_alias;
-- the stored text of the two views above, read back
CREATE VIEW v_over_unnest_no_alias AS SELECT id, EXPR$0 AS score FROM v_unnest_no_alias;
SHOW CREATE VIEW v_over_unnest_no_alias;
DESCRIBE v_over_unnest_no_alias;
CREATE VIEW v_over_unnest_noalias_cols AS SELECT id, t FROM v_unnest_noalias_cols;
SHOW CREATE VIEW v_over_unnest_noalias_cols;
DESCRIBE v_over_unnest_noalias_cols;
CREATE VIEW v_unnest_ordinality AS SELECT e.id, t.tag, t.pos FROM events e CROSS JOIN UNNEST(e.tags) WITH ORDINALITY AS t (tag, pos);
SHOW CREATE VIEW v_unnest_ordinality;
DESCRIBE v_unnest_ordinality;
CREATE VIEW v_unnest_map AS SELECT e.id, m.k, m.v FROM events e CROSS JOIN UNNEST(e.attrs) AS m (k, v);
SHOW CREATE VIEW v_unnest_map;
DESCRIBE v_unnest_map;
CREATE VIEW v_unnest_rows AS SELECT e.id, i.sku, i.qty FROM events e CROSS JOIN UNNEST(e.items) AS i (sku, qty);
SHOW CREATE VIEW v_unnest_rows;
DESCRIBE v_unnest_rows;
CREATE VIEW v_unnest_two AS SELECT e.id, t.tag, t.score FROM events e CROSS JOIN UNNEST(e.tags, e.scores) AS t (tag, score);
SHOW CREATE VIEW v_unnest_two;
DESCRIBE v_unnest_two;
CREATE VIEW v_unnest_left AS SELECT e.id, t.tag FROM events e LEFT JOIN UNNEST(e.tags) AS t (tag) ON TRUE;
SHOW CREATE VIEW v_unnest_left;
DESCRIBE v_unnest_left;
CREATE VIEW v_unnest_lateral AS SELECT e.id, t.tag FROM events e, LATERAL (SELECT tag FROM UNNEST(e.tags) AS u (tag) WHERE tag <> '') AS t;
SHOW CREATE VIEW v_unnest_lateral;
DESCRIBE v_unnest_lateral;
CREATE VIEW v_unnest_literal AS SELECT * FROM UNNEST(ARRAY[1, 2, 3]) AS t (n);
SHOW CREATE VIEW v_unnest_literal;
DESCRIBE v_unnest_literal;

-- LATERAL TABLE needs a table function; Flink has no built-in one usable here
CREATE VIEW v_lateral_unknown AS SELECT e.id, t.word FROM events e, LATERAL TABLE(split_words(e.payload)) AS t (word);
CREATE VIEW v_lateral_unnest AS SELECT e.id, t.tag FROM events e, LATERAL TABLE(UNNEST(e.tags)) AS t (tag);
CREATE FUNCTION split_words AS 'com.example.SplitWords';
CREATE VIEW v_lateral_missing_class AS SELECT e.id, t.word FROM events e, LATERAL TABLE(split_words(e.payload)) AS t (word);
CREATE VIEW v_lateral_left AS SELECT e.id, t.word FROM events e LEFT JOIN LATERAL TABLE(split_words(e.payload)) AS t (word) ON TRUE;
CREATE FUNCTION scalar_fn AS 'com.example.Scalar';
CREATE VIEW v_udf_missing_class AS SELECT scalar_fn(id) AS x FROM events;
SHOW VIEWS;

-- the built-in process table functions TO_CHANGELOG / FROM_CHANGELOG take a table argument
CREATE TABLE accounts (acc_id BIGINT NOT NULL, owner STRING, balance DECIMAL(12, 2), PRIMARY KEY (acc_id) NOT ENFORCED) WITH ('connector' = 'datagen');
CREATE VIEW v_to_changelog AS SELECT * FROM TO_CHANGELOG(input => TABLE accounts);
SHOW CREATE VIEW v_to_changelog;
DESCRIBE v_to_changelog;
CREATE VIEW v_to_changelog_table AS SELECT op, acc_id FROM TABLE(TO_CHANGELOG(TABLE accounts));
SHOW CREATE VIEW v_to_changelog_table;
DESCRIBE v_to_changelog_table;
CREATE VIEW v_lateral_changelog AS SELECT a.acc_id, c.op FROM accounts a, LATERAL TABLE(TO_CHANGELOG(TABLE accounts)) AS c;
SHOW CREATE VIEW v_lateral_changelog;
DESCRIBE v_lateral_changelog;
CREATE VIEW v_changelog_partition AS SELECT * FROM TO_CHANGELOG(TABLE accounts PARTITION BY acc_id);

-- VALUES
CREATE VIEW v_values AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(id, name);
SHOW CREATE VIEW v_values;
DESCRIBE v_values;
CREATE VIEW v_values_cross AS SELECT e.id, v.label FROM events e CROSS JOIN (VALUES ('x'), ('y')) AS v (label);
SHOW CREATE VIEW v_values_cross;
DESCRIBE v_values_cross;
CREATE VIEW v_values_unnest AS SELECT t.id, u.x FROM (VALUES (1, ARRAY['p', 'q'])) AS t (id, arr) CROSS JOIN UNNEST(t.arr) AS u (x);
SHOW CREATE VIEW v_values_unnest;
DESCRIBE v_values_unnest;
CREATE VIEW v_values_mixed AS SELECT * FROM (VALUES (1, 'a', TRUE), (CAST(2 AS BIGINT), 'bcd', CAST(NULL AS BOOLEAN))) AS t (n, s, b);
SHOW CREATE VIEW v_values_mixed;
DESCRIBE v_values_mixed;
SHOW VIEWS;
