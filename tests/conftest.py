"""Shared test helpers."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import settings

# CI runs the same examples every time (HYPOTHESIS_PROFILE=ci, set by .ci/run);
# at a desk hypothesis explores new ones on each run.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def dump(obj):
    """A plain, comparable picture of a state: slots, lists, dicts, generators, recursively."""
    if isinstance(obj, random.Random):
        return ("rng", obj.getstate())
    if isinstance(obj, dict):
        return {k if isinstance(k, str | int) else repr(k): dump(v) for k, v in obj.items()}
    if isinstance(obj, set | frozenset):
        return sorted(dump(v) for v in obj)
    if isinstance(obj, list | tuple):
        return [dump(v) for v in obj]
    slots = getattr(type(obj), "__slots__", None)
    if slots and not isinstance(obj, str | int | float | bool):
        return {name: dump(getattr(obj, name)) for name in slots}
    if hasattr(obj, "to_json"):
        return obj.to_json()
    return obj


@pytest.fixture
def state_dump():
    return dump


CLI_ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1", "COLUMNS": "120"}


def bureau_cmd(*args: str, stdin: str | None = "", timeout: float = 120, cwd=None):
    """Run ``python -m bureau ARGS`` (in the folder ``cwd``) and return the finished
    process (text output)."""
    return subprocess.run(
        [sys.executable, "-m", "bureau", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=CLI_ENV,
        timeout=timeout,
    )
