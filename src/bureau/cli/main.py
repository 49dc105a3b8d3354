"""The ``bureau`` command: list games, play in the terminal, replay records, simulate.

Every input error (unknown game, bad option, player count, seat, record)
ends with a one-line message on stderr and exit code 2; a record whose
replay fails exits with 1 and names the failing action. Run ``bureau --help``.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from bureau import __version__
from bureau.bots import BOTS, make
from bureau.bots import kinds as bot_kinds
from bureau.engine import (
    BureauError,
    Game,
    Match,
    RecordError,
    all_games,
    fairness,
    load,
    positions,
    scenarios,
)
from bureau.engine.options import Option, parse_assignments
from bureau.engine.record import load_record
from bureau.sim.games import DEFAULT_MAX_DECISIONS, GameResult, Setup
from bureau.sim.records import read as read_records
from bureau.sim.records import record
from bureau.sim.report import write_report
from bureau.sim.stats import mean
from bureau.sim.sweep import label as variant_label
from bureau.sim.sweep import lay_over, parse_sweeps, variants
from bureau.sim.tournament import Summary, prepare, run_sweep

from .moderate import run_console
from .play import EOF, HUMAN, QUIT, STUCK, TerminalGame, parse_seats
from .render import outcome_table, print_lines, render_view, stdout_console

app = typer.Typer(
    name="bureau",
    help="Bureau: an impartial game master for games of noble intrigue.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# -- errors ------------------------------------------------------------------------------------


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``bureau: message`` on stderr (one line) and exit with ``code``."""
    print(f"bureau: {' '.join(message.split())}", file=sys.stderr, flush=True)
    raise typer.Exit(code)


@contextmanager
def input_errors(code: int = 2):
    """Turn every ``BureauError`` raised inside into a one-line message and exit ``code``."""
    try:
        yield
    except BureauError as exc:
        fail(str(exc), code)


def _version(value: bool) -> None:
    if value:
        print(f"bureau {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Bureau: an impartial game master for games of noble intrigue."""


# -- shared helpers ----------------------------------------------------------------------------


def default_players(game: Game) -> int:
    """Four players where the game allows it, else the nearest count it allows."""
    return max(game.min_players, min(4, game.max_players))


def players_arg(text: str | int | None, game: Game, options: dict | None = None) -> int | list[str]:
    """``--players``: a count, or the players' names separated by commas. A game from a
    saved position (``options``) has the position's own seats unless names are given."""
    given = text.strip() if isinstance(text, str) else text
    if isinstance(given, str):
        given = int(given) if given.isdigit() else [n.strip() for n in given.split(",")]
    position = (options or {}).get("position")
    if position is not None and game.positions is not None and not isinstance(given, list):
        return positions.seat_names(positions.document(position, game.name)[0], given)
    return default_players(game) if given is None else given


def _option_allowed(o: Option) -> str:
    if o.choices is not None:
        return " | ".join(_show(c) for c in o.choices)
    kind = {
        "int": "whole number",
        "int?": "whole number",
        "bool": "true | false",
        "str": "text",
        "cards": "cards: 7H,10S,KD",
        "words": "words: a,b,c",
        "seat": "seat number",
        "any": "any",
    }.get(o.kind, o.kind)
    if o.allowed():  # a numeric option's range, unit and "or off": whole number 1-100, or off
        return f"{kind} {o.allowed()}"
    return kind


def _show(value: Any, kind: str = "int?") -> str:
    if value is None:
        return "off" if kind == "int?" else "—"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value)


def _write_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    sys.stdout.flush()


# -- bureau games ------------------------------------------------------------------------------


