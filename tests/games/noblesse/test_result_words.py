"""Noblesse's results and income reports in words: who wins which victory and what met it
(NSE-01 .. NSE-04, NSE-A04), a stopped game's ranking and its ties, and where each
house's income came from at step 9 (NSE-21 .. NSE-24)."""

from __future__ import annotations

import random
import re

from bureau.games.noblesse import victory
from bureau.games.noblesse.state import ALLIED

from .helpers import GAME, act, hold, place_unit, resolve, started

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
PAPE, FLEURS, CROWNS, ALLIANCE = range(4)


def words(st) -> str:
    return victory.summary(st, victory.winners(st))


def test_nse02_a_dynastic_victory_in_words():
    st = started()
    for label in ("B5", "B6", "B7", "D1", "D2", "D3", "G1", "G2"):
        st.nobles[st.square(label)] = ALLIANCE
    assert words(st) == "The Alliance of States wins a Dynastic Victory: 8 Nobles (8 needed)."


def test_nse01_nse03_nse04_military_alliance_and_supremacy_in_words():
    st = started()
    hold(st, CROWNS, ("E5", "E6", "F5", "F6"))
    assert words(st) == (
        "The Twice Crowned King wins a Military Victory: it holds every victory square"
        " (E5, E6, F5 and F6)."
    )
    st = started()
    st.status[(PAPE, FLEURS)] = ALLIED
    hold(st, PAPE, ("E5", "E6"))
    hold(st, FLEURS, ("F5", "F6"))
    assert words(st) == (
        "The Pape wins an Alliance Victory: with its ally Le Roi des Fleurs, two victory"
        " squares each (E5 and E6; F5 and F6). Le Roi des Fleurs wins an Alliance Victory:"
        " with its ally The Pape, two victory squares each (F5 and F6; E5 and E6). More"
        " than one faction met a victory condition at the same check, and they share the"
        " victory (simultaneous_victory=shared)."
    )
    st = started()
    for seat in (DAN, EVE, FAY, GUS, HAL):
        st.houses[seat].alive = False
    assert words(st) == (
        "The Pape wins a Supremacy Victory: 2 of the 3 living players are aligned with it."
    )


def test_a_stopped_game_ranks_by_estates_and_says_its_ties():
    """The Night cap: no victory; the outcome ranks factions by the estates they hold,
    and factions level on estates share a place, said in words."""
    st = started(max_nights=2)
    resolve(st)
    out = st.outcome
    assert out.capped and out.reason == "stopped after Night 2"
    held = {f: sum(1 for g, _ in st.ctrl.values() if g == f) for f in range(4)}
    summary = out.details["summary"]
    assert summary.startswith("No faction won by Night 2, the last this game plays")
    for f, name in enumerate(x.name for x in st.scenario.factions):
        assert f"{name} {held[f]}" in summary
    if len(set(held.values())) < 4:
        assert "share a place" in summary
    assert st.post[-1] == f"The game is over: {summary}"


def test_nse21_nse24_the_income_report_says_where_it_came_from():
    """NSE-21, NSE-24: TC (2 Inf) + Lobbyist (+2) + Tithe (1) = 5 Inf, each said."""
    st = started({ANN: ["tc A1 Inf", "lobbyist A1 Inf"]})
    (line,) = [x for x in st.reports[ANN] if x.startswith("Income:")]
    assert line == (
        "Income: 5 Inf, 0 MP, 0 $ (Tax Collector on A1: 2 Inf; Lobbyist on A1: 2 Inf;"
        " your faction's Tithe: 1 Inf). You now hold 5 Inf, 0 MP, 0 $."
    )


def test_nse16_a_faction_estates_steward_pays_the_leader_and_says_so():
    """NSE-16, NSE-22: Ben's Steward takes C4 (1-0-2) for the Pape; its income goes to
    Ann, the Faction Leader, whose report names the estate, not whose Steward it is."""
    st = started()
    place_unit(st, BEN, "C4")
    act(st, BEN, "steward C4")
    resolve(st)
    (line,) = [x for x in st.reports[ANN] if x.startswith("Income:")]
    assert "Steward on faction estate C4: 1 Inf, 1 $" in line
    assert "Ben" not in line


INCOME = re.compile(r"^Income: (?P<total>[^(]*) \((?P<parts>.*)\)\. You now hold ")


def amounts(text: str) -> list[int]:
    got = [0, 0, 0]
    for part in text.split(", "):
        n, res = part.split(" ")
        got[("Inf", "MP", "$").index(res)] += int(n)
    return got


def test_every_income_breakdown_adds_up_to_its_total():
    """Through Nights of random orders, each house's income line lists sources whose
    amounts add up to the total it received."""
    st = started()
    rng = random.Random(5)
    lines = 0
    while st.night < 5 and GAME.outcome(st) is None:
        for seat in list(GAME.pending(st)):
            for _ in range(3):
                action = GAME.sample_action(st, seat, rng)
                if str(action) == "done":
                    break
                GAME.apply(st, seat, action)
        resolve(st)
        for report in st.reports:
            for line in report:
                if line.startswith("Income:"):
                    m = INCOME.match(line)
                    assert m, line
                    total = [0, 0, 0]
                    for part in m["parts"].split("; "):
                        _source, got = part.rsplit(": ", 1)
                        total = [a + b for a, b in zip(total, amounts(got), strict=True)]
                    assert total == amounts(m["total"]), line
                    lines += 1
    assert lines >= 8
