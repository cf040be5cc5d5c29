-- ELEMENT of an array and COALESCE/IFNULL of collections (#14: found by the differential run
-- of seed 13): ELEMENT is null where the array or its elements may be; a collection whose
-- members differ only in nullability is not cast, and a cast to another collection type is
-- written as Calcite's type spec (BIGINT ARRAY), whose elements are NOT NULL.
CREATE CATALOG g_colcast WITH ('type' = 'generic_in_memory');
USE CATALOG g_colcast;

CREATE TABLE t (id INT NOT NULL, i INT, bi BIGINT NOT NULL, dec5 DECIMAL(5, 2), d DOUBLE, s STRING, vc VARCHAR(20), dt DATE, tm TIME, ts TIMESTAMP(3), tsp TIMESTAMP(3), arr ARRAY<INT>, arr_r ARRAY<ROW<f INT, g STRING>>, m MAP<STRING, INT>, b BOOLEAN, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');

CREATE VIEW v_element AS SELECT ELEMENT(ARRAY[1]) AS e0, ELEMENT(ARRAY[CAST(NULL AS INT), 1]) AS e1, ELEMENT(ARRAY[id]) AS e2, ELEMENT(ARRAY[i]) AS e3, ELEMENT(arr) AS e4, ELEMENT(ARRAY[1, CAST(NULL AS INT)]) AS e5, ELEMENT(ARRAY[1, i]) AS e6 FROM t;
SHOW CREATE VIEW v_element;
DESCRIBE v_element;
CREATE VIEW v_element_more AS SELECT ELEMENT(MULTISET[i]) AS e0, ELEMENT(MULTISET[1]) AS e1, ELEMENT(arr_r) AS e2, ELEMENT(ARRAY[ROW(i, s)]) AS e3 FROM t;
SHOW CREATE VIEW v_element_more;
DESCRIBE v_element_more;
CREATE VIEW v_element_rowtime AS SELECT ELEMENT(ARRAY[ts]) AS e0 FROM t;
SHOW CREATE VIEW v_element_rowtime;
DESCRIBE v_element_rowtime;
CREATE VIEW v_coalesce_arrays AS SELECT COALESCE(ARRAY[1, 2], ARRAY[CAST(NULL AS INT), 1]) AS c0, COALESCE(ARRAY[CAST(NULL AS INT), 1], ARRAY[1, 2]) AS c1, COALESCE(arr, ARRAY[1, 2]) AS c2, COALESCE(ARRAY[1, 2], arr) AS c3, COALESCE(ARRAY[1, 2], ARRAY[bi]) AS c4 FROM t;
SHOW CREATE VIEW v_coalesce_arrays;
DESCRIBE v_coalesce_arrays;
CREATE VIEW v_coalesce_members AS SELECT COALESCE(ARRAY['a'], ARRAY[s]) AS c0, COALESCE(ARRAY[vc], ARRAY[s]) AS c1, COALESCE(m, MAP['a', 1]) AS c2, COALESCE(ARRAY[dec5], ARRAY[i]) AS c3, COALESCE(ARRAY[arr], ARRAY[ARRAY[bi]]) AS c4, IFNULL(arr, ARRAY[bi]) AS c5, COALESCE(ARRAY[1], arr, ARRAY[bi]) AS c6 FROM t;
SHOW CREATE VIEW v_coalesce_members;
DESCRIBE v_coalesce_members;
CREATE VIEW v_collection_columns AS SELECT ARRAY[i] AS a FROM t UNION ALL SELECT ARRAY[bi] FROM t;
SHOW CREATE VIEW v_collection_columns;
DESCRIBE v_collection_columns;
CREATE VIEW v_collection_case AS SELECT CASE WHEN b THEN ARRAY[i] ELSE ARRAY[bi] END AS a, MAP_UNION(m, MAP['a', bi]) AS u FROM t;
SHOW CREATE VIEW v_collection_case;
DESCRIBE v_collection_case;
CREATE VIEW v_collection_specs AS SELECT CAST(arr AS INTEGER ARRAY) AS c0, CAST(arr AS BIGINT ARRAY) AS c1, CAST(arr AS ARRAY<BIGINT>) AS c2, CAST(ARRAY[1, 2] AS BIGINT ARRAY) AS c3, CAST(ARRAY[arr] AS BIGINT ARRAY ARRAY) AS c4, CAST(ARRAY['a'] AS VARCHAR(3) ARRAY) AS c5, CAST(MULTISET[1] AS BIGINT MULTISET) AS c6, COALESCE(CAST(ARRAY[1, 2] AS BIGINT ARRAY), ARRAY[bi]) AS c7 FROM t;
SHOW CREATE VIEW v_collection_specs;
DESCRIBE v_collection_specs;
-- COALESCE and IFNULL of collections whose members have no common type, or whose common
-- element is a date-time that a number would be cast to: Flink's refusals.
CREATE VIEW v_members_0 AS SELECT COALESCE(ARRAY['a'], ARRAY[CAST(NULL AS INT), 1]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_0;
DESCRIBE v_members_0;
CREATE VIEW v_members_1 AS SELECT COALESCE(ARRAY[ta.s], ta.arr) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_1;
DESCRIBE v_members_1;
CREATE VIEW v_members_2 AS SELECT COALESCE(ta.arr, ARRAY[ta.tsp]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_2;
DESCRIBE v_members_2;
CREATE VIEW v_members_3 AS SELECT COALESCE(ta.arr, ta.m) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_3;
DESCRIBE v_members_3;
CREATE VIEW v_members_4 AS SELECT IFNULL(ARRAY[ta.s], ta.arr) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_4;
DESCRIBE v_members_4;
CREATE VIEW v_members_5 AS SELECT COALESCE(ta.m, MAP[1, 1]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_5;
DESCRIBE v_members_5;
CREATE VIEW v_members_6 AS SELECT COALESCE(ta.m, MAP['a', 'b']) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_6;
DESCRIBE v_members_6;
CREATE VIEW v_members_7 AS SELECT COALESCE(ARRAY[ta.tsp], ta.arr) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_7;
DESCRIBE v_members_7;
CREATE VIEW v_members_8 AS SELECT COALESCE(ARRAY[1], ARRAY[ta.tsp]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_8;
DESCRIBE v_members_8;
CREATE VIEW v_members_9 AS SELECT COALESCE(ta.arr, ARRAY[ta.dt]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_9;
DESCRIBE v_members_9;
CREATE VIEW v_members_10 AS SELECT COALESCE(ta.arr, ARRAY[ta.tm]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_10;
DESCRIBE v_members_10;
CREATE VIEW v_members_11 AS SELECT COALESCE(ARRAY[ta.dec5], ARRAY[ta.d]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_11;
DESCRIBE v_members_11;
CREATE VIEW v_members_12 AS SELECT COALESCE(ta.arr, ARRAY[ta.bi], ARRAY[ta.s]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_12;
DESCRIBE v_members_12;
CREATE VIEW v_members_13 AS SELECT COALESCE(ta.arr_r, ARRAY[ROW(1, 'x')]) AS a FROM t AS ta;
SHOW CREATE VIEW v_members_13;
DESCRIBE v_members_13;
