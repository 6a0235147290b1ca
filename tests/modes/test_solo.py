"""The solo game (mode 1): R-SOLO-1..11, R-END-4, R-WHEEL-5, R-WHEEL-8, R-WHEEL-9, AMB-14..17,
AMB-31, AMB-35.

Set-up facts (neutral heartland, Builders' Market, reversed prices, no goods, card set) are in
test_setup.py; the round structure is also checked on every random solo game in
test_schedule.py.
"""

from __future__ import annotations

from functools import cache

import pytest

from ora_core.events import (
    BuildingBuilt,
    BuildingsRevealed,
    ClergyPlaced,
    ClergyReturned,
    GameEnded,
    GameEvent,
    GoodsPaid,
    IndicatorEntered,
    IndicatorUsed,
    MovePlayed,
    RoundBegan,
    SettlementPhaseBegan,
    WheelRotated,
    WorkContractPriceSet,
)
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.values import Good, Indicator, Stage
from ora_rules.neutral import neutral_placements
from tests.modes.common import (
    R,
    by_round,
    drive,
    fresh,
    goods_of,
    of_type,
    refused,
    run,
    run_events,
    simple_move,
    step,
    to,
)
from tests.modes.games import Config, played
from tests.support import apply, set_goods

NEUTRAL = 1
N1, N2, N3 = "LY1", "LY2", "LY3"  # the neutral Clay Mound, Farmyard, Cloister Office
BASE = {Indicator.WOOD, Indicator.PEAT, Indicator.GRAIN, Indicator.LIVESTOCK, Indicator.CLAY,
        Indicator.COIN, Indicator.JOKER}


def solo(variant: str = "france") -> State:
    return fresh(1, variant)


@cache
def at_neutral_step(variant: str = "france") -> State:
    """Round 12, step 3: the solo player builds the display onto the neutral landscape."""
    state = to(solo(variant), 12, "neutral")
    assert state.flow.turn.seat == 0
    return state


def build_all_neutral(state: State) -> tuple[State, list[str]]:
    built = []
    while state.flow.turn.kind == "neutral":
        command = simple_move(state)
        if command.startswith("BUILD"):
            built.append(command.split()[1])
        state = run(state, command)
    return state, built


# --- the wheel: no grapes / stone, indicators leave play at 10 -----------------------------


def no_wheel(state: State) -> str | None:
    """Decline-uses with the free clergymen (no production); else fell trees (the wood
    indicator), the bare action once no forest is left; never the other indicators."""
    turn = state.flow.turn
    if turn.kind != "action" or turn.main_done:
        return None
    player = state.players[0]
    busy = {at for p in state.players for at in p.clergy if at}
    free = [b for b in ("LR2", "LR1", "LR3") if b not in busy]
    if any(at is None for at in player.clergy[1:]) and free:
        return f"USE {free[0]} -"
    if player.clergy[0] is None and free:
        return f"PRIOR {free[0]} -"
    forests = sorted(c for c, s in player.landscape.items() if s.card == "LFO")
    return "FELL_TREES {} {}".format(*forests[0]) if forests else "FELL_TREES"


@cache
def removal_game() -> tuple[State, tuple[GameEvent, ...]]:
    log: list[tuple[State, str, list[GameEvent]]] = []
    state = drive(solo(), lambda s: s.round == 14, no_wheel, log)
    return state, tuple(event for _, _, emitted in log for event in emitted)


def test_R_WHEEL_9_R_SOLO_6_unused_indicators_and_the_joker_leave_play_in_round_13() -> None:
    """Peat, grain, livestock, clay, coin and the joker are never used: they show 10 (d = 12)
    in round 12 and leave play at the rotation of round 13 (R-WHEEL-5); wood, used for felling
    trees, stays."""
    _, events = removal_game()
    rounds = by_round(events)
    rotation13 = of_type(rounds[13], WheelRotated)
    assert len(rotation13) == 1
    assert set(rotation13[0].removed) == BASE - {Indicator.WOOD}
    for n in range(2, 13):
        assert of_type(rounds[n], WheelRotated) == [WheelRotated(removed=())], n
    state = removal_game()[0]
    assert set(state.wheel.positions) == {Indicator.WOOD}


