"""Where a history entry's statement came from (``HistoryEntry.origin``), and how the history
says it.

Stored origins: ``api`` (the REST API), ``api:<client>`` (the REST API, from a client that names
itself in the ``X-Dashboard-Client`` header: only the names of :data:`CLIENTS` are kept),
``change-request:<number>`` and ``console:<random id>``. A client's name is informational: any
token holder can send the header, so it never grants or refuses anything."""

from __future__ import annotations

API_ORIGIN = "api"

# The request header in which a client names itself (the Flink catalog plugin sends it).
CLIENT_HEADER = "X-Dashboard-Client"

# The clients the history names: their name in the header, and what the history says.
CLIENTS = {"flink-catalog": "via Flink catalog plugin"}


def api_origin(client: str | None) -> str:
    """The origin of an API request whose ``X-Dashboard-Client`` header is ``client``: that
    client's when it is one of :data:`CLIENTS`, plain ``api`` otherwise (an unknown or absent
    name is not kept)."""
    name = (client or "").strip().lower()
    return f"{API_ORIGIN}:{name}" if name in CLIENTS else API_ORIGIN


def public_origin(origin: str) -> str:
    """The origin as the history shows it to every viewer: a console's session id left out."""
    return "console" if origin.startswith("console:") else origin


def via(origin: str) -> str:
    """What the history says about ``origin``, next to the user ("" when nothing is known)."""
    kind, _, rest = origin.partition(":")
    if kind == API_ORIGIN:
        return CLIENTS.get(rest, "via the API")
    if kind == "change-request":
        return f"via change request #{rest}"
    if kind == "console":
        return "in the console"
    return ""
