"""Games as JSON lines (``bureau sim --out FILE``), and summaries read back from them.

Each line is one game: ``game``, ``players``, ``bots`` (by seat),
``tournament_seed``, ``variant`` (the swept options' values), ``options``
(every option given, the variant's included), ``max_decisions``, ``index``
(the game's number in its variant), ``seed`` (its own seed: ``bureau play
GAME --seed SEED`` plays it again), ``status`` (finished, capped or error),
``winners``, ``scores``, ``reason``, ``error``, ``decisions``, ``seconds``,
``actions`` (how many actions of each kind) and ``statistics`` (the game's
own telling numbers about its final state).

>>> from bureau.sim.games import Setup, play_one
>>> setup = Setup("aristocracy", 2, 7, {"max_years": "1"}, ("random", "random"))
>>> line = record(setup, play_one("aristocracy", 2, 123, setup.options, index=4))
>>> line["index"], line["seed"], line["status"], line["tournament_seed"], line["variant"]
(4, 123, 'capped', 7, {})
>>> [s.games for s in summaries([line, line | {"index": 5}])]
[2]
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bureau.engine import BureauError

from .games import GameResult, Setup
from .tournament import Summary


def record(setup: Setup, result: GameResult) -> dict[str, Any]:
    """One game's JSON line, as a dict."""
    return {
        "game": setup.game,
        "players": setup.players,
        "bots": list(setup.bots),
        "tournament_seed": setup.seed,
        "variant": dict(setup.variant),
        "options": dict(setup.options),
        "max_decisions": setup.max_decisions,
        "index": result.index,
        "seed": result.seed,
        "status": result.status,
        "winners": list(result.winners),
        "scores": list(result.scores),
        "reason": result.reason,
        "error": result.error,
        "decisions": result.decisions,
        "seconds": round(result.seconds, 6),
        "actions": dict(result.actions),
        "statistics": dict(result.statistics),
        "moves": list(result.moves),
        "thinking": [round(t, 6) for t in result.thinking],
    }


def summaries(lines: Iterable[dict[str, Any]]) -> list[Summary]:
    """The summary of each variant in ``lines``, in the order the variants first appear.

    A summary read back has no wall-clock time: its ``seconds`` are the sum of its
    games' own times.
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        key = json.dumps(
            [line[k] for k in ("game", "players", "bots", "tournament_seed", "options")],
            sort_keys=True,
        )
        groups.setdefault(key, []).append(line)
    return [_summary(group) for group in groups.values()]


def _summary(lines: list[dict[str, Any]]) -> Summary:
    first = lines[0]
    results = sorted((_result(line) for line in lines), key=lambda r: r.index)
    return Summary(
        game=first["game"],
        players=first["players"],
        seed=first["tournament_seed"],
        options=dict(first["options"]),
        bots=tuple(first["bots"]),
        results=results,
        seconds=sum(r.seconds for r in results),
        max_decisions=first["max_decisions"],
        variant=dict(first["variant"]),
    )


def _result(line: dict[str, Any]) -> GameResult:
    return GameResult(
        index=line["index"],
        seed=line["seed"],
        status=line["status"],
        decisions=line["decisions"],
        winners=tuple(line["winners"]),
        scores=tuple(line["scores"]),
        reason=line["reason"],
        error=line["error"],
        seconds=line["seconds"],
        actions=dict(line["actions"]),
        statistics=dict(line["statistics"]),
        moves=tuple(line.get("moves", ())),
        thinking=tuple(line.get("thinking", ())),
    )


def read(path: str | Path) -> list[Summary]:
    """The summaries of the games saved in the JSON lines file ``path`` (one game only).

    Raises ``BureauError`` naming the line when the file cannot be read as games.
    """
    lines = []
    try:
        with open(path, encoding="utf-8") as file:
            for number, text in enumerate(file, 1):
                if text.strip():
                    lines.append(_parse(text, path, number))
    except OSError as exc:
        raise BureauError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if not lines:
        raise BureauError(f"{path} holds no games")
    games = sorted({line["game"] for line in lines})
    if len(games) > 1:
        raise BureauError(f"{path} holds games of {', '.join(games)}: one game per report")
    return summaries(lines)


FIELDS = frozenset(record(Setup("", 1, 0, {}, ("",)), GameResult(0, 0, "", 0)))


def _parse(text: str, path: str | Path, number: int) -> dict[str, Any]:
    try:
        line = json.loads(text)
    except ValueError as exc:
        raise BureauError(f"{path}, line {number}: not JSON ({exc})") from exc
    missing = sorted(FIELDS - set(line) if isinstance(line, dict) else FIELDS)
    if missing:
        where = f"{path}, line {number}"
        raise BureauError(f"{where}: not a game of bureau sim --out (no {', '.join(missing)})")
    return line
