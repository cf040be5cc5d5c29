package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.table.api.internal.ShowCreateUtil;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.Column;
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

    Statements(String dashboardName, String flinkName) {
        this.dashboardName = dashboardName;
        this.flinkName = flinkName;
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

    /** CREATE TABLE / CREATE VIEW: Flink's own SHOW CREATE text of the resolved object. */
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

    /** One ALTER TABLE statement for each change Flink describes. */
    List<String> alterTable(ObjectPath path, List<TableChange> changes) {
        String head = "ALTER TABLE " + id(path) + " ";
        List<String> statements = new ArrayList<>();
        for (TableChange change : changes) {
            statements.add(head + clause(change));
        }
        return statements;
    }

    private String clause(TableChange change) {
        if (change instanceof TableChange.SetOption set) {
            return "SET (" + Rename.literal(set.getKey()) + " = " + Rename.literal(set.getValue()) + ")";
        }
        if (change instanceof TableChange.ResetOption reset) {
            return "RESET (" + Rename.literal(reset.getKey()) + ")";
        }
        if (change instanceof TableChange.AddColumn add) {
            return "ADD " + column(add.getColumn()) + position(add.getPosition());
        }
        if (change instanceof TableChange.DropColumn drop) {
            return "DROP " + Rename.quote(drop.getColumnName());
        }
        if (change instanceof TableChange.ModifyColumnName rename) {
            return "RENAME " + Rename.quote(rename.getOldColumnName()) + " TO "
                    + Rename.quote(rename.getNewColumnName());
        }
        if (change instanceof TableChange.ModifyColumn modify
                && (change instanceof TableChange.ModifyPhysicalColumnType
                        || change instanceof TableChange.ModifyColumnComment
                        || change instanceof TableChange.ModifyColumnPosition)) {
            TableChange.ColumnPosition position =
                    change instanceof TableChange.ModifyColumnPosition moved ? moved.getNewPosition() : null;
            return "MODIFY " + column(modify.getNewColumn()) + position(position);
        }
        throw new CatalogException(
                "The dashboard catalog cannot apply this change from Flink yet: " + change
                        + ". Run the ALTER TABLE statement in the dashboard's console instead.");
    }

    private static String position(TableChange.ColumnPosition position) {
        if (position instanceof TableChange.First) {
            return " FIRST";
        }
        if (position instanceof TableChange.After after) {
            return " AFTER " + Rename.quote(after.column());
        }
        return "";
    }

    private String column(Column column) {
        StringBuilder text = new StringBuilder(Rename.quote(column.getName()));
        if (column instanceof Column.ComputedColumn computed) {
            text.append(" AS ").append(toDashboard(computed.getExpression().asSerializableString(DefaultSqlFactory.INSTANCE)));
        } else {
            text.append(' ').append(column.getDataType().getLogicalType().asSerializableString());
            if (column instanceof Column.MetadataColumn metadata) {
                text.append(" METADATA");
                metadata.getMetadataKey().ifPresent(k -> text.append(" FROM ").append(Rename.literal(k)));
                if (metadata.isVirtual()) {
                    text.append(" VIRTUAL");
                }
            }
        }
        column.getComment().ifPresent(c -> text.append(" COMMENT ").append(Rename.literal(c)));
        return text.toString();
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
