"""The walk of Flink 2.3's query grammar (#15): every construct a view's query can be written
with, and where it is tested against the engine.

Flink 2.3's SQL parser (``FlinkSqlParserImpl``) is generated from Calcite 1.36's ``Parser.jj``
(``core/src/main/codegen/templates/Parser.jj`` at tag ``calcite-1.36.0``; the version is in the
NOTICE of ``flink-table-planner.jar``) with Flink's DDL added. This lists, production by
production, what a query can hold. Each construct either names a pattern that some statement of
the goldens (``tests/goldens/*.sql``, answered by real Flink and compared with the dashboard by
``tests/test_goldens.py``) matches, or says why no view can hold it. ``tests/test_grammar_walk.py``
holds both: a construct whose golden goes away, or a production left out, fails it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Construct:
    production: str  # the Parser.jj production it comes from
    name: str
    pattern: str | None = None  # a statement of the goldens that holds it (case-insensitive)
    reason: str | None = None  # why no golden holds it, when none does
    literal: bool = False  # the pattern is of a literal's quotes, not of the words around them

    def matches(self, statement: str) -> bool:
        """Whether the view ``statement`` holds the construct: outside its strings and quoted
        names (a construct of literals: anywhere)."""
        assert self.pattern is not None
        text = statement if self.literal else _unquoted(statement)
        return re.search(self.pattern, text, re.IGNORECASE | re.DOTALL) is not None


VIEW = re.compile(r"^\s*(CREATE\s+(OR\s+REPLACE\s+)?(TEMPORARY\s+)?VIEW|ALTER\s+VIEW)\b", re.I)
_QUOTED = re.compile(r"'(?:[^']|'')*'|`(?:[^`]|``)*`")


def is_view(statement: str) -> bool:
    """A statement whose query the walk looks at: CREATE VIEW or ALTER VIEW."""
    return VIEW.match(statement) is not None


def _unquoted(statement: str) -> str:
    """``statement`` with every string literal ``''`` and every quoted name ``x``."""
    return _QUOTED.sub(lambda m: "''" if m.group().startswith("'") else "x", statement)


NOT_A_QUERY = "a statement of its own, not part of a query: no view holds it"

# The productions of Parser.jj 1.36 that make up a query (SqlQueryOrDml's query part, down to
# expressions and literals). The others are statements (SqlInsert, SqlMerge, SqlCreate, ...),
# Flink's own DDL, or helpers of these that carry no syntax of their own.
QUERY_PRODUCTIONS = frozenset(
    """OrderedQueryOrExpr QueryOrExpr LeafQueryOrExpr LeafQuery SqlSelect SqlSelectKeywords
    SelectExpression WithList AddWithItem BinaryQueryOperator ExplicitTable TableConstructor
    FromClause JoinTable JoinType Natural TableRef3 ExtendTable TableHints Snapshot Over
    MatchRecognize Pivot Unpivot Tablesample TableFunctionCall TableParam
    PartitionedByAndOrderBy Where GroupBy GroupingElementList Having Window WindowSpecification
    WindowRange Qualify OrderBy OrderByLimitOpt FetchClause LimitClause OffsetClause
    CaseExpression BuiltinFunctionCall NamedFunctionCall JdbcFunctionCall ArrayConstructor
    MapConstructor MultisetConstructor RowConstructor PeriodConstructor CursorExpression
    NewSpecification ContextVariable DynamicParam IntervalLiteral DateTimeLiteral
    NumericLiteral StringLiteral SpecialLiteral CollateClause BinaryRowOperator
    PrefixRowOperator PostfixRowOperator BinaryMultisetOperator periodOperator
    TimestampAddFunctionCall TimestampDiffFunctionCall DateTruncFunctionCall
    JsonExistsFunctionCall JsonValueFunctionCall JsonQueryFunctionCall JsonObjectFunctionCall
    JsonArrayFunctionCall JsonObjectAggFunctionCall JsonArrayAggFunctionCall
    StringAggFunctionCall PercentileFunctionCall MatchRecognizeFunctionCall
    GroupByWindowingCall withinGroup withinDistinct nullTreatment""".split()
)

CONSTRUCTS: tuple[Construct, ...] = (
    # -- the query's shape -------------------------------------------------------------------
    Construct("SqlSelect", "SELECT DISTINCT", r"SELECT\s+DISTINCT\s"),
    Construct("SqlSelect", "SELECT ALL", r"SELECT\s+ALL\s"),
    Construct("SqlSelectKeywords", "SELECT STREAM", r"SELECT\s+STREAM\s"),
    Construct("SqlSelect", "query hints SELECT /*+ ... */", r"SELECT\s*/\*\+"),
    Construct("SelectExpression", "*", r"SELECT\s+\*"),
    Construct("SelectExpression", "t.*", r"\w\.\*"),
    Construct(
        "SelectExpression",
        "an alias without AS",
        r"SELECT\s+(?!DISTINCT|ALL)\w+\s+(?!AS\b|FROM\b)\w+\s*(,|FROM)",
    ),
    Construct("WithList", "WITH", r"\bWITH\s+\w+\s+AS\s*\("),
    Construct("WithList", "WITH and a column list", r"\bWITH\s+\w+\s*\([\w\s,]+\)\s*AS\s*\("),
    Construct("WithList", "WITH RECURSIVE", r"\bWITH\s+RECURSIVE\b"),
    Construct("BinaryQueryOperator", "UNION", r"(?<!MULTISET\s)\bUNION\s+(SELECT|\()"),
    Construct("BinaryQueryOperator", "UNION ALL", r"\bUNION\s+ALL\b"),
    Construct("BinaryQueryOperator", "UNION DISTINCT", r"\bUNION\s+DISTINCT\b"),
    Construct("BinaryQueryOperator", "INTERSECT", r"(?<!MULTISET\s)\bINTERSECT\s+(SELECT|\()"),
    Construct("BinaryQueryOperator", "INTERSECT ALL", r"\bINTERSECT\s+ALL\b"),
    Construct("BinaryQueryOperator", "EXCEPT", r"(?<!MULTISET\s)\bEXCEPT\s+(SELECT|\()"),
    Construct("BinaryQueryOperator", "EXCEPT ALL", r"\bEXCEPT\s+ALL\b"),
    Construct("BinaryQueryOperator", "MINUS", r"\bMINUS\s+SELECT\b"),
    Construct("TableConstructor", "VALUES", r"\bVALUES\s*\("),
    Construct("ExplicitTable", "TABLE t as a query", r"\(\s*TABLE\s+\w+\s*\)|AS\s+TABLE\s+\w"),
    Construct("OrderBy", "ORDER BY", r"\bORDER\s+BY\b"),
    Construct("OrderBy", "NULLS FIRST / LAST", r"\bNULLS\s+(FIRST|LAST)\b"),
    Construct("OrderBy", "ORDER BY an ordinal", r"ORDER\s+BY\s+\d"),
    Construct("LimitClause", "LIMIT", r"\bLIMIT\s+\d"),
    Construct("OffsetClause", "OFFSET", r"\bOFFSET\s+\d"),
    Construct("FetchClause", "FETCH FIRST n ROWS ONLY", r"\bFETCH\s+(FIRST|NEXT)\b"),
    Construct("OrderByLimitOpt", "LIMIT start, count", r"\bLIMIT\s+\d+\s*,\s*\d"),
    Construct("Where", "WHERE", r"\bWHERE\b"),
    Construct("Having", "HAVING", r"\bHAVING\b"),
    Construct("Qualify", "QUALIFY", r"\bQUALIFY\b"),
    # -- FROM --------------------------------------------------------------------------------
    Construct("FromClause", "a comma join", r"FROM\s+\w+(\s+(AS\s+)?\w+)?\s*,\s*\w"),
    Construct("JoinType", "JOIN / INNER JOIN", r"\bINNER\s+JOIN\b"),
    Construct("JoinType", "LEFT [OUTER] JOIN", r"\bLEFT\s+(OUTER\s+)?JOIN\b"),
    Construct("JoinType", "RIGHT JOIN", r"\bRIGHT\s+(OUTER\s+)?JOIN\b"),
    Construct("JoinType", "FULL JOIN", r"\bFULL\s+(OUTER\s+)?JOIN\b"),
    Construct("JoinType", "CROSS JOIN", r"\bCROSS\s+JOIN\b"),
    Construct("JoinType", "CROSS APPLY / OUTER APPLY", r"\b(CROSS|OUTER)\s+APPLY\b"),
    Construct("Natural", "NATURAL JOIN", r"\bNATURAL\s+(\w+\s+)?JOIN\b"),
    Construct("JoinTable", "JOIN ... USING", r"\bUSING\s*\("),
    Construct("TableRef3", "a subquery in FROM", r"FROM\s*\(\s*SELECT\b"),
    Construct(
        "TableRef3",
        "an alias with a column list",
        r"(\)|FROM\s+\w+)\s+AS\s+\w+\s*\(\s*\w+(\s*,\s*\w+)*\s*\)",
    ),
    Construct("TableRef3", "LATERAL (subquery)", r"\bLATERAL\s*\(\s*SELECT\b"),
    Construct("TableRef3", "UNNEST", r"\bUNNEST\s*\("),
    Construct("TableRef3", "UNNEST WITH ORDINALITY", r"\bWITH\s+ORDINALITY\b"),
    Construct("TableFunctionCall", "LATERAL TABLE(f(...))", r"\bLATERAL\s+TABLE\s*\("),
    Construct(
        "TableFunctionCall",
        "a window TVF (TUMBLE, HOP, CUMULATE, SESSION)",
        r"TABLE\s*\(\s*(TUMBLE|HOP|CUMULATE|SESSION)\s*\(",
    ),
    Construct("TableFunctionCall", "DESCRIPTOR", r"\bDESCRIPTOR\s*\("),
    Construct(
        "TableFunctionCall",
        "MODEL m as an argument (ML_PREDICT, Flink's own)",
        r"\bML_PREDICT\s*\(.*\bMODEL\s+[\w.]+\s*,",
    ),
    Construct("TableParam", "TABLE t as an argument", r"\(\s*TABLE\s+\w+\s*[,)]|=>\s*TABLE\s"),
    Construct(
        "PartitionedByAndOrderBy",
        "TABLE t PARTITION BY as an argument",
        r"TABLE\s+\w+\s+PARTITION\s+BY\b",
    ),
    Construct("TableHints", "dynamic table options /*+ OPTIONS(...) */", r"/\*\+\s*OPTIONS\s*\("),
    Construct(
        "ExtendTable",
        "EXTEND a table's columns",
        r"\bEXTEND\b|FROM\s+\w+\s*\(\s*\w+\s+(INT|STRING|BIGINT)\b",
    ),
    Construct("Snapshot", "FOR SYSTEM_TIME AS OF", r"\bFOR\s+SYSTEM_TIME\s+AS\s+OF\b"),
    Construct("Over", "a table followed by OVER", r"FROM\s+\w+\s+OVER\s*\("),
    Construct("MatchRecognize", "MATCH_RECOGNIZE", r"\bMATCH_RECOGNIZE\s*\("),
    Construct("Pivot", "PIVOT", r"\bPIVOT\s*\("),
    Construct("Unpivot", "UNPIVOT", r"\bUNPIVOT\b"),
    Construct("Tablesample", "TABLESAMPLE", r"\bTABLESAMPLE\b"),
    # -- grouping and windows ----------------------------------------------------------------
    Construct("GroupBy", "GROUP BY", r"\bGROUP\s+BY\b"),
    Construct("GroupBy", "GROUP BY DISTINCT / ALL", r"\bGROUP\s+BY\s+(DISTINCT|ALL)\b"),
    Construct("GroupingElementList", "GROUPING SETS", r"\bGROUPING\s+SETS\b"),
    Construct("GroupingElementList", "ROLLUP", r"\bROLLUP\s*\("),
    Construct("GroupingElementList", "CUBE", r"\bCUBE\s*\("),
    Construct(
        "GroupingElementList",
        "the empty grouping ()",
        r"GROUPING\s+SETS\s*\(.*\(\s*\)|GROUP\s+BY\s*\(\s*\)",
    ),
    Construct(
        "GroupByWindowingCall",
        "group windows TUMBLE/HOP/SESSION in GROUP BY",
        r"GROUP\s+BY\s+(\w+\s*,\s*)*(TUMBLE|HOP|SESSION)\s*\(",
    ),
    Construct("Window", "WINDOW w AS (...)", r"\bWINDOW\s+\w+\s+AS\s*\("),
    Construct(
        "WindowSpecification",
        "OVER (PARTITION BY ... ORDER BY ...)",
        r"OVER\s*\(\s*PARTITION\s+BY\b",
    ),
    Construct("WindowSpecification", "OVER w (a named window)", r"\bOVER\s+\w+"),
    Construct(
        "WindowSpecification", "a window built on another", r"AS\s*\(\s*\w+\s+(ORDER|ROWS|RANGE)\b"
    ),
    Construct("WindowSpecification", "ALLOW / DISALLOW PARTIAL", r"\b(ALLOW|DISALLOW)\s+PARTIAL\b"),
    Construct(
        "WindowRange",
        "ROWS BETWEEN ... PRECEDING AND CURRENT ROW",
        r"\bROWS\s+BETWEEN\b.*\bCURRENT\s+ROW\b",
    ),
    Construct(
        "WindowRange", "RANGE BETWEEN INTERVAL ... PRECEDING", r"\bRANGE\s+BETWEEN\s+INTERVAL\b"
    ),
    Construct("WindowRange", "UNBOUNDED PRECEDING", r"\bUNBOUNDED\s+PRECEDING\b"),
    Construct("WindowRange", "FOLLOWING", r"\bFOLLOWING\b"),
    Construct("withinGroup", "WITHIN GROUP (ORDER BY ...)", r"\bWITHIN\s+GROUP\s*\("),
    Construct("withinDistinct", "WITHIN DISTINCT (...)", r"\bWITHIN\s+DISTINCT\s*\("),
    Construct("nullTreatment", "IGNORE / RESPECT NULLS", r"\b(IGNORE|RESPECT)\s+NULLS\b"),
    Construct("NamedFunctionCall", "FILTER (WHERE ...)", r"\bFILTER\s*\(\s*WHERE\b"),
    Construct("NamedFunctionCall", "an aggregate of DISTINCT values", r"\w\(\s*DISTINCT\s"),
    Construct("NamedFunctionCall", "COUNT(*)", r"COUNT\s*\(\s*\*\s*\)"),
    Construct("NamedFunctionCall", "a named argument f(a => x)", r"\w+\s*=>\s*"),
    Construct("NamedFunctionCall", "a catalog function by its path", r"\w+\.\w+\s*\(\s*\w"),
    # -- expressions ----------------------------------------------------------------------------
    Construct("CaseExpression", "CASE WHEN", r"\bCASE\s+WHEN\b"),
    Construct("CaseExpression", "CASE x WHEN", r"\bCASE\s+\w+\s+WHEN\b"),
    Construct("BuiltinFunctionCall", "CAST", r"\bCAST\s*\("),
    Construct("BuiltinFunctionCall", "TRY_CAST", r"\bTRY_CAST\s*\("),
    Construct("BuiltinFunctionCall", "SAFE_CAST", r"\bSAFE_CAST\s*\("),
    Construct("BuiltinFunctionCall", "CAST ... FORMAT", r"\bCAST\s*\([^)]*\bFORMAT\b"),
    Construct("BuiltinFunctionCall", "EXTRACT(unit FROM x)", r"\bEXTRACT\s*\(\s*\w+\s+FROM\b"),
    Construct(
        "BuiltinFunctionCall",
        "FLOOR / CEIL (x TO unit)",
        r"\b(FLOOR|CEIL)\s*\([^)]*\bTO\s+\w+\s*\)",
    ),
    Construct("BuiltinFunctionCall", "POSITION(a IN b)", r"\bPOSITION\s*\([^)]*\bIN\b"),
    Construct("BuiltinFunctionCall", "SUBSTRING(x FROM n FOR m)", r"\bSUBSTRING\s*\([^)]*\bFROM\b"),
    Construct(
        "BuiltinFunctionCall",
        "TRIM(BOTH | LEADING | TRAILING ...)",
        r"\bTRIM\s*\(\s*(BOTH|LEADING|TRAILING)\b",
    ),
    Construct(
        "BuiltinFunctionCall", "OVERLAY(x PLACING y FROM n)", r"\bOVERLAY\s*\([^)]*\bPLACING\b"
    ),
    Construct(
        "BuiltinFunctionCall",
        "CONVERT(x USING ...) / TRANSLATE(x USING ...)",
        r"\b(CONVERT|TRANSLATE)\s*\([^)]*\bUSING\b",
    ),
    Construct("TimestampAddFunctionCall", "TIMESTAMPADD", r"\bTIMESTAMPADD\s*\("),
    Construct("TimestampDiffFunctionCall", "TIMESTAMPDIFF", r"\bTIMESTAMPDIFF\s*\("),
    Construct(
        "DateTruncFunctionCall",
        "DATE_TRUNC and the BigQuery time functions",
        r"\b(DATE_TRUNC|TIMESTAMP_TRUNC|TIME_TRUNC|DATETIME_TRUNC|TIMESTAMP_DIFF|TIME_DIFF)\s*\(",
    ),
    Construct("JdbcFunctionCall", "{fn ...}", r"\{\s*fn\s"),
    Construct("ArrayConstructor", "ARRAY[...]", r"\bARRAY\s*\["),
    Construct("ArrayConstructor", "ARRAY(subquery)", r"\bARRAY\s*\(\s*SELECT\b"),
    Construct("MapConstructor", "MAP[...]", r"\bMAP\s*\["),
    Construct("MapConstructor", "MAP(subquery)", r"\bMAP\s*\(\s*SELECT\b"),
    Construct("MultisetConstructor", "MULTISET[...]", r"\bMULTISET\s*\["),
    Construct("MultisetConstructor", "MULTISET(subquery)", r"\bMULTISET\s*\(\s*SELECT\b"),
    Construct("RowConstructor", "ROW(...)", r"\bROW\s*\("),
    Construct("RowConstructor", "(a, b) as a row", r"\(\s*\w+\s*,\s*\w+\s*\)\s*(=|IN)\s*"),
    Construct("PeriodConstructor", "PERIOD (a, b)", r"\bPERIOD\s*\("),
    Construct(
        "periodOperator",
        "OVERLAPS, CONTAINS, PRECEDES, SUCCEEDS ...",
        r"\)\s*(OVERLAPS|CONTAINS|PRECEDES|SUCCEEDS|IMMEDIATELY)\b",
    ),
    Construct("CursorExpression", "CURSOR (subquery)", r"\bCURSOR\s*\("),
    Construct("NewSpecification", "NEW type(...)", r"\bNEW\s+\w+\s*\("),
    Construct(
        "ContextVariable", "CURRENT_TIMESTAMP and the other niladic names", r"\bCURRENT_TIMESTAMP\b"
    ),
    Construct(
        "ContextVariable", "CURRENT_USER, SESSION_USER, USER", r"\b(CURRENT_USER|SESSION_USER)\b"
    ),
    Construct(
        "DynamicParam",
        "? (a dynamic parameter)",
        None,
        "a parameter of a prepared statement: a view's stored query holds none, and the "
        "dashboard runs no prepared statements",
    ),
    Construct("CollateClause", "COLLATE", r"\bCOLLATE\b"),
    Construct("BinaryRowOperator", "IN (list) / NOT IN", r"\bNOT\s+IN\s*\("),
    Construct("BinaryRowOperator", "IN (subquery)", r"\bIN\s*\(\s*SELECT\b"),
    Construct(
        "BinaryRowOperator",
        "a quantified comparison (SOME / ANY / ALL)",
        r"(=|<|>|<>)\s*(SOME|ANY|ALL)\s*\(",
    ),
    Construct(
        "BinaryRowOperator", "BETWEEN SYMMETRIC / ASYMMETRIC", r"\bBETWEEN\s+(A?SYMMETRIC)\b"
    ),
    Construct("BinaryRowOperator", "LIKE ... ESCAPE", r"\bLIKE\b[^;]*\bESCAPE\b"),
    Construct("BinaryRowOperator", "SIMILAR TO", r"\bSIMILAR\s+TO\b"),
    Construct("BinaryRowOperator", "ILIKE / RLIKE", r"\b(ILIKE|RLIKE)\b"),
    Construct("BinaryRowOperator", "IS [NOT] DISTINCT FROM", r"\bIS\s+(NOT\s+)?DISTINCT\s+FROM\b"),
    Construct("BinaryRowOperator", "||", r"\|\|"),
    Construct(
        "BinaryMultisetOperator",
        "MULTISET UNION / EXCEPT / INTERSECT",
        r"\bMULTISET\s+(UNION|EXCEPT|INTERSECT)\b",
    ),
    Construct("BinaryRowOperator", "MEMBER OF / SUBMULTISET OF", r"\b(MEMBER|SUBMULTISET)\s+OF\b"),
    Construct("PrefixRowOperator", "EXISTS (subquery)", r"\bEXISTS\s*\(\s*SELECT\b"),
    Construct("PrefixRowOperator", "UNIQUE (subquery)", r"\bUNIQUE\s*\(\s*SELECT\b"),
    Construct("PrefixRowOperator", "unary minus and plus", r"[=(,]\s*[-+]\s*\w"),
    Construct(
        "PostfixRowOperator", "IS TRUE / FALSE / UNKNOWN", r"\bIS\s+(NOT\s+)?(TRUE|FALSE|UNKNOWN)\b"
    ),
    Construct("PostfixRowOperator", "IS [NOT] NULL", r"\bIS\s+(NOT\s+)?NULL\b"),
    Construct(
        "PostfixRowOperator", "IS JSON [VALUE | OBJECT | ARRAY | SCALAR]", r"\bIS\s+(NOT\s+)?JSON\b"
    ),
    Construct(
        "PostfixRowOperator",
        "an item a[1], m['k']",
        r"\b(?!(ARRAY|MAP|MULTISET)\b)\w+\s*\[\s*('|\d)",
    ),
    Construct(
        "PostfixRowOperator",
        "a field of a row (r).f, t.r.f",
        r"\)\s*\.\s*[A-Za-z]|\baddr\.(city|zip)\b",
    ),
    Construct("BuiltinFunctionCall", "a scalar subquery", r"[=(,]\s*\(\s*SELECT\b"),
    Construct("JsonExistsFunctionCall", "JSON_EXISTS", r"\bJSON_EXISTS\s*\("),
    Construct(
        "JsonValueFunctionCall",
        "JSON_VALUE ... RETURNING / ON EMPTY / ON ERROR",
        r"\bJSON_VALUE\s*\([^)]*\b(RETURNING|ON\s+EMPTY|ON\s+ERROR)\b",
    ),
    Construct(
        "JsonQueryFunctionCall", "JSON_QUERY ... WRAPPER", r"\bJSON_QUERY\s*\([^)]*\bWRAPPER\b"
    ),
    Construct("JsonObjectFunctionCall", "JSON_OBJECT (KEY ... VALUE ...)", r"\bJSON_OBJECT\s*\("),
    Construct(
        "JsonArrayFunctionCall", "JSON_ARRAY (... ABSENT / NULL ON NULL)", r"\bJSON_ARRAY\s*\("
    ),
    Construct("JsonObjectAggFunctionCall", "JSON_OBJECTAGG", r"\bJSON_OBJECTAGG\s*\("),
    Construct("JsonArrayAggFunctionCall", "JSON_ARRAYAGG", r"\bJSON_ARRAYAGG\s*\("),
    Construct(
        "StringAggFunctionCall",
        "STRING_AGG / GROUP_CONCAT / ARRAY_CONCAT_AGG",
        r"\b(STRING_AGG|GROUP_CONCAT|ARRAY_CONCAT_AGG)\s*\(",
    ),
    Construct(
        "PercentileFunctionCall",
        "PERCENTILE_CONT / PERCENTILE_DISC",
        r"\bPERCENTILE_(CONT|DISC)\s*\(",
    ),
    Construct(
        "MatchRecognizeFunctionCall",
        "CLASSIFIER, MATCH_NUMBER, PREV, NEXT, FIRST, LAST",
        r"\b(CLASSIFIER|MATCH_NUMBER)\s*\(\s*\)",
    ),
    # -- literals ---------------------------------------------------------------------------------
    Construct("IntervalLiteral", "INTERVAL '...' unit", r"\bINTERVAL\s+'[^']*'\s+\w"),
    Construct(
        "IntervalLiteral",
        "INTERVAL '...' unit TO unit",
        r"\bINTERVAL\s+'[^']*'\s+\w+(\(\d+\))?\s+TO\s+\w",
    ),
    Construct(
        "IntervalLiteral",
        "INTERVAL expression unit",
        r"\bINTERVAL\s+\w+\s+(DAY|HOUR|MINUTE|SECOND)\b",
    ),
    Construct("DateTimeLiteral", "DATE / TIME / TIMESTAMP '...'", r"\b(DATE|TIME|TIMESTAMP)\s+'"),
    Construct(
        "DateTimeLiteral",
        "TIMESTAMP WITH LOCAL TIME ZONE '...'",
        r"\bTIMESTAMP\s+WITH\s+LOCAL\s+TIME\s+ZONE\s+'",
    ),
    Construct(
        "DateTimeLiteral", "{d '...'}, {ts '...'} escapes", r"\{\s*(d|t|ts)\s+'", literal=True
    ),
    Construct("NumericLiteral", "exact, decimal and approximate numbers", r"\b\d+\.\d+E[-+]?\d"),
    Construct("StringLiteral", "X'...' binary strings", r"(?<!['\w])X'[0-9A-F]*'", literal=True),
    Construct("StringLiteral", "U&'...' Unicode strings", r"(?<!['\w])U&'", literal=True),
    Construct(
        "StringLiteral", "_charset'...' and N'...'", r"(?<!['\w])(_[A-Za-z0-9]+|N)'", literal=True
    ),
    Construct(
        "StringLiteral",
        "a string continued on the next line",
        r"'[^'\n]*'[ \t]*\n\s*'",
        literal=True,
    ),
    Construct("StringLiteral", "E'...' C-style escapes", r"(?<!['\w])E'", literal=True),
    Construct("SpecialLiteral", "TRUE, FALSE, UNKNOWN, NULL", r"\bUNKNOWN\b"),
)
