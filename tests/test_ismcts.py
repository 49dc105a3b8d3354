"""The ISMCTS bot: it searches only what its seat may know, keeps its budget, plays legal
actions in every game, finds an obviously winning move, and reads its spec."""

from __future__ import annotations

import random
import time

import pytest

from bureau.bots import ISMCTSBot, make, parse_spec
from bureau.cards import parse_cards
from bureau.engine import IllegalAction, OptionError, all_games, load
from bureau.games.aristocracy.state import Building

GAMES = [g.name for g in all_games()]
SEARCHED = ("determinize", "clone", "apply", "perform", "check", "legal_actions", "sample_action")


def position(game, seed: int, decisions: int, players: int | None = None):
    """A random game of ``game`` after at most ``decisions`` decisions, still running, whose
    first pending seat has a choice; with that seat."""
    n = players or game.min_players
    state = game.new(n, seed=seed, bots_only=True)
    bots = [make("random", game, p, seed) for p in range(n)]
    for k in range(decisions + 2000):
        pending = game.pending(state)
        if game.outcome(state) is not None or not pending:
            break
        if k >= decisions and len(game.legal_actions(state, pending[0])) > 1:
            return state, pending[0]
        game.apply(state, pending[0], bots[pending[0]].act(state))
    pytest.fail(f"{game.name} seed {seed}: no position with a choice after {decisions} decisions")


def watched(game):
    """``game`` with every state the search hands it recorded, by method."""
    seen: dict[str, list] = {name: [] for name in SEARCHED}

    def recorder(name):
        method = getattr(type(game), name)

        def record(self, state, *args, **kwargs):
            seen[name].append(state)
            return method(self, state, *args, **kwargs)

        return record

    cls = type("Watched", (type(game),), {name: recorder(name) for name in SEARCHED})
    return cls(), seen


# -- it sees only what its seat may know ---------------------------------------------------------


COMPARED = {"plies": 1, "compare": "hint", "rollout": "heuristic", "explore": 0.1}
STYLED = {"styles": "on", "compare": "hint", "depth": 60, "margin": 1.0}
SEARCHES = [
    *(pytest.param(name, {}, id=f"{name}-tree") for name in GAMES),
    *(pytest.param(name, COMPARED, id=f"{name}-compared") for name in GAMES),
    pytest.param("noblesse", STYLED, id="noblesse-styles"),
]


@pytest.mark.parametrize(("name", "settings"), SEARCHES)
def test_the_search_is_never_handed_the_true_state(name, settings):
    game, seen = watched(load(name))
    state, seat = position(game, seed=3, decisions=40)
    secrets = [id(h) for h in getattr(state, "hands", [])]
    for calls in seen.values():
        calls.clear()
    bot = ISMCTSBot(
        game, seat, seed=1, iterations=40 // (1 + 9 * ("styles" in settings)), **settings
    )
    bot.act(state)
    # Bot.act re-deals the true state once; the search re-deals that copy every iteration.
    assert seen["determinize"][0] is state
    handed = seen["determinize"][1]
    assert handed is not state
    assert bot.last.searched
    if bot.last.searched:
        assert len(seen["determinize"]) == 1 + bot.last.iterations
        assert all(s is handed for s in seen["determinize"][1:])
    touched = [s for calls in seen.values() for s in calls]
    assert sum(s is state for s in touched) == 1, "the true state reached the search"
    for s in touched[1:]:  # nor did any of its hidden hands, shared by reference
        assert not {id(h) for h in getattr(s, "hands", [])} & set(secrets)


@pytest.mark.parametrize("name", ["aristocracy", "nobility"])
def test_worlds_it_cannot_tell_apart_get_the_same_move(name):
    game = load(name)
    state, seat = position(game, seed=5, decisions=120, players=3)
    other = game.determinize(state, seat, random.Random(99))  # another deal of what it can't see
    assert game.view(other, seat) == game.view(state, seat)
    hidden = [q for q in range(state.num_players) if q != seat]
    assert any(sorted(other.hands[q]) != sorted(state.hands[q]) for q in hidden)
    bots = [ISMCTSBot(game, seat, seed=4, iterations=150) for _ in range(2)]
    first, second = bots[0].act(state), bots[1].act(other)
    assert bots[0].last.searched and bots[1].last.searched
    assert str(first) == str(second)


# -- budgets -------------------------------------------------------------------------------------


def test_an_iteration_budget_is_kept_exactly():
    game = load("aristocracy")
    state, seat = position(game, seed=2, decisions=50, players=4)
    bot = ISMCTSBot(game, seat, seed=0, iterations=37)
    bot.act(state)
    assert bot.last.searched and bot.last.iterations == 37


