"""``Noblesse.determinize``: what a seat cannot know is re-dealt (``determinize.py``).

The table of ``helpers``: Ann (seat 0) leads the Pape (NSE-111) and Ben (seat 1) is an
ordinary Pape member; Cat, Eve and Gus lead the other factions. ``midgame`` plays
heuristic bots (which read determinized states themselves) and random bots for four
Nights: units have spread out, estates changed hands, battles were fought.
"""

from __future__ import annotations

import functools
import random

from bureau.bots import make
from bureau.games.noblesse.actions import read
from bureau.games.noblesse.board import STACK_LIMIT, stack_count
from bureau.games.noblesse.determinize import known_seats, relabel, sight
from bureau.games.noblesse.foresight import foresee
from bureau.games.noblesse.positions import save_position
from bureau.games.noblesse.state import NEUTRAL

from .helpers import GAME, NAMES, ROLES, act, place_unit, resolve, started, unit_of

SEEDS = range(12)


@functools.cache
def _midgame(seed: int):
    state = GAME.new(list(NAMES), seed=seed, options={"roles": list(ROLES)}, bots_only=True)
    bots = [make("heuristic" if s % 2 == 0 else "random", GAME, s, seed) for s in range(8)]
    while state.night < 4:
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, bots[seat].act(state))
    return state


def midgame(seed: int = 1):
    return _midgame(seed).clone()


def worlds(state, seat: int, seeds=SEEDS):
    return [GAME.determinize(state, seat, random.Random(k)) for k in seeds]


def shape(events, seat: int):
    """Kinds and audiences of the events ``seat`` sees, up to the Night's first event."""
    out = []
    for e in events:
        if e.visible_to(seat):
            out.append((e.kind, e.audience))
            if e.kind == "night":
                break
    return out


def assert_consistent(world, real):
    """The world is a game that could be: the same houses, each faction's members,
    estates and Nobles; seat references that agree with each other; a valid position."""
    assert sorted((h.role, h.faction) for h in world.houses) == sorted(
        (h.role, h.faction) for h in real.houses
    )
    assert GAME.view(world, None) == GAME.view(real, None)
    for s, h in enumerate(world.houses):
        assert (h.alive, h.ready) == (real.houses[s].alive, real.houses[s].ready)
        if h.alive and h.home >= 0 and world.night:
            assert world.ctrl[h.home] == (h.faction, s)
        if h.spouse >= 0:
            assert world.houses[h.spouse].spouse == s
        fielded = any(u.owner == s and u.commander == "pc" for u in world.units.values())
        assert h.pc_field == fielded
    for f, s in enumerate(world.leaders):
        assert s < 0 or world.houses[s].faction == f
    for f, s in world.ctrl.values():
        assert s < 0 or world.houses[s].faction == f
    for sq, s in world.stewards.items():
        assert ("steward", sq, "") in world.houses[s].posts
    assert sorted(world.units) == sorted(real.units)
    for u in world.units.values():
        assert u.owner == NEUTRAL or world.houses[u.owner].alive
        if u.owner != NEUTRAL:
            fac = world.houses[u.owner].faction
            assert stack_count(world, u.square, fac) <= max(
                STACK_LIMIT, stack_count(real, u.square, fac)
            )
    fresh = GAME.new(list(NAMES), seed=1, options={"position": save_position(world)})
    assert save_position(fresh) == save_position(world)


# -- no leaks ----------------------------------------------------------------------------------


def test_views_legal_actions_and_events_are_unchanged():
    """DESIGN.md "No leaks": every seat's view, the public view, the pending seats, the
    legal actions, and the events a seat's own actions and the Night's start bring it
    are the same in the real game and in a world re-dealt for that seat."""
    state = midgame()
    for seat in range(len(NAMES)):
        for k in range(3):
            world = GAME.determinize(state, seat, random.Random(k))
            assert GAME.view(world, seat) == GAME.view(state, seat)
            assert GAME.pending(world) == GAME.pending(state)
            legal = GAME.legal_actions(state, seat)
            assert GAME.legal_actions(world, seat) == legal
            for action in legal[1:6]:
                real, other = state.clone(), world.clone()
                ev_real = GAME.apply(real, seat, action)
                ev_world = GAME.apply(other, seat, action)
                assert shape(ev_world, seat) == shape(ev_real, seat)
                assert GAME.view(other, seat) == GAME.view(real, seat)
            real, other = state.clone(), world.clone()
            for s in GAME.pending(state):
                if s != seat:
                    GAME.apply(real, s, GAME.timeout_action(real, s))
                    GAME.apply(other, s, GAME.timeout_action(other, s))
            done = GAME.timeout_action(state, seat)
            ev_real, ev_world = GAME.apply(real, seat, done), GAME.apply(other, seat, done)
            assert shape(ev_world, seat) == shape(ev_real, seat)
            assert any(e.kind == "night" for e in ev_real)


