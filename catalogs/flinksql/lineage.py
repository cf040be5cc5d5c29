"""Which columns of which tables an expanded view query reads.

The expanded query Flink stores names every table fully and qualifies every column by its
table's alias, so the columns a view reads can be read off the text without resolving names
again.
"""

from __future__ import annotations

import re
from collections import ChainMap, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from sqlglot import exp
from sqlglot.errors import ParseError

from .catalog import ObjectIdentifier
from .dialect import DIALECT, ModelArgument
from .errors import ValidationError
from .match_recognize_syntax import MatchRecognizeItem
from .stored_text import READING_STORED_TEXT
from .unpivot_syntax import UnpivotItem

# How Calcite expands a USING join's column inside an expression: COALESCE(`a`.`c`, `b`.`c`)
# AS `c`, an AS that is no SQL there (CAST(... AS `c` AS STRING)): read without it.
_NAME = r"`(?:[^`]|``)+`"
_USING_AS = re.compile(rf"(COALESCE\({_NAME}\.({_NAME}), {_NAME}\.\2\)) AS \2")


@lru_cache(maxsize=64)
def parse_expanded(expanded_query: str) -> exp.Expression | None:
    """The tree of a stored expanded query, also where it holds a USING join's column as
    Calcite writes it inside an expression. A new view's text is read twice (the columns its
    dependencies record, its column lineage): the tree is parsed once and shared, so a caller
    reads it and never changes it."""
    reading = READING_STORED_TEXT.set(True)
    try:
        return DIALECT.parse(expanded_query)[0]
    except ParseError as error:
        if "COALESCE(" in expanded_query:
            try:
                return DIALECT.parse(_USING_AS.sub(r"\1", expanded_query))[0]
            except ParseError:
                pass
        # a clear refusal, never an internal error, where the dashboard cannot read back a
        # text it wrote (a gap of its parser: nothing is stored)
        first = str(error).splitlines()[0]
        raise ValidationError(
            f"The dashboard cannot read back the expanded query it derived ({first}); "
            "the statement was not applied."
        ) from error
    finally:
        READING_STORED_TEXT.reset(reading)


def columns_read(expanded_query: str) -> dict[ObjectIdentifier, set[str]]:
    """For each fully qualified table in the query, the names of the columns read from it."""
    tree = parse_expanded(expanded_query)
    if tree is None:
        return {}
    aliases: dict[str, ObjectIdentifier] = {}
    result: dict[ObjectIdentifier, set[str]] = defaultdict(set)
    for table in tree.find_all(exp.Table):
        parts = [p.name for p in table.parts]
        if len(parts) != 3 or isinstance(table.parent, ModelArgument):  # a model is no table
            continue
        identifier = ObjectIdentifier(*parts)
        aliases[table.alias_or_name] = identifier
        result.setdefault(identifier, set())
    for column in tree.find_all(exp.Column):
        # `t`.`c` reads c of t; `t`.`r`.`f` (a field of a ROW column) reads r of t
        parts = [p.name for p in column.parts]
        for i, part in enumerate(parts[:-1]):
            identifier = aliases.get(part)
            if identifier is not None:
                result[identifier].add(parts[i + 1])
                break
    for match in tree.find_all(MatchRecognizeItem):
        # MATCH_RECOGNIZE reads its input's columns as `*`.`c` and through its pattern
        # variables (`A`.`c`)
        source = match.this
        parts = [p.name for p in source.parts] if isinstance(source, exp.Table) else []
        if len(parts) != 3:
            continue
        read = result[ObjectIdentifier(*parts)]
        read.update(c.name for c in _match_columns(match) if c.table not in aliases)
        # what the query reads of the match, other than its measures, is the input's column
        measures = {m.alias for m in match.args.get("measures") or []}
        for column in tree.find_all(exp.Column):
            if column.table == match.alias and column.name not in measures:
                read.add(column.name)
    for unpivot in tree.find_all(UnpivotItem):
        # UNPIVOT reads the columns its entries name, and passes its input's others on
        source = unpivot.this
        parts = [p.name for p in source.parts] if isinstance(source, exp.Table) else []
        if len(parts) != 3:
            continue  # a subquery's reads are its own SELECT's
        read = result[ObjectIdentifier(*parts)]
        read.update(c.name for entry in unpivot.args["entries"] for c in entry.args["columns"])
        made = {n.name for n in [*unpivot.args["measures"], *unpivot.args["axes"]]}
        names = {unpivot.alias} if unpivot.alias else _unnamed_qualifiers(tree)
        for column in tree.find_all(exp.Column):
            if column.table in names and column.name not in made:
                read.add(column.name)
    return dict(result)


