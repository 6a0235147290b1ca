"""Rule verification for everyone: what the engine's own property tests use, installed with the
package (``pip install 'ora[testing]'`` brings hypothesis and pytest). docs/verification.md has
worked examples.

- ``ora_rules.testing.strategies``: hypothesis strategies: the 14 configurations
  (``CONFIGS``, ``all_configs``), seeds, positions a game really reaches in every mode
  (``positions``), random games (``playout``, ``random_game``, ``drawing_chooser``), commands
  around a position (``commands_around``), and any event or state for codec properties;
- ``ora_rules.testing.invariants``: the invariant catalogue, facts that hold in every reachable
  position and across every command, each naming its rule; ``check_all(state, events, rules)``
  runs all of them on one command;
- ``ora_rules.testing.profiles``: hypothesis profiles and ``GAME_SETTINGS`` for whole-game
  properties (no deadline, no shrinking of whole games);
- the pytest plugin (``ora_rules.testing.plugin``, registered as the entry point ``ora``): the
  profiles, ``--ora-profile``, ``--ora-specs`` and the ``ora_rules`` fixture;
- ``ora_rules.testing.fuzz``: ``ora specs fuzz PATH.toml``, the catalogue over random games
  that build and use one building spec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ora_rules.testing.invariants import InvariantBroken, check_all, check_command, check_position

if TYPE_CHECKING:
    from ora_rules.testing.profiles import GAME_SETTINGS, NO_SHRINK, load_profile, register_profiles

#: What needs hypothesis is imported on first use, so that the modules the ``ora`` command runs
#: (``trials``, ``fuzz``) work with only what ``./run.sh`` installs (issue 33).
_WITH_HYPOTHESIS = frozenset({"GAME_SETTINGS", "NO_SHRINK", "load_profile", "register_profiles"})


def __getattr__(name: str) -> Any:
    if name in _WITH_HYPOTHESIS:
        from ora_rules.testing import profiles

        return getattr(profiles, name)
    raise AttributeError(f"module 'ora_rules.testing' has no attribute {name!r}")


__all__ = [
    "GAME_SETTINGS",
    "NO_SHRINK",
    "InvariantBroken",
    "check_all",
    "check_command",
    "check_position",
    "load_profile",
    "register_profiles",
]
