"""Loading and validating ``specs/``: the game as data (design §4).

``load_rules(directory)`` reads every file, checks every field and reports *all* problems at once
(``SpecError``), each as ``path: field: what``. The result, ``Rules``, is a plain value handed to
the rules functions; nothing here is a module global, so tests can load altered spec sets.

This is the door: the spec values live in :mod:`ora_rules.spec_set.model` and the reading in
:mod:`ora_rules.spec_set`, which know no effect node, so the effect vocabulary
(:mod:`ora_rules.effects`), which reads ``Rules``, can be handed in here without a circle.
"""

from __future__ import annotations

import os
from pathlib import Path

from ora_core.errors import SpecError
from ora_rules.effects import parse_effect
from ora_rules.spec_set.fields import EffectParser
from ora_rules.spec_set.model import (
    MODE_CODES,
    WONDER_COUNTS,
    Ambiguity,
    BuildingSpec,
    GoodSpec,
    LandscapeSpec,
    LiesbornSpec,
    ModeSpec,
    ReadingOption,
    ReadingsSpec,
    Rules,
    SettlementSpec,
    SpaceSpec,
    TileSet,
    WonderCondition,
    WonderSpec,
)
from ora_rules.spec_set.read import read_rules

__all__ = [
    "MODE_CODES",
    "WONDER_COUNTS",
    "Ambiguity",
    "BuildingSpec",
    "EffectParser",
    "GoodSpec",
    "LandscapeSpec",
    "LiesbornSpec",
    "ModeSpec",
    "ReadingOption",
    "ReadingsSpec",
    "Rules",
    "SettlementSpec",
    "SpaceSpec",
    "TileSet",
    "WonderCondition",
    "WonderSpec",
    "default_spec_dir",
    "load_rules",
]


def default_spec_dir() -> Path:
    """``$ORA_SPECS``, else the ``specs/`` of the source tree, else the copy inside the wheel."""
    env = os.environ.get("ORA_SPECS")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "specs", here / "_specs"):
        if candidate.is_dir():
            return candidate
    raise SpecError([f"{here.parent / 'specs'}: no spec directory found (set ORA_SPECS)"])


def load_rules(directory: str | Path | None = None, *,
               effect_parser: EffectParser | None = None,
               expected_ids: set[str] | None = None) -> Rules:
    """Load and validate every spec under ``directory``; raise ``SpecError`` listing all problems.

    ``effect_parser``: what turns a building's ``effect`` table into its node (by default the
    effect vocabulary's :func:`~ora_rules.effects.parse_effect`). ``expected_ids``: the building
    and settlement ids the set must cover exactly once (by default those listed in
    ``cards.toml``).
    """
    root = Path(directory) if directory is not None else default_spec_dir()
    return read_rules(root, effect_parser or parse_effect, expected_ids)
