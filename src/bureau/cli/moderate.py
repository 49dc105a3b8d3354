"""``bureau moderate``: the moderator's console for forum games, in the terminal.

The moderator types (or pipes in) one command per line:

- ``NAME: ORDER`` enters a player's order as received by PM (``Ann: move U3 to B2``);
  a treaty proposal's text follows on the next lines, ended by a line with a single ``.``;
- ``resolve`` resolves the Night now; ``override WHAT because REASON`` changes state;
- ``post [bbcode|markdown]`` prints the public post, ``report NAME [bbcode|markdown]`` a
  player's private report, ``reports [FORMAT]`` all of them;
- ``waiting`` lists who is not done; ``view NAME`` prints a player's view as JSON;
- ``save FILE`` writes the game's position (the whole state, JSON) to FILE; a new game
  started with ``--option position=FILE`` continues from it exactly;
- ``quit`` stops (the record is kept after every accepted command with ``--record``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from bureau.engine import MODERATOR, BureauError, Event, Match, positions

# Up to this many events of one command are printed; more (a Night, a resolution) are summed
# up, since the post and the reports say them for the forum.
ECHOED = 12


class Console:
    """Reads moderator commands and applies them to ``match``."""

    def __init__(self, match: Match, out: TextIO, record: Path | None = None):
        self.match = match
        self.out = out
        self.record = record

    def say(self, text: str) -> None:
        self.out.write(text.rstrip("\n") + "\n")

    def run(self, lines) -> int:
        """Process commands; returns the number of refused ones."""
        refused = 0
        lines = iter(lines)
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line == "quit":
                break
            if line.split(":", 1)[-1].strip().lower().startswith("propose treaty"):
                body = []
                for more in lines:
                    if more.strip() == ".":
                        break
                    body.append(more.rstrip("\n"))
                line = line + "\n" + "\n".join(body)
            try:
                self.command(line)
            except (BureauError, ValueError) as exc:
                refused += 1
                self.say(f"refused: {exc}")
            if self.match.outcome() is not None:
                self.say(f"The game is over: {self.match.outcome().reason}")
                break
        return refused

    def command(self, line: str) -> None:
        words = line.split()
        head = words[0].lower()
        post = self.match.game.forum_post
        if head == "post":
            self.say(post(self.match.state, None, _fmt(words)))
        elif head == "report" and len(words) >= 2:
            seat = self.match.seat(words[1])
            self.say(post(self.match.state, seat, _fmt(words[1:])))
        elif head == "reports":
            for seat in range(len(self.match.names)):
                self.say(post(self.match.state, seat, _fmt(words)))
        elif head == "waiting":
            names = [self.match.names[s] for s in self.match.pending()]
            self.say("Waiting for: " + (", ".join(names) or "nobody"))
        elif head == "view" and len(words) == 2:
            view = self.match.view(self.match.seat(words[1]))
            self.say(json.dumps(view, indent=1, ensure_ascii=False))
        elif head == "save" and len(words) >= 2:
            self.save(Path(line.split(None, 1)[1].strip()).expanduser())
        elif head in ("resolve", "override"):
            self.play(MODERATOR, line)
        elif ":" in words[0] or (len(words) > 1 and words[1] == ":"):
            who, _, text = line.partition(":")
            self.play(self.match.seat(who.strip()), text.strip())
        else:
            raise ValueError(
                "write NAME: ORDER, resolve, override WHAT because REASON, post, report NAME,"
                " reports, waiting, view NAME, save FILE or quit"
            )

    def save(self, path: Path) -> None:
        """Write the position (``Game.save_position``) to ``path`` as JSON."""
        positions.write(self.match.game.save_position(self.match.state), path)
        self.say(f"Saved the position to {path}; start from it with --option position={path}")

    def play(self, seat: int, text: str) -> None:
        g, st = self.match.game, self.match.state
        action = g.read(st, seat, text) if seat == MODERATOR else g.parse(st, seat, text)
        events = self.match.play(seat, action)
        restating = getattr(g, "restating", frozenset())
        shown = [e for e in events if e.kind not in restating]
        if len(shown) <= ECHOED:
            for e in shown:
                self.say(self.line(e))
        else:  # a resolution: its results are what the post and the reports are for
            night = any(e.kind == "night" for e in events)
            done = f"Night {st.night} resolved" if night else f"Resolved ({len(events)} events)"
            self.say(f"{done}. 'post' and 'reports' print the results.")
        if self.record is not None:
            self.record.write_text(
                json.dumps(self.match.record(), indent=1, ensure_ascii=False) + "\n", "utf-8"
            )

    def line(self, event: Event) -> str:
        """How the console says ``event``: an event for one player alone (a line of his
        private report, an override that touches him) names him, ``to Ann: ...``."""
        text = self.match.game.describe(self.match.state, event)
        a = event.audience
        if a > 0 and a & (a - 1) == 0 and a.bit_length() <= len(self.match.names):
            return f"to {self.match.names[a.bit_length() - 1]}: {text}"
        return text


def _fmt(words) -> str:
    return words[1].lower() if len(words) > 1 else "bbcode"


def run_console(match: Match, record: Path | None, source: TextIO | None = None) -> int:
    console = Console(match, sys.stdout, record)
    return console.run(source or sys.stdin)
