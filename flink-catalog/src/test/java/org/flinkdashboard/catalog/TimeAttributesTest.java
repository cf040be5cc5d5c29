package org.flinkdashboard.catalog;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogView;

/** A view column's time attributes, its own and its members', which its type's text cannot say. */
public class TimeAttributesTest {
    private static final String VIEW = """
            {"database": "sales", "name": "v", "comment": null, "expandedQuery": "SELECT 1",
             "columns": [
               {"name": "r", "type": "ROW<`EXPR$0` TIMESTAMP(3), `EXPR$1` STRING>", "nullable": false,
                "timeAttribute": null,
                "memberTimeAttributes": [{"path": [0], "timeAttribute": "ROWTIME"}]},
               {"name": "m", "type": "MAP<STRING, ARRAY<TIMESTAMP_LTZ(3) NOT NULL>>", "nullable": true,
                "timeAttribute": null,
                "memberTimeAttributes": [{"path": [1, 0], "timeAttribute": "PROCTIME"}]},
               {"name": "nested", "type": "ARRAY<ROW<`a` ROW<`b` TIMESTAMP(3)> NOT NULL, `c` TIMESTAMP(3)>>",
                "nullable": true, "timeAttribute": null,
                "memberTimeAttributes": [{"path": [0, 0, 0], "timeAttribute": "ROWTIME"},
                                         {"path": [0, 1], "timeAttribute": "ROWTIME"}]},
               {"name": "ts", "type": "TIMESTAMP(3)", "nullable": true, "timeAttribute": "ROWTIME"},
               {"name": "plain", "type": "ROW<`x` TIMESTAMP(3)>", "nullable": true, "timeAttribute": null}
             ]}""";

    public void testEveryAttributeIsOnItsMember() throws Exception {
        JsonNode entry = new ObjectMapper().readTree(VIEW);
        CatalogView view = new Definitions("shop", "shop").view(entry);
        List<String> types = new ArrayList<>();
        for (Schema.UnresolvedColumn column : view.getUnresolvedSchema().getColumns()) {
            types.add(((Schema.UnresolvedPhysicalColumn) column).getDataType().toString());
        }
        Check.equal(
                List.of(
                        "ROW<`EXPR$0` TIMESTAMP(3) *ROWTIME*, `EXPR$1` STRING> NOT NULL",
                        "MAP<STRING, ARRAY<TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*>>",
                        "ARRAY<ROW<`a` ROW<`b` TIMESTAMP(3) *ROWTIME*> NOT NULL, `c` TIMESTAMP(3) *ROWTIME*>>",
                        "TIMESTAMP(3) *ROWTIME*",
                        "ROW<`x` TIMESTAMP(3)>"),
                types);
    }
}
