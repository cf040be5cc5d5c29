-- More nested-field variations: LATERAL UNNEST, fields of unnested rows, error messages of
-- nested references through aliases, fields after items and calls.
CREATE CATALOG g_vnested2 WITH ('type' = 'generic_in_memory');
USE CATALOG g_vnested2;

CREATE TABLE t_all (
  id INT NOT NULL,
  arr ARRAY<INT>,
  items ARRAY<ROW<sku STRING, qty INT NOT NULL>>,
  m MAP<STRING, INT>,
  r ROW<f STRING, g INT NOT NULL, inner_row ROW<z DOUBLE>>,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE VIEW v_lat_unnest AS SELECT u.x FROM t_all AS ta CROSS JOIN LATERAL UNNEST(ta.arr) AS u(x);
SHOW CREATE VIEW v_lat_unnest;
DESCRIBE v_lat_unnest;
CREATE VIEW v_lat_unnest_comma AS SELECT ta.id, u.x FROM t_all AS ta, LATERAL UNNEST(ta.arr) AS u (x);
SHOW CREATE VIEW v_lat_unnest_comma;
DESCRIBE v_lat_unnest_comma;
CREATE VIEW v_lat_unnest_ord AS SELECT u.x, u.n FROM t_all ta CROSS JOIN LATERAL UNNEST(ta.arr) WITH ORDINALITY AS u (x, n);
SHOW CREATE VIEW v_lat_unnest_ord;
DESCRIBE v_lat_unnest_ord;
CREATE VIEW v_lat_unnest_left AS SELECT ta.id, u.x FROM t_all ta LEFT JOIN LATERAL UNNEST(ta.arr) AS u (x) ON TRUE;
SHOW CREATE VIEW v_lat_unnest_left;
DESCRIBE v_lat_unnest_left;
CREATE VIEW v_unnest_rows_star AS SELECT ta.id, i.* FROM t_all ta CROSS JOIN UNNEST(ta.items) AS i;
SHOW CREATE VIEW v_unnest_rows_star;
DESCRIBE v_unnest_rows_star;
CREATE VIEW v_unnest_rows_names AS SELECT i.sku, UPPER(i.sku) AS u, i.qty + 1 AS q FROM t_all ta CROSS JOIN LATERAL UNNEST(ta.items) AS i (sku, qty);
SHOW CREATE VIEW v_unnest_rows_names;
DESCRIBE v_unnest_rows_names;

-- deeper rows and nullability
CREATE VIEW v_inner AS SELECT r.inner_row.z, t.r.inner_row, r.inner_row.* FROM t_all t;
SHOW CREATE VIEW v_inner;
DESCRIBE v_inner;
CREATE VIEW v_star_order AS SELECT r.* FROM t_all ORDER BY r.g;
SHOW CREATE VIEW v_star_order;
DESCRIBE v_star_order;
CREATE VIEW v_star_where AS SELECT t.r.*, t.id FROM t_all t WHERE t.r.g > 1;
SHOW CREATE VIEW v_star_where;
DESCRIBE v_star_where;
CREATE VIEW v_star_group AS SELECT r.f, COUNT(*) AS c FROM t_all GROUP BY r.f ORDER BY r.f;
SHOW CREATE VIEW v_star_group;
DESCRIBE v_star_group;
CREATE VIEW v_items_field AS SELECT items[1].qty AS q, items[1].sku FROM t_all;
SHOW CREATE VIEW v_items_field;
DESCRIBE v_items_field;
CREATE VIEW v_paren_field AS SELECT (r).f FROM t_all;
SHOW CREATE VIEW v_paren_field;
DESCRIBE v_paren_field;

-- errors
CREATE VIEW v_bad_alias_field AS SELECT t.r.nope FROM t_all t;
CREATE VIEW v_bad_alias_scalar AS SELECT t.id.f FROM t_all t;
CREATE VIEW v_bad_alias_case AS SELECT t.r.G FROM t_all t;
CREATE VIEW v_bad_inner AS SELECT r.inner_row.nope FROM t_all;
CREATE VIEW v_bad_item_scalar AS SELECT m['k'].f FROM t_all;
CREATE VIEW v_bad_item_deep AS SELECT items[1].qty.x FROM t_all;
CREATE VIEW v_bad_star_alias AS SELECT t.nope.* FROM t_all t;
CREATE VIEW v_bad_star_db AS SELECT `default`.t_all.r.* FROM t_all;
CREATE VIEW v_bad_mid_scalar AS SELECT r.g.h.k FROM t_all;
CREATE VIEW v_bad_unknown_table AS SELECT zz.r.f FROM t_all;
