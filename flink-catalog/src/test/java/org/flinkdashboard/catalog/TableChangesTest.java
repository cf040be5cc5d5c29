package org.flinkdashboard.catalog;

import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.TableDistribution;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.catalog.WatermarkSpec;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/** ALTER TABLE statements from the Catalog API's TableChange lists. */
public class TableChangesTest {
    private static final ObjectPath T = new ObjectPath("sales", "t");
    private static final String HEAD = "ALTER TABLE `shop`.`sales`.`t` ";
    // Flink knows the dashboard's catalog 'shop' as 'prod'
    private final Statements statements = new Statements("shop", "prod");

    private List<String> alter(TableChange... changes) {
        return statements.alterTable(T, List.of(changes));
    }

    private static Column note() {
        return Column.physical("note", DataTypes.STRING()).withComment("it's a note");
    }

    private static WatermarkSpec watermark(String text) {
        return WatermarkSpec.of("ts", new Sql(text));
    }

    public void testOneColumnIsAddedWithoutParentheses() {
        Check.equal(
                List.of(HEAD + "ADD `note` VARCHAR(2147483647) COMMENT 'it''s a note'"),
                alter(TableChange.add(note())));
    }

    public void testConsecutiveAddsAreOneStatement() {
        Check.equal(
                List.of(HEAD + "ADD (`note` VARCHAR(2147483647) COMMENT 'it''s a note' FIRST, "
                        + "WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND, "
                        + "CONSTRAINT `PK_id` PRIMARY KEY (`id`, `k`) NOT ENFORCED)"),
                alter(
                        TableChange.add(note(), TableChange.ColumnPosition.first()),
                        TableChange.add(watermark("`ts` - INTERVAL '1' SECOND")),
                        TableChange.add(UniqueConstraint.primaryKey("PK_id", List.of("id", "k")))));
    }

    public void testChangesOfAnotherKindStartAnotherStatement() {
        Check.equal(
                List.of(
                        HEAD + "ADD `x` INT AFTER `id`",
                        HEAD + "DROP (`y`, `z`)",
                        HEAD + "DROP WATERMARK",
                        HEAD + "DROP CONSTRAINT `PK_id`",
                        HEAD + "SET ('a' = '1', 'b' = 'it''s')",
                        HEAD + "RESET ('c')",
                        HEAD + "RENAME `p` TO `q`"),
                alter(
                        TableChange.add(Column.physical("x", DataTypes.INT()), TableChange.ColumnPosition.after("id")),
                        TableChange.dropColumn("y"),
                        TableChange.dropColumn("z"),
                        TableChange.dropWatermark(),
                        TableChange.dropConstraint("PK_id"),
                        TableChange.set("a", "1"),
                        TableChange.set("b", "it's"),
                        TableChange.reset("c"),
                        TableChange.modifyColumnName(Column.physical("p", DataTypes.INT()), "q")));
    }

    public void testModifyOfWatermarkPrimaryKeyAndColumns() {
        Column name = Column.physical("name", DataTypes.STRING());
        Check.equal(
                List.of(HEAD + "MODIFY (WATERMARK FOR `ts` AS `ts`, CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED, "
                        + "`name` VARCHAR(2147483647) NOT NULL, `ms` INT FIRST)"),
                alter(
                        TableChange.modify(watermark("`ts`")),
                        TableChange.modify(UniqueConstraint.primaryKey("PK_id", List.of("id"))),
                        TableChange.modifyPhysicalColumnType(name, DataTypes.STRING().notNull()),
                        TableChange.modifyColumnPosition(
                                Column.physical("ms", DataTypes.INT()), TableChange.ColumnPosition.first())));
    }

    public void testAColumnChangedTwiceIsTwoStatements() {
        Column name = Column.physical("name", DataTypes.STRING());
        Check.equal(
                List.of(
                        HEAD + "MODIFY `name` VARCHAR(2147483647) NOT NULL",
                        HEAD + "MODIFY `name` VARCHAR(2147483647) COMMENT 'who'"),
                alter(
                        TableChange.modifyPhysicalColumnType(name, DataTypes.STRING().notNull()),
                        TableChange.modifyColumnComment(name, "who")));
    }

