"""The single-agent environment (``bureau.envs.single_agent``) and a property test of every
research environment: random masked episodes never raise, and their outcomes are readable
after the end (issue 25, docs/research.md).

The property test plays as many short episodes as fit a few seconds per game and
environment; ``BUREAU_ENV_SECONDS=60`` (seconds per game and environment) runs thousands.
"""

from __future__ import annotations

import os
import random
import time
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bureau.engine import all_games
from bureau.envs import single_agent
from bureau.envs.encodings import OBS_BOUND
from bureau.envs.features import PROGRESS
from bureau.envs.pettingzoo import env as aec_env
from bureau.envs.rewards import SCHEMES, SHAPED, payoffs
from bureau.envs.single import IllegalToken

GAMES = [g.name for g in all_games()]
# Short games, so that many episodes fit (a capped game ends terminated, "capped").
SHORT = {
    "aristocracy": {"max_years": 2},
    "nobility": {"max_turns": 60},
    "decrees": {"max_turns": 4},
    "noblesse": {"max_nights": 1},
}
SECONDS = float(os.environ.get("BUREAU_ENV_SECONDS", "1.5"))
FAST_ISMCTS = "ismcts:iterations=8"


def random_episode(e, rng: np.random.Generator, seed: int | None = None):
    """A uniformly random masked episode of a single-agent env: (steps, last step)."""
    obs, info = e.reset(seed=seed)
    assert e.observation_space.contains(obs)
    steps = 0
    while True:
        mask = e.action_masks()
        assert mask.any(), e.partial_text()
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        assert obs.dtype == np.float32 and obs.shape == e.observation_space.shape
        assert np.abs(obs).max() < OBS_BOUND  # never clipped: the bounds are true
        if terminated or truncated:
            return steps, (reward, terminated, truncated, info)
        assert (reward == 0.0 or e.reward_scheme in SHAPED) and "outcome" not in info


def check_end(e, last) -> None:
    reward, terminated, truncated, info = last
    outcome = info["outcome"]
    assert terminated and not truncated  # a cap's end too: its payoff is final
    assert set(info["rewards"]) == set(e.names)
    if e.reward_scheme not in SHAPED:  # shaped: the end pays what the potential left
        assert reward == info["rewards"][e.names[e.seat]]
    if e.reward_scheme == "win" and not outcome["capped"]:
        assert sum(info["rewards"].values()) == pytest.approx(1.0)
    if e.reward_scheme in ("rank", "shaped"):
        assert all(0.0 <= r <= 1.0 for r in info["rewards"].values())
    with pytest.raises(RuntimeError, match="over"):
        e.step(0)


