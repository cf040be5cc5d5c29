package org.flinkdashboard.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.TableDistribution;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/** A table's DISTRIBUTED BY / INTO (FLIP-376): read from the dashboard's entries, written in CREATE TABLE. */
public class DistributionTest {
    private static final ObjectPath T = new ObjectPath("sales", "t");
    // Flink knows the dashboard's catalog 'shop' as 'prod'
    private final Definitions definitions = new Definitions("shop", "prod");
    private final Statements statements = new Statements("shop", "prod");

    /** The dashboard's entry of table sales.t (a INT, b STRING), with {@code distribution} when not null. */
    private static String entry(String distribution) {
        return "{\"database\": \"sales\", \"name\": \"t\", \"comment\": null, \"options\": {},"
                + " \"partitionKeys\": [], \"columns\": [{\"name\": \"a\", \"type\": \"INT\"},"
                + " {\"name\": \"b\", \"type\": \"STRING\"}]"
                + (distribution == null ? "" : ", \"distribution\": " + distribution) + "}";
    }

    private Optional<TableDistribution> read(String distribution) throws Exception {
        return definitions.table(new ObjectMapper().readTree(entry(distribution))).getDistribution();
    }

    /** CREATE TABLE of sales.t (a INT, b STRING) COMMENT 'c' PARTITIONED BY (b), distributed so. */
    private String create(TableDistribution distribution) {
        CatalogTable table = CatalogTable.newBuilder()
                .schema(Schema.newBuilder().column("a", DataTypes.INT()).column("b", DataTypes.STRING()).build())
                .comment("c")
                .distribution(distribution)
                .partitionKeys(List.of("b"))
                .options(Map.of("connector", "blackhole"))
                .build();
        ResolvedSchema schema = ResolvedSchema.of(
                Column.physical("a", DataTypes.INT()), Column.physical("b", DataTypes.STRING()));
        return statements.create(T, new ResolvedCatalogTable(table, schema), false);
    }

    private static String createText(String distributed) {
        return "CREATE TABLE `shop`.`sales`.`t` (\n  `a` INT,\n  `b` VARCHAR(2147483647)\n)\nCOMMENT 'c'\n"
                + (distributed == null ? "" : distributed + "\n")
                + "PARTITIONED BY (`b`)\nWITH (\n  'connector' = 'blackhole'\n)";
    }

    public void testHashWithItsBucketCount() throws Exception {
        Check.equal(
                Optional.of(TableDistribution.ofHash(List.of("a"), 4)),
                read("{\"kind\": \"HASH\", \"bucketCount\": 4, \"bucketKeys\": [\"a\"]}"));
    }

    public void testRangeWithoutABucketCount() throws Exception {
        Check.equal(
                Optional.of(TableDistribution.ofRange(List.of("a", "b"), null)),
                read("{\"kind\": \"RANGE\", \"bucketCount\": null, \"bucketKeys\": [\"a\", \"b\"]}"));
    }

    public void testKeysWithoutAnAlgorithm() throws Exception {
        Check.equal(
                Optional.of(TableDistribution.ofUnknown(List.of("a", "b"), null)),
                read("{\"kind\": \"UNKNOWN\", \"bucketCount\": null, \"bucketKeys\": [\"a\", \"b\"]}"));
    }

    public void testABucketCountOnly() throws Exception {
        Check.equal(
                Optional.of(TableDistribution.ofUnknown(3)),
                read("{\"kind\": \"UNKNOWN\", \"bucketCount\": 3, \"bucketKeys\": []}"));
    }

    public void testNoKeyOrNullIsNoDistribution() throws Exception {
        Check.equal(Optional.empty(), read(null));
        Check.equal(Optional.empty(), read("null"));
    }

    public void testAKindThisFlinkDoesNotKnowSaysSo() {
        CatalogException refused = Check.raises(
                CatalogException.class,
                () -> read("{\"kind\": \"ROUND_ROBIN\", \"bucketCount\": 2, \"bucketKeys\": []}"));
        Check.equal(
                "Table `prod`.`sales`.`t` has a distribution of kind 'ROUND_ROBIN', which this Flink does not "
                        + "know; it knows UNKNOWN, HASH, RANGE.",
                refused.getMessage());
    }

    public void testCreateTableWritesEachFormBetweenCommentAndPartitionedBy() {
        Check.equal(
                createText("DISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS"),
                create(TableDistribution.ofHash(List.of("a"), 4)));
        Check.equal(
                createText("DISTRIBUTED BY RANGE(`a`)"), create(TableDistribution.ofRange(List.of("a"), null)));
        Check.equal(
                createText("DISTRIBUTED BY (`a`, `b`)"),
                create(TableDistribution.ofUnknown(List.of("a", "b"), null)));
        Check.equal(
                createText("DISTRIBUTED BY (`a`) INTO 2 BUCKETS"),
                create(TableDistribution.ofUnknown(List.of("a"), 2)));
        Check.equal(createText("DISTRIBUTED INTO 3 BUCKETS"), create(TableDistribution.ofUnknown(3)));
        Check.equal(createText(null), create(null));
    }

    public void testATableReadBackIsCreatedWithItsDistribution() throws Exception {
        TableDistribution read =
                read("{\"kind\": \"HASH\", \"bucketCount\": 4, \"bucketKeys\": [\"b\", \"a\"]}").orElseThrow();
        Check.equal(createText("DISTRIBUTED BY HASH(`b`, `a`) INTO 4 BUCKETS"), create(read));
    }
}
