"""Noblesse diplomacy (rules section 1.8, NSE-86 to NSE-110; rulings NSE-A23, NSE-A24 and
NSE-A04's "ally"): proposals, signing, breach reports checked against the record, Night
step 1 (penalties, debts, expirations, starts), NSE-92 and combat's questions."""

import copy

import pytest

from bureau.engine import IllegalAction
from bureau.games.noblesse.scenario import load_scenario
from bureau.games.noblesse.state import House, State
from bureau.games.noblesse.treaties import (
    break_treaties,
    end_treaty,
    faction_named,
    may_conquer,
    may_fight,
    propose,
    reject,
    report_breach,
    sign,
    step_one,
)

from ..common import kinds, refusal

PAPE, FLEURS, CROWNS, ALLIANCE = (
    "The Pape",
    "Le Roi des Fleurs",
    "The Twice Crowned King",
    "The Alliance of States",
)
NAMES = (PAPE, FLEURS, CROWNS, ALLIANCE)
FL = (0, 2, 4, 6)  # the Faction Leaders' seats


def game(**options) -> State:
    st = State([f"p{s}" for s in range(8)], options, load_scenario("house_default_v1"), 1)
    for role, faction in zip((1, 2, 4, 5, 7, 8, 10, 11), (0, 0, 1, 1, 2, 2, 3, 3), strict=True):
        st.houses.append(House(role, faction, 10, (0, 0, 0)))
    st.leaders = list(FL)
    st.successors = [-1] * 4
    st.night = 1  # Day 1, after the first Night
    return st


# -- clause texts (the templates of clauses.py, filled in) --------------------------------


def enter(f, will="will not", place="E5", units="any units", dur="for 3 cycles"):  # i
    return f'"{f}" "{will}" enter "{place}" on the game board, with "{units}" "{dur}";'


def pay(f, other, amount="2", kind="Money", dur="each cycle for 3 cycles"):  # ii
    return (
        f'"{f}\'s" faction leader will pay a "{amount}" of "{kind}" to the "{other}\'s" leader '
        f'"{dur}";'
    )


def move(f, will="will not", verb="move", units="Regiments", way="to", n="one or more",
         place="E5", dur="for 3 cycles"):  # fmt: skip
    return f'"{f}" "{will}" "{verb}" "{units}" "{way}" "{n}" "{place}" "{dur}";'  # iii


def reveal(f):  # iv
    return f'"{f}" "will" reveal "all parameters of Regiments" "" "";'


def control(f, will="will not", estate="E5", conj="and/or", what="", dur="for 3 cycles"):
    return f'the "{f}" "{will}" seek control of "{estate}" "{conj}" "{what}" "{dur}".'  # viii


def removal(f, will="will not", verb="remove", what="units", where="E5", conj="",
            build="", dur="for 3 cycles"):  # fmt: skip
    # promise ix
    return f'the "{f}" "{will}" "{verb}" its "{what}" from "{where}" "{conj}" "{build}" "{dur}".'


def action(f, will="will not", what="Assassin on Le Roi des Fleurs.", dur="for 3 cycles"):
    return f'the "{f}" "{will}" use "{what}" "{dur}"'  # x


def end_at(cycle):  # penalty i
    return f'the treaty is ended "at the start of cycle {cycle}" from the moment the breach was reported.'  # noqa: E501


def fine(amount="3", kind="Money", dur=""):  # penalty ii
    return (
        "the offending faction's leader pays the offended faction leader the "
        f'"{amount}" of "{kind}" "{dur}".'
    )


FORCED = (  # penalty iii
    'the offending faction\'s leader performs "Arson" on "a player of the offended faction '
    'leader\'s choice", "as specified at the report of the breach of the treaty".'
)
REVEAL_PENALTY = (  # penalty v
    '"the offending faction" "will" reveal "role name" from "all of the faction\'s players" '
    "upon the breach of the treaty to the offended faction's leader;"
)


def continues(x):  # penalty iv
    return (
        f'the treaty continues until "the start of {x} cycles" from the moment the breach was '
        "reported."
    )


def ban(factions="any faction", types="promises of type ii", treaty="treaties"):  # penalty vii
    return (
        f'the "offending faction" "will not" enter "{treaty}" with "{factions}" containing '
        f'"{types}".'
    )


