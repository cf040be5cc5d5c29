"""The catalog types the dashboard knows, and the options each one's factory declares.

Flink finds a catalog's factory by its ``type`` option. Only ``generic_in_memory`` ships with
Flink itself; the others come with a connector or a table format, and their rules are read from
that project's factory (the version is named in ``source``). A factory built on Flink's
``FactoryUtil`` helper refuses a missing required option and an option it does not declare, in
Flink's own words (``missing_options``, ``unsupported_options``). Paimon and Iceberg declare no
options to Flink and check their own when the catalog opens: the ``needs`` rules below.

A type the dashboard does not know is stored as written, without checks: Flink would load its
factory from a jar the dashboard has not seen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .errors import ValidationError

TYPE_OPTION = "type"
PROPERTY_VERSION = "property-version"
DEFAULT_DATABASE = "default-database"

# A rule a library checks itself: the options' problem, or None.
Need = Callable[[Mapping[str, str]], str | None]


@dataclass(frozen=True)
class CatalogFactory:
    identifier: str
    source: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    # the factory validates through FactoryUtil's helper: undeclared options are refused
    closed: bool = False
    needs: tuple[Need, ...] = ()
    # options a form offers beyond the declared ones (the library reads them itself)
    suggested: tuple[str, ...] = ()

    @property
    def form_options(self) -> tuple[str, ...]:
        """The options a form offers for this type, required ones first."""
        return tuple(dict.fromkeys((*self.required, *self.optional, *self.suggested)))

    def problems(self, options: Mapping[str, str]) -> str | None:
        """What is wrong with ``options`` for this factory, in the order it checks them."""
        if self.required or self.closed:
            missing = sorted(key for key in self.required if key not in options)
            if missing:
                return missing_options(missing)
        if self.closed:
            declared = {TYPE_OPTION, *self.required, *self.optional}
            unsupported = sorted(key for key in options if key not in declared)
            if unsupported:
                return unsupported_options(self.identifier, unsupported, self.declared)
        for need in self.needs:
            problem = need(options)
            if problem is not None:
                return problem
        return None

    @property
    def declared(self) -> list[str]:
        """The options the factory consumes, as Flink lists them ('type' aside)."""
        return sorted({*self.required, *self.optional})


def missing_options(keys: list[str]) -> str:
    """Flink's FactoryUtil text for required options that are not set."""
    return (
        "One or more required options are missing.\n\nMissing required options are:\n\n"
        + "\n".join(keys)
    )


def unsupported_options(identifier: str, keys: list[str], supported: list[str]) -> str:
    """Flink's FactoryUtil text for options a factory does not declare."""
    return (
        f"Unsupported options found for '{identifier}'.\n\nUnsupported options:\n\n"
        + "\n".join(keys)
        + "\n\nSupported options:\n\n"
        + "\n".join(supported)
    )


def _paimon_warehouse(options: Mapping[str, str]) -> str | None:
    if options.get("metastore", "filesystem").lower() == "rest" or options.get("warehouse"):
        return None
    return "Paimon 'warehouse' path must be set"


_ICEBERG_TYPES = ("hive", "hadoop", "rest")


def _iceberg_catalog(options: Mapping[str, str]) -> str | None:
    impl, kind = options.get("catalog-impl"), options.get("catalog-type")
    if impl is not None:
        if kind is None:
            return None
        return (
            "Cannot create catalog, both catalog-type and catalog-impl are set: "
            f"catalog-type={kind}, catalog-impl={impl}"
        )
    kind = (kind or "hive").lower()
    if kind not in _ICEBERG_TYPES:
        written = options["catalog-type"]
        return f"Unknown catalog-type: {written} (Must be 'hive', 'hadoop' or 'rest')"
    if kind == "hadoop" and not options.get("warehouse"):
        return (
            "Option 'warehouse' is required for catalog-type 'hadoop': Cannot initialize "
            "HadoopCatalog because warehousePath must not be null or empty"
        )
    if kind == "rest" and "uri" not in options:
        return "Option 'uri' is required for catalog-type 'rest': Invalid uri for http client: null"
    return None


FACTORIES: dict[str, CatalogFactory] = {
    f.identifier: f
    for f in (
        CatalogFactory(
            "generic_in_memory",
            "Apache Flink 2.3 (GenericInMemoryCatalogFactory)",
            optional=(DEFAULT_DATABASE, PROPERTY_VERSION),
            closed=True,
        ),
        CatalogFactory(
            "hive",
            "flink-connector-hive (HiveCatalogFactory)",
            optional=(
                DEFAULT_DATABASE,
                PROPERTY_VERSION,
                "hive-conf-dir",
                "hive-version",
                "hadoop-conf-dir",
            ),
            closed=True,
        ),
        CatalogFactory(
            "jdbc",
            "flink-connector-jdbc 4.1.0 (JdbcCatalogFactory)",
            required=("base-url", "username", "password"),
            optional=(DEFAULT_DATABASE, PROPERTY_VERSION, "compatible-mode"),
            closed=True,
        ),
        CatalogFactory(
            "paimon",
            "Apache Paimon (FlinkCatalogFactory; Paimon checks its own options)",
            needs=(_paimon_warehouse,),
            suggested=("warehouse", "metastore", DEFAULT_DATABASE),
        ),
        CatalogFactory(
            "iceberg",
            "Apache Iceberg (FlinkCatalogFactory; Iceberg checks its own options)",
            needs=(_iceberg_catalog,),
            suggested=("catalog-type", "uri", "warehouse", DEFAULT_DATABASE),
        ),
        CatalogFactory(
            "kafka",
            "Confluent Manager for Apache Flink (CMF) Kafka catalog; Apache Flink has no "
            "'kafka' catalog type, and CMF defines these catalogs through its own API",
            suggested=("properties.bootstrap.servers", DEFAULT_DATABASE),
        ),
    )
}


def check_catalog_options(options: Mapping[str, str]) -> None:
    """Refuse options the catalog type's factory would refuse; unknown types pass."""
    factory = FACTORIES.get(options.get(TYPE_OPTION, ""))
    if factory is None:
        return
    problem = factory.problems(options)
    if problem is not None:
        raise ValidationError(problem)