def aec_episode(e, rng: random.Random, seed: int) -> int:
    """A random masked AEC episode; its outcome checked after ``agent_iter`` ends."""
    e.reset(seed=seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
    assert e.agents == [] and e.outcome is not None
    assert set(e.final_rewards) == set(e.possible_agents)
    final = e.game.outcome(e.state)
    assert e.final_rewards == dict(
        zip(e.possible_agents, payoffs(final, e.reward_scheme), strict=True)
    )
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_single_agent_passes_gymnasiums_env_checker(game):
    e = single_agent(game, seed=1, options=SHORT.get(game))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning fails the test too
        check_env(e, skip_render_check=True)
    assert e.observation_space.high.max() == OBS_BOUND == -e.observation_space.low.min()
    assert e.action_space.n == len(e.vocab) and e.action_masks().dtype == bool


@pytest.mark.parametrize("game", GAMES)
def test_random_episodes_never_raise_in_either_environment(game):
    """Random masked play against every opponent kind (ISMCTS, being slow, once), every
    reward scheme, seats drawn per episode, free deals or not; and the AEC environment
    likewise (with every deal)."""
    rng = np.random.default_rng(5)
    options = SHORT.get(game)
    n = single_agent(game).game.min_players
    kinds = ["random", "heuristic", ["random", "heuristic", *["random"] * (n - 3)][: n - 1]]
    episodes = {"single": 0, "aec": 0}
    e = single_agent(game, opponents=FAST_ISMCTS, seed=0, options=options)
    check_end(e, random_episode(e, rng)[1])
    start = time.perf_counter()
    k = 0
    schemes = [s for s in SCHEMES if s != "progress" or game in PROGRESS]
    while time.perf_counter() - start < SECONDS or k < 6:
        scheme = schemes[k % len(schemes)]
        e = single_agent(
            game, opponents=kinds[k % 3], reward=scheme, seed=k, options=options, deals=k % 2
        )
        check_end(e, random_episode(e, rng)[1])
        k += 1
    episodes["single"] = k + 1
    start = time.perf_counter()
    a = aec_env(game, seed=0, options=options, rewards="rank", deals=True)
    pyrng = random.Random(5)
    k = 0
    while time.perf_counter() - start < SECONDS or k < 3:
        aec_episode(a, pyrng, seed=k)
        k += 1
    episodes["aec"] = k
    print(game, episodes)


def test_the_seat_is_drawn_per_episode_unless_given():
    e = single_agent("nobility", seed=0, options=SHORT["nobility"])
    seats = {e.reset()[1]["seat"] for _ in range(20)}
    assert seats == set(e.names)
    fixed = single_agent("nobility", seat="Ben", seed=0)
    assert {fixed.reset()[1]["seat"] for _ in range(5)} == {"Ben"}


def test_opponents_act_on_the_engine_and_specs_are_checked():
    e = single_agent("decrees", players=4, opponents=["heuristic", "random", FAST_ISMCTS])
    e.reset(seed=2)
    assert [type(b).__name__ for _, b in sorted(e.bots.items())].count("RandomBot") == 1
    with pytest.raises(ValueError, match="one per other seat"):
        single_agent("decrees", players=4, opponents=["random"])
    with pytest.raises(Exception, match="no bot named"):
        single_agent("decrees", opponents="wizard")


def test_an_illegal_action_changes_nothing_or_raises_if_asked():
    e = single_agent("nobility", seat=0, seed=3)
    obs, _ = e.reset(seed=3)
    bad = int(np.flatnonzero(~e.action_masks())[0])
    again, reward, terminated, _truncated, info = e.step(bad)
    assert info["illegal"] and reward == 0 and not terminated and np.array_equal(obs, again)
    strict = single_agent("nobility", seat=0, seed=3, illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalToken, match="legal tokens are"):
        strict.step(bad)


def test_capped_games_pay_by_the_scheme_and_heuristic_seats_end_aristocracy():
    """Random play never ends Aristocracy (nobody claims Glory): the year cap stops it,
    terminated (its payoff is final: nothing to bootstrap); "win" pays it 0, "rank"
    places it by victory points alone (not coins).
    Heuristic opponents claim Glory, so their games end by the rules."""
    rng = np.random.default_rng(1)
    for scheme in ("win", "rank"):
        e = single_agent("aristocracy", reward=scheme, seed=4, options={"max_years": 2})
        _, (_reward, terminated, truncated, info) = random_episode(e, rng)
        assert terminated and not truncated and info["outcome"]["capped"]
        points = info["outcome"]["scores"]
        if scheme == "win":
            assert set(info["rewards"].values()) == {0.0}
        else:
            best = [e.names[s] for s, p in enumerate(points) if p == max(points)]
            assert all(info["rewards"][name] >= 0.5 for name in best)
    e = single_agent("aristocracy", opponents="heuristic", seed=4)
    for _ in range(3):
        _, (_reward, terminated, truncated, info) = random_episode(e, rng)
        assert terminated and "glory" in info["outcome"]["reason"]


def test_aristocracy_tax_discards_in_any_order_have_an_index():
    """The order of Tax discards is the order they go on the pile: every order is an
    action, so the mask offers every hand card's rank first (a card is its rank, then its
    suit), and a learner may discard in descending order, which ``legal_actions``
    (sorted) does not list."""
    from bureau.cards import RANK_TEXT, card_text, rank
    from bureau.games.aristocracy.rules import excess

    e = single_agent("aristocracy", players=2, seat=0, seed=0)
    rng = np.random.default_rng(0)
    for episode in range(40):
        e.reset(seed=episode)
        while e._choice is not None:
            hand = e.state.hands[e.seat]
            k = excess(e.state, e.seat) if e.state.step == "tax" else 0
            if k >= 2 and len(set(hand)) > k and e.partial_text() == "discard":
                offered = {e.vocab.tokens[t] for t in np.flatnonzero(e.action_masks())}
                assert offered == {RANK_TEXT[rank(c) - 1] for c in hand}
                picked = sorted(set(hand), reverse=True)[:k]
                text = "discard " + " ".join(card_text(c) for c in picked)
                listed = {str(a) for a in e.game.legal_actions(e.state, e.seat)}
                assert text not in listed
                for t in e.encode_text(text)[1:]:
                    e.step(t)
                assert (e.names[e.seat], text) in e.history
                return
            e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
    pytest.fail("no Tax of two cards or more in 40 episodes")


def test_an_aristocracy_card_is_its_rank_then_its_suit_filled_in_where_one_fits():
    """A stall's cards are picked rank first: the mask offers the hand's ranks, a rank held
    in one suit only is completed at once, and a rank held in several asks for the suit."""
    from bureau.cards import RANK_TEXT, SUIT_LETTERS, card_text, rank, suit

    e = single_agent("aristocracy", players=2, seat=0, seed=0)
    seen = set()
    for episode in range(20):
        e.reset(seed=episode)
        while e._choice is not None and e.partial_text() != "stall":
            e.step(int(np.random.default_rng(episode).choice(np.flatnonzero(e.action_masks()))))
        if e._choice is None:
            continue
        hand = e.state.hands[e.seat]
        offered = {e.vocab.tokens[t] for t in np.flatnonzero(e.action_masks())}
        assert offered - {"<end>", "none"} == {RANK_TEXT[rank(c) - 1] for c in hand}
        for r in sorted({rank(c) for c in hand}):
            suits = {SUIT_LETTERS[suit(c)] for c in hand if rank(c) == r}
            e.reset(seed=episode)
            while e.partial_text() != "stall":
                e.step(int(np.random.default_rng(episode).choice(np.flatnonzero(e.action_masks()))))
            e.step(e.token_index(RANK_TEXT[r - 1]))
            if len(suits) == 1:
                (only,) = [c for c in hand if rank(c) == r][:1]
                assert e.partial_text() == f"stall {card_text(only)}"
                seen.add("filled in")
            else:
                offered = {e.vocab.tokens[t] for t in np.flatnonzero(e.action_masks())}
                assert offered == suits
                seen.add("asked")
        if seen == {"filled in", "asked"}:
            return
    pytest.fail(f"20 stalls showed only {seen}")


def test_nobility_offers_and_payments_are_all_in_the_index_with_deals():
    """With ``deals=True`` every offer the rules accept has tokens (amounts, melds and
    cards both ways, a coalition) and the mask walks them; random play makes card-for-card
    offers, as Bureau's random bot does, and never raises. Without, no free offer."""
    rng = np.random.default_rng(2)
    e = single_agent("nobility", deals=True, seed=2, options={"max_turns": 120})
    made = []
    for _ in range(4):
        random_episode(e, rng)
        made += [t for n, t in e.history if n == e.names[e.seat] and t.startswith("offer")]
    assert any(t.count("card") >= 1 and t.count("gives") == 2 for t in made), made[:5]
    assert any(t.startswith("pay ") for n, t in e.history) or made
    plain = single_agent("nobility", seed=2, options={"max_turns": 120})
    random_episode(plain, rng)
    mine = [t for n, t in plain.history if n == plain.names[plain.seat]]
    assert not any(t.startswith(("pay ", "offer")) and "gives" in t for t in mine)


def accepts(choice, codes) -> bool:
    """True when ``choice`` (a seat's decision) walks ``codes`` token by token to a move."""
    walk = choice.restart()
    for t in codes:
        if t not in walk.next_tokens():
            return False
        walk.push(t)
    return walk.complete()


# The moves to look for among the bots' (so that the test shows it met them).
DEALS = {
    "aristocracy": ("discard",),
    "nobility": ("offer",),
    "decrees": ("offer", "spread", "remove"),
    "seabirds": ("post:", "hide"),
    "noblesse": (
        *("setup", "move", "steward", "recruit", "use"),
        *("choose", "marry", "accept", "sign", "pay"),
    ),
}
# Games long enough to be cut: each game at this many moves (Noblesse's 8 heuristic seats
# finish in about 370, its random seats play 12 Nights).
CUT = {"noblesse": 300}
# Free text, outside every index: Noblesse's treaty texts.
FREE_TEXT = {"noblesse": ("propose",)}


@pytest.mark.parametrize(
    "game, players",
    [("aristocracy", 2), ("nobility", 3), ("decrees", 4), ("seabirds", 3), ("noblesse", 8)],
)
def test_every_move_of_bureaus_bots_has_an_index(game, players):
    """Every action the engine accepts from a seat has an index (issue 25): each move
    Bureau's random and heuristic bots make is walked token by token through the seat's
    decision with ``deals=True``: Aristocracy's Tax discards in the order chosen,
    Nobility's offers (card for card, a second card of the hand too), Final Decrees'
    offers, spreads of several parts and removals from several pools, Seabirds'
    Transactions (gifts, conditional trades, reinvestments, takes, Upgrades; posted or
    hidden), Noblesse's set-ups, moves of two squares, Stewards anywhere, recruits and
    levies of any design on any site, the Federal Dues' choice, marriages and their
    answers, treaties signed and the Faction Leader's payments (its treaty texts are free
    text, left out)."""
    from bureau.bots import make as make_bot
    from bureau.engine import load
    from bureau.envs.choice import decision
    from bureau.envs.encodings import encoding

    g = load(game)
    enc = encoding(game)
    met = dict.fromkeys(DEALS[game], 0)
    moves = 0
    start = time.perf_counter()
    seed = 0
    while (
        seed < 4
        or time.perf_counter() - start < 2 * SECONDS
        or (not all(met.values()) and seed < 60)
    ):
        kind = ("random", "heuristic")[seed % 2]
        short = SHORT.get(game) if game in ("aristocracy", "nobility") else None
        state = g.new(players, seed=seed, bots_only=True, options=short)
        names = g.player_names(players)
        bots = [make_bot(kind, g, s, seed) for s in range(players)]
        end = moves + CUT.get(game, 200_000)
        while g.outcome(state) is None and moves < end:
            p = g.pending(state)[0]
            action = bots[p].act(state)
            text = str(action)
            if text.startswith(FREE_TEXT.get(game, ())):
                g.apply(state, p, action)
                continue
            codes = enc.vocab.encode(text, names, p)
            assert codes is not None, f"{text!r} holds a word outside the index"
            choice = decision(g, state, p, names, enc, True, None, True)
            assert accepts(choice, codes), f"{kind} bot's {text!r} has no index"
            for word in met:
                met[word] += text.startswith(word)
            g.apply(state, p, action)
            moves += 1
        seed += 1
    assert all(met.values()), met


def test_noblesse_walks_end_in_orders_the_rules_accept():
    """Noblesse's walked families (set-ups, moves, Stewards, recruits and levies of any unit
    design, Create Noble abilities, payments) never lead into a dead end: random walks
    from the first token of each, in random and heuristic 8-seat games, end in an order
    the rules accept, whose canonical text is the text walked."""
    from bureau.bots import make as make_bot
    from bureau.engine import load
    from bureau.envs.choice import decision
    from bureau.envs.encodings import encoding

    g, enc = load("noblesse"), encoding("noblesse")
    vocab, names = enc.vocab, g.player_names(8)
    heads = {vocab.index(w) for w in ("setup", "move", "steward", "recruit", "use", "pay")}
    rng = random.Random(4)
    walked: dict[str, int] = {}
    for seed, kind in enumerate(("random", "heuristic")):
        state = g.new(8, seed=seed, bots_only=True)
        bots = [make_bot(kind, g, s, seed) for s in range(8)]
        for move in range(240):
            p = g.pending(state)[0]
            if move % 3 == 0:
                choice = decision(g, state, p, names, enc, True, None, True)
                for head in sorted(heads & choice.legal()):
                    walk = choice.restart()
                    done = walk.pick(head)
                    while not done:
                        done = walk.pick(rng.choice(sorted(walk.legal())))
                    text = vocab.decode(walk.prefix, names, p)
                    assert str(g.parse(state, p, text)) == text
                    walked[text.split()[0]] = walked.get(text.split()[0], 0) + 1
            g.apply(state, p, bots[p].act(state))
    assert set(walked) == {"setup", "move", "steward", "recruit", "use", "pay"}, walked


def test_nobility_accepts_an_amount_and_a_card_of_the_same_number():
    """Regression: the offer check compared items as plain tuples, so ``Money(2)`` equalled
    ``CardItem(2)`` (3S) and ``Ben gives 2, card 3S`` was refused as a duplicate."""
    from bureau.bots import make as make_bot
    from bureau.engine import load

    game = load("nobility")
    for seed in range(20):
        state = game.new(3, seed=seed, bots_only=True)
        bots = [make_bot("random", game, s, seed) for s in range(3)]
        while game.outcome(state) is None:
            p = game.pending(state)[0]
            q = (p + 1) % 3
            if state.phase == "start" and state.money[q] >= 2 and not state.offers:
                name = state.names[q]
                action = game.parse(state, p, f"offer {name}: {name} gives 2, card 3S")
                assert str(action) == f"offer {name}: {name} gives 2, card 3S"
                return
            game.apply(state, p, bots[p].act(state))
    pytest.fail("nobody held 2 units at the start of a turn")


def test_the_ten_line_training_script_of_the_docs_runs_with_a_stand_in_learner():
    """docs/research.md's MaskablePPO script, with a stand-in for MaskablePPO (the learner
    itself is not run in CI): the environment's side of it works as written, and so do
    the section's Aristocracy lines that follow it."""
    import contextlib
    import io
    import re
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "research.md").read_text(encoding="utf-8")
    section = text[text.index("## Learning in ten lines") :]
    section = section[: section.index("\n## ", 3)]
    code, *more = re.findall(r"```python\n(.*?)```", section, re.S)
    assert "from sb3_contrib import MaskablePPO" in code

    class MaskablePPO:  # the calls the script makes, with a random masked policy
        def __init__(self, policy, env, seed=0):
            self.rng = np.random.default_rng(seed)

        def learn(self, total_timesteps):
            return self

        def predict(self, obs, action_masks):
            return int(self.rng.choice(np.flatnonzero(action_masks))), None

    code = code.replace("from sb3_contrib import MaskablePPO\n", "")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"MaskablePPO": MaskablePPO})
    winners, seat, reward = out.getvalue().rsplit("] ", 1)[0] + "]", *out.getvalue().split()[-2:]
    assert winners.startswith("[") and seat in ("Ann", "Ben", "Cat") and float(reward) in (0, 1)
    assert len(more) == 1 and '"variant": "shorter"' in more[0]
    scope = {"MaskablePPO": MaskablePPO}
    exec(code.replace("from sb3_contrib import MaskablePPO\n", "") + more[0], scope)
    assert scope["env"].game.name == "aristocracy" and len(scope["env"].names) == 2
    assert scope["env"].resolved_options["base_hand_size"] == 3


