"""Random-playout speed of every registered game, on one core.

    python benchmarks/playouts.py [--seconds 5] [--game aristocracy]

Prints games/s and decisions/s (one decision = a bot's choice plus
``Game.apply``) for each game, and the same figures as a ratio to a fixed
pure-Python baseline workload measured in the same run, so that results from
different machines can be compared. Games are bot-only, so the documented
caps (such as Aristocracy's ``max_years``) apply.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from bureau.bots import make
from bureau.engine import all_games, load
from bureau.engine.rng import derive


def baseline_ops_per_sec(seconds: float = 1.0) -> float:
    """A fixed pure-Python workload (shuffle, sort, dict updates), in rounds per second."""
    rng = random.Random(0)
    items = list(range(100))
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            rng.shuffle(items)
            counts: dict[int, int] = {}
            for x in items[:20]:
                counts[x % 7] = counts.get(x % 7, 0) + 1
            sorted(items[:30])
        rounds += 100
    return rounds / (time.perf_counter() - start)


def playouts(game, seconds: float, players: int | None = None) -> dict:
    """Random games back to back for about ``seconds``; their speed.

    ``players`` is clamped to the game's range (the row reports the count used).
    """
    n = min(max(players or game.max_players, game.min_players), game.max_players)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = derive(0, "bench", games)
        state = game.new(n, seed=seed, bots_only=True)
        bots = [make("random", game, p, seed) for p in range(n)]
        while True:
            pending = game.pending(state)
            if not pending:
                break
            p = pending[0]
            game.apply(state, p, bots[p].act(state))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "players": n,
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 2),
        "games_per_sec": round(games / elapsed, 2),
        "decisions_per_sec": round(decisions / elapsed),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", action="append", help="a game to measure (default: all)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = [load(g) for g in args.game] if args.game else all_games()
    base = baseline_ops_per_sec()
    rows = []
    for game in games:
        row = playouts(game, args.seconds, args.players)
        row["decisions_per_baseline"] = round(row["decisions_per_sec"] / base, 2)
        rows.append(row)
    if args.json:
        print(json.dumps({"baseline_rounds_per_sec": round(base), "results": rows}, indent=2))
        return
    print(f"baseline: {base:,.0f} rounds/s")
    for r in rows:
        print(
            f"{r['game']:<12} {r['players']}p  {r['games_per_sec']:>8.2f} games/s  "
            f"{r['decisions_per_sec']:>9,} decisions/s  "
            f"({r['decisions_per_baseline']} x baseline)"
        )


if __name__ == "__main__":
    main()