# An UNPIVOT without an alias is named EXPR$n by Calcite, a name its stored text does not show
# (it shows its input's alias): the columns qualified by no FROM item's name are its.
_UNNAMED = "EXPR$?"


def _unnamed_qualifiers(tree: exp.Expression) -> set[str]:
    named = {
        n.alias
        for n in tree.find_all(exp.Table, exp.Subquery, exp.Lateral, exp.Unnest, UnpivotItem)
    }
    return {c.table for c in tree.find_all(exp.Column) if c.table and c.table not in named}


def _match_columns(match: MatchRecognizeItem) -> Iterator[exp.Column]:
    """The columns named in a MATCH_RECOGNIZE clause (its input aside)."""
    for key, value in match.args.items():
        if key in ("this", "alias") or not value:
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, exp.Expression):
                yield from item.find_all(exp.Column)


class How(StrEnum):
    """How a view column derives from a column it reads."""

    COPY = "copy"  # the value unchanged, through any number of plain selections
    EXPRESSION = "expression"  # computed from it (a function, an operator, an aggregate...)
    CONDITION = "condition"  # read only to filter, join, group or order, by no view column


@dataclass(frozen=True)
class ColumnSource:
    """View column ``column`` (empty for ``CONDITION``) derives from ``source``'s
    ``source_column``, as ``how`` says."""

    column: str
    source: ObjectIdentifier
    source_column: str
    how: How


# an origin: (table or view, its column, whether the value is copied unchanged)
_Origin = tuple[ObjectIdentifier, str, bool]
_Columns = Mapping[str, frozenset[_Origin]]


class _Relation(Mapping[str, frozenset[_Origin]]):
    """The columns of a stored table or view: every name is its own copy."""

    def __init__(self, identifier: ObjectIdentifier) -> None:
        self.identifier = identifier

    def __getitem__(self, name: str) -> frozenset[_Origin]:
        return frozenset({(self.identifier, name, True)})

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def column_lineage(expanded_query: str, column_names: Sequence[str]) -> list[ColumnSource]:
    """For each view column (the query's output, named ``column_names`` in order), the table
    and view columns it derives from, and the columns the query reads only in conditions.

    Subqueries, common table expressions, set operations, window table functions and UNNEST
    are followed to the stored tables and views they read."""
    tree = parse_expanded(expanded_query)
    if tree is None:
        return []
    tracer = _Tracer()
    outputs = tracer.query(tree, {}, {})
    found: set[ColumnSource] = set()
    derived: set[tuple[ObjectIdentifier, str]] = set()
    for name, (_, origins) in zip(column_names, outputs, strict=False):
        for identifier, column, copy in origins:
            how = How.COPY if copy else How.EXPRESSION
            found.add(ColumnSource(name, identifier, column, how))
            derived.add((identifier, column))
    for identifier, column in tracer.conditions - derived:
        found.add(ColumnSource("", identifier, column, How.CONDITION))
    return sorted(
        found,
        key=lambda s: (
            s.column,
            s.source.catalog,
            s.source.database,
            s.source.name,
            s.source_column,
            s.how,
        ),
    )


