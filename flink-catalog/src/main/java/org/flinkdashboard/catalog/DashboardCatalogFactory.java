package org.flinkdashboard.catalog;

import java.time.Duration;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

/** {@code 'type' = 'dashboard'}: a catalog whose definitions live in the catalog dashboard. */
public class DashboardCatalogFactory implements CatalogFactory {
    public static final String IDENTIFIER = "dashboard";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(DashboardOptions.URL, DashboardOptions.ENVIRONMENT, DashboardOptions.CATALOG);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(
                DashboardOptions.TOKEN,
                DashboardOptions.SNAPSHOT,
                DashboardOptions.CACHE_TTL,
                DashboardOptions.REQUEST_TIMEOUT,
                DashboardOptions.DEFAULT_DATABASE);
    }

    @Override
    public Catalog createCatalog(Context context) {
        FactoryUtil.CatalogFactoryHelper helper = FactoryUtil.createCatalogFactoryHelper(this, context);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        String token = options.getOptional(DashboardOptions.TOKEN).orElse(System.getenv(DashboardOptions.TOKEN_VARIABLE));
        if (token == null || token.isBlank()) {
            throw new CatalogException(
                    "Catalog '" + context.getName() + "' needs an API token of the dashboard: set the 'token' option or the environment variable "
                            + DashboardOptions.TOKEN_VARIABLE + " (create one with `manage.py create_api_token` or on the dashboard's token page).");
        }
        Duration timeout = options.get(DashboardOptions.REQUEST_TIMEOUT);
        DashboardClient client =
                new DashboardClient(options.get(DashboardOptions.URL), token.trim(), timeout);
        return new DashboardCatalog(
                context.getName(),
                options.get(DashboardOptions.DEFAULT_DATABASE),
                client,
                options.get(DashboardOptions.ENVIRONMENT),
                options.get(DashboardOptions.CATALOG),
                options.getOptional(DashboardOptions.SNAPSHOT).orElse(null),
                options.get(DashboardOptions.CACHE_TTL));
    }
}
