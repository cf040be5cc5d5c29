package org.flinkdashboard.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogFunctionImpl;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.FunctionAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.resource.ResourceType;
import org.apache.flink.table.resource.ResourceUri;

/**
 * A Flink catalog whose definitions live in the catalog dashboard. Reads come from the
 * dashboard's REST API, one request per database (live, kept for 'cache.ttl') or one stored
 * snapshot ('snapshot', read-only). Every change is a Flink SQL statement sent to the
 * dashboard's statements API: its rules, roles, history and approvals apply. Partitions and
 * statistics: see {@link DefinitionsOnlyCatalog}.
 */
public class DashboardCatalog extends DefinitionsOnlyCatalog {
    private final DashboardClient client;
    private final String environment;
    private final String dashboardCatalog;
    private final String snapshot;
    private final Duration cacheTtl;
    private final Definitions definitions;
    private final Statements statements;
    private DocumentCache documents;
    private final Map<String, Path> artifacts = new java.util.concurrent.ConcurrentHashMap<>();
    private Path artifactDirectory;

    DashboardCatalog(
            String name,
            String defaultDatabase,
            DashboardClient client,
            String environment,
            String dashboardCatalog,
            String snapshot,
            Duration cacheTtl) {
        super(name, defaultDatabase);
        this.client = client;
        this.environment = environment;
        this.dashboardCatalog = dashboardCatalog;
        this.snapshot = snapshot;
        this.cacheTtl = cacheTtl;
        this.definitions = new Definitions(dashboardCatalog, name);
        this.statements = new Statements(dashboardCatalog, name);
    }

    @Override
    public Optional<Factory> getFactory() {
        return Optional.empty();
    }

    @Override
    public void open() throws CatalogException {
        documents =
                snapshot == null
                        ? DocumentCache.live(client, environment, dashboardCatalog, cacheTtl)
                        : DocumentCache.pinned(client, environment, dashboardCatalog, snapshot);
    }

    @Override
    public void close() throws CatalogException {}

    // -- databases ---------------------------------------------------------------------------

    @Override
    public List<String> listDatabases() throws CatalogException {
        return documents.databaseNames();
    }

    @Override
    public CatalogDatabase getDatabase(String name) throws DatabaseNotExistException {
        return definitions.database(content(name).entry);
    }