def test_a_time_budget_is_kept():
    game = load("nobility")
    state, seat = position(game, seed=2, decisions=50)
    bot = make("ismcts:seconds=0.15", game, seat, 0)
    started = time.perf_counter()
    bot.act(state)
    spent = time.perf_counter() - started
    assert bot.last.iterations > 10
    assert bot.last.seconds >= 0.15  # it searched until the deadline ...
    assert spent < 2.0  # ... and then stopped: with seconds alone it has no iteration bound


def test_a_lone_legal_action_is_played_without_search():
    game = load("aristocracy")
    state = game.new(3, seed=1, options={"herald": 0})
    state.hands[0] = []  # nothing to put in a stall: 'stall none' only
    bot = ISMCTSBot(game, 0, seed=0, iterations=500)
    assert str(bot.act(state)) == "stall none"
    assert not bot.last.searched and bot.last.iterations == 0


# -- legal everywhere ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_it_plays_legal_actions_in_every_game(name):
    """Random games in which ISMCTS takes every fifth decision: each of its actions is
    checked by the game, as a human's would be."""
    game = load(name)
    searched = 0
    for seed in (10, 11):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new(n, seed=seed, bots_only=True)
        bots = [make("random", game, p, seed) for p in range(n)]
        for k in range(150):
            pending = game.pending(state)
            if game.outcome(state) is not None or not pending:
                break
            seat = pending[0]
            if k % 5 == 0:
                bot = make("ismcts:iterations=20", game, seat, seed + k)
                action = bot.act(state)
                searched += bot.last.searched
            else:
                action = bots[seat].act(state)
            game.apply(state, seat, action)  # raises IllegalAction if it is not legal
    assert searched >= 3


# -- an obviously best move ----------------------------------------------------------------------


def glory_position():
    """Aristocracy, the first King round's Glory step: Ann (seat 0) has two complete
    châteaux and may end the game as its winner; nobody else has a building."""
    game = load("aristocracy")
    state = game.new(3, seed=1, options={"herald": 0})
    for address, rank in (("7S", "7"), ("9S", "9")):
        cards = parse_cards(" ".join(f"{rank}{s}" for s in "HCDHC"))
        state.buildings[0].append(Building(parse_cards(address)[0], cards))
    for seat in (0, 1, 2):  # empty stalls: straight to the cleanup and Glory
        game.apply(state, seat, game.parse(state, seat, "stall none"))
    assert state.step == "glory"
    return game, state


def test_aristocracy_it_claims_a_winning_glory():
    game, state = glory_position()
    action = ISMCTSBot(game, 0, seed=0, iterations=200).act(state)
    assert str(action) == "glory"


def winning_position(game, seed: int, players: int):
    """The first position of a seeded random game where the seat to act has an action
    that wins the game at once, and one that does not."""
    state = game.new(players, seed=seed, bots_only=True)
    bots = [make("random", game, p, seed) for p in range(players)]
    while game.outcome(state) is None and game.pending(state):
        seat = game.pending(state)[0]
        legal = game.legal_actions(state, seat)
        if 1 < len(legal) <= 40:
            wins = {str(a) for a in legal if wins_at_once(game, state, seat, a)}
            if wins and len(wins) < len(legal):
                return state, seat, wins
        game.apply(state, seat, bots[seat].act(state))
    pytest.fail(f"{game.name} seed {seed}: no winning move met; choose another seed")


def wins_at_once(game, state, seat: int, action) -> bool:
    trial = game.clone(state)
    game.apply(trial, seat, action)
    out = game.outcome(trial)
    return out is not None and not out.capped and out.winners == (seat,)


@pytest.mark.parametrize(
    ("name", "seed", "players", "settings"),
    [("nobility", 10, 3, {}), ("decrees", 1, 4, {}), ("nobility", 10, 3, COMPARED)],
)
def test_it_finds_a_move_that_wins_at_once(name, seed, players, settings):
    game = load(name)
    state, seat, wins = winning_position(game, seed, players)
    action = ISMCTSBot(game, seat, seed=0, iterations=300, **settings).act(state)
    assert str(action) in wins


def test_compared_it_claims_a_winning_glory():
    game, state = glory_position()
    action = ISMCTSBot(game, 0, seed=0, iterations=60, **COMPARED).act(state)
    assert str(action) == "glory"


