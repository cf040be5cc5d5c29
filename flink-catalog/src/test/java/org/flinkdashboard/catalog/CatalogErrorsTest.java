package org.flinkdashboard.catalog;

import java.time.Duration;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.CatalogFunctionImpl;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;

/** The dashboard's refusals as Flink's own catalog exceptions, with the dashboard's message. */
public class CatalogErrorsTest {
    private static final String STATEMENTS = "environments/e/statements";

    /** A live catalog 'prod' of the stub's catalog 'shop' in environment 'e', opened. */
    private static DashboardCatalog opened(StubDashboard stub, String snapshot) {
        stub.answer("GET", "environments/e", 200, "{\"name\": \"e\"}");
        stub.answer("GET", "environments/e/catalogs/shop", 200, "{\"name\": \"shop\"}");
        DashboardCatalog catalog =
                new DashboardCatalog("prod", "default", stub.client(), "e", "shop", snapshot, Duration.ZERO);
        catalog.open();
        return catalog;
    }

    /** The statement last sent; every change is sent all or nothing. */
    private static String sent(StubDashboard stub) throws Exception {
        StubDashboard.Request last = stub.requests.get(stub.requests.size() - 1);
        Check.equal("POST " + STATEMENTS, last.method() + " " + last.path());
        var body = DashboardClient.JSON.readTree(last.body());
        Check.equal(true, body.path("all_or_nothing").asBoolean(false));
        return body.path("statement").asText();
    }

    public void testADuplicateIsFlinksAlreadyExists() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            DashboardCatalog catalog = opened(stub, null);
            stub.answer("POST", STATEMENTS, 409, StubDashboard.error("Database sales already exists."));
            DatabaseAlreadyExistException refused = Check.raises(
                    DatabaseAlreadyExistException.class,
                    () -> catalog.createDatabase("sales", new CatalogDatabaseImpl(Map.of(), null), false));
            Check.equal("Database sales already exists.", refused.getCause().getMessage());
            Check.equal("CREATE DATABASE `shop`.`sales`", sent(stub));
        }
    }

    public void testDroppingADatabaseMapsItsTwoRefusals() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            DashboardCatalog catalog = opened(stub, null);
            stub.answer("POST", STATEMENTS, 400, StubDashboard.error("Database sales in catalog shop is not empty."));
            Check.raises(DatabaseNotEmptyException.class, () -> catalog.dropDatabase("sales", false, false));
            stub.answer("POST", STATEMENTS, 400, StubDashboard.error("Database nope does not exist in Catalog shop."));
            Check.raises(DatabaseNotExistException.class, () -> catalog.dropDatabase("nope", false, false));
            Check.equal("DROP DATABASE `shop`.`nope` RESTRICT", sent(stub));
        }
    }

    public void testAlterOfAMissingFunctionIsFlinksFunctionNotExist() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            DashboardCatalog catalog = opened(stub, null);
            String message = "Function sales.f does not exist in Catalog shop.";
            stub.answer("POST", STATEMENTS, 400, StubDashboard.error(message));
            ObjectPath f = new ObjectPath("sales", "f");
            FunctionNotExistException refused = Check.raises(
                    FunctionNotExistException.class,
                    () -> catalog.alterFunction(f, new CatalogFunctionImpl("com.example.F"), false));
            Check.equal(message, refused.getCause().getMessage());
            Check.equal("ALTER FUNCTION `shop`.`sales`.`f` AS 'com.example.F' LANGUAGE JAVA", sent(stub));
        }
    }

    public void testAnyOtherRefusalIsACatalogExceptionWithTheDashboardsMessage() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            DashboardCatalog catalog = opened(stub, null);
            String message = "You need the editor role in environment 'e' to change the catalog.";
            stub.answer("POST", STATEMENTS, 403, StubDashboard.error(message));
            CatalogException refused = Check.raises(
                    CatalogException.class,
                    () -> catalog.createFunction(new ObjectPath("sales", "f"), new CatalogFunctionImpl("F"), false));
            Check.equal(message, refused.getMessage());
        }
    }

    public void testAStatementThatNeedsApprovalLinksAChangeRequest() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            DashboardCatalog catalog = opened(stub, null);
            String message = "Environment 'e' needs 1 approval(s) for every change: open a change request.";
            stub.answer("POST", STATEMENTS, 403, StubDashboard.error(message));
            CatalogException refused = Check.raises(
                    CatalogException.class,
                    () -> catalog.createDatabase("d", new CatalogDatabaseImpl(Map.of(), null), false));
            Check.equal(
                    message + " Open one with this statement at " + stub.url()
                            + "/env/e/change-requests/new?sql=CREATE+DATABASE+%60shop%60.%60d%60",
                    refused.getMessage());
        }
    }

    public void testAPinnedCatalogIsReadOnly() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e/snapshots/S1/content", 200,
                    "{\"catalogName\": \"shop\", \"databases\": [{\"name\": \"sales\"}], \"tables\": []}");
            DashboardCatalog catalog = opened(stub, "S1");
            Check.equal(java.util.List.of("sales"), catalog.listDatabases());
            CatalogException refused = Check.raises(
                    CatalogException.class, () -> catalog.dropDatabase("sales", false, false));
            Check.equal(
                    "Catalog 'prod' is pinned to snapshot S1 and is read-only: change the live catalog 'shop' in "
                            + "the dashboard, then take a new snapshot.",
                    refused.getMessage());
            Check.isTrue(stub.requests.stream().noneMatch(r -> r.method().equals("POST")), "nothing was sent");
        }
    }

    public void testASnapshotOfAnotherCatalogSaysWhichOptionToSet() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e/snapshots/S1/content", 200, "{\"catalogName\": \"other\"}");
            CatalogException refused = Check.raises(CatalogException.class, () -> opened(stub, "S1"));
            Check.equal(
                    "Snapshot 'S1' is of catalog 'other', not of 'shop'. Set the catalog's 'catalog' option to 'other'.",
                    refused.getMessage());
        }
    }

    public void testAMissingCatalogSaysWhichOptionToCheck() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e", 200, "{}");
            DashboardCatalog catalog =
                    new DashboardCatalog("prod", "default", stub.client(), "e", "nope", null, Duration.ZERO);
            CatalogException refused = Check.raises(CatalogException.class, catalog::open);
            Check.equal(
                    "Environment 'e' of the dashboard at " + stub.url() + " has no catalog 'nope'. Check the "
                            + "catalog's 'catalog' option.",
                    refused.getMessage());
        }
    }
}