def test_R_WHEEL_9_values_in_round_12_and_R_WHEEL_5_removed_for_good() -> None:
    state = drive(solo(), lambda s: s.round == 12 and s.flow.turn.kind == "neutral", no_wheel)
    for indicator in BASE - {Indicator.WOOD}:
        assert state.wheel.positions[indicator] == 12
        assert state.wheel.value(indicator) == 10
    state = removal_game()[0]
    assert state.round == 14 and set(state.wheel.positions) == {Indicator.WOOD}


def test_R_WHEEL_8_R_JOKER_1_after_the_removal() -> None:
    """A moor cut without its indicator (nor the joker) yields nothing and moves nothing; the
    removed joker cannot be used."""
    state = removal_game()[0]
    state = drive(state, lambda s: s.flow.turn.kind == "action" and not s.flow.turn.main_done)
    moors = [c for c, s in state.players[0].landscape.items() if s.card == "LMO"]
    assert moors
    col, row = moors[0]
    refused(state, f"CUT_PEAT {col} {row} Jo", "indicator_not_in_play", "R-JOKER-1")
    after, events = run_events(state, f"CUT_PEAT {col} {row}")
    assert after.players[0].landscape[(col, row)].card is None
    assert of_type(events, IndicatorUsed) == []
    assert goods_of(after, 0) == goods_of(state, 0)


@pytest.mark.parametrize("players", [3, 4])
def test_R_WHEEL_5_outside_the_solo_game_indicators_stay_at_10(players: int) -> None:
    state = to(fresh(players), 14)
    assert state.wheel.positions[Indicator.GRAIN] == 12
    assert state.wheel.value(Indicator.GRAIN) == 10
    assert Indicator.JOKER in state.wheel.positions


@pytest.mark.modes("1")
def test_R_SOLO_2_grapes_and_stone_never_enter(game: tuple[Config, int]) -> None:
    trace = played(*game)
    assert of_type(trace.events, IndicatorEntered) == []
    assert not {Indicator.GRAPES, Indicator.STONE} & set(trace.state.wheel.positions)


# --- the rounds with the neutral building ---------------------------------------------------


@pytest.mark.modes("1")
def test_R_SOLO_9_the_seven_steps_in_rounds_12_16_22_26_and_31(game: tuple[Config, int]
                                                               ) -> None:
    """Steps 1-2 (return, rotate), 3 (the neutral player builds; afterwards no display card has
    a legal neutral space left), 4 (the optional neutral prior), 5 (neutral return), 6 (the
    settlement phase, then the stage's cards), 7 (two slots); round 31: 1, 2, 7, 3, 4, 5, 6."""
    trace = played(*game)
    rounds = by_round(trace.events)
    offsets = [len(trace.events) - sum(len(b) for b in trace.batches)]
    for batch in trace.batches:
        offsets.append(offsets[-1] + len(batch))  # where each command's events begin
    for n, stage in ((12, Stage.A), (16, Stage.B), (22, Stage.C), (26, Stage.D), (31, Stage.E)):
        events = rounds[n]
        kinds = [type(e) for e in events]
        phase = kinds.index(SettlementPhaseBegan)
        assert [e.stage for e in of_type(events, SettlementPhaseBegan)] == [stage]
        assert kinds.index(WheelRotated) < phase
        neutral_built = [i for i, e in enumerate(events)
                         if isinstance(e, BuildingBuilt) and e.seat == NEUTRAL]
        assert all(kinds.index(WheelRotated) < i < phase for i in neutral_built)
        moves = [i for i, e in enumerate(events) if isinstance(e, MovePlayed)
                 and e.move.split()[0] in ("USE", "PRIOR", "FELL_TREES", "CUT_PEAT", "BUILD",
                                           "WORK_CONTRACT")]
        first_action = next((i for i in moves if i not in neutral_built and i - 1 not in
                             neutral_built and i > phase), None)
        if n == 31:
            before = [i for i in moves if i < min(neutral_built, default=phase)]
            assert before, "round 31 starts with the two action slots"
            assert not [i for i in moves if i > phase and i not in neutral_built]
            assert kinds.index(GameEnded) > phase
        else:
            assert stage is not Stage.E
            revealed = kinds.index(BuildingsRevealed)
            assert phase < revealed
            assert first_action is None or revealed < first_action
        # Step 3 leaves nothing that could still go on the neutral landscape (R-SOLO-10; a card
        # may become placeable later in the round, when step 5 frees the neutral clergy).
        commits = [i for i, (p, c) in enumerate(zip(trace.positions, trace.commands,
                                                     strict=True))
                   if p.round == n and p.kind == "neutral" and c == "COMMIT"]
        assert len(commits) <= 1
        if commits:
            end_of_step_3 = offsets[commits[0]]
        else:  # no card could go there: skipped right after the rotation
            start = next(i for i, e in enumerate(trace.events)
                         if isinstance(e, RoundBegan) and e.round == n)
            end_of_step_3 = start + kinds.index(WheelRotated) + 1
        assert neutral_placements(fold(trace.events[:end_of_step_3]), R) == [], n