def cycles(x):  # expiration i
    return f'the treaty is ended "at the start of {x} cycles" from the moment the treaty starts.'


FULFILLED = "The treaty is ended when all promises have been fulfilled."  # expiration ii
DECLARED = (  # expiration iii
    "the treaty is ended when one of the factions has fulfilled its promise(s) and "
    "unilaterally declares the treaty ended."
)


def members(x):  # expiration iv
    return f"the treaty is ended when one of the factions has less than {x} members left."


def after(a):  # expiration v
    return (
        f'the treaty is ended after "{a}" has been successfully performed by one of the '
        "factions towards the other faction."
    )


def holds(x):  # expiration vi
    return f'the treaty is ended when one of the parties occupies "{x}".'


def after_report(x):  # expiration vii
    return f'the treaty is ended "{x}" from the moment a breach of agreed promises was reported.'


def treaty(p1=None, p2=None, pens=None, exps=None, status=None, intent=None, f1=0, f2=1):
    lines = ["Faction 1 promises:", *(p1 or [enter(NAMES[f1])])]
    lines += ["Faction 2 promises:", *(p2 or [pay(NAMES[f2], NAMES[f1])])]
    lines += ["Penalties:", *(pens or [fine()]), "Expiration:", *(exps or [cycles(5)])]
    lines += [f"Status: {status}"] if status else []
    lines += ["Intent:", intent] if intent else []
    return "\n".join(lines)


def signed(st, text=None, f1=0, f2=1, **kw) -> int:
    """Propose ``text`` from faction f1 to f2 and sign it; returns the treaty id."""
    propose(st, FL[f1], NAMES[f2], text or treaty(f1=f1, f2=f2, **kw))
    tid = st.proposals[-1].id
    sign(st, FL[f2], tid)
    return tid


def night(st, n):
    """Start Night n: the pipeline sets state.night, then runs step 1."""
    st.night = n
    return step_one(st)


def snapshot(st):
    return copy.deepcopy(
        (st.proposals, st.treaties, st.breaches, st.owed, [h.res for h in st.houses],
         st.status, st.log, st.next_treaty)
    )  # fmt: skip


def refused(st, call, *args, match=""):
    """``call`` raises IllegalAction (matching ``match``) and leaves the state unchanged."""
    before = snapshot(st)
    message = refusal(IllegalAction, lambda: call(st, *args), match=match or None)
    assert snapshot(st) == before
    return message


# -- proposing, signing, rejecting (NSE-99 .. NSE-101, NSE-109, NSE-110, NSE-A24) ------------


@pytest.mark.parametrize("word", ["fleurs", "LE ROI DES FLEURS", "roi des fleurs"])
def test_nse99_fl_proposes_to_a_faction_named_by_key_name_or_short(word):
    st = game()
    events = propose(st, 0, word, treaty(intent="Peace in the East."))
    (p,) = st.proposals
    assert (p.id, p.by, p.to, p.night) == (1, 0, 1, 1)
    assert p.treaty.status == "hostile" and p.treaty.intent == "Peace in the East."
    assert p.text.startswith("Faction 1 promises:\n" + enter(PAPE))
    assert p.text.endswith("Intent:\nPeace in the East.")  # NSE-110: part of the text
    assert st.next_treaty == 2 and kinds(events) == ["treaty proposed"]
    assert [s for s in range(8) if events[0].visible_to(s)] == [0, 2]
    assert not events[0].visible_to(None)  # bilateral, not broadcast (NSE-99)
    assert faction_named(st, word) == 1


def test_nse99_nse100_nse102_proposal_refusals_leave_state_unchanged():
    st = game()
    refused(st, propose, 1, "fleurs", treaty(), match="only a living Faction Leader")
    refused(st, propose, 0, "pape", treaty(), match="between two factions")
    why = refused(st, propose, 0, "Burgundy", treaty(), match="no faction is called")
    assert "The Alliance of States (alliance)" in why
    four = [enter(PAPE, place=sq) for sq in ("E5", "E6", "F5", "F6")]
    refused(st, propose, 0, "fleurs", treaty(p1=four), match=r"1 to 3 promises .*NSE-100")
    refused(st, propose, 0, "fleurs", treaty(p1=['"The Pape" will behave']), match="cannot read")
    votes = 'the "The Pape" "will" place "1" votes on "Bob" "";'
    refused(st, propose, 0, "fleurs", treaty(p1=[votes]), match="lynch module is off")
    assert propose(game(lynch=True), 0, "fleurs", treaty(p1=[votes]))
    st.houses[2].alive = False
    refused(st, propose, 0, "fleurs", treaty(), match="no Faction Leader")


