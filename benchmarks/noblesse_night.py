"""How long resolving one busy Noblesse Night takes, on one core.

    python benchmarks/noblesse_night.py [--players 12] [--runs 200]

The position: the default scenario with every seat ordering — each has three units
converging on the four victory squares (battles against the neutral garrisons and
between factions), Tax Collectors and Lobbyists at home, two spies on the move, a
recruit and an action. The figure is the median time of ``night.resolve`` on fresh
clones of that position, also as a ratio to the baseline workload of
``playouts.py`` measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bureau.games.noblesse import night
from bureau.games.noblesse.actions import read
from bureau.games.noblesse.game import Noblesse
from bureau.games.noblesse.state import Unit
from playouts import baseline_ops_per_sec

HOMES = {1: "A1", 2: "C3", 3: "B2", 4: "A10", 5: "C8", 6: "B9", 7: "J1", 8: "H3", 9: "I2",
         10: "J10", 11: "H8", 12: "I9"}  # fmt: skip
# Where each faction's three units stand, next to the victory squares E5 E6 F5 F6; their
# moves meet the neutral garrisons there and each other on D6 and G6.
FRONTS = {0: ("D5", "E4", "D4"), 1: ("D6", "E7", "D7"), 2: ("F4", "G5", "G4"),
          3: ("F7", "G6", "G7")}  # fmt: skip
TARGETS = {"D5": "D6", "E4": "E5", "D4": "D5", "D6": "E6", "E7": "E6", "D7": "D6",
           "F4": "F5", "G5": "G6", "G4": "G5", "F7": "F6", "G6": "F6", "G7": "G6"}  # fmt: skip
UNIT = "Regiment with O1, C3 x3, F1 x2"


def busy_position(players: int = 12):
    """A Day whose Night has moves, battles, income and spies for every seat."""
    game = Noblesse()
    from bureau.games.noblesse.scenario import load_scenario

    roles = [str(r) for r in load_scenario("house_default_v1").roles_for(players)]
    st = game.new(players, seed=7, options={"roles": roles})
    for seat, h in enumerate(st.houses):
        order = f"setup {HOMES[h.role]} income 2-2-1 skip uniques unit {UNIT}"
        game.apply(st, seat, game.parse(st, seat, order))
        for text in (f"tc {HOMES[h.role]} Inf", f"tc {HOMES[h.role]} MP"):
            game.apply(st, seat, game.parse(st, seat, text))
    for seat in list(game.pending(st)):
        game.apply(st, seat, game.parse(st, seat, "done"))
    spec = read(st.scenario, st.names, f"recruit {UNIT} at A1").spec
    companies = tuple(cid for cid, n in spec[3] for _ in range(n))
    placed = {f: 0 for f in FRONTS}
    for seat, h in enumerate(st.houses):
        h.res = [20, 20, 20]
        squares = FRONTS[h.faction]
        for _ in range(3 if placed[h.faction] < 3 else 0):
            label = squares[placed[h.faction]]
            unit = Unit(st.next_unit, seat, "Regiment", companies, "", st.square(label))
            unit.fresh = False
            st.units[unit.id] = unit
            st.next_unit += 1
            placed[h.faction] += 1
    for seat, h in enumerate(st.houses):
        home = st.label(h.home)
        texts = [
            f"move {u.label} to {TARGETS[st.label(u.square)]}"
            for u in _units(st, seat)
            if st.label(u.square) in TARGETS
        ]
        texts += [f"lobbyist {home} Inf", f"spy to {_step(st, h.home)}", "field surgeon"]
        texts += [f"recruit {UNIT} at {home}"]
        for text in texts:
            game.apply(st, seat, game.parse(st, seat, text))
    return st


def _units(st, seat):
    return [u for u in st.units.values() if u.owner == seat]


def _step(st, square: int) -> str:
    from bureau.games.noblesse.board import neighbours

    return st.label(neighbours(st, square)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    position = busy_position(args.players)
    times = []
    battles = 0
    for _ in range(args.runs):
        st = position.clone()
        start = time.perf_counter()
        night.resolve(st)
        times.append(time.perf_counter() - start)
        battles = len(st.battles)
    median_ms = statistics.median(times) * 1000
    baseline = baseline_ops_per_sec()
    print(
        json.dumps(
            {
                "players": args.players,
                "battles": battles,
                "units": len(position.units),
                "median_ms": round(median_ms, 3),
                "p90_ms": round(sorted(times)[int(0.9 * len(times))] * 1000, 3),
                "baseline_rounds_per_s": round(baseline),
                "night_in_baseline_rounds": round(median_ms / 1000 * baseline, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
