"""Prove that snapshots load into real Flink 2.3 (PyFlink), object by object.

Three ways a deployment uses what the dashboard exports, each checked against the dashboard's
own answers for the same objects. Several snapshots can be verified together (one Flink session
each way holds them all), so that a view reading another catalog is checked too.

1. **Catalog API**, as a launcher such as flink-sql-bootstrap does: a ``GenericInMemoryCatalog``
   per snapshot filled with ``createDatabase``, ``createTable`` (a ``Schema`` built from the
   columns: computed, metadata, watermark, primary key), ``createFunction`` and views built with
   their schema, as a ``ResolvedCatalogView`` (Flink 2.3 ignores the schema of a plain
   ``CatalogView`` and derives one from the query whenever it reads the view; its own
   ``CREATE VIEW`` stores a resolved view, whose columns stay as they were). Then
   ``SHOW CREATE TABLE``/``VIEW`` and ``DESCRIBE`` of every object, compared with the
   snapshot's rendering, and ``EXPLAIN`` of a ``SELECT`` from every view that can be planned
   here (:meth:`Loaded.explain_skip` says which cannot, and why).
2. **Catalog store**: the ``<catalog>.yaml`` files registered through
   ``table.catalog-store.kind: file``; each catalog must appear with its options.
3. **Init script**: run statement by statement in a fresh session. The dashboard's language
   layer runs the same statements (:class:`Replay`), and Flink's ``SHOW CREATE`` and
   ``DESCRIBE`` afterwards are compared with the dashboard's answers for those statements: Flink
   expands a definition again when it reads it back as DDL, and not always to the same text
   (``ARRAY[`a`, CAST(1 AS INTEGER)]`` becomes ``ARRAY[`a`, CAST(CAST(1 AS INTEGER) AS
   INTEGER)]``), which the dashboard reproduces.

The modules, each with one job: :mod:`.session` (a PyFlink session and its answers),
:mod:`.java_types` (the dashboard's types as Flink's), :mod:`.catalog_api` (a snapshot's catalog
built through Flink's API), :mod:`.objects` (the dashboard's side: the objects and the init
script replayed), :mod:`.loadable` (which views cannot be read or planned here, and why),
:mod:`.checks` (one statement compared), :mod:`.verify` (the three ways, together),
:mod:`.batches` (documents of any size, read in passes and verified a bounded batch at a time),
:mod:`.spool` (the checks kept on disk for printing by catalog).

Needs the ``apache-flink`` package and ``java``; imports no Django.
"""

from .checks import Check, VerifyReport
from .session import flink_available
from .verify import verify

__all__ = ["Check", "VerifyReport", "flink_available", "verify"]
