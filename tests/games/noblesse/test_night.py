"""Whole Nights: allied sides, the deadline, determinize, the forum exports and the
moderator's console in the terminal (``bureau moderate``)."""

from __future__ import annotations

import io
import json
import random

import pytest

from bureau.cli.moderate import Console
from bureau.engine import MODERATOR, Match
from bureau.games.noblesse import exports
from bureau.games.noblesse.positions import save_position
from conftest import bureau_cmd

from .helpers import (
    GAME,
    HOMES,
    NAMES,
    ROLES,
    act,
    moderate,
    place_unit,
    refused,
    resolve,
    setup_text,
    started,
    table,
)

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
PAPE, FLEURS, CROWNS, STATES = range(4)
STRONG = "Brigade with O2, C7 x5, F2 x2, R1 x2"  # ATK 4, MEL 15, CHG 4, MOR 34


@pytest.fixture
def st():
    return started()


def test_allies_fight_together_as_one_side(st):
    """NSE-96, NSE-A11: allied Pape and Fleurs units on one square form one side against
    the Crowns; the battle names both, and their units share its fate."""
    st.status[(PAPE, FLEURS)] = "allied"
    place_unit(st, ANN, "D5", STRONG)
    place_unit(st, CAT, "D5", STRONG)
    crowns = place_unit(st, EVE, "D5")
    resolve(st)
    (battle_line,) = [line for line in st.post if line.startswith("Battle at D5")]
    assert "Pape and Roi des Fleurs" in battle_line
    assert battle_line.endswith("Pape and Roi des Fleurs won.")
    _, seats, battle = st.battles[0]
    assert seats == (ANN, CAT, EVE)
    assert {s.owner for s in battle.sides} == {"pape+fleurs", "crowns"}
    assert crowns.id not in st.units


def test_hostile_factions_on_one_square_fight_separately(st):
    """NSE-87, NSE-A11: without a treaty the same three factions are three sides."""
    place_unit(st, ANN, "D5", STRONG)
    place_unit(st, CAT, "D5", STRONG)
    place_unit(st, EVE, "D5")
    resolve(st)
    owners = {s.owner for _, _, b in st.battles for s in b.sides}
    assert owners == {"pape", "fleurs", "crowns"}


@pytest.mark.parametrize(
    ("toughness_per", "survivors", "ann_morale"),
    [("damage_type_packet", [], 0), ("round_total", ["Ann"], 6)],
)
def test_toughness_per_option_decides_a_night_battle_nse_a13(toughness_per, survivors, ann_morale):
    """NSE-A13, option ``toughness_per``: Cat's Heavy Infantry (TGH 3) attacks Ann's Heavy
    Horse on D5. With TGH off every packet (the default) both sides are destroyed; with TGH
    off each round's total once, Ann's melee and charge lose 3 together and she wins with
    6 MOR. The battle report Ann receives shows the TGH each packet lost."""
    st = started(toughness_per=toughness_per)
    assert st.options["toughness_per"] == toughness_per
    place_unit(st, ANN, "D5", "Regiment with O2, F2 x2, C3 x3")  # ATK 4, MEL 6, CHG 4
    place_unit(st, CAT, "D5", "Regiment with O1, F6 x2, C6 x3")  # MEL 6, TGH 3, MOR 11
    resolve(st)
    ((_, _, battle),) = st.battles
    assert [o.owner for o in battle.final] == ["fleurs", "pape"]  # Fleurs attacks
    assert battle.final[1].morale == ann_morale
    assert [NAMES[u.owner] for u in st.units.values() if st.label(u.square) == "D5"] == survivors
    charge = next(h for r in battle.rounds for h in r.hits if h.kind == "charge")
    assert (charge.raw, charge.tgh) == (8, 3 if toughness_per == "damage_type_packet" else 0)
    text = "\n".join(st.reports[ANN])
    assert ("Pape charge 8 - TGH 3 = 5 to Roi des Fleurs" in text) == (
        toughness_per == "damage_type_packet"
    )


def test_toughness_per_is_a_documented_option_nse_a13():
    """NSE-A13: the option takes the ruling's two settings, the ruling's by default."""
    (option,) = [o for o in GAME.options if o.name == "toughness_per"]
    assert option.default == "damage_type_packet"
    assert tuple(option.choices) == ("damage_type_packet", "round_total")
    with pytest.raises(Exception, match="toughness_per"):
        table(toughness_per="per_unit")


