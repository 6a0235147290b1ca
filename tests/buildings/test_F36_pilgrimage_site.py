"""F36 Pilgrimage Site (cards.md §3 F36): 1. up to 2 times: upgrade one good (book to ceramic,
ceramic to ornament, ornament to reliquary); 2. the second upgrade may take the result of the
first. Tokens name the goods handed in, in chain order."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
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
from tests.support import events_of, goods, set_goods


@pytest.mark.parametrize("code, before, after", [("Bo", "book", "ceramic"),
                                                 ("Ce", "ceramic", "ornament"),
                                                 ("Or", "ornament", "reliquary")])
def test_step_1_each_upgrade(code: str, before: str, after: str) -> None:
    state = set_goods(owned("F36"), USER, **{before: 1})
    assert goods(use(state, "F36", code), USER) == {after: 1}


def test_step_1_two_upgrades_of_different_goods() -> None:
    state = owned("F36", book=1, ornament=1)
    assert goods(use(state, "F36", "Bo", "Or"), USER) == {"ceramic": 1, "reliquary": 1}


def test_step_1_two_books() -> None:
    assert goods(use(owned("F36", book=2), "F36", "Bo", "Bo"), USER) == {"ceramic": 2}


def test_step_2_the_second_upgrade_takes_the_first_result() -> None:
    assert goods(use(owned("F36", book=1), "F36", "Bo", "Ce"), USER) == {"ornament": 1}


def test_at_most_two_and_reliquary_is_the_top() -> None:
    state = owned("F36", book=1, reliquary=1)
    for params in (("Bo", "Ce", "Or"), ("Rq",)):
        with pytest.raises(InvalidCommand):
            events_of(state, command("F36", *params))


def test_upgrades_are_named_in_chain_order() -> None:
    state = owned("F36", book=1, ceramic=1)
    with pytest.raises(InvalidCommand):
        events_of(state, command("F36", "Ce", "Bo"))
    assert goods(use(state, "F36", "Bo", "Ce"), USER) == {"ceramic": 1, "ornament": 1}


def test_one_upgrade_only() -> None:
    assert goods(use(owned("F36", book=2), "F36", "Bo"), USER) == {"book": 1, "ceramic": 1}


def test_lacking_the_good_is_refused() -> None:
    state = owned("F36", book=1)
    assert refusal(state, command("F36", "Ce")).reason == "cannot_afford"
    assert refusal(state, command("F36", "Bo", "Or")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F36", book=1), "F36")


def test_work_contract() -> None:
    state = by_contract("F36", ceramic=1)
    assert goods(use(state, "F36", "Ce", "Or"), USER) == {"reliquary": 1}


def test_prior_build_and_use() -> None:
    state = built_now("F36", ornament=1)
    assert goods(use(state, "F36", "Or", prior=True), USER) == {"reliquary": 1}


def test_options_in_chain_order() -> None:
    state = owned("F36", book=1, ceramic=1)
    assert params_offered(state, "F36") == {
        ("-",), (), ("Bo",), ("Ce",), ("Bo", "Ce"), ("Ce", "Or")}
    assert_offered(state, "F36", "USE F36 Bo Ce", "PRIOR F36 Ce Or")


def _problems(table: dict[str, object]) -> list[str]:
    found: list[str] = []
    assert parse_effect(table, "X.toml", "effect",
                        lambda path, field, what: found.append(f"{path}: {field}: {what}")) is None
    return found


def test_bad_upgrade_tables_are_reported() -> None:
    assert _problems({"upgrade": ["book"], "max": 2}) == [
        "X.toml: effect.upgrade: expected a list of at least 2 distinct goods, got ['book']"]
    assert _problems({"upgrade": ["book", "ceramic"], "max": 0}) == [
        "X.toml: effect.max: expected an int >= 1, got 0"]
