"""Forms that build Flink SQL statements. The executor runs them; nothing here writes models.

One module a job: :mod:`.building` (what every form shares), then one module per kind of
object or change. The doors import the forms from here.
"""

from .building import (
    KEEP_SECRETS,
    PLACEHOLDER,
    SQL_EDITOR,
    AlterForm,
    Built,
    StatementForm,
    changed_options,
    format_options,
    names_list,
    parse_options,
    shown_options,
)
from .catalogs import CATALOG_TYPES, CatalogAlterForm, CatalogForm, DatabaseAlterForm, DatabaseForm
from .columns import ColumnAddForm, ColumnDropForm, ColumnModifyForm, ColumnRenameForm
from .drops import DropForm, asks_for_name
from .functions import FunctionAlterForm, FunctionForm
from .renames import RenameForm
from .table_keys import PrimaryKeyForm, WatermarkForm
from .tables import ColumnForm, ColumnFormSet, TableForm, TableOptionsForm, filled_options
from .views import ViewForm, ViewQueryForm

__all__ = [
    "CATALOG_TYPES",
    "KEEP_SECRETS",
    "PLACEHOLDER",
    "SQL_EDITOR",
    "AlterForm",
    "Built",
    "CatalogAlterForm",
    "CatalogForm",
    "ColumnAddForm",
    "ColumnDropForm",
    "ColumnForm",
    "ColumnFormSet",
    "ColumnModifyForm",
    "ColumnRenameForm",
    "DatabaseAlterForm",
    "DatabaseForm",
    "DropForm",
    "FunctionAlterForm",
    "FunctionForm",
    "PrimaryKeyForm",
    "RenameForm",
    "StatementForm",
    "TableForm",
    "TableOptionsForm",
    "ViewForm",
    "ViewQueryForm",
    "WatermarkForm",
    "asks_for_name",
    "changed_options",
    "filled_options",
    "format_options",
    "names_list",
    "parse_options",
    "shown_options",
]
