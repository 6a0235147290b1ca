"""G13 Builders' Market (cards.md §3 G13): 1. pay 2 coins, gain 2 wood, 2 clay, 1 stone and 1
straw; at most once. Solo: it starts on the neutral heartland and is used by work contract, the
fee going to the supply (R-SOLO-3, R-SOLO-8)."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    command,
    declined,
    owned,
    params_offered,
    refusal,
    use,
)
from tests.support import events_of, goods, new_state, play, set_goods

GAIN = {"wood": 2, "clay": 2, "stone": 1, "straw": 1}


def test_step_1_two_coins_for_building_materials() -> None:
    state = owned("G13", coin=3)
    assert goods(use(state, "G13"), USER) == {**GAIN, "coin": 1}


def test_at_most_once() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("G13", coin=4), command("G13", "2"))


def test_lacking_coins_is_refused() -> None:
    state = owned("G13", coin=1, wine=1)
    assert refusal(state, command("G13")).reason == "cannot_afford"
    assert params_offered(state, "G13") == {("-",)}


def test_declining() -> None:
    declined(owned("G13", coin=2), "G13")


def test_work_contract() -> None:
    assert goods(use(by_contract("G13", coin=2), "G13"), USER) == GAIN


def test_solo_neutral_builders_market_fee_goes_to_the_supply() -> None:
    state = new_state(1, "france", "long")
    assert state.built["G13"].seat == 1 and state.players[1].neutral
    state = set_goods(state, USER, coin=3)
    neutral = dict(state.players[1].goods)
    state = play(state, "WORK_CONTRACT G13 Pn", "WITH_LAYBROTHER", "USE G13")
    assert goods(state, USER) == GAIN
    assert dict(state.players[1].goods) == neutral


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("G13", coin=2), "G13", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("G13", coin=2)
    assert params_offered(state, "G13") == {("-",), ()}
    assert_offered(state, "G13", "USE G13", "PRIOR G13")
