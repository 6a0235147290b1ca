"""The engine's rules version: which edition of the rules decided a game.

A record carries it (``[Rules "N"]``, docs/records.md) so that a reader knows which engine's
rules its moves were played under. It goes up by one whenever a change to the rules or the specs
makes the same moves give other events (a fixed rule, a reading that changes the default, a
building that changes), never for a change that leaves every game's events as they were (those
are guarded by the golden tests, tests/modes/test_golden.py). Events' own shapes are versioned
apart, per event type (``ora_core.upcasting``).
"""

from __future__ import annotations

RULES_VERSION = 1
