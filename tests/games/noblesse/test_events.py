"""What each reader is told: every event kind Noblesse emits describes to one line of text
naming players (and, in diplomacy, factions) by name (the web table's "What happened");
a player who sends no set-up before Night 1 gets the Bureau's, at the deadline or at the
moderator's resolve, and never a square -1 (NSE-07 .. NSE-09, NSE-A08); each moderator
override reaches the moderator once, and players as before."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest

from bureau.engine import EVERYONE, MODERATOR, IllegalAction, Match
from bureau.engine.events import SPECTATOR_BIT
from bureau.games import noblesse
from bureau.games.noblesse import rules
from bureau.games.noblesse.night import Night

from .helpers import GAME, NAMES, ROLES, act, moderate, resolve, setup_text, table

FACTIONS = ("The Pape", "Le Roi des Fleurs", "The Twice Crowned King", "The Alliance of States")
SOURCE = Path(noblesse.__file__).parent


def emitted_kinds() -> set[str]:
    """Every event kind written in the package's source: ``Event("kind"`` and the
    treaty events of ``treaties._event(state, t, "kind"``."""
    found = set()
    for path in SOURCE.glob("*.py"):
        text = path.read_text("utf-8")
        found |= set(re.findall(r'Event\(\s*"([^"]+)"', text))
        found |= set(re.findall(r'_event\(state, t, "([^"]+)"', text))
    return found


def fallback(event) -> str:
    return f"{event.kind} {event.data}"


def assert_described(state, events) -> None:
    """Each event's description is one non-empty line, not the engine's fallback."""
    for e in events:
        text = GAME.describe(state, e)
        assert text.strip() and text != fallback(e), f"{e.kind} has no description: {e!r}"
        assert "\n" not in text, f"{e.kind} describes to several lines: {text!r}"
        assert "{" not in text and "'player'" not in text, f"{e.kind}: raw data in {text!r}"


def proposal(f1: int, f2: int) -> str:
    """A treaty from faction f1 to f2: a self-reportable promise, a fine (penalty ii), a
    forced action (penalty iii: a decision for the moderator), Neutral, ending after a
    cycle."""
    a, b = FACTIONS[f1], FACTIONS[f2]
    return "\n".join(
        [
            f"propose treaty to {b}",
            "Faction 1 promises:",
            f'"{a}" "will not" enter "E5" on the game board, with "any units" "for 3 cycles";',
            "Faction 2 promises:",
            f'the "{b}" "will not" seek control of "C3" "and/or" "" "for 3 cycles".',
            "Penalties:",
            'the offending faction\'s leader pays the offended faction leader the "1" of'
            ' "Money" "".',
            'the offending faction\'s leader performs "Arson" on "a player of the offended'
            ' faction leader\'s choice", "as specified at the report of the breach of the'
            ' treaty".',
            "Expiration:",
            'the treaty is ended "at the start of 2 cycles" from the moment the treaty starts.',
            "Status: Neutral",
        ]
    )


# -- every kind, described -------------------------------------------------------------------


ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)


def test_every_event_kind_the_package_emits_describes_to_one_line():
    """NSE-99 .. NSE-105 (treaties, breaches, statuses), NSE-112, NSE-113, NSE-111,
    NSE-A06, NSE-A32 and the moderator's console: a scripted game that emits every event
    kind of the package's source; each describes to one line, never to the fallback."""
    st = table(lynch=True, max_nights=4)
    events = []
    for seat in range(8):
        events += act(st, seat, setup_text(seat))
    st.houses[ANN].res = [3, 0, 0]
    events += act(st, ANN, "marry Cat")
    events += resolve(st)  # Night 1
    events += act(st, CAT, "accept marriage")
    events += act(st, ANN, "tc A1 Inf")
    events += act(st, ANN, "steward A1")  # a caution: the TC listed first goes first
    events += act(st, ANN, "cancel 2")
    events += act(st, ANN, "cancel 1")
    events += act(st, ANN, "successor Ben")
    events += act(st, ANN, "give officer Cardinal Legate to Ben")
    events += act(st, ANN, "contact Ben")
    for seat in (EVE, FAY, GUS):
        events += act(st, seat, "vote Hal")  # lynched before Night 2 (a public post)
    events += act(st, ANN, proposal(0, 1))
    events += act(st, CAT, "sign treaty 1")
    events += act(st, ANN, proposal(0, 2))
    events += act(st, EVE, "reject treaty 2")
    events += moderate(st, "override note The harvest is good because a ruling")
    events += moderate(st, "resolve")  # Night 2: treaty 1 starts, Pape and Fleurs Neutral
    events += act(st, ANN, "report breach of treaty 1 promise 1")  # a self-report
    events += resolve(st)  # Night 3: penalties, a payment, a decision; treaty 1 ends
    events += resolve(st)  # Night 4: the cap
    assert st.outcome is not None
    kinds = {e.kind for e in events}
    assert kinds == emitted_kinds(), "a kind is missing from the script, or new"
    assert_described(st, events)
    said = {e.kind: GAME.describe(st, e) for e in events}
    assert said["cancelled"] == "Ann cancelled the order: tc A1 Inf"
    assert said["caution"] == (
        "'steward A1' is accepted; it fails at Night if your Tax Collector takes office on A1"
        " first (it comes earlier in your list), since a Steward never joins Tax Collectors"
        " (NSE-23)."
    )
    assert said["successor"] == "Ann named Ben as successor (NSE-112)."
    assert said["treaty proposed"] == "The Pape proposed treaty 2 to The Twice Crowned King."
    assert said["treaty signed"] == (
        "Le Roi des Fleurs signed treaty 1 with The Pape; it starts at Night 2."
    )
    assert said["treaty rejected"] == "The Twice Crowned King rejected treaty 2."
    assert said["breach reported"] == (
        "The Pape reported its own breach of promise 1 of treaty 1 by The Pape; the penalties"
        " take effect at step 1 of Night 3."
    )
    changed = [GAME.describe(st, e) for e in events if e.kind == "status changed"]
    assert changed[0] == "The Pape and Le Roi des Fleurs are now neutral (they were hostile)."
    assert said["treaty started"].startswith("Treaty 1 starts: ")
    assert said["penalty paid"].startswith("Treaty 1, penalty payment: The Pape paid ")
    assert said["treaty decision"].startswith("Treaty 1, for the moderator: penalty iii")


def test_a_battle_report_is_one_line_in_the_events_and_whole_in_the_report():
    """NSE-A14: the round-by-round report stays whole in the player's report; its event
    describes to who fought and who won."""

    st = table()
    for seat in range(8):
        act(st, seat, setup_text(seat))
    resolve(st)
    night = Night(st)
    report = "Battle: Ann (attacker) against Gus\nAnn: ATK 5\nRound 1: ...\nAnn wins with morale 8."
    night.tell(ANN, report)
    event = night.events[-1]
    assert GAME.describe(st, event) == "Battle: Ann (attacker) against Gus; Ann wins with morale 8."
    assert st.reports[ANN][-1] == report


# -- random games --------------------------------------------------------------------------------


def extra(m: Match, rng: random.Random) -> tuple[int, str] | None:
    """Now and then, what random bots do not: cancel an order, propose, sign or reject a
    treaty, report a breach, name a successor, or a moderator's override or resolve."""
    st = m.state
    fls = [s for s in st.leaders if s >= 0 and st.houses[s].alive]
    choice = rng.randrange(7)
    if choice == 0:
        seats = [s for s in st.living() if len(st.houses[s].orders) > 1]
        if seats:
            seat = rng.choice(seats)
            return seat, f"cancel {rng.randrange(1, len(st.houses[seat].orders) + 1)}"
    elif choice == 1 and len(fls) > 1:
        a, b = rng.sample(fls, 2)
        return a, proposal(st.houses[a].faction, st.houses[b].faction)
    elif choice == 2 and st.proposals:
        p = rng.choice(st.proposals)
        return st.leaders[p.to], f"{rng.choice(['sign', 'reject'])} treaty {p.id}"
    elif choice == 3:
        running = [t for t in st.treaties if t.active]
        if running:
            t = rng.choice(running)
            return st.leaders[rng.choice((t.f1, t.f2))], (
                f"report breach of treaty {t.id} promise {rng.choice((1, 2))}"
            )
    elif choice == 4:
        words = rng.choice(
            ["note A quiet harvest", "control C3 pape", "status pape crowns neutral"]
        )
        return MODERATOR, f"override {words} because a ruling"
    elif choice == 5 and rng.random() < 0.3:
        return MODERATOR, "resolve"
    elif choice == 6 and fls:
        fl = rng.choice(fls)
        team = [s for s in st.living() if st.houses[s].faction == st.houses[fl].faction]
        return fl, f"successor {st.names[rng.choice(team)]}"
    return None


def random_game(seed: int) -> Match:
    """A bot game of 8 to 12 seats, three Nights, with the game's own random moves
    (``moves.sample``) and now and then an ``extra``."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"]
    m = Match(
        "noblesse", names[: 8 + seed % 5], seed=seed, options={"max_nights": 3}, bots_only=True
    )
    rng = random.Random(seed)
    while m.outcome() is None:
        if m.state.night > 0 and rng.random() < 0.15:
            chosen = extra(m, rng)
            if chosen is not None:
                seat, text = chosen
                with contextlib.suppress(IllegalAction, ValueError):
                    m.play(seat, text)
                continue
        seat = m.pending()[0]
        m.play(seat, m.game.sample_action(m.state, seat, rng))
    return m


def test_every_event_of_random_games_describes_to_one_line():
    """300 random-bot games (with treaties, breaches, cancels and overrides thrown in):
    every event any reader gets describes to one line of text, not the fallback."""
    kinds = set()
    for seed in range(300):
        m = random_game(seed)
        assert_described(m.state, m.events)
        kinds |= {e.kind for e in m.events}
    assert {
        "cancelled", "treaty proposed", "treaty signed", "treaty rejected", "breach reported",
        "status changed", "treaty started", "override", "moderator", "successor",
    } <= kinds  # fmt: skip


# -- a player who sends no set-up ------------------------------------------------------------------


def without_hal():
    """Everyone but Hal (seat 7, the Alliance's Captain-General) has sent his set-up."""
    st = table()
    GAME.begin(st, 0.0)
    for seat in range(7):
        act(st, seat, setup_text(seat))
    return st


def hal_house(st):
    h = st.houses[HAL]
    units = sorted((u.kind, u.commander, u.companies, st.label(u.square))
                   for u in st.units.values() if u.owner == HAL)  # fmt: skip
    return st.label(h.home), h.design, h.skipped, units


def test_nse07_a_missed_setup_gets_the_bureaus_at_the_moderators_resolve():
    """NSE-07 .. NSE-09, NSE-A08: at the moderator's resolve, Hal, who sent no set-up, gets
    the Bureau's: the first free square of his range (H8), 2-2-1, every ability, the set-up
    example's Brigade; he is told so, and no order of his names a square -1 (J10)."""
    st = without_hal()
    moderate(st, "resolve")
    legal = [str(o) for o in GAME.legal_actions(st, HAL)]
    assert not any("J10" in o.split() for o in legal), "Gus's home J10 shows in Hal's orders"
    assert st.night == 1 and all(h.home >= 0 for h in st.houses)
    assert "tc H8 Inf" in legal
    assert GAME.view(st, HAL)["you"]["home"] == "H8"
    assert hal_house(st) == (
        "H8", (2, 2, 1), 4,
        [("Brigade", "courtier", ("R7", "R7", "F6", "F6", "C1", "C1", "C1", "C1", "C1"), "H8")],
    )  # fmt: skip
    assert st.ctrl[st.square("H8")] == (st.houses[HAL].faction, HAL)
    given = (
        "setup H8 income 2-2-1 skip uniques unit Brigade led by courtier with R7 x2, F6 x2, C1 x5"
    )
    assert (
        st.reports[HAL][0]
        == f"You sent no set-up before Night 1, so the Bureau set up your house: {given}."
    )
    assert str(GAME.timeout_action(without_hal(), HAL)) == given


def test_nse07_the_deadline_and_the_resolve_give_the_same_setup():
    """NSE-07 .. NSE-09: the deadline's timeout action for a missed set-up (played after
    the clock, as the server does) gives Hal the house the moderator's resolve gives; the
    record replays to the same game, and Hal is not done for Day 1."""
    resolved = without_hal()
    moderate(resolved, "resolve")
    m = Match("noblesse", list(NAMES), seed=1, options={"roles": list(ROLES)})
    m.begin(0.0)
    for seat in range(7):
        m.play(seat, setup_text(seat), at=float(seat))
    late = m.game.deadline(m.state) + 1
    first = m.pending()[0]
    assert first == ANN and str(m.game.timeout_action(m.state, ANN)) == "done"
    m.play(HAL, str(m.game.timeout_action(m.state, HAL)), at=late)
    assert m.state.night == 1 and hal_house(m.state) == hal_house(resolved)
    assert HAL in m.pending()
    again = Match.replay(m.record())
    assert again.view(MODERATOR) == m.view(MODERATOR)


def test_nse07_a_late_setup_of_ones_own_is_refused_after_the_deadline():
    """NSE-07: past the deadline the Night comes first, with the Bureau's set-up for Hal;
    a set-up of his own made then is refused and changes nothing."""
    st = without_hal()
    late = st.clock + 1
    mine = GAME.parse(st, HAL, "setup I8 income 3-1-1 skip 8 unit Regiment with O1, C1 x3, F6 x2")
    with pytest.raises(IllegalAction, match="setup is over"):
        GAME.apply(st, HAL, mine, at=late)
    assert st.night == 0 and st.houses[HAL].home == -1


def test_no_square_is_minus_one():
    """A square -1 has no label: asking for one is an error, not J10."""
    st = table()
    with pytest.raises(ValueError, match="not on the board"):
        st.label(-1)


# -- overrides reach the moderator once --------------------------------------------------------


def audience(st, events, reader) -> list[str]:
    return [GAME.describe(st, e) for e in events if e.visible_to(reader)]


@pytest.mark.parametrize(
    "what, told",
    [
        ("control E5 pape", "everyone"),
        ("status pape fleurs neutral", "everyone"),
        ("note The bridge at E5 is out", "everyone"),
        ("resources Ben 1 2 3", BEN),
        ("wounds Ben 1", BEN),
        ("courtiers Ben 8", BEN),
        ("remove U1", None),
    ],
)
def test_each_override_reaches_the_moderator_once(what, told):
    """The moderator's console: one event per override. She reads it once; the players it
    touches (everyone, for what changes the public board) read it once, as before."""
    st = table()
    for seat in range(8):
        act(st, seat, setup_text(seat))
    resolve(st)
    events = moderate(st, f"override {what} because a ruling")
    text = f"Moderator override: {what} (because a ruling)."
    assert [GAME.describe(st, e) for e in events if e.kind == "override"] == [text]
    assert audience(st, events, MODERATOR) == [text]
    for seat in range(8):
        shown = audience(st, events, seat)
        assert shown == ([text] if told == "everyone" or told == seat else [])
    assert audience(st, events, None) == ([text] if told == "everyone" else [])
    if told == "everyone":
        assert events[0].audience == EVERYONE and events[0].data == {"text": text}
    elif told == BEN:
        assert events[0].data == {"player": BEN, "text": text}
        assert not events[0].audience >> SPECTATOR_BIT & 1


def test_default_setups_skip_taken_squares_and_the_set_up():
    """NSE-07: two players of one faction without set-ups get different squares, and a
    submitted home is never given again."""
    st = table()
    act(st, GUS, "setup H8 income 2-2-1 skip uniques unit Regiment with O1, C1 x3, F6 x2")
    given = rules.default_setups(st)
    assert GUS not in given
    assert st.label(given[HAL][0]) == "H9"
    assert len({home for home, _ in given.values()}) == 7