def test_compared_moves_are_scored_by_their_gain_over_the_heuristic_move():
    """compare=hint: the heuristic's root move scores 0 by definition; every other root
    move its gain over it in the same worlds; a move is played over it only if its gain
    is above 0 by ``margin`` standard errors."""
    game = load("aristocracy")
    state, seat = position(game, seed=2, decisions=50, players=4)
    bot = ISMCTSBot(game, seat, seed=3, iterations=120, **COMPARED)
    world = game.determinize(state, seat, random.Random(0))
    hint = bot._hint(world)
    root, listed = bot._root(world, game.legal_actions(world, seat), hint)
    hinted = root.children[str(hint)]
    bot._search(world, root, listed, time.perf_counter(), hinted)
    assert hinted.visits and hinted.total == 0 and hinted.square == 0  # no gain over itself
    assert sum(c.visits for c in root.children.values()) == 120
    ranked = bot._gainers(root.children.values(), hinted)
    assert ranked[-1] is hinted
    for child in ranked[:-1]:
        mean = child.total / child.visits
        assert mean > 0 and child.visits >= 2
    sure = ISMCTSBot(game, seat, seed=3, iterations=120, margin=1e9, **COMPARED)
    assert sure._gainers(root.children.values(), hinted) == [hinted]  # no gain is that sure


# -- specs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["aristocracy", "nobility", "decrees", "seabirds", "noblesse"])
def test_a_plain_ismcts_plays_with_the_games_tuned_parameters(name):
    game = load(name)
    tuned = make(f"ismcts:{game.ismcts}", game, 0).settings
    assert make("ismcts", game, 0).settings == tuned
    if name == "noblesse":  # whole Days of the heuristic bot, in the style it finds best
        assert tuned.styles == "on" and tuned.compare == "hint"
    else:
        assert tuned.rollout == "heuristic" and tuned.guide == "tree"
    assert make("ismcts:depth=4", game, 0).settings.rollout == "random"


