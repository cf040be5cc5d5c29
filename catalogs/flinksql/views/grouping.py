"""GROUP BY (grouping sets, ROLLUP, CUBE), named windows and their checks, and ORDER BY of a
query block. A mixin of the validator."""

from __future__ import annotations

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..expressions import _strip
from .context import ExpressionContext
from .scopes import Field, Scope
from .writer import ViewWriter


class Grouping:
    """GROUP BY, WINDOW and ORDER BY, on the validator's expression methods."""

    def _check_windows(self, node: exp.Select, scope: Scope) -> None:
        """Named windows must exist; a RANGE offset must suit the ORDER BY key's type."""
        names = {w.name for w in node.args.get("windows") or []}
        windows = [w for item in node.expressions for w in item.find_all(exp.Window)]
        windows.extend(node.args.get("windows") or [])
        for window in windows:
            # OVER w, OVER (w ROWS ...) and WINDOW w2 AS (w ...) all name a window of the query.
            alias = window.args.get("alias")
            if alias is not None and alias.name not in names:
                raise ValidationError(f"Window '{alias.name}' not found")
            spec = window.args.get("spec")
            order = window.args.get("order")
            if spec is None or order is None or str(spec.args.get("kind")).upper() != "RANGE":
                continue
            offsets = [
                v for v in (spec.args.get("start"), spec.args.get("end")) if isinstance(v, exp.Expr)
            ]
            if not offsets or len(order.expressions) != 1:
                continue
            try:
                _, key_type = self.expression(order.expressions[0].this, scope)
            except ValidationError:
                continue
            for offset in offsets:
                is_interval = isinstance(offset, exp.Interval)
                temporal = key_type.is_timestamp or key_type.name in ("DATE", "TIME")
                if (temporal and not is_interval) or (key_type.is_numeric and is_interval):
                    raise ValidationError("Data Type mismatch between ORDER BY and RANGE clause")

    def group_by(self, group: exp.Group, scope: Scope) -> tuple[str, list[str]]:
        texts: list[str] = []
        keys: list[str] = []
        factors: list[list[frozenset[str]]] = []
        items = list(group.expressions)
        for kind, node_type in (
            ("rollup", exp.Rollup),
            ("cube", exp.Cube),
            ("grouping_sets", exp.GroupingSets),
        ):
            for legacy in group.args.get(kind) or []:
                items.append(node_type(expressions=list(legacy.expressions)))
        for item in items:
            if isinstance(item, exp.Rollup | exp.Cube | exp.GroupingSets):
                name = {exp.Rollup: "ROLLUP", exp.Cube: "CUBE"}.get(type(item), "GROUPING SETS")
                elements = [self._grouping_element(e, scope) for e in item.expressions]
                texts.append(f"{name}(" + ", ".join(text for text, _ in elements) + ")")
                members = [m for _, m in elements]
                for m in members:
                    keys.extend(k for k in m if k not in keys)
                if isinstance(item, exp.Rollup):
                    sets = [frozenset().union(*members[:i]) for i in range(len(members), -1, -1)]
                elif isinstance(item, exp.Cube):
                    sets = [frozenset()]
                    for m in members[:12]:
                        sets = sets + [s | m for s in sets]
                else:
                    sets = members
                factors.append(sets)
                continue
            item.meta["in_group_by"] = True
            text, _ = self.expression(item, scope)
            texts.append(text)
            keys.append(text)
            factors.append([frozenset([text])])
        grouping_sets = [frozenset[str]()]
        for sets in factors:
            grouping_sets = [a | b for a in grouping_sets for b in sets][:4096]
        scope.nullable_keys = frozenset(k for k in keys if any(k not in gs for gs in grouping_sets))
        return ", ".join(texts), keys

    def _grouping_element(self, node: exp.Expression, scope: Scope) -> tuple[str, frozenset[str]]:
        """One element of ROLLUP, CUBE or GROUPING SETS: its text and the keys it groups by."""
        while isinstance(node, exp.Paren):
            node = node.this
        if isinstance(node, exp.Tuple):
            parts = [self._grouping_element(e, scope) for e in node.expressions]
            text = "(" + ", ".join(t for t, _ in parts) + ")"
            return text, frozenset().union(*(m for _, m in parts))
        if isinstance(node, exp.Rollup | exp.Cube | exp.GroupingSets):
            raise ValidationError("Nested ROLLUP, CUBE or GROUPING SETS are not supported")
        text, _ = self.expression(node, scope)
        return text, frozenset([text])

    def named_window(self, window: exp.Window, scope: Scope) -> str:
        context = ExpressionContext(self, scope, False)
        spec = ViewWriter(context).window_spec(context.resolve(window))
        return f"{quote_identifier(window.name)} AS ({spec})"

    def order_by(self, order: exp.Order, scope: Scope, fields: list[Field], grouped: bool) -> str:
        names = {f.name for f in fields}
        items = []
        for ordered in order.expressions:
            target = _strip(ordered.this)
            if isinstance(target, exp.Column) and not target.table and target.name in names:
                text = quote_identifier(target.name)
            else:
                text, _ = self.expression(target, scope, grouped=grouped)
            if ordered.args.get("desc"):
                text += " DESC"
            nulls = ordered.meta.get("explicit_nulls")
            if nulls:
                text += f" NULLS {nulls}"
            items.append(text)
        return ", ".join(items)
