"""Final scoring: R-SCORE-1..7. Card values are those of cards.md (cited per test)."""

from __future__ import annotations

import pytest

from ora_core.events import CardRemoved, GameEnded, GameEvent, LandscapeAdded, SettlementBuilt
from ora_core.evolve import evolve
from ora_core.state import Score, State
from ora_rules import landscape
from ora_rules.scoring import (
    coin_points,
    economic_items,
    economic_points,
    score,
    score_player,
    settlement_items,
    settlement_points,
    winners,
)
from tests.rules.common import (
    SCHEDULE,
    R,
    drive,
    events_of_type,
    fresh,
    run,
)
from tests.support import apply, place, read_test_record, rules, set_goods


def settle(state: State, seat: int, settlement: str, coord: tuple[int, int]) -> State:
    return apply(state, [SettlementBuilt(seat=seat, settlement=settlement, coord=coord)])


def plot(state: State, seat: int, side: str, row: int) -> State:
    spaces = landscape.plot_spaces(R, side, row)
    return apply(state, [LandscapeAdded(seat=seat, kind="plot", side=side, row=row,
                                        spaces=spaces)])


# --- goods points -------------------------------------------------------------------------------


@pytest.mark.parametrize(("coins", "wine", "whiskey", "points"), [
    (4, 1, 0, 2),    # R-SCORE-2 example: 1 wine + 4 coins = 2 points
    (0, 0, 1, 1),    # R-SCORE-2 example: 1 whiskey alone = 1 point
    (3, 0, 1, 2),    # R-SCORE-2 example: 1 whiskey + 3 coins = 2 points
    (4, 0, 0, 0),    # 1-coin tiles score nothing
    (5, 0, 0, 2),    # one 5-coin tile
    (9, 1, 0, 4),    # the wine becomes the tenth coin
    (0, 3, 0, 3),    # wine kept: 1 each
    (5, 2, 0, 4),    # 2 + 1 + 1: converting a wine would gain nothing
    (3, 1, 1, 3),    # the whiskey makes 5 coins (2), the wine stays (1)
    (1, 2, 1, 3),    # keeping all three (3) beats 5 coins (2)
])
def test_R_SCORE_2_coins_wine_whiskey_best_conversion(coins: int, wine: int, whiskey: int,
                                                      points: int) -> None:
    assert coin_points(coins, wine, whiskey) == points


def test_R_SCORE_2_point_goods() -> None:
    """2 per book, 3 per ceramic, 4 per ornament, 8 per reliquary, 30 per Wonder; other goods
    nothing."""
    state = set_goods(fresh(4), 0, book=1, ceramic=1, ornament=1, reliquary=1, wonder=1,
                      wood=3, meat=2, bread=4, clay=5, stone=2, coin=2)
    assert score_player(state.players[0], R).goods == 2 + 3 + 4 + 8 + 30


# --- economic and settlement points -------------------------------------------------------------


def test_R_SCORE_3_economic_values_of_buildings_and_settlements() -> None:
    """Heartland buildings 0 each; Stone Merchant 6 (G12); Farming Village 1 (S02); Market Town
    2 (S03); Shanty Town 0 (S01)."""
    state = fresh(4)
    assert score_player(state.players[0], R).economic == 0
    state = place(state, 0, "G12", (3, 1))
    state = settle(state, 0, "S02", (3, 0))
    assert score_player(state.players[0], R).economic == 6 + 1
    state = apply(state, [CardRemoved(seat=0, coord=(2, 0)), CardRemoved(seat=0, coord=(1, 0))])
    state = settle(settle(state, 0, "S03", (2, 0)), 0, "S01", (1, 0))
    assert score_player(state.players[0], R).economic == 6 + 1 + 2 + 0


def test_R_SCORE_4_settlement_counts_itself_and_its_neighbours() -> None:
    """Farming Village (dwelling 1) at (3, 0): the Clay Mound (dwelling 3) beside it, the forest
    at (2, 0) adds 0, the empty (3, 1) adds 0; then the Stone Merchant (dwelling 1) at (3, 1)."""
    state = settle(fresh(4), 0, "S02", (3, 0))
    assert score_player(state.players[0], R).settlements == (1 + 3,)
    state = place(state, 0, "G12", (3, 1))
    assert score_player(state.players[0], R).settlements == (1 + 3 + 1,)


def test_R_SCORE_5_neighbouring_settlements_count_each_other() -> None:
    """Shanty Town (dwelling -3) at (2, 0) after the forest is felled, beside the Farming
    Village (1) at (3, 0); (1, 0) forest 0; the Farmyard (2) below the Shanty Town."""
    state = apply(fresh(4), [CardRemoved(seat=0, coord=(2, 0))])
    state = settle(settle(state, 0, "S02", (3, 0)), 0, "S01", (2, 0))
    result = score_player(state.players[0], R)
    by_coord = dict(zip(sorted(c for c, s in state.players[0].landscape.items()
                               if s.card in ("S01", "S02")), result.settlements, strict=True))
    assert by_coord == {(2, 0): -3 + 1 + 2 + 0, (3, 0): 1 + 3 + (-3)}


