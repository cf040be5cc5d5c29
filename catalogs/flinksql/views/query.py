"""Query blocks of a view's query (Calcite's SELECT, set operation, VALUES and WITH scopes): each
written back in Calcite's spelling with its fields typed. A mixin of the validator."""

from __future__ import annotations

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ILLEGAL_NULL, ValidationError
from ..expressions import _strip
from ..literal_checks import range_checks_deferred
from ..types import DataType
from .calls import (
    GROUP_WINDOW_HELPERS,
    RANKING,
    QueryExpr,
    alias_text,
    grouping_calls,
    has_aggregate,
    is_aggregate,
    is_aggregating,
    niladic_name,
    refuse_bare_null,
)
from .checks import check_literal_values
from .common_type import least_restrictive, least_restrictive_of, set_column_type
from .conditions import check_condition
from .converted_types import CONVERTED_ITEM, values_converted
from .generated_aliases import GENERATED
from .grammar_forms import has_window as _has_window
from .grammar_forms import qualify_clause, recursive_anchor, refuse_stream
from .hints import hint_text
from .query_shapes import (
    SET_OPERATOR_PRECEDENCE,
    TOP,
    WITH_BODY,
    _is_ordered,
    _is_ordered_set_operation,
    _read_as_select_over,
    _sort_kept,
    _strip_unnamed,
    _values_operand,
    _with_inside,
    limit_is_all,
    ordered_select_needs_parentheses,
    set_operation_needs_parentheses,
)
from .scopes import (
    Field,
    Namespace,
    OrderKeys,
    Query,
    Scope,
    SelectKeys,
    refuse_duplicate_cte_columns,
)


