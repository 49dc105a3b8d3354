"""Noble Houses of the Seabirds: the forum moderator (``resolve`` and ``override WHAT
because REASON``), what she sees, and the forum exports (SEA-15, SEA-16, SEA-28, SEA-31,
SEA-37, SEA-45, SEA-A08, SEA-A15, SEA-A20, SEA-A23).

Seats: Ann 0 (Breeding), Ben 1 (Usury), Cat 2 (Sensation); each starts with 3 Money and 3
of its own Resource. The moderator is the seat ``MODERATOR``.
"""

from __future__ import annotations

import json
import random

import pytest

from bureau.engine import MODERATOR, IllegalAction, Match
from bureau.games.seabirds.moderator import RESOLVE, Override
from bureau.games.seabirds.state import DISTRIBUTION, EXPANSION, INFRASTRUCTURE
from bureau.games.seabirds.transactions import HEADER
from conftest import bureau_cmd, dump

from ..common import kinds, of_kind
from .flight import game, land, timeout
from .helpers import (
    ANN,
    BEN,
    CAT,
    GAME,
    HOUR,
    T0,
    act,
    everyone_ready,
    hide,
    moderate,
    new_game,
    refused,
    tx,
)

SECRET = "the landing at the lighthouse"


def changed(before: dict, after: dict) -> set[str]:
    return {k for k in before if before[k] != after[k]}


# -- the moderator's seat ---------------------------------------------------------------------


def test_seabirds_has_a_moderator_who_is_never_pending():
    """The moderator acts when she chooses: never pending, no listed actions."""
    st = new_game()
    assert GAME.moderated
    assert MODERATOR not in GAME.pending(st)
    assert GAME.legal_actions(st, MODERATOR) == []


def test_players_may_neither_resolve_nor_override():
    st = new_game()
    for text in ("resolve", "override money Ann 9 because I say so"):
        refused(st, ANN, text, "only the moderator")
    with pytest.raises(IllegalAction, match="only the moderator"):
        GAME.apply(st, ANN, RESOLVE)
    assert st.phase == "air" and st.log == []


# -- overrides --------------------------------------------------------------------------------


def test_sea_15_override_money_sets_one_houses_money_and_tells_only_it_why():
    """SEA-15: totals are public, so everyone learns the new Money; the reason goes to
    the moderator and Breeding only."""
    st = new_game()
    before = dump(st)
    events = moderate(st, f"override money ann 5 because Ben's gift was lost at {SECRET}")
    assert st.holdings[ANN] == [5, 0, 3, 0, 0, 0, 0]
    assert st.holdings[BEN] == [3, 0, 0, 3, 0, 0, 0] and st.holdings[CAT][0] == 3
    assert changed(before, dump(st)) == {"holdings", "log", "chronicle", "now"}
    reason = f"Ben's gift was lost at {SECRET}"
    assert st.log == [("override", 1, "air", "money Breeding 5", reason)]
    (told,) = of_kind(events, "override")
    (public,) = of_kind(events, "corrected")
    assert [s for s in (ANN, BEN, CAT, None, MODERATOR) if told.visible_to(s)] == [ANN, MODERATOR]
    assert [s for s in (ANN, BEN, CAT, None) if public.visible_to(s)] == [BEN, CAT, None]
    assert GAME.describe(st, told) == (
        f"The moderator sets Breeding's Money to 5 (it was 3), because Ben's gift was lost at"
        f" {SECRET}."
    )
    assert GAME.describe(st, public) == "The moderator sets Breeding's Money to 5 (it was 3)."
    assert GAME.view(st, BEN)["houses"][ANN]["money"] == 5


def test_sea_45_override_resources_sets_exactly_the_named_resources():
    """SEA-45, SEA-A17: each named Resource is set (0 allowed, never below), the others
    and Money stay; Resources are written as in Transactions, with their aliases."""
    st = new_game()
    st.holdings[BEN][1] = 2  # Usury holds 2 Food
    events = moderate(st, "override resources Usury 1 corp, 0 food and 1 treaty because a recount")
    assert st.holdings[BEN] == [3, 0, 0, 1, 1, 0, 0]
    assert st.holdings[ANN] == [3, 0, 3, 0, 0, 0, 0]
    assert str(GAME.read(st, MODERATOR, "override resource ben 1 corp because x")) == (
        "override resources Usury 1 Corporation because x"
    )
    (public,) = of_kind(events, "corrected")
    assert public.data["text"] == (
        "The moderator sets Usury's Food to 0 (it was 2), Corporations to 1 (it was 3)"
        " and Treaties to 1 (it was 0)."
    )
    assert st.log[-1][3] == "resources Usury 0 Food, 1 Corporation and 1 Treaty"