def test_R_SOLO_10_terrain_free_and_the_cloister_rules() -> None:
    state = at_neutral_step()
    # Any terrain: the Harbor Promenade (coast only) on a plains space.
    after = run(state, "BUILD F11 3 0")
    assert after.built["F11"].seat == NEUTRAL and "F11" not in after.display
    # A cloister building on an empty space must touch a neutral cloister building.
    refused(state, "BUILD G02 1 0", "cloister_not_adjacent", "R-SOLO-10")
    assert run(state, "BUILD G02 3 1").built["G02"].seat == NEUTRAL
    # Covering: cloister over cloister, other over other, never across.
    covered = run(state, "BUILD G01 4 1")
    assert covered.players[NEUTRAL].landscape[(4, 1)].covered == (N3,)
    assert N3 not in covered.built  # only the top card exists for use
    refused(state, "BUILD F03 4 1", "wrong_cover", "R-SOLO-10")
    refused(state, "BUILD G02 2 1", "wrong_cover", "R-SOLO-10")
    assert run(state, "BUILD F03 2 1").built["F03"].coord == (2, 1)
    # AMB-31: the Builders' Market may be covered too; several cards may be stacked.
    stacked = run(state, "BUILD F04 0 0", "BUILD F05 0 0")
    assert stacked.players[NEUTRAL].landscape[(0, 0)].covered == ("G13", "F04")
    assert "G13" not in stacked.built and "F04" not in stacked.built


def test_R_SOLO_10_AMB_35_an_occupied_building_is_not_covered() -> None:
    state = apply(at_neutral_step(), [ClergyPlaced(seat=NEUTRAL, clergy=1, building=N1)])
    refused(state, "BUILD F03 4 0", "building_occupied", "R-SOLO-10")


def test_R_SOLO_10_every_card_with_a_legal_space_is_built() -> None:
    state = at_neutral_step()
    refused(state, "COMMIT", "neutral_buildings_left", "R-SOLO-10")
    after, built = build_all_neutral(state)
    assert sorted(built) == sorted(state.display)
    assert after.display == ()
    assert after.flow.turn.kind == "neutral_prior"


def test_R_SOLO_10_AMB_35_a_card_without_a_legal_space_stays_in_the_display() -> None:
    """The neutral cloister (the Cloister Office) is occupied and the only empty space next to
    it is built over: the Cloister Courtyard has no legal space, step 3 is skipped, the card
    stays; the solo player may build it himself."""
    state = drive(solo(), lambda s: s.round == 11 and s.flow.turn.main_done
                  and s.flow.turn.kind == "action" and len(s.flow.queue) == 0)
    keep = ("G02",)
    state = apply(state, [ClergyPlaced(seat=NEUTRAL, clergy=1, building=N3),
                          BuildingBuilt(seat=NEUTRAL, building="G12", coord=(3, 1))])
    state = apply(state, [BuildingBuilt(seat=0, building=b, coord=(3, 0))
                          for b in state.display if b not in keep])
    assert state.display == keep and neutral_placements(state, R) == []
    state = step(state, "COMMIT")[0]
    assert state.round == 12 and state.flow.turn.kind == "settlement"
    assert "G02" in state.display
    state = run(state, "COMMIT")
    assert "G02" in state.display  # and the A cards joined it
    state = set_goods(state, 0, wood=2)
    state = run(state, "BUILD G02 3 1")
    assert state.built["G02"].seat == 0


