-- Numeric literals in views: the type Flink derives for each (DESCRIBE) and how it writes the
-- literal back (SHOW CREATE VIEW): digits kept, leading zeros dropped, minus folded, bounds.
CREATE CATALOG g_vlitn WITH ('type' = 'generic_in_memory');
USE CATALOG g_vlitn;

CREATE TABLE t (
  id BIGINT NOT NULL,
  qty INT,
  small SMALLINT,
  big BIGINT,
  price DECIMAL(10, 2),
  wide DECIMAL(38, 10),
  score FLOAT,
  ratio DOUBLE,
  flag BOOLEAN
) WITH ('connector' = 'datagen');

-- integers: leading zeros, INT/BIGINT bounds
CREATE VIEW v_int AS SELECT 0 AS a, 7 AS b, 007 AS c, 2147483647 AS d, 2147483648 AS e, -2147483648 AS f, -2147483649 AS g, 9223372036854775807 AS h, -9223372036854775808 AS i, 0000 AS j FROM t;
SHOW CREATE VIEW v_int;
DESCRIBE v_int;
CREATE VIEW v_int_over AS SELECT 9223372036854775808 AS a FROM t;
CREATE VIEW v_int_over2 AS SELECT 99999999999999999999 AS a FROM t;
CREATE VIEW v_int_under AS SELECT -9223372036854775809 AS a FROM t;
CREATE VIEW v_int_expr AS SELECT qty + 2147483648 AS a, small + 1 AS b, big * 2 AS c, 2147483647 + 1 AS d FROM t;
SHOW CREATE VIEW v_int_expr;
DESCRIBE v_int_expr;

-- exact decimals keep every digit
CREATE VIEW v_dec AS SELECT 0.5 AS a, .25 AS b, 0.06 AS c, 1.0 AS d, 1. AS e, 00.50 AS f, 123.456 AS g, -0.5 AS h, -.25 AS i, 0.000001 AS j, 0.0000001 AS k, 100.00 AS l FROM t;
SHOW CREATE VIEW v_dec;
DESCRIBE v_dec;
CREATE VIEW v_dec_bound AS SELECT 123456789012345678.9 AS a, 9223372036854775.807 AS b, -922337203685477.5808 AS c, 0.000000000000000001 AS d FROM t;
SHOW CREATE VIEW v_dec_bound;
DESCRIBE v_dec_bound;
CREATE VIEW v_dec_over AS SELECT 9223372036854775.808 AS a FROM t;
CREATE VIEW v_dec_over2 AS SELECT 0.12345678901234567890 AS a FROM t;
CREATE VIEW v_dec_over3 AS SELECT 0.00000000123456789012345678901 AS a FROM t;
CREATE VIEW v_dec_arith AS SELECT 0.5 * 2 AS a, 0.5 * qty AS b, .25 + 1 AS c, 0.06 * price AS d, 1.5 * 0.5 AS e, 0.5 / 3 AS f, qty * 0.06 AS g, price + 0.06 AS h, -0.5 * 2 AS i, wide * 0.5 AS j, wide + 0.06 AS k, 0.5 - .25 AS l FROM t;
SHOW CREATE VIEW v_dec_arith;
DESCRIBE v_dec_arith;
CREATE VIEW v_typed_dec AS SELECT DECIMAL '0.06' AS a, DECIMAL '1' AS b, DECIMAL '-1.50' AS c, DECIMAL '.5' AS d, DECIMAL '007.10' AS e, DECIMAL '0.06' * 2 AS f FROM t;
SHOW CREATE VIEW v_typed_dec;
DESCRIBE v_typed_dec;
CREATE VIEW v_typed_dec_bad AS SELECT DECIMAL 'abc' AS a FROM t;

-- approximate literals
CREATE VIEW v_approx AS SELECT 1e0 AS a, 1E0 AS b, 1.5E-3 AS c, 1.5e3 AS d, 10e1 AS e, 100e0 AS f, 1.50e0 AS g, -1e0 AS h, 0e0 AS i, 1e-10 AS j, 1e10 AS k, .5e1 AS l, 123456789e-3 AS m, 2E+2 AS n FROM t;
SHOW CREATE VIEW v_approx;
DESCRIBE v_approx;

-- unary minus folded into numeric literals, unary plus kept
CREATE VIEW v_fold AS SELECT - -3 AS a, -(-3) AS b, -(-0.06) AS c, - - -3 AS d, -(-(1e0)) AS e, -(+3) AS f, +(-3) AS g, -(1 + 2) AS h, -(-2147483648) AS i, - (qty) AS j, - -qty AS k FROM t;
SHOW CREATE VIEW v_fold;
DESCRIBE v_fold;
CREATE VIEW v_plus AS SELECT +3 AS a, + 3 AS b, +0.5 AS c, +qty AS d, +(qty + 1) AS e, 1 + +2 AS f, 1 - -2 AS g, 1 - - 2 AS h FROM t;
SHOW CREATE VIEW v_plus;
DESCRIBE v_plus;
CREATE VIEW v_fold_where AS SELECT qty FROM t WHERE qty > -(-5) AND price < - 0.5;
SHOW CREATE VIEW v_fold_where;
DESCRIBE v_fold_where;

-- approximate and exact operands mixed
CREATE VIEW v_mix AS SELECT score * price AS a, price * score AS b, score + ratio AS c, ratio + score AS d, score + qty AS e, qty + score AS f, ratio * price AS g, ratio + 0.5 AS h, score + 1e0 AS i, score / price AS j, score - big AS k, CAST(2.5 AS FLOAT) * 0.5 AS l, 0.5 * 1e0 AS m, small * score AS n FROM t;
SHOW CREATE VIEW v_mix;
DESCRIBE v_mix;
CREATE VIEW v_mix_case AS SELECT CASE WHEN flag THEN score ELSE price END AS a, CASE WHEN flag THEN price ELSE score END AS b, CASE WHEN flag THEN score ELSE ratio END AS c, CASE WHEN flag THEN ratio ELSE score END AS d, COALESCE(score, price) AS e, CASE WHEN flag THEN qty ELSE score END AS f, CASE WHEN flag THEN 0.5 ELSE 1e0 END AS g, CASE WHEN flag THEN 0.5 ELSE 10 END AS h FROM t;
SHOW CREATE VIEW v_mix_case;
DESCRIBE v_mix_case;
CREATE VIEW v_avg AS SELECT AVG(CAST(2.5 AS FLOAT)) * 0.5 AS a, SUM(score) * price AS b FROM t GROUP BY price;
SHOW CREATE VIEW v_avg;
DESCRIBE v_avg;

-- VALUES of literals
CREATE VIEW v_values_int AS VALUES (-2147483648), (42);
SHOW CREATE VIEW v_values_int;
DESCRIBE v_values_int;
CREATE VIEW v_values_mix AS VALUES (1e0, 0.5);
SHOW CREATE VIEW v_values_mix;
DESCRIBE v_values_mix;
CREATE VIEW v_values_dec AS VALUES (0.5), (.25), (10.125), (007);
SHOW CREATE VIEW v_values_dec;
DESCRIBE v_values_dec;
CREATE VIEW v_values_big AS VALUES (1), (2147483648);
SHOW CREATE VIEW v_values_big;
DESCRIBE v_values_big;
CREATE VIEW v_values_approx AS VALUES (1), (0.5), (1e0);
SHOW CREATE VIEW v_values_approx;
DESCRIBE v_values_approx;
CREATE VIEW v_values_neg AS VALUES (- -3, -(-0.06));
SHOW CREATE VIEW v_values_neg;
DESCRIBE v_values_neg;
