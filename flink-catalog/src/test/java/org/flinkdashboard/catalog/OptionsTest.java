package org.flinkdashboard.catalog;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * CREATE CATALOG's options, as Flink's factory discovery validates them (the factory is found
 * through META-INF/services, as in a Flink process). Creating the catalog asks nothing of the
 * dashboard: that happens when Flink opens it.
 */
public class OptionsTest {
    private static Map<String, String> options(String... pairs) {
        Map<String, String> found = new HashMap<>();
        found.put("type", "dashboard");
        for (int i = 0; i < pairs.length; i += 2) {
            found.put(pairs[i], pairs[i + 1]);
        }
        return found;
    }

    private static Catalog create(Map<String, String> options) {
        return FactoryUtil.createCatalog("prod", options, new Configuration(), OptionsTest.class.getClassLoader());
    }

    private static String causes(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable e = error; e != null; e = e.getCause()) {
            text.append(e.getMessage()).append('\n');
        }
        return text.toString();
    }

    public void testAllOptionsMakeADashboardCatalog() {
        Catalog catalog = create(options(
                "url", "http://127.0.0.1:1", "environment", "prod", "catalog", "shop", "token", "t",
                "cache.ttl", "0 s", "request.timeout", "2 s", "snapshot", "S1", "default-database", "sales"));
        Check.isTrue(catalog instanceof DashboardCatalog, String.valueOf(catalog));
        Check.equal("sales", catalog.getDefaultDatabase());
    }

    public void testMissingRequiredOptionsAreFlinksError() {
        ValidationException refused =
                Check.raises(ValidationException.class, () -> create(options("url", "http://x", "token", "t")));
        Check.isTrue(
                causes(refused).contains("Missing required options are:\n\ncatalog\nenvironment"), causes(refused));
    }

    public void testAnUnknownOptionIsFlinksError() {
        ValidationException refused = Check.raises(
                ValidationException.class,
                () -> create(options("url", "http://x", "environment", "e", "catalog", "c", "tokn", "t")));
        Check.isTrue(causes(refused).contains("Unsupported options found for 'dashboard'."), causes(refused));
        Check.isTrue(causes(refused).contains("tokn"), causes(refused));
    }

    public void testAnUnreadableDurationNamesTheOption() {
        ValidationException refused = Check.raises(
                ValidationException.class,
                () -> create(options(
                        "url", "http://x", "environment", "e", "catalog", "c", "token", "t", "cache.ttl", "soon")));
        Check.isTrue(causes(refused).contains("cache.ttl"), causes(refused));
    }

    public void testNoTokenSaysWhereToSetIt() {
        // the runner's environment has no DASHBOARD_TOKEN
        Check.equal(null, System.getenv(DashboardOptions.TOKEN_VARIABLE));
        ValidationException refused = Check.raises(
                ValidationException.class,
                () -> create(options("url", "http://x", "environment", "e", "catalog", "c")));
        Check.isTrue(
                causes(refused).contains(
                        "Catalog 'prod' needs an API token of the dashboard: set the 'token' option or the "
                                + "environment variable DASHBOARD_TOKEN"),
                causes(refused));
    }
}
