"""Validate a view's query as Calcite does for Flink and write it back expanded.

One pass over the sqlglot tree: each query block resolves its FROM clause into namespaces (one
per table, subquery, UNNEST or window function, each with an alias and typed fields), then
resolves, types and writes its expressions against them. The text is Calcite's
``SqlPrettyWriter`` output as Flink configures it: one clause per line, no indentation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from sqlglot import exp
from sqlglot.errors import ParseError as SqlglotParseError

from ..catalog import ObjectIdentifier, quote_identifier
from ..dialect import DIALECT, TableArgument
from ..errors import SqlParseError, ValidationError
from ..expressions import _family, _strip, calcite_type_name
from ..keywords import read_as_column
from ..types import DataType
from . import CatalogReader, Dependency, ExpandedView, RelationColumn
from .conditions import check_condition
from .expressions import (
    GROUP_WINDOW_HELPERS,
    ExpressionContext,
    QueryExpr,
    ViewTyper,
    ViewWriter,
    function_identifier,
    is_aggregate,
)
from .reserved import (
    check_reserved_names,
    empty_select_list,
    reserved_select_item,
    text_offset,
    text_position,
)

_JOIN_KEYWORDS = {
    ("", ""): "INNER JOIN",
    ("", "INNER"): "INNER JOIN",
    ("LEFT", ""): "LEFT JOIN",
    ("LEFT", "OUTER"): "LEFT JOIN",
    ("RIGHT", ""): "RIGHT JOIN",
    ("RIGHT", "OUTER"): "RIGHT JOIN",
    ("FULL", ""): "FULL JOIN",
    ("FULL", "OUTER"): "FULL JOIN",
    ("", "CROSS"): "CROSS JOIN",
}
_WINDOW_FUNCTIONS = ("TUMBLE", "HOP", "CUMULATE", "SESSION")
_PROCESS_TABLE_FUNCTIONS = ("TO_CHANGELOG",)
_WINDOW_ARGUMENTS = {"TUMBLE": 3, "HOP": 4, "CUMULATE": 4, "SESSION": 3}
_WINDOW_SIGNATURES = {
    "TUMBLE": "TUMBLE(TABLE table_name, DESCRIPTOR(timecol), datetime interval"
    "[, datetime interval])",
    "HOP": "HOP(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval"
    "[, datetime interval])",
    "CUMULATE": "CUMULATE(TABLE table_name, DESCRIPTOR(timecol), datetime interval, "
    "datetime interval[, datetime interval])",
    "SESSION": "SESSION(TABLE table_name, DESCRIPTOR(timecol), datetime interval)",
}
_NILADIC = ("CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP")


@dataclass
class Field:
    name: str
    data_type: DataType


@dataclass
class Namespace:
    """A relation of a FROM clause, as the query sees it."""

    alias: str
    fields: list[Field]
    identifier: ObjectIdentifier | None = None

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass
class UsingColumn:
    """A column of a USING or NATURAL join: both sides' column, read as their COALESCE."""

    name: str
    left: Namespace
    right: Namespace

    def types(self) -> tuple[DataType, DataType]:
        left, right = self.left.field(self.name), self.right.field(self.name)
        assert left is not None and right is not None
        return left.data_type, right.data_type

    def data_type(self) -> DataType:
        a, b = self.types()
        common = ViewTyper.least_restrictive(a, b) or a
        return common.with_nullable(a.nullable and b.nullable).with_time_attribute(None)


@dataclass
class Scope:
    namespaces: list[Namespace]
    parent: Scope | None = None
    ctes: dict[str, list[Field]] = field(default_factory=dict)
    # Group keys missing from some grouping set (ROLLUP, CUBE, GROUPING SETS): nullable.
    nullable_keys: frozenset[str] = frozenset()
    using: list[UsingColumn] = field(default_factory=list)

    def using_column(self, name: str) -> UsingColumn | None:
        return next((u for u in self.using if u.name == name), None)

    def cte(self, name: str) -> list[Field] | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.ctes:
                return scope.ctes[name]
            scope = scope.parent
        return None


@dataclass
class Query:
    text: str
    fields: list[Field]


def validate_view(
    query: str,
    reader: CatalogReader,
    catalog: str,
    database: str,
    column_names: Sequence[str] | None,
    query_position: tuple[int, int],
) -> ExpandedView:
    try:
        node = _parse(query)
    except SqlglotParseError as exc:
        err = exc.errors[0] if exc.errors else {}
        highlight = err.get("highlight") or query
        line, column = err.get("line"), err.get("col")
        reserved = reserved_select_item(query, text_offset(query, line, column), query_position)
        if reserved is not None:
            raise reserved from None
        if line is not None and column is not None:
            column = max(1, column - len(highlight) + 1)
            if line == 1:
                line, column = query_position[0], query_position[1] + column - 1
            else:
                line = query_position[0] + line - 1
        raise SqlParseError(f'Encountered "{highlight}"', line, column) from None
    if node is None:
        raise SqlParseError("Empty query.")
    _check_syntax(node, query, query_position)
    if "!=" in query and any(token.text == "!=" for token in DIALECT.tokenize(query)):
        raise ValidationError(
            "Bang equal '!=' is not allowed under the current SQL conformance level"
        )
    validator = Validator(reader, catalog, database, query, query_position)
    try:
        result = validator.query(node, None)
    except (ValidationError, SqlParseError):
        raise
    except Exception as exc:  # noqa: BLE001 - any gap of the normalizer is a clear refusal
        raise ValidationError(
            f"Unsupported construct in the view's query ({type(exc).__name__}: {exc}); "
            "the dashboard cannot validate it yet."
        ) from None
    _record_every_call(validator, node)
    fields = result.fields
    names = [f.name for f in fields]
    if column_names is not None:
        if len(column_names) != len(fields):
            raise ValidationError(_column_list_mismatch(column_names, fields))
        names = list(column_names)
    validator.check_unique(names, node)
    columns = tuple(RelationColumn(n, f.data_type) for n, f in zip(names, fields, strict=True))
    return ExpandedView(result.text, columns, tuple(validator.dependencies.values()))


