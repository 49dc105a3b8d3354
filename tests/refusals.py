"""The engines' refusals, gathered for the tests of how the site shows them: the rule ids
the games' source cites in its strings, and the messages random games give to mistyped
orders (each with the typing help the engine appended to it)."""

from __future__ import annotations

import ast
import random
from functools import cache
from pathlib import Path

from bureau.bots import make
from bureau.engine import IllegalAction, load

GAMES_SOURCE = Path(__file__).resolve().parents[1] / "src" / "bureau" / "games"


def source_strings(root: Path = GAMES_SOURCE):
    """``(file, line, text)`` of every string in the games' source that is not a
    docstring: messages, event texts, option help (f-strings by their literal parts)."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            first = body[0] if isinstance(body, list) and body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docstrings:
                yield path.relative_to(root), node.lineno, text


def _mistyped(legal: list[str], rng: random.Random) -> list[str]:
    """Orders near the legal ones: a part short, a part too many, a part swapped."""
    out = []
    for text in rng.sample(legal, min(5, len(legal))):
        words = text.split()
        out += [text + " x", words[0]]
        if len(words) > 1:
            other = rng.choice(legal).split()
            i = rng.randrange(1, len(words))
            out += [
                " ".join(words[:-1]),
                " ".join([*words[:i], rng.choice(other), *words[i + 1 :]]),
            ]
    return out


@cache
def refusals(game: str, steps: int = 120, seed: int = 5) -> tuple[tuple[str, str], ...]:
    """``(message, hint)`` for the refusals of mistyped orders along a random game of
    ``game`` (the smallest table), ``hint`` being the typing help the message ends with
    (``Game.action_help``); and one for a seat that is not asked to act."""
    g = load(game)
    n = g.min_players
    state = g.new(n, seed=seed, bots_only=True)
    bots = [make("random", g, p, seed) for p in range(n)]
    rng = random.Random(seed)
    found: dict[str, str] = {}
    for _ in range(steps):
        pending = g.pending(state)
        if not pending:
            break
        p = rng.choice(pending)
        legal = [str(a) for a in g.legal_actions(state, p)[:200]]
        idle = [q for q in range(n) if q not in pending]
        tries = [(p, t) for t in _mistyped(legal, rng)] + [(q, legal[0]) for q in idle[:1]]
        for seat, text in tries:
            try:
                g.parse(state, seat, text)
            except (IllegalAction, ValueError) as exc:
                found.setdefault(str(exc), g.action_help(state, seat))
        g.apply(state, p, bots[p].act(state))
    return tuple(found.items())
