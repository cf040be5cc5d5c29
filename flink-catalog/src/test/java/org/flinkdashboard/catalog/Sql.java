package org.flinkdashboard.catalog;

import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.expressions.ExpressionVisitor;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.SqlFactory;
import org.apache.flink.table.types.DataType;

/** A resolved expression whose serializable text is given: what the plugin writes it as. */
record Sql(String text) implements ResolvedExpression {
    @Override
    public String asSerializableString(SqlFactory factory) {
        return text;
    }

    @Override
    public DataType getOutputDataType() {
        return DataTypes.TIMESTAMP_LTZ(3);
    }

    @Override
    public List<ResolvedExpression> getResolvedChildren() {
        return List.of();
    }

    @Override
    public String asSummaryString() {
        return text;
    }

    @Override
    public List<Expression> getChildren() {
        return List.of();
    }

    @Override
    public <R> R accept(ExpressionVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