def test_specs_set_the_parameters():
    game = load("aristocracy")
    bot = make("ismcts:iterations=400,rollout=heuristic,depth=2", game, 1, 0)
    s = bot.settings
    assert (s.iterations, s.seconds, s.rollout, s.depth) == (400, None, "heuristic", 2)
    assert (s.plies, s.compare, s.margin) == (None, "off", 2.0)
    flat = make("ismcts:plies=1:compare=hint:margin=1.5", game, 1, 0).settings
    assert (flat.plies, flat.compare, flat.margin) == (1, "hint", 1.5)
    assert make("ismcts:depth=4", game, 0).settings.iterations == 1000  # the defaults
    timed = make("ismcts:seconds=0.5:explore=1.2", game, 0).settings
    assert (timed.iterations, timed.seconds, timed.explore) == (None, 0.5, 1.2)
    assert parse_spec(" ISMCTS ") == ("ismcts", {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=lots", "ismcts iterations='lots': give a whole number"),
        ("ismcts:iterations=0", "give 1 or more"),
        ("ismcts:rollout=smart", "rollout=smart: one of random, heuristic"),
        ("ismcts:speed=3", "ismcts has no parameter 'speed'; its parameters are: iterations"),
        ("ismcts:iterations=none", "ismcts needs a budget"),
        ("ismcts:depth", "write parameters as name=value"),
        ("ismcts:depth=1,depth=2", "depth is given twice"),
        ("ismcts:plies=0", "plies=0: give 1 or more, or none"),
        ("ismcts:compare=best", "compare=best: one of off, hint"),
        ("ismcts:margin=-1", "margin=-1.0: give 0 or more"),
        ("ismcts:styles=maybe", "styles=maybe: on or off"),
        ("ismcts:styles=on", "Nobility's heuristic bot has no styles: use styles=off"),
        ("random:depth=1", "bot 'random' takes no parameters"),
        ("mcts", "no bot named 'mcts'; the bots are: random, ismcts"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(OptionError) as info:
        make(spec, load("nobility"), 0)
    assert message in str(info.value)


def free_text_decision():
    """A Seabirds position where ``legal_actions`` lists only Ready, but the heuristic bot
    would send a Transaction; and the seat to act."""
    game = load("seabirds")
    state = game.new(4, seed=3, bots_only=True)
    bots = [make("heuristic", game, s, 3) for s in range(4)]
    for _ in range(400):
        seat = game.pending(state)[0]
        legal = game.legal_actions(state, seat)
        hint = bots[seat].act(state)
        if len(legal) == 1 and str(hint) != str(legal[0]):
            return game, state, seat
        game.apply(state, seat, hint)
    raise AssertionError("no free-text decision reached")


def test_the_heuristic_hint_is_searched_where_legal_actions_cannot_list_it():
    """Seabirds' Transactions are free text (``open_ended``): ``legal_actions`` lists only
    Ready, but the search weighs the heuristic bot's Transaction beside it and plays a
    legal action; with guide=off it has nothing to weigh and plays Ready at once."""
    game, state, seat = free_text_decision()
    bot = make("ismcts:iterations=40", game, seat, 1)
    choice = bot.act(state)
    assert bot.last.searched and bot.last.children == 2
    game.check(state, seat, choice)
    unguided = make("ismcts:iterations=40:guide=off", game, seat, 1)
    assert str(unguided.act(state)) == "ready" and not unguided.last.searched


def test_guide_and_prior_settings():
    """``guide`` is off, root or tree; ``prior`` a count; with a prior above the budget the
    heuristic's own move is played."""
    with pytest.raises(OptionError, match="guide=everywhere: one of off, root, tree"):
        make("ismcts:guide=everywhere", load("nobility"), 0)
    with pytest.raises(OptionError, match="prior=-1: give 0 or more"):
        make("ismcts:prior=-1", load("nobility"), 0)
    game = load("nobility")
    state = game.new(3, seed=2, bots_only=True)
    seat = game.pending(state)[0]
    world = game.determinize(state, seat, random.Random(1))
    spec = "ismcts:iterations=30:prior=31:guide=tree"
    hint = make(spec, game, seat, 5)._hint(world)  # the same seed: the same adviser
    bot = make(spec, game, seat, 5)
    assert str(bot.choose(world)) == str(hint) and bot.last.searched


def test_an_order_refused_only_when_performed_ends_the_walk_not_the_search():
    """A game whose perform refuses an order its check let through: the search drops that
    world's walk, never crashes, and plays another order."""
    base = load("nobility")

    class Refusing(type(base)):
        def perform(self, state, player, action):
            if str(action) == "draw stock":
                raise IllegalAction("refused when performed")
            return super().perform(state, player, action)

    game = Refusing()
    state = game.new(3, seed=2, bots_only=True)
    seat = game.pending(state)[0]
    assert "draw stock" in [str(a) for a in game.legal_actions(state, seat)]
    for guide in ("off", "tree"):
        bot = ISMCTSBot(game, seat, seed=1, iterations=80, guide=guide, rollout="heuristic")
        assert str(bot.act(state)) in ("draw discard", "concede")


# -- styles: whole plans -------------------------------------------------------------------------


def noblesse_game(bot: str, nights: int, seed: int = 4):
    """Noblesse, eight seats: ``bot`` (a spec) in seat 2, heuristic bots elsewhere, played
    to the start of Night ``nights``; the bots and every action in order."""
    game = load("noblesse")
    state = game.new(8, seed=seed, bots_only=True)
    bots = [make("heuristic", game, p, seed) for p in range(8)]
    bots[2] = make(bot, game, 2, seed)
    played = []
    while game.outcome(state) is None and state.night < nights:
        seat = game.pending(state)[0]
        action = bots[seat].act(state)
        played.append((seat, str(action)))
        game.apply(state, seat, action)
    return bots, played


def test_styles_are_chosen_once_a_day():
    """styles=on searches the heuristic bot's styles when the decision key (the Day)
    changes and plays the chosen style's orders for the rest of it."""
    chosen = []

    class Counting(ISMCTSBot):
        def choose_style(self, state):
            chosen.append((load("noblesse").decision_key(state), super().choose_style(state)))
            return chosen[-1][1]

    game = load("noblesse")
    state = game.new(8, seed=4, bots_only=True)
    bots = [make("heuristic", game, p, 4) for p in range(8)]
    bots[2] = Counting(game, 2, seed=1, iterations=3, **STYLED)
    days = set()
    while state.night < 4:
        seat = game.pending(state)[0]
        if seat == 2:
            days.add(game.decision_key(state))
        game.apply(state, seat, bots[seat].act(state))
    assert sorted(key for key, _ in chosen) == sorted(days)  # one search a Day
    assert len(days) >= 4
    assert {style for _, style in chosen} <= set(bots[0].styles)
    assert bots[2].last.iterations == 3 and bots[2].last.children == len(bots[0].styles)


def test_styles_that_cannot_be_sure_of_a_gain_play_the_heuristics_own_game():
    """With a margin no gain reaches, the search keeps the bot's own style, so the game is
    move for move the heuristic bot's; with margin 0 the best mean gain is played, and
    some Days that is another style."""
    _, heuristic = noblesse_game("heuristic", nights=4)
    _, sure = noblesse_game("ismcts:styles=on:compare=hint:margin=1e9:iterations=2", nights=4)
    assert sure == heuristic
    bold_spec = "ismcts:styles=on:compare=hint:margin=0:iterations=6:depth=60"
    bots, bold = noblesse_game(bold_spec, nights=4)
    assert bots[2]._player.style in bots[0].styles
    assert bold != heuristic
