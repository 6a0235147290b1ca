"""I38 Festival Ground (cards.md §3 I38): 1. pay 1 beer; 2. count the forest and moor cards on
your landscape (N) and gain any mix of books (2 points), ceramics (3), ornaments (4) and
reliquaries (8) worth at most N points; the cards stay. Only full mixes are moves (no further
reward good fits the limit): a smaller one is always worse."""

from __future__ import annotations

from itertools import product

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, LandscapeAdded
from ora_core.state import State
from ora_rules import landscape
from ora_rules.effects import parse_effect
from ora_rules.tokens import format_goods, parse_goods
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
from tests.support import apply, events_of, goods, rules

POINTS = {"Bo": 2, "Ce": 3, "Or": 4, "Rq": 8}


def cards(state: State) -> int:
    player = state.players[USER]
    return len(landscape.forests(player)) + len(landscape.moors(player))


def full_mixes(limit: int) -> set[tuple[str, ...]]:
    """Every mix worth at most ``limit`` to which no book (the cheapest good) can be added."""
    found: set[tuple[str, ...]] = set()
    for counts in product(*(range(limit // p + 1) for p in POINTS.values())):
        total = sum(n * p for n, p in zip(counts, POINTS.values(), strict=True))
        if total <= limit and limit - total < 2:
            mix = parse_goods("".join(c * n for c, n in zip(POINTS, counts, strict=True)))
            found.add((format_goods(mix),) if mix else ())
    return found


def test_steps_1_2_beer_for_goods_worth_the_forests_and_moors() -> None:
    state = owned("I38", beer=2)
    assert cards(state) == 5  # 3 forests and 2 moors in the long game's heartland
    after = use(state, "I38", "CeBo")
    assert goods(after, USER) == {"beer": 1, "ceramic": 1, "book": 1}
    assert cards(after) == 5  # the cards stay


def test_step_2_any_order_and_other_full_mixes() -> None:
    state = owned("I38", beer=1)
    assert goods(use(state, "I38", "BoCe"), USER) == {"ceramic": 1, "book": 1}
    assert goods(use(state, "I38", "Or"), USER) == {"ornament": 1}
    assert goods(use(state, "I38", "BoBo"), USER) == {"book": 2}


def test_step_2_more_than_the_limit_is_refused() -> None:
    state = owned("I38", beer=1)
    assert refusal(state, command("I38", "OrBo")).reason == "reward_too_large"
    assert refusal(state, command("I38", "Rq")).reason == "reward_too_large"


def test_step_2_a_mix_that_is_not_full_is_refused() -> None:
    state = owned("I38", beer=1)
    assert refusal(state, command("I38", "Bo")).reason == "reward_not_full"
    assert refusal(state, command("I38", "Ce")).reason == "reward_not_full"
    assert refusal(state, command("I38")).reason == "reward_not_full"


def test_step_2_only_point_goods() -> None:
    state = owned("I38", beer=1)
    for token in ("PnPnPnPnPn", "Ni", "Wn", "BoWd"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("I38", token))


def test_step_2_the_count_follows_the_landscape() -> None:
    """A hillside district adds a moor and two forests (8); removing cards lowers the count."""
    state = owned("I38", beer=1)
    spaces = landscape.district_spaces(rules(), "HILLS", 2)
    more = apply(state, [LandscapeAdded(seat=USER, kind="district", side="HILLS", row=2,
                                        spaces=spaces)])
    assert cards(more) == 8
    assert params_offered(more, "I38") == {("-",)} | full_mixes(8)
    assert goods(use(more, "I38", "Rq"), USER) == {"reliquary": 1}
    fewer = apply(state, [CardRemoved(seat=USER, coord=c) for c in ((0, 0), (1, 0), (2, 0))])
    assert cards(fewer) == 2
    assert params_offered(fewer, "I38") == {("-",), ("Bo",)}


def test_step_2_with_no_cards_nothing_but_the_beer_is_paid() -> None:
    state = owned("I38", beer=1)
    bare = apply(state, [CardRemoved(seat=USER, coord=c)
                         for c in landscape.forests(state.players[USER])
                         + landscape.moors(state.players[USER])])
    assert params_offered(bare, "I38") == {("-",), ()}
    assert goods(use(bare, "I38"), USER) == {}


def test_short_game_heartland_has_three_cards() -> None:
    state = owned("I38", beer=1, length="short")
    assert cards(state) == 3
    assert params_offered(state, "I38") == {("-",), ("Ce",), ("Bo",)}


def test_lacking_beer_is_refused() -> None:
    state = owned("I38", malt=2)
    assert refusal(state, command("I38", "CeBo")).reason == "cannot_afford"
    assert params_offered(state, "I38") == {("-",)}


def test_declining() -> None:
    declined(owned("I38", beer=1), "I38")


def test_work_contract_counts_the_users_landscape() -> None:
    state = by_contract("I38", beer=1)
    state = apply(state, [CardRemoved(seat=USER, coord=(0, 0))])
    assert cards(state) == 4 and len(landscape.forests(state.players[1])) == 3
    assert refusal(state, command("I38", "CeBo")).reason == "reward_too_large"
    assert goods(use(state, "I38", "Or"), USER) == {"ornament": 1}


def test_prior_build_and_use() -> None:
    state = built_now("I38", beer=1)
    assert goods(use(state, "I38", "Or", prior=True), USER) == {"ornament": 1}


def test_options_are_the_full_mixes() -> None:
    state = owned("I38", beer=1)
    assert params_offered(state, "I38") == {("-",), ("CeBo",), ("BoBo",), ("Or",)}
    assert full_mixes(5) == {("CeBo",), ("BoBo",), ("Or",)}
    assert_offered(state, "I38", "USE I38 CeBo", "PRIOR I38 Or")


def _problems(table: dict[str, object]) -> list[str]:
    found: list[str] = []
    assert parse_effect(table, "X.toml", "effect",
                        lambda path, field, what: found.append(f"{path}: {field}: {what}")) is None
    return found


def test_bad_reward_tables_are_reported() -> None:
    assert _problems({"reward": {"goods": ["book"], "count": "forests", "per": 0}}) == [
        "X.toml: effect.reward.count: expected a good or one of forests_and_moors, "
        "cloister_buildings, got 'forests'",
        "X.toml: effect.reward.per: expected a number > 0, got 0"]
    assert _problems({"reward": {"goods": ["book"], "count": "livestock", "limit": 3}}) == [
        "X.toml: effect.reward: unknown key(s) limit"]
