"""GROUP BY (grouping sets, ROLLUP, CUBE), named windows and their checks, and ORDER BY of a
query block. A mixin of the validator."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..expressions import _strip
from ..keywords import read_as_column
from ..literal_checks import literal_range_error
from .calls import NILADIC, is_function_identifier, is_row_constructor, refuse_bare_null
from .context import ExpressionContext
from .distinct_order import check_distinct_order
from .query import _columns_outside_aggregates, _is_window_function
from .scopes import OrderKeys, Scope
from .writer import ViewWriter


class Grouping:
    """GROUP BY, WINDOW and ORDER BY, on the validator's expression methods."""

    def _check_windows(self, node: exp.Select, scope: Scope) -> None:
        """Named windows must exist; a RANGE offset must suit the ORDER BY key's type."""
        names = {w.name for w in node.args.get("windows") or []}
        windows = [w for item in node.expressions for w in item.find_all(exp.Window)]
        windows.extend(node.args.get("windows") or [])
        named = {w.name: w for w in node.args.get("windows") or []}
        scope.windows = named
        for window in windows:
            # OVER w, OVER (w ROWS ...) and WINDOW w2 AS (w ...) all name a window of the query.
            _check_window_function(window, named)
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
            if is_row_constructor(row := _strip(item)):  # GROUP BY (a, b): by a and by b
                text, members = self._grouping_row(row, scope)
                texts.append(text)
                keys.extend(k for k in members if k not in keys)
                factors.append([frozenset(members)])
                continue
            text = self._group_key(item, scope)
            texts.append(text)
            keys.append(text)
            factors.append([frozenset([text])])
        grouping_sets = [frozenset[str]()]
        for sets in factors:
            grouping_sets = [a | b for a in grouping_sets for b in sets][:4096]
        scope.nullable_keys = frozenset(k for k in keys if any(k not in gs for gs in grouping_sets))
        distinct = "DISTINCT " if group.args.get("all") is False else ""  # GROUP BY DISTINCT
        return distinct + ", ".join(texts), keys

    def _group_key(self, item: exp.Expression, scope: Scope) -> str:
        refuse_bare_null([item])  # GROUP BY NULL
        item.meta["in_group_by"] = True
        text, _, resolved = self.resolved_expression(item, scope)
        self.projections.append(resolved)
        return text

    def _grouping_row(self, row: exp.Expression, scope: Scope) -> tuple[str, list[str]]:
        """A row in GROUP BY, which Calcite reads as its fields, each a key (``GROUP BY (a,
        b)``, ``GROUP BY ROW(a, b)``; ``GROUP BY ()`` has none): its text, as Flink writes it,
        and its keys (golden ``views_row_comparisons``)."""
        parts, members = [], []
        for element in row.expressions:
            element = _strip(element)
            if is_row_constructor(element):
                text, inner = self._grouping_row(element, scope)
            else:
                text = self._group_key(element, scope)
                inner = [text]
            parts.append(text)
            members.extend(k for k in inner if k not in members)
        return (f"ROW({', '.join(parts)})" if parts else "()"), members

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

    def order_by(
        self, order: exp.Order, scope: Scope, keys: OrderKeys, grouped: bool, planned: bool
    ) -> str:
        """ORDER BY as Calcite's OrderByScope reads it: an ordinal names a select item, a simple
        name matching one select item's alias is that item (also inside an expression, written
        unqualified), anything else reads the FROM clause; a DISTINCT block orders only by what
        it selects, a grouped one only by its group keys and aggregates.

        An ordinal under NULLS FIRST/LAST is one only to SqlToRelConverter, which strips them
        (the validator strips DESC alone): it is checked only where the sort is ``planned``,
        in the view's own query or a block with OFFSET/FETCH."""
        items = []
        self._expand_names(order, scope, keys, grouped)
        for ordered in order.expressions:
            target = _strip(ordered.this)
            # A numeric literal whose int value is not negative is an ordinal (``+2``, ``1.5``
            # and ``1e0`` too; ``-0`` and ``0.5`` are ordinal 0, out of range); -1 is a
            # constant. Calcite reads the literal's int value (truncated), which wraps beyond
            # INT: what wraps below 0 (2147483648) is a constant, what wraps above it
            # (9999999999) an ordinal out of range.
            number = isinstance(target, exp.Literal) and target.is_number
            range_error = literal_range_error(target) if number and target.is_int else None
            if range_error is not None:  # beyond BIGINT it is refused as a literal first
                raise range_error
            position = _int_value(int(Decimal(target.this))) if number else -1
            ordinal = number and position >= 0
            if _is_window_function(target) and not ordered.meta.get("explicit_nulls"):
                # Calcite checks an ORDER BY item itself (DESC stripped, not NULLS FIRST/LAST)
                raise ValidationError("OVER clause is necessary for window functions")
            checked = planned or not ordered.meta.get("explicit_nulls")
            if ordinal and checked and not 1 <= position <= len(keys.fields):
                raise ValidationError("Ordinal out of range")
            self._refuse_item_fields(target, scope, keys)
            if (
                isinstance(target, exp.Column)
                and not target.table
                and not is_function_identifier(target)
                and not self._is_niladic_call(target, scope)
                and _alias_of(target, keys)
            ):
                text = quote_identifier(target.name)
                item = keys.items[keys.aliases.index(target.name)]
                if keys.distinct and item is not None:  # Calcite reads the item itself
                    check_distinct_order(item, keys, self._writer(scope, grouped))
                self._check_mixed_items([item], keys)
            else:
                expression = _with_alias_references(
                    target.copy(), keys, lambda column: self._is_niladic_call(column, scope)
                )
                text, _, resolved = self.resolved_expression(expression, scope, grouped=grouped)
                self._refuse_named_windows(target, scope, keys)
                if keys.distinct:
                    check_distinct_order(resolved, keys, self._writer(scope, grouped))
                elif keys.group_keys is not None:
                    self._check_grouped(resolved, text, keys.group_keys)
                named = [keys.items[keys.aliases.index(c.name)] for c in _item_references(resolved)]
                # an ordinal under NULLS FIRST/LAST is none to the validator (see above)
                explicit_nulls = ordered.meta.get("explicit_nulls")
                if ordinal and not explicit_nulls and 1 <= position <= len(keys.items):
                    named.append(keys.items[position - 1])
                self._check_mixed_items(named, keys)
            if ordered.args.get("desc"):
                if isinstance(_strip(target), exp.Window):  # DESC binds tighter than OVER
                    text = f"({text})"
                text += " DESC"
            nulls = ordered.meta.get("explicit_nulls")
            if nulls:
                text += f" NULLS {nulls}"
            items.append(text)
        return ", ".join(items)

    def _expand_names(self, order: exp.Order, scope: Scope, keys: OrderKeys, grouped: bool) -> None:
        """Calcite's ORDER BY expander qualifies the names of every item (outside its
        subqueries) before any item is validated or checked: a name that is no column is
        refused before another item's fault (``ORDER BY bi, zz`` of a DISTINCT block names
        ``zz``; golden views_distinct_order). Any other fault is left to the item's turn (an
        aggregate in a block that does not aggregate is refused earlier: .generated_aliases)."""
        context = ExpressionContext(self, scope, grouped)

        def niladic(column: exp.Column) -> bool:
            return self._is_niladic_call(column, scope)

        for ordered in order.expressions:
            names = _with_alias_references(_strip(ordered.this).copy(), keys, niladic)
            if isinstance(names, _QUERIES):
                continue
            for query in list(names.find_all(*_QUERIES)):
                if query.parent is not None and not _in_subquery(query.parent, names):
                    query.replace(exp.Null())
            try:
                context.resolve(names)
            except ValidationError as exc:
                if _NAME_NOT_RESOLVED.match(exc.message):
                    raise

    def _refuse_named_windows(self, node: exp.Expression, scope: Scope, keys: OrderKeys) -> None:
        """An ORDER BY item's ``OVER w`` reads no window of the block: once the item is
        validated, Calcite's ORDER BY expander reads ``w`` as a name. A window not declared is
        not found; a declared one's name becomes the select item of that alias, or the column
        of that name, whose window is not found, and else no column is found (``OVER (w
        ...)`` names only the first part of a column's name; golden views_distinct_order)."""
        for window in node.find_all(exp.Window):
            reference = window.args.get("alias")
            if reference is None or _in_subquery(window, node):
                continue
            name = reference.name
            if name not in (scope.windows or {}):
                raise ValidationError(f"Window '{name}' not found")
            if name in keys.aliases:
                item = keys.items[keys.aliases.index(name)]
                written = item.meta.get("flink_text") if isinstance(item, exp.Column) else None
                expanded = _unquoted_reference(written or keys.texts[keys.aliases.index(name)])
            elif self._column_exists(name, scope):
                qualified, _ = self.resolve_column([name], scope)
                expanded = ".".join(qualified)
            else:
                raise ValidationError(f"Column '{name}' not found in any table")
            if window.meta.get("parenthesised"):
                expanded = expanded.split(".")[0]
            raise ValidationError(f"Window '{expanded}' not found")

    def _writer(self, scope: Scope, grouped: bool) -> Callable[[exp.Expression], str]:
        """How a validated expression of ``scope`` is written."""
        return ViewWriter(ExpressionContext(self, scope, grouped)).write

    def _refuse_item_fields(self, node: exp.Expression, scope: Scope, keys: OrderKeys) -> None:
        """Calcite's ORDER BY expander reads the field name of a field access on an expression
        (``arr[1].f``, ``(t.r).f``, ``CAST(x AS ROW<f INT>).f``) as an identifier of its own,
        after the item is typed (a name that is no field: ``Unknown field 'q'``). A select
        item's alias becomes that item, any other name a column (``Column 'g' not found in
        any table``) or a field of a ROW column; the access of a field so named is unknown
        (``Unknown field 't.r.f'``; goldens views_difftest_seed8 and _classes)."""
        dots = [
            dot
            for dot in node.find_all(exp.Dot)
            if isinstance(dot.expression, exp.Identifier)
            and not isinstance(dot.this, exp.Column | exp.Dot)
            and not _in_subquery(dot, node)  # the expander leaves sub-queries alone
        ]
        if not dots:
            return

        def niladic(column: exp.Column) -> bool:
            return self._is_niladic_call(column, scope)

        self.expression(_with_alias_references(node.copy(), keys, niladic), scope)
        for dot in dots:
            name = dot.expression.name
            if _alias_of(exp.column(name), keys):
                text = keys.texts[keys.aliases.index(name)]
                raise ValidationError(f"Unknown field '{_unquoted_reference(text)}'")
            qualified, _ = self.resolve_column([name], scope)
            raise ValidationError(f"Unknown field '{'.'.join(qualified)}'")

    def _is_niladic_call(self, column: exp.Column, scope: Scope) -> bool:
        """``LOCALTIME`` unquoted is Calcite's niladic call before any select item's alias
        (``ORDER BY LOCALTIME`` is written so, not as the alias), unless it reads a column."""
        name = column.name
        return (
            name.upper() in NILADIC
            and not column.this.quoted
            and not (read_as_column(name) and self._column_exists(name, scope))
        )

    def _check_mixed_items(self, items: list[exp.Expression | None], keys: OrderKeys) -> None:
        """A DISTINCT or grouped block's ORDER BY that names a select item (by its alias or
        its ordinal) which is an ARRAY[...] or MAP[...] of items both nullable and not
        (``ARRAY[i, bi]`` of a nullable i and a NOT NULL bi) does not find that item among
        the select items (the group keys): each of its columns must be one itself (golden
        views_order_mixed_items)."""
        if not keys.distinct and keys.group_keys is None:
            return
        for item in items:
            if item is None or not _strip(item).meta.get("mixed_nullability"):
                continue
            if keys.distinct:
                self._check_selected(item, keys.texts)
            else:  # the copy is no group key: its text is none of them
                self._check_grouped(item, "", keys.group_keys)

    def _check_selected(self, node: exp.Expression, selected: list[str]) -> None:
        for column in _columns_outside_aggregates(node):
            written = column.meta.get("flink_text")
            if written is not None and written not in selected:
                name = column.meta.get("written_name") or column.name
                raise ValidationError(f"Expression '{name}' is not in the select clause")


