"""Parse one Flink SQL statement into a typed statement object (see ``statements``)."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp
from sqlglot.errors import ParseError as SqlglotParseError
from sqlglot.tokens import Token, TokenType

from . import literals, model_parser, read_parser
from . import statements as st
from .dialect import DIALECT
from .distribution import TableDistribution, bucket_count
from .errors import (
    BANG_EQUAL,
    FlinkSqlError,
    ParserActionError,
    PositionedParseError,
    SqlParseError,
    ValidationError,
)
from .keywords import refusal, refusal_message
from .like_clause import FEATURES as LIKE_FEATURES
from .like_clause import check_like_options
from .tokens import TokenStream, UnterminatedQuote
from .types import parse_type_from
from .views.computed import check_parses
from .views.query_syntax import CHECK_QUERY_END, parse_query, placed_parse_error
from .views.reserved import text_position

_UNSUPPORTED = {
    "SELECT": "SELECT",
    "WITH": "SELECT",
    "VALUES": "SELECT",
    "INSERT": "INSERT",
    "EXECUTE": "EXECUTE",
    "EXPLAIN": "EXPLAIN",
    "SET": "SET",
    "RESET": "RESET",
    "ADD": "ADD JAR",
    "REMOVE": "REMOVE JAR",
    "LOAD": "LOAD MODULE",
    "UNLOAD": "UNLOAD MODULE",
    "BEGIN": "BEGIN STATEMENT SET",
    "END": "END",
    "UPDATE": "UPDATE",
    "DELETE": "DELETE",
    "TRUNCATE": "TRUNCATE TABLE",
    "ANALYZE": "ANALYZE TABLE",
    "CALL": "CALL",
}


# The words after which Flink's grammar expects a row count (an unsigned integer).
def _expects_count(tokens: list[Token], index: int) -> bool:
    """Whether Flink's grammar reads a row count after ``tokens[index]``: LIMIT, OFFSET,
    FETCH FIRST, FETCH NEXT."""
    kind = tokens[index].token_type
    if kind in (TokenType.LIMIT, TokenType.OFFSET):
        return True
    fetch = index > 0 and tokens[index - 1].token_type == TokenType.FETCH
    return fetch and kind in (TokenType.FIRST, TokenType.NEXT)


def _is_count(keyword: Token, tok: Token) -> bool:
    """An unsigned numeric literal or a parameter (or ALL after LIMIT): a sign, an expression
    or a string there is a parse error in Flink ("Encountered ...")."""
    if tok.token_type in (TokenType.NUMBER, TokenType.PLACEHOLDER):
        return True
    return keyword.token_type == TokenType.LIMIT and tok.token_type == TokenType.ALL


def parse_statement(text: str) -> st.Statement:
    """Parse ``text`` (one statement, no trailing semicolon) or raise ``SqlParseError``."""
    try:
        stream = TokenStream(text)
    except UnterminatedQuote as unterminated:
        raise _first_error(text, unterminated) from None
    if stream.at_end():
        raise SqlParseError("Empty statement.")
    names = stream.names
    first = stream.peek()
    assert first is not None
    word = first.text.upper() if stream.is_word(first) else ""
    if word in _UNSUPPORTED:
        statement: st.Statement = st.UnsupportedStatement(_UNSUPPORTED[word])
    else:
        handler = _HANDLERS.get(word)
        if handler is None:
            raise stream.unexpected()
        stream = _one_statement(stream)
        parser = _Parser(stream)
        statement = handler(parser)
        stream.expect_end()
        if parser.problems:
            raise parser.problems[0]
    statement.text = text
    statement.names = names
    return statement


def _first_error(text: str, unterminated: UnterminatedQuote) -> SqlParseError:
    """The error of a statement with an unterminated quote, as Flink's parser meets it: it reads
    tokens as it goes, so grammar broken before the quote fails first, where it breaks."""
    closed = "''" if unterminated.quote == "'" else "`x`"
    # the quote's token, closed at once, apart from a quoted token it follows (of 'a''b the
    # lexer reads 'a' and an unterminated 'b: not the string of a quote 'a''')
    offset = unterminated.offset
    apart = " " if text[offset - 1 : offset] == unterminated.quote else ""
    head = text[:offset] + apart + closed
    in_query = False
    reading_head = CHECK_QUERY_END.set(False)  # the head's end is not the statement's
    try:
        statement = parse_statement(head)
        query = getattr(statement, "query", None)
        position = getattr(statement, "query_position", None)
        if isinstance(query, str) and position is not None:
            in_query = position <= unterminated.quote_position
            parse_query(query, position)
    except SqlParseError as earlier:
        if earlier.line is not None and (earlier.line, earlier.column) < (
            unterminated.quote_position
        ):
            return earlier
    except ParserActionError as earlier:  # made where the parser read it, before the quote
        return earlier
    except FlinkSqlError:
        pass
    finally:
        CHECK_QUERY_END.reset(reading_head)
    if in_query and unterminated.after_operator is not None:
        return unterminated.after_operator
    return unterminated


def _one_statement(stream: TokenStream) -> TokenStream:
    """The tokens of one statement: Flink reads a final ';', but no second statement (which
    a ';' anywhere else would start, after a table's expression or a view's query)."""
    tokens = stream.tokens
    if tokens[-1].token_type == TokenType.SEMICOLON:
        stream = TokenStream(stream.text[: tokens[-1].start])
    for index, tok in enumerate(stream.tokens):
        if tok.token_type == TokenType.SEMICOLON:
            stream.pos = index
            raise stream.unexpected()
    return stream


class _Parser:
    def __init__(self, stream: TokenStream) -> None:
        self.s = stream
        # Flink validates type names and parameters only once the statement has parsed.
        self.problems: list[FlinkSqlError] = []

    # -- shared pieces -------------------------------------------------------------------
    def name(self) -> str:
        return self.s.identifier()

    def path(self, max_parts: int = 3) -> tuple[str, ...]:
        first = self.s.peek()
        parts = self.s.compound_identifier()
        if len(parts) > max_parts:
            assert first is not None
            line, column = self.s.position(first)
            raise SqlParseError(
                f"Invalid identifier '{'.'.join(parts)}': expected at most {max_parts} parts",
                line,
                column,
            )
        return tuple(parts)

    def if_not_exists(self) -> bool:
        return self.s.accept_keyword("IF", "NOT", "EXISTS")

    def if_exists(self) -> bool:
        return self.s.accept_keyword("IF", "EXISTS")

    def properties(self) -> dict[str, str]:
        """``( 'k' = 'v', ... )``; a repeated key keeps its last value."""
        self.s.expect(TokenType.L_PAREN)
        result: dict[str, str] = {}
        if self.s.accept(TokenType.R_PAREN):
            return result
        while True:
            key = self.s.string()
            self.s.expect(TokenType.EQ)
            result[key] = self.s.string()
            if not self.s.accept(TokenType.COMMA):
                break
        self.s.expect(TokenType.R_PAREN)
        return result

    def key_list(self) -> list[str]:
        """``( 'k', ... )`` of RESET."""
        self.s.expect(TokenType.L_PAREN)
        keys: list[str] = []
        if self.s.accept(TokenType.R_PAREN):
            return keys
        keys.append(self.s.string())
        while self.s.accept(TokenType.COMMA):
            keys.append(self.s.string())
        self.s.expect(TokenType.R_PAREN)
        return keys

    def name_list(self) -> list[str]:
        self.s.expect(TokenType.L_PAREN)
        names = [self.name()]
        while self.s.accept(TokenType.COMMA):
            names.append(self.name())
        self.s.expect(TokenType.R_PAREN)
        return names

    def comment(self) -> str | None:
        if self.s.accept_keyword("COMMENT"):
            return self.s.string()
        return None

    def like_pattern(self, ilike: bool = True) -> st.LikePattern | None:
        negated = self.s.accept_keyword("NOT")
        if self.s.accept_keyword("LIKE"):
            return st.LikePattern(self.s.string(), negated, False)
        if ilike and self.s.accept_keyword("ILIKE"):
            return st.LikePattern(self.s.string(), negated, True)
        if negated:
            raise self.s.unexpected()
        return None

    def source_position(self) -> st.SourcePosition | None:
        tok = self.s.peek()
        if tok is None:
            return None
        line, column = self.s.position(tok)
        return st.SourcePosition(line, column)

    def expression(self, stop_words: tuple[str, ...] = ()) -> exp.Expression:
        """An expression up to a top-level ',' or ')' (or one of ``stop_words``)."""
        start = self.s.pos
        depth = 0  # brackets open, and CASEs (whose WHEN may list values: WHEN 1, 2 THEN)
        while not self.s.at_end():
            tok = self.s.peek()
            assert tok is not None
            if tok.token_type in (TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.CASE):
                depth += 1
            elif tok.token_type == TokenType.R_BRACKET or (
                tok.token_type == TokenType.END and depth > 0
            ):
                depth -= 1
            elif tok.token_type == TokenType.R_PAREN:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and (
                tok.token_type == TokenType.COMMA or any(self.s.is_word(tok, w) for w in stop_words)
            ):
                break
            self.s.pos += 1
        if self.s.pos == start or depth > 0:  # nothing, or a bracket the statement never closes
            raise self.s.unexpected()
        self._check_reserved_fields(start, self.s.pos)
        if any(token.text == "!=" for token in self.s.tokens[start : self.s.pos]):
            # Flink's parser refuses it in any expression, as in a view's query
            raise ValidationError(BANG_EQUAL)
        first, last = self.s.tokens[start], self.s.tokens[self.s.pos - 1]
        return parse_expression(self.s.text[first.start : last.end + 1], self.s, first)

    def _check_reserved_fields(self, start: int, end: int) -> None:
        """Flink's parse error for a reserved word unquoted after a dot (``r.value``) among
        tokens ``start`` to ``end`` of an expression, as its recorded answers word it."""
        tokens = self.s.tokens
        for index in range(start + 1, end):
            tok = tokens[index]
            if tokens[index - 1].token_type != TokenType.DOT or not self.s.is_word(tok):
                continue
            shape = refusal("qualified", tok.text)
            if shape is None:
                continue
            shown = tokens[index + shape.start : index + shape.start + shape.tokens]
            images = [self.s.text[t.start : t.end + 1] for t in shown]
            line, column = self.s.position(shown[0])
            raise SqlParseError(refusal_message(images), line, column)

    # -- CREATE --------------------------------------------------------------------------
    def create(self) -> st.Statement:
        self.s.expect_keyword("CREATE")
        if self.s.accept_keyword("CATALOG"):
            return self.create_catalog()
        if self.s.at_keyword("MATERIALIZED") or self.s.at_keyword("OR", "REPLACE", "MATERIALIZED"):
            return self.refused_rest("CREATE MATERIALIZED TABLE")
        if self.s.accept_keyword("DATABASE"):
            return self.create_database()
        or_replace = self.s.accept_keyword("OR", "REPLACE")
        temporary = self.s.accept_keyword("TEMPORARY")
        if self.s.accept_keyword("VIEW"):
            return self.create_view(or_replace, temporary)
        if self.s.accept_keyword("MODEL"):
            # Flink's grammar reads OR REPLACE here and then creates as without it
            return model_parser.create_model(self, temporary)
        if or_replace:
            raise self.s.unexpected()
        system = temporary and self.s.accept_keyword("SYSTEM")
        if not system and self.s.accept_keyword("TABLE"):
            return self.create_table(temporary)
        if self.s.accept_keyword("FUNCTION"):
            return self.create_function(temporary, system)
        raise self.s.unexpected()

    def refused_rest(self, keyword: str) -> st.UnsupportedStatement:
        """The rest of a statement the dashboard does not run, read without checking it."""
        while not self.s.at_end():
            self.s.advance()
        return st.UnsupportedStatement(keyword)

    def create_catalog(self) -> st.CreateCatalog:
        if_not_exists = self.if_not_exists()
        name = self.name()
        comment = self.comment()
        options = self.properties() if self.s.accept_keyword("WITH") else {}
        return st.CreateCatalog(name, options, comment, if_not_exists)

    def create_database(self) -> st.CreateDatabase:
        if_not_exists = self.if_not_exists()
        path = self.path(2)
        comment = self.comment()
        properties = self.properties() if self.s.accept_keyword("WITH") else {}
        return st.CreateDatabase(path, comment, properties, if_not_exists)

    def create_table(self, temporary: bool) -> st.Statement:
        if_not_exists = self.if_not_exists()
        path = self.path()
        change = st.SchemaChange()
        if self.s.at_type(TokenType.L_PAREN):
            self.s.advance()
            self.table_elements(change, allow_positions=False)
            self.s.expect(TokenType.R_PAREN)
        comment = self.comment()
        distribution = self.distribution() if self.s.accept_keyword("DISTRIBUTED") else None
        partition_keys: list[str] = []
        if self.s.accept_keyword("PARTITIONED", "BY"):
            partition_keys = self.name_list()
        options = self.properties() if self.s.accept_keyword("WITH") else {}
        like = self.like_clause() if self.s.accept_keyword("LIKE") else None
        if self.s.at_keyword("AS"):
            while not self.s.at_end():
                self.s.advance()
            return st.UnsupportedStatement("CREATE TABLE AS SELECT")
        columns = [spec for spec, _ in change.columns]
        return st.CreateTable(
            path,
            columns,
            change.watermark,
            change.primary_key,
            comment,
            partition_keys,
            options,
            like,
            if_not_exists,
            temporary,
            distribution,
        )

    def distribution(self) -> TableDistribution:
        """What follows ``DISTRIBUTED`` (or ``DISTRIBUTION`` in ALTER TABLE): ``BY [HASH |
        RANGE] (keys) [INTO n BUCKETS]`` or ``INTO n BUCKETS``."""
        if self.s.accept_keyword("INTO"):
            return TableDistribution(bucket_count=self.bucket_count())
        self.s.expect_keyword("BY")
        kind = next((k for k in ("HASH", "RANGE") if self.s.accept_keyword(k)), "UNKNOWN")
        keys = tuple(self.name_list())
        count = self.bucket_count() if self.s.accept_keyword("INTO") else None
        return TableDistribution(kind, keys, count)

    def bucket_count(self) -> int:
        """``n BUCKETS``: an unsigned number or ``DECIMAL '...'``, refused at once (before the
        rest of the statement is read, as Flink's parser does) when it is not an integer."""
        if self.s.accept_keyword("DECIMAL"):
            number = literals.read_decimal_string(self.s.string())
        else:
            number = literals.read_number(self.s.expect(TokenType.NUMBER).text)
        count = bucket_count(number)
        self.s.expect_keyword("BUCKETS")
        return count

    def like_clause(self) -> st.LikeClause:
        position = self.source_position()
        clause = st.LikeClause(self.path(), position=position)
        if self.s.accept(TokenType.L_PAREN):
            while not self.s.accept(TokenType.R_PAREN):
                kind_word = self.s.advance().text.upper()
                try:
                    kind = st.LikeOptionKind(kind_word)
                except ValueError:
                    self.s.pos -= 1
                    raise self.s.unexpected() from None
                feature_tok = self.s.peek()
                feature = self.s.advance().text.upper()
                if feature not in LIKE_FEATURES or feature_tok.token_type == TokenType.STRING:
                    self.s.pos -= 1
                    raise self.s.unexpected()
                clause.options.append((kind, feature))
        check_like_options(clause)
        return clause

    def table_elements(self, change: st.SchemaChange, allow_positions: bool) -> None:
        while True:
            self.table_element(change, allow_positions)
            if not self.s.accept(TokenType.COMMA):
                return

    def table_element(self, change: st.SchemaChange, allow_positions: bool) -> None:
        if self.s.at_keyword("WATERMARK") and not self.s.at_keyword("WATERMARK", "FOR"):
            first, second = self.s.peek(), self.s.peek(1)
            if first is not None and second is not None:
                line, column = self.s.position(first)
                shown = f"{self.s.image(first)} {self.s.image(second)}"
                raise SqlParseError(f'Encountered "{shown}"', line, column)
        if self.s.accept_keyword("WATERMARK"):
            self.s.expect_keyword("FOR")
            if change.watermark is not None:
                raise ValidationError("Multiple WATERMARK declarations are not supported yet.")
            position = self.source_position()
            column = ".".join(self.s.compound_identifier())
            self.s.expect_keyword("AS")
            change.watermark = st.WatermarkSpec(column, self.expression(), position)
            return
        constraint_name = None
        if self.s.accept_keyword("CONSTRAINT"):
            constraint_name = self.name()
            if not self.s.at_keyword("PRIMARY") and not self.s.at_keyword("UNIQUE"):
                raise self.s.unexpected()
        if self.s.accept_keyword("UNIQUE"):
            self.name_list()
            self.not_enforced()
            raise ValidationError("UNIQUE constraint is not supported yet")
        if self.s.accept_keyword("PRIMARY", "KEY"):
            self.s.expect(TokenType.L_PAREN)
            columns, positions = [], []
            while True:
                positions.append(self.source_position())
                columns.append(self.name())
                if not self.s.accept(TokenType.COMMA):
                    break
            self.s.expect(TokenType.R_PAREN)
            self.not_enforced()
            if change.primary_key is not None:
                raise ValidationError("Duplicate primary key definition")
            change.primary_key = st.PrimaryKeySpec(columns, constraint_name, None, positions)
            return
        spec = self.column()
        placement = st.ColumnPosition()
        if allow_positions:
            if self.s.accept_keyword("FIRST"):
                placement = st.ColumnPosition(first=True)
            elif self.s.accept_keyword("AFTER"):
                placement = st.ColumnPosition(after=self.name())
        change.columns.append((spec, placement))
        if spec.primary_key:
            if change.primary_key is not None:
                raise ValidationError("Duplicate primary key definition")
            change.primary_key = st.PrimaryKeySpec(
                [spec.name], spec.constraint_name, None, [spec.position]
            )

    def not_enforced(self) -> None:
        if not self.s.accept_keyword("NOT", "ENFORCED"):
            raise ValidationError(
                "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT "
                "ENFORCED controls if the constraint checks are performed on the incoming/outgoing "
                "data. Flink does not own the data therefore the only supported mode is the NOT "
                "ENFORCED mode"
            )

    def column(self) -> st.ColumnSpec:
        position = self.source_position()
        name = self.name()
        if self.s.accept_keyword("AS"):
            expression = self.expression(stop_words=("COMMENT", "FIRST", "AFTER"))
            comment = self.comment()
            return st.ColumnSpec(
                name, st.ColumnKind.COMPUTED, None, expression, comment=comment, position=position
            )
        data_type = parse_type_from(self.s, problems=self.problems)
        kind = st.ColumnKind.PHYSICAL
        metadata_key = None
        virtual = False
        if self.s.accept_keyword("METADATA"):
            kind = st.ColumnKind.METADATA
            if self.s.accept_keyword("FROM"):
                metadata_key = self.s.string()
            virtual = self.s.accept_keyword("VIRTUAL")
        primary_key = False
        constraint_name = None
        if self.s.accept_keyword("CONSTRAINT"):
            constraint_name = self.name()
            if not self.s.at_keyword("PRIMARY"):
                raise self.s.unexpected()
        if self.s.accept_keyword("PRIMARY", "KEY"):
            self.not_enforced()
            primary_key = True
        comment = self.comment()
        return st.ColumnSpec(
            name,
            kind,
            data_type,
            None,
            metadata_key,
            virtual,
            comment,
            primary_key,
            constraint_name,
            position,
        )

    def create_view(self, or_replace: bool, temporary: bool) -> st.CreateView:
        if_not_exists = self.if_not_exists()
        path = self.path()
        column_names = None
        if self.s.at_type(TokenType.L_PAREN):
            column_names = self.name_list()
        comment = self.comment()
        self.s.expect_keyword("AS")
        position, query = self.query()
        return st.CreateView(
            path, query, column_names, comment, if_not_exists, or_replace, temporary, position
        )

    def query(self) -> tuple[tuple[int, int], str]:
        """Where a view's query starts (line and column), and its text as written: the rest of
        the statement, with the comments before its first word and after its last one, and
        line ends as LF whatever the client sent (a browser's form sends CRLF)."""
        first = self.s.peek()
        if first is None:
            raise self.s.error_at_end()
        text = self.s.text
        start = first.start
        after_as = self.s.tokens[self.s.pos - 1].end + 1
        before = text[after_as : first.start]
        if "--" in before or "/*" in before:
            start = after_as + len(before) - len(before.lstrip())
        tokens = self.s.tokens[self.s.pos :]
        for index, tok in enumerate(tokens[:-1]):
            if _expects_count(tokens, index) and not _is_count(tok, tokens[index + 1]):
                self.s.pos += index + 1
                raise self.s.unexpected()
        last = self.s.tokens[-1]
        self.s.pos = len(self.s.tokens)
        end = last.end + 1
        if text[end:].lstrip().startswith(("--", "/*")):
            end += len(text[end:].rstrip())
        return self.s.offset_position(start), text[start:end].replace("\r\n", "\n")

    def create_function(self, temporary: bool, system: bool) -> st.CreateFunction:
        if_not_exists = self.if_not_exists()
        path = self.path(1 if system else 3)
        self.s.expect_keyword("AS")
        class_name = self.s.string()
        language, jars = self.function_language_and_jars()
        return st.CreateFunction(path, class_name, language, jars, if_not_exists, temporary, system)

    def function_language_and_jars(self) -> tuple[str, list[str]]:
        language = "JAVA"
        if self.s.accept_keyword("LANGUAGE"):
            tok = self.s.advance()
            language = tok.text.upper()
            if tok.token_type == TokenType.STRING or not self.s.is_word(tok):
                self.s.pos -= 1
                raise self.s.unexpected()
            if language not in ("JAVA", "SCALA", "PYTHON"):
                raise ValidationError(
                    f"No enum constant org.apache.flink.table.catalog.FunctionLanguage.{language}"
                )
        jars: list[str] = []
        if self.s.accept_keyword("USING"):
            while True:
                self.s.expect_keyword("JAR")
                jars.append(self.s.string())
                if not self.s.accept(TokenType.COMMA):
                    break
        return language, jars

    # -- ALTER ---------------------------------------------------------------------------
    def alter(self) -> st.Statement:
        self.s.expect_keyword("ALTER")
        if self.s.accept_keyword("CATALOG"):
            name = self.name()
            if self.s.accept_keyword("SET"):
                return st.AlterCatalogSet(name, self.properties())
            if self.s.accept_keyword("RESET"):
                return st.AlterCatalogReset(name, self.key_list())
            if self.s.accept_keyword("COMMENT"):
                return st.AlterCatalogComment(name, self.s.string())
            raise self.s.unexpected()
        if self.s.accept_keyword("DATABASE"):
            path = self.path(2)
            self.s.expect_keyword("SET")
            return st.AlterDatabase(path, self.properties())
        if self.s.accept_keyword("TABLE"):
            return self.alter_table()
        if self.s.accept_keyword("VIEW"):
            path = self.path()
            if self.s.accept_keyword("RENAME"):
                self.s.expect_keyword("TO")
                return st.AlterViewRename(path, self.path())
            self.s.expect_keyword("AS")
            position, query = self.query()
            return st.AlterViewAs(path, query, position)
        if self.s.accept_keyword("MODEL"):
            return model_parser.alter_model(self)
        if self.s.at_keyword("MATERIALIZED"):
            return self.refused_rest("ALTER MATERIALIZED TABLE")
        if self.s.accept_keyword("FUNCTION"):
            if_exists = self.if_exists()
            path = self.path()
            self.s.expect_keyword("AS")
            class_name = self.s.string()
            language, jars = self.function_language_and_jars()
            return st.AlterFunction(path, class_name, language, jars, if_exists)
        raise self.s.unexpected()

    def alter_table(self) -> st.Statement:
        if_exists = self.if_exists()
        path = self.path()
        for change in st.DistributionChange:
            if self.s.at_keyword(change.value, "DISTRIBUTION"):
                self.s.pos += 2
                if change == st.DistributionChange.DROP:
                    return st.AlterTableDistribution(path, change, None, if_exists)
                return st.AlterTableDistribution(path, change, self.distribution(), if_exists)
        if self.s.accept_keyword("ADD"):
            return st.AlterTableAdd(path, self.schema_change(), if_exists)
        if self.s.accept_keyword("MODIFY"):
            return st.AlterTableModify(path, self.schema_change(), if_exists)
        if self.s.accept_keyword("DROP"):
            if self.s.accept_keyword("PRIMARY", "KEY"):
                return st.AlterTableDropPrimaryKey(path, if_exists)
            if self.s.accept_keyword("CONSTRAINT"):
                return st.AlterTableDropConstraint(path, self.name(), if_exists)
            if self.s.accept_keyword("WATERMARK"):
                return st.AlterTableDropWatermark(path, if_exists)
            if self.s.at_type(TokenType.L_PAREN):
                return st.AlterTableDropColumns(path, self.name_list(), if_exists)
            return st.AlterTableDropColumns(path, [self.name()], if_exists)
        if self.s.accept_keyword("RENAME"):
            if self.s.accept_keyword("TO"):
                return st.AlterTableRename(path, self.path(), if_exists)
            old = self.name()
            self.s.expect_keyword("TO")
            return st.AlterTableRenameColumn(path, old, self.name(), if_exists)
        if self.s.accept_keyword("SET"):
            return st.AlterTableSet(path, self.properties(), if_exists)
        if self.s.accept_keyword("RESET"):
            return st.AlterTableReset(path, self.key_list(), if_exists)
        raise self.s.unexpected()

    def schema_change(self) -> st.SchemaChange:
        change = st.SchemaChange()
        if self.s.accept(TokenType.L_PAREN):
            self.table_elements(change, allow_positions=True)
            self.s.expect(TokenType.R_PAREN)
        else:
            self.table_element(change, allow_positions=True)
        return change

    # -- DROP ----------------------------------------------------------------------------
    def drop(self) -> st.Statement:
        self.s.expect_keyword("DROP")
        if self.s.accept_keyword("CATALOG"):
            if_exists = self.if_exists()
            return st.DropCatalog(self.name(), if_exists)
        if self.s.accept_keyword("DATABASE"):
            if_exists = self.if_exists()
            path = self.path(2)
            cascade = False
            if self.s.accept_keyword("CASCADE"):
                cascade = True
            else:
                self.s.accept_keyword("RESTRICT")
            return st.DropDatabase(path, if_exists, cascade)
        if self.s.at_keyword("MATERIALIZED"):
            return self.refused_rest("DROP MATERIALIZED TABLE")
        temporary = self.s.accept_keyword("TEMPORARY")
        system = temporary and self.s.accept_keyword("SYSTEM")
        if not system and self.s.accept_keyword("TABLE"):
            if_exists = self.if_exists()
            return st.DropTable(self.path(), if_exists, temporary)
        if not system and self.s.accept_keyword("VIEW"):
            if_exists = self.if_exists()
            return st.DropView(self.path(), if_exists, temporary)
        if not system and self.s.accept_keyword("MODEL"):
            return model_parser.drop_model(self, temporary)
        if self.s.accept_keyword("FUNCTION"):
            if_exists = self.if_exists()
            return st.DropFunction(self.path(1 if system else 3), if_exists, temporary, system)
        raise self.s.unexpected()

    # -- SHOW / USE / DESCRIBE -----------------------------------------------------------
    def show(self) -> st.Statement:
        self.s.expect_keyword("SHOW")
        if self.s.accept_keyword("CATALOGS"):
            return st.ShowCatalogs(self.like_pattern())
        if self.s.accept_keyword("CURRENT", "CATALOG"):
            return st.ShowCurrentCatalog()
        if self.s.accept_keyword("CURRENT", "DATABASE"):
            return st.ShowCurrentDatabase()
        if self.s.accept_keyword("DATABASES"):
            catalog = None
            if self.s.accept_keyword("FROM") or self.s.accept_keyword("IN"):
                parts = self.s.compound_identifier()
                if len(parts) > 1:  # Flink checks the name once the statement has parsed
                    self.problems.append(
                        ValidationError(
                            f"Show databases from/in identifier [ {'.'.join(parts)} ] format "
                            "error, catalog must be a single part identifier."
                        )
                    )
                catalog = parts[0]
            return st.ShowDatabases(catalog, self.like_pattern())
        if self.s.accept_keyword("TABLES"):
            database = None
            if self.s.accept_keyword("FROM") or self.s.accept_keyword("IN"):
                database = self.path(2)
            return st.ShowTables(database, self.like_pattern(ilike=False))
        if self.s.accept_keyword("COLUMNS"):
            if not (self.s.accept_keyword("FROM") or self.s.accept_keyword("IN")):
                raise self.s.unexpected()
            return st.ShowColumns(self.path(), self.like_pattern(ilike=False))
        if self.s.accept_keyword("VIEWS"):
            database = None
            if self.s.accept_keyword("FROM") or self.s.accept_keyword("IN"):
                database = self.path(2)
            return st.ShowViews(database, self.like_pattern(ilike=False))
        if self.s.accept_keyword("CREATE"):
            if self.s.accept_keyword("VIEW"):
                return st.ShowCreateView(self.path())
            if self.s.accept_keyword("TABLE"):
                return st.ShowCreateTable(self.path())
            if self.s.accept_keyword("CATALOG"):
                return st.ShowCreateCatalog(self.name())
            if self.s.accept_keyword("MODEL"):
                return st.ShowCreateModel(self.path())
            if self.s.at_keyword("MATERIALIZED"):
                return self.refused_rest("SHOW CREATE MATERIALIZED TABLE")
            if self.s.at_keyword("CONNECTION"):
                return self.refused_rest("SHOW CREATE CONNECTION")
            raise self.s.unexpected()
        if self.s.accept_keyword("MODELS"):
            return model_parser.show_models(self)
        more = read_parser.show_more(self)
        if more is not None:
            return more
        unsupported = _UNSUPPORTED_SHOW.get(self.s.peek().text.upper() if self.s.peek() else "")
        if unsupported is not None and self.s.is_word(self.s.peek()):
            while not self.s.at_end():
                self.s.advance()
            return st.UnsupportedStatement(unsupported)
        user = self.s.accept_keyword("USER")
        if self.s.accept_keyword("FUNCTIONS"):
            database = None
            if self.s.accept_keyword("FROM") or self.s.accept_keyword("IN"):
                database = self.path(2)
            if user:
                return st.ShowUserFunctions(database, self.like_pattern())
            return st.ShowFunctions(database, self.like_pattern())
        raise self.s.unexpected()

    def use(self) -> st.Statement:
        self.s.expect_keyword("USE")
        if self.s.accept_keyword("CATALOG"):
            return st.UseCatalog(self.name())
        following = self.s.peek(1)
        if self.s.at_keyword("MODULES") and following is not None and self.s.is_word(following):
            while not self.s.at_end():  # USE MODULES a, b: a session setting, as LOAD MODULE
                self.s.advance()
            return st.UnsupportedStatement("USE MODULES")
        return st.UseDatabase(self.path(2))

    def describe(self) -> st.Statement:
        self.s.advance()  # DESCRIBE or DESC
        if self.s.accept_keyword("MODEL"):
            return model_parser.describe_model(self)
        if self.s.accept_keyword("FUNCTION"):
            extended = self.s.accept_keyword("EXTENDED")
            return st.DescribeFunction(self.path(3), extended)
        for word in ("DATABASE", "JOB"):
            if self.s.at_keyword(word):
                while not self.s.at_end():
                    self.s.advance()
                return st.UnsupportedStatement(f"DESCRIBE {word}")
        if self.s.accept_keyword("CATALOG"):
            extended = self.s.accept_keyword("EXTENDED")
            return st.DescribeCatalog(self.name(), extended)
        extended = self.s.accept_keyword("EXTENDED")
        return st.DescribeTable(self.path(), extended)


def parse_expression(text: str, stream: TokenStream | None = None, first=None) -> exp.Expression:
    """Parse a scalar expression (a computed column's or a watermark's) with the Flink dialect.
    One written in a statement (``stream``, from its token ``first``) is also read as Flink's
    parser reads it, a select item, so that its refusals (``a IN ()``, a reserved word) come
    as parse errors placed in the statement, before any column is validated."""
    at = stream.position(first) if stream is not None and first is not None else (1, 1)
    try:
        # an expression, no alias: Flink's parser refuses the word after it (`'a' b`, `a AS b`)
        parsed = DIALECT.parse_into(exp.Condition, text)[0]
        if parsed is None:
            raise SqlParseError("Empty expression.")
    except SqlglotParseError as exc:
        raise placed_parse_error(exc, text, at) from None
    except PositionedParseError as exc:
        raise exc.placed(*text_position(text, exc.offset, at)) from None
    if stream is not None:
        check_parses(text, at)
    parsed.meta["source"] = text  # what Flink's parser reads again, as a view's select item
    return parsed


# SHOW statements about the session, the cluster or objects the dashboard does not manage.
_UNSUPPORTED_SHOW = {
    "JOBS": "SHOW JOBS",
    "CONNECTIONS": "SHOW CONNECTIONS",
}

_HANDLERS: dict[str, Callable[[_Parser], st.Statement]] = {
    "CREATE": _Parser.create,
    "ALTER": _Parser.alter,
    "DROP": _Parser.drop,
    "SHOW": _Parser.show,
    "USE": _Parser.use,
    "DESCRIBE": _Parser.describe,
    "DESC": _Parser.describe,
}
