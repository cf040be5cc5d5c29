package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.Constraint;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.TableDistribution;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.catalog.WatermarkSpec;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.expressions.DefaultSqlFactory;

/**
 * The ALTER TABLE statements of the changes Flink's Catalog API describes. Consecutive changes
 * of one kind become one statement, as Flink's own SQL wrote them ({@code ADD (c INT, WATERMARK
 * FOR ...)}, {@code SET ('a' = '1', 'b' = '2')}): the dashboard runs each statement in one
 * transaction and keeps it as one history entry.
 */
final class TableChanges {
    /** One clause of ALTER TABLE; clauses of the same {@code verb} (when not null) group. */
    private record Clause(String verb, String item, String column) {}

    private final UnaryOperator<String> toDashboard;

    /** {@code toDashboard}: an expression of Flink's as the dashboard names the catalog. */
    TableChanges(UnaryOperator<String> toDashboard) {
        this.toDashboard = toDashboard;
    }

    /** The statements, each starting with {@code head} ("ALTER TABLE `c`.`d`.`t` "). */
    List<String> statements(String head, List<TableChange> changes) {
        List<String> statements = new ArrayList<>();
        List<Clause> group = new ArrayList<>();
        for (TableChange change : changes) {
            Clause clause = clause(change);
            if (!group.isEmpty() && !joins(group, clause)) {
                statements.add(head + render(group));
                group.clear();
            }
            group.add(clause);
        }
        if (!group.isEmpty()) {
            statements.add(head + render(group));
        }
        return statements;
    }

    /** Whether {@code clause} belongs to {@code group}'s statement: same verb, a column once. */
    private static boolean joins(List<Clause> group, Clause clause) {
        Clause first = group.get(0);
        if (first.verb == null || !first.verb.equals(clause.verb)) {
            return false;
        }
        return clause.column == null || group.stream().noneMatch(c -> clause.column.equals(c.column));
    }

    private static String render(List<Clause> group) {
        Clause first = group.get(0);
        if (first.verb == null) {
            return first.item;
        }
        String items = group.stream().map(Clause::item).collect(Collectors.joining(", "));
        boolean list = group.size() > 1 || first.verb.equals("SET") || first.verb.equals("RESET");
        return first.verb + (list ? " (" + items + ")" : " " + items);
    }

    private Clause clause(TableChange change) {
        if (change instanceof TableChange.SetOption set) {
            return new Clause("SET", Rename.literal(set.getKey()) + " = " + Rename.literal(set.getValue()), null);
        }
        if (change instanceof TableChange.ResetOption reset) {
            return new Clause("RESET", Rename.literal(reset.getKey()), null);
        }
        if (change instanceof TableChange.AddColumn add) {
            return columnClause("ADD", add.getColumn(), add.getPosition());
        }
        if (change instanceof TableChange.DropColumn drop) {
            return new Clause("DROP", Rename.quote(drop.getColumnName()), drop.getColumnName());
        }
        if (change instanceof TableChange.ModifyColumnName rename) {
            return new Clause(
                    null,
                    "RENAME " + Rename.quote(rename.getOldColumnName()) + " TO " + Rename.quote(rename.getNewColumnName()),
                    null);
        }
        if (change instanceof TableChange.ModifyColumn modify) {
            return columnClause("MODIFY", modify.getNewColumn(), modify.getNewPosition());
        }
        if (change instanceof TableChange.AddWatermark add) {
            return new Clause("ADD", watermark(add.getWatermark()), null);
        }
        if (change instanceof TableChange.ModifyWatermark modify) {
            return new Clause("MODIFY", watermark(modify.getNewWatermark()), null);
        }
        if (change instanceof TableChange.DropWatermark) {
            return new Clause(null, "DROP WATERMARK", null);
        }
        if (change instanceof TableChange.AddUniqueConstraint add) {
            return new Clause("ADD", primaryKey(add.getConstraint()), null);
        }
        if (change instanceof TableChange.ModifyUniqueConstraint modify) {
            return new Clause("MODIFY", primaryKey(modify.getNewConstraint()), null);
        }
        if (change instanceof TableChange.DropConstraint drop) {
            return new Clause(null, "DROP CONSTRAINT " + Rename.quote(drop.getConstraintName()), null);
        }
        // a distribution clause stands alone: Flink's grammar has no ADD (c INT, DISTRIBUTION ...)
        if (change instanceof TableChange.AddDistribution add) {
            return new Clause(null, "ADD " + distribution(add.getDistribution()), null);
        }
        if (change instanceof TableChange.ModifyDistribution modify) {
            return new Clause(null, "MODIFY " + distribution(modify.getDistribution()), null);
        }
        if (change instanceof TableChange.DropDistribution) {
            return new Clause(null, "DROP DISTRIBUTION", null);
        }
        throw new CatalogException(
                "The dashboard catalog cannot apply this change from Flink yet: " + change
                        + ". Run the ALTER TABLE statement in the dashboard's console instead.");
    }

    private Clause columnClause(String verb, Column column, TableChange.ColumnPosition position) {
        return new Clause(verb, column(column) + position(position), column.getName());
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

    String column(Column column) {
        StringBuilder text = new StringBuilder(Rename.quote(column.getName()));
        if (column instanceof Column.ComputedColumn computed) {
            text.append(" AS ").append(expression(computed.getExpression()));
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

    private String watermark(WatermarkSpec watermark) {
        return "WATERMARK FOR " + Rename.quote(watermark.getRowtimeAttribute()) + " AS "
                + expression(watermark.getWatermarkExpression());
    }

    /**
     * {@code DISTRIBUTION BY HASH(`a`) INTO 4 BUCKETS}: Flink's text of the distribution, as
     * CREATE TABLE writes it ({@code DISTRIBUTED ...}), in ALTER TABLE's word.
     */
    private static String distribution(TableDistribution distribution) {
        return "DISTRIBUTION" + distribution.toString().substring("DISTRIBUTED".length());
    }

    /** Flink's catalogs keep primary keys only (never enforced): UNIQUE has no Flink SQL. */
    private static String primaryKey(UniqueConstraint constraint) {
        if (constraint.getType() != Constraint.ConstraintType.PRIMARY_KEY) {
            throw new CatalogException(
                    "The dashboard catalog keeps primary keys only, not the constraint " + constraint + ".");
        }
        return "CONSTRAINT " + Rename.quote(constraint.getName()) + " PRIMARY KEY ("
                + constraint.getColumns().stream().map(Rename::quote).collect(Collectors.joining(", "))
                + ")" + (constraint.isEnforced() ? "" : " NOT ENFORCED");
    }

    private String expression(org.apache.flink.table.expressions.ResolvedExpression expression) {
        return toDashboard.apply(expression.asSerializableString(DefaultSqlFactory.INSTANCE));
    }
}