def test_nse_a24_nse86_nse109_signed_treaty_starts_next_night_and_sets_status():
    st = game()
    propose(st, 0, "fleurs", treaty(status="Hostile to Neutral"))
    refused(st, sign, 0, 1, match="only its Faction Leader")  # the proposer cannot sign
    refused(st, sign, 3, 1, match="only a living Faction Leader")
    refused(st, sign, 2, 9, match="no open proposal 9")
    events = sign(st, 2, 1)
    assert kinds(events) == ["treaty signed"] and events[0].data["start"] == 2
    assert st.proposals == []
    (t,) = st.treaties
    assert (t.f1, t.f2, t.signed, t.start, t.active, t.ended) == (
        0, 1, 1, 2, False, False,
    )  # fmt: skip
    assert st.relation(0, 1) == "hostile"  # NSE-86: not until the treaty runs
    events = night(st, 2)
    assert kinds(events) == ["treaty started", "status changed"]
    assert [s for s in range(8) if events[0].visible_to(s)] == [0, 2]
    assert events[1].visible_to(None) and events[1].data["new"] == "neutral"  # public
    assert st.relation(0, 1) == "neutral" and t.active


def test_nse109_no_status_change_stays_hostile():
    st = game()
    signed(st)
    assert kinds(night(st, 2)) == ["treaty started"]
    assert st.relation(0, 1) == "hostile"


def test_reject_by_the_addressee_or_withdrawal_by_the_proposer():
    st = game()
    propose(st, 0, "fleurs", treaty())
    propose(st, 0, "crowns", treaty(f2=2))
    refused(st, reject, 4, 1, match="proposed to Le Roi des Fleurs")
    assert kinds(reject(st, 2, 1)) == ["treaty rejected"]
    assert kinds(reject(st, 0, 2)) == ["treaty rejected"]  # withdrawn
    assert st.proposals == [] and st.treaties == []


def test_nse95_nse_a24_one_ally_at_a_time():
    st = game()
    signed(st, status="Allied")
    propose(st, 0, "crowns", treaty(f2=2, status="Allied"))
    why = refused(st, sign, 4, 2, match=r"NSE-95")  # refused while only signed, not started
    assert "The Pape is already allied with Le Roi des Fleurs" in why
    night(st, 2)
    assert st.relation(0, 1) == "allied"
    refused(st, sign, 4, 2, match="only one ally")
    propose(st, 4, "fleurs", treaty(f1=2, f2=1, status="Allied"))
    refused(st, sign, 2, 3, match="Le Roi des Fleurs is already allied with The Pape")
    propose(st, 0, "crowns", treaty(f2=2, status="Neutral"))
    sign(st, 4, 4)  # a Neutral treaty is fine
    signed(st, f1=2, f2=3, status="Allied")  # two other factions may ally
    night(st, 3)
    assert (st.relation(0, 2), st.relation(2, 3), st.ally_of(0), st.ally_of(2)) == (
        "neutral", "allied", 1, 3,
    )  # fmt: skip


def test_nse_a04_ally_means_allied_status_by_a_running_treaty():
    st = game()
    signed(st, status="Allied", exps=[cycles(2)])
    assert st.ally_of(0) == -1  # signed, not yet running
    night(st, 2)
    assert st.ally_of(0) == 1 and st.ally_of(1) == 0
    night(st, 4)
    assert st.ally_of(0) == -1 and st.relation(0, 1) == "hostile"


# -- expiration clauses (NSE-93, NSE-98, NSE-107, NSE-108) -----------------------------------


def test_nse93_nse107_expiration_i_neutral_treaty_expires_to_hostile():
    st = game()
    tid = signed(st, status="Neutral", exps=[cycles(2)])  # runs cycles 2 and 3
    night(st, 2)
    assert kinds(night(st, 3)) == [] and st.relation(0, 1) == "neutral"
    events = night(st, 4)
    assert kinds(events) == ["treaty ended", "status changed"]
    assert "expiration i" in events[0].data["text"] and events[1].visible_to(None)
    t = st.treaties[0]
    assert (t.id, t.ended, t.active, st.relation(0, 1)) == (tid, True, False, "hostile")
    refused(st, report_breach, 0, tid, 2, match="void")  # NSE-107: all clauses void