def test_sea_a15_sea_a20_grant_and_remove_an_upgrade_outright():
    """SEA-A15: Upgrades are public, so the change is announced; a granted Distribution
    Contract comes with a standing order of none (SEA-A20), and removing it drops one;
    Victory Points follow (SEA-77); a granted Infrastructure pays no Money (SEA-74)."""
    st = new_game()
    moderate(st, "override grant Ann Distribution Contract because a lost purchase")
    moderate(st, "override grant Breeding an expansion contract because a lost purchase")
    assert st.upgrades[ANN][DISTRIBUTION] == 1 and st.upgrades[ANN][EXPANSION] == 1
    assert st.distribution[ANN] == [-1]
    assert GAME.view(st, CAT)["houses"][ANN]["points"] == 3
    moderate(st, "override grant Ann Infrastructure because a ruling")
    assert st.upgrades[ANN][INFRASTRUCTURE] == 1 and st.holdings[ANN][0] == 3
    events = moderate(st, "override remove Ann Distribution Contract because bought twice")
    assert st.upgrades[ANN][DISTRIBUTION] == 0 and st.distribution[ANN] == []
    assert of_kind(events, "corrected")[0].data["text"] == (
        "The moderator takes an Upgrade from Breeding, Distribution Contract (it owns 0 now)."
    )
    refused(
        st,
        MODERATOR,
        "override remove Ann Distribution Contract because again",
        "owns no Distribution",
    )


def test_override_note_is_a_line_of_the_public_post():
    """A note reaches everyone as a line of the public post; its reason only the moderator."""
    st = new_game()
    events = moderate(st, "override note Stop 2 is a floating market because the table asked")
    (note,) = of_kind(events, "note")
    (told,) = of_kind(events, "override")
    assert note.visible_to(None) and all(note.visible_to(s) for s in (ANN, BEN, CAT))
    assert [s for s in (ANN, BEN, CAT, None, MODERATOR) if told.visible_to(s)] == [MODERATOR]
    post = GAME.forum_post(st, None, "markdown")
    assert "- The moderator notes: Stop 2 is a floating market" in post
    assert "the table asked" not in post
    assert st.log[-1] == ("override", 1, "air", "note Stop 2 is a floating market",
                          "the table asked")  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "override money Ann 5",
        "override money Ann 5 because",
        "override money Ann 5 because   ",
        "override money Ann 5 Because",
    ],
)
def test_every_override_needs_a_reason(text):
    refused(
        new_game(), MODERATOR, text, "every override needs a reason: write 'override WHAT because"
    )


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("dance", "the moderator may 'resolve'.*or 'override WHAT because REASON'"),
        ("resolve now", "the moderator may 'resolve'"),
        ("override luck Ann 2 because x", "override one of: money HOUSE N; resources HOUSE"),
        ("override because x", "override one of"),
        ("override money Dan 5 because x", r"no House 'Dan' .* Breeding \(Ann\), Usury \(Ben\)"),
        ("override money Harvesting 5 because x", "no House 'Harvesting' in this game"),
        ("override money Ann -1 because x", "an override writes the new amount, not a change"),
        ("override money Ann 2.5 because x", r"a whole number, 0 or more \(SEA-45\), not '2.5'"),
        ("override money Ann 5 Money because x", "write 'override money HOUSE N because"),
        ("override money Ann because x", "write 'override money HOUSE N because"),
        ("override resources Ann 2 Gold because x", "'Gold' is not a Resource; the Resources"),
        ("override resources Ann 2 Money because x", "Money is not a Resource"),
        ("override resources Ann Food because x", "write each Resource as 'N RESOURCE'"),
        ("override resources Ann 1 Food, 2 food because x", "Food is named twice"),
        ("override grant Ann Castle because x", "no Upgrade 'Castle'; the Upgrades are Expan"),
        ("override remove Ann Infrastructure because x", "owns no Infrastructure; it owns no"),
        ("override note because x", "write the note"),
    ],
)
def test_bad_input_is_refused_with_what_is_allowed_and_changes_nothing(text, match):
    refused(new_game(), MODERATOR, text, match)


