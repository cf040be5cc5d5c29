package org.flinkdashboard.catalog;

import java.util.List;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.CatalogFunctionImpl;
import org.apache.flink.table.catalog.FunctionLanguage;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.resource.ResourceType;
import org.apache.flink.table.resource.ResourceUri;

/** The statements of databases and functions, named as the dashboard names the catalog. */
public class StatementsTest {
    private final Statements statements = new Statements("shop", "prod");
    private final ObjectPath f = new ObjectPath("sales", "f");

    public void testAlterFunctionChangesClassAndLanguage() {
        Check.equal(
                "ALTER FUNCTION `shop`.`sales`.`f` AS 'com.example.It''s' LANGUAGE SCALA",
                statements.alterFunction(f, new CatalogFunctionImpl("com.example.It's", FunctionLanguage.SCALA), false));
        Check.equal(
                "ALTER FUNCTION IF EXISTS `shop`.`sales`.`f` AS 'com.example.F' LANGUAGE JAVA",
                statements.alterFunction(f, new CatalogFunctionImpl("com.example.F"), true));
    }

    public void testAlterFunctionRefusesJarsRatherThanDroppingThem() {
        ResourceUri jar = new ResourceUri(ResourceType.JAR, "file:///tmp/f.jar");
        CatalogException refused = Check.raises(
                CatalogException.class,
                () -> statements.alterFunction(
                        f, new CatalogFunctionImpl("com.example.F", FunctionLanguage.JAVA, List.of(jar)), false));
        Check.equal(
                "ALTER FUNCTION from Flink changes a function's class and language only; change the jars of "
                        + "sales.f in the dashboard (DROP and CREATE FUNCTION ... USING JAR).",
                refused.getMessage());
    }

    public void testCreateFunctionWithItsJars() {
        ResourceUri jar = new ResourceUri(ResourceType.JAR, "file:///tmp/f.jar");
        Check.equal(
                "CREATE FUNCTION IF NOT EXISTS `shop`.`sales`.`f` AS 'com.example.F' LANGUAGE JAVA USING JAR 'file:///tmp/f.jar'",
                statements.createFunction(
                        f, new CatalogFunctionImpl("com.example.F", FunctionLanguage.JAVA, List.of(jar)), true));
    }

    public void testDatabases() {
        Check.equal(
                "CREATE DATABASE IF NOT EXISTS `shop`.`d`\nCOMMENT 'the d'\nWITH ('a' = '1', 'b' = '2')",
                statements.createDatabase("d", new CatalogDatabaseImpl(Map.of("b", "2", "a", "1"), "the d"), true));
        Check.equal("DROP DATABASE IF EXISTS `shop`.`d` CASCADE", statements.dropDatabase("d", true, true));
        Check.equal("DROP DATABASE `shop`.`d` RESTRICT", statements.dropDatabase("d", false, false));
        Check.equal("ALTER DATABASE `shop`.`d` SET ('a' = '1')", statements.alterDatabase("d", Map.of("a", "1")));
        Check.equal(null, statements.alterDatabase("d", Map.of()));
    }

    public void testTablesAndViewsByName() {
        ObjectPath t = new ObjectPath("sales", "t`1");
        Check.equal("DROP VIEW IF EXISTS `shop`.`sales`.`t``1`", statements.drop(t, true, true));
        Check.equal("DROP TABLE `shop`.`sales`.`t``1`", statements.drop(t, false, false));
        Check.equal(
                "ALTER TABLE `shop`.`sales`.`t``1` RENAME TO `shop`.`sales`.`u`", statements.rename(t, false, "u"));
    }
}