class _Tracer:
    def __init__(self) -> None:
        self.conditions: set[tuple[ObjectIdentifier, str]] = set()

    def query(
        self, node: exp.Expression, ctes: dict[str, _Columns], outer: _Columns
    ) -> list[tuple[str, frozenset[_Origin]]]:
        """The output columns of a query, in order, with their origins."""
        if isinstance(node, exp.Subquery):
            return self.query(node.this, ctes, outer)
        with_ = node.args.get("with_") or node.args.get("with")
        if with_:
            ctes = dict(ctes)
            for cte in with_.expressions:
                ctes[cte.alias_or_name] = _named(self.query(cte.this, ctes, outer), cte)
        if isinstance(node, exp.SetOperation):
            left = self.query(node.left, ctes, outer)
            right = self.query(node.right, ctes, outer)
            return [
                (name, origins | other)
                for (name, origins), (_, other) in zip(left, right, strict=False)
            ]
        if not isinstance(node, exp.Select):
            return []
        sources: dict[str, _Columns] = {}
        from_ = node.args.get("from_") or node.args.get("from")
        joins = node.args.get("joins") or []
        for source in [from_.this] if from_ else []:
            self._add_source(source, sources, ctes, outer)
        for join in joins:
            self._add_source(join.this, sources, ctes, outer)
        scope = ChainMap(sources, dict(outer))  # a correlated subquery sees the outer names
        outputs = []
        for projection in node.expressions:
            inner = projection.this if isinstance(projection, exp.Alias) else projection
            origins, copy = self.expression(inner, scope, ctes)
            if not copy:
                origins = frozenset((i, c, False) for i, c, _ in origins)
            outputs.append((projection.alias_or_name, origins))
        for key, value in node.args.items():
            if key in ("expressions", "from", "from_", "joins", "with", "with_") or not value:
                continue
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, exp.Expression):
                    self._condition(item, scope, ctes)
        for join in joins:
            for key in ("on", "using"):
                if join.args.get(key):
                    for item in join.args[key] if key == "using" else [join.args[key]]:
                        self._condition(item, scope, ctes)
        return outputs

    def _condition(self, node: exp.Expression, scope: _Columns, ctes: dict) -> None:
        origins, _ = self.expression(node, scope, ctes)
        self.conditions.update((i, c) for i, c, _ in origins)

    def _add_source(
        self, node: exp.Expression, sources: dict[str, _Columns], ctes: dict, outer: _Columns
    ) -> None:
        alias = node.alias_or_name
        if isinstance(node, exp.Table) and isinstance(node.this, exp.Identifier):
            parts = [p.name for p in node.parts]
            if len(parts) == 3:
                sources[alias] = _Relation(ObjectIdentifier(*parts))
            elif parts[-1] in ctes:
                sources[alias] = ctes[parts[-1]]
            return
        if isinstance(node, MatchRecognizeItem):
            sources[alias] = self._match_recognize(node, ctes, outer)
            return
        if isinstance(node, UnpivotItem):
            sources[node.alias or _UNNAMED] = self._unpivot(node, ctes, outer)
            return
        scope = ChainMap(sources, dict(outer))  # LATERAL reads the sources left of it
        if isinstance(node, exp.Lateral):
            inner = node.this.this if isinstance(node.this, exp.Subquery) else node.this
            if isinstance(inner, (exp.Select, exp.SetOperation)):
                sources[alias] = _named(self.query(inner, ctes, scope), node)
                return
            node = node.this
        if isinstance(node, exp.Subquery):
            sources[alias] = _named(self.query(node.this, ctes, scope), node)
            return
        if isinstance(node, exp.Unnest):
            # every column of UNNEST (the elements, their fields, the ordinality) derives
            # from the arrays, maps or multisets it is given
            origins, _ = self.expression(node, scope, ctes)
            as_expression = frozenset((i, c, False) for i, c, _ in origins)
            sources[alias] = _Passed({}, as_expression)
            return
        # a table function (TUMBLE, HOP, CUMULATE, SESSION...): the columns of the table it
        # is given pass through; the ones it adds (window_start...) derive from its other
        # arguments, the time attribute named by DESCRIPTOR
        passed: dict[str, frozenset[_Origin]] = {}
        added: set[_Origin] = set()
        given = node.find(exp.Subquery)
        if given is not None:
            passed.update(self.query(given.this, ctes, outer))
        for argument in node.find_all(exp.Column):
            if not argument.table and argument.name in passed:
                added.update((i, c, False) for i, c, _ in passed[argument.name])
        sources[alias] = _Passed(passed, frozenset(added))

    def _match_recognize(self, node: MatchRecognizeItem, ctes: dict, outer: _Columns) -> _Columns:
        """The columns of a MATCH_RECOGNIZE: its partition keys copy the input's, its
        measures derive from the input columns they read (through ``*`` or a pattern
        variable), any other column (ALL ROWS PER MATCH) is the input's; ORDER BY and DEFINE
        read columns in conditions."""
        inputs: dict[str, _Columns] = {}
        self._add_source(node.this, inputs, ctes, outer)
        given: _Columns = next(iter(inputs.values()), {})
        names = {column.table for column in _match_columns(node)} - set(inputs)
        scope = ChainMap({name: given for name in names}, inputs)
        made: dict[str, frozenset[_Origin]] = {}
        for key in node.args.get("partition_by") or []:
            made.setdefault(key.name, self.expression(key, scope, ctes)[0])
        for measure in node.args.get("measures") or []:
            origins, copy = self.expression(measure.this, scope, ctes)
            if not copy:
                origins = frozenset((i, c, False) for i, c, _ in origins)
            made.setdefault(measure.alias, origins)
        order = node.args.get("order")
        for item in [*(order.expressions if order else []), *(node.args.get("define") or [])]:
            self._condition(item, scope, ctes)
        return _Matched(made, given)

    def _unpivot(self, node: UnpivotItem, ctes: dict, outer: _Columns) -> _Columns:
        """The columns of an UNPIVOT: each measure copies the columns its entries name, an
        axis derives from none (its values are literals), any other column is the input's."""
        inputs: dict[str, _Columns] = {}
        self._add_source(node.this, inputs, ctes, outer)
        given: _Columns = next(iter(inputs.values()), {})
        entries = node.args["entries"]
        made: dict[str, frozenset[_Origin]] = {a.name: frozenset() for a in node.args["axes"]}
        for index, measure in enumerate(node.args["measures"]):
            columns = [entry.args["columns"][index].name for entry in entries]
            made[measure.name] = frozenset().union(*(given.get(c, frozenset()) for c in columns))
        return _Matched(made, given)

    def expression(
        self, node: exp.Expression, scope: _Columns, ctes: dict
    ) -> tuple[frozenset[_Origin], bool]:
        """The origins of the columns an expression reads, and whether it is a plain copy of
        one column."""
        if isinstance(node, exp.Paren):
            return self.expression(node.this, scope, ctes)
        if isinstance(node, exp.Column):
            origins, copy = self._column(node, scope)
            return origins, copy
        found: set[_Origin] = set()
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, exp.Column):
                found.update(self._column(current, scope)[0])
            elif isinstance(current, (exp.Select, exp.SetOperation)):
                for _, origins in self.query(current, ctes, scope):
                    found.update(origins)
            else:
                stack.extend(current.iter_expressions())
        return frozenset(found), False

    def _column(self, column: exp.Column, scope: _Columns) -> tuple[frozenset[_Origin], bool]:
        parts = [p.name for p in column.parts]
        for i, part in enumerate(parts[:-1]):
            if part in scope:
                origins = scope[part].get(parts[i + 1], frozenset())
                return origins, i + 2 == len(parts)
        if len(parts) == 2 and _UNNAMED in scope:
            return scope[_UNNAMED].get(parts[1], frozenset()), True
        # unqualified: not a column (the expanded query qualifies each), but a niladic
        # function written as a name (LOCALTIME) or a DESCRIPTOR's argument
        return frozenset(), False