def discounted_return(e, rng, gamma: float):
    """Play ``e`` to its end with a uniformly random masked policy: the sum of
    ``gamma**t`` times the t-th step's reward, the number of steps, the last info."""
    total, t = 0.0, 0
    while True:
        _obs, reward, terminated, truncated, info = e.step(
            int(rng.choice(np.flatnonzero(e.action_masks())))
        )
        total += gamma**t * reward
        t += 1
        if terminated or truncated:
            return total, t, info


@pytest.mark.parametrize("gamma", [0.99, 1.0, 0.9])
def test_shaped_rewards_sum_to_the_rank_payoff_minus_the_first_estimate(gamma):
    """``reward="shaped"`` pays each learner step ``discount`` times the learner's share
    (``Game.evaluate``) after it minus the share before; the episode's rewards discounted
    by that ``discount`` add up to the discounted final "rank" payoff minus the estimate
    at its first decision, whatever the path (potential-based shaping)."""
    rng = np.random.default_rng(3)
    e = single_agent(
        "aristocracy", reward="shaped", seed=3, options={"max_years": 3}, discount=gamma
    )
    e.reset(seed=3)
    first = e.game.evaluate(e.state)[e.seat]
    total, steps, info = discounted_return(e, rng, gamma)
    assert steps > 5
    payoff = info["rewards"][e.names[e.seat]]
    assert total == pytest.approx(gamma ** (steps - 1) * payoff - first, abs=1e-6)
    with pytest.raises(ValueError, match="discount must be in"):
        single_agent("aristocracy", reward="shaped", discount=0)
    with pytest.raises(ValueError, match="single_agent"):
        aec_env("aristocracy", rewards="shaped")


