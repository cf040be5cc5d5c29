-- Functions: CREATE / DROP [TEMPORARY] FUNCTION, SHOW USER FUNCTIONS.
CREATE CATALOG g_functions WITH ('type' = 'generic_in_memory');
USE CATALOG g_functions;
CREATE DATABASE other;
SHOW USER FUNCTIONS;

-- catalog functions: the class is not checked at creation
CREATE FUNCTION f1 AS 'com.example.Missing';
CREATE FUNCTION IF NOT EXISTS f2 AS 'com.example.F2' LANGUAGE JAVA;
CREATE FUNCTION f3 AS 'com.example.F3' LANGUAGE SCALA;
CREATE FUNCTION f4 AS 'module.func' LANGUAGE PYTHON;
CREATE FUNCTION f5 AS 'com.example.F5' USING JAR '/nonexistent/udf.jar';
CREATE FUNCTION f6 AS 'com.example.F6' LANGUAGE JAVA USING JAR '/a.jar', JAR '/b.jar';
CREATE FUNCTION f7 AS 'com.example.F7' LANGUAGE PYTHON USING JAR '/a.jar';
CREATE FUNCTION f8 AS 'com.example.F8' LANGUAGE SQL;
CREATE FUNCTION f9 AS 'com.example.F9' USING FILE '/a.py';
CREATE FUNCTION other.g1 AS 'com.example.G1';
CREATE FUNCTION g_functions.other.g2 AS 'com.example.G2';
CREATE FUNCTION missing_db.g3 AS 'com.example.G3';
CREATE FUNCTION g_missing.other.g4 AS 'com.example.G4';
CREATE FUNCTION MixedFn AS 'com.example.Mixed';
CREATE FUNCTION `select` AS 'com.example.Select';
CREATE FUNCTION select AS 'com.example.Select';
CREATE FUNCTION upper AS 'com.example.Upper';
SHOW USER FUNCTIONS;
SHOW FUNCTIONS LIKE 'f%';
SHOW USER FUNCTIONS LIKE 'f%';
SHOW USER FUNCTIONS ILIKE 'MIXED%';
SHOW USER FUNCTIONS FROM other;
SHOW USER FUNCTIONS IN g_functions.other;

-- already exists
CREATE FUNCTION f1 AS 'com.example.Other';
CREATE FUNCTION IF NOT EXISTS f1 AS 'com.example.Other';
CREATE FUNCTION mixedfn AS 'com.example.Other';
CREATE FUNCTION other.g1 AS 'com.example.Other';

-- showing a function
DESCRIBE FUNCTION f1;
DESCRIBE FUNCTION EXTENDED f2;
SHOW CREATE FUNCTION f1;

-- temporary functions: the class is loaded at creation
CREATE TEMPORARY FUNCTION t1 AS 'com.example.Missing';
CREATE TEMPORARY FUNCTION IF NOT EXISTS t2 AS 'com.example.Missing' LANGUAGE JAVA;
CREATE TEMPORARY FUNCTION t3 AS 'com.example.Missing' USING JAR '/nonexistent/udf.jar';
CREATE TEMPORARY FUNCTION t4 AS 'module.func' LANGUAGE PYTHON;
CREATE TEMPORARY FUNCTION t5 AS 'java.lang.String';
CREATE TEMPORARY FUNCTION t6 AS 'org.apache.flink.table.functions.ScalarFunction';
CREATE TEMPORARY SYSTEM FUNCTION s1 AS 'com.example.Missing';
CREATE TEMPORARY FUNCTION f1 AS 'com.example.Missing';
-- Flink loads a temporary function's class when it is created; the dashboard has no JVM and
-- records it (tests/goldens/deviations.json). Drop what only the dashboard created.
DROP TEMPORARY FUNCTION IF EXISTS t1;
DROP TEMPORARY FUNCTION IF EXISTS t2;
DROP TEMPORARY FUNCTION IF EXISTS t3;
DROP TEMPORARY FUNCTION IF EXISTS t6;
DROP TEMPORARY SYSTEM FUNCTION IF EXISTS s1;
DROP TEMPORARY FUNCTION IF EXISTS f1;
SHOW USER FUNCTIONS;

-- DROP FUNCTION
DROP FUNCTION f1;
DROP FUNCTION f1;
DROP FUNCTION IF EXISTS f1;
DROP FUNCTION other.g1;
DROP FUNCTION g_functions.other.g2;
DROP FUNCTION missing_db.g3;
DROP FUNCTION IF EXISTS missing_db.g3;
DROP FUNCTION g_missing.other.g4;
DROP FUNCTION IF EXISTS g_missing.other.g4;
DROP FUNCTION MIXEDFN;
DROP FUNCTION MixedFn;
DROP TEMPORARY FUNCTION f2;
DROP TEMPORARY FUNCTION IF EXISTS f2;
DROP TEMPORARY SYSTEM FUNCTION f2;
DROP TEMPORARY SYSTEM FUNCTION IF EXISTS f2;
DROP FUNCTION upper;
DROP FUNCTION `select`;
SHOW USER FUNCTIONS;
SHOW USER FUNCTIONS FROM other;

-- ALTER FUNCTION
ALTER FUNCTION f2 AS 'com.example.NewF2';
ALTER FUNCTION f2 AS 'com.example.NewF2' LANGUAGE PYTHON;
ALTER FUNCTION missing AS 'com.example.X';
ALTER FUNCTION IF EXISTS missing AS 'com.example.X';
SHOW USER FUNCTIONS;

-- functions and databases
CREATE DATABASE fdb;
CREATE FUNCTION fdb.only_fn AS 'com.example.X';
DROP DATABASE fdb;
DROP DATABASE fdb CASCADE;
SHOW DATABASES;