def test_sea_a23_no_ledger_override_in_the_draft_and_nothing_after_the_end():
    """SEA-A23: the ledgers start when the draft ends; after the end nothing changes."""
    st = GAME.new(["Ann", "Ben", "Cat"], seed=3)
    refused(st, MODERATOR, "override money Ann 5 because x", r"still being chosen \(SEA-A23\)")
    moderate(st, "override note The draft is open because it is")
    st = game(stops=1)
    land(st)
    assert st.phase == "over"
    for text in ("resolve", "override note late because x"):
        refused(st, MODERATOR, text, "the game is over")


def test_a_forged_override_is_refused():
    """An override made in code, not read from text, is checked the same way."""
    st = new_game()
    for forged in (
        Override("money", 1, (-3,), "x"),
        Override("money", 0, (3,), "x"),  # Harvesting is not in play
        Override("money", 99, (3,), "x"),
        Override("note", -1, ("a because b",), "c"),
        Override("money", 1, (3,), ""),
        Override("luck", 1, (3,), "x"),
    ):
        with pytest.raises(IllegalAction):
            GAME.apply(st, MODERATOR, forged)
    with pytest.raises(IllegalAction, match="the moderator may"):
        GAME.apply(st, MODERATOR, GAME.parse(st, ANN, "ready"))
    assert st.log == []


# -- resolve ----------------------------------------------------------------------------------


def _position(kind: str):
    """A game with a sealed Transaction, a standing offer and a tell, in the phase named."""
    cards = ("Hazard",) if kind == "hazard" else ()
    st = game(cards=cards, stops=1 if kind == "final" else 4)
    hide(st, ANN, "I give 1 Money to Usury.", at=T0 + 60)
    tx(st, BEN, "I give 1 Corporation to Breeding if Breeding gives me 2 Money.", at=T0 + 120)
    act(st, CAT, "tell Ann: psst", at=T0 + 180)
    act(st, CAT, "ready", at=T0 + 240)
    if kind == "land":
        land(st, at=T0 + HOUR)
    return st


def _without_log(state) -> dict:
    d = dump(state)
    del d["log"], d["chronicle"]
    return d


@pytest.mark.parametrize("kind", ["air", "land", "hazard", "final"])
def test_sea_28_sea_37_resolve_is_the_deadline_path(kind):
    """SEA-28, SEA-37, SEA-31: ``resolve`` at a phase's deadline leaves the game exactly as
    the deadline does (every pending player timed out as ready): the landing, a Hazard's
    skipped Land Phase, the next Round, the final Stop."""
    by_deadline, by_moderator = _position(kind), _position(kind)
    when = GAME.deadline(by_deadline)
    timed_out = timeout(by_deadline)
    resolved = GAME.apply(by_moderator, MODERATOR, RESOLVE, at=when)
    assert _without_log(by_moderator) == _without_log(by_deadline)
    assert [e for e in resolved if e.kind != "moderator"] == [
        e for e in timed_out if e.kind != "ready"
    ]
    assert resolved[0].kind == "moderator" and resolved[0].visible_to(None)
    phase = "land" if kind == "land" else "air"
    assert by_moderator.log == [("resolve", 1, phase, "", "")]


def test_sea_28_resolve_before_the_deadline_ends_the_phase_at_once():
    """SEA-28: without waiting for the time limit, the Air Phase ends now and the landing
    opens Ann's sealed Transaction; the Land Phase's clock starts now."""
    st = _position("air")
    events = moderate(st, "resolve", at=T0 + 2 * HOUR)
    assert kinds(events)[:4] == ["moderator", "resolution", "lapsed", "complication"]
    assert GAME.describe(st, events[0]) == "The moderator ends the Air Phase of Round 1 now."
    assert st.phase == "land" and st.holdings[BEN][0] == 4
    assert GAME.deadline(st) == T0 + 2 * HOUR + 24 * HOUR


