"""Tournaments on a Ray cluster: ``bureau sim ... --ray HOST:PORT``.

Each chunk of games is one Ray task (``play_chunk``, one CPU). Game ``i`` is
played with the seed ``game_seed(seed, i)`` wherever it runs, so a tournament
on a cluster gives exactly the results of the same tournament on one machine.
Ray is an optional extra (``pip install 'bureau[cluster]'``); every node of
the cluster needs Bureau and Ray installed, in the same versions as the
machine that starts the tournament.

The address is a running cluster's ``HOST:PORT`` (what ``ray start --head``
prints), ``auto`` for the cluster this machine belongs to, or ``local`` to
start a private Ray instance on this machine for the tournament alone (with
``workers`` CPUs), stopped when it ends.

>>> import sys
>>> saved = sys.modules.get("ray")
>>> sys.modules["ray"] = None  # as if Ray were not installed: importing it fails
>>> try:
...     require_ray()
... except ClusterError as exc:
...     print(exc)
--ray needs Ray, which is not installed: pip install 'bureau[cluster]'
>>> del sys.modules["ray"]
>>> if saved is not None:
...     sys.modules["ray"] = saved
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from bureau.engine import BureauError

from .tournament import Chunks, play_chunk

LOCAL = "local"


class ClusterError(BureauError):
    """Ray is missing, the cluster cannot be reached, or a task failed on it."""


def require_ray() -> ModuleType:
    """The ``ray`` module, or a ``ClusterError`` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ClusterError(
            "--ray needs Ray, which is not installed: pip install 'bureau[cluster]'"
        ) from exc
    return ray


@contextmanager
def connect(address: str, workers: int | None = None) -> Iterator[tuple[Chunks, int]]:
    """Join the cluster at ``address`` (or start a ``local`` one) for the time of a tournament.

    Yields the function that plays chunks as Ray tasks, yielding each chunk's results as it
    finishes, and the cluster's CPU count. A connection made here is closed on the way out;
    one already open in this process (``ray.init`` called before) is used and left open.
    """
    ray = require_ray()
    opened = not ray.is_initialized()
    if opened:
        _init(ray, address, workers)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1)(play_chunk)
        yield (lambda jobs: _as_finished(ray, task, jobs)), cpus
    finally:
        if opened:
            ray.shutdown()


def _init(ray: ModuleType, address: str, workers: int | None) -> None:
    # Ray's own start-up chatter would mix with `bureau sim`'s output: warnings and errors only.
    quiet = {"logging_level": logging.WARNING, "log_to_driver": False}
    try:
        if address == LOCAL:
            ray.init(num_cpus=workers, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise ClusterError(f"cannot join the Ray cluster at {address}: {exc}") from exc


def _as_finished(ray: ModuleType, task, jobs: list) -> Iterator:
    """Submit every job at once, then yield each one's result as soon as it is done."""
    waiting = [task.remote(job) for job in jobs]
    while waiting:
        done, waiting = ray.wait(waiting, num_returns=1)
        try:
            yield ray.get(done[0])
        except ray.exceptions.RayError as exc:
            for ref in waiting:
                ray.cancel(ref)
            raise ClusterError(f"a task failed on the Ray cluster: {exc}") from exc