class QueryBlocks:
    """SELECT, set operations, VALUES and WITH, on the validator's FROM clause, grouping and
    expression methods."""

    # Whether the next SELECT is the view's own (Calcite's ``top`` query): its ORDER BY is
    # planned even without OFFSET/FETCH, where a subquery's is dropped unchecked.
    top_block = False

    # -- queries ------------------------------------------------------------------------------
    def query(
        self, node: exp.Expression, parent: Scope | None, context: tuple[int, int] = TOP
    ) -> Query:
        """A query expression: SELECT, set operation, VALUES or a parenthesized one, written for
        a place whose precedences are ``context`` (left, right): enclosed where Calcite
        encloses it there."""
        ctes: dict[str, list[Field]] = {}
        prefix = ""
        top, self.top_block = self.top_block, False
        node = _with_inside(node)
        with_ = node.args.get("with_")
        if with_ is not None and _is_ordered_set_operation(node):
            # WITH ... UNION ... ORDER BY: Calcite reads a SELECT * over the whole WITH.
            self.top_block = top
            return self.set_operation(node, parent, context)
        if with_ is not None:
            node.set("with_", None)
            scope = Scope([], parent, ctes)
            items = []
            recursive = bool(with_.args.get("recursive"))
            for cte in with_.expressions:
                name = cte.alias
                if recursive:  # its own name reads its anchor's rows in its recursive branch
                    ctes.update(recursive_anchor(self, cte, scope))
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
                    fields = [f.renamed(c) for c, f in zip(columns, fields, strict=True)]
                    head += " (" + ", ".join(quote_identifier(c) for c in columns) + ")"
                else:
                    refuse_duplicate_cte_columns(fields)
                ctes[name] = fields
                items.append(f"{head} AS ({inner.text})")
            prefix = ("WITH RECURSIVE " if recursive else "WITH ") + ", ".join(items) + " "
            parent = scope
            context = WITH_BODY
        self.top_block = top  # the body of the view's WITH is the view's query
        # Flink writes a scalar subquery as (((SELECT ...))): every level of parentheses goes
        while isinstance(node, exp.Subquery) and not node.alias:
            node = self._unwrap(node)
        node = _values_operand(node)
        if isinstance(node, exp.Select):
            result = self.select(node, parent)
            if _is_ordered(node) and ordered_select_needs_parentheses(context):
                result = Query(f"({result.text})", result.fields)
        elif isinstance(node, exp.Union | exp.Intersect | exp.Except):
            # A WITH body that is a set operation is written bare (Calcite encloses only a
            # SELECT with ORDER BY/OFFSET/FETCH there).
            result = self.set_operation(node, parent, TOP if prefix else context)
        elif isinstance(node, exp.Values):
            result = self.values(node, parent)
            if context != TOP:  # Calcite encloses a VALUES operand of a set operation
                result = Query(f"({result.text})", result.fields)
        else:
            raise ValidationError(f"Unsupported query: {node.sql()}")
        return Query(prefix + result.text, result.fields)

    def _unwrap(self, node: exp.Subquery) -> exp.Expression:
        inner = node.this
        if not _is_ordered(node):
            return inner
        if not _read_as_select_over(node):
            bare = _strip_unnamed(inner)
            if _is_ordered(bare):
                # (SELECT ... LIMIT 3) LIMIT 2: Calcite pushes the outer clauses into a SELECT
                # only when it has none of its own, and fails on the SELECT * it builds instead.
                raise ValidationError("java.lang.UnsupportedOperationException")
            # (SELECT ...) ORDER BY ...: the clauses go into the SELECT.
            pushed = bare.copy()
            for key in ("order", "limit", "offset"):
                if node.args.get(key) is not None:
                    pushed.set(key, node.args[key])
            return pushed
        # (a UNION b) ORDER BY ...: Calcite reads it as a SELECT * over the parenthesized query.
        wrapper = exp.select(exp.Star()).from_(_numbered(exp.Subquery(this=inner), node))
        for key in ("order", "limit", "offset"):
            if node.args.get(key) is not None:
                wrapper.set(key, node.args[key])
        return wrapper

    def set_operation(
        self, node: exp.Expression, parent: Scope | None, context: tuple[int, int] = TOP
    ) -> Query:
        if isinstance(node, exp.Union):
            keyword = "UNION" if node.args.get("distinct") else "UNION ALL"
        elif isinstance(node, exp.Intersect):
            keyword = "INTERSECT" if node.args.get("distinct") else "INTERSECT ALL"
        else:
            keyword = "EXCEPT" if node.args.get("distinct") else "EXCEPT ALL"
        if not _is_ordered(node):
            self.top_block = False  # a branch is no top query
        else:
            # ... UNION ... ORDER BY/LIMIT: Calcite reads a SELECT * over the set operation.
            inner = node.copy()
            wrapper = exp.select(exp.Star()).from_(_numbered(exp.Subquery(this=inner), node))
            for key in ("order", "limit", "offset"):
                if node.args.get(key) is not None:
                    wrapper.set(key, node.args[key].copy())
                    inner.set(key, None)
            return self.query(wrapper, parent, context)
        enclosed = set_operation_needs_parentheses(keyword, context)
        outer = TOP if enclosed else context
        own_left, own_right = SET_OPERATOR_PRECEDENCE[keyword.split()[0]]
        left = self.query(node.this, parent, (outer[0], own_left))
        right = self.query(node.expression, parent, (own_right, outer[1]))
        if len(left.fields) != len(right.fields):
            raise ValidationError(f"Column count mismatch in {keyword}")
        fields = []
        for i, (a, b) in enumerate(zip(left.fields, right.fields, strict=True)):
            common = least_restrictive(a.data_type, b.data_type)
            if common is None:
                raise ValidationError(f"Type mismatch in column {i + 1} of {keyword}")
            data_type = set_column_type(a.data_type, b.data_type, common)
            pair = [a.data_type, b.data_type]
            converted = values_converted([a.converted, b.converted], pair, data_type)
            fields.append(Field(a.name, data_type, converted))
        text = f"{left.text}\n{keyword}\n{right.text}"
        return Query(f"({text})" if enclosed else text, fields)

    @staticmethod
    def _strip_parens(node: exp.Expression) -> exp.Expression:
        while isinstance(node, exp.Subquery | exp.Paren) and not node.alias:
            node = node.this
        return node

    def values(self, node: exp.Values, parent: Scope | None) -> Query:
        scope = Scope([], parent)
        rows: list[str] = []
        types: list[list[DataType]] = []
        converted: list[list[DataType | None]] = []
        for row in node.expressions:
            items = row.expressions if isinstance(row, exp.Tuple) else [row]
            refuse_bare_null(items)  # nothing types it, not its column's other rows either
            written = [self.resolved_expression(item, scope, projected=True) for item in items]
            rows.append("ROW(" + ", ".join(text for text, _, _ in written) + ")")
            types.append([t for _, t, _ in written])
            converted.append([r.meta[CONVERTED_ITEM] for _, _, r in written])
        # Calcite names a column of VALUES after its first row's item: a niladic function
        # (CURRENT_DATE) by its name, anything else EXPR$n.
        first = node.expressions[0] if node.expressions else None
        first_items = first.expressions if isinstance(first, exp.Tuple) else [first]
        fields = []
        for i, column in enumerate(zip(*types, strict=True)):
            common = least_restrictive_of(list(column))
            if common is None:
                raise ValidationError("Values passed to VALUES operator must have compatible types")
            name = self._niladic_name(first_items[i], scope) or f"EXPR${i}"
            kept = [row[i] for row in converted]
            fields.append(Field(name, common, values_converted(kept, list(column), common)))
        return Query("VALUES " + ",\n".join(rows), fields)

    # -- SELECT -------------------------------------------------------------------------------
    def select(self, node: exp.Select, parent: Scope | None) -> Query:
        top, self.top_block = self.top_block, False
        scope = Scope([], parent)
        clauses: list[str] = []
        from_ = node.args.get("from_")
        from_text = None
        if from_ is not None:
            from_text = self.from_clause(from_.this, node.args.get("joins") or [], scope)
        if node.meta.get("stream"):
            refuse_stream(from_)
        where = node.args.get("where")
        where_text = None
        if where is not None:
            if has_aggregate(where.this):
                raise ValidationError("Aggregate expression is illegal in WHERE clause")
            if _has_window(where.this):
                raise ValidationError("Windowed aggregate expression is illegal in WHERE clause")
            where_text, where_type, _ = self.resolved_expression(where.this, scope, condition=True)
            self.conditions.append(where.this)
            check_literal_values([where.this])
            check_condition("WHERE", where.this, where_type)
        group = node.args.get("group")
        grouped = is_aggregating(node)
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
        if node.meta.get("all"):
            distinct = "ALL "  # Calcite keeps SELECT ALL's keyword
        hint = node.args.get("hint")  # kept only as hint_text() writes it (views.unkept)
        head = f"SELECT\n/*+ {hint_text(hint)} */\n" if hint is not None else "SELECT "
        clauses.append(f"{head}{distinct}{items_text}")
        if from_text is not None:
            clauses.append(f"FROM {from_text}")
        if where_text is not None:
            clauses.append(f"WHERE {where_text}")
        if group_text is not None:
            clauses.append(f"GROUP BY {group_text}")
        having = node.args.get("having")
        if having is not None:
            text, having_type, resolved = self.resolved_expression(
                having.this, scope, grouped=group is not None, having=True, condition=True
            )
            check_condition("HAVING", having.this, having_type)
            self.conditions.append(having.this)
            if grouped:
                self._check_grouped(resolved, text, group_keys)
            clauses.append(f"HAVING {text}")
        windows = node.args.get("windows")
        if windows:
            clauses.append("WINDOW " + ",\n".join(self.named_window(w, scope) for w in windows))
        qualify = node.args.get("qualify")
        if qualify is not None:  # after the WINDOW clause, as Calcite writes it
            clauses.append(qualify_clause(self, qualify.this, node, scope, grouped))
        order = node.args.get("order")
        if order is not None:
            is_distinct, keyed = bool(node.args.get("distinct")), group_keys if grouped else None
            ordering = OrderKeys(keys.aliases, keys.texts, fields, is_distinct, keyed, keys.items)
            planned = top or _sort_kept(node)
            text = self.order_by(order, scope, ordering, group is not None, planned)
            clauses.append("ORDER BY " + text)
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
            if not limit_is_all(count):  # LIMIT ALL: no fetch at all, as Calcite reads it
                out.append(f"FETCH NEXT {count.sql()} ROWS ONLY")
        return out

    # Calcite types the whole list before it checks the literals' values: a number out of range
    # is a BIGINT until then (MOD(99999999999999999999, 'a'), SELECT 99999999999999999999, i+TRUE)
    @range_checks_deferred
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
        items: list[exp.Expression] = []
        # What ORDER BY sees of each item: its alias (None for an unnamed expression), its
        # text without the alias, its resolved expression (None for a column of a *)
        aliases: list[str | None] = []
        raw: list[str] = []
        resolved_items: list[exp.Expression | None] = []
        ungrouped: list[tuple[exp.Expression, str]] = []
        for item in node.expressions:
            star = _star_qualifier(_strip(item))
            if star is not None:
                before = len(fields)
                self._expand_star(star, scope, texts, fields)
                for written in texts[before:] if grouped else []:
                    if written not in group_keys:
                        name = written.replace("`", "")
                        raise ValidationError(f"Expression '{name}' is not being grouped")
                aliases.extend(f.name for f in fields[before:])
                raw.extend(texts[before:])
                resolved_items.extend([None] * (len(fields) - before))
                continue
            items.append(item)
            alias = item.alias if isinstance(item, exp.Alias) else None
            inner = item.this if isinstance(item, exp.Alias) else item
            bare = inner
            while isinstance(bare, exp.Paren):
                bare = bare.this
            if isinstance(bare, exp.Null):
                raise ValidationError(ILLEGAL_NULL)
            if alias is None and _is_window_function(bare):
                # Flink takes RANK() without OVER under an alias only (functions_oracle.json)
                raise ValidationError("OVER clause is necessary for window functions")
            niladic = self._niladic_name(bare, scope)
            if niladic is not None and bare is not inner and niladic.upper() == "UNKNOWN":
                niladic = None  # (UNKNOWN) is the literal in parentheses: EXPR$n, as recorded
            text, data_type, resolved = self.resolved_expression(
                inner, scope, group is not None, projected=True
            )
            self.projections.append(resolved)
            if grouped:
                ungrouped.append((resolved, text))
            raw.append(text)
            resolved_items.append(resolved)
            using = _strip(resolved).meta.get("using_name")  # a USING join's column
            if alias is not None and using is not None:
                # Calcite does not expand a USING join's column under an alias of its own
                raise ValidationError(f"Column '{using}' is ambiguous")
            if alias is not None:
                name = alias
                texts.append(f"{text} AS {alias_text(item)}")
            elif niladic is not None:
                name = niladic
                texts.append(f"{text} AS {text.removesuffix('()')}")  # PI() AS PI
            elif _is_name_chain(bare) and not _strip(resolved).meta.get("literal"):
                name = bare.name  # (t.id) is named id, as t.id is; t.p.r.h.x is named x
                # a column as it is, a USING join's with its alias already (COALESCE ... AS)
                plain = isinstance(_strip(resolved), exp.Column) or using is not None
                texts.append(text if plain else f"{text} AS {quote_identifier(name)}")
            elif isinstance(bare, exp.CurrentUser) and isinstance(_strip(resolved), exp.Column):
                name = resolved.meta.get("written_name", resolved.name)
                texts.append(text)
            else:
                name = None  # Calcite's generated EXPR$n, no alias an ORDER BY can name
                texts.append(text)
            # a column named EXPR$1 is an alias (views_difftest_seed26)
            aliases.append(name)
            name = name if name is not None else f"EXPR${len(fields)}"
            fields.append(Field(name, data_type, resolved.meta[CONVERTED_ITEM]))
        # Calcite types the whole list, then checks its literals, then what is not grouped.
        check_literal_values(items)
        for resolved, text in ungrouped:
            self._check_grouped(resolved, text, group_keys)
        # Set once the items are read: a subquery among them has a select list of its own.
        self.select_items = items
        self.select_list_keys = SelectKeys(aliases, raw, resolved_items)
        return ", ".join(texts), fields

    def _niladic_name(self, node: exp.Expression, scope: Scope) -> str | None:
        return niladic_name(node, lambda name: self._column_exists(name, scope))

    def _check_grouped(self, node: exp.Expression, text: str, group_keys: list[str]) -> None:
        for call in grouping_calls(node):
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
        self, qualifier: list[str], scope: Scope, texts: list[str], fields: list[Field]
    ) -> None:
        """``*``, ``t.*`` (the columns of a relation) or ``r.*``, ``t.p.r.*`` (the fields of a
        ROW column), each written qualified and named as Flink writes them."""
        if qualifier:
            namespaces = [ns for ns in scope.namespaces if _names_relation(ns, qualifier)]
            if not namespaces:
                self._expand_row_star(qualifier, scope, texts, fields)
                return
        else:
            namespaces = scope.namespaces
            if not namespaces:
                raise ValidationError("SELECT * requires a FROM clause")
        taken = {f.name for f in fields}
        skipped: set[tuple[int, str]] = set()
        if not qualifier:
            for u in scope.using:
                skipped.update({(id(u.left), u.name), (id(u.right), u.name)})
                inner = u.name
                counter = 0
                while inner in taken or inner == u.name:
                    inner = f"{u.name}{counter}"
                    counter += 1
                taken.add(u.name)
                name = quote_identifier(u.name)
                left = f"{quote_identifier(u.left.alias)}.{name}"
                right = f"{quote_identifier(u.right.alias)}.{name} AS {quote_identifier(inner)}"
                left_cast, right_cast = u.casts()
                left = f"CAST({left} AS {left_cast})" if left_cast else left
                right = f"CAST({right} AS {right_cast})" if right_cast else right
                texts.append(f"COALESCE({left}, {right}) AS {name}")
                fields.append(Field(u.name, u.data_type()))
        for ns in namespaces:
            prefix = quote_identifier(ns.alias)
            ns.refuse_duplicates()  # Calcite reads each column of the star by its name
            kept = [f for f in ns.fields if (id(ns), f.name) not in skipped]
            _append_unique(prefix, kept, taken, texts, fields)

    def _expand_row_star(
        self, qualifier: list[str], scope: Scope, texts: list[str], fields: list[Field]
    ) -> None:
        """``r.*`` over a ROW column: one item a field, a field of a nullable row nullable."""
        shown = ".".join(qualifier)
        try:
            path, row = self._star_column(qualifier, scope)
        except ValidationError:
            raise ValidationError(f"Unknown identifier '{shown}'") from None
        if not row.is_row:
            raise ValidationError("Not a record type. The '*' operator requires a record")
        members = [
            Field(name, member.with_nullable(member.nullable or row.nullable))
            for name, member in row.fields
        ]
        prefix = ".".join(quote_identifier(p) for p in path)
        _append_unique(prefix, members, {f.name for f in fields}, texts, fields)

    def _star_column(self, qualifier: list[str], scope: Scope) -> tuple[list[str], DataType]:
        """The column (and fields) ``qualifier`` of a ``qualifier.*`` names: a relation's alias
        then a column, or a column of the scope, then field names (never a catalog or database
        before the alias: Flink does not read ``db.t.r.*``)."""
        first = [ns for ns in scope.namespaces if ns.alias == qualifier[0]]
        if len(qualifier) > 1 and first and first[0].field(qualifier[1]) is not None:
            f = first[0].field(qualifier[1])
            assert f is not None
            return self._with_fields([first[0].alias, f.name], f.data_type, qualifier[2:])
        matches = [ns for ns in scope.namespaces if ns.field(qualifier[0]) is not None]
        if len(matches) != 1:
            raise ValidationError(f"Unknown identifier '{qualifier[0]}'")
        f = matches[0].field(qualifier[0])
        assert f is not None
        return self._with_fields([matches[0].alias, f.name], f.data_type, qualifier[1:])