def test_nse98_nse108_allied_treaty_expires_to_hostile_until_renegotiated():
    st = game()
    signed(st, status="Allied", exps=[cycles(1)])
    night(st, 2)
    assert st.relation(0, 1) == "allied"
    night(st, 3)
    assert st.relation(0, 1) == "hostile"
    signed(st, status="Allied")  # renegotiated: from the next Night
    assert st.relation(0, 1) == "hostile"
    night(st, 4)
    assert st.relation(0, 1) == "allied"


def test_nse108_nse109_another_running_treaty_keeps_its_status():
    st = game()
    signed(st, status="Allied", exps=[cycles(1)])
    signed(st, status="Neutral", exps=[cycles(3)])
    night(st, 2)
    assert st.relation(0, 1) == "allied"
    events = night(st, 3)  # the alliance ends; the Neutral treaty still runs (L249)
    assert st.relation(0, 1) == "neutral" and events[-1].data["new"] == "neutral"


def test_nse107_expiration_ii_all_promises_fulfilled():
    st = game()
    text = treaty(
        p1=[pay(PAPE, FLEURS, "1", "Influence", "within 1 cycle")],
        p2=[pay(FLEURS, PAPE, "2", "MP", "within 2 cycles")],
        exps=[FULFILLED],
        status="Neutral",
    )
    signed(st, text)
    night(st, 2)
    st.facts += [(2, "pay", 0, 1, 0, 1), (2, "pay", 1, 0, 1, 1)]
    assert kinds(night(st, 3)) == [] and st.relation(0, 1) == "neutral"  # 1 MP of 2 so far
    st.facts.append((3, "pay", 1, 0, 1, 1))
    events = night(st, 4)
    assert "all promises have been fulfilled" in events[0].data["text"]
    assert st.relation(0, 1) == "hostile"


def test_nse107_expirations_the_engine_cannot_judge_become_one_moderator_decision():
    st = game()
    text = treaty(p1=[reveal(PAPE)], p2=[reveal(FLEURS)], exps=[FULFILLED, DECLARED])
    signed(st, text)
    events = night(st, 2)
    assert kinds(events) == ["treaty started", "treaty decision", "treaty decision"]
    decisions = [e for e in st.log if e[0] == "decision"]
    assert len(decisions) == 2 and all(d[1] == 2 for d in decisions)
    assert "promise(s) 1, 2" in decisions[0][2] and "expiration iii" in decisions[1][2]
    night(st, 3)
    assert len(st.log) == 2  # logged once per clause
    assert kinds(end_treaty(st, 1, "the moderator: Pape declared it ended")) == ["treaty ended"]


def test_nse107_expiration_iv_fewer_members():
    st = game()
    signed(st, exps=[members(2)], status="Neutral")
    night(st, 2)
    st.houses[3].alive = False  # Le Roi des Fleurs has one member left
    events = night(st, 3)
    assert "has 1 members left" in events[0].data["text"] and st.relation(0, 1) == "hostile"


def test_nse107_expiration_v_action_performed_between_the_two():
    st = game()
    signed(st, exps=[after("Assassin")], status="Neutral")
    night(st, 2)
    st.facts += [(2, "action", 2, "assassin", 0, "A1"), (2, "action", 0, "arson", 1, "B9")]
    assert kinds(night(st, 3)) == []  # a third faction, or another action
    st.facts.append((3, "action", 1, "assassin", 0, "A2"))
    events = night(st, 4)
    assert "used assassin" in events[0].data["text"] and st.relation(0, 1) == "hostile"


def test_nse107_expiration_vi_nobles_held_or_moderator():
    st = game()
    signed(st, exps=[holds("controls 2 Nobles"), holds("has eliminated 2 players of faction Y")])
    night(st, 2)
    assert any("eliminated" in e[2] for e in st.log)
    st.nobles = {0: 1, 1: 1}
    events = night(st, 3)
    assert events[0].kind == "treaty ended" and "controls 2 Nobles" in events[0].data["text"]


