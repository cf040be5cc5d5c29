"""The table connectors the table form offers as templates, each with the options its Flink
factory requires, and the combinations Flink's planner refuses when a query reads or writes
the table (the dashboard stores options as metadata, so it can only warn).

Sources: the connector pages of the Flink documentation ("Connector Options", the "Required"
rows), https://nightlies.apache.org/flink/flink-docs-stable/docs/connectors/table/ and
flink-connector-kafka / flink-connector-jdbc. For the connectors that ship with Flink (filesystem,
datagen, print, blackhole) tests/goldens/connectors_oracle.json holds what Flink 2.3.0 answers
to each template and to a table missing a required option; kafka, upsert-kafka and jdbc are not
in the apache-flink package, so their refusals here are the dashboard's own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# Formats whose changelog holds only inserts: the kafka connector refuses a primary key with
# them (KafkaConnectorOptionsUtil.validatePrimaryKeyConstraints checks the changelog mode).
INSERT_ONLY_FORMATS = frozenset(
    {"json", "csv", "avro", "avro-confluent", "raw", "protobuf", "parquet", "orc"}
)


@dataclass(frozen=True)
class Connector:
    """One connector: its required options with an example value each (the template), and
    what it is for (source, sink or both)."""

    name: str
    required: dict[str, str]
    role: str
    doc: str

    def template(self) -> dict[str, str]:
        """The options the form fills in when this connector is chosen."""
        return {"connector": self.name, **self.required}


_DOCS = "https://nightlies.apache.org/flink/flink-docs-stable/docs/connectors/table/"
CONNECTORS: dict[str, Connector] = {
    c.name: c
    for c in (
        Connector(
            "kafka",
            {
                "topic": "orders",
                "properties.bootstrap.servers": "localhost:9092",
                "format": "json",
            },
            "source and sink",
            _DOCS + "kafka/",
        ),
        Connector(
            "upsert-kafka",
            {
                "topic": "orders",
                "properties.bootstrap.servers": "localhost:9092",
                "key.format": "json",
                "value.format": "json",
            },
            "source and sink, keyed by the PRIMARY KEY",
            _DOCS + "upsert-kafka/",
        ),
        Connector(
            "filesystem",
            {"path": "file:///tmp/orders", "format": "json"},
            "source and sink",
            _DOCS + "filesystem/",
        ),
        Connector(
            "jdbc",
            {"url": "jdbc:postgresql://localhost:5432/shop", "table-name": "orders"},
            "source, lookup and sink",
            _DOCS + "jdbc/",
        ),
        Connector("datagen", {}, "source only", _DOCS + "datagen/"),
        Connector("print", {}, "sink only", _DOCS + "print/"),
        Connector("blackhole", {}, "sink only", _DOCS + "blackhole/"),
    )
}


def template_options(
    connector: str, current: Mapping[str, str], table_name: str | None = None
) -> dict[str, str]:
    """``current`` options with ``connector``'s template added: the connector key and every
    required option not set yet (a kafka topic named after the table when it has a name).
    Options of another connector's template that were left as that template wrote them go."""
    chosen = CONNECTORS[connector]
    others = {
        key: value
        for other in CONNECTORS.values()
        if other.name != connector
        for key, value in other.required.items()
    }
    kept = {
        key: value
        for key, value in current.items()
        if key != "connector" and not (key in others and others[key] == value)
    }
    filled = chosen.template()
    if table_name and "topic" in filled:
        filled["topic"] = table_name
    return {**filled, **{k: v for k, v in kept.items() if k != "connector"}}


def connector_warnings(options: Mapping[str, str], primary_key: list[str]) -> list[str]:
    """What Flink's planner will refuse about a table with these options and primary key when
    a query reads or writes it: missing required options, and key rules of the connector."""
    name = options.get("connector")
    if not name:
        return []
    connector = CONNECTORS.get(name)
    if connector is None:
        return []
    warnings = []
    missing = [key for key in connector.required if key not in options]
    # Alternatives the kafka connector accepts: a topic pattern, or key and value formats.
    if name == "kafka" and "topic" in missing and "topic-pattern" in options:
        missing.remove("topic")
    if name == "kafka" and "format" in missing and "value.format" in options:
        missing.remove("format")
    if missing:
        keys = ", ".join(f"'{key}'" for key in missing)
        many = len(missing) > 1
        warnings.append(
            f"The {name} connector requires the option{'s' if many else ''} {keys}: "
            f"Flink refuses to read or write the table without {'them' if many else 'it'}."
        )
    value_format = options.get("format") or options.get("value.format") or ""
    if name == "kafka" and primary_key and value_format in INSERT_ONLY_FORMATS:
        warnings.append(
            f"The kafka connector refuses a PRIMARY KEY with the insert-only format "
            f"'{value_format}': use the upsert-kafka connector for a keyed table, or a "
            "changelog format such as debezium-json."
        )
    if name == "upsert-kafka" and not primary_key:
        warnings.append(
            "The upsert-kafka connector requires a PRIMARY KEY: it names the columns of the "
            "Kafka message key, by which rows are updated and deleted."
        )
    return warnings
