"""The pytest plugin of ``ora[testing]`` (entry point ``ora``): a property in any project is a
few lines.

- registers the hypothesis profiles ``ora-dev``, ``ora-ci`` and ``ora-thorough``
  (``ora_rules.testing.profiles``); choose one with ``--ora-profile=ci`` (or hypothesis's own
  ``--hypothesis-profile=ora-ci``); without either, the project's own settings stay in force;
- gives the fixture ``ora_rules``: the committed specs (``load_rules()``), or the spec directory
  named by ``--ora-specs=PATH`` (a house rule, a fan card), loaded once per session.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_rules.specs import Rules, load_rules
from ora_rules.testing.profiles import load_profile, register_profiles

register_profiles()  # at import, before hypothesis reads --hypothesis-profile


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ora", "ora rules engine")
    group.addoption("--ora-profile", default=None, choices=("dev", "ci", "thorough"),
                    help="load the hypothesis profile ora-<name> (no deadline, no explain)")
    group.addoption("--ora-specs", default=None, metavar="PATH",
                    help="the spec directory of the ora_rules fixture (default: the committed "
                         "specs)")


def pytest_configure(config: pytest.Config) -> None:
    profile = config.getoption("--ora-profile", default=None)
    if profile:
        load_profile(profile)


@pytest.fixture(scope="session")
def ora_rules(pytestconfig: pytest.Config) -> Rules:
    """The rules the properties run against."""
    directory = pytestconfig.getoption("--ora-specs", default=None)
    return load_rules(Path(directory) if directory else None)
