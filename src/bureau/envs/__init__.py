"""Research environments: every Bureau game for multi-agent learning.

``bureau.envs.pettingzoo`` offers PettingZoo AEC environments (it needs the ``research``
extra: ``pip install bureau[research]``); ``bureau.envs.encodings`` holds each game's
action vocabulary and observation encoding, and ``bureau.envs.tokens`` the mapping between
canonical action texts and action indices. See ``docs/research.md``.
"""
