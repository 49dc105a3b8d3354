"""Scenario files: a situation, what is played in it, and what the rules say must follow.

Like the DATC test cases of Diplomacy's adjudicators, a scenario writes one ruling down
so that anyone can run it: a start (a saved position, a record's first actions, or a
fresh deal), steps that play actions (and moderator commands) at given times, and
expectations about views, events, refusals, the seats pending, the legal actions and
the outcome. ``bureau check FILE...`` runs them and says PASS or FAIL for each
expectation with what Bureau did; the format is in ``docs/positions.md``.

>>> text = '''
... title = "One seat at a time"
... rules = ["ARI-20"]
... game = "aristocracy"
... players = 2
... options = { herald = 0 }
... [[step]]
... expect = "pending"
... seats = ["Ann"]
... [[step]]
... play = "Ann: stall none"
... [[step]]
... play = "Ann: stall none"
... refused = true
... says = "not your turn"
... '''
>>> report = run_text(text, "turns.toml")
>>> report.passed, [r.passed for r in report.results]
(True, [True, True])
>>> print(report.results[1].line())
PASS step 3: Ann: stall none is refused: it is not your turn to decide. The game is waiting for Ben.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BureauError, IllegalAction
from .events import MODERATOR, MODERATOR_NAME, Event
from .match import Match
from .record import load_record, parse_time

START_KEYS = ("title", "rules", "game", "seed", "options", "players", "position", "record", "upto")
RULE_ID = re.compile(r"^[A-Z]{3}-A?\d+[a-z]?$")
EXPECTS = ("view", "event", "pending", "outcome", "legal")
SPECTATOR = "spectator"


class ScenarioError(BureauError, ValueError):
    """A scenario file that cannot be read: it says which key is wrong and how."""


@dataclass(slots=True)
class Result:
    """One checked step: its number (1 is the first ``[[step]]``), PASS or FAIL, and what
    was expected against what Bureau did."""

    step: int
    passed: bool
    text: str

    def line(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'} step {self.step}: {self.text}"


@dataclass(slots=True)
class Report:
    """What running one scenario showed."""

    path: str
    title: str
    rules: list[str]
    results: list[Result] = field(default_factory=list)
    stopped: str = ""  # why the scenario ended early, if it did

    @property
    def passed(self) -> bool:
        return not self.stopped and all(r.passed for r in self.results)

    def text(self) -> str:
        head = f"{self.path}: {self.title} ({', '.join(self.rules)})"
        lines = [head, *("  " + r.line() for r in self.results)]
        if self.stopped:
            lines.append(f"  FAIL {self.stopped}")
        return "\n".join(lines)


def run(path: str | Path) -> Report:
    """Run the scenario file at ``path``; ``ScenarioError`` when it cannot be read."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise ScenarioError(
            f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    return run_text(text, str(path), path.parent)


def run_text(text: str, where: str, folder: Path | None = None) -> Report:
    """Run a scenario given as TOML ``text``; files it names are read from ``folder``."""
    try:
        spec = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{where}: not valid TOML: {exc}") from None
    return _Runner(spec, where, folder or Path(".")).run()


