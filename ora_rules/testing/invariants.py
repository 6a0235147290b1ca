"""The invariant catalogue: facts that hold in every reachable position and across every command.

Two shapes, both raising ``InvariantBroken`` (an ``AssertionError`` carrying the rule id and the
details) when violated:

- ``check_<name>(state, rules)``: a property of one position;
- ``check_<name>(before, events, after, rules)``: a property of one command, ``events`` being what
  ``decide`` returned in ``before`` and ``after`` the state they lead to.

Game-level checks (fold, replay, codec, illegal commands) take what they need. Each docstring names
the rules it checks. The checks re-derive what they can from the rules text instead of calling the
engine's own helpers (adjacency, attachment, scoring), so that they are an independent oracle.
``STATE_CHECKS`` and ``TRANSITION_CHECKS`` list the per-position and per-command checks;
``check_position`` and ``check_command`` run all of them; ``check_all`` applies a command's
events and runs the whole catalogue on the step.

The checks live by shape in :mod:`~ora_rules.testing.position_checks`,
:mod:`~ora_rules.testing.command_checks` and :mod:`~ora_rules.testing.game_checks`, on the
helpers of :mod:`~ora_rules.testing.invariant_base`; this module lists them and re-exports
every name, so ``from ora_rules.testing.invariants import ...`` keeps working.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ora_core.events import GameEvent
from ora_core.evolve import evolve
from ora_core.state import State
from ora_rules.specs import Rules
from ora_rules.testing.command_checks import (
    check_clergy_moves,
    check_game_end,
    check_goods_follow_events,
    check_landscape_changes,
    check_move_recorded,
    check_no_negative_goods_between_events,
    check_wonder_display_only_shrinks,
)
from ora_rules.testing.game_checks import (
    check_codec_round_trip,
    check_event_round_trip,
    check_fold_equals_state,
    check_illegal_command_no_effect,
    check_replay_determinism,
    check_state_round_trip,
    split_commands,
)
from ora_rules.testing.invariant_base import (
    ALL_COLUMNS,
    BAND_COLUMNS,
    COAST_COL,
    HILL_COL,
    MOUNTAIN_COL,
    OFFICE_AT,
    STAGE_SETTLEMENT,
    START_SETTLEMENTS,
    WATER_COL,
    WATER_DWELLING,
    WONDERS,
    InvariantBroken,
    add_goods,
    adjacent,
    band_rows,
    fail,
    goods_of,
    in_bonus_round,
    is_building,
    is_cloister,
    is_settlement,
    mode_of,
    neutral_seat,
    spec_id,
    states_along,
)
from ora_rules.testing.position_checks import (
    check_cards,
    check_clergy,
    check_cloister_connectivity,
    check_landscape_geometry,
    check_moves_available,
    check_no_negative_goods,
    check_schedule,
    check_scores,
    check_wheel,
    check_wonder_tiles,
    liesborn_tiles,
)

StateCheck = Callable[[State, Rules], None]
TransitionCheck = Callable[[State, Sequence[GameEvent], State, Rules], None]

STATE_CHECKS: tuple[StateCheck, ...] = (
    check_no_negative_goods,
    check_wonder_tiles,
    check_clergy,
    check_landscape_geometry,
    check_cloister_connectivity,
    check_cards,
    check_wheel,
    check_schedule,
    check_scores,
)
TRANSITION_CHECKS: tuple[TransitionCheck, ...] = (
    check_move_recorded,
    check_goods_follow_events,
    check_no_negative_goods_between_events,
    check_clergy_moves,
    check_landscape_changes,
    check_game_end,
    check_wonder_display_only_shrinks,
)


def check_position(state: State, rules: Rules) -> None:
    """Every per-position check of the catalogue."""
    for check in STATE_CHECKS:
        check(state, rules)


def check_command(before: State, events: Sequence[GameEvent], after: State, rules: Rules
                  ) -> None:
    """Every per-command check of the catalogue, then the per-position checks of ``after``."""
    for check in TRANSITION_CHECKS:
        check(before, events, after, rules)
    check_position(after, rules)


def check_all(state: State, events: Sequence[GameEvent], rules: Rules) -> State:
    """Apply a command's ``events`` (what ``decide`` returned in ``state``) and check the whole
    catalogue on that step: every per-command check, then every per-position check of the state
    reached, which is returned so a loop can go on from it."""
    after = state
    for event in events:
        after = evolve(after, event)
    check_command(state, events, after, rules)
    return after


__all__ = [
    "ALL_COLUMNS",
    "BAND_COLUMNS",
    "COAST_COL",
    "HILL_COL",
    "MOUNTAIN_COL",
    "OFFICE_AT",
    "STAGE_SETTLEMENT",
    "START_SETTLEMENTS",
    "STATE_CHECKS",
    "TRANSITION_CHECKS",
    "WATER_COL",
    "WATER_DWELLING",
    "WONDERS",
    "InvariantBroken",
    "StateCheck",
    "TransitionCheck",
    "add_goods",
    "adjacent",
    "band_rows",
    "check_all",
    "check_cards",
    "check_clergy",
    "check_clergy_moves",
    "check_cloister_connectivity",
    "check_codec_round_trip",
    "check_command",
    "check_event_round_trip",
    "check_fold_equals_state",
    "check_game_end",
    "check_goods_follow_events",
    "check_illegal_command_no_effect",
    "check_landscape_changes",
    "check_landscape_geometry",
    "check_move_recorded",
    "check_moves_available",
    "check_no_negative_goods",
    "check_no_negative_goods_between_events",
    "check_position",
    "check_replay_determinism",
    "check_schedule",
    "check_scores",
    "check_state_round_trip",
    "check_wheel",
    "check_wonder_display_only_shrinks",
    "check_wonder_tiles",
    "fail",
    "goods_of",
    "in_bonus_round",
    "is_building",
    "is_cloister",
    "is_settlement",
    "liesborn_tiles",
    "mode_of",
    "neutral_seat",
    "spec_id",
    "split_commands",
    "states_along",
]
