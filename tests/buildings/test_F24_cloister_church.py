"""F24 Cloister Church (cards.md §3 F24): 1. up to 2 times: pay 1 bread and 1 wine, gain 1
reliquary. A cloister building."""

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


def test_step_1_twice() -> None:
    state = owned("F24", bread=3, wine=2)
    assert goods(use(state, "F24", "2"), USER) == {"bread": 1, "reliquary": 2}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F24", "3"))


def test_step_1_once() -> None:
    state = owned("F24", bread=2, wine=2)
    assert goods(use(state, "F24", "1"), USER) == {"bread": 1, "wine": 1, "reliquary": 1}


def test_lacking_wine_is_refused() -> None:
    state = owned("F24", bread=2, wine=1, grapes=1)
    assert refusal(state, command("F24", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F24", bread=1, wine=1), "F24")


def test_work_contract() -> None:
    state = by_contract("F24", bread=1, wine=1)
    assert goods(use(state, "F24", "1"), USER) == {"reliquary": 1}


def test_prior_build_and_use() -> None:
    state = built_now("F24", bread=2, wine=2)
    assert goods(use(state, "F24", "2", prior=True), USER) == {"reliquary": 2}


def test_options() -> None:
    state = owned("F24", bread=2, wine=3)
    assert params_offered(state, "F24") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "F24", "USE F24 2", "PRIOR F24 1")
