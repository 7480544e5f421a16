"""The house rules that hold by construction: no import cycle in ``src/docgen`` (not even
between two modules), no module over 400 lines, and only the CLI prints. The layer rules are
import-linter contracts in ``pyproject.toml`` (``lint-imports``, run by ``.ci/run``)."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

SRC = Path(__file__).resolve().parents[1] / "src" / "docgen"
MAX_LINES = 400
# A maintainer's script (python -m docgen.analytics.refresh_agents), not part of any command.
MAY_PRINT = {"cli.py", "analytics/refresh_agents.py"}


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    modules = sorted(graph.modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
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
    return found


def test_the_import_graph_has_no_cycle() -> None:
    graph = grimp.build_graph("docgen")
    assert _cycles(graph) == []


def test_no_module_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(SRC)): count
        for path in SRC.rglob("*.py")
        if (count := len(path.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_only_the_cli_prints() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in MAY_PRINT:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            calls_print = (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "print"
            )
            uses_std = (
                isinstance(node, ast.Attribute)
                and node.attr in ("stdout", "stderr")
                and isinstance(node.value, ast.Name)
                and node.value.id == "sys"
            )
            if calls_print or uses_std:
                found.append(f"{name}:{getattr(node, 'lineno', 0)}")
    assert found == []