@app.command()
def games(
    name: Annotated[str | None, typer.Argument(help="Show only this game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """List the games, their player counts and their rule options."""
    with input_errors():
        chosen = [load(name)] if name else all_games()
    if as_json:
        _write_json([_game_json(g) for g in chosen])
        return
    console = Console()
    for g in chosen:
        console.print(_game_table(g))


def _game_json(g: Game) -> dict:
    return {
        "name": g.name,
        "title": g.title,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "summary": g.summary,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "bot_default": o.default_for(True),
                "kind": o.kind,
                "choices": list(o.choices) if o.choices is not None else None,
                "minimum": o.minimum,
                "maximum": o.maximum,
                "fixture": o.fixture,
                "help": o.help,
            }
            for o in g.options
        ],
    }


def _game_table(g: Game) -> RenderableType:
    players = (
        f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
    )
    title = Text.assemble(
        (g.title, "bold"), f" ({g.name}) — {players} players", (f" — {g.summary}", "dim")
    )
    table = Table(title=title, title_justify="left", expand=True)
    table.add_column("option", ratio=1)
    table.add_column("default", max_width=16)
    table.add_column("allowed", max_width=20)
    for o in g.options:
        default = _show(o.default, o.kind)
        if o.default_for(True) != o.default:
            default += f"\nbot games: {_show(o.default_for(True), o.kind)}"
        name = Text(o.name, style="bold")
        if o.fixture:
            name.append(" (fixture)", style="yellow")
        name.append("\n  " + o.help, style="dim")
        table.add_row(name, default, _option_allowed(o))
    if not g.options:
        table.add_row("this game has no options", "", "")
    table.caption = (
        "Set options with --option NAME=VALUE. Fixtures set up an exact situation "
        "rather than change a rule."
    )
    table.caption_justify = "left"
    return table


# -- bureau play -------------------------------------------------------------------------------


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play (see 'bureau games').")],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="How many players, or their names: Ann,Ben,Cat."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="The game's seed (default: random).")
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="Who sits where: SEAT=human or SEAT=BOT, SEAT a number or a player's name. "
            "Repeat for more seats; seats not named are random bots.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A rule option NAME=VALUE.")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Write the game record (JSON) here.")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="All-bot games: print only the result.")
    ] = False,
    max_decisions: Annotated[
        int,
        typer.Option("--max-decisions", min=1, help="All-bot games: stop a runaway game here."),
    ] = DEFAULT_MAX_DECISIONS,
) -> None:
    """Play a game in the terminal, against bots or with everyone at one keyboard."""
    with input_errors():
        g = load(game)
        options = parse_assignments(option or [])
        names = g.player_names(players_arg(players, g, options))
        kinds = parse_seats(seat or [], names, bot_kinds(g))
        humans = [s for s, k in kinds.items() if k == HUMAN]
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        match = Match(g, names, seed, options, bots_only=not humans)
        bots = {s: make(k, g, s, seed) for s, k in kinds.items() if k != HUMAN}
    if record is not None and not record.parent.is_dir():
        fail(f"cannot write the record to {record}: no folder {record.parent}")
    console = Console()
    seating = ", ".join(f"{n} ({_seat_kind(kinds[i], len(humans))})" for i, n in enumerate(names))
    header = f"{g.title}, seed {seed}: {seating}"
    if options:
        header += " — options: " + ", ".join(f"{k}={v}" for k, v in options.items())
    console.print(Text(header, style="bold"), soft_wrap=True)
    if not humans and not quiet:
        console.print(
            Text("Every seat is a bot; add --seat 0=human to play yourself.", style="dim")
        )
    session = TerminalGame(match, humans, bots, console, quiet=quiet, max_decisions=max_decisions)
    try:
        ended = session.run()
    except KeyboardInterrupt:
        ended, session.message = QUIT, "interrupted"
    if record is not None:
        _save_record(match, record, console)
    if ended == STUCK:
        fail(f"the game stopped: {session.message}", 1)
    if ended in (QUIT, EOF):
        console.print(
            Text(
                f"Stopped ({session.message}) after {len(match.actions)} actions; "
                "the game is not over.",
            ),
            soft_wrap=True,
        )


def _seat_kind(kind: str, humans: int) -> str:
    if kind == HUMAN:
        return "you" if humans == 1 else "human"
    return f"{kind} bot"


def _save_record(match: Match, path: Path, console: Console) -> None:
    try:
        path.write_text(json.dumps(match.record(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    except OSError as exc:
        fail(f"cannot write the record to {path}: {exc.strerror}")
    console.print(Text(f"Record written to {path} ({len(match.actions)} actions)."), soft_wrap=True)


# -- bureau serve ------------------------------------------------------------------------------


@app.command()
def serve(
    db: Annotated[
        str | None,
        typer.Option("--db", help="A SQLite file (default ./bureau.sqlite3) or a PostgreSQL URL."),
    ] = None,
    redis: Annotated[
        str | None, typer.Option("--redis", help="A Redis URL, to share live updates.")
    ] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    access_log: Annotated[
        bool, typer.Option("--access-log", help="Log every request (off: it costs time).")
    ] = False,
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Behind HTTPS: mark session cookies Secure.")
    ] = False,
    allow_fixtures: Annotated[
        bool,
        typer.Option(
            "--allow-fixtures",
            help="Teaching or testing: hosts may choose a seed and fixtures (deck order,"
            " roles, ...); such tables are marked arranged for everyone.",
        ),
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option("--public-url", help="The address players use, e.g. https://bureau.example"),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            help="Send notifications by e-mail: smtp://HOST:PORT, smtp+starttls://USER:PASS@HOST"
            ":587 or smtps://USER:PASS@HOST:465.",
        ),
    ] = None,
    mail_from: Annotated[
        str | None, typer.Option("--mail-from", help="The mails' sender, e.g. 'Bureau <b@ex.org>'.")
    ] = None,
) -> None:
    """Run the game server (HTTP and WebSocket API; migrates the database on start)."""
    try:  # the server is an extra (bureau[server]): loaded only to serve
        from bureau.server import serve as run_server
        from bureau.server.mail import SmtpConfig
    except ImportError as exc:
        fail(f"bureau serve needs the server extra ({exc.name} is missing):"
             " pip install 'bureau[server]'")  # fmt: skip

    with input_errors():
        if public_url is not None and not public_url.startswith(("http://", "https://")):
            raise BureauError(f"--public-url {public_url!r} must start with http:// or https://")
        if smtp is not None:
            try:
                SmtpConfig.parse(smtp)
            except ValueError as exc:
                raise BureauError(str(exc)) from None
    run_server(db, redis, host, port, access_log, secure_cookies, allow_fixtures, public_url,
               smtp, mail_from)  # fmt: skip


# -- bureau moderate ---------------------------------------------------------------------------


@app.command()
def moderate(
    game: Annotated[str, typer.Argument(help="A moderated forum game (noblesse, seabirds).")],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="How many players, or their names: Ann,Ben,Cat."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The game's seed.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A rule option NAME=VALUE.")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Keep the game record (JSON) here.")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Go on from this game record.")
    ] = None,
) -> None:
    """The moderator's console: enter players' orders, resolve Nights, override with a
    reason, print the BBCode/Markdown post and private reports (commands from stdin)."""
    with input_errors():
        if resume is not None:
            match = Match.replay(resume)
        else:
            g = load(game)
            options = parse_assignments(option or [])
            names = g.player_names(players_arg(players, g, options))
            match = Match(g, names, seed, options)
        if not match.game.moderated:
            moderated = [g.name for g in all_games() if g.moderated]
            raise BureauError(f"{match.game.title} has no moderator; try: {', '.join(moderated)}")
    refused = run_console(match, record)
    if refused:
        raise typer.Exit(1)


# -- bureau replay -----------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_: Annotated[
        str | None, typer.Option("--as", help="Show this seat's view (a number or a name).")
    ] = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Show every seat's view and the public one.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    upto: Annotated[
        int | None, typer.Option("--upto", min=0, help="Stop after this many actions.")
    ] = None,
    log: Annotated[bool, typer.Option("--log", help="Also print the events the viewer saw.")] = (
        False
    ),
    position_out: Annotated[
        Path | None,
        typer.Option(
            "--position-out",
            help="Write the position reached (after --upto's actions) to this file; start a"
            " game from it with --option position=FILE.",
        ),
    ] = None,
) -> None:
    """Replay a game record and print its final view (the spectator's by default)."""
    if as_ is not None and all_:
        fail("give --as PLAYER or --all, not both")
    try:
        match = Match.replay(file, upto=upto)
    except RecordError as exc:
        code = 2 if exc.index is None else 1
        if as_json:
            _write_json(
                {
                    "error": str(exc),
                    "action": None if exc.index is None else exc.index + 1,
                    "entry": exc.action,
                }
            )
        fail(f"replay failed: {exc}" if code == 1 else str(exc), code)
    except BureauError as exc:
        fail(str(exc))
    if position_out is not None:
        with input_errors():
            positions.write(match.game.save_position(match.state), position_out)
    with input_errors():
        viewers: list[int | None]
        if all_:
            viewers = [None, *range(len(match.names))]
        elif as_ is not None:
            viewers = [match.seat(int(as_) if as_.strip().isdigit() else as_)]
        else:
            viewers = [None]
    outcome = match.outcome()
    mismatch = _recorded_outcome_differs(file, match) if upto is None else None
    if as_json:
        out: dict[str, Any] = {
            "game": match.game.name,
            "players": list(match.names),
            "seed": match.seed,
            "actions": len(match.actions),
            "over": outcome is not None,
            "pending": [match.names[s] for s in match.pending()] if outcome is None else [],
            "outcome": outcome.to_json() if outcome is not None else None,
        }
        views = [
            {"viewer": None if v is None else match.names[v], "view": match.view(v)}
            for v in viewers
        ]
        if all_:
            out["views"] = views
        else:
            out.update(views[0])
        if mismatch:
            out["recorded_outcome_differs"] = True
        _write_json(out)
    else:
        console = Console()
        console.print(
            Text(
                f"Replayed {len(match.actions)} actions of {match.game.title} "
                f"({', '.join(match.names)}; seed {match.seed}).",
                style="bold",
            ),
            soft_wrap=True,
        )
        last_view: dict = {}
        for v in viewers:
            who = "the spectator" if v is None else f"{match.names[v]} (seat {v})"
            if len(viewers) > 1 or log:
                console.rule(f"the view of {who}")
            if log:
                print_lines(
                    console,
                    (match.describe(e) for e in match.events if e.visible_to(v)),
                )
            last_view = match.view(v)
            console.print(render_view(last_view))
        if outcome is not None and "outcome" not in last_view:
            console.print(outcome_table(outcome.to_json(), match.names))
        elif outcome is None:
            waiting = ", ".join(match.names[s] for s in match.pending()) or "nobody"
            console.print(Text(f"The game is not over; it waits for {waiting}."))
    if mismatch:
        fail(f"the replayed outcome differs from the one in {file}: {mismatch}", 1)


def _recorded_outcome_differs(file: Path, match: Match) -> str | None:
    """Why the record's own ``outcome`` disagrees with the replay's, if it does."""
    try:
        recorded = json.loads(Path(file).read_text(encoding="utf-8")).get("outcome")
    except (OSError, ValueError, AttributeError):
        return None
    if recorded is None:
        return None
    outcome = match.outcome()
    if outcome is None:
        return "the record says the game ended, but its actions do not end it"
    replayed = json.loads(json.dumps(outcome.to_json()))
    keys = [k for k in sorted(set(recorded) | set(replayed)) if recorded.get(k) != replayed.get(k)]
    return (
        "; ".join(f"{k}: recorded {recorded.get(k)!r}, replayed {replayed.get(k)!r}" for k in keys)
        or None
    )


# -- bureau verify -----------------------------------------------------------------------------


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="A finished hosted game's record (JSON).")],
    receipts: Annotated[
        list[Path] | None,
        typer.Option("--receipts", "-r", help="Receipts you saved during the game (JSON)."),
    ] = None,
    commitment: Annotated[
        str | None, typer.Option("--commitment", help="The commitment you saw at the start.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Prove a hosted game was fair: the revealed seed against the commitment published at
    the start, every action replayed by the rules, every receipt against its action.
    Exit 0 when fair, 1 when a check fails (it says which)."""
    with input_errors():
        record = load_record(file)
        saved = [r for path in receipts or [] for r in _saved_receipts(path)]
    verdict = fairness.verify(record, saved, commitment)
    if as_json:
        _write_json({"fair": verdict.fair, "summary": verdict.summary, "checks": verdict.checks,
                     "problem": verdict.problem, "arranged": verdict.arranged})  # fmt: skip
    else:
        for line in verdict.checks:
            print(f"ok: {line}")
        print(verdict.summary)
    if not verdict.fair:
        raise typer.Exit(1)


# -- bureau check ------------------------------------------------------------------------------


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="Scenario files (TOML).")],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only the scenarios that fail.")
    ] = False,
) -> None:
    """Run scenario files (docs/positions.md): a situation, what is played in it and what
    the rules say must follow. Prints PASS or FAIL for each expectation with what Bureau
    did; exit 0 when all pass, 1 when one fails."""
    failed = 0
    for path in files:
        try:
            report: scenarios.Report | None = scenarios.run(path)
        except scenarios.ScenarioError as exc:
            report, problem = None, f"FAIL {exc}"
        if report is None or not report.passed:
            failed += 1
        if report is None:
            print(problem)
        elif not quiet or not report.passed:
            print(report.text())
    print(f"{len(files) - failed} of {len(files)} scenarios pass")
    if failed:
        raise typer.Exit(1)


def _saved_receipts(path: Path) -> list[dict]:
    """Receipts as the server gave them: ``GET .../receipts`` (an object with
    ``receipts``), a list of receipts, or one receipt."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BureauError(f"cannot read receipts {path}: {exc}") from None
    if isinstance(data, dict):
        data = data.get("receipts", [data])
    if not isinstance(data, list):
        raise BureauError(f"{path} holds no receipts: save what GET /api/games/ID/receipts gives")
    return data


# -- bureau sim --------------------------------------------------------------------------------


@app.command()
def sim(
    game: Annotated[
        str | None,
        typer.Argument(help="The game to simulate (see 'bureau games'); not needed with --from."),
    ] = None,
    games_: Annotated[
        int, typer.Option("--games", "-n", min=0, help="How many games (per variant).")
    ] = 100,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players per game (default: 4).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The tournament's seed.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A rule option NAME=VALUE.")
    ] = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            "--sweep",
            help="Play every value of an option, OPTION=a,b,c, on the same game seeds "
            "(several: every combination).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes (default: one per CPU)."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help=f"Bots by seat, comma separated, or one for all ({', '.join(BOTS)} or the "
            "game's own 'heuristic'; default: the game's heuristic bot, which plays games "
            "to their end).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    max_decisions: Annotated[
        int,
        typer.Option("--max-decisions", min=1, help="A game still running here is an error."),
    ] = DEFAULT_MAX_DECISIONS,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write one JSON line per game to this file, as games end."),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Write an HTML report with plots: DIR/index.html."),
    ] = None,
    from_: Annotated[
        Path | None,
        typer.Option("--from", help="Summarize (and report) the games saved by --out instead."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="Play on the Ray cluster at HOST:PORT ('local': a private one here); "
            "needs bureau\\[cluster].",
        ),
    ] = None,
) -> None:
    """Play bot games and report win rates, game length, actions and the game's statistics.

    With --sweep every variant plays the same game seeds, so they compare on equal deals.
    """
    command = shlex.join(["bureau", *sys.argv[1:]])
    with input_errors():
        if from_ is not None:
            summaries = _saved_summaries(from_, game)
            workers = None
        elif game is None:
            fail("give the GAME to simulate (see 'bureau games'), or --from FILE")
        else:
            g = load(game)
            options = parse_assignments(option or [])
            count = len(g.player_names(players_arg(players, g, options)))
            sweeps = parse_sweeps(sweep or [])
            bot_names = [b.strip() for b in bots.split(",")] if bots else [sim_bot(g)]
            for variant in variants(sweeps):  # bad input fails here, before the progress bar
                prepare(g.name, count, lay_over(options, variant), bot_names)
            if workers is None:
                workers = max(1, min(os.cpu_count() or 1, games_))
            summaries = _simulate(
                g,
                games_,
                count,
                seed,
                options,
                sweeps,
                bot_names,
                workers=workers,
                max_decisions=max_decisions,
                out=out,
                ray=ray,
                progress=not as_json,
            )
        written = _write_report(summaries, report, command) if report is not None else None
    where = None if from_ else f"the Ray cluster at {ray}" if ray else f"{workers} worker(s)"
    swept = bool(sweep) or any(s.variant for s in summaries)
    _print_sim(summaries, workers, where, swept, as_json, written, ray)