_QUERY_NODES = (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Values, exp.Subquery)


def _check_syntax(node: exp.Expression, text: str, base: tuple[int, int]) -> None:
    """What Flink's parser rejects but sqlglot reads: a non-query, an empty select list, a
    reserved word as an unquoted name."""
    if not isinstance(node, _QUERY_NODES):
        offset = len(text) - len(text.lstrip())
        word = text[offset:].split(None, 1)[0].upper() if text.strip() else ""
        line, column = text_position(text, offset, base)
        raise SqlParseError(f"Incorrect syntax near the keyword '{word}'", line, column)
    for select in node.find_all(exp.Select):
        if not select.expressions:
            raise empty_select_list(text, base)
    for alias in node.find_all(exp.Alias):
        if not isinstance(alias.parent, exp.Select) or alias.arg_key != "expressions":
            # ``f(x AS y)``: Calcite's parser has no alias there (Flink writes one back for the
            # columns of a USING join's star, and then cannot read its own view again).
            ident = alias.args.get("alias")
            start = ident.meta.get("start") if isinstance(ident, exp.Identifier) else None
            if start is not None:
                before = text[:start].rstrip()
                if before.upper().endswith("AS"):
                    line, column = text_position(text, len(before) - 2, base)
                    raise SqlParseError('Encountered "AS"', line, column)
            raise SqlParseError('Encountered "AS"')
    check_reserved_names(node, text, base)


@lru_cache(maxsize=512)
def _parsed(query: str) -> exp.Expression | None:
    return DIALECT.parse(query)[0]


def _parse(query: str) -> exp.Expression | None:
    """The query's tree: parsed once per text (a stored view is read again by every query over
    it), copied because validation annotates the tree."""
    node = _parsed(query)
    return node.copy() if node is not None else None


def _column_list_mismatch(names: Sequence[str], fields: list[Field]) -> str:
    return "VIEW definition and input fields not match:\n\tDef fields: " + (
        f"[{', '.join(names)}].\n\tInput fields: [{', '.join(f.name for f in fields)}]."
    )


def _record_every_call(validator: Validator, node: exp.Expression) -> None:
    """A user-defined function named anywhere in the query is read by it, also where the type
    derivation never looks (a CASE condition, a window's PARTITION BY): the Use permission and
    the marks of a dropped function ask what a view reads."""
    for call in node.find_all(exp.Anonymous):
        if validator.reader.function_return_type(call.name) is not None:
            identifier = function_identifier(call.name, validator.catalog, validator.database)
            validator.dependencies.setdefault(
                ("function", identifier), Dependency("function", identifier)
            )


