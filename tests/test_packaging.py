"""The package metadata: what ``pip install`` builds from pyproject.toml."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.licenses import canonicalize_license_expression
from packaging.requirements import Requirement

ROOT = Path(__file__).parent.parent


def test_the_license_is_an_spdx_expression_for_a_setuptools_that_reads_it():
    """PEP 639: ``license`` is an SPDX expression (a TOML table is deprecated, and refused
    by setuptools after 2027-02-18); setuptools reads the string form from version 77."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    license_ = data["project"]["license"]
    assert isinstance(license_, str), f"license must be an SPDX string, not {license_!r}"
    assert canonicalize_license_expression(license_) == license_ == "MIT"
    requires = {r.name: r for r in map(Requirement, data["build-system"]["requires"])}
    assert "setuptools" in requires
    assert not requires["setuptools"].specifier.contains("76.9"), requires["setuptools"]
    assert requires["setuptools"].specifier.contains("77.0")


ENGINE_ONLY = """
import importlib.abc, sys
SERVER_AND_LAB = {"sqlalchemy", "starlette", "psycopg", "redis", "matplotlib", "jinja2",
                  "uvicorn", "alembic", "argon2", "markdown_it", "httpx"}
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in SERVER_AND_LAB:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Missing())
from bureau.cli.main import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize(
    "args, says",
    [
        (
            ["play", "nobility", "--players", "3", "--seed", "2", "--quiet", "-o", "max_turns=4"],
            "Nobility",
        ),
        (["sim", "decrees", "--games", "2", "--workers", "1", "-o", "max_turns=4"], "finished"),
        (["serve"], "bureau serve needs the server extra (starlette is missing)"),
    ],
)
def test_the_engine_games_bots_and_terminal_need_no_server_or_lab_packages(args, says):
    """What ``pip install bureau`` brings (lark, typer, rich) plays and simulates; the
    server says which extra it needs."""
    proc = subprocess.run([sys.executable, "-c", ENGINE_ONLY, *args], capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert says in proc.stdout + proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_required_packages_are_the_engines_only():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert {Requirement(d).name for d in project["dependencies"]} == {"lark", "typer", "rich"}
    extras = project["optional-dependencies"]
    assert {"starlette", "sqlalchemy", "psycopg"} <= {Requirement(d).name for d in extras["server"]}
    assert {Requirement(d).name for d in extras["lab"]} == {"matplotlib"}
