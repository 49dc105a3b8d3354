"""The package metadata: what ``pip install`` builds from pyproject.toml."""

import tomllib
from pathlib import Path

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
