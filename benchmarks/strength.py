"""The bots' strength table of ``docs/bots.md``, measured with the ``bureau sim`` commands
it prints.

    python benchmarks/strength.py [--games 192] [--workers 2] [--seeds 1,2,3,4]
        [--game nobility ...] [--ismcts SPEC] [--matchup "ISMCTS vs heuristic"]
        [--out results.jsonl]

For every game, three match-ups: ISMCTS against random seats, the heuristic bot
against random seats, and ISMCTS against heuristic seats. The ISMCTS bot is the plain
``ismcts`` spec, each game's tuned parameters, unless ``--ismcts`` says otherwise. Seats
are not alike (who bids or acts first), so the measured bot takes every seat in turn:
one ``bureau sim`` command per seat and seed, each with an equal share of the games.
A row gives the games played (finished), the measured bot's share of the wins with its
95% Wilson interval, the mean share of one opposing bot, the measured share over a
fair share (1 / players), the measured bot's seconds per move, and the verdict:
*stronger* only when the interval's lower bound is above the fair share, *weaker* when
its upper bound is below it, else *not shown stronger*. Prints a Markdown table and the
commands, and each command's JSON summary as one line to ``--out`` if given.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from bureau.sim import wilson

PLAYERS = {"aristocracy": 4, "nobility": 3, "decrees": 4, "seabirds": 4, "noblesse": 8}
ISMCTS = "ismcts"  # each game's tuned parameters (Game.ismcts)
# the bureau command of this Python's environment, also when it is not on PATH
BUREAU = shutil.which("bureau") or str(Path(sys.executable).with_name("bureau"))


def matchups(game: str, ismcts: str) -> list[tuple[str, str, str]]:
    """(label, measured bot, opposing bot) for each row of ``game``."""
    return [
        ("ISMCTS vs random", ismcts, "random"),
        ("heuristic vs random", "heuristic", "random"),
        ("ISMCTS vs heuristic", ismcts, "heuristic"),
    ]


def seatings(game: str, measured: str, opposing: str) -> list[str]:
    """One ``--bots`` list per seat the measured bot takes."""
    n = PLAYERS[game]
    return [",".join(measured if s == seat else opposing for s in range(n)) for seat in range(n)]


def command(
    game: str, bots: str, games: int, workers: int, extra: list[str], seed: int = 1
) -> list[str]:
    return [
        "bureau", "sim", game, "--players", str(PLAYERS[game]), "--games", str(games),
        "--bots", bots, "--seed", str(seed), "--workers", str(workers), *extra,
    ]  # fmt: skip


def row(game: str, label: str, summaries: list[tuple[int, dict]]) -> str:
    """One table row from the summaries of the seatings, each with the seat measured in it.

    >>> one = {"games": 10, "finished": 10, "wins_by_seat": [6, 4], "seconds_per_move": [0.2, 0]}
    >>> row("g", "x vs y", [(0, one), (1, {**one, "wins_by_seat": [5, 5]})])
    '| g | x vs y | 20 (20) | 55.0% (34.2%–74.2%) | 45.0% | 1.10 | 0.100 | not shown stronger |'
    """
    n = len(summaries[0][1]["wins_by_seat"])
    games = sum(s["games"] for _, s in summaries)
    finished = sum(s["finished"] for _, s in summaries)
    won = sum(s["wins_by_seat"][i] for i, s in summaries)
    theirs = sum(sum(s["wins_by_seat"]) - s["wins_by_seat"][i] for i, s in summaries)
    share = won / finished if finished else 0.0
    other = theirs / (n - 1) / finished if finished else 0.0
    lo, hi = wilson(won, finished)
    fair = 1 / n
    verdict = "stronger" if lo > fair else "weaker" if hi < fair else "not shown stronger"
    paces = [s["seconds_per_move"][i] for i, s in summaries]
    paces = [p for p in paces if p is not None]
    pace = f"{sum(paces) / len(paces):.3f}" if paces else "–"
    return (
        f"| {game} | {label} | {games} ({finished}) | {share:.1%} ({lo:.1%}–{hi:.1%}) "
        f"| {other:.1%} | {share * n:.2f} | {pace} | {verdict} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=192, help="games per row, at least")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--seeds", default="1,2,3,4", help="the tournaments' seeds, comma separated"
    )
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--ismcts", default=ISMCTS, help="the ISMCTS bot spec")
    parser.add_argument("--option", action="append", default=[], help="GAME:NAME=VALUE")
    parser.add_argument("--out", help="append each summary as a JSON line here")
    parser.add_argument(
        "--matchup",
        action="append",
        choices=[label for label, _, _ in matchups("", "")],
        help="only these rows (default: all three)",
    )
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seeds.split(",")]
    print("| game | match-up | games (finished) | measured bot's wins (95% interval) "
          "| each opposing bot | × fair | s/move | verdict |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    commands = []
    for game in args.game or list(PLAYERS):
        extra = [
            arg
            for spec in args.option
            if spec.split(":", 1)[0] == game
            for arg in ("--option", spec.split(":", 1)[1])
        ]
        per_run = max(1, -(-args.games // (PLAYERS[game] * len(seeds))))  # rounded up
        for label, measured, opposing in matchups(game, args.ismcts):
            if args.matchup and label not in args.matchup:
                continue
            summaries = []
            for seat, bots in enumerate(seatings(game, measured, opposing)):
                for seed in seeds:
                    cmd = command(game, bots, per_run, args.workers, extra, seed)
                    done = subprocess.run(
                        [BUREAU, *cmd[1:], "--json"], capture_output=True, text=True, check=True
                    )
                    summaries.append((seat, json.loads(done.stdout)))
                    commands.append(shlex.join(cmd))
                    if args.out:
                        with open(args.out, "a", encoding="utf-8") as out:
                            line = {"command": commands[-1], **summaries[-1][1]}
                            out.write(json.dumps(line) + "\n")
            print(row(game, label, summaries), flush=True)
    print("\nCommands:\n")
    for cmd in commands:
        print(f"    {cmd}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
