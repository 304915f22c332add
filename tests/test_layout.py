"""The layout holds: no import circles, rooms that import only downward, nothing imports the CLI.

Every ``import`` in scoring/, ocr/ and pipeline/ is read from the source (including imports
inside functions and under ``TYPE_CHECKING``: a circle there is a circle in the design), so
a test fails the moment someone adds a circle, a CLI import from a library module, or a
scoring module that reaches for the pipeline.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("scoring", "ocr", "pipeline")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()  # the names only: cheap; the sources are read by _graph, when a test asks


def _imports(name: str, path: Path) -> set[str]:
    """The project modules ``name`` imports (a ``from package import module`` counts as the
    module; a name from a module counts as that module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in MODULES else base)
    return {t for t in targets if t in MODULES and t != name}


@cache
def _graph() -> dict[str, set[str]]:
    """Each module's project imports, read once for the tests of this file (not at
    collection, where every pytest-xdist worker would parse the ~400 modules)."""
    return {name: _imports(name, path) for name, path in MODULES.items()}


def _room(module: str) -> str:
    """The room a module lives in: scoring, ocr, ocr.training, or a pipeline room."""
    parts = module.split(".")
    if parts[0] == "ocr":
        return "ocr.training" if parts[1:2] == ["training"] else "ocr"
    if parts[0] == "pipeline":
        return ".".join(parts[:2])
    return parts[0]


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read() -> None:
    assert "pipeline.results.event" in MODULES
    assert "pipeline.results.pairs" in _graph()["pipeline.results.event"]
    assert "scoring.law77" in _graph()["ocr.results_table"]


def test_no_module_circles() -> None:
    assert _circles(_graph()) == []


def test_no_room_circles() -> None:
    rooms: dict[str, set[str]] = {}
    for module, targets in _graph().items():
        mine = _room(module)
        rooms.setdefault(mine, set()).update(_room(t) for t in targets if _room(t) != mine)
    assert _circles(rooms) == []


def test_a_circle_is_found() -> None:
    """The checker itself can fail."""
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    ("room", "never"),
    [
        ("scoring", ("ocr", "pipeline")),
        ("ocr", ("pipeline", "ocr.training")),
        ("ocr.training", ("pipeline",)),
    ],
)
def test_lower_rooms_never_import_upward(room: str, never: tuple[str, ...]) -> None:
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        if _room(module) == room
        for target in targets
        if _room(target) in never or target.split(".")[0] in never
    )
    assert wrong == []


def test_nothing_imports_the_command_line() -> None:
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        if not module.startswith("pipeline.cli")
        for target in targets
        if target.startswith("pipeline.cli")
    )
    assert wrong == []
