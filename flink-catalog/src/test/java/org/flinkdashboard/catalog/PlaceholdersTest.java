package org.flinkdashboard.catalog;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/** Secret options arrive as ${VARIABLE} placeholders, resolved from the process's environment. */
public class PlaceholdersTest {
    // set by tests/test_flink_catalog_unit.py and by `make flink-catalog-test`; the other never
    static final String SET = "DASHBOARD_PLUGIN_TEST_SECRET";
    static final String UNSET = "DASHBOARD_PLUGIN_TEST_UNSET";

    public void testAPlaceholderIsTheVariablesValue() {
        Check.equal("from-the-environment", System.getenv(SET));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", "kafka");
        options.put("password", "${" + SET + "}");
        options.put("near", "x${" + SET + "}");
        options.put("not a name", "${1X}");
        Map<String, String> resolved = Definitions.resolved(options, "table t");
        Check.equal(
                "{connector=kafka, password=from-the-environment, near=x${" + SET + "}, not a name=${1X}}",
                resolved.toString());
    }

    public void testAnUnsetVariableFailsNamingIt() {
        Check.equal(null, System.getenv(UNSET));
        CatalogException refused = Check.raises(
                CatalogException.class,
                () -> Definitions.resolved(Map.of("password", "${" + UNSET + "}"), "table `prod`.`sales`.`t`"));
        Check.equal(
                "Option 'password' of table `prod`.`sales`.`t` is a secret the dashboard does not hand out: "
                        + "set the environment variable " + UNSET + " of the Flink process to its value.",
                refused.getMessage());
    }
}