    public void testExpressionsNameTheCatalogAsTheDashboardDoes() {
        Column computed = Column.computed("f", new Sql("`prod`.`sales`.`twice`(`a`, 'prod.x')"));
        Check.equal(
                List.of(HEAD + "ADD (`f` AS `shop`.`sales`.`twice`(`a`, 'prod.x'), "
                        + "WATERMARK FOR `ts` AS `prod`(`shop`.`sales`.`ts`))"),
                alter(
                        TableChange.add(computed),
                        TableChange.add(watermark("`prod`(`prod`.`sales`.`ts`)"))));
    }

    public void testMetadataColumns() {
        Column metadata = Column.metadata("p", DataTypes.STRING(), "file.path", true);
        Check.equal(
                List.of(HEAD + "ADD `p` VARCHAR(2147483647) METADATA FROM 'file.path' VIRTUAL"),
                alter(TableChange.add(metadata)));
    }

    public void testEachDistributionChangeIsAStatementOfItsOwn() {
        Check.equal(
                List.of(
                        HEAD + "ADD DISTRIBUTION BY HASH(`a`) INTO 4 BUCKETS",
                        HEAD + "MODIFY DISTRIBUTION INTO 2 BUCKETS",
                        HEAD + "DROP DISTRIBUTION"),
                alter(
                        TableChange.add(TableDistribution.ofHash(List.of("a"), 4)),
                        TableChange.modify(TableDistribution.ofUnknown(2)),
                        TableChange.dropDistribution()));
    }

    public void testDistributionsAreWrittenAsFlinkWritesThem() {
        Check.equal(
                List.of(
                        HEAD + "ADD DISTRIBUTION BY RANGE(`a`, `b``c`)",
                        HEAD + "MODIFY DISTRIBUTION BY (`a`)",
                        HEAD + "MODIFY DISTRIBUTION BY (`a`) INTO 3 BUCKETS",
                        HEAD + "ADD DISTRIBUTION INTO 5 BUCKETS"),
                alter(
                        TableChange.add(TableDistribution.ofRange(List.of("a", "b`c"), null)),
                        TableChange.modify(TableDistribution.ofUnknown(List.of("a"), null)),
                        TableChange.modify(TableDistribution.ofUnknown(List.of("a"), 3)),
                        TableChange.add(TableDistribution.ofUnknown(5))));
    }

    public void testADistributionAmongColumnsKeepsTheOrderOfTheChanges() {
        Check.equal(
                List.of(HEAD + "ADD `x` INT", HEAD + "ADD DISTRIBUTION BY HASH(`x`) INTO 4 BUCKETS"),
                alter(
                        TableChange.add(Column.physical("x", DataTypes.INT())),
                        TableChange.add(TableDistribution.ofHash(List.of("x"), 4))));
        // the columns on either side are not joined across it: the order is Flink's
        Check.equal(
                List.of(HEAD + "ADD `x` INT", HEAD + "DROP DISTRIBUTION", HEAD + "ADD `y` INT"),
                alter(
                        TableChange.add(Column.physical("x", DataTypes.INT())),
                        TableChange.dropDistribution(),
                        TableChange.add(Column.physical("y", DataTypes.INT()))));
    }

    public void testAChangeTheDashboardCannotApplySaysWhatToDo() {
        CatalogException refused = Check.raises(
                CatalogException.class,
                () -> alter(TableChange.set("a", "1"), TableChange.modifyDefinitionQuery("SELECT 1", "SELECT 1")));
        Check.isTrue(
                refused.getMessage().startsWith("The dashboard catalog cannot apply this change from Flink yet: ")
                        && refused.getMessage().endsWith(
                                "Run the ALTER TABLE statement in the dashboard's console instead."),
                refused.getMessage());
    }

    public void testNoChangesAreNoStatements() {
        Check.equal(List.of(), alter());
    }
}