def _item_references(node: exp.Expression) -> list[exp.Column]:
    """The references to select items (by alias) in a resolved ORDER BY expression."""
    return [c for c in node.find_all(exp.Column) if c.meta.get("select_alias")]


def _unquoted_reference(text: str) -> str:
    """A column reference as Calcite's identifier prints it (``t.q``); any other expression as
    it is written."""
    if re.fullmatch(r"`[^`]+`(\.`[^`]+`)*", text):
        return ".".join(part.strip("`") for part in text.split("`.`"))
    return text


def _alias_of(column: exp.Column, keys: OrderKeys) -> bool:
    """Whether a simple name is one select item's alias (two such items are ambiguous)."""
    count = sum(1 for alias in keys.aliases if alias == column.name)
    if count > 1:
        raise ValidationError(f"Column '{column.name}' is ambiguous")
    return count == 1


def _with_alias_references(
    node: exp.Expression, keys: OrderKeys, niladic: Callable[[exp.Column], bool]
) -> exp.Expression:
    """``node`` with each simple name of a select item's alias (outside subqueries, but for a
    ``niladic`` call's name) replaced by a reference to that item: written unqualified, typed
    as the item."""
    types = {
        alias: f.data_type for alias, f in zip(keys.aliases, keys.fields, strict=False) if alias
    }

    def visit(current: exp.Expression) -> exp.Expression:
        if isinstance(current, exp.Select | exp.Subquery | exp.Union | exp.Values):
            return current
        if (
            isinstance(current, exp.Column)
            and not current.table
            and not isinstance(current.this, exp.Star)
            and not is_function_identifier(current)
            and not niladic(current)
            and _alias_of(current, keys)
        ):
            reference = exp.column(current.name)
            reference.meta["flink_text"] = quote_identifier(current.name)
            reference.meta["flink_type"] = types[current.name]
            reference.meta["written_name"] = current.name
            reference.meta["select_alias"] = True
            return reference
        for key, value in list(current.args.items()):
            if isinstance(value, exp.Expression):
                current.set(key, visit(value))
            elif isinstance(value, list):
                current.set(key, [visit(v) if isinstance(v, exp.Expression) else v for v in value])
        return current

    return visit(node)


