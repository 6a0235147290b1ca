"""Set-up per mode: R-SETUP-2 (the card sets, against the mode flags of cards.csv), R-SETUP-4
(wheel), R-SETUP-5/6 (heartlands), R-SETUP-7 (clergy), R-SETUP-8 (start goods), R-SETUP-10
(landscape prices), R-WHEEL-2 (wheel side), R-SHORT-1, R-2P-1, R-2L-1, R-SOLO-1..5, AMB-09,
AMB-16, AMB-33."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ora_core.events import GameStarted, GoodsGained, WheelRotated
from ora_core.values import FOREST, MOOR, Good, Indicator, Stage, Terrain
from tests.modes.common import (
    BACK,
    FRONT,
    ROUND_GOODS,
    START_GOODS,
    R,
    goods_of,
    new_game,
    of_type,
)
from tests.modes.games import CONFIG_IDS, CONFIGS, Config

ROOT = Path(__file__).resolve().parents[2]
#: The card facts of the rules reference, kept in the repository (tests/data/README.md).
CARDS_CSV = ROOT / "tests" / "data" / "cards.csv"
#: The cards.csv column of each mode's flag.
COLUMN = {"1": "solo", "2": "p2", "2L": "p2_long", "3": "p3", "4": "p4", "3s": "p3_short",
          "4s": "p4_short"}

BASE = {Indicator.WOOD, Indicator.PEAT, Indicator.GRAIN, Indicator.LIVESTOCK, Indicator.CLAY,
        Indicator.COIN, Indicator.JOKER}


def started(config: Config) -> GameStarted:
    event = new_game(config.players, config.variant, config.length)[1][0]
    assert isinstance(event, GameStarted)
    return event


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_R_SETUP_2_R_SETUP_3_display_and_stacks_are_the_cards_flagged_for_the_mode(
        config: Config) -> None:
    """Every building card whose flag for the mode is Y (``optional``: kept, AMB-09; solo
    ``neutral``: the Builders' Market, on the neutral heartland instead, R-SOLO-3) and whose
    variant matches: the start cards in the display, stages A-D in their stacks."""
    with CARDS_CSV.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["kind"] == "building"
                and r["variant"].lower() in ("both", config.variant)]
    flag = COLUMN[config.mode]
    assert {r[flag] for r in rows} <= {"Y", "N", "optional", "neutral"}
    used = [r for r in rows if r[flag] in ("Y", "optional")]
    event = started(config)
    assert sorted(event.display) == sorted(r["id"] for r in used if r["stage"] == "start")
    for stage in "ABCD":
        assert sorted(event.stacks[Stage(stage)]) == sorted(
            r["id"] for r in used if r["stage"] == stage), stage
    if config.mode == "1":
        assert [r["id"] for r in rows if r[flag] == "neutral"] == ["G13"]
        assert ("G13", 1, (0, 0)) in event.built


def test_R_SETUP_2_set_sizes_per_mode() -> None:
    """The rulebook's selection (R-SETUP-2): 3s uses the 2-player set, 4s the 3-player set; 2L
    all but the crossed-out-2 cards (France: Carpentry, Grapevine C, Quarry C); solo all but the
    crossed-out-1 cards (France: also Grapevine A) and without the Builders' Market."""
    def cards(players: int, variant: str, length: str) -> set[str]:
        event = new_game(players, variant, length)[1][0]
        assert isinstance(event, GameStarted)
        return set(event.display).union(*event.stacks.values())

    for variant in ("france", "ireland"):
        assert cards(3, variant, "short") == cards(2, variant, "short")
        assert cards(4, variant, "short") == cards(3, variant, "long")
        assert len(cards(4, variant, "long")) == 41  # mode 4: all 41 cards
    france_all = cards(4, "france", "long")
    assert france_all - cards(2, "france", "long") == {"F10", "F31", "F29"}
    assert france_all - cards(1, "france", "long") == {"F10", "F14", "F31", "F29", "G13"}
    assert cards(2, "ireland", "long") == cards(4, "ireland", "long")
    assert cards(4, "ireland", "long") - cards(1, "ireland", "long") == {"G13"}


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_R_SETUP_4_R_WHEEL_2_wheel_side_and_indicators(config: Config) -> None:
    """Back side only in mode 2 (R-2P-1), front elsewhere (R-SHORT-1, R-2L-1, R-SOLO-1); the
    seven indicators wood .. coin and the joker at 0 (AMB-16 for solo); grapes and stone out."""
    event = started(config)
    assert event.wheel_values == (BACK if config.mode == "2" else FRONT)
    assert set(event.indicators) == BASE
    assert event.wheel_removes_at_end == (config.mode == "1")  # R-WHEEL-5, R-SOLO-6
    state, events = new_game(config.players, config.variant, config.length)
    assert len(of_type(events, WheelRotated)) == 1  # round 1 rotates too (R-WHEEL-4)
    assert dict(state.wheel.positions) == dict.fromkeys(BASE, 1)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_R_SETUP_5_R_SETUP_6_R_SETUP_7_heartland_and_clergy(config: Config) -> None:
    state = new_game(config.players, config.variant, config.length)[0]
    short = config.mode in ("3s", "4s")
    players = [p for p in state.players if not p.neutral]
    assert len(players) == config.players
    for player in players:
        cards = {c: s.card for c, s in player.landscape.items()}
        c = player.colour
        expected = {(0, 0): MOOR, (1, 0): FOREST, (2, 0): FOREST, (3, 0): None,
                    (4, 0): f"L{c}1", (0, 1): MOOR, (1, 1): FOREST, (2, 1): f"L{c}2",
                    (3, 1): None, (4, 1): f"L{c}3"}
        if short:  # R-SETUP-6: the two top-left spaces stay empty plains
            expected[(0, 0)] = expected[(1, 0)] = None
        assert cards == expected
        assert player.landscape[(0, 0)].terrain is Terrain.PLAINS
        assert player.landscape[(4, 0)].terrain is Terrain.HILLSIDE
        # R-SETUP-7 / R-SHORT-1: 1 prior + 2 lay brothers, in the short game 1 + 1.
        assert player.clergy == (None,) * (2 if short else 3)
        assert player.settlements == ("S01", "S02", "S03", "S04")  # R-SETUP-9


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_R_SETUP_8_start_goods_and_AMB_33_round_goods(config: Config) -> None:
    """1 wood, peat, grain, livestock, clay and coin each, none in the solo game; the short
    game adds round 1's goods (grain + livestock) on top (AMB-33)."""
    event = started(config)
    expected = {} if config.mode == "1" else {Good(g): n for g, n in START_GOODS.items()}
    for player in event.players:
        assert dict(player.goods) == ({} if player.neutral else expected)
    state, events = new_game(config.players, config.variant, config.length)
    for seat in range(config.players):
        goods = dict(START_GOODS) if config.mode != "1" else {}
        if config.mode in ("3s", "4s"):
            for good, n in ROUND_GOODS[0].items():
                goods[good] = goods.get(good, 0) + n
        assert goods_of(state, seat) == goods
    if config.mode not in ("3s", "4s"):
        assert not of_type(events, GoodsGained)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_R_SETUP_10_R_SOLO_4_landscape_price_stacks(config: Config) -> None:
    event = started(config)
    districts = (2, 3, 4, 4, 5, 5, 6, 7, 8)
    plots = (3, 4, 4, 5, 5, 5, 6, 6, 7)
    if config.mode == "1":  # R-SOLO-4: both stacks turned over
        districts, plots = districts[::-1], plots[::-1]
    assert (event.district_prices, event.plot_prices) == (districts, plots)


@pytest.mark.parametrize("variant", ["france", "ireland"])
def test_R_SOLO_3_R_SOLO_5_the_neutral_player_and_the_solo_player(variant: str) -> None:
    state = new_game(1, variant)[0]
    assert len(state.players) == 2
    solo, neutral = state.players
    assert not solo.neutral and neutral.neutral
    assert solo.clergy == (None, None, None) and neutral.clergy == (None, None, None)
    assert dict(solo.goods) == {} and dict(neutral.goods) == {}
    assert neutral.settlements == ()
    c = neutral.colour
    assert c not in (solo.colour,)
    cards = {coord: s.card for coord, s in neutral.landscape.items()}
    assert cards == {(0, 0): "G13", (1, 0): None, (2, 0): None, (3, 0): None, (4, 0): f"L{c}1",
                     (0, 1): None, (1, 1): None, (2, 1): f"L{c}2", (3, 1): None,
                     (4, 1): f"L{c}3"}
    for coord in ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (3, 1)):
        assert neutral.landscape[coord].terrain is Terrain.PLAINS
    assert state.built["G13"].seat == neutral.seat
    assert "G13" not in state.display
    assert not any("G13" in stack for stack in state.stacks.values())
    # The neutral buildings exist for use (R-SOLO-8); the mode spec says so too.
    for building in ("G13", f"L{c}1", f"L{c}2", f"L{c}3"):
        assert state.built[building].seat == 1
    assert R.modes["1"].neutral
