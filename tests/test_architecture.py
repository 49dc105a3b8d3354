"""``docs/architecture.md`` is the map of the code: its tree names every module of
``src/bureau`` (a game's module by its file name, where the game's line or the layout
every game shares names it), so a module added without a place on the map fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "bureau"


def tree() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return re.search(r"```\nsrc/bureau/\n(.*?)```", text, re.S).group(1)


def modules() -> list[Path]:
    return sorted(
        p.relative_to(PACKAGE)
        for p in PACKAGE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py") and "migrations" not in p.parts
    )


@pytest.mark.parametrize("module", modules(), ids=str)
def test_the_map_names_every_module(module):
    words = set(re.findall(r"[\w/<>]+\.py", tree()))
    named = {module.name, module.as_posix(), f"{module.parent.name}/{module.name}"}
    if (PACKAGE / "games" / module.stem).is_dir():  # one game's view or table
        named.add(f"{module.parent.name}/<game>.py")
    assert named & words, f"docs/architecture.md does not map {module}"


def test_the_map_names_every_package():
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    games = {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file()}
    for name in packages | games:
        assert re.search(rf"^\s+{name}/", tree(), re.M), f"no {name}/ on the map"


# What each layer may import of Bureau (DESIGN.md's layers: nothing reaches up).
BELOW = {
    "engine": {"engine"},
    "cards": {"cards", "engine"},
    "games": {"games", "engine", "cards"},
    "bots": {"bots", "engine", "cards"},
}


def imported(path: Path) -> set[str]:
    """The ``bureau`` packages ``path`` imports, at any depth of the file (relative
    imports stay in their own package)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found |= {n.split(".")[1] for n in names if n.startswith("bureau.")}
    return found


@pytest.mark.parametrize("layer", sorted(BELOW))
def test_no_layer_reaches_up(layer):
    above = {
        f"{p.relative_to(PACKAGE)}: {sorted(imported(p) - BELOW[layer])}"
        for p in (PACKAGE / layer).rglob("*.py")
        if imported(p) - BELOW[layer]
    }
    assert not above, f"{layer}/ imports from above it: {sorted(above)}"


# -- imports: no cycle, and none hidden in a function without a reason ---------------------


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path) -> set[str]:
    """The Bureau modules ``path`` imports when it is loaded: its statements at module level
    (not those under ``if TYPE_CHECKING``, nor inside functions), resolved to modules."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:  # ``from pkg import module`` names the module itself
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {m for m in found if m in MODULES and m != here}


MODULES = {module_name(p) for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts}


def import_graph() -> dict[str, set[str]]:
    """Each module's module-level imports, leaving out a package's own ``__init__`` (it
    gathers its modules' names by design)."""
    return {
        module_name(p): {
            m for m in top_level_imports(p) if not module_name(p).startswith(m + ".")
        }
        for p in PACKAGE.rglob("*.py")
        if "migrations" not in p.parts and p.name != "__init__.py"
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle():
    graph = import_graph()
    assert sum(map(len, graph.values())) > 500  # the imports were read
    assert cycles(graph) == []


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def said_why(lines: list[str], lineno: int) -> bool:
    """Whether the import at ``lineno`` (1-based), the imports right above it (one block)
    or the line above that block carry a comment."""
    i = lineno - 1
    while i > 0 and lines[i - 1].strip().startswith(("from ", "import ")):
        i -= 1
    block = lines[max(i - 1, 0) : lineno]
    return any("#" in line for line in block)


def test_a_function_level_import_says_why():
    """An import of a Bureau module inside a function is there to break a cycle or to put
    off an optional dependency; its line, its block of imports or the line above says
    which."""
    silent = []
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    ours = inner.level > 0 or (inner.module or "").startswith("bureau")
                elif isinstance(inner, ast.Import):
                    ours = any(a.name.startswith("bureau") for a in inner.names)
                else:
                    continue
                if ours and not said_why(lines, inner.lineno):
                    silent.append(f"{path.relative_to(PACKAGE)}:{inner.lineno}")
    assert silent == [], f"function-level imports with no reason given: {silent}"


def test_a_reason_is_read_from_the_import_block_or_the_line_above():
    lines = ["def f():", "    x = 1", "    from a import b", "    from c import d"]
    assert not said_why(lines, 4)
    assert said_why([*lines[:2], "    # a cycle", *lines[2:]], 5)
    assert said_why([*lines[:3], "    from c import d  # optional extra"], 3 + 1)
