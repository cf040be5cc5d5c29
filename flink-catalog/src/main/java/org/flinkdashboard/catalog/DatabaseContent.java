package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

/** One database of a snapshot document (live or stored): its entry and its objects by name. */
final class DatabaseContent {
    final JsonNode entry;
    final Map<String, JsonNode> tables = new TreeMap<>();
    final Map<String, JsonNode> views = new TreeMap<>();
    final Map<String, JsonNode> functions = new TreeMap<>();

    private DatabaseContent(JsonNode entry) {
        this.entry = entry;
    }

    /** The databases of a document, by name, each with its tables, views and functions. */
    static Map<String, DatabaseContent> of(JsonNode document) {
        Map<String, DatabaseContent> found = new TreeMap<>();
        for (JsonNode database : document.path("databases")) {
            found.put(database.path("name").asText(), new DatabaseContent(database));
        }
        add(document.path("tables"), found, "tables");
        add(document.path("views"), found, "views");
        add(document.path("udfs"), found, "functions");
        return found;
    }

    private static void add(JsonNode entries, Map<String, DatabaseContent> found, String kind) {
        for (JsonNode entry : entries) {
            DatabaseContent database = found.get(entry.path("database").asText());
            if (database == null) {
                continue;
            }
            String name = entry.path("name").asText();
            switch (kind) {
                case "tables" -> database.tables.put(name, entry);
                case "views" -> database.views.put(name, entry);
                default -> database.functions.put(name, entry);
            }
        }
    }

    /** Tables and views, sorted: they share one set of names, as Flink's SHOW TABLES lists them. */
    List<String> tablesAndViews() {
        List<String> names = new ArrayList<>(tables.keySet());
        names.addAll(views.keySet());
        Collections.sort(names);
        return names;
    }
}
