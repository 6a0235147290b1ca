"""Parametrisation of the whole-game tests of tests/modes.

A test that takes the argument ``game`` runs once per (configuration, seed): the golden seed (and,
for the quick configurations, two more) by default, 100 seeds per configuration in the thorough
profile (``HYPOTHESIS_PROFILE=thorough`` or ``--hypothesis-profile=thorough``). Mark a test with
``@pytest.mark.modes("3s", "4s")`` to restrict it to some mode codes.
"""

from __future__ import annotations

import pytest

from tests.modes.games import CONFIGS, Config, seeds_for, thorough


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "modes(*codes): run a whole-game test only in these modes")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" not in metafunc.fixturenames:
        return
    try:
        option = metafunc.config.getoption("hypothesis_profile")
    except ValueError:
        option = None
    many = thorough(option)
    marker = metafunc.definition.get_closest_marker("modes")
    codes = set(marker.args) if marker else None
    params = [(c, s) for c in CONFIGS if codes is None or c.mode in codes
              for s in seeds_for(c, many)]
    # Session scope: pytest then runs every test of one game together, so the game cache
    # (tests/modes/games.py) needs to hold only a few games at a time.
    metafunc.parametrize("game", params, ids=[f"{c.id}-seed{s}" for c, s in params],
                         indirect=True, scope="session")


@pytest.fixture(scope="session")
def game(request: pytest.FixtureRequest) -> tuple[Config, int]:
    """(configuration, seed) of one random game; ``played(*game)`` gives its record."""
    value: tuple[Config, int] = request.param
    return value
