"""Hypothesis settings made for this game: profiles for a test run, and the settings of one
whole-game property.

Whole games are long examples: hypothesis's default deadline (200 ms) fails them for being games,
and shrinking one failing game ran into hypothesis's five-minute limit without reaching a short
game (the explain phase costs minutes too and adds nothing to a printed game). So:

- the profiles ``ora-dev`` (the default of our tests: 10 examples, for a quick run),
  ``ora-ci`` (25 examples, derandomized, no example database) and ``ora-thorough`` (500
  examples) have no deadline and no explain phase;
- ``GAME_SETTINGS`` decorates a property that plays whole games: no shrinking, so a failure
  prints the unshrunk example and its ``@reproduce_failure`` blob at once.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

#: Every phase but explain.
NO_EXPLAIN = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)
#: The phases of whole-game properties: no explain, no shrink.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)

PROFILES: dict[str, settings] = {
    "ora-dev": settings(max_examples=10, deadline=None, phases=NO_EXPLAIN, print_blob=True),
    "ora-ci": settings(max_examples=25, deadline=None, phases=NO_EXPLAIN, derandomize=True,
                       print_blob=True, database=None,
                       suppress_health_check=[HealthCheck.too_slow]),
    "ora-thorough": settings(max_examples=500, deadline=None, phases=NO_EXPLAIN,
                             print_blob=True, suppress_health_check=[HealthCheck.too_slow]),
}

#: For ``@GAME_SETTINGS`` on a property whose examples are whole games (keeps the profile's
#: example count).
GAME_SETTINGS = settings(phases=NO_SHRINK, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.data_too_large])


def register_profiles() -> None:
    """Register the ``ora-*`` profiles with hypothesis (the pytest plugin does it)."""
    for name, profile in PROFILES.items():
        settings.register_profile(name, profile)


def load_profile(name: str) -> None:
    """Load ``ora-dev`` / ``ora-ci`` / ``ora-thorough`` (``dev`` etc. also accepted)."""
    register_profiles()
    settings.load_profile(name if name.startswith("ora-") else f"ora-{name}")
