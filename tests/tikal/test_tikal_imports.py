"""The modules of `meeple.games.tikal` import one another without a circle at run time: the
modules around the state import the declared state data and the rule families, never the
state's module in return (issue 27). Imports made only for annotations, under
``if TYPE_CHECKING:``, do not run and are left out; so are imports inside functions, which
run when called, after every module is loaded."""

from __future__ import annotations

import ast
from pathlib import Path

import meeple.games.tikal

PACKAGE = "meeple.games.tikal"
FOLDER = Path(meeple.games.tikal.__file__).parent
MODULES = {path.stem for path in FOLDER.glob("*.py")}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of a module's top level, also in its `if`, `try` and `with`
    blocks, but not under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _run_time_imports(node.body)
            found += _run_time_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, *(h.body for h in node.handlers), node.orelse):
                found += _run_time_imports(block)
        elif isinstance(node, ast.With):
            found += _run_time_imports(node.body)
    return found


def _imported_modules(name: str) -> set[str]:
    """The package's modules that module `name` imports at run time (``__init__`` for the
    package itself)."""
    tree = ast.parse((FOLDER / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in _run_time_imports(tree.body):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            assert node.level == 0, "the package imports absolutely"
            base = node.module or ""
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for target in targets:
            if target == PACKAGE:
                if isinstance(node, ast.Import):
                    found.add("__init__")
            elif target.startswith(PACKAGE + "."):
                module = target[len(PACKAGE) + 1 :].split(".")[0]
                if module in MODULES:
                    found.add(module)
        # `from meeple.games.tikal import x`: a module, or a name of the package's own
        from_package = isinstance(node, ast.ImportFrom) and node.module == PACKAGE
        if from_package and any(alias.name not in MODULES for alias in node.names):
            found.add("__init__")
    return found - {name}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of `graph`, as the modules along it, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in sorted(graph[module]):
            circle = visit(imported, [*path, module])
            if circle:
                return circle
        done.add(module)
        return None

    for module in sorted(graph):
        circle = visit(module, [])
        if circle:
            return circle
    return None


def test_no_module_of_the_package_imports_in_a_circle_at_run_time() -> None:
    graph = {name: _imported_modules(name) for name in MODULES}
    assert graph["state"], "the state imports its rule families"
    assert _circle(graph) is None, " -> ".join(_circle(graph) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None
