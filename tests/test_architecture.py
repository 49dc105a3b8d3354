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