    @Override
    public boolean databaseExists(String name) throws CatalogException {
        return documents.database(name) != null;
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        Failure failure = run(statements.createDatabase(name, database, ignoreIfExists));
        if (failure != null) {
            if (failure.status == 409) {
                throw new DatabaseAlreadyExistException(getName(), name, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade)
            throws DatabaseNotExistException, DatabaseNotEmptyException {
        Failure failure = run(statements.dropDatabase(name, ignoreIfNotExists, cascade));
        if (failure != null) {
            if (failure.says("is not empty")) {
                throw new DatabaseNotEmptyException(getName(), name, failure.cause());
            }
            if (failure.says("does not exist")) {
                throw new DatabaseNotExistException(getName(), name, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists)
            throws DatabaseNotExistException {
        DatabaseContent database = documents.database(name);
        if (database == null) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(getName(), name);
        }
        String statement = statements.alterDatabase(name, newDatabase.getProperties());
        if (statement == null) {
            return;
        }
        Failure failure = run(statement);
        if (failure != null) {
            if (failure.says("does not exist")) {
                throw new DatabaseNotExistException(getName(), name, failure.cause());
            }
            throw failure.cause();
        }
    }

    // -- tables and views --------------------------------------------------------------------

    @Override
    public List<String> listTables(String database) throws DatabaseNotExistException {
        return content(database).tablesAndViews();
    }

    @Override
    public List<String> listViews(String database) throws DatabaseNotExistException {
        return new ArrayList<>(content(database).views.keySet());
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        if (database != null) {
            JsonNode table = database.tables.get(path.getObjectName());
            if (table != null) {
                return definitions.table(table);
            }
            JsonNode view = database.views.get(path.getObjectName());
            if (view != null) {
                return definitions.view(view);
            }
        }
        throw new TableNotExistException(getName(), path);
    }

    @Override
    public boolean tableExists(ObjectPath path) throws CatalogException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        return database != null
                && (database.tables.containsKey(path.getObjectName())
                        || database.views.containsKey(path.getObjectName()));
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException, DatabaseNotExistException {
        Failure failure = run(statements.create(path, table, ignoreIfExists));
        if (failure != null) {
            if (failure.status == 409) {
                throw new TableAlreadyExistException(getName(), path, failure.cause());
            }
            if (failure.says("database with name") || failure.status == 404) {
                throw new DatabaseNotExistException(getName(), path.getDatabaseName(), failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfNotExists) throws TableNotExistException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        boolean view = database != null && database.views.containsKey(path.getObjectName());
        Failure failure = run(statements.drop(path, view, ignoreIfNotExists));
        if (failure != null) {
            if (failure.says("does not exist")) {
                throw new TableNotExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void renameTable(ObjectPath path, String newName, boolean ignoreIfNotExists)
            throws TableNotExistException, TableAlreadyExistException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        boolean view = database != null && database.views.containsKey(path.getObjectName());
        if (!view && (database == null || !database.tables.containsKey(path.getObjectName()))) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        Failure failure = run(statements.rename(path, view, newName));
        if (failure != null) {
            if (failure.status == 409 || failure.says("already exists")) {
                throw new TableAlreadyExistException(
                        getName(), new ObjectPath(path.getDatabaseName(), newName), failure.cause());
            }
            if (failure.says("does not exist")) {
                throw new TableNotExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (newTable instanceof CatalogView view) {
            alter(path, List.of(statements.alterView(path, view)), ignoreIfNotExists);
            return;
        }
        throw new CatalogException(
                "Flink did not say what changed in table " + path.getFullName()
                        + "; the dashboard catalog applies ALTER TABLE changes one by one.");
    }

    @Override
    public void alterTable(
            ObjectPath path, CatalogBaseTable newTable, List<TableChange> changes, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (newTable instanceof CatalogView) {
            alterTable(path, newTable, ignoreIfNotExists);
            return;
        }
        alter(path, statements.alterTable(path, changes), ignoreIfNotExists);
    }

    private void alter(ObjectPath path, List<String> texts, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!tableExists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        if (texts.isEmpty()) {
            return;
        }
        Failure failure = run(String.join(";\n", texts));
        if (failure != null) {
            if (failure.says("does not exist")) {
                throw new TableNotExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    // -- functions ---------------------------------------------------------------------------

    @Override
    public List<String> listFunctions(String database) throws DatabaseNotExistException {
        return new ArrayList<>(content(database).functions.keySet());
    }

    @Override
    public CatalogFunction getFunction(ObjectPath path) throws FunctionNotExistException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        JsonNode function = database == null ? null : database.functions.get(functionName(path));
        if (function == null) {
            throw new FunctionNotExistException(getName(), path);
        }
        CatalogFunction found = definitions.function(function);
        JsonNode artifact = function.path("artifact");
        if (artifact.isNull() || artifact.isMissingNode()) {
            return found;
        }
        List<ResourceUri> resources = new ArrayList<>();
        resources.add(new ResourceUri(ResourceType.JAR, artifactJar(artifact.asText(), path).toUri().toString()));
        for (ResourceUri jar : found.getFunctionResources()) {
            if (!jar.getUri().endsWith("/" + artifact.asText()) && !jar.getUri().equals(artifact.asText())) {
                resources.add(jar);
            }
        }
        return new CatalogFunctionImpl(found.getClassName(), found.getFunctionLanguage(), resources);
    }

    /**
     * The artifact's file, downloaded once per catalog with the catalog's token: the function's
     * code. The dashboard refuses a user without the Use permission on it.
     */
    private Path artifactJar(String name, ObjectPath function) {
        return artifacts.computeIfAbsent(name, key -> {
            try {
                if (artifactDirectory == null) {
                    artifactDirectory = Files.createTempDirectory("dashboard-artifacts-");
                    artifactDirectory.toFile().deleteOnExit();
                }
                Path target = artifactDirectory.resolve(key.replaceAll("[^A-Za-z0-9._-]", "_"));
                DashboardClient.Answer answer = client.download(
                        "environments/" + DashboardClient.segment(environment) + "/artifacts/"
                                + DashboardClient.segment(key) + "/content", target);
                if (!answer.ok()) {
                    throw new CatalogException(
                            "Function " + function.getFullName() + " of catalog '" + getName()
                                    + "' runs the code of artifact '" + key + "', which the dashboard did not hand out: "
                                    + answer.message());
                }
                target.toFile().deleteOnExit();
                return target;
            } catch (java.io.IOException e) {
                throw new CatalogException("Could not keep the jar of artifact '" + key + "': " + e, e);
            }
        });
    }

    @Override
    public boolean functionExists(ObjectPath path) throws CatalogException {
        DatabaseContent database = documents.database(path.getDatabaseName());
        return database != null && database.functions.containsKey(functionName(path));
    }

    /** A function's name as Flink's catalogs compare it: letter case does not count. */
    private static String functionName(ObjectPath path) {
        return path.getObjectName().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public void createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfExists)
            throws FunctionAlreadyExistException, DatabaseNotExistException {
        Failure failure = run(statements.createFunction(path, function, ignoreIfExists));
        if (failure != null) {
            if (failure.status == 409) {
                throw new FunctionAlreadyExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void alterFunction(ObjectPath path, CatalogFunction newFunction, boolean ignoreIfNotExists)
            throws FunctionNotExistException {
        Failure failure = run(statements.alterFunction(path, newFunction, ignoreIfNotExists));
        if (failure != null) {
            if (failure.says("does not exist")) {
                throw new FunctionNotExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    @Override
    public void dropFunction(ObjectPath path, boolean ignoreIfNotExists) throws FunctionNotExistException {
        Failure failure = run(statements.dropFunction(path, ignoreIfNotExists));
        if (failure != null) {
            if (failure.says("does not exist")) {
                throw new FunctionNotExistException(getName(), path, failure.cause());
            }
            throw failure.cause();
        }
    }

    // -- running statements ------------------------------------------------------------------

    /** A statement the dashboard refused: its HTTP status and its message. */
    private static final class Failure {
        final int status;
        final String message;

        Failure(int status, String message) {
            this.status = status;
            this.message = message;
        }

        boolean says(String text) {
            return message.toLowerCase().contains(text.toLowerCase());
        }

        CatalogException cause() {
            return new CatalogException(message);
        }
    }

    /** Send one statement (or the script of one change, all or nothing) to the dashboard; null when it ran. */
    private Failure run(String statement) {
        if (snapshot != null) {
            throw new CatalogException(
                    "Catalog '" + getName() + "' is pinned to snapshot " + snapshot
                            + " and is read-only: change the live catalog '" + dashboardCatalog
                            + "' in the dashboard, then take a new snapshot.");
        }
        ObjectNode body = DashboardClient.JSON.createObjectNode();
        body.put("statement", statement);
        // the statements of one change (ALTER TABLE's, of several kinds) are kept all or none
        body.put("all_or_nothing", true);
        DashboardClient.Answer answer =
                client.post("environments/" + DashboardClient.segment(environment) + "/statements", body);
        documents.forget();
        if (answer.ok()) {
            return null;
        }
        String message = answer.message();
        if (answer.status == 403 && message.contains("approval")) {
            message += " Open one with this statement at " + client.baseUrl() + "/env/"
                    + DashboardClient.segment(environment) + "/change-requests/new?sql="
                    + java.net.URLEncoder.encode(statement, java.nio.charset.StandardCharsets.UTF_8);
        }
        return new Failure(answer.status, message);
    }

    private DatabaseContent content(String name) throws DatabaseNotExistException {
        DatabaseContent database = documents.database(name);
        if (database == null) {
            throw new DatabaseNotExistException(getName(), name);
        }
        return database;
    }
}
