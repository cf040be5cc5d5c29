-- Names: reserved words, backticks, spaces, hyphens, unicode, case.
CREATE CATALOG g_quoting WITH ('type' = 'generic_in_memory');
USE CATALOG g_quoting;

-- reserved words as names: quoted works, unquoted fails
CREATE TABLE `default` (a INT);
CREATE TABLE `select` (`from` INT, `where` STRING);
CREATE TABLE `table` (`table` INT);
CREATE TABLE `one` (`one` INT);
CREATE TABLE `running` (`running` INT);
CREATE TABLE `user` (`user` INT);
CREATE TABLE `value` (`value` INT);
CREATE TABLE `timestamp` (`timestamp` TIMESTAMP(3), `time` TIME, `date` DATE);
SHOW TABLES;
SHOW CREATE TABLE `select`;
DESCRIBE `select`;
SHOW CREATE TABLE `timestamp`;
CREATE TABLE default (a INT);
CREATE TABLE select (a INT);
CREATE TABLE t_table (table INT);
CREATE TABLE one (a INT);
CREATE TABLE running (a INT);
CREATE TABLE user (a INT);
CREATE TABLE value (a INT);
CREATE TABLE t_value (value INT);
CREATE TABLE t_user (user INT);
SHOW CREATE TABLE select;
DESCRIBE `default`;
CREATE DATABASE `database`;
CREATE DATABASE database;
CREATE DATABASE `current`;
USE `database`;
SHOW CURRENT DATABASE;
USE `default`;
CREATE CATALOG `catalog` WITH ('type' = 'generic_in_memory');
CREATE CATALOG catalog WITH ('type' = 'generic_in_memory');
SHOW CREATE CATALOG `catalog`;
DROP CATALOG `catalog`;

-- words that look reserved but are not
CREATE TABLE name (`key` INT, status STRING, `comment` STRING, type INT, data STRING, `count` INT);
SHOW CREATE TABLE name;

-- backticks, spaces, hyphens, dots, unicode inside names
CREATE TABLE `a``b` (`c``d` INT);
SHOW TABLES;
SHOW CREATE TABLE `a``b`;
DESCRIBE `a``b`;
CREATE TABLE `with space` (`col umn` INT, `x-y` STRING, `a.b` INT);
SHOW CREATE TABLE `with space`;
DESCRIBE `with space`;
CREATE TABLE my-table (a INT);
CREATE TABLE `my-table` (a INT);
SHOW CREATE TABLE `my-table`;
CREATE TABLE `tëst_ünïcødé` (`名前` STRING, `émoji_😀` INT);
SHOW CREATE TABLE `tëst_ünïcødé`;
DESCRIBE `tëst_ünïcødé`;
CREATE TABLE tëst_plain (a INT);
SHOW CREATE TABLE tëst_plain;
CREATE TABLE `` (a INT);
CREATE TABLE t_empty_col (`` INT);
CREATE TABLE "double_quoted" (a INT);
CREATE TABLE `a.b` (a INT);
SHOW TABLES;
SHOW CREATE TABLE `a.b`;
CREATE TABLE `123` (`1` INT);
CREATE TABLE 123abc (a INT);
CREATE TABLE _under (_a INT, a$b INT);
SHOW CREATE TABLE _under;
CREATE TABLE `trailing ` (a INT);
SHOW CREATE TABLE `trailing `;

-- case: are names case-sensitive?
CREATE TABLE MixedCase (Col_A INT, col_b STRING);
SHOW TABLES LIKE '%ixed%';
SHOW CREATE TABLE MixedCase;
SHOW CREATE TABLE mixedcase;
SHOW CREATE TABLE MIXEDCASE;
SHOW CREATE TABLE `MixedCase`;
CREATE TABLE mixedcase (a INT);
SHOW TABLES LIKE '%ixed%';
SHOW TABLES LIKE '%IXED%';
DESCRIBE MixedCase;
DESCRIBE mixedcase;
CREATE TABLE case_cols (a INT, A INT, `a` INT);
CREATE TABLE case_cols (a INT, b AS A + 1);
CREATE TABLE case_cols2 (a INT, PRIMARY KEY (A) NOT ENFORCED);
CREATE DATABASE CaseDb;
SHOW DATABASES;
USE casedb;
USE CaseDb;
SHOW CURRENT DATABASE;
USE `default`;
CREATE CATALOG G_Case WITH ('type' = 'generic_in_memory');
SHOW CATALOGS LIKE 'g\_%';
SHOW CATALOGS ILIKE 'g\_%';
USE CATALOG g_case;
USE CATALOG G_Case;
SHOW CURRENT CATALOG;
USE CATALOG g_quoting;
DROP CATALOG G_Case;
SHOW TABLES LIKE 'mixed%';
SHOW TABLES LIKE 'Mixed%';
SHOW DATABASES LIKE 'casedb';
SHOW DATABASES LIKE 'CaseDb';

-- keywords in upper, lower and mixed case
create table lower_kw (a int not null, primary key (a) not enforced) with ('connector' = 'datagen');
SHOW CREATE TABLE lower_kw;
CrEaTe TaBlE mixed_kw (a InT);
SHOW CREATE TABLE mixed_kw;

-- comments and options with quotes
CREATE TABLE quotes (a INT COMMENT 'it''s', b INT COMMENT 'back`tick', c INT COMMENT 'double "q"', d INT COMMENT '') COMMENT 'it''s a "table"' WITH ('k''ey' = 'v''al', 'x' = 'back\slash', 'unicode' = 'ünï');
SHOW CREATE TABLE quotes;
DESCRIBE quotes;
CREATE TABLE quotes2 (a INT COMMENT "double") ;
CREATE TABLE quotes3 (a INT) COMMENT U&'\0041';
SHOW CREATE TABLE quotes3;
CREATE TABLE quotes4 (a INT) COMMENT 'con' 'cat';
SHOW CREATE TABLE quotes4;
CREATE TABLE quotes5 (a INT) WITH ('a' = 'line1
line2');
SHOW CREATE TABLE quotes5;

-- qualified names with quoting
CREATE TABLE `g_quoting`.`database`.`my table` (a INT);
SHOW TABLES FROM `database`;
SHOW CREATE TABLE g_quoting.`database`.`my table`;
DROP TABLE `g_quoting`.`database`.`my table`;
SHOW TABLES FROM `database`;