def test_resolve_without_a_clock_is_everyone_ready():
    by_ready, by_moderator = new_game(start_time=None), new_game(start_time=None)
    everyone_ready(by_ready)
    moderate(by_moderator, "resolve")
    a, b = by_ready, by_moderator
    assert (a.phase, a.round, a.holdings, a.discard) == (b.phase, b.round, b.holdings, b.discard)


def test_sea_a23_resolve_in_the_draft_is_a_timed_out_pick():
    """SEA-A23: the draft has no time limit; ``resolve`` gives the player picking the first
    free House, as a server's timeout does."""
    st = GAME.new(["Ann", "Ben", "Cat"], seed=3)
    picker = GAME.pending(st)[0]
    events = moderate(st, "resolve")
    assert kinds(events) == ["moderator", "house"]
    assert st.house_of[picker] == 0  # Harvesting, the first free House
    assert GAME.describe(st, events[0]).endswith("pick: the first free House is theirs.")


def test_a_moderator_action_after_a_deadline_comes_after_that_phase():
    """As for any action: past the Air deadline the phase closes at its deadline first."""
    st = new_game()
    deadline = GAME.deadline(st)
    events = moderate(st, "override money Cat 1 because a ruling", at=deadline + 5)
    assert kinds(events)[:2] == ["deadline", "resolution"]
    assert st.phase == "land" and st.holdings[CAT][0] == 1


# -- what the moderator sees ------------------------------------------------------------------


def test_sea_16_sea_a08_the_moderator_sees_every_message_and_sealed_transaction():
    """SEA-16, SEA-A08: a tell between Ann and Ben and Ben's sealed Transaction are hidden
    from Cat; the moderator reads them, the deck's order, the rolls and her log."""
    st = new_game()
    act(st, ANN, "tell Ben: meet me at the lighthouse")
    hide(st, BEN, "I give 1 Corporation to Sensation.", stop=2)
    moderate(st, "override money Cat 4 because a ruling")
    cat = GAME.view(st, CAT)
    assert cat["messages"] == [] and "sealed" not in cat and "log" not in cat
    mod = GAME.view(st, MODERATOR)
    assert mod["messages"][0]["text"] == "meet me at the lighthouse"
    assert mod["sealed"] == [{"from": BEN, "stop": 2, "text": "Usury: I give 1 Corporation to"
                              " Sensation."}]  # fmt: skip
    assert mod["deck"] == ["Bureaucracy"] * 8 and mod["rolls"] == [3, 3, 3]
    assert mod["log"] == [["override", 1, "air", "money Sensation 4", "a ruling"]]
    assert json.loads(json.dumps(mod)) == mod
    assert mod["houses"] == cat["houses"]  # ledgers are public (SEA-15)


# -- forum exports ----------------------------------------------------------------------------


def _played():
    """Round 1 landed: a public trade, Ann's Transaction opened, Ben's sealed for Stop 2,
    a tell, an unreadable hidden Transaction, overrides and a note."""
    st = new_game()
    tx(st, ANN, "I give 1 Worker Beetle to Sensation.")
    hide(st, ANN, "I give 1 Money to Usury.")
    hide(st, BEN, f"I give 1 Corporation to Sensation. Meet at {SECRET}.", stop=2)
    act(st, BEN, f"hide for stop 3: ATTN Bureau: Transaction. I lend {SECRET}.")
    act(st, BEN, f"tell Cat: {SECRET}")
    moderate(st, f"override money Ben 2 because {SECRET}")
    moderate(st, "override note Fog over Stop 1 because the weather")
    land(st)
    return st


