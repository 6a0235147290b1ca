"""F03 Grain Storage (cards.md §3 F03): 1. pay 1 coin, gain 6 grain; at most once, no wheel."""

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


def test_step_1_one_coin_for_six_grain() -> None:
    state = owned("F03", coin=2)
    assert goods(use(state, "F03"), USER) == {"coin": 1, "grain": 6}


def test_step_1_the_wheel_is_untouched() -> None:
    state = owned("F03", coin=1)
    assert use(state, "F03").wheel == state.wheel


def test_at_most_once_no_count_is_taken() -> None:
    state = owned("F03", coin=2)
    with pytest.raises(InvalidCommand):
        events_of(state, command("F03", "2"))


def test_lacking_the_coin_is_refused() -> None:
    state = owned("F03", grain=1)
    assert refusal(state, command("F03")).reason == "cannot_afford"
    assert params_offered(state, "F03") == {("-",)}


def test_declining() -> None:
    declined(owned("F03", coin=1), "F03")


def test_work_contract() -> None:
    state = by_contract("F03", coin=1)
    assert goods(use(state, "F03"), USER) == {"grain": 6}


def test_prior_build_and_use() -> None:
    state = built_now("F03", coin=1)
    assert goods(use(state, "F03", prior=True), USER) == {"grain": 6}


def test_options() -> None:
    state = owned("F03", coin=1)
    assert params_offered(state, "F03") == {("-",), ()}
    assert_offered(state, "F03", "USE F03", "PRIOR F03", "USE F03 -")
