"""The FROM clause of a query block: tables and views, joins and USING, subqueries, window and
process table functions, LATERAL, UNNEST and TO_CHANGELOG; each item a namespace of the scope.
A mixin of the validator."""

from __future__ import annotations

from sqlglot import exp

from ..calcite_names import calcite_type_name, message_type
from ..catalog import ObjectIdentifier, quote_identifier
from ..dialect import TableArgument
from ..errors import SqlParseError, ValidationError
from ..match_recognize_syntax import MatchRecognizeItem
from ..types import DataType
from ..unpivot_syntax import UnpivotItem
from .changelog import Changelogs
from .conditions import check_condition
from .converted_types import CONVERTED_ITEM
from .generated_aliases import GENERATED
from .grammar_forms import sample_text
from .hints import table_hint_text
from .ml_predict import NAME as ML_PREDICT
from .ml_predict import ModelPredictions
from .operands import comparable
from .query_shapes import _strip_unnamed
from .relations import Dependency
from .reserved import placed
from .scopes import Field, Namespace, Scope, UsingColumn
from .table_functions import TableFunctions
from .unpivot import Unpivots

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
_PROCESS_TABLE_FUNCTIONS = ("TO_CHANGELOG", "FROM_CHANGELOG")
_WINDOW_ARGUMENTS = {"TUMBLE": 3, "HOP": 4, "CUMULATE": 4, "SESSION": 3}
# Calcite's SqlWindowTableFunction parameters, by name
_WINDOW_PARAMETERS = {
    "TUMBLE": ("DATA", "TIMECOL", "SIZE", "OFFSET"),
    "HOP": ("DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET"),
    "CUMULATE": ("DATA", "TIMECOL", "STEP", "SIZE", "OFFSET"),
    "SESSION": ("DATA", "TIMECOL", "GAP"),
}
_WINDOW_SIGNATURES = {
    "TUMBLE": "TUMBLE(TABLE table_name, DESCRIPTOR(timecol), datetime interval"
    "[, datetime interval])",
    "HOP": "HOP(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval"
    "[, datetime interval])",
    "CUMULATE": "CUMULATE(TABLE table_name, DESCRIPTOR(timecol), datetime interval, "
    "datetime interval[, datetime interval])",
    "SESSION": "SESSION(TABLE table_name, DESCRIPTOR(timecol), datetime interval)",
}


