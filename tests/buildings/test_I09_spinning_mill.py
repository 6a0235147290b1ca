"""I09 Spinning Mill (cards.md §3 I09): 1. count the livestock you own (not paid): 1-4 gain 3
coins, 5-8 gain 5 coins, 9 or more gain 6 coins, none: nothing."""

from __future__ import annotations

import pytest

from ora_rules.effects import parse_effect
from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    owned,
    params_offered,
    use,
)
from tests.support import goods


@pytest.mark.parametrize("livestock, coins", [(0, 0), (1, 3), (4, 3), (5, 5), (8, 5), (9, 6),
                                              (15, 6)])
def test_step_1_coins_by_livestock_held(livestock: int, coins: int) -> None:
    state = owned("I09", livestock=livestock, meat=3)
    expected = {"livestock": livestock, "meat": 3, "coin": coins}
    assert goods(use(state, "I09"), USER) == {k: v for k, v in expected.items() if v}


def test_step_1_only_livestock_counts_not_meat() -> None:
    state = owned("I09", meat=9)
    assert goods(use(state, "I09"), USER) == {"meat": 9}


def test_declining() -> None:
    declined(owned("I09", livestock=5), "I09")


def test_work_contract_counts_the_users_livestock() -> None:
    state = by_contract("I09", livestock=5)
    assert goods(use(state, "I09"), USER) == {"livestock": 5, "coin": 5}


def test_prior_build_and_use() -> None:
    state = built_now("I09", livestock=9)
    assert goods(use(state, "I09", prior=True), USER) == {"livestock": 9, "coin": 6}


def test_options() -> None:
    state = owned("I09", livestock=2)
    assert params_offered(state, "I09") == {("-",), ()}
    assert_offered(state, "I09", "USE I09", "PRIOR I09")


def _problems(table: dict[str, object]) -> list[str]:
    found: list[str] = []
    assert parse_effect(table, "X.toml", "effect",
                        lambda path, field, what: found.append(f"{path}: {field}: {what}")) is None
    return found


def test_bad_tiers_tables_are_reported() -> None:
    assert _problems({"tiers": {"count": "sheep", "steps": [{"at": 1, "gain": {"coin": 3}}]}}) == [
        "X.toml: effect.tiers.count: expected a good or one of forests_and_moors, "
        "cloister_buildings, got 'sheep'"]
    steps = [{"at": 5, "gain": {"coin": 5}}, {"at": 1, "gain": {"coin": 3}}]
    assert _problems({"tiers": {"count": "livestock", "steps": steps}}) == [
        "X.toml: effect.tiers.steps[1].at: steps must rise"]