class Validator:
    def __init__(
        self,
        reader: CatalogReader,
        catalog: str,
        database: str,
        text: str,
        position: tuple[int, int],
    ) -> None:
        self.reader = reader
        self.catalog = catalog
        self.database = database
        self.text = text
        self.position = position
        self.dependencies: dict[tuple[str, ObjectIdentifier], Dependency] = {}
        self.next_alias = 0
        self.select_items: list[exp.Expression] = []

    # -- queries ------------------------------------------------------------------------------
    def query(self, node: exp.Expression, parent: Scope | None) -> Query:
        """A query expression: SELECT, set operation, VALUES or a parenthesized one."""
        ctes: dict[str, list[Field]] = {}
        prefix = ""
        with_ = node.args.get("with_")
        if with_ is not None:
            node.set("with_", None)
            scope = Scope([], parent, ctes)
            items = []
            for cte in with_.expressions:
                name = cte.alias
                inner = self.query(cte.this, scope)
                fields = inner.fields
                alias_node = cte.args.get("alias")
                columns = [c.name for c in alias_node.columns] if alias_node is not None else []
                head = quote_identifier(name)
                if columns:
                    if len(columns) != len(fields):
                        raise ValidationError(
                            "Number of columns must match number of query columns"
                        )
                    fields = [Field(c, f.data_type) for c, f in zip(columns, fields, strict=True)]
                    head += " (" + ", ".join(quote_identifier(c) for c in columns) + ")"
                ctes[name] = fields
                items.append(f"{head} AS ({inner.text})")
            prefix = "WITH " + ", ".join(items) + " "
            parent = scope
        # Flink writes a scalar subquery as (((SELECT ...))): every level of parentheses goes
        while isinstance(node, exp.Subquery) and not node.alias:
            node = self._unwrap(node)
        if isinstance(node, exp.Select):
            result = self.select(node, parent)
        elif isinstance(node, exp.Union | exp.Intersect | exp.Except):
            result = self.set_operation(node, parent)
        elif isinstance(node, exp.Values):
            result = self.values(node, parent)
        else:
            raise ValidationError(f"Unsupported query: {node.sql()}")
        return Query(prefix + result.text, result.fields)

    def _unwrap(self, node: exp.Subquery) -> exp.Expression:
        inner = node.this
        order = node.args.get("order")
        limit = node.args.get("limit") or node.args.get("offset")
        if order is None and limit is None:
            return inner
        # (a UNION b) ORDER BY ...: Calcite reads it as a SELECT * over the parenthesized query.
        wrapper = exp.select(exp.Star()).from_(exp.Subquery(this=inner))
        for key in ("order", "limit", "offset"):
            if node.args.get(key) is not None:
                wrapper.set(key, node.args[key])
        return wrapper

    def set_operation(self, node: exp.Expression, parent: Scope | None) -> Query:
        if isinstance(node, exp.Union):
            keyword = "UNION" if node.args.get("distinct") else "UNION ALL"
        elif isinstance(node, exp.Intersect):
            keyword = "INTERSECT" if node.args.get("distinct") else "INTERSECT ALL"
        else:
            keyword = "EXCEPT" if node.args.get("distinct") else "EXCEPT ALL"
        if node.args.get("order") or node.args.get("limit") or node.args.get("offset"):
            # ... UNION ... ORDER BY/LIMIT: Calcite reads a SELECT * over the set operation.
            inner = node.copy()
            wrapper = exp.select(exp.Star()).from_(exp.Subquery(this=inner))
            for key in ("order", "limit", "offset"):
                if node.args.get(key) is not None:
                    wrapper.set(key, node.args[key].copy())
                    inner.set(key, None)
            return self.select(wrapper, parent)
        left = self._set_operand(node.this, parent, right=False)
        right = self._set_operand(node.expression, parent, right=True)
        if len(left.fields) != len(right.fields):
            raise ValidationError(f"Column count mismatch in {keyword}")
        fields = []
        for i, (a, b) in enumerate(zip(left.fields, right.fields, strict=True)):
            common = ViewTyper.least_restrictive(a.data_type, b.data_type)
            if common is None:
                raise ValidationError(f"Type mismatch in column {i + 1} of {keyword}")
            fields.append(Field(a.name, common))
        return Query(f"{left.text}\n{keyword}\n{right.text}", fields)

    def _set_operand(self, node: exp.Expression, parent: Scope | None, right: bool) -> Query:
        result = self.query(node, parent)
        if right and isinstance(self._strip_subquery(node), exp.Union | exp.Intersect | exp.Except):
            return Query(f"({result.text})", result.fields)
        return result

    @staticmethod
    def _strip_parens(node: exp.Expression) -> exp.Expression:
        while isinstance(node, exp.Subquery | exp.Paren) and not node.alias:
            node = node.this
        return node

    @staticmethod
    def _strip_subquery(node: exp.Expression) -> exp.Expression:
        while isinstance(node, exp.Subquery) and not node.alias:
            node = node.this
        return node

    def values(self, node: exp.Values, parent: Scope | None) -> Query:
        scope = Scope([], parent)
        rows: list[str] = []
        types: list[list[DataType]] = []
        for row in node.expressions:
            items = row.expressions if isinstance(row, exp.Tuple) else [row]
            written = [self.expression(item, scope) for item in items]
            rows.append("ROW(" + ", ".join(text for text, _ in written) + ")")
            types.append([t for _, t in written])
        fields = []
        for i, column in enumerate(zip(*types, strict=True)):
            common = column[0]
            for other in column[1:]:
                common = ViewTyper.least_restrictive(common, other) or common
            fields.append(Field(f"EXPR${i}", common))
        return Query("VALUES " + ",\n".join(rows), fields)

    # -- SELECT -------------------------------------------------------------------------------
    def select(self, node: exp.Select, parent: Scope | None) -> Query:
        scope = Scope([], parent)
        clauses: list[str] = []
        from_ = node.args.get("from_")
        from_text = None
        if from_ is not None:
            from_text = self.from_clause(from_.this, node.args.get("joins") or [], scope)
        where = node.args.get("where")
        where_text = None
        if where is not None:
            if _has_aggregate(where.this):
                raise ValidationError("Aggregate expression is illegal in WHERE clause")
            where_text, where_type = self.expression(where.this, scope)
            check_condition("WHERE", where.this, where_type)
        group = node.args.get("group")
        grouped = (
            group is not None
            or any(_has_aggregate(item) for item in node.expressions)
            or node.args.get("having") is not None
        )
        group_text = None
        group_keys: list[str] = []
        if group is not None:
            group_text, group_keys = self.group_by(group, scope)
        self._check_windows(node, scope)
        items_text, fields = self.select_list(node, scope, grouped, group, group_keys)
        distinct = "DISTINCT " if node.args.get("distinct") else ""
        clauses.append(f"SELECT {distinct}{items_text}")
        if from_text is not None:
            clauses.append(f"FROM {from_text}")
        if where_text is not None:
            clauses.append(f"WHERE {where_text}")
        if group_text is not None:
            clauses.append(f"GROUP BY {group_text}")
        having = node.args.get("having")
        if having is not None:
            text, having_type, resolved = self.resolved_expression(
                having.this, scope, grouped=group is not None
            )
            check_condition("HAVING", having.this, having_type)
            if grouped:
                self._check_grouped(resolved, text, group_keys)
            clauses.append(f"HAVING {text}")
        windows = node.args.get("windows")
        if windows:
            clauses.append("WINDOW " + ", ".join(self.named_window(w, scope) for w in windows))
        order = node.args.get("order")
        if order is not None:
            clauses.append("ORDER BY " + self.order_by(order, scope, fields, group is not None))
        clauses.extend(self.offset_fetch(node))
        return Query("\n".join(clauses), fields)

    def _check_windows(self, node: exp.Select, scope: Scope) -> None:
        """Named windows must exist; a RANGE offset must suit the ORDER BY key's type."""
        names = {w.name for w in node.args.get("windows") or []}
        windows = [w for item in node.expressions for w in item.find_all(exp.Window)]
        windows.extend(node.args.get("windows") or [])
        for window in windows:
            alias = window.args.get("alias")
            if (
                alias is not None
                and window.args.get("partition_by") is None
                and window.args.get("order") is None
                and window.args.get("spec") is None
                and alias.name not in names
            ):
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

    def offset_fetch(self, node: exp.Expression) -> list[str]:
        out = []
        offset = node.args.get("offset")
        if offset is not None:
            out.append(f"OFFSET {offset.expression.sql()} ROWS")
        limit = node.args.get("limit")
        if limit is not None:
            count = limit.args.get("count") if isinstance(limit, exp.Fetch) else limit.expression
            out.append(f"FETCH NEXT {count.sql()} ROWS ONLY")
        return out

    def select_list(
        self,
        node: exp.Select,
        scope: Scope,
        grouped: bool,
        group: exp.Group | None,
        group_keys: list[str],
    ) -> tuple[str, list[Field]]:
        texts: list[str] = []
        fields: list[Field] = []
        self.select_items = []
        for item in node.expressions:
            if isinstance(_strip(item), exp.Star) or (
                isinstance(_strip(item), exp.Column) and isinstance(_strip(item).this, exp.Star)
            ):
                self._expand_star(_strip(item), scope, texts, fields)
                continue
            self.select_items.append(item)
            alias = item.alias if isinstance(item, exp.Alias) else None
            inner = item.this if isinstance(item, exp.Alias) else item
            bare = inner
            while isinstance(bare, exp.Paren):
                bare = bare.this
            if isinstance(bare, exp.Null):
                raise ValidationError("Illegal use of 'NULL'")
            niladic = self._niladic_name(bare, scope)
            text, data_type, resolved = self.resolved_expression(inner, scope, group is not None)
            if grouped:
                self._check_grouped(resolved, text, group_keys)
            if alias is not None:
                name = alias
                texts.append(f"{text} AS {quote_identifier(alias)}")
            elif niladic is not None:
                name = niladic
                texts.append(f"{text} AS {text}")
            elif isinstance(bare, exp.Column) and not resolved.meta.get("literal"):
                name = bare.name  # (t.id) is named id, as t.id is
                plain = isinstance(_strip(resolved), exp.Column)
                texts.append(text if plain else f"{text} AS {quote_identifier(name)}")
            elif isinstance(bare, exp.CurrentUser) and isinstance(_strip(resolved), exp.Column):
                name = resolved.meta.get("written_name", resolved.name)
                texts.append(text)
            else:
                name = f"EXPR${len(fields)}"
                texts.append(text)
            fields.append(Field(name, data_type))
        return ", ".join(texts), fields

    def _niladic_name(self, node: exp.Expression, scope: Scope) -> str | None:
        if isinstance(node, exp.CurrentTimestamp | exp.CurrentDate | exp.CurrentTime):
            return node.meta.get("written") or type(node).__name__.upper().replace(
                "CURRENT", "CURRENT_"
            )
        if (
            isinstance(node, exp.Column)
            and not node.table
            and node.name.upper() in _NILADIC
            and not (read_as_column(node.name) and self._column_exists(node.name, scope))
        ):
            return node.name
        return None

    def _column_exists(self, name: str, scope: Scope | None) -> bool:
        while scope is not None:
            if any(ns.field(name) for ns in scope.namespaces):
                return True
            scope = scope.parent
        return False

    def _check_grouped(self, node: exp.Expression, text: str, group_keys: list[str]) -> None:
        if text in group_keys:
            return
        for column in _columns_outside_aggregates(node):
            written = column.meta.get("flink_text")
            if written is not None and written not in group_keys:
                raise ValidationError(f"Expression '{_message_name(column)}' is not being grouped")

    def _expand_star(
        self, item: exp.Expression, scope: Scope, texts: list[str], fields: list[Field]
    ) -> None:
        if isinstance(item, exp.Column):
            qualifier = item.table
            namespaces = [ns for ns in scope.namespaces if ns.alias == qualifier]
            if not namespaces:
                raise ValidationError(f"Unknown identifier '{qualifier}'")
        else:
            namespaces = scope.namespaces
            if not namespaces:
                raise ValidationError("SELECT * requires a FROM clause")
        taken = {f.name for f in fields}
        skipped: set[tuple[int, str]] = set()
        if not isinstance(item, exp.Column):
            for u in scope.using:
                skipped.update({(id(u.left), u.name), (id(u.right), u.name)})
                inner = u.name
                counter = 0
                while inner in taken or inner == u.name:
                    inner = f"{u.name}{counter}"
                    counter += 1
                taken.add(u.name)
                name = quote_identifier(u.name)
                texts.append(
                    f"COALESCE({quote_identifier(u.left.alias)}.{name}, "
                    f"{quote_identifier(u.right.alias)}.{name} AS {quote_identifier(inner)}) "
                    f"AS {name}"
                )
                fields.append(Field(u.name, u.data_type()))
        for ns in namespaces:
            for f in ns.fields:
                if (id(ns), f.name) in skipped:
                    continue
                name = f.name
                counter = 0
                while name in taken:
                    name = f"{f.name}{counter}"
                    counter += 1
                taken.add(name)
                text = f"{quote_identifier(ns.alias)}.{quote_identifier(f.name)}"
                if name != f.name:
                    text += f" AS {quote_identifier(name)}"
                texts.append(text)
                fields.append(Field(name, f.data_type))

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

    # -- FROM ---------------------------------------------------------------------------------
    def from_clause(self, first: exp.Expression, joins: list[exp.Join], scope: Scope) -> str:
        text = self.from_item(first, scope)
        for join in joins:
            text = self.join(text, join, scope)
        return text

    def join(self, left_text: str, join: exp.Join, scope: Scope) -> str:
        side = (join.side or "").upper()
        kind = (join.kind or "").upper()
        natural = (join.args.get("method") or "").upper() == "NATURAL"
        on = join.args.get("on")
        using = join.args.get("using")
        if not side and not kind and not natural and on is None and not using:
            if "pivots" in join.args:  # JOIN without a condition (a comma has no such arg)
                raise ValidationError(
                    "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or "
                    "ON or USING clause)"
                )
            # FROM a, b
            before = len(scope.namespaces)
            right = self.from_item(join.this, scope)
            self._check_duplicates(scope, before)
            return f"{left_text},\n{right}"
        keyword = _JOIN_KEYWORDS.get((side, kind), f"{side} JOIN")
        if natural:
            keyword = "NATURAL " + keyword
        left_namespaces = list(scope.namespaces)
        right = self.from_item(join.this, scope)
        self._check_duplicates(scope, len(left_namespaces))
        right_namespaces = scope.namespaces[len(left_namespaces) :]
        text = f"{left_text}\n{keyword} {right}"
        if side and on is None and not using and not natural:
            raise ValidationError(
                "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or "
                "ON or USING clause)"
            )
        if on is not None:
            condition, _ = self.expression(on, scope)
            text += f" ON {condition}"
        if using or natural:
            self._using(scope, left_namespaces, right_namespaces, using, natural)
        if using:
            text += " USING (" + ", ".join(quote_identifier(u.name) for u in using) + ")"
        if side in ("LEFT", "FULL"):
            _make_nullable(right_namespaces)
        if side in ("RIGHT", "FULL"):
            _make_nullable(left_namespaces)
        return text

    def _using(
        self,
        scope: Scope,
        left: list[Namespace],
        right: list[Namespace],
        using: list[exp.Expression] | None,
        natural: bool,
    ) -> None:
        if using:
            names = [u.name for u in using]
        else:
            names = []
            for ns in left:
                for f in ns.fields:
                    if f.name not in names and any(r.field(f.name) for r in right):
                        names.append(f.name)
        for name in names:
            lefts = [ns for ns in left if ns.field(name)]
            rights = [ns for ns in right if ns.field(name)]
            if not lefts or not rights:
                raise ValidationError(f"Column '{name}' not found in any table")
            scope.using.append(UsingColumn(name, lefts[0], rights[0]))

    def _check_duplicates(self, scope: Scope, before: int) -> None:
        seen = {ns.alias for ns in scope.namespaces[:before]}
        for ns in scope.namespaces[before:]:
            if ns.alias in seen:
                raise ValidationError(f"Duplicate relation name '{ns.alias}' in FROM clause")
            seen.add(ns.alias)

    def from_item(self, node: exp.Expression, scope: Scope) -> str:
        if isinstance(node, exp.Table):
            if isinstance(node.this, exp.Anonymous) and (
                node.this.name.upper() == "TABLE"
                or node.this.name.upper() in (*_WINDOW_FUNCTIONS, *_PROCESS_TABLE_FUNCTIONS)
            ):
                return self.table_function(node, scope)
            if node.args.get("joins"):
                return self._nested_join(node, scope)
            return self.table(node, scope)
        if isinstance(node, exp.Subquery):
            inner = node.this
            if isinstance(inner, exp.Table) and inner.args.get("joins"):
                return "(" + self._nested_join(inner, scope) + ")"
            alias = self._derived_alias(node)
            result = self.query(inner, scope.parent)
            return self._aliased_subquery(f"({result.text})", result.fields, node, scope, alias)
        if isinstance(node, exp.Values):
            alias = self._derived_alias(node)
            result = self.values(node, scope.parent)
            return self._aliased_subquery(f"({result.text})", result.fields, node, scope, alias)
        if isinstance(node, exp.Unnest):
            return self.unnest(node, scope)
        if isinstance(node, exp.Lateral):
            return self.lateral(node, scope)
        raise ValidationError(f"Unsupported FROM item: {node.sql()}")

    def _nested_join(self, node: exp.Table, scope: Scope) -> str:
        joins = node.args.get("joins") or []
        bare = node.copy()
        bare.set("joins", None)
        return self.from_clause(bare, joins, scope)

    def _derived_alias(self, node: exp.Expression) -> str:
        """The alias of a FROM item; Calcite numbers unnamed ones before it looks inside."""
        alias_node = node.args.get("alias")
        if alias_node is not None and alias_node.name:
            return alias_node.name
        alias = f"EXPR${self.next_alias}"
        self.next_alias += 1
        return alias

    def _aliased_subquery(
        self,
        text: str,
        fields: list[Field],
        node: exp.Expression,
        scope: Scope,
        alias: str | None = None,
    ) -> str:
        alias_node = node.args.get("alias")
        if alias is None:
            alias = self._derived_alias(node)
        columns = list(alias_node.columns) if alias_node is not None else []
        if columns:
            if len(columns) != len(fields):
                raise ValidationError(
                    f"List of column aliases must have same degree as table; table has "
                    f"{len(fields)} columns {_names(fields)}, whereas alias list has "
                    f"{len(columns)} columns"
                )
            names = [c.name for c in columns]
            if (
                twice := next((n for i, n in enumerate(names) if n in names[:i]), None)
            ) is not None:
                raise ValidationError(f"Duplicate name '{twice}' in column alias list")
            fields = [Field(c.name, f.data_type) for c, f in zip(columns, fields, strict=True)]
            text += (
                f" AS {quote_identifier(alias)} ("
                + ", ".join(quote_identifier(c.name) for c in columns)
                + ")"
            )
        else:
            text += f" AS {quote_identifier(alias)}"
        scope.namespaces.append(Namespace(alias, [Field(f.name, f.data_type) for f in fields]))
        return text

    def resolve_table(self, node: exp.Table) -> tuple[ObjectIdentifier, list[Field], bool]:
        parts = [p.name for p in node.parts]
        if len(parts) == 1:
            identifier = ObjectIdentifier(self.catalog, self.database, parts[0])
        elif len(parts) == 2:
            identifier = ObjectIdentifier(self.catalog, parts[0], parts[1])
        elif len(parts) == 3:
            identifier = ObjectIdentifier(*parts)
        else:
            raise ValidationError(f"Object '{parts[0]}' not found")
        relation = self.reader.relation(identifier)
        if relation is None:
            raise ValidationError(self._not_found(parts, identifier))
        if (
            not relation.is_view
            and relation.options is not None
            and "connector" not in relation.options
        ):
            raise ValidationError(
                "Table options do not contain an option key 'connector' for discovering a "
                "connector."
            )
        kind = "view" if relation.is_view else "table"
        self.dependencies.setdefault((kind, identifier), Dependency(kind, identifier))
        fields = [Field(c.name, c.data_type) for c in relation.columns]
        return identifier, fields, relation.is_view

    def _not_found(self, parts: list[str], identifier: ObjectIdentifier) -> str:
        """Calcite names the first part it cannot find; a missing object of an existing
        database is named 'within' it."""
        if len(parts) == 1:
            return f"Object '{parts[0]}' not found"
        if self._database_exists(identifier.catalog, identifier.database):
            return (
                f"Object '{identifier.name}' not found within "
                f"'{identifier.catalog}.{identifier.database}'"
            )
        return f"Object '{parts[0]}' not found"

    def _database_exists(self, catalog: str, database: str) -> bool:
        probe = getattr(self.reader, "database_exists", None)
        if probe is not None:
            return bool(probe(catalog, database))
        return catalog == self.catalog and database == self.database

    def table(self, node: exp.Table, scope: Scope) -> str:
        parts = [p.name for p in node.parts]
        alias = node.alias or parts[-1]
        cte = scope.cte(parts[0]) if len(parts) == 1 else None
        version = node.args.get("version")
        if cte is not None:
            text = quote_identifier(parts[0])
            fields = [Field(f.name, f.data_type) for f in cte]
            identifier = None
        else:
            identifier, fields, _ = self.resolve_table(node)
            text = identifier.quoted()
        if version is not None:
            expression, period_type = self.expression(version.expression, scope)
            if not period_type.is_timestamp:
                name = calcite_type_name(period_type).split("(")[0]
                raise ValidationError(
                    f"The system time period specification expects Timestamp type but is '{name}'"
                )
            text += f" FOR SYSTEM_TIME AS OF {expression}"
        alias_node = node.args.get("alias")
        columns = list(alias_node.columns) if alias_node is not None else []
        text += f" AS {quote_identifier(alias)}"
        if columns:
            fields = [Field(c.name, f.data_type) for c, f in zip(columns, fields, strict=False)]
            text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
        scope.namespaces.append(Namespace(alias, fields, identifier))
        return text

    def table_function(self, node: exp.Table, scope: Scope) -> str:
        """A window table function, ``TABLE(TUMBLE(...))`` or bare ``TUMBLE(...)``."""
        if isinstance(node.this, exp.Anonymous) and node.this.name.upper() == "TABLE":
            call = node.this.expressions[0] if node.this.expressions else None
        else:
            call = node.this
        if isinstance(call, exp.Anonymous) and call.name.upper() in _PROCESS_TABLE_FUNCTIONS:
            return self.changelog(call, node, scope)
        if isinstance(call, exp.Anonymous) and call.name.upper() not in _WINDOW_FUNCTIONS:
            self._table_function_error(call, scope)
        if not isinstance(call, exp.Anonymous) or call.name.upper() not in _WINDOW_FUNCTIONS:
            name = call.name if isinstance(call, exp.Anonymous) else node.sql()
            raise ValidationError(
                f"Table function '{name}' is not supported by the dashboard's view validation yet"
            )
        function = call.name.upper()
        alias = node.alias
        if not alias:
            alias = f"EXPR${self.next_alias}"
            self.next_alias += 1
        args = list(call.expressions)
        expected = _WINDOW_ARGUMENTS[function]
        if not any(isinstance(a, exp.Kwarg) for a in args) and len(args) < expected:
            raise ValidationError(
                f"Invalid number of arguments to function '{function}'. "
                f"Was expecting {expected} arguments"
            )
        input_fields: list[Field] = []
        time_column = None
        written: list[str] = []
        inner_scope = Scope([], scope)
        for arg in args:
            value = arg.expression if isinstance(arg, exp.Kwarg) else arg
            name = f"{quote_identifier(arg.this.name)} => " if isinstance(arg, exp.Kwarg) else ""
            subquery = self._strip_subquery(value) if isinstance(value, exp.Subquery) else value
            if isinstance(value, TableArgument) or isinstance(
                subquery, exp.Select | exp.Union | exp.Intersect | exp.Except
            ):
                if isinstance(value, TableArgument):
                    source = value.this
                    if isinstance(source, exp.Subquery | exp.Paren):
                        result = self.query(self._strip_parens(source), scope)
                    else:
                        star = exp.select(exp.Star()).from_(source.copy())
                        result = self.query(star, scope)
                    partition = value.args.get("partition_by")
                else:
                    result = self.query(subquery, scope)
                    partition = None
                input_fields = result.fields
                inner_scope = Scope([Namespace("", input_fields)], scope)
                text = f"({result.text})"
                if partition:
                    keys = ", ".join(quote_identifier(p.name) for p in partition)
                    text += f" PARTITION BY {keys}"
                written.append(name + text)
            elif isinstance(value, exp.Anonymous) and value.name.upper() == "DESCRIPTOR":
                columns = [c.name for c in value.expressions]
                time_column = columns[0] if columns else None
                written.append(
                    name + "DESCRIPTOR(" + ", ".join(quote_identifier(c) for c in columns) + ")"
                )
            else:
                text, _ = self.expression(value, inner_scope)
                written.append(name + text)
        for clash in ("window_start", "window_end", "window_time"):
            if any(f.name == clash for f in input_fields):
                raise ValidationError(f"Column '{clash}' is ambiguous")
        time_field = next((f for f in input_fields if f.name == time_column), None)
        if time_field is None:
            raise ValidationError(f"Unknown identifier '{time_column}'")
        if not time_field.data_type.is_timestamp:
            raise ValidationError(
                f"The window function {_WINDOW_SIGNATURES[function]} requires the timecol to be "
                "TIMESTAMP or TIMESTAMP_LTZ, but is "
                f"{calcite_type_name(time_field.data_type)}.\n"
                "Besides, the timecol must be a time attribute type in streaming mode."
            )
        bound = DataType("TIMESTAMP", (3,), nullable=False)
        window_time = time_field.data_type.with_nullable(False)
        fields = [Field(f.name, f.data_type) for f in input_fields] + [
            Field("window_start", bound),
            Field("window_end", bound),
            Field("window_time", window_time),
        ]
        text = f"TABLE({function}(" + ", ".join(written) + "))"
        scope.namespaces.append(Namespace(alias, fields))
        return f"{text} AS {quote_identifier(alias)}"

    def lateral(self, node: exp.Lateral, scope: Scope) -> str:
        """``LATERAL (subquery)`` and ``LATERAL TABLE(f(...))``: they see the FROM items before."""
        inner = node.this
        if isinstance(inner, exp.Subquery):
            alias = self._derived_alias(node)
            result = self.query(self._strip_parens(inner), scope)
            text = self._aliased_subquery(f"({result.text})", result.fields, node, scope, alias)
            return "LATERAL " + text
        if isinstance(inner, exp.Anonymous) and inner.name.upper() == "TABLE":
            call = inner.expressions[0] if inner.expressions else None
            if isinstance(call, exp.Unnest) or (
                isinstance(call, exp.Anonymous) and call.name.upper() == "UNNEST"
            ):
                raise SqlParseError("Incorrect syntax near the keyword 'UNNEST'")
            if isinstance(call, exp.Anonymous) and call.name.upper() in _PROCESS_TABLE_FUNCTIONS:
                return "LATERAL " + self.changelog(call, node, scope)
            if isinstance(call, exp.Anonymous):
                self._table_function_error(call, scope)
        raise ValidationError(
            "This kind of LATERAL item is not supported by the dashboard's view validation yet"
        )

    def _table_function_error(self, call: exp.Anonymous, scope: Scope) -> None:
        """A table function the dashboard cannot type: Flink's own error for it."""
        types = [self.expression(a, scope)[1] for a in call.expressions]
        declared = self.reader.function_return_type(call.name)
        if declared is None:
            families = ", ".join(_family(t) for t in types)
            raise ValidationError(f"No match found for function signature {call.name}({families})")
        identifier = ObjectIdentifier(self.catalog, self.database, call.name)
        raise ValidationError(f"Cannot instantiate user-defined function '{identifier}'.")

    def changelog(self, call: exp.Anonymous, node: exp.Expression, scope: Scope) -> str:
        """TO_CHANGELOG(TABLE t): the rows of ``t`` with an ``op`` column in front."""
        alias = self._derived_alias(node)
        written: list[str] = []
        input_fields: list[Field] | None = None
        for index, arg in enumerate(call.expressions):
            value = arg.expression if isinstance(arg, exp.Kwarg) else arg
            name = f"{quote_identifier(arg.this.name)} => " if isinstance(arg, exp.Kwarg) else ""
            if isinstance(value, TableArgument):
                if value.args.get("partition_by"):
                    raise ValidationError(
                        "Only tables with set semantics may be partitioned. Invalid PARTITION BY "
                        f"clause in the {index}-th operand of table function '{call.name}'"
                    )
                source = value.this
                if isinstance(source, exp.Subquery | exp.Paren):
                    result = self.query(self._strip_parens(source), scope)
                else:
                    result = self.query(exp.select(exp.Star()).from_(source.copy()), scope)
                input_fields = result.fields
                written.append(f"{name}({result.text})")
            elif isinstance(value, exp.Subquery):
                result = self.query(self._strip_parens(value), scope)
                input_fields = result.fields
                written.append(f"{name}({result.text})")
            else:
                written.append(name + self.expression(value, scope)[0])
        if input_fields is None:
            raise ValidationError(f"Table function '{call.name}' needs a table argument")
        fields = [Field("op", DataType("VARCHAR", (2147483647,)))] + [
            Field(f.name, f.data_type) for f in input_fields
        ]
        text = f"TABLE({quote_identifier(call.name)}(" + ", ".join(written) + "))"
        alias_node = node.args.get("alias")
        columns = list(alias_node.columns) if alias_node is not None else []
        text += f" AS {quote_identifier(alias)}"
        if columns:
            fields = [Field(c.name, f.data_type) for c, f in zip(columns, fields, strict=False)]
            text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
        scope.namespaces.append(Namespace(alias, fields))
        return text

    def unnest(self, node: exp.Unnest, scope: Scope) -> str:
        args = [self.expression(e, scope) for e in node.expressions]
        fields: list[Field] = []
        for _, data_type in args:
            if data_type.name in ("ARRAY", "MULTISET"):
                element = data_type.children[0]
                if element.is_row:
                    fields.extend(Field(n, t) for n, t in element.fields)
                else:
                    fields.append(Field(f"EXPR${len(fields)}", element))
            elif data_type.name == "MAP":
                key, value = data_type.children
                fields.extend([Field("KEY", key), Field("VALUE", value)])
            else:
                raise ValidationError("UNNEST argument must be a collection")
        text = "UNNEST(" + ", ".join(t for t, _ in args) + ")"
        offset = node.args.get("offset")
        if offset:
            text += " WITH ORDINALITY"
            fields.append(Field("ORDINALITY", DataType("INT", nullable=False)))
        alias_node = node.args.get("alias")
        alias = alias_node.name if alias_node is not None and alias_node.name else None
        columns = list(alias_node.columns) if alias_node is not None else []
        if isinstance(offset, exp.Identifier):
            columns.append(offset)
        if alias is None:
            alias = f"EXPR${self.next_alias}"
            self.next_alias += 1
        else:
            text += f" AS {quote_identifier(alias)}"
            if not columns and len(args) == 1 and fields and fields[0].name == "EXPR$0":
                # UNNEST(array of scalars) AS t: the column is named after the alias.
                fields[0] = Field(alias, fields[0].data_type)
            if columns:
                fields = [Field(c.name, f.data_type) for c, f in zip(columns, fields, strict=False)]
                text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
        scope.namespaces.append(Namespace(alias, fields))
        return text

    # -- expressions --------------------------------------------------------------------------
    def expression(
        self, node: exp.Expression, scope: Scope, grouped: bool = False
    ) -> tuple[str, DataType]:
        text, data_type, _ = self.resolved_expression(node, scope, grouped)
        return text, data_type

    def resolved_expression(
        self, node: exp.Expression, scope: Scope, grouped: bool = False
    ) -> tuple[str, DataType, exp.Expression]:
        context = ExpressionContext(self, scope, grouped)
        resolved = context.resolve(node)
        data_type = ViewTyper(context).type_of(resolved)
        return ViewWriter(context).write(resolved), data_type, resolved

    def subquery(self, node: exp.Expression, scope: Scope) -> QueryExpr:
        result = self.query(node, scope)
        return QueryExpr(result.text, [(f.name, f.data_type) for f in result.fields])

    def resolve_column(self, parts: list[str], scope: Scope) -> tuple[list[str], DataType]:
        """The qualified name and type of a column reference."""
        current: Scope | None = scope
        while current is not None:
            found = self._resolve_in(parts, current)
            if found is not None:
                return found
            current = current.parent
        if len(parts) == 1:
            raise ValidationError(f"Column '{parts[0]}' not found in any table")
        for ns in _all_namespaces(scope):
            if ns.alias == parts[0]:
                raise ValidationError(f"Column '{parts[1]}' not found in table '{parts[0]}'")
        raise ValidationError(f"Table '{parts[0]}' not found")

    def _resolve_in(self, parts: list[str], scope: Scope) -> tuple[list[str], DataType] | None:
        # Table-qualified: [catalog.][database.]alias.column[.field...]
        for width in range(min(len(parts) - 1, 3), 0, -1):
            prefix = parts[:width]
            for ns in scope.namespaces:
                if ns.alias != prefix[-1]:
                    continue
                if width > 1:
                    if ns.identifier is None:
                        continue
                    full = [ns.identifier.catalog, ns.identifier.database, ns.identifier.name]
                    if full[-width:] != prefix:
                        continue
                f = ns.field(parts[width])
                if f is None:
                    if width == 1 and not any(n.field(parts[0]) for n in scope.namespaces):
                        raise ValidationError(
                            f"Column '{parts[1]}' not found in table '{parts[0]}'"
                        )
                    continue
                return self._with_fields([ns.alias, f.name], f.data_type, parts[width + 1 :])
        # Unqualified column, perhaps followed by ROW field names.
        matches = [ns for ns in scope.namespaces if ns.field(parts[0]) is not None]
        if len(matches) > 1:
            raise ValidationError(f"Column '{parts[0]}' is ambiguous")
        if matches:
            ns = matches[0]
            f = ns.field(parts[0])
            assert f is not None
            qualifier = [ns.alias] if ns.alias else []
            return self._with_fields([*qualifier, f.name], f.data_type, parts[1:])
        return None

    def _with_fields(
        self, qualified: list[str], data_type: DataType, rest: list[str]
    ) -> tuple[list[str], DataType]:
        nullable = data_type.nullable
        for name in rest:
            if not data_type.is_row or name not in data_type.field_names:
                raise ValidationError(f"Unknown field '{name}'")
            data_type = dict(data_type.fields)[name]
            nullable = nullable or data_type.nullable
            qualified.append(name)
        return qualified, data_type.with_nullable(nullable)

    def check_unique(self, names: list[str], node: exp.Expression) -> None:
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            if name in seen:
                first = seen[name]
                line, column = self._itemtext_position(first)
                raise ValidationError(
                    f"A column with the same name `{name}` has been defined at line {line}, "
                    f"column {column}."
                )
            seen[name] = i

    def _itemtext_position(self, index: int) -> tuple[int, int]:
        starts: list[int] = []
        if index < len(self.select_items):
            for n in self.select_items[index].walk():
                if "start" in n.meta:
                    starts.append(n.meta["start"])
        offset = min(starts) if starts else 0
        before = self.text[:offset]
        line = before.count("\n")
        column = offset - (before.rfind("\n") + 1) + 1
        base_line, base_column = self.position
        if line == 0:
            return base_line, base_column + column - 1
        return base_line + line, column


