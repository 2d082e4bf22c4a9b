"""No import circles inside `meeple.games.altiplano`: the modules around the state import the
declared state data and the rule families, never the state's module in return.

Every import a module runs counts, at its top or inside a function (a late import is still a
circle, only hidden); imports under ``if TYPE_CHECKING:`` do not run and are left out."""

from __future__ import annotations

import ast
from pathlib import Path

import meeple.games.altiplano

PACKAGE = "meeple.games.altiplano"
FOLDER = Path(meeple.games.altiplano.__file__).parent


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.AST, modules: set[str]) -> set[str]:
    """The package's modules that `tree` imports when it runs."""
    found: set[str] = set()
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        pending.extend(ast.iter_child_nodes(node))
    prefix = PACKAGE + "."
    return {name[len(prefix) :] for name in found if name.startswith(prefix)} & modules


def _graph() -> dict[str, set[str]]:
    files = {path.stem: path for path in FOLDER.glob("*.py") if path.stem != "__init__"}
    modules = set(files)
    return {name: _imported(ast.parse(path.read_text()), modules) for name, path in files.items()}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of `graph`, as the modules along it, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for imported in sorted(graph[module]):
            found = visit(imported)
            if found is not None:
                return found
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module)
        if found is not None:
            return found
    return None


def test_the_graph_sees_the_state_and_its_rule_families() -> None:
    graph = _graph()
    assert {"planning", "movement", "locations"} <= graph["state"]
    assert "state" not in graph["hidden"]  # imported for annotations only


def test_no_module_of_the_package_imports_itself_back() -> None:
    assert _circle(_graph()) is None


def test_a_circle_is_found() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