@pytest.mark.parametrize("gamma", [0.99, 1.0])
def test_progress_rewards_sum_to_the_score_payoff_minus_the_first_potential(gamma):
    """``reward="progress"`` (Aristocracy): potential-based shaping on the learner's
    progress toward points and the most the move under way can still add, paid token by
    token (a build's matched card pays as it is picked); an episode's rewards discounted
    by ``discount`` add up to the discounted final "score" payoff minus the potential at
    its first decision, so a gain given back later (a build, then a downgrade) nets
    nothing."""
    from bureau.envs import rewards
    from bureau.envs.features import aristocracy_progress, aristocracy_reach

    rng = np.random.default_rng(4)
    within = 0
    for seed in range(3):
        e = single_agent(
            "aristocracy", reward="progress", seed=seed, options={"max_years": 3}, discount=gamma
        )
        e.reset(seed=seed)
        s = e.seat
        first = aristocracy_progress(e.state, s) + aristocracy_reach(e.state, s, e._choice)
        total, t = 0.0, 0
        while True:
            moves = len(e.history)
            _obs, reward, terminated, truncated, info = e.step(
                int(rng.choice(np.flatnonzero(e.action_masks())))
            )
            total += gamma**t * reward
            t += 1
            if terminated or truncated:
                break
            within += reward != 0 and len(e.history) == moves  # paid within a move
        payoff = info["rewards"][e.names[s]]
        assert payoff == info["outcome"]["scores"][s] - np.mean(
            [p for q, p in enumerate(info["outcome"]["scores"]) if q != s]
        )
        expected = gamma ** (t - 1) * payoff - rewards.PROGRESS_WEIGHT * first
        assert total == pytest.approx(expected, abs=1e-6)
    assert within > 0
    with pytest.raises(ValueError, match="progress measure"):
        single_agent("nobility", reward="progress")
    with pytest.raises(ValueError, match="single_agent"):
        aec_env("aristocracy", rewards="progress")