def _names(fields: list[Field]) -> str:
    return "[" + ", ".join(f.name for f in fields) + "]"


def _all_namespaces(scope: Scope | None) -> list[Namespace]:
    out: list[Namespace] = []
    while scope is not None:
        out.extend(scope.namespaces)
        scope = scope.parent
    return out


def _make_nullable(namespaces: list[Namespace]) -> None:
    for ns in namespaces:
        ns.fields = [Field(f.name, f.data_type.with_nullable(True)) for f in ns.fields]


def _columns_outside_aggregates(node: exp.Expression) -> list[exp.Column]:
    out: list[exp.Column] = []

    def visit(n: exp.Expression) -> None:
        if is_aggregate(n) or isinstance(n, exp.Window | exp.Filter | QueryExpr):
            return
        if isinstance(n, exp.Anonymous) and n.name.upper() in GROUP_WINDOW_HELPERS:
            return
        if isinstance(n, exp.Column):
            out.append(n)
            return
        for child in n.iter_expressions():
            visit(child)

    visit(node)
    return out


def _has_aggregate(node: exp.Expression) -> bool:
    """Whether ``node`` calls an aggregate function outside its subqueries and OVER calls."""
    if is_aggregate(node):
        return True
    if isinstance(node, exp.Select | exp.Subquery | exp.Union | exp.Window):
        return False
    return any(_has_aggregate(child) for child in node.iter_expressions())


def _message_name(column: exp.Column) -> str:
    return column.meta.get("written_name") or column.name