def test_public_post_in_bbcode_and_markdown():
    """SEA-15, SEA-31: the post reports the Bureau's public results and every ledger,
    never a sealed message before its landing, a tell, or an override's reason."""
    st = _played()
    md = GAME.forum_post(st, None, "markdown")
    assert md.startswith("## Noble Houses of the Seabirds: Round 1 of 4, Land Phase\n")
    for line in (
        "- Carried out: Breeding: I give 1 Worker Beetle to Sensation.",
        "- The moderator sets Usury's Money to 2 (it was 3).",
        "- The moderator notes: Fog over Stop 1",
        "- Complication: Bureaucracy.",
        "- Opened, Ann's sealed message for Stop 1: ATTN Bureau: Transaction. I give 1 Money"
        " to Usury.",
        "- Carried out: Breeding: I give 1 Money to Usury.",
        "- Breeding (Ann): 2 Money and 2 Worker Beetles; no Upgrades; 0 VP",
        "- Usury (Ben): 3 Money and 3 Corporations; no Upgrades; 0 VP",
        "- Sensation (Cat): 3 Money, 1 Worker Beetle and 3 Erotroupes; no Upgrades; 0 VP;"
        " 2 special takes left",
        "- Discard pile: Bureaucracy",
    ):
        assert line in md.splitlines(), line
    assert "**The Houses**" in md and SECRET not in md and "the weather" not in md
    bb = GAME.forum_post(st, None, "bbcode")
    assert bb.startswith("[b][size=150]Noble Houses of the Seabirds: Round 1 of 4, Land")
    assert "[list]\n[*]" in bb and "[b]The Houses[/b]" in bb and SECRET not in bb
    assert bb.replace("[*]", "- ").count("Carried out") == md.count("Carried out")


@pytest.mark.parametrize("seat", [None, ANN, BEN])
def test_an_unknown_format_is_refused(seat):
    with pytest.raises(ValueError, match="choose bbcode or markdown"):
        GAME.forum_post(new_game(), seat, "html")


def test_forum_post_for_a_seat_not_in_the_game_is_refused():
    with pytest.raises(ValueError, match="no seat 7; the players are Ann, Ben, Cat"):
        GAME.forum_post(new_game(), 7, "bbcode")


def test_sea_31_a_private_report_never_holds_another_houses_secrets():
    """SEA-31, SEA-16: Ben's report holds his sealed message, the Bureau's private answer
    and his override's reason; Ann's and Cat's hold none of them."""
    st = _played()
    ben = GAME.forum_post(st, BEN, "markdown")
    assert ben.startswith("## Round 1 of 4, Land Phase: report for Ben (Usury)\n")
    assert "**Sealed, not yet opened**" in ben
    sealed = f"- for Stop 2: {HEADER} I give 1 Corporation to Sensation. Meet at {SECRET}."
    assert sealed in ben
    assert "The Bureau: not carried out: cannot read 'I lend" in ben
    assert f"The moderator sets Usury's Money to 2 (it was 3), because {SECRET}." in ben
    for seat in (ANN, CAT):
        for fmt in ("bbcode", "markdown"):
            report = GAME.forum_post(st, seat, fmt)
            assert SECRET not in report and "Sealed" not in report
    ann = GAME.forum_post(st, ANN, "bbcode")
    assert "[*]Carried out: Breeding: I give 1 Money to Usury." in ann
    assert "[*]Breeding (Ann): 2 Money and 2 Worker Beetles; no Upgrades; 0 VP" in ann


def test_forum_texts_do_not_change_when_what_a_house_cannot_know_is_redealt():
    """No leaks through the exports: re-dealing what a House cannot know (``determinize``)
    leaves its report and the public post as they were."""
    st = _played()
    for seat in (ANN, BEN, CAT):
        world = GAME.determinize(st, seat, random.Random(seat))
        assert GAME.forum_post(world, seat, "markdown") == GAME.forum_post(st, seat, "markdown")
        assert GAME.forum_post(world, None, "bbcode") == GAME.forum_post(st, None, "bbcode")


def test_the_post_keeps_the_air_phase_before_the_last_resolution():
    """The post covers the Air Phase the last Resolution closed, and what followed."""
    st = _played()
    everyone_ready(st)  # Land ends: Round 2 begins
    tx(st, CAT, "I give 1 Erotroupe to Breeding.")
    post = GAME.forum_post(st, None, "markdown")
    assert "Fog over Stop 1" in post and "Round 2: the Air Phase begins." in post
    land(st)  # Resolution 2 opens Ben's message; the post now starts at Round 2's Air
    post = GAME.forum_post(st, None, "markdown")
    assert "Fog over Stop 1" not in post and f"Meet at {SECRET}" in post
    assert post.splitlines()[2] == "- Round 2: the Air Phase begins."


# -- records and the console ------------------------------------------------------------------


