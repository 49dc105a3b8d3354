"""``./run test`` installs what the suite needs on a fresh Debian machine, once: PostgreSQL,
Redis, Chromium and a font, with apt-get as root or through sudo; without either it prints
the one command to run and stops. ``./run`` (the server) installs nothing.

Each test runs a copy of ``run`` in a sandbox: a stand-in ``.venv`` whose python only
writes down how it was called, a PATH of stand-ins for ``id``, ``sudo``, ``apt-get`` and
``redis-server`` that log their calls, and ``BUREAU_SYSTEM_ROOT`` pointing the file checks
(initdb, /usr/bin/chromium, the font) at a folder the test fills.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
TOOLS = ("bash", "cat", "cut", "dirname", "sha256sum", "env", "touch", "mkdir", "chmod")
INITDB = "usr/lib/postgresql/15/bin/initdb"
CHROMIUM = "usr/bin/chromium"
FONT = "usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
REDIS = "usr/bin/redis-server"
# What each package puts where the script looks.
FILES = {"postgresql": INITDB, "chromium": CHROMIUM, "fonts-dejavu-core": FONT,
         "redis-server": REDIS}  # fmt: skip


class Sandbox:
    def __init__(self, base: Path):
        self.base = base
        self.repo = base / "repo"
        self.system = base / "system"
        self.bin = base / "bin"
        self.log = base / "calls.log"
        for folder in (self.repo / ".venv" / "bin", self.system, self.bin):
            folder.mkdir(parents=True)
        shutil.copy(ROOT / "run", self.repo / "run")
        project = b"[project]\nname = 'sandbox'\n"
        (self.repo / "pyproject.toml").write_bytes(project)
        (self.repo / ".venv" / ".setup-stamp").write_text(hashlib.sha256(project).hexdigest())
        self.script(self.repo / ".venv" / "bin" / "python", 'echo "python $*" >> "$CALLS"')
        self.script(self.repo / ".venv" / "bin" / "bureau", 'echo "bureau $*" >> "$CALLS"')
        for tool in TOOLS:
            (self.bin / tool).symlink_to(shutil.which(tool))
        self.script(self.bin / "id", 'echo "${FAKE_UID:-0}"')
        # apt-get "installs" a package by creating the file the script looks for
        lines = ['echo "apt-get $*" >> "$CALLS"', 'for p in "$@"; do case "$p" in']
        for package, path in FILES.items():
            lines.append(f'  {package}) mkdir -p "$(dirname "$SYSROOT/{path}")";'
                         f' touch "$SYSROOT/{path}"; chmod +x "$SYSROOT/{path}";;')  # fmt: skip
        lines.append("esac; done")
        self.script(self.bin / "apt-get", "\n".join(lines))

    def script(self, path: Path, body: str) -> None:
        path.write_text(f"#!{shutil.which('bash')}\n{body}\n")
        path.chmod(0o755)

    def give(self, *packages: str) -> None:
        for package in packages:
            path = self.system / FILES[package]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o755)

    def with_sudo(self) -> None:
        self.script(self.bin / "sudo", 'echo "sudo $*" >> "$CALLS"; exec "$@"')

    def without_apt(self) -> None:
        (self.bin / "apt-get").unlink()

    def run(self, *args: str, uid: int = 0) -> subprocess.CompletedProcess:
        env = {"PATH": str(self.bin), "CALLS": str(self.log), "SYSROOT": str(self.system),
               "BUREAU_SYSTEM_ROOT": str(self.system), "FAKE_UID": str(uid)}  # fmt: skip
        return subprocess.run(
            [str(self.repo / "run"), *args], env=env, capture_output=True, text=True, timeout=60
        )

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []


@pytest.fixture
def box(tmp_path) -> Sandbox:
    return Sandbox(tmp_path)


def test_a_fresh_machine_gets_everything_installed_once_as_root(box):
    proc = box.run("test", "-x", "tests/test_cards.py")
    assert proc.returncode == 0, proc.stderr
    assert box.calls() == [
        "apt-get update -qq",
        "apt-get install -y -qq --no-install-recommends"
        " redis-server postgresql chromium fonts-dejavu-core",
        "python -m pytest -n auto --dist loadgroup -x tests/test_cards.py",
    ]
    assert "installing them (once)" in proc.stderr
    box.log.unlink()
    assert box.run("test").returncode == 0  # the second time: all there, nothing installed
    assert box.calls() == ["python -m pytest -n auto --dist loadgroup"]


def test_only_what_is_missing_is_installed_through_sudo(box):
    box.give("postgresql", "redis-server")
    box.with_sudo()
    proc = box.run("test", uid=1000)
    assert proc.returncode == 0, proc.stderr
    assert box.calls() == [
        "sudo apt-get update -qq",
        "apt-get update -qq",
        "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq"
        " --no-install-recommends chromium fonts-dejavu-core",
        "apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core",
        "python -m pytest -n auto --dist loadgroup",
    ]


def test_without_root_or_sudo_it_prints_the_one_command_and_stops(box):
    box.give("postgresql", "chromium")
    proc = box.run("test", uid=1000)
    assert proc.returncode != 0
    assert box.calls() == []  # neither apt-get nor the tests ran
    assert "The tests need redis-server fonts-dejavu-core." in proc.stderr
    assert (
        "  su -c 'apt-get update && apt-get install -y --no-install-recommends"
        " redis-server fonts-dejavu-core'" in proc.stderr
    )


def test_without_apt_get_it_names_the_packages_and_stops(box):
    box.without_apt()
    proc = box.run("test")
    assert proc.returncode != 0 and box.calls() == []
    assert "redis-server postgresql chromium fonts-dejavu-core" in proc.stderr
    assert "apt-get was not found" in proc.stderr


def test_everything_present_installs_nothing(box):
    box.give(*FILES)
    assert box.run("test", uid=1000).returncode == 0
    assert box.calls() == ["python -m pytest -n auto --dist loadgroup"]


def test_serving_needs_no_system_package(box):
    """``./run`` starts the server on a machine with none of the test packages."""
    proc = box.run(uid=1000)
    assert proc.returncode == 0, proc.stderr
    assert box.calls() == ["bureau serve"]


def test_ci_runs_the_readme_test_command_with_the_ci_profile():
    text = (ROOT / ".ci" / "run").read_text()
    assert "apt-get" not in text  # ./run test installs what the suite needs
    assert "export HYPOTHESIS_PROFILE=ci" in text and "./run test" in text
    assert os.access(ROOT / ".ci" / "run", os.X_OK) and os.access(ROOT / "run", os.X_OK)


@pytest.mark.xdist_group("canary")
def test_xdist_groups_reach_the_scheduler(request):
    """``./run test`` runs ``--dist loadgroup``: a test's ``xdist_group`` must reach
    pytest-xdist as its id's ``@group`` suffix, or every group (the PostgreSQL tests, each
    browser module and its whole games) is split across workers without a word. pytest
    9.2 with pytest-xdist 3.8 did that (pyproject keeps pytest below 9.2)."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("runs under pytest-xdist's --dist loadgroup (./run test)")
    assert request.node.nodeid.endswith("@canary"), request.node.nodeid
