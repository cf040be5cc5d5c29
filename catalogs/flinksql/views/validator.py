"""Validate a view's query as Calcite does for Flink and write it back expanded.

One pass over the sqlglot tree: each query block resolves its FROM clause into namespaces (one
per table, subquery, UNNEST or window function, each with an alias and typed fields), then
resolves, types and writes its expressions against them. The text is Calcite's
``SqlPrettyWriter`` output as Flink configures it: one clause per line, no indentation.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlglot import exp

from ..catalog import ObjectIdentifier
from ..dialect import tokenize
from ..errors import (
    BANG_EQUAL,
    SqlParseError,
    ValidationError,
)
from ..literal_checks import literal_range_error
from ..sql_writer import NILADIC_NODES
from ..types import DataType
from .calls import QueryExpr, function_identifier
from .casts import check_literal_value, drop_casts_of_expanded_calls, mark_filter_casts
from .checks import check_every_call, check_literal_values
from .context import ExpressionContext, names_as_written
from .conversion import check_conditions, check_projections
from .converted_types import CONVERTED, CONVERTED_ITEM, check_converted_row_type, converted_type
from .from_clause import FromClause
from .generated_aliases import number_unnamed_items
from .grouping import Grouping
from .hints import check_hint_places, mark_table_hints
from .match_recognize import MatchRecognizeClause
from .query import QueryBlocks
from .query_syntax import parse_query
from .relations import CatalogReader, Dependency, ExpandedView, RelationColumn
from .reserved import text_position
from .scopes import Field, Namespace, Scope, _all_namespaces
from .typer import ViewTyper
from .unkept import refuse_by_text, refuse_unkept
from .writer import UNNESTED, ViewWriter


def validate_view(
    query: str,
    reader: CatalogReader,
    catalog: str,
    database: str,
    column_names: Sequence[str] | None,
    query_position: tuple[int, int],
) -> ExpandedView:
    refuse_by_text(query)
    query = mark_table_hints(query)  # same length: every position stays where it was
    try:
        node = parse_query(query, query_position)
    except SqlParseError as exc:
        if _bang_equal_before(query, query_position, exc):
            raise ValidationError(BANG_EQUAL) from None
        raise
    check_hint_places(node, query, query_position)
    refuse_unkept(node)
    mark_filter_casts(node)
    if "!=" in query and any(token.text == "!=" for token in tokenize(query)):
        raise ValidationError(BANG_EQUAL)
    validator = Validator(reader, catalog, database, query, query_position)
    # the literals' errors as parsed (validation rewrites the tree), for the clauses
    # no check placed
    unchecked = [i for i in node.find_all(exp.Interval) if "interval_error" in i.meta]
    unchecked += [n for n in node.find_all(exp.Literal) if literal_range_error(n) is not None]
    unread = [c for c in node.find_all(exp.Cast) if "literal_error" in c.meta]
    validator.top_block = True
    validator.next_alias = number_unnamed_items(node)
    try:
        result = validator.query(node, None)
    except (ValidationError, SqlParseError):
        raise
    except Exception as exc:  # noqa: BLE001 - any gap of the normalizer is a clear refusal
        raise ValidationError(
            f"Unsupported construct in the view's query ({type(exc).__name__}: {exc}); "
            "the dashboard cannot validate it yet."
        ) from None
    check_literal_values(unchecked)
    for literal in unread:  # in a part of the query no check reached
        check_literal_value(literal)
    _record_every_call(validator, node)
    fields = result.fields
    names = [f.name for f in fields]
    if column_names is not None:
        if len(column_names) != len(fields):
            raise ValidationError(_column_list_mismatch(column_names, fields))
        names = list(column_names)
    validator.check_unique(names, node)
    check_projections(validator.projections)
    check_conditions(validator.conditions)
    check_converted_row_type([(f.name, f.data_type, f.converted) for f in fields])
    columns = tuple(RelationColumn(n, f.data_type) for n, f in zip(names, fields, strict=True))
    return ExpandedView(result.text, columns, tuple(validator.dependencies.values()))


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


class Validator(QueryBlocks, Grouping, FromClause, MatchRecognizeClause):
    """One view's validation: the query blocks, grouping and FROM clause of its mixins, on the
    expression and column resolution here (what :class:`.scopes.Resolver` asks of it)."""

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
        # what Flink's planner projects: every select item and GROUP BY expression, resolved
        self.projections: list[exp.Expression] = []
        self.conditions: list[exp.Expression] = []  # every WHERE and HAVING, as parsed

    def _column_exists(self, name: str, scope: Scope | None) -> bool:
        while scope is not None:
            if any(ns.field(name) for ns in scope.namespaces):
                return True
            scope = scope.parent
        return False

    # -- expressions --------------------------------------------------------------------------
    def expression(
        self, node: exp.Expression, scope: Scope, grouped: bool = False
    ) -> tuple[str, DataType]:
        text, data_type, _ = self.resolved_expression(node, scope, grouped)
        return text, data_type

    def resolved_expression(
        self,
        node: exp.Expression,
        scope: Scope,
        grouped: bool = False,
        having: bool = False,
        condition: bool = False,
        as_written: bool = False,
        projected: bool = False,
        unnested: bool = False,
    ) -> tuple[str, DataType, exp.Expression]:
        """``node`` resolved, typed and written; in a WHERE or HAVING ``condition`` a column
        of a USING or NATURAL join is ambiguous, as Calcite does not expand it there, and
        ``as_written`` writes its names as they were written (a period of FOR SYSTEM_TIME).
        A ``projected`` item or an ``unnested`` operand of UNNEST keeps the type Flink's
        conversion gives it where that differs (``resolved.meta[CONVERTED_ITEM]``,
        .converted_types); the operand is written without the casts Flink does not write back
        there (:func:`drop_casts_of_expanded_calls`)."""
        context = ExpressionContext(self, scope, grouped)
        resolved = context.resolve(node)
        if condition:
            for found in resolved.walk():
                if "using_name" in found.meta:
                    raise ValidationError(f"Column '{found.meta['using_name']}' is ambiguous")
        if having:  # Calcite leaves a niladic function there the name it was parsed as, and
            # the names inside an aggregate's FILTER call as they were written
            for found in resolved.walk():
                if found.meta.get("niladic") or isinstance(found, NILADIC_NODES):
                    found.meta["name_in_having"] = True
            for call in resolved.find_all(exp.Filter):
                names_as_written(call)
        if as_written:
            names_as_written(resolved)
        typer = ViewTyper(context)
        check_every_call(resolved, typer)
        data_type = typer.type_of(resolved)
        if unnested:
            drop_casts_of_expanded_calls(resolved)
            resolved.meta[UNNESTED] = True
        if projected or unnested:
            resolved.meta[CONVERTED_ITEM] = converted_type(resolved, typer.type_of)
        return ViewWriter(context).write(resolved), data_type, resolved

    def subquery(self, node: exp.Expression, scope: Scope) -> QueryExpr:
        bare = node
        while isinstance(bare, exp.Subquery) and not bare.alias and not bare.args.get("with_"):
            bare = bare.this
        # A SELECT writes parentheses of its own inside a scalar subquery; a WITH or a set
        # operation does not (one with ORDER BY/OFFSET/FETCH is a SELECT over it).
        framed = bare.args.get("with_") is None and (
            not isinstance(bare, exp.Union | exp.Intersect | exp.Except)
            or any(bare.args.get(key) is not None for key in ("order", "limit", "offset"))
        )
        result = self.query(node, scope)
        query = QueryExpr(result.text, [(f.name, f.data_type) for f in result.fields])
        query.meta["framed"] = framed
        if len(result.fields) == 1 and result.fields[0].converted is not None:
            query.meta[CONVERTED] = result.fields[0].converted
        return query

    def resolve_column(self, parts: list[str], scope: Scope) -> tuple[list[str], DataType]:
        """The qualified name and type of a column reference."""
        current: Scope | None = scope
        while current is not None:
            found = self._resolve_in(parts, current)
            if found is not None:
                if current is not scope:
                    _refuse_correlated_duplicates(found[0], current)
                return found
            current = current.parent
        if len(parts) == 1:
            message = f"Column '{parts[0]}' not found in any table"
            for ns in _all_namespaces(scope):
                alike = ns.suggestion(parts[0], qualified=False)
                if alike is not None:
                    message += f"; did you mean '{alike}'?"
                    break
            raise ValidationError(message)
        for ns in _all_namespaces(scope):
            if ns.alias == parts[0]:
                raise _not_in_table(ns, parts[1])
        message = f"Table '{'.'.join(parts[:-1])}' not found"
        alike = _relation_alike(parts[:-1], scope)
        raise ValidationError(message if alike is None else f"{message}; did you mean '{alike}'?")

    def _resolve_in(self, parts: list[str], scope: Scope) -> tuple[list[str], DataType] | None:
        # Table-qualified: [catalog.][database.]alias.column[.field...]
        for width in range(min(len(parts) - 1, 3), 0, -1):
            prefix = parts[:width]
            for ns in scope.namespaces:
                if not _qualified_by(ns, prefix):
                    continue
                f = ns.field(parts[width])
                if f is None:
                    found = self._peeked_in(ns, [ns.alias], parts[width:])
                    if found is not None:
                        return found
                    # a ROW column named as the table may have the field (Calcite reads
                    # its name as the column's then)
                    if width == 1 and not any(
                        (same := n.field(parts[0])) is not None and same.data_type.is_row
                        for n in scope.namespaces
                    ):
                        raise _not_in_table(ns, parts[1])
                    continue
                qualified = [ns.alias, f.name]
                return self._with_fields(qualified, f.data_type, parts[width + 1 :], parts[width:])
        # Unqualified column, perhaps followed by ROW field names; a name no relation has as a
        # column may be a field of one's ROW column.
        matches = [
            ns for ns in scope.namespaces if ns.field(parts[0]) is not None or ns.peeked(parts)
        ]
        if len(matches) > 1:
            raise ValidationError(f"Column '{parts[0]}' is ambiguous")
        if matches:
            ns = matches[0]
            f = ns.field(parts[0])
            qualifier = [ns.alias] if ns.alias else []
            if f is None:
                found = self._peeked_in(ns, qualifier, parts)
                assert found is not None
                return found
            if parts[1:] and not f.data_type.is_row:
                # Calcite read id.f as table id's column f first.
                raise ValidationError(f"Table '{'.'.join(parts[:-1])}' not found")
            return self._with_fields([*qualifier, f.name], f.data_type, parts[1:], parts)
        return None

    def _peeked_in(
        self, ns: Namespace, qualifier: list[str], names: list[str]
    ) -> tuple[list[str], DataType] | None:
        """``names`` read through the fields of ``ns``'s ROW columns, or None."""
        paths = ns.peeked(names)
        if len(paths) > 1:
            raise ValidationError(f"Column '{names[0]}' is ambiguous")
        if not paths:
            return None
        f = ns.field(paths[0][0])
        assert f is not None
        return self._with_fields([*qualifier, f.name], f.data_type, paths[0][1:])

    def _with_fields(
        self,
        qualified: list[str],
        data_type: DataType,
        rest: list[str],
        written: list[str] | None = None,
    ) -> tuple[list[str], DataType]:
        """The column ``qualified`` read by field names ``rest``: a field of a NULL row is
        NULL. ``written`` is the reference from its column on, as Calcite's message names it."""
        nullable = data_type.nullable
        for index, name in enumerate(rest):
            if not data_type.is_row or name not in data_type.field_names:
                if written is None:
                    raise ValidationError(f"Unknown field '{name}'")
                # Calcite names the reference up to the name it could not find.
                shown = written[: len(written) - len(rest) + index + 1]
                path, table = ".".join(shown), qualified[0]
                message = f"Column '{path}' not found in table '{table}'"
                alike = [n for n in data_type.field_names if n.lower() == name.lower()]
                if data_type.is_row and alike:
                    message += f"; did you mean '{alike[0]}'?"
                raise ValidationError(message)
            data_type = dict(data_type.fields)[name]
            nullable = nullable or data_type.nullable
            qualified.append(name)
        return qualified, data_type.with_nullable(nullable)

    def check_unique(self, names: list[str], node: exp.Expression) -> None:
        seen: dict[str, int] = {}
        top = _leftmost_block(node)
        for i, name in enumerate(names):
            if name in seen:
                if isinstance(top, exp.Values):
                    # Flink's own check of the view's schema: Calcite names VALUES columns
                    # without placing them
                    raise ValidationError(
                        f"SQL validation failed. Column `{name}` has been specified."
                    )
                line, column = self._itemtext_position(top, seen[name])
                raise ValidationError(
                    f"A column with the same name `{name}` has been defined at line {line}, "
                    f"column {column}."
                )
            seen[name] = i

    def _itemtext_position(self, top: exp.Expression, index: int) -> tuple[int, int]:
        """Where select item ``index`` of the query's first SELECT starts."""
        items = top.expressions if isinstance(top, exp.Select) else self.select_items
        starts: list[int] = []
        if index < len(items):
            item = items[index]
            if "item_start" in item.meta:
                starts.append(item.meta["item_start"])
            for n in item.walk():
                if "start" in n.meta:
                    starts.append(n.meta["start"])
        offset = min(starts) if starts else 0
        return text_position(self.text, offset, self.position)