def test_the_same_rng_state_gives_the_same_world():
    state = midgame()
    one, two = (GAME.determinize(state, 1, random.Random(7)) for _ in range(2))
    assert save_position(one) == save_position(two)
    others = {str(save_position(w)) for w in worlds(state, 1, range(5))}
    assert len(others) == 5


# -- identities (NSE-111) ----------------------------------------------------------------------


def test_an_ordinary_member_cannot_tell_who_is_who():
    """Ben (Papal Marshal) knows only himself: over a dozen worlds every other seat is
    sometimes dealt a role that is not its own, Ben never; the worlds are consistent."""
    state = started()
    assert known_seats(state, 1) == {1}
    dealt = {s: set() for s in range(len(NAMES))}
    for world in worlds(state, 1):
        assert_consistent(world, state)
        for s, h in enumerate(world.houses):
            dealt[s].add(h.role)
    assert dealt[1] == {2}
    for s in set(range(len(NAMES))) - {1}:
        assert len(dealt[s]) > 1, NAMES[s]


def test_a_faction_leader_keeps_his_members():
    """NSE-111: Ann (Cardinal-Camerlengo) knows Ben is her Papal Marshal; the other six
    seats are re-dealt among themselves."""
    state = started()
    changed = set()
    for world in worlds(state, 0):
        assert_consistent(world, state)
        for s in (0, 1):
            real, dealt = state.houses[s], world.houses[s]
            assert (dealt.role, dealt.faction, dealt.home) == (real.role, real.faction, real.home)
        changed |= {s for s in range(2, 8) if world.houses[s].role != state.houses[s].role}
    assert changed == set(range(2, 8))


def test_contact_spies_and_marriage_reveal_seats():
    """Ann opens a channel to Ben (NSE-A22); Ben's Spy reports Eve's unit next door
    (NSE-A21); Ben marries Gus (NSE-44). Ben then knows Ann, Eve and Gus, and every
    world keeps them and the reported unit; the others are still re-dealt."""
    state = started()
    act(state, 0, "contact Ben")
    unit = unit_of(state, 4)[0]
    unit.square = state.square("C4")
    act(state, 1, "spy to C4")
    resolve(state)
    state.houses[1].spouse, state.houses[6].spouse = 6, 1
    assert any(line.startswith("Spy at C4:") and "Eve" in line for line in state.reports[1])
    assert known_seats(state, 1) == {0, 1, 4, 6}
    moved = set()
    for world in worlds(state, 1):
        assert_consistent(world, state)
        for s in (0, 4, 6):
            assert world.houses[s].role == state.houses[s].role
        seen = world.units[unit.id]
        assert (seen.owner, seen.square, seen.companies) == (4, unit.square, unit.companies)
        moved |= {s for s in (2, 3, 5, 7) if world.houses[s].role != state.houses[s].role}
    assert moved == {2, 3, 5, 7}


def test_holy_office_reveals_its_target():
    """Role 3's Holy Office names a seat's role and faction: that seat stays."""
    state = started()
    state.reports[1] = ["Holy Office: Dan is Maréchal des Lys of Fleurs."]
    assert known_seats(state, 1) == {1, 3}
    assert all(w.houses[3].role == 5 for w in worlds(state, 1))


def test_the_world_does_not_depend_on_what_the_seat_cannot_see():
    """Swapping two houses Ben does not know, or moving a unit he cannot see, is
    another truth that fits all he knows: it gives him the very same worlds."""
    state = started()
    swapped = state.clone()
    perm = list(range(len(NAMES)))
    perm[2], perm[4] = 4, 2
    relabel(swapped, perm, 1)
    assert GAME.view(swapped, 1) == GAME.view(state, 1)
    assert swapped.houses[2].role != state.houses[2].role
    elsewhere = state.clone()
    unit_of(elsewhere, 2)[0].square = elsewhere.square("B10")
    for k in range(4):
        base = save_position(GAME.determinize(state, 1, random.Random(k)))
        assert save_position(GAME.determinize(swapped, 1, random.Random(k))) == base
        assert save_position(GAME.determinize(elsewhere, 1, random.Random(k))) == base


# -- units, resources --------------------------------------------------------------------------


