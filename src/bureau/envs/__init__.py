"""Research environments: every Bureau game for learning.

``bureau.envs.single_agent(game, ...)`` is one seat against Bureau's bots as a Gymnasium
environment (``bureau.envs.single``); ``bureau.envs.pettingzoo`` offers PettingZoo AEC
environments of every seat. Both need the ``research`` extra (``pip install
bureau[research]``). ``bureau.envs.encodings`` holds each game's action vocabulary and
observation encoding, ``bureau.envs.tokens`` the mapping between canonical action texts
and action indices, ``bureau.envs.rewards`` the reward schemes. See
``docs/research.md``.
"""

from __future__ import annotations


def __getattr__(name: str):
    if name in ("single_agent", "SingleAgentEnv"):  # imported on use: it needs gymnasium
        from . import single

        return getattr(single, name)
    raise AttributeError(f"module 'bureau.envs' has no attribute {name!r}")
