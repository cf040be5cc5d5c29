-- Subqueries as expressions (issue #14 class 9) and parenthesised columns (class 7).
CREATE CATALOG g_vsub2 WITH ('type' = 'generic_in_memory');
USE CATALOG g_vsub2;

CREATE TABLE t (
  id BIGINT NOT NULL,
  k INT,
  region STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE u (
  x INT NOT NULL,
  y STRING NOT NULL,
  z INT
) WITH ('connector' = 'datagen');

-- scalar subqueries in expressions
CREATE VIEW v_case_operand AS SELECT CASE (SELECT MAX(x) FROM u) WHEN 1 THEN 'a' ELSE 'b' END AS c FROM t;
SHOW CREATE VIEW v_case_operand;
DESCRIBE v_case_operand;
CREATE VIEW v_case_when AS SELECT CASE WHEN k > (SELECT MAX(x) FROM u) THEN (SELECT MIN(x) FROM u) ELSE (SELECT COUNT(*) FROM u) END AS c FROM t;
SHOW CREATE VIEW v_case_when;
DESCRIBE v_case_when;
CREATE VIEW v_coalesce AS SELECT COALESCE((SELECT MAX(x) FROM u), 0) AS c FROM t;
SHOW CREATE VIEW v_coalesce;
DESCRIBE v_coalesce;
CREATE VIEW v_func_arg AS SELECT ABS((SELECT MAX(x) FROM u)) AS c, UPPER((SELECT MAX(y) FROM u)) AS d FROM t;
SHOW CREATE VIEW v_func_arg;
DESCRIBE v_func_arg;
CREATE VIEW v_arith AS SELECT k + (SELECT MAX(x) FROM u) AS c, (SELECT MAX(x) FROM u) * 2 AS d FROM t;
SHOW CREATE VIEW v_arith;
DESCRIBE v_arith;
CREATE VIEW v_compare AS SELECT id FROM t WHERE (SELECT MAX(x) FROM u) = k;
SHOW CREATE VIEW v_compare;
DESCRIBE v_compare;
CREATE VIEW v_in_list AS SELECT id FROM t WHERE k IN ((SELECT MAX(x) FROM u), 3);
SHOW CREATE VIEW v_in_list;
DESCRIBE v_in_list;
CREATE VIEW v_scalar_in_sub AS SELECT id FROM t WHERE (SELECT MAX(x) FROM u) IN (SELECT z FROM u);
SHOW CREATE VIEW v_scalar_in_sub;
DESCRIBE v_scalar_in_sub;
CREATE VIEW v_select_item AS SELECT (SELECT MAX(x) FROM u) AS m, ((SELECT MIN(x) FROM u)) AS n FROM t;
SHOW CREATE VIEW v_select_item;
DESCRIBE v_select_item;
CREATE VIEW v_cast_sub AS SELECT CAST((SELECT MAX(x) FROM u) AS BIGINT) AS c FROM t;
SHOW CREATE VIEW v_cast_sub;
DESCRIBE v_cast_sub;
CREATE VIEW v_order_sub AS SELECT id FROM t ORDER BY (SELECT MAX(x) FROM u), id;
SHOW CREATE VIEW v_order_sub;
DESCRIBE v_order_sub;
CREATE VIEW v_scalar_corr AS SELECT t.id, (SELECT MAX(u.y) FROM u WHERE u.x = t.k) AS m FROM t;
SHOW CREATE VIEW v_scalar_corr;
DESCRIBE v_scalar_corr;

-- quantified comparisons
CREATE VIEW v_ge_all AS SELECT id FROM t WHERE k >= ALL (SELECT x FROM u);
SHOW CREATE VIEW v_ge_all;
DESCRIBE v_ge_all;
CREATE VIEW v_eq_any AS SELECT id FROM t WHERE k = ANY (SELECT x FROM u);
SHOW CREATE VIEW v_eq_any;
DESCRIBE v_eq_any;
CREATE VIEW v_lt_some AS SELECT id FROM t WHERE k < SOME (SELECT z FROM u);
SHOW CREATE VIEW v_lt_some;
DESCRIBE v_lt_some;
CREATE VIEW v_ne_all AS SELECT id FROM t WHERE k <> ALL (SELECT z FROM u);
SHOW CREATE VIEW v_ne_all;
DESCRIBE v_ne_all;
CREATE VIEW v_gt_any AS SELECT id FROM t WHERE k > ANY (SELECT x FROM u);
SHOW CREATE VIEW v_gt_any;
DESCRIBE v_gt_any;
CREATE VIEW v_le_all AS SELECT id FROM t WHERE id <= ALL (SELECT x FROM u);
SHOW CREATE VIEW v_le_all;
DESCRIBE v_le_all;
CREATE VIEW v_quant_notnull AS SELECT id, id = ANY (SELECT x FROM u) AS a, id > ALL (SELECT x FROM u) AS b, id <> SOME (SELECT x FROM u) AS c FROM t;
SHOW CREATE VIEW v_quant_notnull;
DESCRIBE v_quant_notnull;
CREATE VIEW v_quant_nullable AS SELECT id, k = ANY (SELECT x FROM u) AS a, id > ALL (SELECT z FROM u) AS b, k < SOME (SELECT z FROM u) AS c, k >= ALL (SELECT x FROM u) AS d FROM t;
SHOW CREATE VIEW v_quant_nullable;
DESCRIBE v_quant_nullable;
CREATE VIEW v_quant_not AS SELECT id FROM t WHERE NOT k = ANY (SELECT x FROM u);
SHOW CREATE VIEW v_quant_not;
DESCRIBE v_quant_not;
CREATE VIEW v_quant_two_cols AS SELECT id FROM t WHERE k = ANY (SELECT x, z FROM u);
CREATE VIEW v_quant_types AS SELECT id FROM t WHERE k = ANY (SELECT y FROM u);

-- row-value IN
CREATE VIEW v_row_in AS SELECT id FROM t WHERE (k, region) IN (SELECT x, y FROM u);
SHOW CREATE VIEW v_row_in;
DESCRIBE v_row_in;
CREATE VIEW v_row_not_in AS SELECT id FROM t WHERE (k, region) NOT IN (SELECT z, y FROM u);
SHOW CREATE VIEW v_row_not_in;
DESCRIBE v_row_not_in;
CREATE VIEW v_row_fn_in AS SELECT id FROM t WHERE ROW(k, region) IN (SELECT x, y FROM u);
SHOW CREATE VIEW v_row_fn_in;
DESCRIBE v_row_fn_in;
CREATE VIEW v_row_in_item AS SELECT id, (id, k) IN (SELECT x, x FROM u) AS a, (id, id) IN (SELECT x, x FROM u) AS b FROM t;
SHOW CREATE VIEW v_row_in_item;
DESCRIBE v_row_in_item;
CREATE VIEW v_row_in_arity AS SELECT id FROM t WHERE (k, region) IN (SELECT x FROM u);
CREATE VIEW v_row_in_arity3 AS SELECT id FROM t WHERE (k, region) IN (SELECT x, y, z FROM u);
CREATE VIEW v_row_in_types AS SELECT id FROM t WHERE (k, region) IN (SELECT y, x FROM u);

-- EXISTS and IN
CREATE VIEW v_exists_corr AS SELECT t.id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.k AND u.y = t.region);
SHOW CREATE VIEW v_exists_corr;
DESCRIBE v_exists_corr;
CREATE VIEW v_not_exists_corr AS SELECT t.id FROM t WHERE NOT EXISTS (SELECT u.x FROM u WHERE u.x = t.k);
SHOW CREATE VIEW v_not_exists_corr;
DESCRIBE v_not_exists_corr;
CREATE VIEW v_exists_item AS SELECT t.id, EXISTS (SELECT 1 FROM u WHERE u.x = t.k) AS e FROM t;
SHOW CREATE VIEW v_exists_item;
DESCRIBE v_exists_item;
CREATE VIEW v_in_having AS SELECT k, COUNT(*) AS n FROM t GROUP BY k HAVING k IN (SELECT x FROM u);
SHOW CREATE VIEW v_in_having;
DESCRIBE v_in_having;
CREATE VIEW v_in_item AS SELECT id, k IN (SELECT x FROM u) AS a, id IN (SELECT x FROM u) AS b, k NOT IN (SELECT z FROM u) AS c FROM t;
SHOW CREATE VIEW v_in_item;
DESCRIBE v_in_item;
CREATE VIEW v_in_corr AS SELECT t.id FROM t WHERE t.k IN (SELECT u.z FROM u WHERE u.y = t.region);
SHOW CREATE VIEW v_in_corr;
DESCRIBE v_in_corr;
CREATE VIEW v_in_and AS SELECT id FROM t WHERE k IN (SELECT x FROM u) AND region NOT IN (SELECT y FROM u) OR EXISTS (SELECT 1 FROM u);
SHOW CREATE VIEW v_in_and;
DESCRIBE v_in_and;
CREATE VIEW v_scalar_having AS SELECT k, SUM(amount) AS s FROM t GROUP BY k HAVING SUM(amount) > (SELECT MAX(x) FROM u);
SHOW CREATE VIEW v_scalar_having;
DESCRIBE v_scalar_having;

-- parenthesised columns
CREATE VIEW v_paren_col AS SELECT (id) FROM t;
SHOW CREATE VIEW v_paren_col;
DESCRIBE v_paren_col;
CREATE VIEW v_distinct_paren AS SELECT DISTINCT(region) FROM t;
SHOW CREATE VIEW v_distinct_paren;
DESCRIBE v_distinct_paren;
CREATE VIEW v_paren_qualified AS SELECT ((t.id)), (t.k) AS x, (region) FROM t;
SHOW CREATE VIEW v_paren_qualified;
DESCRIBE v_paren_qualified;
CREATE VIEW v_paren_expr AS SELECT (k + 1), ((k)) + 1, (k) + (1) AS s, (((amount))) FROM t;
SHOW CREATE VIEW v_paren_expr;
DESCRIBE v_paren_expr;
CREATE VIEW v_paren_sub AS SELECT (s.k) FROM (SELECT (k) FROM t) AS s;
SHOW CREATE VIEW v_paren_sub;
DESCRIBE v_paren_sub;
CREATE VIEW v_paren_group AS SELECT (region), COUNT(*) FROM t GROUP BY (region);
SHOW CREATE VIEW v_paren_group;
DESCRIBE v_paren_group;
CREATE VIEW v_paren_dup AS SELECT (id), id FROM t;

-- where a scalar subquery gets two pairs of parentheses and where three
CREATE TABLE w (b BOOLEAN NOT NULL, n INT) WITH ('connector' = 'datagen');
CREATE VIEW v_where_whole AS SELECT id FROM t WHERE (SELECT MAX(b) FROM w);
SHOW CREATE VIEW v_where_whole;
CREATE VIEW v_when_whole AS SELECT CASE WHEN (SELECT MAX(b) FROM w) THEN 1 END AS c FROM t;
SHOW CREATE VIEW v_when_whole;
DESCRIBE v_when_whole;
CREATE VIEW v_not_sub AS SELECT id FROM t WHERE NOT (SELECT MAX(b) FROM w);
SHOW CREATE VIEW v_not_sub;
CREATE VIEW v_neg_sub AS SELECT -(SELECT MAX(x) FROM u) AS c, (SELECT MAX(x) FROM u) IS NULL AS d FROM t;
SHOW CREATE VIEW v_neg_sub;
DESCRIBE v_neg_sub;
CREATE VIEW v_between_sub AS SELECT id FROM t WHERE k BETWEEN (SELECT MIN(x) FROM u) AND (SELECT MAX(x) FROM u);
SHOW CREATE VIEW v_between_sub;
CREATE VIEW v_like_sub AS SELECT id FROM t WHERE region LIKE (SELECT MAX(y) FROM u) OR region || (SELECT MAX(y) FROM u) = 'a';
SHOW CREATE VIEW v_like_sub;
CREATE VIEW v_in_one_sub AS SELECT id FROM t WHERE k IN ((SELECT MAX(x) FROM u));
SHOW CREATE VIEW v_in_one_sub;
CREATE VIEW v_agg_sub AS SELECT SUM((SELECT MAX(x) FROM u)) AS s, CONCAT(MAX(region), (SELECT MAX(y) FROM u)) AS c FROM t;
SHOW CREATE VIEW v_agg_sub;
DESCRIBE v_agg_sub;
CREATE VIEW v_row_sub AS SELECT ROW((SELECT MAX(x) FROM u), 1) AS r FROM t;
SHOW CREATE VIEW v_row_sub;
DESCRIBE v_row_sub;
CREATE VIEW v_nested_sub AS SELECT (SELECT MAX(x) FROM u WHERE u.z > (SELECT MIN(k) FROM t)) AS m FROM t;
SHOW CREATE VIEW v_nested_sub;
DESCRIBE v_nested_sub;
CREATE VIEW v_join_on_sub AS SELECT t.id FROM t JOIN u ON t.k = u.x AND u.z IN (SELECT n FROM w);
SHOW CREATE VIEW v_join_on_sub;
CREATE VIEW v_if_sub AS SELECT IF(k > 0, (SELECT MAX(x) FROM u), 0) AS c FROM t;
SHOW CREATE VIEW v_if_sub;
DESCRIBE v_if_sub;

-- more quantified comparisons and IN
CREATE VIEW v_any_union AS SELECT id FROM t WHERE k = ANY (SELECT x FROM u UNION SELECT z FROM u);
SHOW CREATE VIEW v_any_union;
CREATE VIEW v_all_corr AS SELECT id FROM t WHERE k >= ALL (SELECT x FROM u WHERE u.z = t.k);
SHOW CREATE VIEW v_all_corr;
CREATE VIEW v_row_any AS SELECT id, (k, region) = ANY (SELECT x, y FROM u) AS a FROM t;
SHOW CREATE VIEW v_row_any;
DESCRIBE v_row_any;
CREATE VIEW v_any_is_true AS SELECT id FROM t WHERE k = ANY (SELECT x FROM u) IS TRUE AND EXISTS (SELECT x FROM u) IS TRUE;
SHOW CREATE VIEW v_any_is_true;
CREATE VIEW v_in_eq AS SELECT id, k IN (SELECT x FROM u) = TRUE AS a FROM t;
SHOW CREATE VIEW v_in_eq;
DESCRIBE v_in_eq;
CREATE VIEW v_not_in_list_sub AS SELECT id FROM t WHERE k NOT IN ((SELECT MAX(x) FROM u), 1);
SHOW CREATE VIEW v_not_in_list_sub;
CREATE VIEW v_any_values AS SELECT id FROM t WHERE k IN (VALUES 1, 2);
CREATE VIEW v_all_two_cols AS SELECT id FROM t WHERE k >= ALL (SELECT x, z FROM u);
CREATE VIEW v_row_any_arity AS SELECT id FROM t WHERE (k, region) = ANY (SELECT x FROM u);
CREATE VIEW v_array_sub AS SELECT ARRAY[(SELECT MAX(x) FROM u)] AS a FROM t;
CREATE VIEW v_having_sub AS SELECT id FROM t GROUP BY id HAVING (SELECT MAX(b) FROM w);
CREATE VIEW v_having_sub_eq AS SELECT id FROM t GROUP BY id HAVING (SELECT MAX(b) FROM w) = TRUE;
SHOW CREATE VIEW v_having_sub_eq;
CREATE VIEW v_having_int AS SELECT k FROM t GROUP BY k HAVING k;
CREATE VIEW v_having_null AS SELECT k FROM t GROUP BY k HAVING NULL;
CREATE VIEW v_where_sub_int AS SELECT k FROM t WHERE (SELECT MAX(x) FROM u);
CREATE VIEW v_in_values_rows AS SELECT id FROM t WHERE k IN (VALUES (1), (2));
SHOW CREATE VIEW v_in_values_rows;
CREATE VIEW v_func_two_cols AS SELECT ABS((SELECT x, z FROM u)) AS a FROM t;
CREATE VIEW v_any_missing AS SELECT id FROM t WHERE k = ANY (SELECT nope FROM u);
CREATE VIEW v_group_sub AS SELECT COUNT(*) AS n FROM t GROUP BY (SELECT MAX(x) FROM u);
SHOW VIEWS;
