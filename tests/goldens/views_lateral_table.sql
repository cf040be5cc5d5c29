-- Views calling user table functions (LATERAL TABLE, CROSS JOIN LATERAL TABLE, LEFT JOIN
-- LATERAL TABLE ... ON TRUE), with column lists and without; the functions are Python table
-- functions of tests/golden_udfs.py (the dashboard is told their result types, DECLARED there).
CREATE CATALOG g_vlt WITH ('type' = 'generic_in_memory');
USE CATALOG g_vlt;

CREATE TABLE events (id BIGINT NOT NULL, payload STRING, n INT, tags ARRAY<STRING>) WITH ('connector' = 'datagen');
CREATE FUNCTION split_words AS 'tests.golden_udfs.split_words' LANGUAGE PYTHON;
CREATE FUNCTION numbers AS 'tests.golden_udfs.numbers' LANGUAGE PYTHON;
CREATE FUNCTION pairs AS 'tests.golden_udfs.pairs' LANGUAGE PYTHON;

CREATE VIEW v_comma AS SELECT e.id, t.word, t.len FROM events e, LATERAL TABLE(split_words(e.payload)) AS t (word, len);
SHOW CREATE VIEW v_comma;
DESCRIBE v_comma;
CREATE VIEW v_cross_star AS SELECT * FROM events CROSS JOIN LATERAL TABLE(split_words(payload));
SHOW CREATE VIEW v_cross_star;
DESCRIBE v_cross_star;
CREATE VIEW v_left AS SELECT e.id, t.x FROM events e LEFT JOIN LATERAL TABLE(numbers(e.n)) AS t (x) ON TRUE;
SHOW CREATE VIEW v_left;
DESCRIBE v_left;
CREATE VIEW v_atomic_no_cols AS SELECT id, t.* FROM events, LATERAL TABLE(numbers(n)) AS t;
SHOW CREATE VIEW v_atomic_no_cols;
DESCRIBE v_atomic_no_cols;
CREATE VIEW v_join_on_true AS SELECT e.id, p.f0, p.f1 FROM events AS e JOIN LATERAL TABLE(pairs(e.n)) AS p ON TRUE;
SHOW CREATE VIEW v_join_on_true;
DESCRIBE v_join_on_true;
CREATE VIEW v_expr_args AS SELECT e.id, t.w FROM events e, LATERAL TABLE(split_words(UPPER(e.payload) || 'x')) AS t (w, l) WHERE t.l > 2;
SHOW CREATE VIEW v_expr_args;
DESCRIBE v_expr_args;
CREATE VIEW v_unqualified_args AS SELECT id, w FROM events, LATERAL TABLE(split_words(CAST(id AS STRING))) AS t (w, l);
SHOW CREATE VIEW v_unqualified_args;
DESCRIBE v_unqualified_args;
CREATE VIEW v_literal_arg AS SELECT t.x FROM events, LATERAL TABLE(numbers(3)) AS t (x);
SHOW CREATE VIEW v_literal_arg;
DESCRIBE v_literal_arg;
CREATE VIEW v_two_laterals AS SELECT e.id, a.w, b.x FROM events e, LATERAL TABLE(split_words(e.payload)) AS a (w, l), LATERAL TABLE(numbers(a.l)) AS b (x);
SHOW CREATE VIEW v_two_laterals;
DESCRIBE v_two_laterals;
CREATE VIEW v_grouped AS SELECT t.word, COUNT(*) AS c FROM events, LATERAL TABLE(split_words(payload)) AS t (word, len) GROUP BY t.word;
SHOW CREATE VIEW v_grouped;
DESCRIBE v_grouped;
CREATE VIEW v_no_lateral_keyword AS SELECT e.id, t.x FROM events e, TABLE(numbers(e.n)) AS t (x);
SHOW CREATE VIEW v_no_lateral_keyword;
DESCRIBE v_no_lateral_keyword;
CREATE VIEW v_table_uncorrelated AS SELECT t.x FROM TABLE(numbers(3)) AS t (x);
SHOW CREATE VIEW v_table_uncorrelated;
DESCRIBE v_table_uncorrelated;
CREATE VIEW v_table_after_comma AS SELECT e.id, t.f0 FROM events e, TABLE(pairs(2)) AS t;
SHOW CREATE VIEW v_table_after_comma;
DESCRIBE v_table_after_comma;
-- refusals
CREATE VIEW v_wrong_cols AS SELECT * FROM events, LATERAL TABLE(split_words(payload)) AS t (a, b, c);
CREATE VIEW v_wrong_arg AS SELECT * FROM events, LATERAL TABLE(numbers(payload, 1)) AS t (x);
CREATE VIEW v_left_no_on AS SELECT * FROM events e LEFT JOIN LATERAL TABLE(numbers(e.n)) AS t (x);
CREATE VIEW v_left_on_cond AS SELECT * FROM events e LEFT JOIN LATERAL TABLE(numbers(e.n)) AS t (x) ON t.x > 1;
CREATE VIEW v_scalar_use AS SELECT numbers(n) AS x FROM events;
CREATE VIEW v_unknown_col AS SELECT * FROM events, LATERAL TABLE(numbers(nope)) AS t (x);
-- built-in table-valued forms: UNNEST WITH ORDINALITY through LATERAL, and TABLE(UNNEST)
CREATE VIEW v_lateral_unnest_ord AS SELECT e.id, u.tag, u.pos FROM events e CROSS JOIN LATERAL UNNEST(e.tags) WITH ORDINALITY AS u (tag, pos);
SHOW CREATE VIEW v_lateral_unnest_ord;
DESCRIBE v_lateral_unnest_ord;
CREATE VIEW v_left_unnest_ord AS SELECT e.id, u.tag, u.pos FROM events e LEFT JOIN UNNEST(e.tags) WITH ORDINALITY AS u (tag, pos) ON TRUE;
SHOW CREATE VIEW v_left_unnest_ord;
DESCRIBE v_left_unnest_ord;
CREATE VIEW v_table_unnest AS SELECT * FROM events, TABLE(UNNEST(tags)) AS u (tag);
