"""I15 Druid's House (cards.md §3 I15): 1. pay 1 book; 2. gain 5 of one basic good and 3 of a
different basic good (wood, clay, peat, livestock, grain, coins). Hillside only."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.values import Terrain
from ora_rules.effects import parse_effect
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
from tests.support import events_of, goods, rules

BASIC = ("Wo", "Cl", "Pt", "Sh", "Gn", "Pn")


def test_steps_1_2_a_book_for_five_and_three() -> None:
    state = owned("I15", book=2)
    assert goods(use(state, "I15", "Wo", "Cl"), USER) == {"book": 1, "wood": 5, "clay": 3}


def test_step_2_order_names_which_good_gets_five() -> None:
    state = owned("I15", book=1)
    assert goods(use(state, "I15", "Cl", "Wo"), USER) == {"clay": 5, "wood": 3}
    assert goods(use(state, "I15", "Pn", "Sh"), USER) == {"coin": 5, "livestock": 3}


def test_step_2_the_goods_must_differ() -> None:
    state = owned("I15", book=1)
    assert refusal(state, command("I15", "Gn", "Gn")).reason == "goods_not_different"


def test_step_2_only_basic_goods() -> None:
    state = owned("I15", book=1)
    for params in (("Sn", "Wo"), ("Wo", "Gp"), ("Wo",), ()):
        with pytest.raises(InvalidCommand):
            events_of(state, command("I15", *params))


def test_lacking_the_book_is_refused() -> None:
    state = owned("I15", ceramic=1)
    assert refusal(state, command("I15", "Wo", "Cl")).reason == "cannot_afford"
    assert params_offered(state, "I15") == {("-",)}


def test_declining() -> None:
    declined(owned("I15", book=1), "I15")


def test_work_contract() -> None:
    state = by_contract("I15", book=1)
    assert goods(use(state, "I15", "Sh", "Gn"), USER) == {"livestock": 5, "grain": 3}


def test_prior_build_and_use_on_a_hillside() -> None:
    assert rules().building("I15").terrain == {Terrain.HILLSIDE}
    state = built_now("I15", book=1)
    assert goods(use(state, "I15", "Pt", "Wo", prior=True), USER) == {"peat": 5, "wood": 3}


def test_options_every_ordered_pair_of_different_basic_goods() -> None:
    state = owned("I15", book=1)
    assert params_offered(state, "I15") == {("-",)} | {
        (a, b) for a in BASIC for b in BASIC if a != b}
    assert_offered(state, "I15", "USE I15 Wo Cl", "PRIOR I15 Pn Sh")


def _problems(table: dict[str, object]) -> list[str]:
    found: list[str] = []
    assert parse_effect(table, "X.toml", "effect",
                        lambda path, field, what: found.append(f"{path}: {field}: {what}")) is None
    return found


def test_bad_gain_choice_tables_are_reported() -> None:
    assert _problems({"gain_choice": {"goods": ["wood", "clay"], "amounts": [5, 3, 1]}}) == [
        "X.toml: effect.gain_choice.amounts: more amounts than goods to choose from"]
    assert _problems({"gain_choice": {"goods": ["wood", "wood"], "amounts": [5]}}) == [
        "X.toml: effect.gain_choice.goods: expected a list of at least 2 distinct goods, "
        "got ['wood', 'wood']"]
    assert _problems({"gain_choice": {"goods": ["wood", "clay"]}}) == [
        "X.toml: effect.gain_choice: missing key(s) amounts"]