_QUERIES = (exp.Subquery, exp.Select, exp.SetOperation, exp.Values)
# What Calcite's expander says of a name it cannot qualify, or of a literal it cannot read.
_NAME_NOT_RESOLVED = re.compile(r"(Column|Table) '.*' (not found|is ambiguous)|Illegal .*literal")

_FRAMELESS = ("RANK", "DENSE_RANK", "PERCENT_RANK", "ROW_NUMBER", "LAG", "LEAD")


def _check_window_function(window: exp.Window, named: dict[str, exp.Window]) -> None:
    """RANK and DENSE_RANK need an ORDER BY; ranking and offset functions take no frame (the
    window's own or that of the named window it refers to)."""
    call = window.this.this if isinstance(window.this, exp.Filter) else window.this
    if not isinstance(call, exp.Anonymous):
        return
    name = call.name.upper()
    order, spec = window.args.get("order"), window.args.get("spec")
    seen: set[str] = set()
    reference = window.args.get("alias")
    # A frame given in a window that is itself built on another (OVER (w0 ROWS ...), WINDOW w AS
    # (w0 ORDER BY ts ROWS ...)) is not checked by Flink: the check sees only a window of its own.
    framed_on_base = spec is not None and reference is not None
    while reference is not None and reference.name in named and reference.name not in seen:
        seen.add(reference.name)
        base = named[reference.name]
        order = order or base.args.get("order")
        if spec is None and base.args.get("spec") is not None:
            framed_on_base = base.args.get("alias") is not None
        spec = spec or base.args.get("spec")
        reference = base.args.get("alias")
    if name in ("RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST") and order is None:
        raise ValidationError(
            "RANK or DENSE_RANK functions require ORDER BY clause in window specification"
        )
    if name in _FRAMELESS and spec is not None and not framed_on_base:
        raise ValidationError("ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions")


def _in_subquery(node: exp.Expression, root: exp.Expression) -> bool:
    """Whether ``node`` lies in a query nested in ``root``."""
    current = node
    while current is not None and current is not root:
        current = current.parent
        if current is root:
            return False
        if isinstance(current, exp.Subquery | exp.Select | exp.SetOperation):
            return True
    return False


def _int_value(value: int) -> int:
    """Java's ``BigDecimal.intValue()``: the low 32 bits, signed."""
    return (value + 2**31) % 2**32 - 2**31