def test_units_out_of_sight_are_re_dealt_and_own_units_kept():
    """Ben's units, the neutral garrisons and what stands where last Night's battles
    were fought (the public post names the squares) stay as they are; the others'
    units are elsewhere, with other companies, in most worlds."""
    state = midgame()
    player = 1
    seen = sight(state, player)
    assert len(seen) >= 3
    mine = {u.square for u in state.units.values() if u.owner == player}
    hidden = [u for u in state.units.values() if u.owner not in (NEUTRAL, player)]
    hidden = [u for u in hidden if u.square not in seen]
    assert len(hidden) >= 4
    at_real = makeup_real = 0
    for world in worlds(state, player):
        assert_consistent(world, state)
        for u in state.units.values():
            w = world.units[u.id]
            if u.owner in (NEUTRAL, player) or u.square in seen:
                assert (w.square, w.companies, w.commander) == (
                    u.square, u.companies, u.commander,
                )  # fmt: skip
                assert w.owner == u.owner or world.houses[w.owner].faction == (
                    state.houses[u.owner].faction
                )
            else:
                assert w.square not in seen | mine
        at_real += sum(world.units[u.id].square == u.square for u in hidden)
        makeup_real += sum(world.units[u.id].companies == u.companies for u in hidden)
    assert at_real < 0.4 * len(hidden) * len(SEEDS)
    assert makeup_real < 0.4 * len(hidden) * len(SEEDS)


def test_others_resources_are_drawn_afresh():
    state = midgame()
    world = GAME.determinize(state, 1, random.Random(0))
    assert world.houses[1].res == state.houses[1].res
    stocks = {tuple(h.res) for w in worlds(state, 1, range(4)) for h in w.houses}
    assert len(stocks) > 8


def test_the_record_keeps_only_what_the_faction_may_know():
    """NSE-A23's record of deeds: the other factions' moves and placements are dropped;
    the Pape's own, and the battles and takings the post announced, stay."""
    state = midgame()
    world = GAME.determinize(state, 1, random.Random(0))
    others = [f for f in state.facts if f[2] != 0 and f[1] == "move"]
    assert others and not [f for f in world.facts if f[2] != 0 and f[1] == "move"]
    assert [f for f in world.facts if f[2] == 0] == [f for f in state.facts if f[2] == 0]
    public = [f for f in state.facts if f[1] in ("battle", "control")]
    assert public and all(f in world.facts for f in public)


# -- playing on --------------------------------------------------------------------------------


def test_games_continue_from_a_world():
    """From a world re-dealt for each seat, every seat gives a few legal orders and the
    Night resolves by the rules (NSE-119); the result is still a valid position."""
    state = midgame(2)
    assert state.night == 4
    for seat in range(len(NAMES)):
        world = GAME.determinize(state, seat, random.Random(seat))
        rng = random.Random(seat)
        night = world.night
        for s in GAME.pending(world):
            legal = GAME.legal_actions(world, s)
            for action in rng.sample(legal[1:], min(3, len(legal) - 1)):
                if action in GAME.legal_actions(world, s):
                    GAME.apply(world, s, action)
        for s in GAME.pending(world):
            GAME.apply(world, s, GAME.timeout_action(world, s))
        assert world.night == night + 1
        GAME.new(list(NAMES), seed=1, options={"position": save_position(world)})  # it loads


def test_a_unit_placed_by_hand_beside_the_seat_is_not_seen():
    """A unit next to Ben's home that no Spy reported is not known to stand there."""
    state = started()
    far = place_unit(state, 5, "C4")
    squares = {w.units[far.id].square for w in worlds(state, 1)}
    assert len(squares) > 1 and all(w.units[far.id].owner >= 0 for w in worlds(state, 1))


def test_the_days_foresight_reads_nothing_the_player_cannot_know():
    """Orders the Day can judge (foresight.py; NSE-23, NSE-24, NSE-42, NSE-43, NSE-69,
    NSE-A19, NSE-A38, NSE-A39, NSE-A41): what the Day says of an order, a refusal or a
    caution, depends only on what its writer knows, so it is the same in every world
    determinize re-deals for him. Tried for every seat on every square, mid-game, with
    orders already on the lists."""

    units = ("Regiment with O1, C2 x2, C1, F6 x2", "Garrison with O1, C1 x5, R7 x3")
    judged = 0
    for seed in (1, 2):
        state = midgame(seed)
        rng = random.Random(seed)
        for seat in state.living():  # some orders on every list
            for _ in range(6):
                order = GAME.sample_action(state, seat, rng)
                if str(order) != "done":
                    GAME.apply(state, seat, order)
        assert any(len(state.houses[s].orders) > 1 for s in state.living())
        labels = [e.square for e in state.scenario.estates]
        texts = [
            text
            for label in labels
            for text in (
                f"steward {label}",
                f"create noble {label}",
                f"open city {label}",
                *(f"recruit {u} at {label}" for u in units),
                *(
                    f"{post} {label} {res}"
                    for post in ("tc", "lobbyist")
                    for res in ("Inf", "MP", "$")
                ),
            )
        ]
        orders = [read(state.scenario, state.names, text) for text in texts]
        for seat in state.living():
            said = [foresee(state, seat, o) for o in orders]
            judged += sum(1 for r, c in said if r or c)
            for world in worlds(state, seat, seeds=range(3)):
                assert [foresee(world, seat, o) for o in orders] == said
    assert judged > 1000  # the Day does judge many of them
