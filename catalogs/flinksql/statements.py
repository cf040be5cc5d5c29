"""Typed statement objects produced by the parser. Names are as written (unresolved)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from sqlglot import exp

from .distribution import TableDistribution
from .types import DataType

Path = tuple[str, ...]  # one to three name parts: [[catalog.]database.]object


@dataclass(frozen=True)
class LikePattern:
    pattern: str
    negated: bool = False
    case_insensitive: bool = False


@dataclass
class Statement:
    text: str = field(default="", kw_only=True)
    # the names written in ``text`` (tokens.names_in), kept by the parser that read them
    names: tuple[str, ...] | None = field(default=None, kw_only=True, repr=False, compare=False)


# -- catalogs ----------------------------------------------------------------------------
@dataclass
class CreateCatalog(Statement):
    name: str
    options: dict[str, str]
    comment: str | None = None
    if_not_exists: bool = False


@dataclass
class AlterCatalogSet(Statement):
    name: str
    options: dict[str, str]


@dataclass
class AlterCatalogReset(Statement):
    name: str
    keys: list[str]


@dataclass
class AlterCatalogComment(Statement):
    name: str
    comment: str


@dataclass
class DropCatalog(Statement):
    name: str
    if_exists: bool = False


@dataclass
class ShowCatalogs(Statement):
    like: LikePattern | None = None


@dataclass
class ShowCurrentCatalog(Statement):
    pass


@dataclass
class UseCatalog(Statement):
    name: str


@dataclass
class ShowCreateCatalog(Statement):
    name: str


@dataclass
class DescribeCatalog(Statement):
    name: str
    extended: bool = False


# -- databases ---------------------------------------------------------------------------
@dataclass
class CreateDatabase(Statement):
    path: Path
    comment: str | None = None
    properties: dict[str, str] = field(default_factory=dict)
    if_not_exists: bool = False


@dataclass
class AlterDatabase(Statement):
    path: Path
    properties: dict[str, str]


@dataclass
class DropDatabase(Statement):
    path: Path
    if_exists: bool = False
    cascade: bool = False


@dataclass
class ShowDatabases(Statement):
    catalog: str | None = None
    like: LikePattern | None = None


@dataclass
class ShowCurrentDatabase(Statement):
    pass


@dataclass
class UseDatabase(Statement):
    path: Path


# -- tables ------------------------------------------------------------------------------
class ColumnKind(Enum):
    PHYSICAL = "physical"
    COMPUTED = "computed"
    METADATA = "metadata"


@dataclass
class SourcePosition:
    line: int
    column: int


@dataclass
class ColumnSpec:
    """A column as written in CREATE TABLE or ALTER TABLE."""

    name: str
    kind: ColumnKind
    data_type: DataType | None = None  # None for computed columns (derived)
    expression: exp.Expression | None = None
    metadata_key: str | None = None
    virtual: bool = False
    comment: str | None = None
    primary_key: bool = False  # inline [CONSTRAINT name] PRIMARY KEY NOT ENFORCED
    constraint_name: str | None = None
    position: SourcePosition | None = None


@dataclass
class WatermarkSpec:
    column: str
    expression: exp.Expression
    position: SourcePosition | None = None


@dataclass
class PrimaryKeySpec:
    columns: list[str]
    name: str | None = None
    position: SourcePosition | None = None
    column_positions: list[SourcePosition | None] = field(default_factory=list)


class LikeOptionKind(Enum):
    INCLUDING = "INCLUDING"
    EXCLUDING = "EXCLUDING"
    OVERWRITING = "OVERWRITING"


@dataclass
class LikeClause:
    source: Path
    # feature (ALL, CONSTRAINTS, PARTITIONS, GENERATED, OPTIONS, WATERMARKS, METADATA) -> kind
    options: list[tuple[LikeOptionKind, str]] = field(default_factory=list)
    position: SourcePosition | None = None


@dataclass
class CreateTable(Statement):
    path: Path
    columns: list[ColumnSpec]
    watermark: WatermarkSpec | None = None
    primary_key: PrimaryKeySpec | None = None
    comment: str | None = None
    partition_keys: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    like: LikeClause | None = None
    if_not_exists: bool = False
    temporary: bool = False
    distribution: TableDistribution | None = None


@dataclass
class ColumnPosition:
    """FIRST, or AFTER a column; None means at the end."""

    first: bool = False
    after: str | None = None


@dataclass
class SchemaChange:
    """ADD or MODIFY: columns (each with a position), a primary key, a watermark."""

    columns: list[tuple[ColumnSpec, ColumnPosition]] = field(default_factory=list)
    primary_key: PrimaryKeySpec | None = None
    watermark: WatermarkSpec | None = None


@dataclass
class AlterTableAdd(Statement):
    path: Path
    change: SchemaChange
    if_exists: bool = False


@dataclass
class AlterTableModify(Statement):
    path: Path
    change: SchemaChange
    if_exists: bool = False


@dataclass
class AlterTableDropColumns(Statement):
    path: Path
    columns: list[str]
    if_exists: bool = False


class DistributionChange(Enum):
    ADD = "ADD"
    MODIFY = "MODIFY"
    DROP = "DROP"


@dataclass
class AlterTableDistribution(Statement):
    """``ALTER TABLE t ADD DISTRIBUTION ...``, ``MODIFY DISTRIBUTION ...``, ``DROP
    DISTRIBUTION``; ``distribution`` is None for DROP."""

    path: Path
    change: DistributionChange
    distribution: TableDistribution | None = None
    if_exists: bool = False


@dataclass
class AlterTableDropPrimaryKey(Statement):
    path: Path
    if_exists: bool = False


@dataclass
class AlterTableDropConstraint(Statement):
    path: Path
    constraint: str
    if_exists: bool = False


@dataclass
class AlterTableDropWatermark(Statement):
    path: Path
    if_exists: bool = False


@dataclass
class AlterTableRenameColumn(Statement):
    path: Path
    old_name: str
    new_name: str
    if_exists: bool = False


@dataclass
class AlterTableRename(Statement):
    path: Path
    new_path: Path
    if_exists: bool = False


@dataclass
class AlterTableSet(Statement):
    path: Path
    options: dict[str, str]
    if_exists: bool = False


@dataclass
class AlterTableReset(Statement):
    path: Path
    keys: list[str]
    if_exists: bool = False


@dataclass
class DropTable(Statement):
    path: Path
    if_exists: bool = False
    temporary: bool = False


@dataclass
class ShowTables(Statement):
    database: Path | None = None
    like: LikePattern | None = None


@dataclass
class ShowColumns(Statement):
    path: Path
    like: LikePattern | None = None


@dataclass
class ShowCreateTable(Statement):
    path: Path


@dataclass
class DescribeTable(Statement):
    path: Path
    extended: bool = False


# -- views -------------------------------------------------------------------------------
@dataclass
class CreateView(Statement):
    path: Path
    query: str  # the query as written
    column_names: list[str] | None = None
    comment: str | None = None
    if_not_exists: bool = False
    or_replace: bool = False
    temporary: bool = False
    query_position: tuple[int, int] = (1, 1)  # line and column where the query starts


@dataclass
class AlterViewAs(Statement):
    path: Path
    query: str
    query_position: tuple[int, int] = (1, 1)


@dataclass
class AlterViewRename(Statement):
    path: Path
    new_path: Path


@dataclass
class DropView(Statement):
    path: Path
    if_exists: bool = False
    temporary: bool = False


@dataclass
class ShowViews(Statement):
    database: Path | None = None
    like: LikePattern | None = None


@dataclass
class ShowCreateView(Statement):
    path: Path


# -- functions ---------------------------------------------------------------------------
@dataclass
class CreateFunction(Statement):
    path: Path
    class_name: str
    language: str = "JAVA"
    jars: list[str] = field(default_factory=list)
    if_not_exists: bool = False
    temporary: bool = False
    system: bool = False


@dataclass
class DropFunction(Statement):
    path: Path
    if_exists: bool = False
    temporary: bool = False
    system: bool = False


@dataclass
class AlterFunction(Statement):
    path: Path
    class_name: str
    language: str = "JAVA"
    jars: list[str] = field(default_factory=list)
    if_exists: bool = False


@dataclass
class ShowUserFunctions(Statement):
    database: Path | None = None
    like: LikePattern | None = None


# -- models ------------------------------------------------------------------------------
@dataclass
class CreateModel(Statement):
    """``CREATE [TEMPORARY] MODEL``: input and output columns are both given or both left
    out; the options hold the provider's settings (Flink stores them without contacting it)."""

    path: Path
    input_columns: list[ColumnSpec] = field(default_factory=list)
    output_columns: list[ColumnSpec] = field(default_factory=list)
    comment: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    if_not_exists: bool = False
    temporary: bool = False


