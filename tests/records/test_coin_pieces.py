"""The option ``coin_tiles = kept_apart`` of the weblabora profile (ora_rules/coin_pieces.py):
1-coin and 5-coin pieces held apart as weblabora's engine holds them, where the rulebook lets
them exchange freely (R-FREE-1 c) and scores every 5 coins (R-SCORE-2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ora_core.errors import IllegalCommand
from ora_core.events import (
    BuildingUsed,
    CoinPiecesCounted,
    GameEvent,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
)
from ora_core.evolve import fold
from ora_core.state import Readings, State
from ora_core.values import Good
from ora_rules.coin_pieces import counted
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.records.audit import audit
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.views.explain import explain
from tests.support import read_test_record, rules

R = rules()
DATA = Path(__file__).resolve().parent.parent / "data" / "records"
EXPECTED = json.loads((DATA / "expected-scores.json").read_text(encoding="utf-8"))


def _game(readings: Readings, *events: GameEvent) -> State:
    config = make_config(2, "france", "long", 3, ("R", "G"), readings)
    return fold([*start(config, R), *events])


APART = Readings(coin_tiles="kept_apart")


def _fives(readings: Readings, *events: GameEvent) -> dict[int, int]:
    return {e.seat: e.fives for e in counted(_game(readings), list(events), R)}


def test_r_free_1_c_a_gain_of_seven_coins_is_one_five_coin_piece_and_two_ones() -> None:
    assert _fives(APART, BuildingUsed(seat=0, building="F08"),
                  GoodsGained(seat=0, goods={Good.COIN: 7})) == {0: 1}


def test_the_cloister_office_s_wheel_coins_are_one_coin_pieces_however_many() -> None:
    """weblabora's Cloister Office gives the wheel's coins as 1-coin pieces (the option's
    ``ones``); nothing changes the 5-coin pieces, so nothing is counted."""
    assert _fives(APART, BuildingUsed(seat=0, building="LR3"),
                  GoodsGained(seat=0, goods={Good.COIN: 8})) == {}


def test_a_payment_breaks_a_five_coin_piece_only_when_the_ones_run_out() -> None:
    state = _game(APART, GoodsGained(seat=0, goods={Good.COIN: 6}),
                  CoinPiecesCounted(seat=0, fives=1))  # 1 + 6 coins: one piece, two ones
    assert counted(state, [GoodsPaid(seat=0, goods={Good.COIN: 2})], R) == []
    assert counted(state, [GoodsPaid(seat=0, goods={Good.COIN: 3})], R) == [
        CoinPiecesCounted(seat=0, fives=0)]


def test_a_work_contract_s_price_reaches_the_owner_as_one_coin_pieces() -> None:
    state = _game(APART, GoodsGained(seat=0, goods={Good.COIN: 4}),
                  CoinPiecesCounted(seat=0, fives=1))
    paid = GoodsPaid(seat=0, goods={Good.COIN: 5}, to_seat=1)
    # seat 0 pays from its 0 ones and breaks its piece; seat 1 receives five 1-coin pieces
    assert counted(state, [paid], R) == [CoinPiecesCounted(seat=0, fives=0)]
    assert counted(state, [GoodsConverted(seat=1, given={Good.WINE: 1},
                                          received={Good.COIN: 1})], R) == []


def test_an_exchange_of_pieces_is_refused_where_coins_are_one_pool() -> None:
    """R-FREE-1 c: under the rulebook the exchange changes nothing, so it is no move."""
    state = _game(Readings(), GoodsGained(seat=0, goods={Good.COIN: 5}))
    with pytest.raises(IllegalCommand) as refused:
        decide(state, "CONVERT PnPnPnPnPn", R)
    assert (refused.value.reason, refused.value.rule) == ("coins_pooled", "R-FREE-1")


def test_an_exchange_makes_and_breaks_pieces_under_the_option() -> None:
    state = _game(APART, GoodsGained(seat=0, goods={Good.COIN: 5}))  # six 1-coin pieces
    made = decide(state, "CONVERT PnPnPnPnPn", R)
    assert CoinPiecesCounted(seat=0, fives=1) in made
    with pytest.raises(IllegalCommand) as refused:
        decide(state, "CONVERT Ni", R)  # no 5-coin piece to break
    assert (refused.value.reason, refused.value.rule) == ("cannot_afford", "R-FREE-1")
    broken = decide(fold(made, state), "CONVERT Ni", R)
    assert CoinPiecesCounted(seat=0, fives=0) in broken


def test_only_the_pieces_score_under_the_option() -> None:
    """R-SCORE-2: six coins held as six 1-coin pieces score nothing under the option, 2 points
    where coins are one pool."""
    events = (GoodsGained(seat=0, goods={Good.COIN: 5}),)
    assert score(_game(APART, *events), R)[0].goods == 0
    assert score(_game(Readings(), *events), R)[0].goods == 2


def test_game20430_red_ends_with_six_one_coin_pieces_and_the_audit_says_so() -> None:
    game = read_test_record("records/weblabora/Game20430.txt", "weblabora", "weblabora")
    state = fold(game.events)
    red = next(p for p in state.players if p.colour == "R")
    assert (red.count(Good.COIN), red.five_coin_pieces) == (6, 0)
    assert score(state, R)[red.seat].goods == EXPECTED["weblabora/Game20430.txt"]["scores"]["R"][0]
    at_scoring = [d for d in audit(game.events, R).departures if not d.command
                  and d.move_number == len(game.commands) + 1]
    coin = [d for d in at_scoring if d.option == "coin_tiles=kept_apart"]
    assert len(coin) == 1 and coin[0].rule == "R-SCORE-2"
    assert "R 96/150/107 where the game has 94/150/107" in coin[0].rulebook


def test_the_score_explained_adds_up_to_the_score_under_the_profile() -> None:
    """ora explain / game.explain read the profile's scoring as the score does (R-SCORE-2
    under coin_tiles=kept_apart and weblabora's goods_scoring): Red's six 1-coin pieces
    are explained as 0 points, and every line adds up to the total."""
    game = read_test_record("records/weblabora/Game20430.txt", "weblabora", "weblabora")
    state = fold(game.events)
    scores = score(state, R)
    for explained in explain(state, R):
        expected = scores[explained.seat]
        assert explained.score == expected
        assert sum(line.points for line in explained.goods) == expected.goods
    red = next(e for e in explain(state, R) if state.players[e.seat].colour == "R")
    coins = [line for line in red.goods if Good.COIN in line.goods]
    assert [(line.goods, line.points) for line in coins] == [({Good.COIN: 6}, 0)]


def test_legal_moves_offer_the_exchanges_under_the_option_only() -> None:
    """R-FREE-1 c: a piece to break or five 1-coin pieces to make one of; none where the coins
    are one pool (the rulebook's moves keep their count, tests/modes/test_trials.py)."""
    def exchanges(readings: Readings, *events: GameEvent) -> list[str]:
        return [str(m) for m in legal_moves(_game(readings, *events), R)
                if str(m) in ("CONVERT Ni", "CONVERT PnPnPnPnPn")]

    six = GoodsGained(seat=0, goods={Good.COIN: 5})
    assert exchanges(Readings(), six) == []
    assert exchanges(APART, six) == ["CONVERT PnPnPnPnPn"]
    assert exchanges(APART, six, CoinPiecesCounted(seat=0, fives=1)) == ["CONVERT Ni"]