def test_deadline_resolves_the_night_before_a_late_order():
    """NSE-118, §4.7: with a Day deadline, an action after it first resolves the Night
    (everyone not done is taken as done); the late order counts for the next Day."""
    st = GAME.new(list(NAMES), seed=1, options={"roles": list(ROLES), "day_hours": 1})
    t0 = 1_800_000_000.0
    for seat in range(8):
        GAME.apply(st, seat, GAME.parse(st, seat, setup_text(seat)), at=t0 + seat)
    assert GAME.deadline(st) == t0 + 3600
    late = GAME.parse(st, ANN, "tc A1 Inf")
    events = GAME.apply(st, ANN, late, at=t0 + 3601)
    assert st.night == 1 and any(e.kind == "night" for e in events)
    assert [str(o) for o in st.houses[ANN].orders] == ["tc A1 Inf"]
    assert GAME.deadline(st) == t0 + 3601 + 3600
    assert str(GAME.timeout_action(st, BEN)) == "done"


def test_determinize_drops_only_what_the_player_cannot_know(st):
    """No leaks: others' sealed orders are re-dealt (dropped); the player's own stay."""
    act(st, ANN, "spy to A2")
    act(st, BEN, "spy to C4")
    world = GAME.determinize(st, ANN, random.Random(3))
    assert [str(o) for o in world.houses[ANN].orders] == ["spy to A2"]
    assert world.houses[BEN].orders == []
    assert GAME.view(world, ANN) == GAME.view(st, ANN)


def test_exports_in_bbcode_and_markdown(st):
    """The moderator's forum texts: the public post and a private report with the
    round-by-round battle, in both markups."""
    place_unit(st, ANN, "D5", STRONG)
    place_unit(st, EVE, "D5")
    resolve(st)
    post = exports.public_post(st, "bbcode")
    assert post.startswith("[b][size=150]Noblesse: Night 2[/size][/b]")
    assert "[*]Battle at D5: Twice Crowned King attacked Pape; Pape won." in post
    md = exports.public_post(st, "markdown")
    assert md.startswith("## Noblesse: Night 2") and "- Battle at D5" in md
    report = exports.private_report(st, ANN, "markdown")
    assert "## Night 2: report for Ann" in report
    assert "**Battle at D5**" in report and "Round 1:" in report and "```" in report
    assert "[code]" in exports.private_report(st, EVE, "bbcode")
    assert "Battle at D5" not in exports.private_report(st, BEN, "bbcode")
    with pytest.raises(ValueError, match="bbcode or markdown"):
        exports.public_post(st, "html")


def test_moderator_view_sees_everything_players_do_not(st):
    """The moderator's view holds every player and unit; a player's holds only his own."""
    mod = GAME.view(st, MODERATOR)
    assert len(mod["players"]) == 8 and len(mod["units"]) == len(st.units)
    ann = GAME.view(st, ANN)
    assert "players" not in ann or ann["players"] == list(NAMES)
    assert all(u["owner"] == "Ann" for u in ann["you"]["units"])
    refused(st, ANN, "resolve", match="only the moderator")


def test_bureau_moderate_runs_a_night_from_the_terminal(tmp_path):
    """A moderator enters the setups received by PM, resolves Night 1, overrides with a
    reason, and prints the BBCode post and a Markdown private report; the record replays."""
    lines = [f"{NAMES[s]}: {setup_text(s)}" for s in range(8)]
    lines += ["Ann: tc A1 Inf", "Ann: fly to the moon", "waiting", "resolve", "post"]
    lines += ["report Ann markdown", "override wounds Ben 1 because a fall from a horse"]
    record = tmp_path / "game.json"
    proc = bureau_cmd(
        "moderate", "noblesse", "--players", ",".join(NAMES), "--option",
        f"roles={','.join(ROLES)}", "--record", str(record),
        stdin="\n".join(lines) + "\n",
    )  # fmt: skip
    out = proc.stdout
    assert proc.returncode == 1, proc.stderr  # one refused command
    assert "refused: cannot read 'fly to the moon'" in out
    assert "Waiting for: Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal" in out
    assert "Night 1 resolved" in out
    assert "[b][size=150]Noblesse: Night 1[/size][/b]" in out
    assert "## Night 1: report for Ann" in out and "Your Tax Collector collects Inf on A1" in out
    assert "Moderator override: wounds Ben 1 (because a fall from a horse)" in out
    saved = json.loads(record.read_text())
    assert ["moderator", "resolve", None] in saved["actions"]
    assert saved["actions"][-1][:2] == [
        "moderator",
        "override wounds Ben 1 because a fall from a horse",
    ]

    again = Match.replay(saved)
    assert again.state.houses[BEN].wounds == 1 and again.state.night == 1
    assert HOMES[ANN] in again.view(ANN)["you"]["estates"]


