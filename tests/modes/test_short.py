"""The short 3/4-player game (modes 3s, 4s): R-SHORT-1..4, AMB-10, AMB-11, AMB-21, AMB-33.

R-SHORT-1 (board, wheel, card set, heartland, clergy) is checked in test_setup.py; here: the
round goods of §4.6 (R-SHORT-3), the bonus production for every player on every wheel production
(R-SHORT-2/4), the all-or-nothing return of the two clergymen (R-CLG-3), and the bonus round.
"""

from __future__ import annotations

from collections import Counter

import pytest

from ora_core.events import (
    CardRemoved,
    ClergyReturned,
    FlowChanged,
    GameEvent,
    GoodsGained,
    IndicatorEntered,
    IndicatorUsed,
    RoundBegan,
    SettlementPhaseBegan,
    WheelRotated,
)
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.values import FOREST, Good, Indicator
from tests.modes.common import (
    FRONT,
    ROUND_GOODS,
    goods_of,
    mound,
    new_game,
    of_type,
    office,
    refused,
    run,
    run_events,
    step,
    to,
)
from tests.modes.games import Config, played
from tests.support import apply

SHORT = [(3, "france"), (3, "ireland"), (4, "france"), (4, "ireland")]


def short_game(players: int = 3, variant: str = "france") -> State:
    return new_game(players, variant, "short")[0]


def round_start_blocks(events: list[GameEvent]) -> dict[int, list[GameEvent]]:
    """The automatic events at the start of each round: RoundBegan .. the next FlowChanged."""
    blocks = {}
    for i, event in enumerate(events):
        if isinstance(event, RoundBegan):
            j = i
            while not isinstance(events[j], FlowChanged):
                j += 1
            blocks[event.round] = events[i:j]
    return blocks


def gained(before: State, after: State) -> list[dict[str, int]]:
    """What each seat gained (or lost, negative) between two states."""
    result = []
    for seat in range(len(before.players)):
        delta = Counter(goods_of(after, seat))
        delta.subtract(goods_of(before, seat))
        result.append({g: n for g, n in delta.items() if n})
    return result


# --- R-SHORT-3: the round goods -------------------------------------------------------------


@pytest.mark.modes("3s", "4s")
def test_R_SHORT_3_AMB_11_round_goods_after_the_rotation_in_each_round(
        game: tuple[Config, int]) -> None:
    """In rounds 1-12 every player receives the two goods of §4.6 right after the rotation (and
    the entry of grapes / stone), before the settlement phase; round 13 gives none."""
    trace = played(*game)
    players = trace.config.players
    blocks = round_start_blocks(trace.events)
    assert sorted(blocks) == list(range(1, 14))
    for n, block in blocks.items():
        gains = of_type(block, GoodsGained)
        if n == 13:
            assert gains == []
            continue
        wanted = {Good(g): k for g, k in ROUND_GOODS[n - 1].items()}
        assert [(e.seat, dict(e.goods)) for e in gains] == [(s, wanted) for s in range(players)]
        kinds = [type(e) for e in block]
        first_gain = kinds.index(GoodsGained)
        assert kinds.index(WheelRotated) < first_gain
        if IndicatorEntered in kinds:
            assert kinds.index(IndicatorEntered) < first_gain
        if SettlementPhaseBegan in kinds:
            assert first_gain < kinds.index(SettlementPhaseBegan)


@pytest.mark.modes("3", "4", "2", "2L", "1")
def test_R_SHORT_3_no_round_goods_outside_the_short_game(game: tuple[Config, int]) -> None:
    trace = played(*game)
    for block in round_start_blocks(trace.events).values():
        assert of_type(block, GoodsGained) == []


def test_R_SHORT_3_the_5_coin_tile_of_round_8_and_the_meat_of_round_9() -> None:
    events: list[GameEvent] = []
    state = to(short_game(4), 9, events=events)
    gains = [e for e in events if isinstance(e, GoodsGained) and Good.MEAT in e.goods]
    assert len(gains) == 4 and all(dict(e.goods) == {Good.STONE: 1, Good.MEAT: 1} for e in gains)
    coins = [e for e in events if isinstance(e, GoodsGained) and e.goods.get(Good.COIN) == 5]
    assert len(coins) == 4
    assert state.round == 9


# --- R-SHORT-2 / R-SHORT-4: the bonus production --------------------------------------------


@pytest.mark.parametrize(("players", "variant"), SHORT)
def test_R_SHORT_2_own_indicator_every_player_takes_one_more(players: int, variant: str
                                                             ) -> None:
    state = short_game(players, variant)
    after, events = run_events(state, "USE LR2 Gn")
    assert of_type(events, IndicatorUsed) == [IndicatorUsed(indicator=Indicator.GRAIN)]
    assert gained(state, after) == [{"grain": FRONT[1] + 1}] + [{"grain": 1}] * (players - 1)
    assert after.wheel.positions[Indicator.GRAIN] == 0


@pytest.mark.parametrize(("players", "variant"), SHORT)
def test_R_SHORT_2_with_the_joker_every_player_takes_one_more(players: int, variant: str
                                                              ) -> None:
    state = short_game(players, variant)
    after = run(state, "USE LR2 JoSh")
    assert gained(state, after) == ([{"livestock": FRONT[1] + 1}]
                                    + [{"livestock": 1}] * (players - 1))
    assert after.wheel.positions[Indicator.JOKER] == 0
    assert after.wheel.positions[Indicator.LIVESTOCK] == 1  # R-JOKER-2: own indicator stays