def test_nse107_expiration_vii_counts_from_the_breach_report():
    st = game()
    tid = signed(st, exps=[after_report("at the end of 1 cycles")], status="Neutral")
    night(st, 2)
    report_breach(st, 0, tid, 1)  # a self-report on Day 2
    night(st, 3)
    assert st.relation(0, 1) == "neutral"  # the end of cycle 3 ...
    night(st, 4)  # ... is the start of cycle 4
    assert st.treaties[0].ended and st.relation(0, 1) == "hostile"


# -- breach reports (NSE-103 .. NSE-105, NSE-A23) --------------------------------------------


def test_nse104_nse_a23_confirmed_report_takes_effect_at_step_one_payments_and_debt():
    st = game()
    tid = signed(st, pens=[fine("3", "Money")])  # Fleurs pays 2 $ each cycle for 3 cycles
    night(st, 2)
    st.facts.append((2, "pay", 1, 0, 2, 1))  # only 1 $ at Night 2
    events = report_breach(st, 0, tid, 2)  # the Pape (offended) reports promise 2
    assert kinds(events) == ["breach reported"] and events[0].data["offender"] == 1
    assert [s for s in range(8) if events[0].visible_to(s)] == [0, 2]
    assert st.breaches == [(tid, 1, 2)]
    assert st.houses[2].res == [0, 0, 0]  # nothing happens before step 1 (NSE-A23)
    st.houses[2].res = [0, 0, 2]
    events = night(st, 3)
    assert kinds(events)[:2] == ["treaty penalty", "penalty paid"] and st.breaches == []
    assert st.houses[2].res == [0, 0, 0] and st.houses[0].res == [0, 0, 2]
    assert st.owed == {2: [0, 0, 1]}  # the rest is owed
    st.houses[2].res = [0, 0, 5]
    night(st, 4)
    assert st.houses[2].res == [0, 0, 4] and st.houses[0].res == [0, 0, 3] and st.owed == {}


def test_nse103_nobody_watches_promises_a_breach_unreported_changes_nothing():
    """NSE-103: the Bureau does not enforce promises; a short payment on the record
    brings no penalty, debt or breach until the offended FL reports it."""
    st = game()
    signed(st, pens=[fine("3", "Money")])  # Fleurs pays 2 $ each cycle for 3 cycles
    night(st, 2)
    st.facts.append((2, "pay", 1, 0, 2, 1))  # only 1 $ at Night 2
    st.houses[2].res = [0, 0, 2]
    events = night(st, 3)
    assert "treaty penalty" not in kinds(events) and "penalty paid" not in kinds(events)
    assert st.breaches == [] and st.owed == {} and st.houses[2].res == [0, 0, 2]


def test_nse_a23_unconfirmed_report_is_refused_and_changes_nothing():
    st = game()
    tid = signed(st)  # the Pape will not enter E5 with any units for 3 cycles
    st.facts.append((1, "enter", 0, "E5", "Regiment"))  # before the treaty started
    night(st, 2)
    st.facts += [(2, "enter", 0, "E6", "Regiment"), (2, "enter", 2, "E5", "Regiment")]
    why = refused(st, report_breach, 2, tid, 1, match="not confirmed")
    assert "does not show The Pape entering" in why and "cycle 2" in why
    st.facts.append((2, "enter", 0, "E5", "Garrison"))
    report_breach(st, 2, tid, 1)
    assert st.breaches == [(tid, 0, 2)]


@pytest.mark.parametrize(
    ("clause", "why"),
    [
        (enter(PAPE, place="near the river"), "cannot read the place"),
        (enter(PAPE, units="cavalry"), "cannot read the units"),
        (enter(PAPE, dur="for a while"), "cannot read the duration"),
        (action(PAPE, what="Assassin on alt Bob."), "not its alt"),
    ],
)
def test_nse_a23_uninterpretable_values_are_not_confirmed(clause, why):
    st = game()
    tid = signed(st, treaty(p1=[clause]))
    night(st, 2)
    st.facts += [(2, "enter", 0, "E5", "Regiment"), (2, "action", 0, "assassin", 1, "B2")]
    refused(st, report_breach, 2, tid, 1, match=why)