def test_a_record_with_the_moderators_actions_replays_exactly():
    m = Match("seabirds", ["Ann", "Ben", "Cat"], seed=2,
              options={"houses": "Breeding,Usury,Sensation", "start_time": T0})  # fmt: skip
    m.play(ANN, "hide: ATTN Bureau: Transaction. I give 1 Money to Usury.", at=T0 + 10)
    m.play(MODERATOR, GAME.read(m.state, MODERATOR, "override money ben 0 because x"), at=T0 + 20)
    m.play(MODERATOR, GAME.read(m.state, MODERATOR, "resolve"), at=T0 + 30)
    record = json.loads(json.dumps(m.record()))
    assert record["actions"][1] == ["moderator", "override money Usury 0 because x",
                                    "2023-11-14T22:13:40Z"]  # fmt: skip
    again = Match.replay(record)
    assert dump(again.state) == dump(m.state)
    assert again.view(MODERATOR) == m.view(MODERATOR)


def test_bureau_moderate_runs_seabirds_from_the_terminal(tmp_path):
    """The moderator enters the players' messages received by PM, overrides with a reason,
    resolves the Air Phase, and prints the Markdown post and a BBCode report; the record
    replays."""
    lines = [
        "Ann: post: ATTN Bureau: Transaction. I give 1 Money to Usury.",
        "Ben: hide: ATTN Bureau: Transaction. I give 1 Corporation to Breeding.",
        "override money Cat 1 because a lost bet",
        "override money Cat 1",
        "waiting",
        "resolve",
        "post markdown",
        "report Ben",
    ]
    record = tmp_path / "game.json"
    proc = bureau_cmd(
        "moderate", "seabirds", "--players", "Ann,Ben,Cat", "--option",
        "houses=Breeding,Usury,Sensation", "--option", "rolls=3,3,3", "--option", "stops=4",
        "--record", str(record), stdin="\n".join(lines) + "\n",
    )  # fmt: skip
    out = proc.stdout
    assert proc.returncode == 1, proc.stderr  # one refused command
    assert "The moderator sets Sensation's Money to 1 (it was 3), because a lost bet." in out
    assert "refused: every override needs a reason" in out
    assert "Waiting for: Ann, Ben, Cat" in out
    assert "The moderator ends the Air Phase of Round 1 now." in out
    assert "## Noble Houses of the Seabirds: Round 1 of 4, Land Phase" in out
    assert "- Carried out: Usury: I give 1 Corporation to Breeding." in out
    assert "[b][size=150]Round 1 of 4, Land Phase: report for Ben (Usury)[/size][/b]" in out
    saved = json.loads(record.read_text())
    assert saved["actions"][-1] == ["moderator", "resolve", None]
    again = Match.replay(saved)
    assert again.state.phase == "land" and again.state.holdings[CAT][0] == 1


def test_the_console_echoes_each_override_once():
    """An override is told twice, with its reason to the House it touches and without to
    the others (or, for a note, to the moderator alone and then to everyone); the
    moderator reads both, and her console echoes it once, naming whom it told."""
    import io

    from bureau.cli.moderate import Console

    options = {"houses": "Breeding,Usury,Sensation", "rolls": "3,3,3", "stops": "4"}
    match = Match("seabirds", ["Ann", "Ben", "Cat"], seed=0, options=options)
    out = io.StringIO()
    lines = [
        "override money Cat 1 because a lost bet",
        "override grant Ann Expansion Contract because posted in time",
        "override note Fog over Stop 1 because the table asked",
    ]
    assert Console(match, out).run(lines) == 0
    assert out.getvalue().splitlines() == [
        "to Cat: The moderator sets Sensation's Money to 1 (it was 3), because a lost bet.",
        "to Ann: The moderator grants Breeding an Upgrade, Expansion Contract (it owns 1 now),"
        " because posted in time.",
        "Moderator override: note Fog over Stop 1 (because the table asked).",
    ]
    # ...while the players are told as before: the others without the reason, and everyone
    # reads the note.
    again = Match("seabirds", ["Ann", "Ben", "Cat"], seed=0, options=options)
    told = []
    for line in lines:
        events = again.play(MODERATOR, again.game.read(again.state, MODERATOR, line))
        told += [again.game.describe(again.state, e) for e in events if e.visible_to(BEN)]
    assert told == [
        "The moderator sets Sensation's Money to 1 (it was 3).",
        "The moderator grants Breeding an Upgrade, Expansion Contract (it owns 1 now).",
        "The moderator notes: Fog over Stop 1",
    ]
