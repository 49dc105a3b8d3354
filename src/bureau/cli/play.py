"""Playing a game in the terminal: human seats typed at a prompt, the rest bots.

``TerminalGame(match, humans, bots, console).run()`` drives a ``Match``:
pending bots act first, then each pending human is shown what they may now
see (the events visible to their seat since their last prompt, and their
view), what to type, and a prompt. Input is an action in its canonical text,
or one of the prompt commands (``help``, ``legal``, ``view``, ``log``,
``save FILE``, ``quit``). Bad input prints the engine's message and asks again; it never
changes the game. With no human seat the game runs unattended and prints
the public log.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from bureau.bots import BOTS, Bot
from bureau.engine import BureauError, Match, OptionError, positions

from .render import outcome_table, print_lines, render_view

LIST_AT_MOST = 40  # legal actions listed under the prompt when there are no more than this
LEGAL_PAGE = 200  # legal actions the ``legal`` command prints at most
LOG_TAIL = 40  # log lines the ``log`` command prints (``log all``: every line)
HUMAN = "human"

COMMANDS_HELP = (
    "Commands: 'help' (this help and what you may type), 'legal [PREFIX]' (list the legal "
    "actions, or those starting with PREFIX), 'view' (your view again), 'log [all]' (what you "
    "have seen happen), 'save FILE' (write the position, every hidden card in it: start a game "
    "from it with --option position=FILE), 'quit' (stop; --record still writes the game so far)."
)

# How ``run`` ended.
OVER, QUIT, EOF, STUCK = "over", "quit", "eof", "stuck"


def parse_seats(
    specs: Sequence[str], names: Sequence[str], bots: Mapping[str, object] = BOTS
) -> dict[int, str]:
    """``["0=human", "Ben=random"]`` as ``{seat: "human" or bot name}`` for every seat.

    A seat is its number or its player's name; seats not named are random
    bots; a bare seat means a human.

    >>> parse_seats(["1=human", "cat=random"], ["Ann", "Ben", "Cat"])
    {0: 'random', 1: 'human', 2: 'random'}
    >>> parse_seats(["Zoe=human"], ["Ann", "Ben"])
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: --seat 'Zoe=human': no seat Zoe; the seats are 0-1 or Ann, Ben
    """
    kinds = dict.fromkeys(range(len(names)), "random")
    given: set[int] = set()
    lowered = [n.lower() for n in names]
    choices = ", ".join([HUMAN, *bots])
    for spec in specs:
        who, sep, kind = spec.partition("=")
        who, kind = who.strip(), (kind.strip().lower() if sep else HUMAN)
        if not who or not kind:
            raise OptionError(f"--seat {spec!r}: write SEAT=KIND, like 0=human or Ann=random")
        if who.isdigit() and int(who) < len(names):
            seat = int(who)
        elif who.lower() in lowered:
            seat = lowered.index(who.lower())
        else:
            raise OptionError(
                f"--seat {spec!r}: no seat {who}; the seats are 0-{len(names) - 1} "
                f"or {', '.join(names)}"
            )
        if kind != HUMAN and kind.partition(":")[0] not in bots:  # a bot spec: KIND:k=v
            raise OptionError(f"--seat {spec!r}: {kind!r} is not one of {choices}")
        if seat in given and kinds[seat] != kind:
            raise OptionError(f"--seat {spec!r}: seat {seat} ({names[seat]}) is given twice")
        given.add(seat)
        kinds[seat] = kind
    return kinds


class TerminalGame:
    """A match driven from the terminal. ``run()`` returns how it ended."""

    def __init__(
        self,
        match: Match,
        humans: Sequence[int],
        bots: Mapping[int, Bot],
        console: Console,
        *,
        quiet: bool = False,
        max_decisions: int | None = None,
        read: Callable[[str], str] | None = None,
    ):
        self.match = match
        self.game = match.game
        self.humans = sorted(humans)
        self.bots = dict(bots)
        self.console = console
        self.quiet = quiet
        self.max_decisions = max_decisions
        self.read = read or self._read_line
        self.seen = dict.fromkeys(self.humans, 0)  # events shown to each human so far
        self.public_seen = 0
        self.last_human: int | None = None
        self.message = ""  # why the game stopped, when it did not end by its rules

    def _read_line(self, prompt: str) -> str:
        """A line from stdin after ``prompt``, echoed when stdin is not a terminal."""
        line = self.console.input(Text(prompt, style="bold"))
        if not sys.stdin.isatty():
            self.console.print(Text(line), soft_wrap=True)
        return line

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    # -- the main loop ------------------------------------------------------------------------

    def run(self) -> str:
        """Play until the game is over, or a human quits or input ends."""
        if not self.humans:
            return self._unattended()
        self.console.print(Text(COMMANDS_HELP, style="dim"), soft_wrap=True)
        while self.match.outcome() is None:
            waiting = self.match.pending()
            if not waiting:
                return self._stuck("the game is not over but waits for nobody")
            bot = next((s for s in waiting if s in self.bots), None)
            if bot is not None:
                self.match.play(bot, self.bots[bot].act(self.match.state), time.time())
                continue
            ended = self._turn(waiting[0])
            if ended:
                return ended
        self._finish()
        return OVER

    def _unattended(self) -> str:
        decisions = 0
        while self.match.outcome() is None:
            if self.max_decisions is not None and decisions >= self.max_decisions:
                self._public_log()
                return self._stuck(f"no result after {decisions} decisions (a runaway game?)")
            waiting = self.match.pending()
            if not waiting:
                return self._stuck("the game is not over but waits for nobody")
            seat = waiting[0]
            self.match.play(seat, self.bots[seat].act(self.match.state), time.time())
            decisions += 1
            self._public_log()
        self._finish()
        return OVER

    def _stuck(self, why: str) -> str:
        self.message = why
        return STUCK

    def _public_log(self) -> None:
        events = self.match.events
        if not self.quiet:
            state = self.match.state
            print_lines(
                self.console,
                (
                    self.game.describe(state, e)
                    for e in events[self.public_seen :]
                    if e.visible_to(None)
                ),
            )
        self.public_seen = len(events)

    # -- a human's turn -------------------------------------------------------------------------

    def _turn(self, seat: int) -> str | None:
        """Prompt ``seat`` until it plays an action; QUIT or EOF if the human stops."""
        name = self.names[seat]
        if len(self.humans) > 1 and seat != self.last_human:
            self.console.rule(f"{name} to play (seat {seat})")
        self.last_human = seat
        self._show_events(seat)
        legal = self.game.legal_actions(self.match.state, seat)
        if len(legal) == 1 and not self.game.open_ended:
            text = str(legal[0])
            self.match.play(seat, legal[0], time.time())
            self.console.print(
                Text(f"{name}: your only legal action is '{text}'; played it for you.")
            )
            return None
        self.console.print(render_view(self.match.view(seat)))
        self._show_choices(seat, legal)
        while True:
            try:
                line = self.read(f"{name}> ")
            except EOFError:
                self.console.print()
                self.message = "input ended"
                return EOF
            except KeyboardInterrupt:
                self.console.print()
                self.message = "interrupted"
                return QUIT
            line = line.strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit") and not rest:
                self.message = f"{name} quit"
                return QUIT
            if word in ("help", "?") and not rest:
                self.console.print(Text(COMMANDS_HELP, style="dim"), soft_wrap=True)
                self._show_choices(seat, legal)
                continue
            if word == "legal":
                self._list_legal(legal, rest.strip())
                continue
            if word == "view" and not rest:
                self.console.print(render_view(self.match.view(seat)))
                continue
            if word == "log" and rest.strip().lower() in ("", "all"):
                self._show_log(seat, everything=bool(rest.strip()))
                continue
            if word == "save" and rest.strip():
                self._save(rest.strip())
                continue
            if self._try(seat, line):
                return None

    def _save(self, path: str) -> None:
        """Write the position to ``path`` (the game's own hidden cards included)."""
        try:
            positions.write(self.game.save_position(self.match.state), path)
        except BureauError as exc:
            self._complain(str(exc))
            return
        self.console.print(
            Text(f"Saved the position to {path}; start from it with --option position={path}")
        )

    def _try(self, seat: int, line: str) -> bool:
        """Play ``line`` for ``seat``; on bad input print why and return False."""
        try:
            action = self.game.parse(self.match.state, seat, line)
        except BureauError as exc:
            self._complain(str(exc))
            return False
        except Exception as exc:  # a parser bug must not end the human's game
            self._complain(f"the game could not read that ({type(exc).__name__}: {exc})")
            return False
        try:
            self.match.play(seat, action, time.time())
        except BureauError as exc:
            self._complain(str(exc))
            return False
        return True

    def _complain(self, message: str) -> None:
        self.console.print(Text.assemble(("✗ ", "bold red"), message), soft_wrap=True)

    def _show_events(self, seat: int) -> None:
        events = self.match.events
        state = self.match.state
        lines = [
            self.game.describe(state, e) for e in events[self.seen[seat] :] if e.visible_to(seat)
        ]
        self.seen[seat] = len(events)
        if lines:
            self.console.print(Text("Since your last turn:", style="bold"))
            print_lines(self.console, ("  " + line for line in lines))

    def _show_choices(self, seat: int, legal: list) -> None:
        hint = self.game.action_help(self.match.state, seat)
        if hint:
            self.console.print(Text(hint), soft_wrap=True)
        if 0 < len(legal) <= LIST_AT_MOST:
            self.console.print(Text("Legal now:", style="bold"))
            self.console.print(Columns([Text(str(a)) for a in legal], padding=(0, 3)))
        elif legal:
            self.console.print(
                Text(
                    f"{len(legal)} legal actions{_kinds(legal)}; type 'legal' to list them "
                    "or 'legal WORD' for those starting with WORD.",
                ),
                soft_wrap=True,
            )

    def _list_legal(self, legal: list, prefix: str) -> None:
        texts = [str(a) for a in legal]
        if prefix:
            texts = [t for t in texts if t.lower().startswith(prefix.lower())]
        if not texts:
            what = f" starting with {prefix!r}" if prefix else ""
            self.console.print(Text(f"No legal action{what}."))
            return
        shown = texts[:LEGAL_PAGE]
        self.console.print(Columns([Text(t) for t in shown], padding=(0, 3)))
        if len(texts) > len(shown):
            self.console.print(
                Text(
                    f"... and {len(texts) - len(shown)} more{_kinds(legal, prefix)}; "
                    "narrow the list with 'legal PREFIX', e.g. 'legal "
                    f"{_example_prefix(texts)}'.",
                    style="dim",
                ),
                soft_wrap=True,
            )

    def _show_log(self, seat: int, everything: bool) -> None:
        state = self.match.state
        lines = [self.game.describe(state, e) for e in self.match.events if e.visible_to(seat)]
        if not everything and len(lines) > LOG_TAIL:
            self.console.print(
                Text(f"({len(lines) - LOG_TAIL} earlier lines; 'log all' shows them)", style="dim")
            )
            lines = lines[-LOG_TAIL:]
        print_lines(self.console, lines or ["(nothing has happened yet)"])

    # -- the end ----------------------------------------------------------------------------------

    def _finish(self) -> None:
        """The last events, the final view of the one human (if one) and the result."""
        view = None
        if len(self.humans) == 1:
            self._show_events(self.humans[0])
            view = self.match.view(self.humans[0])
        else:
            self._public_log()
            if self.humans:
                view = self.match.view(None)
        if view is not None:
            self.console.print(render_view(view))
        if view is None or "outcome" not in view:
            self.console.print(outcome_table(self.match.outcome().to_json(), self.names))


def _kinds(legal: list, prefix: str = "") -> str:
    """`` (trade 180, store 20, pass 1)``: the legal actions counted by their first word.

    >>> _kinds(["pass", "trade 2D for JH@market", "trade 2D for QS@Ann"])
    ' (trade 2, pass 1)'
    >>> _kinds(["bid 0", "bid 1"])
    ''
    """
    counts = Counter(str(a).split(" ", 1)[0] for a in legal if str(a).startswith(prefix))
    if len(counts) < 2:
        return ""
    shown = [f"{word} {n}" for word, n in counts.most_common(8)]
    if len(counts) > 8:
        shown.append("...")
    return " (" + ", ".join(shown) + ")"


def _example_prefix(texts: list[str]) -> str:
    words = texts[-1].split()
    return " ".join(words[:2]) if len(words) > 1 else words[0]
