"""One seat of a Bureau game as a Gymnasium environment, the others played by Bureau's bots.

``single_agent("nobility")`` is the environment a single-agent learner (PPO, DQN,
sb3-contrib's MaskablePPO) takes as it is:

- the learner plays one seat (``seat``, or a seat drawn per episode when ``seat=None``);
  every other seat is a Bureau bot (``opponents``: ``"random"``, ``"heuristic"``,
  ``"ismcts"`` or any bot spec, one for all or a list, one per other seat) that acts
  directly on the game, never through the action index;
- an action is a token of the game's fixed vocabulary (``Discrete(len(vocab))``), picked
  one step at a time as in the PettingZoo environment (``docs/research.md``);
  ``action_masks()`` (the sb3-contrib convention) says which tokens are legal now;
- the observation is a flat ``Box``: the hashed features of the learner's view followed
  by the counts of the tokens picked so far, each value squashed to ``sign(x) *
  log1p(|x|)`` and clipped to the declared bounds ``[-OBS_BOUND, OBS_BOUND]``;
- the reward comes at the end, by the scheme ``reward`` names (``bureau.envs.rewards``),
  and ``info["outcome"]`` holds the game's outcome (``info["rewards"]`` every seat's);
  ``"shaped"`` and ``"progress"`` pay along the way too, potential-based shaping for a
  learner whose discount factor is ``discount`` (default 0.99).
  Every end is *terminated*, a cap's too (``info["outcome"]["capped"]`` tells them
  apart): a capped game is paid its outcome by the scheme, a final payoff with nothing
  after it, so a learner must not add the value of a state beyond it as it would for a
  *truncated* episode (Stable-Baselines3 does, for ``truncated``).

Nobility's ``concede`` is in the mask only with ``concede=True``, and its free offers and
payments (``offer Ben: Ann gives 5, card 7H; Ben gives meld 9S``, ``pay Ben 3``) only
with ``deals=True``: a uniformly random policy would otherwise give its game away.

An action the mask does not allow changes nothing: the step returns the same observation,
reward 0 and ``info["illegal"] = True`` (``illegal="raise"`` raises ``IllegalToken``).

>>> e = single_agent("nobility", seat=0, seed=3)
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, info["seat"], e.history[-1]
(True, 'Ann', ('Ben', 'attack Ann hand with JH'))
>>> e.legal_texts()
['defend KH', 'defend KH JC', 'defend JC', 'defend none']
>>> e.partial_text(), [e.vocab.tokens[t] for t in np.flatnonzero(e.action_masks())]
('defend', ['KH', 'JC', 'none'])
>>> obs, reward, terminated, truncated, info = e.step(e.token_index("none"))
>>> ("Ann", "defend none") in e.history, reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from bureau.bots import make as make_bot
from bureau.engine import load

from . import rewards
from .choice import Choice, decision
from .encodings import OBS_BOUND, Encoding, encoding, squash
from .features import PROGRESS, REACH
from .rewards import SHAPED, check_scheme, payoffs
from .tokens import END

OPPONENTS = ("random", "heuristic", "ismcts")


class IllegalToken(ValueError):
    """An action index that the mask does not allow now (with ``illegal="raise"``)."""


class SingleAgentEnv(gym.Env):
    """One seat of ``game`` against Bureau's bots (see the module docstring)."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int | Sequence[str] | None = None,
        seat: int | str | None = None,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        concede: bool = False,
        deals: bool = False,
        illegal: str = "ignore",
        render_mode: str | None = None,
        observation: str | None = None,
        discount: float = 0.99,
    ):
        self.game = load(game)
        self.names = self.game.player_names(self.game.min_players if players is None else players)
        n = len(self.names)
        if isinstance(seat, str):
            if seat not in self.names:
                raise ValueError(f"no seat named {seat!r}; the seats are {', '.join(self.names)}")
            seat = self.names.index(seat)
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} or None (drawn per episode), not {seat}")
        self.fixed_seat = seat
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"give one opponent spec for all or {n - 1} (one per other seat)")
        for spec in set(specs):
            make_bot(spec, self.game, 0)  # an unknown kind or parameter fails here
        self.opponents = specs
        self.reward_scheme = check_scheme(reward)
        if not 0 < discount <= 1:
            raise ValueError(f"discount must be in (0, 1], the learner's gamma, not {discount}")
        self.discount = discount
        if reward == "progress" and self.game.name not in PROGRESS:
            raise ValueError(
                f"reward='progress' needs a progress measure; {self.game.name} has none"
                f" (games with one: {', '.join(PROGRESS)}); try 'shaped'"
            )
        if illegal not in ("ignore", "raise"):
            raise ValueError("illegal must be 'ignore' or 'raise'")
        self.illegal = illegal
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.concede = concede
        self.deals = deals
        self.game_options = dict(options or {})
        resolved = self.game.resolve_options(self.game_options, bots_only=True)
        self.resolved_options = resolved
        self.encoding: Encoding = encoding(
            self.game.name, resolved.get("scenario", "house_default_v1")
        )
        self.observation_kind = self.encoding.observation_kind(observation)
        self.vocab = self.encoding.vocab
        size = self.encoding.observation_size(self.observation_kind) + len(self.vocab)
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32)
        self.action_space = spaces.Discrete(len(self.vocab))
        self._first_seed = seed
        self._texts: dict = {}  # action text and seat -> tokens (the decisions' cache)
        self.state = None
        self.seat = 0 if seat is None else seat
        self._choice: Choice | None = None
        self._hashed: np.ndarray | None = None
        self.history: list[tuple[str, str]] = []
        self.outcome: dict | None = None

    # -- episodes -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**31))
        n = len(self.names)
        self.seat = int(rng.integers(n)) if self.fixed_seat is None else self.fixed_seat
        self.game_seed = game_seed
        self.state = self.game.new(
            self.names, seed=game_seed, options=self.game_options, bots_only=True
        )
        others = [(self.seat + k) % n for k in range(1, n)]
        self.bots = {
            s: make_bot(spec, self.game, s, game_seed)
            for s, spec in zip(others, self.opponents, strict=True)
        }
        self.history = []
        self.outcome = None
        self._rewards: list[float] | None = None
        self._potential: float | None = None  # the learner's estimated share ("shaped")
        self._shaping = 0.0  # what the last move earned ("shaped")
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Let the bots play until the learner has a decision to make or the game ends."""
        game, state, seat = self.game, self.state, self.seat
        names = self.names
        while True:
            outcome = game.outcome(state)
            if outcome is not None:
                self._choice = None
                self.outcome = outcome.to_json()
                self._rewards = payoffs(outcome, self.reward_scheme)
                self._hashed = None
                self._final = self._rewards[seat]
                if self._potential is not None:  # "shaped": the end pays what was left
                    self._final -= self._potential
                return
            pending = game.pending(state)
            if not pending:
                raise RuntimeError(f"{game.title} waits for nobody but is not over")
            p = pending[0]
            if p == seat:
                break
            action = self.bots[p].act(state)
            game.apply(state, p, action)
            self.history.append((names[p], str(action)))
        choice = decision(
            game, state, seat, names, self.encoding, self.concede, self._texts, self.deals
        )
        if choice.empty():
            listed = [str(a) for a in game.legal_actions(state, seat)]
            raise RuntimeError(
                f"no legal action of {names[seat]} fits the {game.name} vocabulary: {listed[:5]}"
            )
        choice.extend_forced()
        self._choice = choice
        if self.reward_scheme in SHAPED:
            self._reshape()
        self._hashed = self._seen()

    def _reshape(self, within_move: bool = False) -> None:
        """Potential-based shaping: the change in the learner's potential since its last
        step ("shaped": the game's estimate of its share, unchanged ``within_move``, where
        the state is; "progress": its progress toward points and the most the move under
        way can still add to it)."""
        game, state, seat = self.game, self.state, self.seat
        if self.reward_scheme == "shaped":
            if within_move and self._potential is not None:
                potential = self._potential  # no need to evaluate the same state again
            else:
                potential = game.evaluate(state)[seat]
        else:
            name = game.name
            reach = REACH[name](state, seat, self._choice) if name in REACH else 0.0
            potential = rewards.PROGRESS_WEIGHT * (PROGRESS[name](state, seat) + reach)
        if self._potential is not None:
            # gamma * new - old: the discounted rewards then add up to the discounted final
            # payoff minus the first potential, whatever the path; with new - old a gain
            # paid now and given back later nets a profit (a build, then a downgrade)
            self._shaping = self.discount * potential - self._potential
        self._potential = potential

    def step(self, action):
        choice = self._choice
        if choice is None:
            raise RuntimeError("the episode is over: call reset()")
        token = int(action)
        if token not in choice.legal():
            if self.illegal == "raise":
                allowed = ", ".join(self.vocab.tokens[t] for t in sorted(choice.legal())[:20])
                raise IllegalToken(
                    f"action {token} is not legal now; after {self.partial_text()!r} the "
                    f"legal tokens are {allowed}"
                )
            return self._observation(), 0.0, False, False, {**self._info(), "illegal": True}
        self._shaping = 0.0
        if choice.pick(token):
            action = choice.action()
            if action is None:  # from a family: its text
                action = self.decode_tokens(choice.prefix)
            if isinstance(action, str):  # a family's or an extra text (Seabirds' Transactions)
                action = self.game.parse(self.state, self.seat, action)
            self.game.apply(self.state, self.seat, action)
            self.history.append((self.names[self.seat], str(action)))
            self._advance()
        elif self.reward_scheme in SHAPED:  # every step: "progress" reads the move under
            self._reshape(within_move=True)  # way; a discounted potential held costs
        if self._choice is not None:
            return self._observation(), self._shaping, False, False, self._info()
        return self._observation(), self._final, True, False, self._info()

    # -- what the learner sees ----------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The tokens the learner may pick now, as booleans (sb3-contrib's convention)."""
        mask = np.zeros(len(self.vocab), dtype=bool)
        if self._choice is not None:
            mask[list(self._choice.legal())] = True
        return mask

    def progress_gains(self) -> np.ndarray:
        """Per token of the vocabulary, what picking it now adds to the most the move under
        way can add to the learner's progress (``bureau.envs.features``, Aristocracy's
        ``aristocracy_reach``): the part of a ``"progress"`` step's reward that the pick
        itself makes, before the discount and the bots' answers. 0 for the tokens the mask
        forbids and for ``<end>``. A baseline that picks the largest gain at every step,
        or a teacher to imitate; only for games with a progress measure.

        >>> e = single_agent("aristocracy", seat=0, seed=1, options={"variant": "shorter"})
        >>> _ = e.reset(seed=1)
        >>> gains = e.progress_gains()
        >>> gains.shape == (len(e.vocab),), bool((gains[~e.action_masks()] == 0).all())
        (True, True)
        """
        name = self.game.name
        if name not in REACH:
            raise ValueError(
                f"progress gains need a progress measure; {self.game.name} has none"
                f" (games with one: {', '.join(REACH)})"
            )
        gains = np.zeros(len(self.vocab), dtype=np.float32)
        choice = self._choice
        if choice is None:
            return gains
        reach = REACH[name]
        now = reach(self.state, self.seat, choice)
        for token in choice.legal():
            if token != 0:
                gains[token] = reach(self.state, self.seat, choice.after(token)) - now
        return gains

    def _observation(self) -> np.ndarray:
        if self._hashed is None:  # the game is over: the final view
            self._hashed = self._seen()
        partial = np.zeros(len(self.vocab), dtype=np.float32)
        if self._choice is not None:
            for t in self._choice.prefix:
                partial[t] += 1
        return squash(np.concatenate([self._hashed, partial]))

    def _seen(self) -> np.ndarray:
        """The view's part of the observation (hashed or the game's features)."""
        view = self.game.view(self.state, self.seat)
        return self.encoding.observe(
            self.observation_kind, view, self.names, self.seat, self.resolved_options
        )

    def _info(self) -> dict:
        info: dict[str, Any] = {"seat": self.names[self.seat]}
        if self.outcome is not None:
            info["outcome"] = self.outcome
            info["rewards"] = dict(zip(self.names, self._rewards, strict=True))
        return info

    # -- texts (for people, tests and docs) ---------------------------------------------

    def token_index(self, token: str) -> int:
        """The action index of ``token`` (``<end>``, ``<seat+1>``, ``7H``, ``stall``)."""
        return self.vocab.index(END if token == "end" else token)

    def encode_text(self, text: str) -> tuple[int, ...] | None:
        """The token indices of ``text`` said by the learner (None: inexpressible)."""
        return self.vocab.encode(text, self.names, self.seat)

    def decode_tokens(self, codes) -> str:
        return self.vocab.decode(codes, self.names, self.seat)

    def legal_texts(self) -> list[str]:
        """The learner's legal action texts in the index (empty when it is over)."""
        return [self.decode_tokens(c) for c in self._choice.all_codes()] if self._choice else []

    def partial_text(self) -> str:
        """The tokens picked so far in the move under way, as text."""
        return self.decode_tokens(self._choice.prefix) if self._choice else ""

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return json.dumps(self.game.view(self.state, self.seat), ensure_ascii=False)


def single_agent(
    game: str,
    players: int | Sequence[str] | None = None,
    seat: int | str | None = None,
    opponents: str | Sequence[str] = "random",
    reward: str = "win",
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    **kw,
) -> SingleAgentEnv:
    """A Gymnasium environment: one seat of ``game`` against Bureau's bots (see
    ``SingleAgentEnv``; ``concede``, ``deals``, ``illegal``, ``render_mode``,
    ``observation`` and ``discount`` are keywords)."""
    return SingleAgentEnv(game, players, seat, opponents, reward, seed, options, **kw)
