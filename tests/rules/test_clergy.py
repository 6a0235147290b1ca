"""Clergy and main actions: R-CLG-1..7, R-ACT-1..4 (modes 3 and 4)."""

from __future__ import annotations

import pytest

from ora_core.events import ClergyPlaced, ClergyReturned, GameEvent, GoodsGained, IndicatorUsed
from ora_core.state import State
from ora_core.values import Good
from ora_rules.moves import legal_moves
from ora_rules.notation import Commit, CutPeat, FellTrees
from tests.rules.common import (
    R,
    drive,
    events_of_type,
    farmyard,
    fresh,
    fully_placed_in_round_5,
    mound,
    office,
    refused,
    run,
    step,
    to,
)
from tests.support import set_goods


@pytest.mark.parametrize("players", [4, 3])
def test_R_CLG_3_return_is_all_or_nothing(players: int) -> None:
    # Round 1: seat 0 (start player) places two clergymen.
    state = run(fresh(players), f"PRIOR {mound(0)}", "COMMIT")
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    assert state.round == 1
    state, _ = step(state, f"USE {farmyard(0)} Gn")
    state, events = step(state, "COMMIT")
    # Round 2 begins: one clergyman of seat 0 is free, so nobody comes back.
    assert state.round == 2
    assert not [e for e in events_of_type(events, ClergyReturned) if e.seat == 0]
    assert state.players[0].clergy == (mound(0), farmyard(0), None)
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    assert state.round == 2
    state = run(state, f"USE {office(0)}")
    assert state.players[0].free_clergy() == ()
    log: list[tuple[State, str, list[GameEvent]]] = []
    state = drive(state, lambda s: s.round == 3, log=log)
    returned = [e for e in events_of_type(log[-1][2], ClergyReturned) if e.seat == 0]
    assert [e.clergy for e in returned] == [(0, 1, 2)]
    assert state.players[0].clergy == (None, None, None)


def test_R_CLG_4_occupied_building_takes_no_second_clergyman() -> None:
    state = run(fresh(4), f"USE {mound(0)}", "COMMIT")
    assert state.flow.turn.seat == 1
    refused(state, f"WORK_CONTRACT {mound(0)} Pn", "building_occupied", "R-CLG-4")
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    assert state.round == 1
    refused(state, f"PRIOR {mound(0)}", "building_occupied", "R-CLG-4")
    refused(state, f"USE {mound(0)}", "building_occupied", "R-CLG-4")


def test_R_CLG_5_R_WC_3_nobody_uses_the_buildings_of_a_fully_placed_player() -> None:
    state = fully_placed_in_round_5()
    assert "G12" not in {at for p in state.players for at in p.clergy}
    refused(state, "WORK_CONTRACT G12 Pn", "no_free_clergy", "R-WC-3")


def test_R_CLG_5_R_WC_8_fully_placed_player_still_builds_fells_and_contracts() -> None:
    state = fully_placed_in_round_5()
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    assert state.round == 5
    refused(state, f"USE {mound(0)}", "building_occupied", "R-CLG-4")
    refused(state, "USE G12", "no_free_clergy", "R-CLG-5")
    refused(state, "PRIOR G12", "no_free_clergy", "R-ACT-4")
    state = set_goods(state, 0, coin=1, wood=2, grain=1)
    contracted = run(state, f"WORK_CONTRACT {mound(1)} Pn", "WITH_LAYBROTHER")
    assert contracted.players[1].clergy.count(mound(1)) == 1
    built = run(state, "BUILD G02 3 1")
    assert built.built["G02"].seat == 0
    forest = next(c for c, sp in sorted(state.players[0].landscape.items()) if sp.card == "LFO")
    felled = run(state, "FELL_TREES {} {}".format(*forest))
    assert felled.flow.turn.main_done and felled.players[0].landscape[forest].card is None
    converted = run(state, "CONVERT Gn")
    assert converted.players[0].count(Good.STRAW) == 1


def test_R_CLG_6_building_does_nothing_when_built() -> None:
    state = set_goods(fresh(4), 0, wood=1)
    after, events = step(state, "BUILD G12 3 0")
    assert not events_of_type(events, GoodsGained)
    assert not events_of_type(events, ClergyPlaced)
    assert after.players[0].goods == {}