def test_nse105_self_report_and_nse_a23_templates_iv_to_vii_are_accepted_unchecked():
    st = game()
    tid = signed(st, treaty(p2=[reveal(FLEURS)]))
    night(st, 2)
    assert kinds(report_breach(st, 0, tid, 1)) == ["breach reported"]  # Pape reports itself
    assert kinds(report_breach(st, 0, tid, 2)) == ["breach reported"]  # template iv
    assert st.breaches == [(tid, 0, 2), (tid, 1, 2)]


def test_nse_a23_verification_can_be_switched_off():
    st = game(verify_breach_reports=False)
    tid = signed(st)
    night(st, 2)
    report_breach(st, 2, tid, 1)
    assert st.breaches == [(tid, 0, 2)]


def test_nse104_nse105_report_refusals():
    st = game()
    tid = signed(st)
    refused(st, report_breach, 2, tid, 1, match="starts at cycle 2")  # NSE-A24
    night(st, 2)
    refused(st, report_breach, 4, tid, 1, match="only the two Faction Leaders")
    refused(st, report_breach, 3, tid, 1, match="only a living Faction Leader")
    refused(st, report_breach, 2, tid, 3, match="promises 1 to 2")
    refused(st, report_breach, 2, 7, 1, match="no signed treaty 7")


def test_nse_a23_one_breach_is_reported_once():
    st = game()
    tid = signed(st)
    night(st, 2)
    st.facts.append((2, "enter", 0, "E5", "Regiment"))
    report_breach(st, 2, tid, 1)
    refused(st, report_breach, 2, tid, 1, match="already reported")  # still queued
    night(st, 3)
    refused(st, report_breach, 2, tid, 1, match="after the breach reported on Day 2")
    st.facts.append((3, "enter", 0, "E5", "Brigade"))  # a new breach
    report_breach(st, 2, tid, 1)
    assert st.breaches == [(tid, 0, 3)]


def test_nse_a23_a_positive_promise_is_broken_only_after_its_deadline():
    st = game()
    tid = signed(st, treaty(p1=[enter(PAPE, "will", "row E", "Brigades", "within 2 cycles")]))
    night(st, 2)
    refused(st, report_breach, 2, tid, 1, match="runs to the end of cycle 3")
    night(st, 3)
    st.facts.append((3, "enter", 0, "E9", "Brigade"))
    refused(st, report_breach, 2, tid, 1, match="as promised")
    st2 = game()
    tid = signed(st2, treaty(p1=[enter(PAPE, "will", "row E", "Brigades", "within 2 cycles")]))
    night(st2, 2)
    night(st2, 3)
    st2.facts.append((3, "enter", 0, "E9", "Regiment"))  # the wrong kind
    report_breach(st2, 2, tid, 1)
    assert st2.breaches == [(tid, 0, 3)]


@pytest.mark.parametrize(
    ("clause", "breach", "innocent"),
    [
        (move(PAPE), (2, "move", 0, "D5", "E5", "Regiment"), (2, "move", 0, "E5", "D5", "Regiment")),  # noqa: E501
        (move(PAPE, verb="remove", units="any units", way="from", place="column 5"),
         (2, "remove", 0, "A5", "unit"), (2, "move", 0, "A4", "A5", "Brigade")),
        (move(PAPE, n="2", place="E5-E7"), (2, "move", 0, "D6", "E6", "Regiment"), None),
        (control(PAPE), (2, "place", 0, "E5", "tc"), (2, "place", 0, "E5", "spy")),
        (control(PAPE, estate="", what="place 1 spies on F6"), (2, "place", 0, "F6", "spy"),
         (2, "place", 0, "F6", "tc")),
        (removal(PAPE, what="spies", where="rows E to F"), (2, "remove", 0, "F3", "spy"),
         (2, "remove", 0, "G3", "spy")),
        (removal(PAPE, verb="", what="", where="", build="build structures of type Arsenal"),
         (2, "build", 0, "A1", "arsenal"), (2, "build", 0, "A1", "university")),
        (action(PAPE), (2, "action", 0, "assassin", 1, "B2"), (2, "action", 0, "assassin", 2, "H2")),  # noqa: E501
        (action(PAPE, what="Knife in the Back on anyone."), (2, "action", 0, "knife", 3, "J1"),
         (2, "action", 0, "arson", 1, "B2")),
    ],
)  # fmt: skip
def test_nse_a23_checked_templates_iii_viii_ix_x(clause, breach, innocent):
    """NSE-A23: promise templates iii, viii, ix and x are checked against the record."""
    st = game()
    tid = signed(st, treaty(p1=[clause]))
    night(st, 2)
    if innocent:
        st.facts.append(innocent)
        refused(st, report_breach, 2, tid, 1, match="not confirmed")
    if breach:
        st.facts.append(breach)
        if clause.startswith('"The Pape" "will not" "move" "Regiments" "to" "2"'):
            refused(st, report_breach, 2, tid, 1, match="not confirmed")  # one of two
            st.facts.append((2, "move", 0, "D7", "E7", "Regiment"))
    report_breach(st, 2, tid, 1)
    assert st.breaches == [(tid, 0, 2)]


