-- Views reading ROW, ARRAY and MAP fields: star expansion of ROW columns, nested access at every
-- depth, through aliases, views and subqueries, inside expressions, nullability of fields.
CREATE CATALOG g_vnested WITH ('type' = 'generic_in_memory');
USE CATALOG g_vnested;

CREATE TABLE src (
  id INT NOT NULL,
  r ROW<f STRING, g INT NOT NULL>,
  rn ROW<f STRING, g INT NOT NULL> NOT NULL,
  p ROW<r ROW<h ROW<x INT, `y z` STRING> NOT NULL, n BIGINT NOT NULL> NOT NULL>,
  arr ARRAY<ROW<f INT, s STRING>>,
  m MAP<STRING, ROW<x INT, y STRING>>,
  q ROW<`value` INT, `year` STRING, `select` INT, `F` INT>,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');

CREATE VIEW v_star_row AS SELECT r.* FROM src;
SHOW CREATE VIEW v_star_row;
DESCRIBE v_star_row;
CREATE VIEW v_star_row_alias AS SELECT s.id, s.r.* FROM src AS s;
SHOW CREATE VIEW v_star_row_alias;
DESCRIBE v_star_row_alias;
CREATE VIEW v_star_row_nn AS SELECT rn.* FROM src;
SHOW CREATE VIEW v_star_row_nn;
DESCRIBE v_star_row_nn;
CREATE VIEW v_star_deep AS SELECT p.r.h.* FROM src;
SHOW CREATE VIEW v_star_deep;
DESCRIBE v_star_deep;
CREATE VIEW v_star_deep2 AS SELECT p.r.* FROM src;
SHOW CREATE VIEW v_star_deep2;
DESCRIBE v_star_deep2;
CREATE VIEW v_star_deep_alias AS SELECT s.p.r.h.* FROM src s;
SHOW CREATE VIEW v_star_deep_alias;
DESCRIBE v_star_deep_alias;
CREATE VIEW v_star_two AS SELECT r.*, rn.*, id FROM src;
SHOW CREATE VIEW v_star_two;
DESCRIBE v_star_two;
CREATE VIEW v_star_reserved AS SELECT q.* FROM src;
SHOW CREATE VIEW v_star_reserved;
DESCRIBE v_star_reserved;
CREATE VIEW v_star_full AS SELECT g_vnested.`default`.src.r.* FROM src;
SHOW CREATE VIEW v_star_full;
CREATE VIEW v_star_tbl AS SELECT src.r.* FROM src;
SHOW CREATE VIEW v_star_tbl;
DESCRIBE v_star_tbl;

CREATE VIEW v_fields AS SELECT r.f, s.r.g, p.r.h.x, s.p.r.h.`y z`, p.r.n, rn.g AS rg, p.r.h FROM src s;
SHOW CREATE VIEW v_fields;
DESCRIBE v_fields;
CREATE VIEW v_fields_quoted AS SELECT `r`.`f`, `s`.`p`.`r`.`n`, q.`value`, q.`year`, q.`select`, q.`F` FROM src AS s;
SHOW CREATE VIEW v_fields_quoted;
DESCRIBE v_fields_quoted;
CREATE VIEW v_fields_tbl AS SELECT src.r.f, src.p.r.n FROM src;
SHOW CREATE VIEW v_fields_tbl;
DESCRIBE v_fields_tbl;
CREATE VIEW v_array AS SELECT arr[1].f AS a1, arr[2].s, s.arr[1] AS a3, CARDINALITY(arr) AS c FROM src s;
SHOW CREATE VIEW v_array;
DESCRIBE v_array;
CREATE VIEW v_map AS SELECT m['k'].x AS mx, s.m['k'] AS mv, UPPER(m['k'].y) AS u FROM src s;
SHOW CREATE VIEW v_map;
DESCRIBE v_map;
CREATE VIEW v_expr AS SELECT UPPER(r.f) AS u, r.g + 1 AS g1, CASE WHEN r.g > 0 THEN p.r.h.x ELSE 0 END AS c, COALESCE(r.f, 'x') AS cf, CAST(p.r.n AS STRING) AS ns FROM src;
SHOW CREATE VIEW v_expr;
DESCRIBE v_expr;
CREATE VIEW v_where AS SELECT id FROM src s WHERE s.r.g > 0 AND p.r.h.x IS NOT NULL AND arr[1].f = 1 AND m['a'].y <> 'z';
SHOW CREATE VIEW v_where;
DESCRIBE v_where;
CREATE VIEW v_group AS SELECT r.f, COUNT(*) AS n, SUM(p.r.h.x) AS sx FROM src GROUP BY r.f;
SHOW CREATE VIEW v_group;
DESCRIBE v_group;
CREATE VIEW v_group_deep AS SELECT s.p.r.n, MAX(s.r.g) AS mg FROM src s GROUP BY s.p.r.n HAVING MAX(s.r.g) > 1;
SHOW CREATE VIEW v_group_deep;
DESCRIBE v_group_deep;
CREATE VIEW v_order AS SELECT id, r.f FROM src ORDER BY r.g DESC, p.r.h.x;
SHOW CREATE VIEW v_order;
DESCRIBE v_order;
CREATE VIEW v_order_alias AS SELECT id, r.f AS rf FROM src ORDER BY rf;
SHOW CREATE VIEW v_order_alias;

-- through a subquery in FROM and through a view
CREATE VIEW v_sub AS SELECT t.r.f, t.p.r.h.x, t.r.* FROM (SELECT r, p FROM src) AS t;
SHOW CREATE VIEW v_sub;
DESCRIBE v_sub;
CREATE VIEW v_sub_row AS SELECT t.rr.f FROM (SELECT s.r AS rr FROM src s) t;
SHOW CREATE VIEW v_sub_row;
DESCRIBE v_sub_row;
CREATE VIEW v_base AS SELECT id, r, p, arr, m FROM src;
CREATE VIEW v_over_view AS SELECT b.r.f, b.p.r.h.*, b.arr[1].s, b.m['k'].x FROM v_base b;
SHOW CREATE VIEW v_over_view;
DESCRIBE v_over_view;
CREATE VIEW v_over_star AS SELECT * FROM v_star_deep;
SHOW CREATE VIEW v_over_star;
DESCRIBE v_over_star;
CREATE VIEW v_join AS SELECT a.id, a.r.f, b.p.r.n FROM src a JOIN src b ON a.r.g = b.r.g;
SHOW CREATE VIEW v_join;
DESCRIBE v_join;


-- errors
CREATE VIEW v_bad_field AS SELECT r.nope FROM src;
CREATE VIEW v_bad_case AS SELECT r.F FROM src;
CREATE VIEW v_bad_scalar AS SELECT id.f FROM src;
CREATE VIEW v_bad_deep AS SELECT p.r.h.x.y FROM src;
CREATE VIEW v_bad_star AS SELECT id.* FROM src;
CREATE VIEW v_bad_star_field AS SELECT r.nope.* FROM src;
CREATE VIEW v_bad_star_deep AS SELECT p.r.h.x.* FROM src;
CREATE VIEW v_bad_arr AS SELECT arr[1].nope FROM src;
CREATE VIEW v_bad_reserved AS SELECT q.value FROM src;
CREATE VIEW v_bad_alias AS SELECT s.nope.f FROM src s;
