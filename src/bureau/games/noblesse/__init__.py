"""Noblesse, the forum war game: scenario data (``scenario.py``) for now.

The game itself is not registered yet; ``house_default_v1.toml`` is the HOUSE
default scenario of ``../shared/rules/noblesse.md`` section 4 (NSE-A01).
"""