class FromClause(TableFunctions, Changelogs, ModelPredictions, Unpivots):
    """FROM items, on the validator's query and expression methods."""

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
            condition, condition_type = self.expression(on, scope)
            check_condition("ON", on, condition_type)
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
            column = UsingColumn(name, lefts[0], rights[0])
            left_type, right_type = column.types()
            if not comparable([left_type, right_type]):
                raise ValidationError(
                    f"Column '{name}' matched using NATURAL keyword or USING clause has"
                    f" incompatible types: cannot compare '{message_type(left_type)}'"
                    f" to '{message_type(right_type)}'"
                )
            scope.using.append(column)

    def _check_duplicates(self, scope: Scope, before: int) -> None:
        seen = {ns.alias for ns in scope.namespaces[:before]}
        for ns in scope.namespaces[before:]:
            if ns.alias in seen:
                raise ValidationError(f"Duplicate relation name '{ns.alias}' in FROM clause")
            seen.add(ns.alias)

    def from_item(self, node: exp.Expression, scope: Scope) -> str:
        if isinstance(node, MatchRecognizeItem):
            return self.match_recognize(node, scope)
        if isinstance(node, UnpivotItem):
            return self.unpivot(node, scope)
        if isinstance(node, exp.Table):
            if isinstance(node.this, exp.Anonymous) and (
                node.this.name.upper() == "TABLE"
                or node.this.name.upper()
                in (*_WINDOW_FUNCTIONS, *_PROCESS_TABLE_FUNCTIONS, ML_PREDICT)
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
            fields = _values_fields(self._strip_parens(inner), result.fields, alias)
            return self._aliased_subquery(f"({result.text})", fields, node, scope, alias)
        if isinstance(node, exp.Values):
            alias = self._derived_alias(node)
            result = self.values(node, scope.parent)
            fields = _values_fields(node, result.fields, alias)
            return self._aliased_subquery(f"({result.text})", fields, node, scope, alias)
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
        return self._generated_alias(node)

    def _generated_alias(self, node: exp.Expression) -> str:
        """The name Calcite generates for an unnamed FROM item, as numbered before validation
        in its order (:mod:`.generated_aliases`)."""
        generated = node.meta.get(GENERATED)
        if generated is not None:
            return generated
        alias = f"EXPR${self.next_alias}"  # an item made while validating: after all others
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
            fields = [f.renamed(c.name) for c, f in zip(columns, fields, strict=True)]
            text += (
                f" AS {quote_identifier(alias)} ("
                + ", ".join(quote_identifier(c.name) for c in columns)
                + ")"
            )
        else:
            text += f" AS {quote_identifier(alias)}"
        scope.namespaces.append(Namespace(alias, list(fields)))
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
            names = [p for p in node.parts if isinstance(p, exp.Identifier)]
            raise placed(self._not_found(parts, identifier), names, self.text, self.position)
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
        database is named 'within' it, with the name that differs only in case if there is
        one (goldens/views_docs_examples: "did you mean 'Orders'?")."""
        probe = getattr(self.reader, "relation_named_alike", None)
        alike = probe(identifier) if probe is not None else None
        if alike is not None:
            return (
                f"Object '{identifier.name}' not found within "
                f"'{identifier.catalog}.{identifier.database}'; did you mean '{alike}'?"
            )
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
            fields = list(cte)
            identifier = None
            hints = table_hint_text(node, None)
        else:
            identifier, fields, is_view = self.resolve_table(node)
            text = identifier.quoted()
            hints = table_hint_text(node, text if is_view else None)
        if hints is not None:
            text += f"\n/*+ {hints} */"
        if version is not None:
            # Calcite reads the period among both sides of the join, the temporal table's own
            # columns too, and keeps its names as written (FOR SYSTEM_TIME AS OF `proctime`)
            own = Namespace(alias, fields, identifier)
            period_scope = Scope([*scope.namespaces, own], scope.parent)
            expression, period_type, _ = self.resolved_expression(
                version.expression, period_scope, as_written=True
            )
            if not period_type.is_timestamp:
                name = calcite_type_name(period_type).split("(")[0]
                raise ValidationError(
                    f"The system time period specification expects Timestamp type but is '{name}'"
                )
            text += f" FOR SYSTEM_TIME AS OF {expression}"
        alias_node = node.args.get("alias")
        columns = list(alias_node.columns) if alias_node is not None else []
        if hints is None or node.alias:  # Calcite adds no alias to a table with hints
            text += f" AS {quote_identifier(alias)}"
        if columns:
            fields = [f.renamed(c.name) for c, f in zip(columns, fields, strict=False)]
            text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
        sample = node.args.get("sample")
        if sample is not None:
            text += " " + sample_text(sample)
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
        if isinstance(call, exp.Anonymous) and call.name.upper() == ML_PREDICT:
            return self.ml_predict(call, node, scope)
        if isinstance(call, exp.Unnest) or (
            isinstance(call, exp.Anonymous) and call.name.upper() == "UNNEST"
        ):
            raise SqlParseError("Incorrect syntax near the keyword 'UNNEST'")
        if isinstance(call, exp.Anonymous) and call.name.upper() not in _WINDOW_FUNCTIONS:
            return self.user_table_function(call, node, scope, lateral=False)
        if not isinstance(call, exp.Anonymous) or call.name.upper() not in _WINDOW_FUNCTIONS:
            name = call.name if isinstance(call, exp.Anonymous) else node.sql()
            raise ValidationError(
                f"Table function '{name}' is not supported by the dashboard's view validation yet"
            )
        function = call.name.upper()
        alias = self._derived_alias(node)
        args = list(call.expressions)
        expected = _WINDOW_ARGUMENTS[function]
        if not any(isinstance(a, exp.Kwarg) for a in args) and len(args) < expected:
            raise ValidationError(
                f"Invalid number of arguments to function '{function}'. "
                f"Was expecting {expected} arguments"
            )
        for arg in args:  # Calcite matches a parameter's name as written, in upper case
            keyword = arg.this.name if isinstance(arg, exp.Kwarg) else None
            if (
                keyword
                and keyword != keyword.upper()
                and keyword.upper() in _WINDOW_PARAMETERS[function]
            ):
                raise ValidationError(
                    f"Param '{keyword}' not found in function '{function}'; "
                    f"did you mean '{keyword.upper()}'?"
                )
        input_fields: list[Field] = []
        time_column = None
        written: list[str] = []
        inner_scope = Scope([], scope)
        for arg in args:
            value = arg.expression if isinstance(arg, exp.Kwarg) else arg
            name = f"{quote_identifier(arg.this.name)} => " if isinstance(arg, exp.Kwarg) else ""
            subquery = _strip_unnamed(value) if isinstance(value, exp.Subquery) else value
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
        """``LATERAL (subquery)``, ``LATERAL UNNEST(...)`` and ``LATERAL TABLE(f(...))``: they
        see the FROM items before."""
        inner = node.this
        if isinstance(inner, exp.Unnest):
            # LATERAL UNNEST(...) is UNNEST(...): Flink writes it without the keyword.
            unnest = inner.copy()
            unnest.set("alias", node.args.get("alias"))
            return self.unnest(unnest, scope)
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
                return self.user_table_function(call, node, scope)
        raise ValidationError(
            "This kind of LATERAL item is not supported by the dashboard's view validation yet"
        )

    def unnest(self, node: exp.Unnest, scope: Scope) -> str:
        args = [self.resolved_expression(e, scope, unnested=True) for e in node.expressions]
        fields: list[Field] = []
        for _, data_type, resolved in args:
            converted = resolved.meta[CONVERTED_ITEM] or data_type
            if data_type.name in ("ARRAY", "MULTISET"):
                element, converted_element = data_type.children[0], converted.children[0]
                if element.is_row:
                    pairs = zip(element.fields, converted_element.children, strict=True)
                    fields.extend(_field(n, t, c) for (n, t), c in pairs)
                else:
                    fields.append(_field(f"EXPR${len(fields)}", element, converted_element))
            elif data_type.name == "MAP":
                pairs = zip(("KEY", "VALUE"), data_type.children, converted.children, strict=True)
                fields.extend(_field(n, t, c) for n, t, c in pairs)
            else:
                raise ValidationError("UNNEST argument must be a collection")
        text = "UNNEST(" + ", ".join(t for t, _, _ in args) + ")"
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
            alias = self._generated_alias(node)
        else:
            text += f" AS {quote_identifier(alias)}"
            if not columns and len(args) == 1 and fields and fields[0].name == "EXPR$0":
                # UNNEST(array of scalars) AS t: the column is named after the alias.
                fields[0] = fields[0].renamed(alias)
            if columns:
                fields = [f.renamed(c.name) for c, f in zip(columns, fields, strict=False)]
                text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
        scope.namespaces.append(Namespace(alias, fields))
        return text


def _names(fields: list[Field]) -> str:
    return "[" + ", ".join(f.name for f in fields) + "]"


def _field(name: str, data_type: DataType, converted: DataType) -> Field:
    """An UNNEST column, with the type Flink's conversion gives it where that differs."""
    return Field(name, data_type, None if converted == data_type else converted)


def _make_nullable(namespaces: list[Namespace]) -> None:
    for ns in namespaces:
        ns.fields = [f.made_nullable() for f in ns.fields]


def _values_fields(query: exp.Expression, fields: list[Field], alias: str) -> list[Field]:
    """The columns of a FROM item: a VALUES of one column is named after the item's alias
    (``(VALUES (1), (2)) AS v`` has column ``v``; unnamed, ``EXPR$0`` has ``EXPR$0``), as Flink
    names it (golden views_difftest_seed8), unless its first row names it (``CURRENT_DATE``,
    golden views_difftest_seed9); any other query keeps its own names."""
    if isinstance(query, exp.Values) and len(fields) == 1 and fields[0].name == "EXPR$0":
        return [fields[0].renamed(alias)]
    return fields
