"""Issue 36: ``expert``'s opening at a table of four (docs/bots.md, "Twentieth pass"): the
Priory (G01, R-CLG-4) is built first when it can be, in the first rounds; the rollout planner
chooses where. Strength is measured with ``ora arena``; these tests check what the opening does
and that its data names buildings a table of four can build."""

from __future__ import annotations

import random

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import make_bot
from ora_rules.bots.levels import EXPERT_OPENING, OPENING_ROUNDS, opening
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Build
from ora_rules.setup import make_config
from tests.support import rules


def _four(seed: int = 7, variant: str = "france") -> State:
    return fold(start(make_config(4, variant, "long", seed), rules()))


def test_the_opening_names_start_buildings_of_its_tables() -> None:
    """Every building of an opening is a start building of the tables it is played at (on the
    display from round 1, R-SETUP-2/3), so the opening can be played from the first decision."""
    specs = rules().buildings
    for players, buildings in EXPERT_OPENING.items():
        for building in buildings:
            spec = specs[building]
            assert spec.stage == "start"
            assert any(mode.startswith(str(players)) for mode in spec.modes)


def test_at_four_the_first_decision_builds_the_priory() -> None:
    """The first seat of a four-player game holds the wood and clay the Priory costs (R-SETUP-8):
    ``expert`` builds it at once, where ``hard`` builds another start building."""
    r = rules()
    for variant in ("france", "ireland"):
        state = _four(variant=variant)
        move = make_bot("expert", r)(state, MoveSet(state, r), random.Random(1))
        assert isinstance(move, Build) and move.building == "G01", (variant, move)
        hard = make_bot("hard", r)(state, MoveSet(state, r), random.Random(1))
        assert not (isinstance(hard, Build) and hard.building == "G01")


def test_the_opening_keeps_only_its_builds_from_either_kind_of_move_list() -> None:
    """From a ``MoveSet`` (read by groups) and from the list ``legal_moves`` gives, the same
    builds: every placement of the Priory the rules allow (at the start one space, a cloister
    building going beside a cloister building, R-BUILD-4), nothing else."""
    r = rules()
    state = _four()
    lazy = list(opening(state, MoveSet(state, r), ("G01",)))
    listed = list(opening(state, legal_moves(state, r), ("G01",)))
    placements = [m for m in legal_moves(state, r) if isinstance(m, Build) and m.building == "G01"]
    assert lazy == listed == placements != []


def test_no_opening_once_its_rounds_are_over_or_its_building_is_gone() -> None:
    """After ``OPENING_ROUNDS`` the moves pass unchanged; so do they when no build of the
    opening's building is legal (another seat built it: one copy a game)."""
    r = rules()
    state = _four()
    rng = random.Random(3)
    hard = make_bot("hard", r)
    taken = False
    while state.round <= OPENING_ROUNDS + 1:
        moves = legal_moves(state, r)
        chosen = opening(state, moves, ("G01",))
        if state.round > OPENING_ROUNDS or taken:
            assert chosen is moves
        first_seat = state.flow.turn.decider == 0  # plays the opening; the others hard
        move = chosen[0] if first_seat else hard(state, moves, rng)
        taken = taken or (isinstance(move, Build) and move.building == "G01")
        state = execute(state, move, r).state
    assert taken