def sim_bot(game: Game) -> str:
    """The bot of every seat of ``bureau sim`` without ``--bots``: the game's heuristic bot,
    which plays games to their end (random bots stop most Aristocracy and Noblesse games at
    their cap, without a winner), or ``random`` for a game without one."""
    return "heuristic" if "heuristic" in game.own_bots() else "random"


def _write_report(summaries: list[Summary], folder: Path, command: str) -> Path:
    try:
        return write_report(summaries, folder, command)
    except ImportError as exc:
        fail(f"--report needs the lab extra ({exc.name} is missing): pip install 'bureau[lab]'")
    except OSError as exc:
        fail(f"cannot write the report in {folder}: {exc.strerror or exc}")


def _simulate(
    g: Game,
    games: int,
    players: int,
    seed: int,
    options: dict[str, str],
    sweeps: dict[str, list[str]],
    bots: list[str],
    *,
    workers: int,
    max_decisions: int,
    out: Path | None,
    ray: str | None,
    progress: bool,
) -> list[Summary]:
    """Run the tournament's variants with a progress bar, saving each game to ``out``."""
    bar = None
    if progress:
        bar = Progress(
            TextColumn(f"{g.title}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
    try:
        lines = open(out, "w", encoding="utf-8") if out is not None else nullcontext()  # noqa: SIM115
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    with lines as file, bar or nullcontext():
        advance = None
        if bar is not None:
            task = bar.add_task("games", total=games * len(variants(sweeps)))
            advance = lambda k: bar.advance(task, k)  # noqa: E731

        def save(setup: Setup, result: GameResult) -> None:
            file.write(json.dumps(record(setup, result), ensure_ascii=False) + "\n")
            file.flush()  # a long tournament's games can be read while it runs

        return run_sweep(
            g.name,
            games,
            players,
            seed,
            options,
            bots,
            sweeps,
            workers=workers,
            max_decisions=max_decisions,
            progress=advance,
            on_result=save if file is not None else None,
            ray=ray,
        )


def _saved_summaries(path: Path, game: str | None) -> list[Summary]:
    """The summaries of the games saved in ``path`` (by ``--out``), checked against GAME."""
    summaries = read_records(path)
    if game is not None and load(game).name != summaries[0].game:
        fail(f"{path} holds games of {summaries[0].game}, not {load(game).name}")
    return summaries


def _print_sim(
    summaries: list[Summary],
    workers: int | None,
    where: str | None,
    swept: bool,
    as_json: bool,
    report: Path | None,
    ray: str | None = None,
) -> None:
    if as_json:
        if len(summaries) == 1 and not swept:
            data = _summary_json(summaries[0], workers)
        else:
            first = summaries[0]
            data = {
                "game": first.game,
                "players": first.players,
                "seed": first.seed,
                "bots": list(first.bots),
                "swept": list(dict.fromkeys(k for s in summaries for k in s.variant)),
                "workers": workers,
                "variants": [_summary_json(s, workers) for s in summaries],
            }
        if ray is not None:
            data["ray"] = ray
        if report is not None:
            data["report"] = str(report)
        _write_json(data)
        return
    console = stdout_console()
    if len(summaries) == 1 and not swept:
        console.print(_summary_renderable(summaries[0], where))
    else:
        console.print(_sweep_renderable(summaries, where))
    if report is not None:
        console.print(Text(f"report: {report}"))


def _summary_json(summary: Summary, workers: int | None) -> dict[str, Any]:
    out = summary.to_json()
    out["workers"] = workers
    for example in out["error_examples"]:
        example["reproduce"] = _reproduce(summary, example["seed"])
    return out


TOP_ACTIONS = 8  # action kinds in a tournament's text summary (the report has them all)


def _reproduce(summary: Summary, seed: int) -> str:
    """The command that plays one game of a tournament again, move for move."""
    cmd = f"bureau play {summary.game} --players {summary.players} --seed {seed}"
    for k, v in summary.options.items():
        cmd += f" --option {k}={v}"
    for s, b in enumerate(summary.bots):
        if b != "random":
            cmd += f" --seat {s}={b}"
    if summary.max_decisions != DEFAULT_MAX_DECISIONS:
        cmd += f" --max-decisions {summary.max_decisions}"
    return cmd


def _summary_renderable(summary: Summary, where: str | None) -> RenderableType:
    parts: list[RenderableType] = []
    options = ", ".join(f"{k}={v}" for k, v in summary.options.items()) or "defaults"
    bots = _bots_text(summary.bots)
    parts.append(
        Text(
            f"{summary.game}: {summary.games} games of {summary.players} players, "
            f"seed {summary.seed}, bots {bots}, options: {options}",
            style="bold",
        )
    )
    parts.append(
        Text(f"finished {summary.finished} · capped {summary.capped} · errors {summary.errors}")
    )
    if summary.finished:
        table = Table(
            title=f"Seat win rates over {summary.finished} finished games (95% Wilson interval)",
            title_justify="left",
        )
        table.add_column("seat", justify="right")
        table.add_column("bot")
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("95% interval", justify="right")
        table.add_column("s/move", justify="right")
        for s, (wins, rate, (lo, hi), pace) in enumerate(
            zip(
                summary.wins_by_seat, summary.win_rates or [], summary.win_intervals,
                summary.seconds_per_move, strict=True,
            )
        ):  # fmt: skip
            table.add_row(
                str(s), summary.bots[s], f"{wins:g}", f"{rate:.1%}", f"{lo:.1%} – {hi:.1%}",
                "–" if pace is None else f"{pace:.4f}",
            )  # fmt: skip
        parts.append(table)
    else:
        parts.append(
            Text("No game finished, so there are no win rates (a capped game has no winner).")
        )
    if summary.mean_decisions is not None:
        parts.append(
            Text(
                f"game length: mean {summary.mean_decisions:.1f}, median "
                f"{summary.median_decisions:g} decisions (finished and capped games)"
            )
        )
    if summary.reasons:
        parts.append(
            Text("ended by: " + ", ".join(f"{r or '?'} ({n})" for r, n in summary.reasons.items()))
        )
    if summary.action_means:
        top = list(summary.action_means.items())[:TOP_ACTIONS]
        parts.append(Text("actions per game: " + ", ".join(f"{k} {n:.1f}" for k, n in top)))
    if summary.statistic_means:
        parts.append(
            Text(
                "statistics (mean per game): "
                + ", ".join(f"{k} {v:.2f}" for k, v in summary.statistic_means.items())
            )
        )
    parts.append(Text(_speed_text([summary], where)))
    if summary.errors:
        first = summary.error_examples[0]
        parts.append(
            Text(
                f"first error, game {first.index} (seed {first.seed}): {first.error}\n"
                f"reproduce: {_reproduce(summary, first.seed)}",
                style="bold red",
            )
        )
    return Group(*parts)


def _sweep_renderable(summaries: list[Summary], where: str | None) -> RenderableType:
    """A sweep's variants side by side: endings, seat win rates, length, statistics."""
    first = summaries[0]
    swept = list(dict.fromkeys(k for s in summaries for k in s.variant))
    fixed = {k: v for k, v in first.options.items() if k not in swept}
    parts: list[RenderableType] = [
        Text(
            f"{first.game}: {len(summaries)} variants of {first.games} games of {first.players} "
            f"players on the same seeds (tournament seed {first.seed}), bots "
            f"{_bots_text(first.bots)}, options: "
            + (", ".join(f"{k}={v}" for k, v in fixed.items()) or "defaults"),
            style="bold",
        )
    ]
    games = _variant_table("Games", swept)
    for column in ("finished", "capped", "errors", "mean length", "median length"):
        games.add_column(column, justify="right")
    wins = _variant_table("Seat win rates over finished games (95% Wilson interval)", swept)
    for p, bot in enumerate(first.bots):
        wins.add_column(f"seat {p}\n{bot}", justify="right", no_wrap=True)
    for s in summaries:
        values = [str(v) for v in s.variant.values()]
        lengths = (s.mean_decisions, s.median_decisions)
        games.add_row(
            *values,
            *(str(n) for n in (s.finished, s.capped, s.errors)),
            *("—" if n is None else f"{n:.1f}" for n in lengths),
        )
        rates = s.win_rates
        wins.add_row(
            *values,
            *(
                "—" if rates is None else f"{rates[p]:.0%} ({lo * 100:.0f}–{hi:.0%})"
                for p, (lo, hi) in enumerate(s.win_intervals)
            ),
        )
    parts += [games, wins]
    names = list(dict.fromkeys(n for s in summaries for n in s.statistic_names))
    if names:
        stats = Table(
            title="The game's statistics (mean per game); columns: " + ", ".join(swept),
            title_justify="left",
        )
        stats.add_column("statistic", no_wrap=True)
        for s in summaries:
            stats.add_column("\n".join(str(v) for v in s.variant.values()), justify="right")
        for name in names:
            means = [mean(s.statistic_values(name)) for s in summaries]
            stats.add_row(name, *("—" if m is None else f"{m:.2f}" for m in means))
        parts.append(stats)
    parts.append(Text(_speed_text(summaries, where)))
    for s in summaries:
        if s.errors:
            example = s.error_examples[0]
            parts.append(
                Text(
                    f"{variant_label(s.variant)}: {s.errors} errors; first, game {example.index} "
                    f"(seed {example.seed}): {example.error}\n"
                    f"reproduce: {_reproduce(s, example.seed)}",
                    style="bold red",
                )
            )
    return Group(*parts)


def _variant_table(title: str, swept: list[str]) -> Table:
    """A table with a row per variant, which begins with one column per swept option."""
    table = Table(title=title, title_justify="left")
    for name in swept:
        table.add_column(name, no_wrap=True)
    return table


def _bots_text(bots: tuple[str, ...]) -> str:
    return ", ".join(bots) if len(set(bots)) > 1 else f"{bots[0]} × all"


def _speed_text(summaries: list[Summary], where: str | None) -> str:
    games = sum(s.games for s in summaries)
    seconds = sum(s.seconds for s in summaries)
    decisions = sum(s.decisions for s in summaries)
    if where is None:  # read back from a file: only the games' own times are known
        return f"time: {games} games took {seconds:.2f} s of play in all (saved games)"
    rate = games / seconds if seconds > 0 else 0.0
    per_second = decisions / seconds if seconds > 0 else 0.0
    return (
        f"speed: {games} games in {seconds:.2f} s on {where}: "
        f"{rate:.1f} games/s, {per_second:,.0f} decisions/s"
    )


def main(argv: list[str] | None = None) -> None:
    """The console script ``bureau``."""
    try:
        app(args=argv, prog_name="bureau")
    except KeyboardInterrupt:
        print("bureau: interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