def test_nse_a23_promise_ii_payment_within_a_deadline():
    st = game()
    clause = pay(PAPE, FLEURS, "1 Inf and 2 $", "", "within 2 cycles")
    tid = signed(st, treaty(p1=[clause]))
    night(st, 2)
    st.facts += [(2, "pay", 0, 1, 0, 1), (2, "pay", 0, 2, 2, 2)]  # the $ went elsewhere
    refused(st, report_breach, 2, tid, 1, match="not due yet")
    night(st, 3)
    st.facts.append((3, "pay", 0, 1, 2, 1))
    why = refused(st, report_breach, 0, 99, 1, match="no signed treaty")
    assert "running or pending treaties: 1" in why
    report_breach(st, 2, tid, 1)  # 1 Inf, 1 $ of 1 Inf, 2 $ by the end of cycle 3
    assert st.breaches == [(tid, 0, 3)]
    st2 = game()
    tid = signed(st2, treaty(p1=[clause]))
    night(st2, 2)
    st2.facts += [(2, "pay", 0, 1, 0, 1), (3, "pay", 0, 1, 2, 2)]
    night(st2, 3)
    refused(st2, report_breach, 2, tid, 1, match="as promised")


# -- penalty clauses (NSE-104, NSE-106, NSE-A23) ---------------------------------------------


def test_nse106_penalty_i_ends_the_treaty_at_the_named_cycle():
    st = game()
    tid = signed(st, pens=[end_at(4)], status="Neutral")
    night(st, 2)
    report_breach(st, 0, tid, 1)
    events = night(st, 3)
    assert "ends at the start of cycle 4" in events[0].data["text"]
    assert st.relation(0, 1) == "neutral"
    events = night(st, 4)
    assert "penalty clause" in events[0].data["text"] and st.relation(0, 1) == "hostile"


def test_nse106_penalty_i_with_a_past_cycle_ends_at_once():
    st = game()
    tid = signed(st, pens=[end_at(1)], status="Allied")
    night(st, 2)
    report_breach(st, 2, tid, 2)  # Fleurs reports its own breach
    assert kinds(night(st, 3)) == ["treaty penalty", "treaty ended", "status changed"]
    assert st.ally_of(0) == -1


def test_nse106_penalty_iv_continues_x_cycles_after_the_report():
    st = game()
    tid = signed(st, pens=[continues(2)], status="Neutral")
    night(st, 2)
    report_breach(st, 0, tid, 1)  # Day 2: it runs through cycle 3
    night(st, 3)
    assert st.relation(0, 1) == "neutral"
    night(st, 4)
    assert st.relation(0, 1) == "hostile"


def test_nse106_penalties_iii_v_are_moderator_decisions_for_both_parties():
    st = game()
    tid = signed(st, pens=[FORCED, REVEAL_PENALTY])
    night(st, 2)
    report_breach(st, 2, tid, 2)  # Fleurs breached
    report_breach(st, 0, tid, 1)  # the Pape breached
    events = night(st, 3)
    assert kinds(events) == ["treaty decision"] * 4
    texts = [d[2] for d in st.log if d[0] == "decision" and d[1] == 3]
    assert "Faction Leader of Le Roi des Fleurs performs 'Arson'" in texts[0]
    assert "send the Faction Leader of The Pape 'role name'" in texts[1]
    assert "Faction Leader of The Pape performs 'Arson'" in texts[2]
    assert "send the Faction Leader of Le Roi des Fleurs" in texts[3]


