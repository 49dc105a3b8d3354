"""The code is ruff clean, and its lower layers type-check (configuration in
pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_ruff_check_is_clean():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


# The layers below the server and the interfaces: the engine, the cards, the five games
# and the bots.
TYPED = ["src/bureau/engine", "src/bureau/cards", "src/bureau/games", "src/bureau/bots"]


def test_the_engine_cards_games_and_bots_type_check():
    out = subprocess.run(
        [sys.executable, "-m", "mypy", *TYPED], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
