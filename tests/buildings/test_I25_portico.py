"""I25 Portico (cards.md §3 I25): 1. pay 1 reliquary, gain 2 each of wood, clay, peat, livestock,
grain, coins and stone (14 goods); at most once."""

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
from tests.support import events_of, goods

GAIN = {g: 2 for g in ("wood", "clay", "peat", "livestock", "grain", "coin", "stone")}


def test_step_1_a_reliquary_for_fourteen_goods() -> None:
    state = owned("I25", reliquary=2)
    assert goods(use(state, "I25"), USER) == {**GAIN, "reliquary": 1}


def test_at_most_once() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("I25", reliquary=2), command("I25", "2"))


def test_lacking_the_reliquary_is_refused() -> None:
    state = owned("I25", ornament=2)
    assert refusal(state, command("I25")).reason == "cannot_afford"
    assert params_offered(state, "I25") == {("-",)}


def test_declining() -> None:
    declined(owned("I25", reliquary=1), "I25")


def test_work_contract() -> None:
    assert goods(use(by_contract("I25", reliquary=1), "I25"), USER) == GAIN


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("I25", reliquary=1), "I25", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("I25", reliquary=1)
    assert params_offered(state, "I25") == {("-",), ()}
    assert_offered(state, "I25", "USE I25", "PRIOR I25")
