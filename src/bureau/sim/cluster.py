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

Joining fails fast: before ``ray.init`` the address's port must answer a TCP
connection within ``timeout`` seconds (``CONNECT_SECONDS``), and Ray itself
tries to reach the cluster's GCS a bounded number of times (``GCS_ATTEMPTS``,
unless ``RAY_gcs_server_port_wait_time_s`` says otherwise), instead of
retrying for many minutes. Either way the error is ``cannot join the Ray
cluster at ADDRESS: ...``.

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
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from bureau.engine import BureauError

from .games import Chunks, play_chunk

LOCAL = "local"
AUTO = "auto"
CONNECT_SECONDS = 5.0  # how long the cluster's port has to answer a TCP connection
# Ray's attempts at reaching the GCS of a cluster whose port answers (some 40 s each; its
# default is 20, some 12 minutes, while the port answering already says a cluster is there).
GCS_ATTEMPTS = 1
_GCS_WAIT = "RAY_gcs_server_port_wait_time_s"


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
def connect(
    address: str, workers: int | None = None, timeout: float = CONNECT_SECONDS
) -> Iterator[tuple[Chunks, int]]:
    """Join the cluster at ``address`` (or start a ``local`` one) for the time of a tournament.

    Yields the function that plays chunks as Ray tasks, yielding each chunk's results as it
    finishes, and the cluster's CPU count. A connection made here is closed on the way out;
    one already open in this process (``ray.init`` called before) is used and left open.
    A cluster whose port does not answer within ``timeout`` seconds is a ``ClusterError``.
    """
    ray = require_ray()
    opened = not ray.is_initialized()
    if opened:
        if address != LOCAL:
            _check_reachable(address, timeout)
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
            with _bounded_gcs_wait():
                ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise ClusterError(f"cannot join the Ray cluster at {address}: {exc}") from exc


@contextmanager
def _bounded_gcs_wait() -> Iterator[None]:
    """Ray tries a GCS that does not answer 20 times by default, some 40 s each; here
    ``GCS_ATTEMPTS`` times, unless the user set ``RAY_gcs_server_port_wait_time_s``."""
    if _GCS_WAIT in os.environ:
        yield
        return
    os.environ[_GCS_WAIT] = str(GCS_ATTEMPTS)
    try:
        yield
    finally:
        os.environ.pop(_GCS_WAIT, None)


def _check_reachable(address: str, timeout: float) -> None:
    """Raise ``ClusterError`` unless the cluster's port answers a TCP connection within
    ``timeout`` seconds. Ray turns a loopback host into this machine's address, so both are
    tried. An address that cannot be worked out here (``auto`` without a cluster, a
    malformed one) is left to ``ray.init``, whose error says why.

    >>> import socket
    >>> with socket.socket() as s:  # a port that nothing listens on
    ...     s.bind(("127.0.0.1", 0))
    ...     port = s.getsockname()[1]
    >>> try:
    ...     _check_reachable(f"127.0.0.1:{port}", 1.0)
    ... except ClusterError as exc:
    ...     print(str(exc).replace(f"127.0.0.1:{port}", "HERE"))
    cannot join the Ray cluster at HERE: no answer from HERE within 1 s (Connection refused)
    """
    places = _places(address)
    if not places:
        return
    problem: OSError | None = None
    for host, port in places:
        try:
            with socket.create_connection((host, port), timeout=timeout):
                return
        except OSError as exc:
            problem = exc
    host, port = places[0]
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    reason = "timed out" if isinstance(problem, TimeoutError) else problem.strerror or problem
    raise ClusterError(
        f"cannot join the Ray cluster at {address}: no answer from {where} "
        f"within {timeout:g} s ({reason})"
    )


def _places(address: str) -> list[tuple[str, int]]:
    """The (host, port) pairs a connection to ``address`` may go to; [] when unknown.

    >>> _places("10.0.0.5:6379"), _places("ray://head:10001"), _places("[::1]:6379")[0]
    ([('10.0.0.5', 6379)], [('head', 10001)], ('::1', 6379))
    >>> _places("nonsense"), _places("head:port")
    ([], [])
    """
    if address == AUTO:
        try:  # where Ray would look: RAY_ADDRESS, or the cluster this machine last started
            from ray._private.services import canonicalize_bootstrap_address

            address = canonicalize_bootstrap_address(AUTO) or ""
        except Exception:  # a private helper of Ray's: leave it to ray.init
            return []
    address = address.removeprefix("ray://")
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit():
        return []
    places = [(host, int(port))]
    if host in ("localhost", "127.0.0.1", "::1"):
        try:  # Ray connects to this machine's address instead of the loopback one
            from ray._private.services import resolve_ip_for_localhost

            places.append((resolve_ip_for_localhost(host), int(port)))
        except Exception:  # as above
            pass
    return places


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