def test_progress_pays_the_pick_of_a_build_not_the_decisions_arrival():
    """``reward="progress"`` counts the move under way from its first token: a King's
    action decision that offers a build adds nothing to the potential when it comes, so
    ``royal`` is paid the most the build can make and a ``pass`` in its place nothing."""
    from bureau.envs.features import aristocracy_reach
    from bureau.games.aristocracy.state import KING

    options = {"max_years": 5, "farm_size": 1, "estate_size": 2, "chateau_size": 3}
    rng = np.random.default_rng(1)
    for seed in range(20):
        e = single_agent("aristocracy", reward="progress", seed=seed, options=options)
        e.reset(seed=seed)
        while e._choice is not None:
            mask = e.action_masks()
            royal = e.token_index("royal")
            if e.partial_text() == "" and mask[royal]:
                assert aristocracy_reach(e.state, e.seat, e._choice) == 0.0
                reach = aristocracy_reach(e.state, e.seat, e._choice.after(royal))
                if e.state.royal == KING and reach > 0:  # a build to make
                    passed = e._choice.after(e.token_index("pass"))
                    assert aristocracy_reach(e.state, e.seat, passed) == 0.0
                    paid = e.step(royal)[1]
                    assert paid == pytest.approx(e.discount * reach)
                    return
            e.step(int(rng.choice(np.flatnonzero(mask))))
    pytest.fail("no King's action decision with a build in 20 games")