# --- the neutral prior (step 4) and the neutral return (step 5) -----------------------------


def test_R_SOLO_9_step_4_neutral_prior_pays_the_supply() -> None:
    state, built = build_all_neutral(at_neutral_step())
    target = next(b for b in built if b in state.built)
    state = set_goods(state, 0, coin=1)
    refused(state, f"WORK_CONTRACT {N2} Pn", "not_just_built", "R-SOLO-9")
    after, events = run_events(state, f"WORK_CONTRACT {target} Pn")
    assert of_type(events, GoodsPaid) == [GoodsPaid(seat=0, goods={Good.COIN: 1}, to_seat=None)]
    assert of_type(events, ClergyPlaced) == [ClergyPlaced(seat=NEUTRAL, clergy=0,
                                                          building=target)]
    assert goods_of(after, NEUTRAL) == {}
    after = run(after, f"USE {target} -", "COMMIT")
    assert after.flow.turn.kind == "settlement"  # step 6 follows
    after = run(after, "COMMIT")
    assert after.flow.turn.kind == "action" and after.round == 12  # step 7: both slots remain


def test_R_SOLO_9_step_4_only_a_visible_just_built_building() -> None:
    state = at_neutral_step()
    state = run(state, "BUILD F03 2 1", "BUILD F04 2 1")  # the Windmill covers Grain Storage
    state, _ = build_all_neutral(state)
    state = set_goods(state, 0, coin=2)
    refused(state, "WORK_CONTRACT F03 Pn", "not_just_built", "R-SOLO-9")
    assert "F03" not in state.flow.turn.neutral_built
    run(state, "WORK_CONTRACT F04 Pn")


def test_R_SOLO_9_step_4_skipped_when_the_neutral_prior_is_placed() -> None:
    state = apply(at_neutral_step(), [ClergyPlaced(seat=NEUTRAL, clergy=0, building=N2)])
    state, _ = build_all_neutral(state)
    assert state.flow.turn.kind == "settlement"


def test_AMB_17_the_step_4_price_after_the_neutral_winery() -> None:
    """The neutral player builds the Winery in step 3: from then on every work contract costs 2
    (R-WC-4), the step-4 use included; the present (wine) is still allowed (R-WC-5)."""
    state = apply(at_neutral_step(), [BuildingsRevealed(stage=Stage.B, buildings=("F21",))])
    state, events = run_events(state, "BUILD F21 3 0")
    assert of_type(events, WorkContractPriceSet) == [WorkContractPriceSet(price=2)]
    state, _ = build_all_neutral(state)
    state = set_goods(state, 0, coin=2, wine=1)
    refused(state, "WORK_CONTRACT F21 Pn", "wrong_price", "R-WC-4")
    paid = of_type(run_events(state, "WORK_CONTRACT F21 PnPn")[1], GoodsPaid)
    assert paid == [GoodsPaid(seat=0, goods={Good.COIN: 2}, to_seat=None)]
    paid = of_type(run_events(state, "WORK_CONTRACT F21 Wn")[1], GoodsPaid)
    assert paid == [GoodsPaid(seat=0, goods={Good.WINE: 1}, to_seat=None)]


def test_R_SOLO_9_step_5_AMB_15_all_three_neutral_clergy_return() -> None:
    state = apply(at_neutral_step(), [ClergyPlaced(seat=NEUTRAL, clergy=1, building=N1),
                                      ClergyPlaced(seat=NEUTRAL, clergy=2, building=N2)])
    state, built = build_all_neutral(state)
    state = set_goods(state, 0, coin=1)
    target = next(b for b in built if b in state.built)
    state = run(state, f"WORK_CONTRACT {target} Pn", f"USE {target} -")
    assert all(state.players[NEUTRAL].clergy)
    after, events = run_events(state, "COMMIT")
    returned = of_type(events, ClergyReturned)
    assert [(e.seat, e.clergy) for e in returned] == [(NEUTRAL, (0, 1, 2))]
    assert events.index(returned[0]) < events.index(of_type(events, SettlementPhaseBegan)[0])
    assert after.players[NEUTRAL].clergy == (None, None, None)


