package org.flinkdashboard.catalog;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogPartitionImpl;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;

/** A catalog without a metastore: no partitions it knows of, unknown statistics. */
public class PartitionsTest {
    private static final String DOCUMENT = "{\"databases\": [{\"name\": \"sales\"}], \"tables\": ["
            + "{\"database\": \"sales\", \"name\": \"by_day\", \"partitionKeys\": [\"dt\"], \"options\": {},"
            + " \"columns\": [{\"name\": \"a\", \"type\": \"INT\"}, {\"name\": \"dt\", \"type\": \"STRING\"}]},"
            + "{\"database\": \"sales\", \"name\": \"flat\", \"partitionKeys\": [], \"options\": {},"
            + " \"columns\": [{\"name\": \"a\", \"type\": \"INT\"}]}]}";
    private static final ObjectPath BY_DAY = new ObjectPath("sales", "by_day");
    private static final ObjectPath FLAT = new ObjectPath("sales", "flat");
    private static final CatalogPartitionSpec DAY = new CatalogPartitionSpec(Map.of("dt", "2026-12-01"));

    private interface Body {
        void run(DashboardCatalog catalog) throws Exception;
    }

    private static void with(Body body) throws Exception {
        try (StubDashboard stub = new StubDashboard()) {
            stub.answer("GET", "environments/e", 200, "{}");
            stub.answer("GET", "environments/e/catalogs/shop", 200, "{}");
            stub.answer("GET", "environments/e/catalogs/shop/databases/sales/document", 200, DOCUMENT);
            DashboardCatalog catalog =
                    new DashboardCatalog("prod", "default", stub.client(), "e", "shop", null, Duration.ZERO);
            catalog.open();
            body.run(catalog);
        }
    }

    public void testAPartitionedTableHasNoPartitionsTheCatalogKnows() throws Exception {
        with(catalog -> {
            Check.equal(List.of(), catalog.listPartitions(BY_DAY));
            Check.equal(List.of(), catalog.listPartitions(BY_DAY, DAY));
            Check.equal(List.of(), catalog.listPartitionsByFilter(BY_DAY, List.of()));
            Check.equal(false, catalog.partitionExists(BY_DAY, DAY));
            Check.raises(PartitionNotExistException.class, () -> catalog.getPartition(BY_DAY, DAY));
        });
    }

    public void testATableNotPartitionedOrMissingFailsAsFlinksOwnCatalogs() throws Exception {
        with(catalog -> {
            Check.raises(TableNotPartitionedException.class, () -> catalog.listPartitions(FLAT));
            Check.raises(TableNotExistException.class, () -> catalog.listPartitions(new ObjectPath("sales", "nope")));
        });
    }

    public void testPartitionsCannotBeWritten() throws Exception {
        with(catalog -> {
            CatalogException refused = Check.raises(
                    CatalogException.class,
                    () -> catalog.createPartition(BY_DAY, DAY, new CatalogPartitionImpl(Map.of(), null), false));
            Check.equal(
                    "Catalog 'prod' keeps no partitions: the dashboard stores definitions only. A filesystem "
                            + "table's partitions are its directories: Flink finds them when it reads the table.",
                    refused.getMessage());
            Check.raises(TableNotPartitionedException.class,
                    () -> catalog.createPartition(FLAT, DAY, new CatalogPartitionImpl(Map.of(), null), false));
            Check.raises(PartitionNotExistException.class, () -> catalog.dropPartition(BY_DAY, DAY, false));
            catalog.dropPartition(BY_DAY, DAY, true);
        });
    }

    public void testStatisticsAreUnknownAndCannotBeWritten() throws Exception {
        with(catalog -> {
            Check.equal(CatalogTableStatistics.UNKNOWN, catalog.getTableStatistics(BY_DAY));
            Check.equal(CatalogColumnStatistics.UNKNOWN, catalog.getTableColumnStatistics(BY_DAY));
            Check.equal(CatalogTableStatistics.UNKNOWN, catalog.getPartitionStatistics(BY_DAY, DAY));
            CatalogException refused = Check.raises(
                    CatalogException.class,
                    () -> catalog.alterTableStatistics(FLAT, new CatalogTableStatistics(1, 1, 1, 1), false));
            Check.equal(
                    "Catalog 'prod' keeps no statistics: the dashboard stores definitions only. Flink plans with "
                            + "unknown statistics; ANALYZE TABLE's results cannot be kept.",
                    refused.getMessage());
        });
    }
}