class _Runner:
    def __init__(self, spec: dict, where: str, folder: Path):
        self.where, self.folder = where, folder
        self.spec = spec
        self.steps = self._shape(spec)
        self.match: Match  # set up by run(), before the first step
        self.last: list[Event] = []

    def fail(self, path: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.where}: {path}: {problem}")

    # -- reading ------------------------------------------------------------------------------

    def _shape(self, spec: dict) -> list[dict]:
        for key in spec:
            if key not in (*START_KEYS, "step"):
                keys = ", ".join((*START_KEYS, "step"))
                raise self.fail(key, f"unknown key; the keys are {keys}")
        for key, kind in (("title", str), ("game", str), ("rules", list)):
            if not isinstance(spec.get(key), kind):
                raise self.fail(key, f"missing, or not {'a list' if kind is list else 'a string'}")
        for i, rule in enumerate(spec["rules"]):
            if not isinstance(rule, str) or not RULE_ID.match(rule):
                raise self.fail(f"rules[{i}]", f"{rule!r} is not a rule id like NOB-31 or ARI-A08")
        if not spec["rules"]:
            raise self.fail("rules", "name the rule ids the scenario covers")
        if "position" in spec and "record" in spec:
            raise self.fail("record", "start from a position or from a record, not both")
        steps = spec.get("step", [])
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise self.fail("step", "write each step as a [[step]] table")
        for i, step in enumerate(steps, 1):
            kinds = [k for k in ("play", "timeout", "expect") if k in step]
            if len(kinds) != 1:
                raise self.fail(f"step {i}", "give exactly one of play, timeout or expect")
            if kinds == ["expect"] and step["expect"] not in EXPECTS:
                raise self.fail(f"step {i}.expect", f"one of {', '.join(EXPECTS)}")
        return steps

    def _start(self) -> Match:
        spec = self.spec
        options = dict(spec.get("options", {}))
        if "position" in spec:
            position = spec["position"]
            options["position"] = (
                str(self.folder / position) if isinstance(position, str) else position
            )
        players = spec.get("players")
        if "record" in spec:
            record = load_record(self.folder / spec["record"])
            match = Match.replay(record, upto=spec.get("upto"))
            if players is not None or options:
                raise self.fail("record", "a record gives the players and options itself")
            return match
        if players is None and "position" not in spec:
            raise self.fail("players", "missing: give a count or the names")
        return Match(spec["game"], players, spec.get("seed", 0), options)

    # -- running ------------------------------------------------------------------------------

    def run(self) -> Report:
        spec = self.spec
        report = Report(self.where, spec["title"], list(spec["rules"]))
        try:
            self.match = self._start()
        except BureauError as exc:
            report.stopped = f"the scenario's start cannot be set up: {exc}"
            return report
        if self.match.game.name != spec["game"]:
            raise self.fail("game", f"the record is a game of {self.match.game.name}")
        for number, step in enumerate(self.steps, 1):
            try:
                result = self._step(number, step)
            except _Stop as stop:
                report.results.append(Result(number, False, str(stop)))
                report.stopped = f"the scenario stopped at step {number}"
                break
            if result is not None:
                report.results.append(result)
        return report

    def _step(self, number: int, step: dict) -> Result | None:
        if "play" in step:
            return self._play(number, step)
        if "timeout" in step:
            seat = self._seat(step["timeout"], f"step {number}.timeout")
            at = self._time(step, number)
            match = self.match
            action = match.game.timeout_action(match.state, seat)
            at = match.game.deadline(match.state) if at is None else at
            self.last = match.play(seat, action, at, timeout=True)
            return None
        check = getattr(self, f"_expect_{step['expect']}")
        passed, text = check(number, step)
        return Result(number, passed, text)

    def _play(self, number: int, step: dict) -> Result | None:
        who, sep, text = str(step["play"]).partition(":")
        if not sep or not text.strip():
            raise self.fail(f"step {number}.play", "write 'NAME: ACTION'")
        seat = self._seat(who.strip(), f"step {number}.play")
        shown = f"{who.strip()}: {text.strip()}"
        try:
            events = self.match.play(seat, text.strip(), self._time(step, number))
        except IllegalAction as exc:
            if not step.get("refused"):
                raise _Stop(f"{shown} was refused: {exc}") from None
            says = step.get("says", "")
            found = str(says).lower() in str(exc).lower()
            expected = f" (expected it to say {says!r})" if says and not found else ""
            rule = f" [{step['rule']}]" if "rule" in step else ""
            return Result(number, found, f"{shown} is refused{rule}: {exc}{expected}")
        self.last = events
        if step.get("refused"):
            said = "; ".join(self.match.describe(e) for e in events[:3]) or "no events"
            return Result(number, False, f"{shown} was expected to be refused; accepted ({said})")
        return None

    # -- expectations -------------------------------------------------------------------------

    def _expect_view(self, number: int, step: dict) -> tuple[bool, str]:
        reader = step.get("as", SPECTATOR)
        seat = self._reader(reader, f"step {number}.as")
        path = step.get("path", "")
        value, found = _lookup(self.match.view(seat), str(path))
        label = f"{reader} sees {path or 'the view'}"
        if step.get("absent"):
            return not found, f"{label}: expected absent, " + (
                f"shows {_show(value)}" if found else "absent"
            )
        if not found:
            return False, f"{label}: not in the view"
        return _compare(label, value, step, number, self)

    def _expect_event(self, number: int, step: dict) -> tuple[bool, str]:
        reader = step.get("as")
        seat = None if reader is None else self._reader(reader, f"step {number}.as")
        pool = self.match.events if step.get("since") == "start" else self.last
        kind = step.get("kind")
        matching = [
            e
            for e in pool
            if (kind is None or e.kind == kind)
            and (reader is None or e.visible_to(seat))
            and all(e.data.get(k) == v for k, v in step.get("data", {}).items())
            and str(step.get("text", "")).lower() in self.match.describe(e).lower()
        ]
        wanted = f"event {kind or 'any'}" + (f" seen by {reader}" if reader else "")
        if step.get("text"):
            wanted += f" saying {step['text']!r}"
        if step.get("absent"):
            got = "; ".join(self.match.describe(e) for e in matching[:2])
            return not matching, f"no {wanted}: " + (f"there was: {got}" if matching else "none")
        if matching:
            return True, f"{wanted}: {self.match.describe(matching[0])}"
        kinds = ", ".join(dict.fromkeys(e.kind for e in pool)) or "none"
        return False, f"{wanted}: not among the events (kinds: {kinds})"

    def _expect_pending(self, number: int, step: dict) -> tuple[bool, str]:
        names = [self.match.names[s] for s in self.match.pending()]
        wanted = [self.match.names[self._seat(n, f"step {number}.seats")] for n in step["seats"]]
        passed = sorted(names) == sorted(wanted)
        waits = ", ".join(names) or "no one"
        return passed, f"pending {', '.join(wanted) or 'no one'}: Bureau waits for {waits}"

    def _expect_outcome(self, number: int, step: dict) -> tuple[bool, str]:
        out = self.match.outcome()
        if step.get("over") is False:
            return out is None, "the game goes on" + ("" if out is None else ": it is over")
        if out is None:
            return False, "expected the game over: it goes on"
        winners = [self.match.names[s] for s in out.winners]
        checks = []
        if "winners" in step:
            named = [
                self.match.names[self._seat(n, f"step {number}.winners")] for n in step["winners"]
            ]
            checks.append((sorted(named) == sorted(winners), f"winners {', '.join(named)}"))
        if "reason" in step:
            checks.append(
                (str(step["reason"]).lower() in out.reason.lower(), f"reason {step['reason']!r}")
            )
        got = f"winners {', '.join(winners) or 'none'}, reason {out.reason!r}"
        wanted = "; ".join(t for _, t in checks) or "the game over"
        return all(ok for ok, _ in checks), f"{wanted}: Bureau says {got}"

    def _expect_legal(self, number: int, step: dict) -> tuple[bool, str]:
        seat = self._seat(step.get("as", ""), f"step {number}.as")
        legal = {str(a) for a in self.match.game.legal_actions(self.match.state, seat)}
        missing = [a for a in step.get("includes", []) if a not in legal]
        extra = [a for a in step.get("excludes", []) if a in legal]
        name = self.match.names[seat]
        problems = [f"{a!r} is not legal" for a in missing] + [f"{a!r} is legal" for a in extra]
        listed = ", ".join(sorted(legal)[:12]) + (" ..." if len(legal) > 12 else "")
        if problems:
            return False, f"legal for {name}: {'; '.join(problems)} (legal: {listed or 'nothing'})"
        return True, f"legal for {name}: as expected ({len(legal)} actions)"

    # -- values -------------------------------------------------------------------------------

    def _seat(self, name: Any, path: str) -> int:
        try:
            return self.match.seat(name)
        except BureauError as exc:
            raise self.fail(path, str(exc)) from None

    def _reader(self, name: Any, path: str) -> int | None:
        if isinstance(name, str) and name.lower() == SPECTATOR:
            return None
        if isinstance(name, str) and name.lower() == MODERATOR_NAME:
            return MODERATOR
        return self._seat(name, path)

    def _time(self, step: dict, number: int) -> float | None:
        try:
            return parse_time(step.get("at"))
        except BureauError as exc:
            raise self.fail(f"step {number}.at", str(exc)) from None


