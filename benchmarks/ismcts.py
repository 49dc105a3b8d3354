"""ISMCTS search speed of every registered game, on one core.

    python benchmarks/ismcts.py [--positions 6] [--iterations 1000] [--game aristocracy]

A *simulation* is one ISMCTS iteration with the default settings (``ismcts``): re-deal
the position for the searching seat (``Game.determinize``), walk the tree from the root
(one ``Game.apply`` per decision, with the legality checks of the children met),
expand one node, play at most ``depth`` (default 4) more decisions by the random
policy, score the end with ``Game.evaluate`` and back the shares up. It is *not* a
playout to the end of the game: the evaluation stands in for the rest.

Positions are mid-game: seeded random games played for a few hundred decisions. Each
position is searched once by the seat to act (moves with a lone legal action are
skipped). Speed is simulations per second of process CPU time (the machine may be
shared; wall-clock seconds are printed too), and as a ratio to the fixed pure-Python
baseline workload of ``benchmarks/playouts.py``, measured in CPU time in the same run,
so that figures from different machines compare. The target is 5,000 simulations/s for Aristocracy
(4 players) and Nobility (3 players).
"""

from __future__ import annotations

import argparse
import json
import time

from bureau.bots import make
from bureau.engine import all_games, load
from bureau.engine.rng import derive
from playouts import baseline_ops_per_sec  # benchmarks/ is the script's folder

PLAYERS = {"aristocracy": 4, "nobility": 3, "decrees": 4, "seabirds": 4}
DEPTHS = (60, 150, 300, 450)  # random decisions before a position is searched


def positions(game, players: int, count: int):
    """Up to ``count`` mid-game positions where the seat to act has a real choice."""
    seed = 0
    while count > 0 and seed < 20 * count:
        seed += 1
        state = game.new(players, seed=derive(0, "ismcts-bench", seed), bots_only=True)
        bots = [make("random", game, p, seed) for p in range(players)]
        target = DEPTHS[seed % len(DEPTHS)]
        for _ in range(target):
            pending = game.pending(state)
            if game.outcome(state) is not None or not pending:
                break
            game.apply(state, pending[0], bots[pending[0]].act(state))
        pending = game.pending(state)
        over = game.outcome(state) is not None or not pending
        if not over and len(game.legal_actions(state, pending[0])) > 1:
            count -= 1
            yield state, pending[0], seed


def measure(game, players: int, count: int, spec: str) -> dict:
    """Search ``count`` positions with the bot ``spec``; its simulations per second."""
    sims = 0
    cpu = wall = 0.0
    for state, seat, seed in positions(game, players, count):
        bot = make(spec, game, seat, seed)
        c0, w0 = time.process_time(), time.perf_counter()
        bot.act(state)
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        sims += bot.last.iterations
    return {
        "game": game.name,
        "players": players,
        "simulations": sims,
        "cpu_seconds": round(cpu, 2),
        "wall_seconds": round(wall, 2),
        "sims_per_sec": round(sims / cpu) if cpu else 0,
    }


def cpu_baseline() -> float:
    """The playouts benchmark's baseline workload, in rounds per second of CPU time (like
    the simulations here: on a shared machine wall time counts other people's work)."""
    cpu, wall = time.process_time(), time.perf_counter()
    per_wall_second = baseline_ops_per_sec()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return per_wall_second * wall / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=1000, help="per position")
    parser.add_argument("--game", action="append", help="a game to measure (default: all)")
    parser.add_argument("--spec", default="ismcts", help="the bot spec (default: ismcts)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = [load(g) for g in args.game] if args.game else all_games()
    spec = f"{args.spec}{',' if ':' in args.spec else ':'}iterations={args.iterations}"
    base = cpu_baseline()
    rows = []
    for game in games:
        players = PLAYERS.get(game.name, game.min_players)
        row = measure(game, players, args.positions, spec)
        row["sims_per_baseline"] = round(row["sims_per_sec"] / base, 3)
        rows.append(row)
    if args.json:
        print(json.dumps({"baseline_rounds_per_sec": round(base), "results": rows}, indent=2))
        return
    print(f"baseline: {base:,.0f} rounds/s (CPU); bot {spec}")
    for r in rows:
        print(
            f"{r['game']:<12} {r['players']}p  {r['sims_per_sec']:>7,} sims/s (CPU)  "
            f"{r['simulations']:>6} sims in {r['cpu_seconds']} s CPU, {r['wall_seconds']} s wall  "
            f"({r['sims_per_baseline']} x baseline)"
        )


if __name__ == "__main__":
    main()