def test_the_console_names_whom_a_quiet_night_told_what():
    """A quiet Night is short enough to echo whole: each house's income line is a line of
    its private report, and the console says whose ("to Ann: Income: ...") rather than
    eight nameless "Income: ..." lines."""

    match = Match("noblesse", list(NAMES), seed=1, options={"roles": ",".join(ROLES)})
    out = io.StringIO()
    assert Console(match, out).run(["resolve", "resolve"]) == 0
    night_two = out.getvalue().split("The moderator resolves Night 2.\n", 1)[1].splitlines()
    assert night_two[0] == "Night 2 is resolved."
    income = [line for line in night_two if "Income:" in line]
    assert [line.split(":", 1)[0] for line in income] == [f"to {name}" for name in NAMES]
    assert all(line.split(": ", 1)[1].startswith("Income: ") for line in income)


def test_a_note_written_during_the_day_is_published_with_that_night(st, tmp_path):
    """``override note`` during the Day is for the Night that ends it: that Night's public
    post (BBCode and Markdown) carries it, the post already published does not change, and
    the next Night's post does not repeat it. Before Night 1 it goes to Night 1's post; a
    saved position keeps a note not yet published."""

    published = exports.public_post(st, "markdown")  # Night 1, already in the thread
    moderate(st, "override note The bridge at E5 is out because a flood")
    moderate(st, "override note Rain  in the north because the thread asked")
    assert exports.public_post(st, "markdown") == published
    saved = tmp_path / "day2.json"
    saved.write_text(json.dumps(save_position(st)), "utf-8")
    moderate(st, "resolve")
    assert st.night == 2
    assert st.post[:3] == ["Night 2", "The bridge at E5 is out", "Rain in the north"]
    post = exports.public_post(st, "bbcode")
    assert "[*]The bridge at E5 is out" in post and "[*]Rain in the north" in post
    assert "- The bridge at E5 is out" in exports.public_post(st, "markdown")
    again = GAME.new(list(NAMES), seed=1, options={"position": str(saved)})
    GAME.apply(again, MODERATOR, GAME.read(again, MODERATOR, "resolve"))
    assert again.post[:3] == st.post[:3]
    resolve(st)  # Night 3: the notes were Night 2's
    assert not any("bridge" in line for line in st.post)
    fresh = table()
    moderate(fresh, "override note Welcome to the war because it starts")
    moderate(fresh, "resolve")
    assert fresh.post[:2] == ["Night 1", "Welcome to the war"]


def test_moderator_settles_a_decision_point(st):
    """NSE-105, NSE-A23: a penalty the engine cannot carry out (a forced action) is a
    decision point in the moderator's view; she settles it by a reasoned override, once."""
    st.log.append(("decision", 1, "treaty 1: the Pape's FL performs Arson on a Fleurs player"))
    assert GAME.view(st, MODERATOR)["decisions"] == [
        {
            "number": 1,
            "night": 1,
            "text": "treaty 1: the Pape's FL performs Arson on a Fleurs player",
            "settled": False,
        }
    ]
    refused(
        st,
        MODERATOR,
        "override settle 2 because wrong number",
        match="no open decision 2; open decisions: 1",
    )
    moderate(st, "override settle 1 because Ann's Envoy burnt Cat's War Council by PM")
    assert GAME.view(st, MODERATOR)["decisions"][0]["settled"] is True
    assert st.log[-1] == (
        "override", 1, "settle 1", "Ann's Envoy burnt Cat's War Council by PM"
    )  # fmt: skip
    refused(st, MODERATOR, "override settle 1 because twice", match="open decisions: none")