def _named(
    outputs: list[tuple[str, frozenset[_Origin]]], node: exp.Expression
) -> dict[str, frozenset[_Origin]]:
    """A query's output columns by name, renamed by its alias's column list
    (``AS t (a, b)``) when it has one."""
    alias = node.args.get("alias")
    names = [c.name for c in alias.columns] if isinstance(alias, exp.TableAlias) else []
    if names:
        outputs = [(n, origins) for n, (_, origins) in zip(names, outputs, strict=False)]
    found: dict[str, frozenset[_Origin]] = {}
    for name, origins in outputs:
        found.setdefault(name, origins)
    return found


class _Passed(Mapping[str, frozenset[_Origin]]):
    """The columns of a table function: those it passes through, and those it adds."""

    def __init__(self, passed: dict[str, frozenset[_Origin]], added: frozenset[_Origin]):
        self.passed = passed
        self.added = added

    def __getitem__(self, name: str) -> frozenset[_Origin]:
        return self.passed.get(name, self.added)

    def __iter__(self) -> Iterator[str]:
        return iter(self.passed)

    def __len__(self) -> int:
        return len(self.passed)


class _Matched(Mapping[str, frozenset[_Origin]]):
    """The columns of a MATCH_RECOGNIZE or an UNPIVOT: those it makes (keys, measures, axes),
    else its input's own (ALL ROWS PER MATCH, the columns UNPIVOT passes on)."""

    def __init__(self, made: dict[str, frozenset[_Origin]], given: _Columns) -> None:
        self.made = made
        self.given = given

    def __getitem__(self, name: str) -> frozenset[_Origin]:
        return self.made[name] if name in self.made else self.given.get(name, frozenset())

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self.made), **dict.fromkeys(self.given)})

    def __len__(self) -> int:
        return len(list(iter(self)))
