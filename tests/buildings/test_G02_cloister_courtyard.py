"""G02 Cloister Courtyard (cards.md §3 G02): 1. pay 3 goods of 3 different kinds, one tile each;
2. gain 6 of one basic good of your choice. At most once per use. Open question 21: a wonder
does not count as one of the goods."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ora_core.errors import InvalidCommand, SpecError
from ora_core.values import Good
from ora_rules.effects.core import UseContext
from ora_rules.effects.goods_nodes import PayDifferent
from ora_rules.specs import load_rules
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


def test_steps_1_2_three_kinds_for_six_of_a_basic_good() -> None:
    state = owned("G02", wood=1, peat=1, clay=1, book=1)
    after = use(state, "G02", "WoPtCl", "Gn")
    assert goods(after, USER) == {"book": 1, "grain": 6}


@pytest.mark.parametrize("code, good", list(zip(BASIC, ["wood", "clay", "peat", "livestock",
                                                         "grain", "coin"], strict=True)))
def test_step_2_every_basic_good_can_be_chosen(code: str, good: str) -> None:
    state = owned("G02", wood=1, peat=1, clay=1)
    assert goods(use(state, "G02", "WoPtCl", code), USER) == {good: 6}


def test_step_2_stone_and_grapes_are_not_basic() -> None:
    state = owned("G02", wood=1, peat=1, clay=1)
    for code in ("Sn", "Gp", "Bo"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("G02", "WoPtCl", code))


def test_step_1_tiles_may_be_named_in_any_order() -> None:
    state = owned("G02", wood=1, peat=1, clay=1)
    assert goods(use(state, "G02", "ClWoPt", "Sh"), USER) == {"livestock": 6}


def test_step_1_one_and_five_coin_tiles_are_two_kinds() -> None:
    """cards.md §0 "different goods": Pn and Ni are different kinds; Ni costs 5 pool coins."""
    state = owned("G02", coin=6, wood=1)
    assert goods(use(state, "G02", "WoPnNi", "Cl"), USER) == {"clay": 6}
    short = owned("G02", coin=5, wood=1)
    assert refusal(short, command("G02", "WoPnNi", "Cl")).reason == "cannot_afford"


def test_step_1_straw_may_be_flipped_from_grain() -> None:
    """R-FREE-3: two grain pay "1 grain and 1 straw"."""
    state = owned("G02", grain=2, wood=1)
    assert goods(use(state, "G02", "WoGnSw", "Pt"), USER) == {"peat": 6}


def test_step_1_the_same_kind_twice_is_refused() -> None:
    state = owned("G02", wood=2, clay=1)
    assert refusal(state, command("G02", "WoWoCl", "Gn")).reason == "goods_not_different"


def test_step_1_exactly_three_goods() -> None:
    state = owned("G02", wood=1, peat=1, clay=1, grain=1)
    for tiles in ("WoPt", "WoPtClGn"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("G02", tiles, "Gn"))


def test_q21_a_wonder_is_not_one_of_the_goods() -> None:
    state = owned("G02", wonder=1, wood=1, clay=1)
    assert refusal(state, command("G02", "WdWoCl", "Gn")).reason == "not_a_good"
    assert params_offered(state, "G02") == {("-",)}
    with_third = owned("G02", wonder=1, wood=1, clay=1, peat=1)
    assert all("Wd" not in p[0] for p in params_offered(with_third, "G02") if p != ("-",))


def test_lacking_a_third_kind_is_refused_and_only_declining_is_offered() -> None:
    state = owned("G02", wood=3, clay=2)
    assert refusal(state, command("G02", "WoClPt", "Gn")).reason == "cannot_afford"
    assert params_offered(state, "G02") == {("-",)}


def test_at_most_once_per_use() -> None:
    state = owned("G02", wood=1, peat=1, clay=1, grain=1, livestock=1, book=1)
    with pytest.raises(InvalidCommand):
        events_of(state, command("G02", "WoPtCl", "Gn", "GnShBo", "Wo"))


def test_declining() -> None:
    declined(owned("G02", wood=1, peat=1, clay=1), "G02")


def test_work_contract_user_pays_and_gains() -> None:
    state = by_contract("G02", wood=1, peat=1, clay=1)
    after = use(state, "G02", "WoPtCl", "Pn")
    assert goods(after, USER) == {"coin": 6}


def test_prior_build_and_use() -> None:
    state = built_now("G02", wood=1, peat=1, clay=1)
    after = use(state, "G02", "WoPtCl", "Cl", prior=True)
    assert goods(after, USER) == {"clay": 6}
    assert after.players[USER].clergy[0] == "G02"


def test_options_are_the_sets_of_kinds_times_the_basic_goods() -> None:
    state = owned("G02", wood=1, peat=1, clay=1, coin=5)
    kinds = ["WoPtCl", "WoPtPn", "WoPtNi", "WoClPn", "WoClNi", "WoPnNi", "PtClPn", "PtClNi",
             "PtPnNi", "ClPnNi"]
    expected = {("-",)} | {(k, g) for k in kinds for g in BASIC}
    offered = params_offered(state, "G02")
    assert ("WoPnNi", "Gn") not in offered  # 6 coins needed, 5 held
    assert offered == expected - {(k, g) for k in ("WoPnNi", "PtPnNi", "ClPnNi") for g in BASIC}
    assert_offered(state, "G02", "USE G02 WoPtCl Gn", "PRIOR G02 WoClNi Sh", "USE G02 -")


def test_pay_different_enumerates_lazily() -> None:
    """The options are generated one by one (F25 pays 13 kinds: sets grow large)."""
    state = owned("G02", wood=1, peat=1, clay=1, grain=1, livestock=1, coin=5, book=1, stone=1)
    options = PayDifferent(3).options(UseContext(state, rules(), USER, "G02"))
    first = next(options)
    assert first[0] == ["WoPtGn"] and first[1].paid == {Good.WOOD: 1, Good.PEAT: 1,
                                                        Good.GRAIN: 1}


def test_a_bad_effect_table_is_reported_with_file_and_field(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(rules().directory, specs)
    path = specs / "buildings" / "G02-cloister-courtyard.toml"
    path.write_text(path.read_text().replace("{ pay_different = 3 }", "{ pay_different = 0 }"))
    with pytest.raises(SpecError) as info:
        load_rules(specs)
    assert info.value.problems == [
        f"{path}: effect.seq[0].pay_different: expected an int >= 1, got 0"]
