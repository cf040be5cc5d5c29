package org.flinkdashboard.catalog;

/** The catalog's name inside SQL text: only where it starts a qualified name. */
public class RenameTest {
    public void testItRenamesTheFirstPartOfQualifiedNamesOnly() {
        Check.equal(
                "SELECT `shop`.`sales`.`f`(`t`.`prod`) FROM `shop`.`sales`.`t` AS `prod`",
                Rename.catalog("SELECT `prod`.`sales`.`f`(`t`.`prod`) FROM `prod`.`sales`.`t` AS `prod`", "prod", "shop"));
    }

    public void testItKeepsLiteralsCommentsAndOtherNames() {
        String sql = "SELECT '`prod`.x', `prod2`.`a`.`b` -- `prod`.`c`\nFROM t";
        Check.equal(sql, Rename.catalog(sql, "prod", "shop"));
    }

    public void testQuotesDoubleTheirQuote() {
        Check.equal("`a``b`", Rename.quote("a`b"));
        Check.equal("'it''s'", Rename.literal("it's"));
    }
}
