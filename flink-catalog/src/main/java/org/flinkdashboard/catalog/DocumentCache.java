package org.flinkdashboard.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/**
 * Where the catalog's definitions come from: the live catalog, one snapshot document per
 * database kept for 'cache.ttl', or one stored snapshot, read once (it never changes).
 */
abstract class DocumentCache {
    abstract List<String> databaseNames();

    /** The database's content, or null when the catalog has no such database. */
    abstract DatabaseContent database(String name);

    /** Drops what is kept: the catalog was just changed. */
    abstract void forget();

    static DocumentCache live(DashboardClient client, String environment, String catalog, Duration ttl) {
        Live live = new Live(client, environment, catalog, ttl);
        live.check();
        return live;
    }

    static DocumentCache pinned(DashboardClient client, String environment, String catalog, String snapshot) {
        return new Pinned(client, environment, catalog, snapshot);
    }

    private static String environmentPath(String environment) {
        return "environments/" + DashboardClient.segment(environment);
    }

    /** The environment answers, or an error that says it is missing (or hidden from the token). */
    private static void checkEnvironment(DashboardClient client, String environment) {
        DashboardClient.Answer answer = client.get(environmentPath(environment));
        if (answer.status == 404 || answer.status == 403) {
            throw new CatalogException(
                    "The dashboard at " + client.baseUrl() + " has no environment '" + environment
                            + "' that the token's user holds a role in (" + answer.message()
                            + "). Check the catalog's 'environment' option.");
        }
        if (!answer.ok()) {
            throw new CatalogException("The dashboard refused to show environment '" + environment + "': " + answer.message());
        }
    }

    private static final class Live extends DocumentCache {
        private final DashboardClient client;
        private final String environment;
        private final String catalog;
        private final long ttlNanos;
        private final Map<String, Kept> kept = new ConcurrentHashMap<>();
        private volatile Kept names;

        private record Kept(Object value, long at) {}

        Live(DashboardClient client, String environment, String catalog, Duration ttl) {
            this.client = client;
            this.environment = environment;
            this.catalog = catalog;
            this.ttlNanos = ttl.toNanos();
        }

        private String catalogPath() {
            return environmentPath(environment) + "/catalogs/" + DashboardClient.segment(catalog);
        }

        void check() {
            checkEnvironment(client, environment);
            DashboardClient.Answer answer = client.get(catalogPath());
            if (answer.status == 404) {
                throw new CatalogException(
                        "Environment '" + environment + "' of the dashboard at " + client.baseUrl()
                                + " has no catalog '" + catalog + "'. Check the catalog's 'catalog' option.");
            }
            if (!answer.ok()) {
                throw new CatalogException("The dashboard refused to show catalog '" + catalog + "': " + answer.message());
            }
        }

        private boolean fresh(Kept value) {
            return value != null && ttlNanos > 0 && System.nanoTime() - value.at < ttlNanos;
        }

        @Override
        @SuppressWarnings("unchecked")
        List<String> databaseNames() {
            Kept value = names;
            if (fresh(value)) {
                return (List<String>) value.value;
            }
            List<String> found = new ArrayList<>();
            String next = catalogPath() + "/databases/?limit=1000";
            for (int offset = 0; next != null; ) {
                DashboardClient.Answer answer = client.get(next);
                if (!answer.ok()) {
                    throw new CatalogException("The dashboard refused to list the databases of catalog '" + catalog + "': " + answer.message());
                }
                JsonNode results = answer.body.path("results");
                results.forEach(d -> found.add(d.path("name").asText()));
                offset += results.size();
                boolean more = !answer.body.path("next").isNull() && !answer.body.path("next").isMissingNode();
                next = more && results.size() > 0 ? catalogPath() + "/databases/?limit=1000&offset=" + offset : null;
            }
            names = new Kept(found, System.nanoTime());
            return found;
        }

        @Override
        DatabaseContent database(String name) {
            Kept value = kept.get(name);
            if (fresh(value)) {
                return (DatabaseContent) value.value;
            }
            DashboardClient.Answer answer =
                    client.get(catalogPath() + "/databases/" + DashboardClient.segment(name) + "/document");
            DatabaseContent content = null;
            if (answer.ok()) {
                content = DatabaseContent.of(answer.body).get(name);
            } else if (answer.status != 404) {
                throw new CatalogException(
                        "The dashboard refused to show database '" + name + "' of catalog '" + catalog + "': " + answer.message());
            }
            kept.put(name, new Kept(content, System.nanoTime()));
            return content;
        }

        @Override
        void forget() {
            kept.clear();
            names = null;
        }
    }

    private static final class Pinned extends DocumentCache {
        private final Map<String, DatabaseContent> databases;

        Pinned(DashboardClient client, String environment, String catalog, String snapshot) {
            checkEnvironment(client, environment);
            DashboardClient.Answer answer =
                    client.get(environmentPath(environment) + "/snapshots/" + DashboardClient.segment(snapshot) + "/content");
            if (answer.status == 404) {
                throw new CatalogException(
                        "Environment '" + environment + "' of the dashboard at " + client.baseUrl()
                                + " has no snapshot '" + snapshot + "'. Check the catalog's 'snapshot' option"
                                + " (the snapshots page lists their ids).");
            }
            if (!answer.ok()) {
                throw new CatalogException("The dashboard refused to show snapshot '" + snapshot + "': " + answer.message());
            }
            String of = answer.body.path("catalogName").asText();
            if (!of.equals(catalog)) {
                throw new CatalogException(
                        "Snapshot '" + snapshot + "' is of catalog '" + of + "', not of '" + catalog
                                + "'. Set the catalog's 'catalog' option to '" + of + "'.");
            }
            this.databases = DatabaseContent.of(answer.body);
        }

        @Override
        List<String> databaseNames() {
            return new ArrayList<>(databases.keySet());
        }

        @Override
        DatabaseContent database(String name) {
            return databases.get(name);
        }

        @Override
        void forget() {}
    }
}
