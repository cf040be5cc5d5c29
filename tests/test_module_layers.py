"""The layers of the Flink SQL package: the view validator's modules import one another in one
direction only (no circle, not even through a TYPE_CHECKING or function-level import), and no
module of catalogs/flinksql imports Django."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLINKSQL = ROOT / "catalogs" / "flinksql"
VIEWS = FLINKSQL / "views"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports anywhere in its body (top level, TYPE_CHECKING blocks and
    functions alike), as absolute dotted names; ``from pkg import name`` counts as importing
    ``pkg.name`` too, in case ``name`` is a module."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path.parent)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _views_graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in VIEWS.glob("*.py")}
    return {name: _imported(path) & (modules.keys() - {name}) for name, path in modules.items()}


def test_the_view_modules_import_in_one_direction() -> None:
    graph = _views_graph()
    assert "catalogs.flinksql.views.validator" in graph
    assert graph["catalogs.flinksql.views.validator"], "the graph sees the validator's imports"
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as exc:  # pragma: no cover - the failure message names the circle
        raise AssertionError(f"import circle among the view modules: {exc.args[1]}") from None
    assert set(order) == set(graph)


def test_the_layer_test_sees_a_circle() -> None:
    """The graph would report the circle the split removed (expressions <-> validator)."""
    graph = {"a": {"b"}, "b": {"a"}}
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError:
        return
    raise AssertionError("TopologicalSorter did not report a circle")


def test_no_view_module_is_too_long() -> None:
    long = {p.name: n for p in VIEWS.glob("*.py") if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}


def test_flinksql_never_imports_django() -> None:
    offenders = sorted(
        str(path.relative_to(ROOT))
        for path in FLINKSQL.rglob("*.py")
        if any(m == "django" or m.startswith("django.") for m in _imported(path))
    )
    assert offenders == []
