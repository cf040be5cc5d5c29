package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampKind;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * The time attributes of a view column, which its type's text cannot say (Flink's type parser
 * takes no {@code *ROWTIME*}): the column's own ({@code timeAttribute}) and its members'
 * ({@code memberTimeAttributes}: a row's field, an array's element, each by its path of
 * positions), so a rowtime stays one through a view, also inside a row or an array.
 */
final class TimeAttributes {
    private TimeAttributes() {}

    static LogicalType of(LogicalType type, JsonNode column) {
        for (JsonNode member : column.path("memberTimeAttributes")) {
            List<Integer> path = new ArrayList<>();
            member.path("path").forEach(i -> path.add(i.asInt()));
            type = member(type, path, 0, kind(member.path("timeAttribute")));
        }
        return withKind(type, kind(column.path("timeAttribute")));
    }

    private static TimestampKind kind(JsonNode attribute) {
        String text = attribute.asText("").toUpperCase();
        if (text.isEmpty() || text.equals("NULL")) {
            return null;
        }
        return text.contains("PROC") ? TimestampKind.PROCTIME : TimestampKind.ROWTIME;
    }

    private static LogicalType withKind(LogicalType type, TimestampKind kind) {
        if (kind == null) {
            return type;
        }
        if (type instanceof TimestampType t) {
            return new TimestampType(t.isNullable(), kind, t.getPrecision());
        }
        if (type instanceof LocalZonedTimestampType t) {
            return new LocalZonedTimestampType(t.isNullable(), kind, t.getPrecision());
        }
        return type;
    }

    /** {@code type} with its member at {@code path} (from {@code depth} on) of that kind. */
    private static LogicalType member(LogicalType type, List<Integer> path, int depth, TimestampKind kind) {
        if (depth == path.size()) {
            return withKind(type, kind);
        }
        int index = path.get(depth);
        List<LogicalType> children = type.getChildren();
        if (index < 0 || index >= children.size()) {
            return type; // the dashboard checked every path it wrote
        }
        LogicalType child = member(children.get(index), path, depth + 1, kind);
        if (type instanceof ArrayType a) {
            return new ArrayType(a.isNullable(), child);
        }
        if (type instanceof MultisetType m) {
            return new MultisetType(m.isNullable(), child);
        }
        if (type instanceof MapType m) {
            return index == 0
                    ? new MapType(m.isNullable(), child, m.getValueType())
                    : new MapType(m.isNullable(), m.getKeyType(), child);
        }
        if (type instanceof RowType r) {
            List<RowType.RowField> fields = new ArrayList<>(r.getFields());
            RowType.RowField field = fields.get(index);
            fields.set(index, new RowType.RowField(field.getName(), child, field.getDescription().orElse(null)));
            return new RowType(r.isNullable(), fields);
        }
        return type;
    }
}