def test_progress_gains_are_what_each_pick_within_a_move_is_paid():
    """``progress_gains()`` gives each legal token what the ``"progress"`` reward pays
    for picking it within a move (discount 1: the state is the same, only the move under
    way changes), 0 for the tokens the mask forbids and for ``<end>``; it says so of
    every token, not only of the one picked, and needs a progress measure."""
    rng = np.random.default_rng(7)
    options = {"variant": "standard", "max_years": 3}
    paid_somewhere = 0
    for seed in range(4):
        e = single_agent("aristocracy", reward="progress", seed=seed, options=options, discount=1.0)
        e.reset(seed=seed)
        while e._choice is not None:
            mask, prefix = e.action_masks(), e.partial_text()
            gains = e.progress_gains()
            assert gains.shape == mask.shape and not gains[~mask].any() and gains[0] == 0
            assert e.partial_text() == prefix  # weighing the tokens picks none
            token = int(rng.choice(np.flatnonzero(mask)))
            moves = len(e.history)
            _obs, reward, terminated, _truncated, _info = e.step(token)
            if not terminated and len(e.history) == moves:  # the move goes on: no bot acted
                assert reward == pytest.approx(float(gains[token]), abs=1e-6)
                paid_somewhere += gains[token] != 0
        assert not e.progress_gains().any()  # over: nothing to pick
    assert paid_somewhere > 5
    with pytest.raises(ValueError, match="progress measure"):
        single_agent("nobility").progress_gains()