def test_nse106_penalty_ii_each_cycle_installments():
    st = game()
    tid = signed(st, pens=[fine("1", "MP", "each cycle for 2 cycles")])
    night(st, 2)
    report_breach(st, 0, tid, 1)
    st.houses[0].res = [0, 5, 0]
    night(st, 3)
    night(st, 4)
    night(st, 5)
    assert st.houses[0].res == [0, 3, 0] and st.houses[2].res == [0, 2, 0] and st.owed == {}


def test_nse106_penalty_vii_bans_treaties_after_step_one():
    st = game()
    tid = signed(st, pens=[ban()])  # the offender may not enter treaties with type ii
    night(st, 2)
    report_breach(st, 0, tid, 1)  # the Pape breached
    propose(st, 0, "crowns", treaty(f2=2))  # still allowed: the ban starts at step 1
    events = night(st, 3)
    ban_text = "may not enter treaties with any faction containing promises of type ii"
    assert ban_text in events[0].data["text"]
    refused(st, sign, 4, 2, match=r"penalty vii of treaty 1 forbids it \(NSE-106\)")
    refused(st, propose, 0, "alliance", treaty(f2=3), match="promises of type ii")
    refused(st, propose, 6, "pape", treaty(f1=3, f2=0), match="The Pape may not enter")
    no_pay = treaty(f2=3, p2=[enter(ALLIANCE)])
    assert propose(st, 0, "alliance", no_pay)
    assert propose(st, 2, "crowns", treaty(f1=1, f2=2))  # Fleurs is not banned


def test_nse106_penalty_vii_ban_with_named_faction_and_duration():
    st = game()
    tid = signed(st, pens=[ban(CROWNS, "any promises", "treaties for 1 cycles")])
    night(st, 2)
    report_breach(st, 0, tid, 1)
    night(st, 3)
    refused(st, propose, 0, "crowns", treaty(f2=2), match="through cycle 3")
    assert propose(st, 0, "alliance", treaty(f2=3))
    st.night = 4  # Day 4: the ban is over
    assert propose(st, 0, "crowns", treaty(f2=2))


# -- NSE-92 and combat's questions (NSE-87 .. NSE-91, NSE-94, NSE-97) -----------------------


def test_nse92_break_treaties_ends_every_treaty_between_the_two():
    st = game()
    signed(st, status="Neutral")
    night(st, 2)
    signed(st, status="Neutral")  # signed, not yet running
    signed(st, f1=0, f2=2, status="Neutral")
    events = break_treaties(st, 1, 0)
    assert kinds(events) == ["treaty ended", "status changed", "treaty ended"]
    assert [t.ended for t in st.treaties] == [True, True, False]
    assert st.relation(0, 1) == "hostile" and events[1].visible_to(None)
    night(st, 3)
    assert st.relation(0, 1) == "hostile" and st.relation(0, 2) == "neutral"


def test_nse87_nse89_nse90_nse94_may_fight():
    st = game()
    st.status = {(0, 1): "neutral", (2, 3): "allied"}
    assert may_fight(st, 0, 2, -1) and may_fight(st, 0, 2, 0)  # NSE-87: Hostile always
    assert may_fight(st, 0, -1, 0)  # neutral units are Hostile
    assert may_fight(st, 0, 1, -1) and may_fight(st, 0, 1, 3)  # NSE-89
    assert not may_fight(st, 0, 1, 1) and not may_fight(st, 1, 0, 1)  # NSE-90
    assert may_fight(st, 0, 1, 1, asked=True)  # NSE-90: the invader asked
    assert not may_fight(st, 2, 3, -1) and not may_fight(st, 2, 3, 3, asked=True)  # NSE-94


def test_nse88_nse91_nse94_nse97_may_conquer():
    st = game()
    st.status = {(0, 1): "neutral", (2, 3): "allied"}
    assert may_conquer(st, 0, 2, False) and may_conquer(st, 0, -1, False)  # NSE-88
    assert not may_conquer(st, 0, 1, False) and may_conquer(st, 0, 1, True)  # NSE-91
    assert not may_conquer(st, 2, 3, False) and not may_conquer(st, 3, 2, True)  # NSE-94/97
    assert not may_conquer(st, 2, 2, True)