def _relation_alike(qualifier: list[str], scope: Scope) -> str | None:
    """The FROM item a qualifier names in another case (Calcite suggests it: "Table 'O' not
    found; did you mean 'o'?"), its catalog and database parts too."""
    wanted = qualifier[-3:]
    for ns in _all_namespaces(scope):
        if ns.suggested and _qualified_by(ns, wanted, fold=True):
            return ns.alias
    return None


def _qualified_by(ns: Namespace, prefix: list[str], fold: bool = False) -> bool:
    """Whether ``prefix`` ([catalog.][database.]alias) names the FROM item ``ns``; ``fold``
    compares names in any case."""

    wanted = [p.lower() for p in prefix] if fold else prefix
    if (ns.alias.lower() if fold else ns.alias) != wanted[-1]:
        return False
    if len(prefix) == 1:
        return True
    if ns.identifier is None:
        return False
    full = [ns.identifier.catalog, ns.identifier.database, ns.identifier.name][-len(prefix) :]
    return ([f.lower() for f in full] if fold else full) == wanted


def _not_in_table(ns: Namespace, name: str) -> ValidationError:
    message = f"Column '{name}' not found in table '{ns.alias}'"
    alike = ns.suggestion(name, qualified=True)
    if alike is not None:
        message += f"; did you mean '{alike}'?"
    return ValidationError(message)


