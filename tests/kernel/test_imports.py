"""No import circle anywhere: no module of grimoire imports, directly or through others, a module that
imports it. Imports inside functions and under `TYPE_CHECKING` count too (the layering contracts in
pyproject.toml, checked by `lint-imports`, say which way the layers point)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("domain", "projections", "service")


def modules() -> dict[str, Path]:
    found = {}
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            parts = ("grimoire", *path.relative_to(ROOT).with_suffix("").parts)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(path: Path, known: set[str], package: str) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the importing package
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            names = [base, *(f"{base}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out.update(n for n in names if n in known)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph_of(found: dict[str, Path]) -> dict[str, set[str]]:
    known = set(found)
    return {
        name: imports(path, known, name if path.name == "__init__.py" else name.rpartition(".")[0]) - {name}
        for name, path in found.items()
    }


def test_no_module_imports_a_module_that_imports_it():
    assert cycles(graph_of(modules())) == []


def test_the_circle_check_finds_a_circle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    found = modules()
    assert "grimoire.domain.engine" in found and "grimoire.service.app" in found
    assert "grimoire.domain.ruleset" in graph_of(found)["grimoire.domain.engine"]


def test_no_module_imports_a_private_name_of_another():
    """A name starting with `_` is its module's own: what another module needs is given a public name."""
    found = []
    for name, path in sorted(modules().items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("grimoire")):
                found += [f"{name}: from {node.module} import {a.name}" for a in node.names if a.name.startswith("_")]
    assert not found, found