# --- work contracts on neutral buildings, purchases, scoring --------------------------------


def test_R_SOLO_8_work_contract_on_a_neutral_building_pays_the_supply() -> None:
    state = set_goods(solo(), 0, coin=2)
    state, events = run_events(state, f"WORK_CONTRACT {N2} Pn")
    assert of_type(events, GoodsPaid) == [GoodsPaid(seat=0, goods={Good.COIN: 1}, to_seat=None)]
    assert state.flow.turn.decider == 0  # the solo player chooses for the neutral player
    state, events = run_events(state, "WITH_LAYBROTHER")
    assert of_type(events, ClergyPlaced) == [ClergyPlaced(seat=NEUTRAL, clergy=1, building=N2)]
    state = run(state, f"USE {N2} Gn")
    assert goods_of(state, 0) == {"coin": 1, "grain": 2}
    assert goods_of(state, NEUTRAL) == {}


def test_R_SOLO_8_no_contract_when_no_neutral_clergyman_is_free() -> None:
    state = apply(set_goods(solo(), 0, coin=2), [
        ClergyPlaced(seat=NEUTRAL, clergy=0, building=N1),
        ClergyPlaced(seat=NEUTRAL, clergy=1, building=N3),
        ClergyPlaced(seat=NEUTRAL, clergy=2, building="G13")])
    refused(state, f"WORK_CONTRACT {N2} Pn", "no_free_clergy", "R-WC-3")


def test_R_SOLO_7_R_SOLO_4_one_purchase_per_round_most_expensive_first() -> None:
    state = set_goods(solo(), 0, coin=30)
    state, events = run_events(state, "BUY_DISTRICT 2 PLAINS")
    assert of_type(events, GoodsPaid) == [GoodsPaid(seat=0, goods={Good.COIN: 8})]
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")
    state = run(state, "FELL_TREES 2 0", "COMMIT")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")  # the second slot
    state, events = run_events(state, "FELL_TREES 1 0", "COMMIT", "BUY_PLOT 0 COAST")
    assert of_type(events, GoodsPaid)[-1] == GoodsPaid(seat=0, goods={Good.COIN: 7})


@pytest.mark.modes("1")
def test_R_SOLO_11_R_SCORE_8_R_END_4_only_the_solo_player_is_scored(game: tuple[Config, int]
                                                                     ) -> None:
    trace = played(*game)
    ended = of_type(trace.events, GameEnded)
    assert len(ended) == 1
    assert [s.seat for s in ended[0].scores] == [0]
    assert trace.state.round == 31 and trace.state.settlement_phases[-1] is Stage.E


def test_R_SOLO_7_step_1_the_neutral_clergy_return_when_all_are_placed() -> None:
    """R-CLG-3 for the neutral player too: all three placed (by the solo player's contracts)
    return at the start of the next round; two of three placed stay."""
    state = apply(set_goods(solo(), 0, coin=5), [
        ClergyPlaced(seat=NEUTRAL, clergy=1, building=N1),
        ClergyPlaced(seat=NEUTRAL, clergy=2, building=N3)])
    state = run(state, f"WORK_CONTRACT {N2} Pn", f"USE {N2} Gn", "COMMIT")
    assert all(state.players[NEUTRAL].clergy)
    state, events = run_events(state, "FELL_TREES 2 0", "COMMIT")
    assert state.round == 2
    assert [(e.seat, e.clergy) for e in of_type(events, ClergyReturned)] == [(NEUTRAL,
                                                                               (0, 1, 2))]
    partly = apply(solo(), [ClergyPlaced(seat=NEUTRAL, clergy=1, building=N1),
                            ClergyPlaced(seat=NEUTRAL, clergy=2, building=N3)])
    partly, events = run_events(partly, "FELL_TREES 2 0", "COMMIT", "FELL_TREES 1 0", "COMMIT")
    assert partly.round == 2 and of_type(events, ClergyReturned) == []
