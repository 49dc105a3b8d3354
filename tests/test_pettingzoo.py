"""The PettingZoo environments of every game (``bureau.envs.pettingzoo``, docs/research.md)."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from bureau.engine import all_games
from bureau.envs.pettingzoo import IllegalToken, env

GAMES = [g.name for g in all_games()]
# Caps keep the long games short here; a capped game ends terminated, "capped".
OPTIONS = {"aristocracy": {"max_years": 3}, "noblesse": {"max_nights": 2}}


def make(game: str, **kw):
    return env(game, options=OPTIONS.get(game), **kw)


def play(e, rng: random.Random, on_step=None, max_steps: int = 20_000) -> tuple[dict, dict]:
    """Random masked play to the end: the last ``info`` and each agent's final reward;
    ``on_step(e)`` is called before each live agent's step. Nobody concedes a game of
    Nobility while anything else is legal, so that games last."""
    info: dict = {}
    paid: dict = {}
    for steps, agent in enumerate(e.agent_iter()):
        assert steps < max_steps, "the game did not end"
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            paid[agent] = reward
            e.step(None)
            continue
        assert reward == 0  # rewards come only at the end
        if on_step is not None:
            on_step(e)
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        lasting = [t for t in legal if e.vocab.tokens[t] != "concede"] or legal
        e.step(rng.choice(lasting))
    return info, paid


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_and_seed_tests_pass(game):
    api_test(make(game), num_cycles=60)
    seed_test(lambda: make(game), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_a_random_masked_game_ends_with_its_rewards(game):
    e = make(game, seed=7)
    e.reset()
    info, paid = play(e, random.Random(7))
    final = e.game.outcome(e.state)
    assert e.agents == [] and len(e.history) > 5
    assert final is not None and info["outcome"] == final.to_json()
    assert set(paid) == set(e.possible_agents)
    if final.capped:  # no winner: nobody is paid
        assert paid == {a: 0.0 for a in e.possible_agents}
        return
    share = 1 / len(final.winners)
    assert paid == {
        a: share if s in final.winners else 0.0 for s, a in enumerate(e.possible_agents)
    }


def test_rewards_rank_scheme_and_a_capped_games_termination():
    e = env("decrees", seed=2, rewards="rank")
    e.reset(seed=2)
    _info, paid = play(e, random.Random(2))
    ranking = e.game.outcome(e.state).ranking
    n = len(ranking)
    assert paid == {a: (n - ranking[s]) / (n - 1) for s, a in enumerate(e.possible_agents)}

    capped = env("aristocracy", options={"max_years": 1}, seed=1)
    capped.reset()
    ends, rng = {}, random.Random(1)
    for agent in capped.agent_iter():
        obs, reward, terminated, truncated, info = capped.last()
        if terminated or truncated:
            ends[agent] = (reward, terminated, truncated)
            capped.step(None)
        else:
            capped.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert info["outcome"]["capped"] and set(ends) == set(capped.possible_agents)
    # a cap's payoff is final: terminated, not truncated (nothing after it to bootstrap)
    assert set(ends.values()) == {(0.0, True, False)}


@pytest.mark.parametrize("game", GAMES)
def test_observations_do_not_change_when_hidden_information_is_redealt(game):
    """Re-deal what each seat cannot know (``determinize``): its observation, action mask
    included, stays the same bit for bit."""
    e = make(game, seed=11)
    e.reset()
    rng = random.Random(11)
    checked = redealt = 0

    def check(e):
        nonlocal checked, redealt
        if e._choice.prefix != _root_prefix(e) or rng.random() > 0.3:
            return
        real = e.state
        for seat, agent in enumerate(e.possible_agents):
            seen = e.observe(agent)
            e.state = e.game.determinize(real, seat, random.Random(checked))
            other_seat = (seat + 1) % len(e.possible_agents)  # what the re-deal changed
            redealt += e.game.view(e.state, other_seat) != e.game.view(real, other_seat)
            e._next_decision()
            other = e.observe(agent)
            e.state = real
            e._next_decision()
            assert np.array_equal(seen["observation"], other["observation"]), (game, agent)
            assert np.array_equal(seen["action_mask"], other["action_mask"]), (game, agent)
            checked += 1

    play(e, rng, on_step=check)
    assert checked >= 5 * len(e.possible_agents)
    # Something was re-dealt (in Seabirds the env only posts in public: nothing is hidden
    # from the other Houses but the deck's order, which no view shows).
    assert redealt > 0 or game == "seabirds"


def _root_prefix(e) -> tuple:
    """The tokens filled in before the acting seat picks anything."""
    fresh = e._choice.restart()
    fresh.extend_forced()
    return fresh.prefix


@pytest.mark.parametrize("game", GAMES)
def test_action_index_round_trips_and_covers_every_legal_action(game):
    """index -> canonical text -> index for every legal action met, and every legal
    action the game lists is expressible; playing a text's indices plays that text."""
    e = make(game, seed=3, players=e_players(game), concede=True)
    e.reset()
    rng = random.Random(3)
    met = 0

    def check(e):
        nonlocal met
        if e._choice.prefix != _root_prefix(e):
            return
        seat = e._choice.seat
        listed = {str(a) for a in e.game.legal_actions(e.state, seat)}
        texts = e.legal_texts()
        assert listed <= set(texts)
        for text in rng.sample(texts, min(len(texts), 20)):
            codes = e.encode_text(text)
            assert e.decode_tokens(codes) == text
            assert e.encode_text(e.decode_tokens(codes)) == codes
            met += 1

    play(e, rng, on_step=check)
    assert met > 50
    # Spell one action out token by token: the env applies exactly that text.
    e.reset(seed=5)
    text = max(e.legal_texts(), key=len)
    codes = e.encode_text(text)
    actor = e.agent_selection
    while not e.history:
        done = len(e._choice.prefix)
        e.step(codes[done] if done < len(codes) else 0)
    assert e.history[0] == (actor, text)


