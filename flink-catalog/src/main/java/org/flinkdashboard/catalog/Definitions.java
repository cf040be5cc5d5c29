package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogFunctionImpl;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.FunctionLanguage;
import org.apache.flink.table.catalog.TableDistribution;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.resource.ResourceType;
import org.apache.flink.table.resource.ResourceUri;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.flink.table.types.utils.TypeConversions;

/**
 * Snapshot-format entries (what the dashboard answers, live or pinned) as Flink's catalog
 * objects; secret values arrive as {@code ${VARIABLE}} placeholders and are resolved here.
 */
final class Definitions {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}");

    /** The catalog's name in the dashboard, and in this Flink session. */
    private final String dashboardName;
    private final String flinkName;

    Definitions(String dashboardName, String flinkName) {
        this.dashboardName = dashboardName;
        this.flinkName = flinkName;
    }

    CatalogDatabase database(JsonNode entry) {
        String where = "database " + Rename.quote(flinkName) + "." + Rename.quote(entry.path("name").asText());
        return new CatalogDatabaseImpl(resolved(options(entry.path("properties")), where), text(entry, "comment"));
    }

    CatalogTable table(JsonNode entry) {
        Schema.Builder schema = Schema.newBuilder();
        for (JsonNode column : entry.path("columns")) {
            String name = column.path("name").asText();
            if (column.path("isComputed").asBoolean()) {
                schema.columnByExpression(name, sql(column.path("computedExpr").asText()));
            } else if (column.path("isMetadata").asBoolean()) {
                schema.columnByMetadata(
                        name, typeText(column), text(column, "metadataKey"), column.path("virtual").asBoolean());
            } else {
                schema.column(name, typeText(column));
            }
            String comment = text(column, "comment");
            if (comment != null) {
                schema.withComment(comment);
            }
        }
        JsonNode watermark = entry.path("watermark");
        if (watermark.isObject()) {
            schema.watermark(watermark.path("rowtimeColumn").asText(), sql(watermark.path("expression").asText()));
        }
        JsonNode key = entry.path("primaryKey");
        if (key.isObject()) {
            schema.primaryKeyNamed(key.path("constraintName").asText(), strings(key.path("columnNames")));
        }
        List<String> partitionKeys = new ArrayList<>();
        entry.path("partitionKeys").forEach(k -> partitionKeys.add(k.asText()));
        return CatalogTable.newBuilder()
                .schema(schema.build())
                .comment(text(entry, "comment"))
                .distribution(distribution(entry))
                .partitionKeys(partitionKeys)
                .options(resolved(options(entry.path("options")), "table " + identifier(entry)))
                .build();
    }

    /**
     * The table's DISTRIBUTED BY / INTO (FLIP-376), null when it has none. Flink reads it back
     * before an ALTER TABLE ... DISTRIBUTION: ADD needs none there, MODIFY and DROP need one.
     */
    private TableDistribution distribution(JsonNode entry) {
        JsonNode distribution = entry.path("distribution");
        if (!distribution.isObject()) {
            return null;
        }
        String kind = distribution.path("kind").asText();
        JsonNode count = distribution.path("bucketCount");
        try {
            return TableDistribution.of(
                    TableDistribution.Kind.valueOf(kind),
                    count.isNumber() ? Integer.valueOf(count.asInt()) : null,
                    strings(distribution.path("bucketKeys")));
        } catch (IllegalArgumentException e) {
            // a kind a later dashboard or Flink knows: say so rather than drop the distribution
            throw new CatalogException(
                    "Table " + identifier(entry) + " has a distribution of kind '" + kind
                            + "', which this Flink does not know; it knows "
                            + Arrays.stream(TableDistribution.Kind.values())
                                    .map(Enum::name)
                                    .collect(Collectors.joining(", "))
                            + ".", e);
        }
    }

    CatalogView view(JsonNode entry) {
        Schema.Builder schema = Schema.newBuilder();
        for (JsonNode column : entry.path("columns")) {
            schema.column(column.path("name").asText(), TypeConversions.fromLogicalToDataType(viewType(column)));
        }
        String query = sql(entry.path("expandedQuery").asText());
        return CatalogView.of(schema.build(), text(entry, "comment"), query, query, Map.of());
    }

    CatalogFunction function(JsonNode entry) {
        String language = entry.path("functionLanguage").asText("JAVA");
        List<ResourceUri> resources = new ArrayList<>();
        entry.path("jars").forEach(jar -> resources.add(new ResourceUri(ResourceType.JAR, jar.asText())));
        return new CatalogFunctionImpl(
                entry.path("className").asText(), FunctionLanguage.valueOf(language.toUpperCase()), resources);
    }

    /** A query or an expression as Flink in this session names the catalog. */
    String sql(String text) {
        return Rename.catalog(text, dashboardName, flinkName);
    }

    private String identifier(JsonNode entry) {
        return Rename.quote(flinkName) + "." + Rename.quote(entry.path("database").asText()) + "."
                + Rename.quote(entry.path("name").asText());
    }

    private static String typeText(JsonNode column) {
        String type = column.path("type").asText();
        return column.path("nullable").asBoolean(true) ? type : type + " NOT NULL";
    }

    /** A view column's type, with its time attributes: a rowtime column stays one through a view. */
    private static LogicalType viewType(JsonNode column) {
        LogicalType type = LogicalTypeParser.parse(typeText(column), Definitions.class.getClassLoader());
        return TimeAttributes.of(type, column);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNull() || value.isMissingNode() ? null : value.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> found = new ArrayList<>();
        array.forEach(v -> found.add(v.asText()));
        return found;
    }

    private static Map<String, String> options(JsonNode object) {
        Map<String, String> found = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> found.put(e.getKey(), e.getValue().asText()));
        return found;
    }

    /**
     * The options with each {@code ${VARIABLE}} placeholder replaced by the variable's value in
     * this process's environment; a variable that is not set fails, naming it.
     */
    static Map<String, String> resolved(Map<String, String> options, String where) {
        Map<String, String> found = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : options.entrySet()) {
            Matcher placeholder = PLACEHOLDER.matcher(option.getValue());
            String value = option.getValue();
            if (placeholder.matches()) {
                String variable = placeholder.group(1);
                value = System.getenv(variable);
                if (value == null) {
                    throw new CatalogException(
                            "Option '" + option.getKey() + "' of " + where
                                    + " is a secret the dashboard does not hand out: set the environment variable "
                                    + variable + " of the Flink process to its value.");
                }
            }
            found.put(option.getKey(), value);
        }
        return found;
    }
}