def test_R_SHORT_4_AMB_10_bonus_also_at_value_0() -> None:
    """Seat 0 resets the grain indicator; seat 1 then produces grain at value 0: nothing for
    himself, but the bonus production still gives every player 1 grain."""
    state = run(short_game(3), "USE LR2 Gn", "COMMIT")
    assert state.flow.turn.seat == 1 and state.wheel.positions[Indicator.GRAIN] == 0
    after, events = run_events(state, "USE LG2 Gn")
    assert of_type(events, IndicatorUsed) == [IndicatorUsed(indicator=Indicator.GRAIN)]
    assert gained(state, after) == [{"grain": 1}] * 3


@pytest.mark.parametrize(("command", "good"), [
    ("FELL_TREES 2 0", "wood"), ("CUT_PEAT 0 1", "peat"), ("FELL_TREES 1 1 Jo", "wood"),
    ("CUT_PEAT 0 1 Jo", "peat")])
def test_R_SHORT_2_AMB_10_fell_trees_and_cut_peat_are_wheel_productions(command: str, good: str
                                                                        ) -> None:
    state = short_game(4)
    after, events = run_events(state, command)
    assert len(of_type(events, CardRemoved)) == 1
    assert gained(state, after) == [{good: FRONT[1] + 1}] + [{good: 1}] * 3


def test_R_SHORT_4_cut_peat_at_value_0_still_gives_the_bonus() -> None:
    state = run(short_game(3), "CUT_PEAT 0 1", "COMMIT")
    assert state.wheel.positions[Indicator.PEAT] == 0
    after = run(state, "CUT_PEAT 0 1")
    assert gained(state, after) == [{"peat": 1}] * 3


def test_R_SHORT_4_R_FELL_5_no_bonus_when_no_indicator_moves() -> None:
    """Fell trees without a forest card: nothing removed, nothing gained, no indicator moves,
    so there is no bonus production either."""
    state = short_game(3)
    forests = [c for c, s in state.players[0].landscape.items() if s.card == FOREST]
    state = apply(state, [CardRemoved(seat=0, coord=c) for c in forests])
    after, events = run_events(state, "FELL_TREES")
    assert of_type(events, IndicatorUsed) == []
    assert of_type(events, GoodsGained) == []
    assert gained(state, after) == [{}, {}, {}]
    assert after.wheel == state.wheel


def test_R_SHORT_4_no_bonus_for_a_declined_function() -> None:
    state = short_game(3)
    after, events = run_events(state, "USE LR2 -")
    assert of_type(events, GoodsGained) == [] and of_type(events, IndicatorUsed) == []
    assert after.wheel == state.wheel


def test_R_SHORT_2_clay_mound_office_and_work_contracts() -> None:
    """Every wheel building gives the bonus, also when used through a work contract: the owner
    takes his bonus like everybody else."""
    state = short_game(3)
    after = run(state, f"USE {mound(0)}")
    assert gained(state, after) == [{"clay": FRONT[1] + 1}, {"clay": 1}, {"clay": 1}]
    state = short_game(3)
    after = run(state, f"PRIOR {office(0)}")
    assert gained(state, after) == [{"coin": FRONT[1] + 1}, {"coin": 1}, {"coin": 1}]
    state = short_game(3)
    after = run(state, f"WORK_CONTRACT {mound(1)} Pn", "WITH_LAYBROTHER", f"USE {mound(1)}")
    assert gained(state, after) == [{"clay": FRONT[1] + 1, "coin": -1}, {"clay": 1, "coin": 1},
                                    {"clay": 1}]


@pytest.mark.parametrize("players", [3, 4])
def test_R_SHORT_2_only_in_the_short_game(players: int) -> None:
    state = new_game(players, "france", "long")[0]
    after = run(state, "USE LR2 Gn", "COMMIT")
    assert gained(state, after)[1:] == [{}] * (players - 1)
    after = run(state, "FELL_TREES 2 0")
    assert gained(state, after) == [{"wood": FRONT[1]}] + [{}] * (players - 1)


# --- clergy and the bonus round -------------------------------------------------------------


def test_R_SHORT_1_R_CLG_3_both_clergymen_placed_both_return() -> None:
    """2 clergymen per player: the start player places both in his two slots of round 1; both
    return at the start of round 2 (R-CLG-3: "all" means both)."""
    state = short_game(3)
    state = run(state, "USE LR2 Gn", "COMMIT", "FELL_TREES 2 0", "COMMIT", "FELL_TREES 2 0",
                "COMMIT")
    assert state.flow.turn.seat == 0
    refused(state, f"USE {mound(0)}", "no_free_clergy", "R-ACT-4")
    state, events = step(state, f"PRIOR {mound(0)}")
    assert state.players[0].clergy == (mound(0), "LR2")
    state, events = step(state, "COMMIT")
    returned = of_type(events, ClergyReturned)
    assert [(e.seat, e.clergy) for e in returned] == [(0, (0, 1))]
    assert state.round == 2


@pytest.mark.modes("3s", "4s")
def test_R_BONUS_1_AMB_21_round_13_priors_return_first_rotation_no_goods(
        game: tuple[Config, int]) -> None:
    trace = played(*game)
    block = round_start_blocks(trace.events)[13]
    kinds = [type(e) for e in block]
    assert kinds.count(WheelRotated) == 1
    assert of_type(block, GoodsGained) == []
    assert of_type(block, SettlementPhaseBegan) == []
    if ClergyReturned in kinds:  # only priors return (R-BONUS-2), before the rotation
        assert kinds.index(ClergyReturned) < kinds.index(WheelRotated)
        assert all(e.clergy == (0,) for e in of_type(block, ClergyReturned))
    start = next(i for i, e in enumerate(trace.events)
                 if isinstance(e, RoundBegan) and e.round == 13)
    before = fold(trace.events[:start])
    after = fold(trace.events[:start + len(block)])
    for old, new in zip(before.players, after.players, strict=True):
        assert new.clergy == (None, *old.clergy[1:])  # lay brothers stay placed