def e_players(game: str) -> int:
    return {"aristocracy": 3, "nobility": 3, "decrees": 5, "seabirds": 4, "noblesse": 9}[game]


def test_an_illegal_action_index_is_refused_with_what_is_legal():
    e = env("nobility", seed=3, concede=True)
    e.reset()
    with pytest.raises(IllegalToken, match=r"not legal now for Ann.*legal tokens are .*draw"):
        e.step(e.token_index("meld"))
    with pytest.raises(IllegalToken, match="out of range"):
        e.step(10_000)
    assert e.history == [] and e.agent_selection == "Ann"


def test_agents_are_seat_names_and_spaces_are_fixed_per_game():
    e = env("aristocracy", players=["Ann", "Bob", "Cy"])
    e.reset(seed=1)
    assert e.possible_agents == ["Ann", "Bob", "Cy"]
    assert e.action_space("Ann").n == len(e.vocab) == env("aristocracy", players=5).vocab.__len__()
    obs = e.observe("Bob")
    assert obs["observation"].shape == e.observation_space("Bob")["observation"].shape
    waiting = [a for a in e.possible_agents if a != e.agent_selection]
    assert not e.observe(waiting[0])["action_mask"].any()  # only the acting seat has a mask


def test_the_training_loop_of_the_docs_runs():
    text = (Path(__file__).parents[1] / "docs" / "research.md").read_text(encoding="utf-8")
    loop = text[text.index("## A training loop") :]
    code = re.search(r"```python\n(.*?)```", loop, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {})
    assert out.getvalue() == "2\n"


def random_episode(e, rng: np.random.Generator, seed: int) -> tuple[list[np.ndarray], dict]:
    """One episode of the docs' random masked policy: every mask it acted on, and the last
    ``info``, reward, termination and truncation of each agent."""
    e.reset(seed=seed)
    masks, ends = [], {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            ends[agent] = (info, reward, terminated, truncated)
            e.step(None)
            continue
        masks.append(obs["action_mask"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return masks, ends


def test_nobility_never_concedes_unless_asked_and_games_still_end():
    """``concede`` is one of the two tokens at the start of every Nobility turn, so with
    ``concede=True`` a random masked policy concedes in every episode within a few moves;
    by default the mask never allows it, and the games go on to end by the rules, paying
    the winner."""
    rng = np.random.default_rng(5)
    default = env("nobility", seed=5, concede=True)
    for seed in range(3):
        random_episode(default, rng, seed)
        assert any(text == "concede" for _, text in default.history)
        assert len(default.history) < 60
    lasting = env("nobility", seed=5)
    concede = lasting.token_index("concede")
    for seed in range(3):
        masks, ends = random_episode(lasting, rng, seed)
        assert all(mask[concede] == 0 for mask in masks)
        assert all(text != "concede" for _, text in lasting.history)
        assert len(lasting.history) > 200
        assert set(ends) == set(lasting.possible_agents)
        assert all(terminated and not truncated for _, _, terminated, truncated in ends.values())
        outcome = next(iter(ends.values()))[0]["outcome"]
        assert "conceded" not in outcome["reason"] and outcome["winners"]
        assert sum(reward for _, reward, _, _ in ends.values()) == pytest.approx(1)
    # The option changes only the index: the other games have nothing to concede.
    e = env("decrees", players=4, seed=1)
    e.reset(seed=1)
    plain = env("decrees", players=4, seed=1, concede=True)
    plain.reset(seed=1)
    assert e.legal_texts() == plain.legal_texts()


def test_nobility_drop_after_income_is_in_the_index():
    """Regression (issue 25): after an ``income`` that a seat cannot fully maintain, it must
    ``drop`` nobles; ``drop`` was missing from the vocabulary, so the environment raised
    ``no legal action of Ann fits the nobility vocabulary: []``. Seed 340's random bots
    reach that decision; their moves go through the action index where it has them."""
    from bureau.bots import make as make_bot

    e = env("nobility", seed=0)
    e.reset(seed=340)
    bots = [make_bot("random", e.game, s, 340) for s in range(3)]
    dropped = []
    while e._choice is not None:
        seat = e._choice.seat
        if e.state.phase == "drop":
            dropped.append(e.legal_texts())
        action = bots[seat].act(e.state)
        codes = e.encode_text(str(action))
        assert codes is not None, str(action)
        if e.decode_tokens(codes) not in e.legal_texts():  # an offer not listed
            e.game.apply(e.state, seat, action)
            e._next_decision()
            continue
        played = len(e.history)
        while len(e.history) == played:
            k = len(e._choice.prefix)
            e.step(codes[k] if k < len(codes) else 0)
        assert e.history[-1] == (e.possible_agents[seat], str(action))
    assert dropped and all(texts and texts[0].startswith("drop ") for texts in dropped)