def _star_qualifier(item: exp.Expression) -> list[str] | None:
    """The names before the star of ``*`` ([]), ``t.*`` or ``t.p.r.*``; None for another item."""
    if isinstance(item, exp.Star):
        return []
    if isinstance(item, exp.Column) and isinstance(item.this, exp.Star):
        return [p.name for p in item.parts[:-1]]
    if isinstance(item, exp.Dot) and isinstance(item.expression, exp.Star):
        names: list[str] = []
        node: exp.Expression = item.this
        while isinstance(node, exp.Dot):
            names.insert(0, node.expression.name)
            node = node.this
        if isinstance(node, exp.Column):
            return [p.name for p in node.parts] + names
    return None


def _is_name_chain(node: exp.Expression) -> bool:
    """A column reference, perhaps with field names (``t.p.r.h.x``): named by its last name,
    where ``arr[1].f`` is an expression (``EXPR$n``)."""
    while isinstance(node, exp.Dot) and isinstance(node.expression, exp.Identifier):
        node = node.this
    return isinstance(node, exp.Column)


def _names_relation(ns: Namespace, qualifier: list[str]) -> bool:
    """Whether ``qualifier`` of ``qualifier.*`` names relation ``ns``: its alias, or (for a
    table or view) its identifier's trailing names."""
    if len(qualifier) == 1:
        return ns.alias == qualifier[0]
    if ns.identifier is None or len(qualifier) > 3 or ns.alias != qualifier[-1]:
        return False
    full = [ns.identifier.catalog, ns.identifier.database, ns.identifier.name]
    return full[-len(qualifier) :] == qualifier


def _append_unique(
    prefix: str, members: list[Field], taken: set[str], texts: list[str], fields: list[Field]
) -> None:
    """Append ``prefix.member`` items, a name already taken renamed ``name0``, ``name1``..."""
    for f in members:
        name = f.name
        counter = 0
        while name in taken:
            name = f"{f.name}{counter}"
            counter += 1
        taken.add(name)
        text = f"{prefix}.{quote_identifier(f.name)}"
        if name != f.name:
            text += f" AS {quote_identifier(name)}"
        texts.append(text)
        fields.append(f.renamed(name))


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


def _message_name(column: exp.Column) -> str:
    return column.meta.get("written_name") or column.name


def _is_window_function(node: exp.Expression) -> bool:
    """A call of a ranking or offset function, without OVER."""
    return isinstance(node, exp.Anonymous) and node.name.upper() in (*RANKING, "LAG", "LEAD")


def _numbered(item: exp.Subquery, query: exp.Expression) -> exp.Subquery:
    """The FROM item of the SELECT * Calcite reads over ``query``, with the name numbered for
    it before validation (:mod:`.generated_aliases`)."""
    if GENERATED in query.meta:
        item.meta[GENERATED] = query.meta[GENERATED]
    return item