@dataclass
class AlterModelRename(Statement):
    path: Path
    new_path: Path
    if_exists: bool = False


@dataclass
class AlterModelSet(Statement):
    path: Path
    options: dict[str, str]
    if_exists: bool = False


@dataclass
class AlterModelReset(Statement):
    path: Path
    keys: list[str]
    if_exists: bool = False


@dataclass
class DropModel(Statement):
    path: Path
    if_exists: bool = False
    temporary: bool = False


@dataclass
class ShowModels(Statement):
    database: Path | None = None
    like: LikePattern | None = None


@dataclass
class ShowFunctions(Statement):
    """``SHOW FUNCTIONS``: the built-in functions and the user's."""

    database: Path | None = None
    like: LikePattern | None = None


@dataclass
class ShowCreateModel(Statement):
    path: Path


@dataclass
class DescribeModel(Statement):
    path: Path
    extended: bool = False


@dataclass
class DescribeFunction(Statement):
    path: Path
    extended: bool = False


# -- reading the session and what catalogs hold besides tables, views, functions, models
@dataclass
class ShowModules(Statement):
    full: bool = False


@dataclass
class ShowJars(Statement):
    pass


@dataclass
class ShowProcedures(Statement):
    database: Path | None = None
    like: LikePattern | None = None


@dataclass
class ShowPartitions(Statement):
    path: Path
    partition: dict[str, str] = field(default_factory=dict)


@dataclass
class ShowMaterializedTables(Statement):
    database: Path | None = None
    like: LikePattern | None = None


# -- what the dashboard does not run -----------------------------------------------------
@dataclass
class UnsupportedStatement(Statement):
    """A query, DML or session statement: the dashboard manages definitions, not data."""

    keyword: str
