package org.flinkdashboard.catalog;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.table.api.internal.ShowCreateUtil;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.expressions.DefaultSqlFactory;
import org.apache.flink.table.resource.ResourceUri;

/**
 * The Flink SQL statement of each change the Catalog API asks for: the dashboard runs it as it
 * runs any other door's, so every rule, permission, history entry and approval applies.
 * Objects are named with the dashboard's catalog name.
 */
final class Statements {
    private final String dashboardName;
    private final String flinkName;
    private final TableChanges tableChanges;

    Statements(String dashboardName, String flinkName) {
        this.dashboardName = dashboardName;
        this.flinkName = flinkName;
        this.tableChanges = new TableChanges(this::toDashboard);
    }

    private String id(String database, String name) {
        return Rename.quote(dashboardName) + "." + Rename.quote(database) + "." + Rename.quote(name);
    }

    private String id(ObjectPath path) {
        return id(path.getDatabaseName(), path.getObjectName());
    }

    /** Flink's text (a SHOW CREATE, an expression) as the dashboard names the catalog. */
    private String toDashboard(String sql) {
        return Rename.catalog(sql, flinkName, dashboardName);
    }

    String createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists) {
        StringBuilder text = new StringBuilder("CREATE DATABASE ");
        if (ignoreIfExists) {
            text.append("IF NOT EXISTS ");
        }
        text.append(Rename.quote(dashboardName)).append('.').append(Rename.quote(name));
        if (database.getComment() != null && !database.getComment().isEmpty()) {
            text.append("\nCOMMENT ").append(Rename.literal(database.getComment()));
        }
        Map<String, String> properties = database.getProperties();
        if (properties != null && !properties.isEmpty()) {
            text.append("\nWITH (").append(options(properties)).append(')');
        }
        return text.toString();
    }

    String dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade) {
        return "DROP DATABASE " + (ignoreIfNotExists ? "IF EXISTS " : "") + Rename.quote(dashboardName)
                + "." + Rename.quote(name) + (cascade ? " CASCADE" : " RESTRICT");
    }

    /** ALTER DATABASE ... SET: Flink's ALTER DATABASE only adds and changes properties. */
    String alterDatabase(String name, Map<String, String> properties) {
        if (properties == null || properties.isEmpty()) {
            return null;
        }
        return "ALTER DATABASE " + Rename.quote(dashboardName) + "." + Rename.quote(name) + " SET ("
                + options(properties) + ")";
    }

    /**
     * CREATE TABLE / CREATE VIEW: Flink's own SHOW CREATE text of the resolved object. A table's
     * distribution is in it as {@code TableDistribution.toString()} prints it, between COMMENT
     * and PARTITIONED BY: the one order Flink's grammar accepts.
     */
    String create(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists) {
        if (!(table instanceof ResolvedCatalogBaseTable<?> resolved)) {
            throw new CatalogException("The dashboard catalog stores resolved tables and views only.");
        }
        ObjectIdentifier identifier =
                ObjectIdentifier.of(dashboardName, path.getDatabaseName(), path.getObjectName());
        String text =
                table instanceof CatalogView
                        ? ShowCreateUtil.buildShowCreateViewRow(resolved, identifier, false)
                        : ShowCreateUtil.buildShowCreateTableRow(
                                resolved, identifier, false, DefaultSqlFactory.INSTANCE);
        text = toDashboard(text.strip());
        String head = table instanceof CatalogView ? "CREATE VIEW " : "CREATE TABLE ";
        if (ignoreIfExists && text.startsWith(head)) {
            text = head + "IF NOT EXISTS " + text.substring(head.length());
        }
        return text;
    }

    String drop(ObjectPath path, boolean view, boolean ignoreIfNotExists) {
        return (view ? "DROP VIEW " : "DROP TABLE ") + (ignoreIfNotExists ? "IF EXISTS " : "") + id(path);
    }

    String rename(ObjectPath path, boolean view, String newName) {
        return (view ? "ALTER VIEW " : "ALTER TABLE ") + id(path) + " RENAME TO "
                + id(path.getDatabaseName(), newName);
    }

    String alterView(ObjectPath path, CatalogView view) {
        return "ALTER VIEW " + id(path) + " AS " + toDashboard(view.getExpandedQuery());
    }

    /** The ALTER TABLE statements of the changes Flink describes (see {@link TableChanges}). */
    List<String> alterTable(ObjectPath path, List<TableChange> changes) {
        return tableChanges.statements("ALTER TABLE " + id(path) + " ", changes);
    }

    String createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfExists) {
        StringBuilder text = new StringBuilder("CREATE FUNCTION ");
        if (ignoreIfExists) {
            text.append("IF NOT EXISTS ");
        }
        text.append(id(path)).append(" AS ").append(Rename.literal(function.getClassName()));
        text.append(" LANGUAGE ").append(function.getFunctionLanguage().name());
        List<ResourceUri> resources = function.getFunctionResources();
        if (resources != null && !resources.isEmpty()) {
            text.append(" USING ")
                    .append(resources.stream()
                            .map(r -> r.getResourceType().name() + " " + Rename.literal(r.getUri()))
                            .collect(Collectors.joining(", ")));
        }
        return text.toString();
    }

    /**
     * ALTER FUNCTION: its class and language. Flink's ALTER FUNCTION has no USING clause, and
     * the dashboard keeps the function's jars and artifact; other jars are refused, not dropped.
     */
    String alterFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfNotExists) {
        List<ResourceUri> resources = function.getFunctionResources();
        if (resources != null && !resources.isEmpty()) {
            throw new CatalogException(
                    "ALTER FUNCTION from Flink changes a function's class and language only; change the jars of "
                            + path.getFullName() + " in the dashboard (DROP and CREATE FUNCTION ... USING JAR).");
        }
        return "ALTER FUNCTION " + (ignoreIfNotExists ? "IF EXISTS " : "") + id(path) + " AS "
                + Rename.literal(function.getClassName()) + " LANGUAGE " + function.getFunctionLanguage().name();
    }

    String dropFunction(ObjectPath path, boolean ignoreIfNotExists) {
        return "DROP FUNCTION " + (ignoreIfNotExists ? "IF EXISTS " : "") + id(path);
    }

    private static String options(Map<String, String> options) {
        return options.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> Rename.literal(e.getKey()) + " = " + Rename.literal(e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
