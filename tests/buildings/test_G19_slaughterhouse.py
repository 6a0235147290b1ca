"""G19 Slaughterhouse (cards.md §3 G19): 1. any number of times: pay 1 livestock and 1 straw,
gain 1 meat (grain may be flipped to straw, R-FREE-3)."""

from __future__ import annotations

from ora_core.events import GoodsConverted
from ora_core.values import Good
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
from tests.support import events_of, goods


def test_step_1_any_number() -> None:
    state = owned("G19", livestock=4, straw=4)
    assert goods(use(state, "G19", "4"), USER) == {"meat": 4}


def test_step_1_fewer_than_possible() -> None:
    state = owned("G19", livestock=3, straw=3)
    assert goods(use(state, "G19", "1"), USER) == {"livestock": 2, "straw": 2, "meat": 1}


def test_step_1_straw_flipped_from_grain() -> None:
    state = owned("G19", livestock=2, straw=1, grain=2)
    events = events_of(state, command("G19", "2"))
    assert GoodsConverted(seat=USER, given={Good.GRAIN: 1}, received={Good.STRAW: 1}) in events
    assert goods(use(state, "G19", "2"), USER) == {"meat": 2, "grain": 1}


def test_lacking_straw_is_refused() -> None:
    state = owned("G19", livestock=2, straw=1)
    assert refusal(state, command("G19", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("G19", livestock=1, straw=1), "G19")


def test_work_contract() -> None:
    state = by_contract("G19", livestock=1, grain=1)
    assert goods(use(state, "G19", "1"), USER) == {"meat": 1}


def test_prior_build_and_use() -> None:
    state = built_now("G19", livestock=1, straw=1)
    assert goods(use(state, "G19", "1", prior=True), USER) == {"meat": 1}


def test_options() -> None:
    state = owned("G19", livestock=3, straw=1, grain=1)
    assert params_offered(state, "G19") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "G19", "USE G19 2", "PRIOR G19 1")