def test_R_SCORE_4_empty_water_adds_three() -> None:
    """Fishing Village (dwelling 6) on the coast at (-1, 0): water (-2, 0) +3, the moor at (0, 0)
    +0, the empty coast (-1, 1) +0."""
    state = settle(plot(fresh(4), 0, "COAST", 0), 0, "S04", (-1, 0))
    assert score_player(state.players[0], R).settlements == (6 + 3,)


def test_R_SCORE_6_houseboat_on_the_water_counts_its_dwelling_value() -> None:
    """Houseboat (cards.md I11: dwelling 6) on the water instead of the 3 of empty water."""
    state = settle(plot(fresh(4, "ireland"), 0, "COAST", 0), 0, "S04", (-1, 0))
    state = place(state, 0, "I11", (-2, 0))
    assert score_player(state.players[0], R).settlements == (6 + 6,)


@pytest.mark.parametrize(("coord", "expected"), [
    ((5, 0), -3 + (-4) + 3),   # hillside (5, 0): the Quarry on the mountain, the Clay Mound
    ((5, 1), -3 + (-4) + 2),   # hillside (5, 1): the Quarry too, the Cloister Office
])
def test_R_SCORE_6_settlement_on_a_mountain_plot_counts_the_mountain(
        coord: tuple[int, int], expected: int) -> None:
    """Shanty Town (dwelling -3) on a hillside of a mountain plot whose mountain holds the
    Quarry (cards.md G22: dwelling -4); the mountain spans both rows (R-GEO-5, R-GEO-8)."""
    state = place(plot(fresh(4), 0, "MOUNTAIN", 0), 0, "G22", (6, 0))
    state = settle(state, 0, "S01", coord)
    assert score_player(state.players[0], R).settlements == (expected,)


def test_R_SCORE_1_total_is_goods_plus_economic_plus_settlements() -> None:
    state = set_goods(fresh(4), 0, book=2, coin=5)
    state = place(state, 0, "G12", (3, 1))
    state = settle(state, 0, "S02", (3, 0))
    result = score_player(state.players[0], R)
    assert (result.goods, result.economic, result.settlements) == (2 * 2 + 2, 6 + 1, (1 + 3 + 1,))
    assert result.total == 6 + 7 + 5


# --- winners and the scored end of a game -------------------------------------------------------


def _score(seat: int, total: int) -> Score:
    return Score(seat=seat, goods=total, economic=0, settlements=(), total=total)


def test_R_SCORE_7_highest_total_wins_ties_share() -> None:
    assert winners((_score(0, 5), _score(1, 9), _score(2, 3))) == (1,)
    assert winners((_score(0, 9), _score(1, 9), _score(2, 3), _score(3, 9))) == (0, 1, 3)


@pytest.mark.parametrize("players", [4, 3])
def test_R_SCORE_1_R_SCORE_7_game_end_scores_a_settlement_built_in_phase_A(players: int
                                                                           ) -> None:
    """Seat 0 builds a Farming Village at (3, 0) in phase A; everybody else builds nothing.
    Seat 0: economic 1, settlement 1 + 3 (Clay Mound); the forest at (2, 0) is felled by then.
    The others score nothing: heartland buildings are worth 0, their goods no points."""
    state = drive(fresh(players), lambda s: s.round == SCHEDULE[players]["A"]
                  and s.flow.turn.kind == "settlement" and s.flow.turn.seat == 0)
    assert state.players[0].landscape[(2, 0)].card is None
    state = run(set_goods(state, 0, grain=3, wood=3), "SETTLE S02 3 0 GnGnGnWoWoWo")
    log: list[tuple[State, str, list[GameEvent]]] = []
    end = drive(state, lambda s: s.finished, log=log)
    ended = events_of_type(log[-1][2], GameEnded)[0]
    by_seat = {s.seat: s for s in ended.scores}
    assert by_seat[0].economic == 1 and by_seat[0].settlements == (1 + 3,)
    assert ended.scores == score(end, R)
    assert by_seat[0].total == by_seat[0].goods + 1 + 4
    assert all(by_seat[s].total == by_seat[s].goods for s in range(1, players))
    # The simple policy only gathers wood, peat and clay (0 points) besides the start goods.
    assert all(by_seat[s].total == 0 for s in range(players) if s != 0)
    assert ended.winners == (0,)


@pytest.mark.parametrize("record", ["Game27378.txt", "Game44462.txt"])
def test_R_SCORE_3_to_6_the_points_are_the_sums_of_the_listed_items(record: str) -> None:
    """``economic_points`` and ``settlement_points`` count without listing (the bots count
    them for thousands of positions a second): at every tenth position of two people's games
    (the solo game of 519 points, all eight settlements built; a game of three) they equal the
    items that ``ora explain`` lists, in the same order."""
    rules_ = rules()
    game = read_test_record(f"records/weblabora/{record}", "weblabora",
                            rules_.readings.sources["weblabora"])
    state, settled = None, 0
    for index, event in enumerate(game.events):
        state = evolve(state, event)
        if index % 10 and index != len(game.events) - 1:
            continue
        for player in state.players:
            items = settlement_items(player, rules_)
            assert settlement_points(player, rules_) == tuple(item.total for item in items)
            assert economic_points(player, rules_) == sum(
                value for _, _, value in economic_items(player, rules_))
            settled = max(settled, len(items))
    assert settled >= 5
