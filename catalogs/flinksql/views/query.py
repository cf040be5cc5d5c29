"""Query blocks of a view's query (Calcite's SELECT, set operation, VALUES and WITH scopes): each
written back in Calcite's spelling with its fields typed. A mixin of the validator."""

from __future__ import annotations

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..expressions import _strip
from ..keywords import read_as_column
from ..types import DataType
from .calls import GROUP_WINDOW_HELPERS, NILADIC, QueryExpr, is_aggregate
from .common_type import least_restrictive
from .conditions import check_condition
from .scopes import Field, OrderKeys, Query, Scope, SelectKeys


class QueryBlocks:
    """SELECT, set operations, VALUES and WITH, on the validator's FROM clause, grouping and
    expression methods."""

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
            common = least_restrictive(a.data_type, b.data_type)
            if common is None:
                raise ValidationError(f"Type mismatch in column {i + 1} of {keyword}")
            fields.append(Field(a.name, _set_column_type(a.data_type, b.data_type, common)))
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
                common = least_restrictive(common, other) or common
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
            if _has_window(where.this):
                raise ValidationError("Windowed aggregate expression is illegal in WHERE clause")
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
            if _has_window(group):
                raise ValidationError("Windowed aggregate expression is illegal in GROUP BY clause")
            group_text, group_keys = self.group_by(group, scope)
        self._check_windows(node, scope)
        items_text, fields = self.select_list(node, scope, grouped, group, group_keys)
        keys = self.select_list_keys
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
            ordering = OrderKeys(
                keys.aliases,
                keys.texts,
                fields,
                bool(node.args.get("distinct")),
                group_keys if grouped else None,
            )
            clauses.append("ORDER BY " + self.order_by(order, scope, ordering, group is not None))
        clauses.extend(self.offset_fetch(node))
        return Query("\n".join(clauses), fields)

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
        # What ORDER BY sees of each item: its alias (None for an unnamed expression) and its
        # text without the alias.
        aliases: list[str | None] = []
        raw: list[str] = []
        self.select_list_keys = SelectKeys(aliases, raw)
        for item in node.expressions:
            if isinstance(_strip(item), exp.Star) or (
                isinstance(_strip(item), exp.Column) and isinstance(_strip(item).this, exp.Star)
            ):
                before = len(fields)
                self._expand_star(_strip(item), scope, texts, fields)
                for written in texts[before:] if grouped else []:
                    if written not in group_keys:
                        name = written.replace("`", "")
                        raise ValidationError(f"Expression '{name}' is not being grouped")
                aliases.extend(f.name for f in fields[before:])
                raw.extend(texts[before:])
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
            raw.append(text)
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
            aliases.append(None if name == f"EXPR${len(fields)}" and alias is None else name)
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
            and node.name.upper() in NILADIC
            and not (read_as_column(node.name) and self._column_exists(node.name, scope))
        ):
            return node.name
        return None

    def _check_grouped(self, node: exp.Expression, text: str, group_keys: list[str]) -> None:
        for call in _grouping_calls(node):
            for arg in call.expressions:
                written = arg.meta.get("flink_text") if isinstance(arg, exp.Column) else None
                if written is not None and written not in group_keys:
                    raise ValidationError(
                        "Argument to GROUPING operator must be a grouped expression"
                    )
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


def _columns_outside_aggregates(node: exp.Expression) -> list[exp.Column]:
    out: list[exp.Column] = []

    def visit(n: exp.Expression) -> None:
        if is_aggregate(n) or isinstance(n, exp.Filter | QueryExpr):
            return
        if isinstance(n, exp.Window):
            # An OVER call reads its arguments and keys from the grouped rows.
            call = n.this.this if isinstance(n.this, exp.Filter) else n.this
            for child in [*call.iter_expressions(), *n.iter_expressions()]:
                if child is not n.this:
                    visit(child)
            return
        if isinstance(n, exp.Anonymous) and n.name.upper() in GROUP_WINDOW_HELPERS:
            return
        if isinstance(n, exp.Column):
            if not n.meta.get("select_alias"):  # an ORDER BY reference to a select item
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


def _has_window(node: exp.Expression) -> bool:
    """Whether ``node`` holds an OVER call outside its subqueries."""
    if isinstance(node, exp.Window):
        return True
    if isinstance(node, exp.Select | exp.Subquery | exp.Union):
        return False
    return any(_has_window(child) for child in node.iter_expressions())


def _grouping_calls(node: exp.Expression) -> list[exp.Anonymous]:
    """The GROUPING and GROUPING_ID calls of ``node`` outside its subqueries."""
    found: list[exp.Anonymous] = []

    def visit(n: exp.Expression) -> None:
        if isinstance(n, QueryExpr):
            return
        if isinstance(n, exp.Anonymous) and n.name.upper() in ("GROUPING", "GROUPING_ID"):
            found.append(n)
        for child in n.iter_expressions():
            visit(child)

    visit(node)
    return found


def _set_column_type(left: DataType, right: DataType, common: DataType) -> DataType:
    """A set operation's column: the common type, a time attribute of the left branch kept
    when the right one is a plain timestamp of the same type (Flink takes the left row type)."""
    same = left.with_nullable(True).with_time_attribute(None) == common.with_nullable(True)
    if left.time_attribute and right.time_attribute is None and right.is_timestamp and same:
        return common.with_time_attribute(left.time_attribute)
    return common
