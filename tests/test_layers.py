"""The house is layered (issue 40): every package imports only from the floors below it, as lexrdf/__init__.py
lists them, with no import cycle between packages or modules. Imports inside functions count too."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import lexrdf

PACKAGE = Path(lexrdf.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(("lexrdf", *path.relative_to(PACKAGE).with_suffix("").parts))
        modules[name.removesuffix(".__init__")] = path
    return modules


def _imports() -> dict[str, set[str]]:
    """Each module's lexrdf modules imported (a name imported from a package resolves to its module if it is one)."""
    modules = _modules()

    def resolve(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    edges: dict[str, set[str]] = defaultdict(set)
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("lexrdf"):
                targets = [resolve(f"{node.module}.{alias.name}") for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [resolve(alias.name) for alias in node.names if alias.name.startswith("lexrdf")]
            else:
                continue
            edges[module].update(t for t in targets if t and t != module and not module.startswith(t + "."))
    return edges


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _floors() -> dict[str, int]:
    """The floor lexrdf/__init__.py gives each package."""
    floors = {"lexrdf": 1}
    for number, names in re.findall(r"^- floor (\d+): (.*(?:\n  .*)*)", lexrdf.__doc__ or "", re.M):
        for name in re.sub(r"\([^)]*\)", "", names).replace("\n", " ").split(","):
            floors[f"lexrdf.{name.strip()}"] = int(number)
    return floors


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle, or none."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_every_package_has_a_floor_and_at_most_nine_floors():
    floors = _floors()
    packages = {_package(module) for module in _modules()}
    assert sorted(packages - set(floors)) == []
    assert sorted(set(floors) - packages) == []
    assert max(floors.values()) <= 9


def test_every_import_goes_down_a_floor():
    floors = _floors()
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _imports().items()
        for target in targets
        if _package(module) != _package(target) and floors[_package(target)] >= floors[_package(module)]
    )
    assert upward == []


def test_no_import_cycle_between_modules_or_packages():
    edges = _imports()
    assert _cycle(edges) == []
    packages: dict[str, set[str]] = defaultdict(set)
    for module, targets in edges.items():
        packages[_package(module)].update(_package(t) for t in targets if _package(t) != _package(module))
    assert _cycle(packages) == []


def test_every_package_says_its_one_job():
    undocumented = [
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("__init__.py")
        if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert undocumented == []
