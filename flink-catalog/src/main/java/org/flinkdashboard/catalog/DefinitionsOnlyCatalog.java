package org.flinkdashboard.catalog;

import java.util.List;
import org.apache.flink.table.catalog.AbstractCatalog;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;
import org.apache.flink.table.expressions.Expression;

/**
 * Partitions and statistics of a catalog that keeps definitions only, with no metastore behind
 * it. A partitioned table has no partitions the catalog knows of (a filesystem table's
 * partitions are its directories, which its source lists itself when Flink prunes them); a
 * table that is missing or not partitioned fails as Flink's in-memory catalog fails. Statistics
 * are unknown, so Flink plans without them; partitions and statistics cannot be written.
 */
abstract class DefinitionsOnlyCatalog extends AbstractCatalog {
    DefinitionsOnlyCatalog(String name, String defaultDatabase) {
        super(name, defaultDatabase);
    }

    /** Fails unless {@code path} is a partitioned table. */
    private void checkPartitioned(ObjectPath path) throws TableNotExistException, TableNotPartitionedException {
        CatalogBaseTable table = getTable(path);
        if (!(table instanceof CatalogTable catalogTable) || !catalogTable.isPartitioned()) {
            throw new TableNotPartitionedException(getName(), path);
        }
    }

    private CatalogException refused(String what, String why) {
        return new CatalogException(
                "Catalog '" + getName() + "' keeps no " + what + ": the dashboard stores definitions only. " + why);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        checkPartitioned(path);
        return List.of();
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path, CatalogPartitionSpec spec)
            throws TableNotExistException, TableNotPartitionedException {
        checkPartitioned(path);
        return List.of();
    }

    @Override
    public List<CatalogPartitionSpec> listPartitionsByFilter(ObjectPath path, List<Expression> filters)
            throws TableNotExistException, TableNotPartitionedException {
        checkPartitioned(path);
        return List.of();
    }

    @Override
    public CatalogPartition getPartition(ObjectPath path, CatalogPartitionSpec spec)
            throws PartitionNotExistException {
        throw new PartitionNotExistException(getName(), path, spec);
    }

    @Override
    public boolean partitionExists(ObjectPath path, CatalogPartitionSpec spec) {
        return false;
    }

    @Override
    public void createPartition(
            ObjectPath path, CatalogPartitionSpec spec, CatalogPartition partition, boolean ignoreIfExists)
            throws TableNotExistException, TableNotPartitionedException {
        checkPartitioned(path);
        throw refused(
                "partitions",
                "A filesystem table's partitions are its directories: Flink finds them when it reads the table.");
    }

    @Override
    public void dropPartition(ObjectPath path, CatalogPartitionSpec spec, boolean ignoreIfNotExists)
            throws PartitionNotExistException {
        if (!ignoreIfNotExists) {
            throw new PartitionNotExistException(getName(), path, spec);
        }
    }

    @Override
    public void alterPartition(
            ObjectPath path, CatalogPartitionSpec spec, CatalogPartition partition, boolean ignoreIfNotExists)
            throws PartitionNotExistException {
        if (!ignoreIfNotExists) {
            throw new PartitionNotExistException(getName(), path, spec);
        }
    }

    @Override
    public CatalogTableStatistics getTableStatistics(ObjectPath path) {
        return CatalogTableStatistics.UNKNOWN;
    }

    @Override
    public CatalogColumnStatistics getTableColumnStatistics(ObjectPath path) {
        return CatalogColumnStatistics.UNKNOWN;
    }

    @Override
    public CatalogTableStatistics getPartitionStatistics(ObjectPath path, CatalogPartitionSpec spec) {
        return CatalogTableStatistics.UNKNOWN;
    }

    @Override
    public CatalogColumnStatistics getPartitionColumnStatistics(ObjectPath path, CatalogPartitionSpec spec) {
        return CatalogColumnStatistics.UNKNOWN;
    }

    private CatalogException noStatistics() {
        return refused("statistics", "Flink plans with unknown statistics; ANALYZE TABLE's results cannot be kept.");
    }

    @Override
    public void alterTableStatistics(ObjectPath path, CatalogTableStatistics statistics, boolean ignoreIfNotExists) {
        throw noStatistics();
    }

    @Override
    public void alterTableColumnStatistics(
            ObjectPath path, CatalogColumnStatistics statistics, boolean ignoreIfNotExists) {
        throw noStatistics();
    }

    @Override
    public void alterPartitionStatistics(
            ObjectPath path, CatalogPartitionSpec spec, CatalogTableStatistics statistics, boolean ignoreIfNotExists) {
        throw noStatistics();
    }

    @Override
    public void alterPartitionColumnStatistics(
            ObjectPath path, CatalogPartitionSpec spec, CatalogColumnStatistics statistics, boolean ignoreIfNotExists) {
        throw noStatistics();
    }
}