class _Stop(Exception):
    """A step that could not be played: the scenario ends there."""


def _lookup(view: Any, path: str) -> tuple[Any, bool]:
    """The value at dotted ``path`` in ``view`` (integers index lists), and whether it is
    there.

    >>> _lookup({"a": [{"b": 3}]}, "a.0.b"), _lookup({"a": []}, "a.0")
    ((3, True), (None, False))
    """
    value = view
    for part in filter(None, path.split(".")):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif (
            isinstance(value, list)
            and part.lstrip("-").isdigit()
            and -len(value) <= int(part) < len(value)
        ):
            value = value[int(part)]
        else:
            return None, False
    return value, True


def _compare(label: str, value: Any, step: dict, number: int, runner: _Runner) -> tuple[bool, str]:
    tests: list[tuple[str, Callable[[Any], bool]]] = []
    if "equals" in step:
        tests.append((f"= {_show(step['equals'])}", lambda v: v == step["equals"]))
    if "contains" in step:
        tests.append(
            (f"contains {_show(step['contains'])}", lambda v: _contains(v, step["contains"]))
        )
    if "length" in step:
        tests.append((f"has {step['length']} entries", lambda v: _length(v) == step["length"]))
    if not tests:
        raise runner.fail(
            f"step {number}", "say what to expect: equals, contains, length or absent"
        )
    wanted = " and ".join(t for t, _ in tests)
    passed = all(test(value) for _, test in tests)
    return passed, f"{label} {wanted}: Bureau shows {_show(value)}"


def _contains(value: Any, part: Any) -> bool:
    if isinstance(value, str):
        return str(part).lower() in value.lower()
    if isinstance(value, dict | list | tuple):
        return part in value
    return False


def _length(value: Any) -> int | None:
    return len(value) if isinstance(value, str | list | dict) else None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:70] + "…" + text[-6:]
