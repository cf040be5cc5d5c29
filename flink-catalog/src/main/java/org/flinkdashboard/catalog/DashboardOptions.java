package org.flinkdashboard.catalog;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** The options of {@code CREATE CATALOG ... WITH ('type' = 'dashboard', ...)}: a public interface. */
public final class DashboardOptions {
    /** The environment variable the token is read from when the 'token' option is absent. */
    public static final String TOKEN_VARIABLE = "DASHBOARD_TOKEN";

    public static final ConfigOption<String> URL =
            ConfigOptions.key("url")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The dashboard's base URL, e.g. https://catalog.example.com");

    public static final ConfigOption<String> ENVIRONMENT =
            ConfigOptions.key("environment")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The dashboard environment that holds the catalog");

    public static final ConfigOption<String> CATALOG =
            ConfigOptions.key("catalog")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The catalog's name in the dashboard (Flink may know it by another)");

    public static final ConfigOption<String> TOKEN =
            ConfigOptions.key("token")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "An API token of the dashboard; when absent, the environment variable "
                                    + TOKEN_VARIABLE);

    public static final ConfigOption<String> SNAPSHOT =
            ConfigOptions.key("snapshot")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A snapshot id: serve exactly that immutable snapshot, read-only");

    public static final ConfigOption<Duration> CACHE_TTL =
            ConfigOptions.key("cache.ttl")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(5))
                    .withDescription(
                            "How long a database read from the live catalog is kept; 0 s turns the cache off");

    public static final ConfigOption<Duration> REQUEST_TIMEOUT =
            ConfigOptions.key("request.timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(30))
                    .withDescription("How long one request to the dashboard may take");

    public static final ConfigOption<String> DEFAULT_DATABASE =
            ConfigOptions.key("default-database")
                    .stringType()
                    .defaultValue("default")
                    .withDescription("The database a session starts in");

    private DashboardOptions() {}
}
