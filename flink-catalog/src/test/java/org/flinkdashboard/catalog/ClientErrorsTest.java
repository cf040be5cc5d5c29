package org.flinkdashboard.catalog;

import java.net.ServerSocket;
import java.time.Duration;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/** What the client makes of answers no caller can act on: each error says what to fix. */
public class ClientErrorsTest {
    public void testARefusedTokenSaysWhereToSetOne() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e", 401, StubDashboard.error("Invalid token."));
            CatalogException refused = Check.raises(CatalogException.class, () -> stub.client().get("environments/e"));
            Check.equal(
                    "The dashboard at " + stub.url() + " refused the API token: Invalid token. Set a valid token in "
                            + "the 'token' option or in the environment variable DASHBOARD_TOKEN.",
                    refused.getMessage());
        }
    }

    public void testAServerErrorBehindAProxySaysNothingChanged() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answerText("GET", "environments/e", 502, "<html>Bad gateway</html>");
            CatalogException refused = Check.raises(CatalogException.class, () -> stub.client().get("environments/e"));
            Check.equal(
                    "The dashboard at " + stub.url() + " failed (HTTP 502) on GET /api/v1/environments/e: HTTP 502. "
                            + "Nothing was changed by this request on Flink's side; try again later or tell the "
                            + "dashboard's operators.",
                    refused.getMessage());
        }
    }

    public void testAnAnswerThatIsNotJsonAsksWhetherTheUrlIsTheDashboards() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answerText("GET", "environments/e", 200, "<html>a web site</html>");
            CatalogException refused = Check.raises(CatalogException.class, () -> stub.client().get("environments/e"));
            Check.equal(
                    "The server at " + stub.url() + " answered GET /api/v1/environments/e (HTTP 200) with something "
                            + "that is not JSON: is 'url' the dashboard's address?",
                    refused.getMessage());
        }
    }

    public void testAnUnreachableDashboardNamesTheUrlOption() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        DashboardClient client = new DashboardClient("http://127.0.0.1:" + port, "t", Duration.ofSeconds(5));
        CatalogException refused = Check.raises(CatalogException.class, () -> client.get("environments/e"));
        Check.isTrue(refused.getMessage().startsWith("Cannot reach the dashboard at http://127.0.0.1:" + port + " ("),
                refused.getMessage());
        Check.isTrue(refused.getMessage().endsWith(
                "Check the catalog's 'url' option and that the dashboard is running."), refused.getMessage());
    }

    public void testOtherRefusalsAreTheCallersWithTheDashboardsMessage() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e", 403, StubDashboard.error("No role."));
            DashboardClient.Answer answer = stub.client().get("environments/e");
            Check.equal(403, answer.status);
            Check.equal("No role.", answer.message());
            Check.equal("HTTP 404", new DashboardClient.Answer(404, DashboardClient.JSON.createObjectNode()).message());
        }
    }

    public void testEveryRequestNamesThePlugin() throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e", 200, "{}");
            stub.client().get("environments/e");
            stub.client().post("environments/e/statements", DashboardClient.JSON.createObjectNode());
            Check.equal(2, stub.requests.size());
            for (StubDashboard.Request request : stub.requests) {
                Check.equal("flink-catalog", request.client());
            }
        }
    }

    public void testNamesArePathSegmentsEncodedTwice() {
        // the dashboard's URL names decode one level themselves: '/' inside a name stays a name
        Check.equal("a%252Fb%2520c", DashboardClient.segment("a/b c"));
    }
}
