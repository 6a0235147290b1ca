"""G41 House of the Brotherhood (cards.md §3 G41): 1. pay 5 coins; 2. count your cloister
buildings, the Cloister Office and this one included (K); 3. gain any mix of books (2 points),
ceramics (3), ornaments (4) and reliquaries (8) worth at most 2K points, 1.5K rounded down in the
long 2-player game, K in solo (open question 15). Only full mixes are moves."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.state import State
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
from tests.support import events_of, goods, place, rules


def cloisters(state: State) -> int:
    return sum(1 for b, p in state.built.items()
               if p.seat == USER and rules().building(b).cloister)


def more_cloisters(state: State, *buildings: str) -> State:
    for building, coord in zip(buildings, ((3, 0), (1, 1), (0, 1)), strict=False):
        state = place(state, USER, building, coord)
    return state


def test_steps_1_3_five_coins_for_two_points_per_cloister_building() -> None:
    state = owned("G41", coin=6)
    assert cloisters(state) == 2  # the Cloister Office and the House itself
    assert goods(use(state, "G41", "Or"), USER) == {"coin": 1, "ornament": 1}


def test_step_3_mixes_up_to_the_limit() -> None:
    state = more_cloisters(owned("G41", coin=5), "G02", "F37")
    assert cloisters(state) == 4
    assert goods(use(state, "G41", "Rq"), USER) == {"reliquary": 1}
    assert goods(use(state, "G41", "OrBoBo"), USER) == {"ornament": 1, "book": 2}
    assert refusal(state, command("G41", "RqBo")).reason == "reward_too_large"
    assert refusal(state, command("G41", "Or")).reason == "reward_not_full"


def test_q15_long_two_player_game_one_and_a_half_rounded_down() -> None:
    state = more_cloisters(owned("G41", coin=5, players=2), "G02")
    assert state.config.mode == "2L" and cloisters(state) == 3  # 4.5 -> 4
    assert params_offered(state, "G41") == {("-",), ("Ce",), ("Or",), ("BoBo",)}
    assert refusal(state, command("G41", "CeBo")).reason == "reward_too_large"


def test_q15_solo_one_point_per_cloister_building() -> None:
    state = more_cloisters(owned("G41", coin=5, players=1), "G02")
    assert state.config.mode == "1" and cloisters(state) == 3
    assert params_offered(state, "G41") == {("-",), ("Ce",), ("Bo",)}
    assert goods(use(state, "G41", "Ce"), USER) == {"ceramic": 1}
    assert refusal(state, command("G41", "Or")).reason == "reward_too_large"


def test_q15_normal_games_two_points() -> None:
    state = more_cloisters(owned("G41", coin=5), "G02")
    assert state.config.mode == "4" and cloisters(state) == 3
    assert params_offered(state, "G41") == {("-",), ("BoBoBo",), ("BoOr",), ("CeBo",),
                                            ("CeCe",)}


def test_coins_are_a_pool() -> None:
    """The 5 coins may be held as loose coins or a 5-coin tile: only the total matters."""
    state = owned("G41", coin=5)
    assert goods(use(state, "G41", "BoBo"), USER) == {"book": 2}


def test_step_3_only_point_goods() -> None:
    state = owned("G41", coin=5)
    for token in ("Ni", "WnWnWnWn", "BoSn"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("G41", token))


def test_lacking_coins_is_refused() -> None:
    state = owned("G41", coin=4, wine=1)
    assert refusal(state, command("G41", "Or")).reason == "cannot_afford"
    assert params_offered(state, "G41") == {("-",)}


def test_declining() -> None:
    declined(owned("G41", coin=5), "G41")


def test_work_contract_counts_the_users_cloister_buildings() -> None:
    state = by_contract("G41", coin=5)
    assert cloisters(state) == 1  # only the user's Cloister Office
    assert params_offered(state, "G41") == {("-",), ("Bo",)}
    assert goods(use(state, "G41", "Bo"), USER) == {"book": 1}


def test_prior_build_and_use() -> None:
    state = built_now("G41", coin=5)
    assert goods(use(state, "G41", "Ce", prior=True), USER) == {"ceramic": 1}


def test_options() -> None:
    state = owned("G41", coin=5)
    assert params_offered(state, "G41") == {("-",), ("Ce",), ("BoBo",), ("Or",)}
    assert_offered(state, "G41", "USE G41 Or", "PRIOR G41 BoBo")