def _leftmost_block(node: exp.Expression) -> exp.Expression:
    """The query block a query's columns are named by: the first SELECT of a set operation, the
    body of a WITH or of parentheses."""
    while isinstance(node, exp.Subquery | exp.Union | exp.Intersect | exp.Except):
        node = node.this
    return node


def _refuse_correlated_duplicates(qualified: list[str], scope: Scope) -> None:
    """A subquery that reads a column of an enclosing block's FROM item whose columns repeat a
    name fails in Flink's decorrelation, which maps that item's columns by name (a Guava
    message: ``Multiple entries with same key: d=2 and d=1``; views_difftest_seed26)."""
    namespace = next((ns for ns in scope.namespaces if ns.alias == qualified[0]), None)
    seen: dict[str, int] = {}
    for index, f in enumerate(namespace.fields if namespace is not None else []):
        if f.name in seen:
            raise ValidationError(
                f"Multiple entries with same key: {f.name}={index} and {f.name}={seen[f.name]}"
            )
        seen[f.name] = index


def _bang_equal_before(query: str, query_position: tuple[int, int], error: SqlParseError) -> bool:
    """Whether the query writes ``!=`` and its right operand before the place its parse
    failed: Flink's parser refuses the operator once it has read the comparison, before any
    later syntax error (``i != 1 AND )``), not where the operand is missing (``i !=``)."""
    if "!=" not in query or error.line is None or error.column is None:
        return False
    try:
        tokens = tokenize(query)
    except Exception:  # noqa: BLE001 - a text the tokenizer cannot read: the parse error stands
        return False
    at = next((i for i, t in enumerate(tokens) if t.text == "!="), None)
    if at is None or at + 1 >= len(tokens):
        return False
    operand = tokens[at + 1]
    return text_position(query, operand.start, query_position) < (error.line, error.column)
