"""PettingZoo AEC environments for every Bureau game (``docs/research.md``).

``env("nobility")`` is a PettingZoo ``AECEnv`` whose agents are the seat names. It uses
the rules contract only: ``new``, ``pending``, ``legal_actions``, ``apply``, ``view`` and
``outcome``.

- The agent to act is the first pending seat; simultaneous secret choices are taken one
  seat after another, and nobody sees another's committed choice, because observations
  come only from ``game.view(state, seat)``.
- An action is a *token* of the game's fixed vocabulary (``encodings.encoding``). A
  canonical action text is a sequence of tokens (``stall 7H 9S`` is ``stall``, ``7H``,
  ``9S``); the agent picks them one step at a time, the mask allowing exactly the tokens
  that continue some legal action. Tokens forced by what was picked are filled in, an
  action is applied as soon as the tokens picked name one and nothing longer, and
  ``<end>`` (index 0) applies the action picked so far where a longer one is also legal.
  Subsets (a stall, a ball, a meld) are thus a card at a time, in canonical order;
  combinatorial choices are walked without listing them (``bureau.envs.families``).
- Rewards come only at the end, by the scheme ``rewards`` names (``bureau.envs.rewards``):
  ``"win"`` (the winners share 1), ``"rank"`` (1 first .. 0 last) or ``"score"``. A game
  stopped by a cap option ends *terminated* like any other (its ``outcome`` says
  ``capped``): its payoff is final, nothing after it to bootstrap; ``"win"`` pays it 0,
  ``"rank"`` places it by its scores. ``final_rewards`` and ``outcome`` stay readable
  after the agents are gone.
- Nobility's ``concede`` is left out of the mask unless ``concede=True`` asks for it,
  so a random or untrained policy does not end its own games: ``concede`` would be one
  of the two tokens at the start of every turn. Its free offers and payments are in the
  mask only with ``deals=True``.

>>> e = env("nobility", seed=3, concede=True)
>>> e.reset()
>>> e.agents
['Ann', 'Ben', 'Cat']
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')
>>> e.agent_selection, e.legal_texts()
('Ann', ['concede', 'draw discard', 'draw stock'])
>>> sorted(e.vocab.tokens[t] for t in e.legal_tokens())
['concede', 'draw']
>>> e.step(e.token_index("draw")); e.partial_text()
'draw'
>>> e.step(e.token_index("stock"))
>>> e.history[-1]
('Ann', 'draw stock')
>>> e = env("nobility", seed=3)  # concede=False: no move that concedes
>>> e.reset()
>>> e.legal_texts(), e.partial_text()  # "draw" is all that is left to start with: filled in
(['draw discard', 'draw stock'], 'draw')
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bureau.engine import load

from .choice import Choice, decision
from .encodings import OBS_BOUND, Encoding, encoding, hashed_view, squash
from .rewards import SHAPED, check_scheme, payoffs
from .tokens import END


class IllegalToken(ValueError):
    """An action index that the mask does not allow now."""


_Choice = Choice  # the name the tests know


class raw_env(AECEnv):
    """A Bureau game as a PettingZoo AEC environment (see the module docstring).

    ``players`` is a count or the seat names (default: the game's fewest players);
    ``options`` are the game's rule options (bot-only defaults apply: Aristocracy stops
    after 20 years, Nobility after 600 turns, Noblesse after 12 Nights: ``capped``).
    ``reset(seed=...)`` seeds the game; ``reset()`` without a seed draws the next seed
    from ``seed``. ``reset``'s ``options`` are not used (set rule options here).
    Without ``concede=True`` no move that concedes is offered (Nobility's ``concede``; the
    other games have none), unless it is the seat's only legal move. ``deals=True`` offers
    Nobility's free offers and payments too (every offer the rules accept), beside the
    deals ``legal_actions`` lists (coalition offers, answers, ``withdraw``).
    """

    metadata: ClassVar[dict] = {
        "render_modes": ["human", "ansi"],
        "name": "bureau_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_name: str,
        players: int | list[str] | None = None,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        rewards: str = "win",
        concede: bool = False,
        deals: bool = False,
    ):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if check_scheme(rewards) in SHAPED:
            raise ValueError(f"rewards={rewards!r} is for single_agent; here: win, rank or score")
        self.game = load(game_name)
        self.game_options = dict(options or {})
        resolved = self.game.resolve_options(self.game_options, bots_only=True)
        self.encoding: Encoding = encoding(
            self.game.name, resolved.get("scenario", "house_default_v1")
        )
        self.vocab = self.encoding.vocab
        self.concede = concede
        self.deals = deals
        names = self.game.player_names(self.game.min_players if players is None else players)
        self.possible_agents = list(names)
        self.render_mode = render_mode
        self.reward_scheme = rewards
        self.metadata = {**self.metadata, "name": f"bureau_{self.game.name}_v0"}
        self._seeds = random.Random(seed)
        v = len(self.vocab)
        obs_len = self.encoding.obs_size + v
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (obs_len,), np.float32),
                "action_mask": spaces.Box(0, 1, (v,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(v)
        self.state = None
        self._texts: dict = {}  # action text and seat -> tokens (the decisions' cache)
        self._choice: _Choice | None = None
        self.history: list[tuple[str, str]] = []

    # -- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    # -- the game ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._seeds.getrandbits(31)
        self.seed_used = seed
        self.state = self.game.new(
            self.possible_agents, seed=seed, options=self.game_options, bots_only=True
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.history = []
        self.final_rewards: dict[str, float] = {}
        self.outcome: dict | None = None
        self._skip_agent_selection = None
        self._next_decision()

    def _next_decision(self) -> None:
        """Start the next seat's choice, or end the game."""
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            self._finish(outcome)
            return
        pending = self.game.pending(self.state)
        if not pending:
            raise RuntimeError(f"{self.game.title} waits for nobody but is not over")
        seat = pending[0]
        self._choice = decision(
            self.game,
            self.state,
            seat,
            self.possible_agents,
            self.encoding,
            self.concede,
            self._texts,
            self.deals,
        )
        if self._choice.empty():
            listed = [str(a) for a in self.game.legal_actions(self.state, seat)]
            raise RuntimeError(
                f"no legal action of {self.possible_agents[seat]} fits the "
                f"{self.game.name} vocabulary: {listed[:5]}"
            )
        self._choice.extend_forced()
        self.agent_selection = self.possible_agents[seat]

    def _finish(self, outcome) -> None:
        rewards = payoffs(outcome, self.reward_scheme)
        # Kept after the agents are gone (PettingZoo empties ``rewards`` as they leave).
        self.final_rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self.outcome = outcome.to_json()
        for s, agent in enumerate(self.possible_agents):
            self.rewards[agent] = rewards[s]
            self.terminations[agent] = True  # a cap's payoff is final too: no bootstrap
            self.infos[agent] = {"outcome": outcome.to_json()}
        self._choice = None

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        choice = self._choice
        token = int(action)
        allowed = self.legal_tokens()
        if token not in allowed:
            raise IllegalToken(
                f"action {token} ({self._token_name(token)}) is not legal now for {agent}; "
                f"after {self.partial_text()!r} the legal tokens are "
                + ", ".join(f"{t} ({self._token_name(t)})" for t in sorted(allowed)[:20])
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if token != 0:
            choice.push(token)
            choice.extend_forced()
        if token == 0 or not choice.next_tokens():
            self._apply(choice)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _apply(self, choice: _Choice) -> None:
        action = choice.action()
        if action is None:  # from a family: its text
            action = self.decode_tokens(choice.prefix)
        if isinstance(action, str):
            action = self.game.parse(self.state, choice.seat, action)
        self.game.apply(self.state, choice.seat, action)
        self.history.append((self.possible_agents[choice.seat], str(action)))
        self._next_decision()

    # -- what an agent sees ------------------------------------------------------------

    def legal_tokens(self) -> set[int]:
        """The tokens the acting agent may pick now (``<end>`` is 0)."""
        choice = self._choice
        if choice is None:
            return set()
        tokens = choice.next_tokens()
        if choice.complete():  # a shorter action than some, or a lone forced one
            tokens.add(0)
        return tokens

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = self.game.view(self.state, seat)
        hashed = hashed_view(view, self.possible_agents, seat, self.encoding.obs_size)
        partial = np.zeros(len(self.vocab), dtype=np.float32)
        mask = np.zeros(len(self.vocab), dtype=np.int8)
        if self._choice is not None and self._choice.seat == seat:
            for t in self._choice.prefix:
                partial[t] += 1
            mask[list(self.legal_tokens())] = 1
        observation = squash(np.concatenate([hashed, partial]))
        return {"observation": observation, "action_mask": mask}

    # -- texts (for people, tests and docs) --------------------------------------------

    def token_index(self, token: str) -> int:
        """The action index of ``token`` (``<end>``, ``<seat+1>``, ``7H``, ``stall``)."""
        return self.vocab.index(END if token == "end" else token)

    def _token_name(self, token: int) -> str:
        return self.vocab.tokens[token] if 0 <= token < len(self.vocab) else "out of range"

    def encode_text(self, text: str) -> tuple[int, ...] | None:
        """The token indices of ``text`` said by the acting agent (None: inexpressible)."""
        seat = self._choice.seat
        return self.vocab.encode(text, self.possible_agents, seat)

    def decode_tokens(self, codes) -> str:
        """The text that token indices ``codes`` say for the acting agent."""
        return self.vocab.decode(codes, self.possible_agents, self._choice.seat)

    def legal_texts(self) -> list[str]:
        """The acting agent's legal action texts that the vocabulary can express."""
        if self._choice is None:
            return []
        return [self.decode_tokens(c) for c in self._choice.all_codes()]

    def partial_text(self) -> str:
        """The tokens the acting agent has picked so far, as text."""
        return self.decode_tokens(self._choice.prefix) if self._choice else ""

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = json.dumps(self.game.view(self.state, None), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._choice = None


def env(
    game_name: str,
    players: int | list[str] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    rewards: str = "win",
    concede: bool = False,
    deals: bool = False,
) -> raw_env:
    """A PettingZoo AEC environment for ``game_name`` (see ``raw_env``)."""
    return raw_env(game_name, players, seed, options, render_mode, rewards, concede, deals)