def test_picking_the_largest_progress_gain_beats_a_random_policy():
    """A policy that picks the token of the largest ``progress_gains()`` (the baseline of
    ``benchmarks/learn.py --greedy``) scores Aristocracy points that a random policy
    does not, in the standard game against a random seat (ARI-63: only complete
    buildings score)."""

    def points(pick) -> float:
        total = 0.0
        for seed in range(12):
            e = single_agent(
                "aristocracy",
                reward="progress",
                seed=seed,
                options={"variant": "standard", "max_years": 5},
            )
            e.reset(seed=seed)
            rng = np.random.default_rng(seed)
            info = {}
            while e._choice is not None:
                info = e.step(pick(e, rng))[4]
            total += info["outcome"]["scores"][e.seat]
        return total

    def random_pick(e, rng):
        return int(rng.choice(np.flatnonzero(e.action_masks())))

    def greedy_pick(e, rng):
        legal = np.flatnonzero(e.action_masks())
        gains = e.progress_gains()[legal]
        return int(rng.choice(legal[gains >= gains.max() - 1e-9]))

    assert points(greedy_pick) >= points(random_pick) + 2


def test_aristocracy_features_count_the_stores_that_would_match_a_card():
    """The per-rank "storable" feature is positive exactly for the ranks of which a legal
    Store (ARI-23) puts a card into a building addressed by that rank in place of a
    mismatched one (ARI-63), checked wherever the learner may Store."""
    from bureau.cards import rank
    from bureau.envs.features import PER_RANK, RANKS, aristocracy
    from bureau.games.aristocracy.actions import Store

    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(6):
        e = single_agent("aristocracy", seed=seed, options={"max_years": 4})
        e.reset(seed=seed)
        while e._choice is not None:
            game, state, seat = e.game, e.state, e.seat
            stores = [a for a in game.legal_actions(state, seat) if isinstance(a, Store)]
            if stores and e.partial_text() == "":
                mine = state.buildings[seat]
                matching = {
                    rank(a.card & 63) - 1  # the features count ranks from 0 (the ace)
                    for a in stores
                    if rank(a.card & 63) == rank(mine[a.building].address) != rank(a.out)
                }
                x = aristocracy(game.view(state, seat), e.names, seat, e.resolved_options)
                storable = x[: RANKS * PER_RANK].reshape(RANKS, PER_RANK)[:, 12]
                assert {k for k in range(RANKS) if storable[k] > 0} == matching
                checked += bool(matching)
            e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
    assert checked > 3


def test_aristocracy_observes_its_features_and_hashed_views_on_request():
    """Aristocracy's observation is its compact features (``bureau.envs.features``): per
    rank, what building needs; the other games' (and Aristocracy's with
    ``observation="hashed"``) the hashed features of the view."""
    from bureau.envs.features import ARISTOCRACY_SIZE

    e = single_agent("aristocracy", seed=0)
    assert e.observation_kind == "features"
    assert e.observation_space.shape == (ARISTOCRACY_SIZE + len(e.vocab),)
    obs, _ = e.reset(seed=0)
    hand = e.state.hands[e.seat]
    assert np.expm1(obs[: 13 * 13 : 13]).round().sum() == len(hand)  # cards in hand by rank
    sizes = slice(ARISTOCRACY_SIZE - 3, ARISTOCRACY_SIZE)  # the building cards each kind needs
    assert np.expm1(obs[sizes]).round().tolist() == [3, 4, 5]
    short = single_agent("aristocracy", seed=0, options={"variant": "shorter"})
    assert np.expm1(short.reset(seed=0)[0][sizes]).round().tolist() == [1, 2, 3]
    h = single_agent("aristocracy", seed=0, observation="hashed")
    assert h.observation_space.shape == (1024 + len(h.vocab),)
    assert single_agent("nobility").observation_kind == "hashed"
    with pytest.raises(ValueError, match="'hashed'"):
        single_agent("nobility", observation="features")
