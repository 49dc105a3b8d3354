"""The bots' strength table of ``docs/bots.md``, measured with the ``bureau sim`` commands
it prints.

    python benchmarks/strength.py [--games 40] [--workers 2] [--game nobility ...]
        [--ismcts SPEC] [--out results.jsonl]

For every game, three match-ups with the measured bot in seat 0: ISMCTS against
random seats, the heuristic bot against random seats, and ISMCTS against heuristic
seats. Each row gives the games played (finished, capped), seat 0's share of the wins
with its 95% Wilson interval, the mean share of each other seat, seat 0's share over
a fair share (1 / players), and seat 0's seconds per move. Prints a Markdown table,
and each command's JSON summary as one line to ``--out`` if given.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys

PLAYERS = {"aristocracy": 4, "nobility": 3, "decrees": 4, "seabirds": 4, "noblesse": 8}
ISMCTS = "ismcts:rollout=heuristic:guide=tree:prior=300"


def matchups(game: str, ismcts: str) -> list[tuple[str, str]]:
    """(label, --bots) for each row of ``game``: the measured bot sits in seat 0."""
    others = PLAYERS[game] - 1
    return [
        ("ISMCTS vs random", ",".join([ismcts] + ["random"] * others)),
        ("heuristic vs random", ",".join(["heuristic"] + ["random"] * others)),
        ("ISMCTS vs heuristic", ",".join([ismcts] + ["heuristic"] * others)),
    ]


def command(game: str, bots: str, games: int, workers: int, extra: list[str]) -> list[str]:
    return [
        "bureau", "sim", game, "--players", str(PLAYERS[game]), "--games", str(games),
        "--bots", bots, "--seed", "1", "--workers", str(workers), *extra,
    ]  # fmt: skip


def row(game: str, label: str, cmd: list[str], summary: dict) -> str:
    n = summary["finished"]
    share = summary["win_rates"][0] if n else 0.0
    lo, hi = summary["win_intervals"][0]
    others = summary["win_rates"][1:] if n else []
    other = sum(others) / len(others) if others else 0.0
    fair = 1 / summary["players"]
    pace = summary["seconds_per_move"][0]
    return (
        f"| {game} | {label} | {summary['games']} ({n} finished) | {share:.1%} "
        f"({lo:.1%}–{hi:.1%}) | {other:.1%} | {share / fair:.2f} | "
        f"{'–' if pace is None else f'{pace:.3f}'} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--ismcts", default=ISMCTS, help="the ISMCTS bot spec")
    parser.add_argument("--option", action="append", default=[], help="GAME:NAME=VALUE")
    parser.add_argument("--out", help="append each summary as a JSON line here")
    args = parser.parse_args(argv)
    print("| game | match-up | games | seat 0 wins (95% interval) | each other seat | × fair "
          "| s/move (seat 0) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    commands = []
    for game in args.game or list(PLAYERS):
        extra = [
            arg
            for spec in args.option
            if spec.split(":", 1)[0] == game
            for arg in ("--option", spec.split(":", 1)[1])
        ]
        for label, bots in matchups(game, args.ismcts):
            cmd = command(game, bots, args.games, args.workers, extra)
            done = subprocess.run([*cmd, "--json"], capture_output=True, text=True, check=True)
            summary = json.loads(done.stdout)
            print(row(game, label, cmd, summary), flush=True)
            commands.append(shlex.join(cmd))
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"command": shlex.join(cmd), **summary}) + "\n")
    print("\nCommands:\n")
    for cmd in commands:
        print(f"    {cmd}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