def test_R_CLG_6_declined_function_still_places_the_clergyman() -> None:
    state = fresh(4)
    after, events = step(state, f"USE {mound(0)} -")
    assert [(e.seat, e.clergy, e.building) for e in events_of_type(events, ClergyPlaced)] == [
        (0, 1, mound(0))]
    assert not events_of_type(events, IndicatorUsed)
    assert after.players[0].goods == state.players[0].goods
    assert after.wheel == state.wheel


def test_R_CLG_7_only_buildings_in_a_landscape_are_used() -> None:
    state = fresh(4)
    assert "G02" in state.display
    refused(state, "USE G02", "not_built", "R-CLG-7")
    refused(state, "PRIOR G02", "not_built", "R-CLG-7")


def test_R_CLG_1_clergy_only_on_own_buildings() -> None:
    refused(fresh(4), f"USE {mound(1)}", "not_your_building", "R-CLG-1")
    refused(fresh(4), f"PRIOR {office(2)}", "not_your_building", "R-CLG-1")


def test_R_ACT_4_choose_prior_or_lay_brother() -> None:
    state = fresh(4)
    prior = run(state, f"PRIOR {mound(0)}")
    assert prior.players[0].clergy == (mound(0), None, None)
    lay = run(state, f"USE {mound(0)}")
    assert lay.players[0].clergy[0] is None
    assert lay.players[0].clergy.count(mound(0)) == 1


def test_R_ACT_4_lay_brother_wanted_but_only_the_prior_is_free() -> None:
    state = run(fresh(4), f"USE {mound(0)}", "COMMIT")
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    state = run(state, f"USE {farmyard(0)} Gn", "COMMIT")
    # R-CLG-2: the lay brothers stay (not all are placed, so none returns at round 2).
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    assert state.round == 2
    assert state.players[0].clergy == (None, mound(0), farmyard(0))
    refused(state, f"USE {office(0)}", "no_free_clergy", "R-ACT-4")
    assert run(state, f"PRIOR {office(0)}").players[0].clergy[0] == office(0)


FIRST = ["FELL_TREES 2 0", "CUT_PEAT 0 1", f"USE {mound(0)}", f"PRIOR {farmyard(0)} Gn",
         "BUILD G12 3 0", f"WORK_CONTRACT {mound(1)} Pn"]
#: Second main actions that would be legal on their own after any of FIRST.
SECOND = ["FELL_TREES 1 1", "CUT_PEAT 0 0", f"USE {office(0)}", "BUILD G02 3 1",
          f"WORK_CONTRACT {mound(2)} Pn"]


@pytest.mark.parametrize("first", FIRST)
@pytest.mark.parametrize("second", SECOND)
def test_R_ACT_1_one_main_action_per_slot(first: str, second: str) -> None:
    state = set_goods(fresh(4), 0, wood=3, coin=2)
    alone = run(state, second)
    if second.startswith("WORK_CONTRACT"):
        alone = run(alone, "WITH_LAYBROTHER")
    assert alone.flow.turn.main_done
    after = run(state, first)
    if first.startswith("WORK_CONTRACT"):
        after = run(after, "WITH_LAYBROTHER")
    assert after.flow.turn.main_done
    refused(after, second, "main_action_taken", "R-ACT-1")


def test_R_ACT_1_COMMIT_refused_before_the_main_action() -> None:
    state = fresh(4)
    refused(state, "COMMIT", "main_action_missing", "R-ACT-1")
    after = run(state, "CONVERT Gn")
    refused(after, "COMMIT", "main_action_missing", "R-ACT-1")


def test_R_ACT_2_free_actions_before_and_after_the_main_action() -> None:
    state = set_goods(fresh(4), 0, grain=2, coin=2)
    after = run(state, "CONVERT Gn", "FELL_TREES 1 0", "CONVERT Gn", "BUY_DISTRICT 2 PLAINS",
                "COMMIT")
    assert after.players[0].count(Good.STRAW) == 2
    assert (0, 2) in after.players[0].landscape
    assert after.flow.turn.seat == 1


def test_R_ACT_3_no_pass_but_always_a_main_action() -> None:
    state = to(fresh(4), 10)
    player = state.players[state.flow.turn.seat]
    assert not [s for s in player.landscape.values() if s.card in ("LFO", "LMO")]
    moves = legal_moves(state, R)
    assert Commit() not in moves
    assert FellTrees() in moves and CutPeat() in moves
    after = run(state, "CUT_PEAT")
    assert Commit() in legal_moves(after, R)
