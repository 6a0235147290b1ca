"""The Liesborn wonders mini expansion in play (rules.md §17, R-LIES-1..8, R-LIES-10, AMB-28).

Wonders are received through the Sacristy (G34: book, ceramic, ornament and reliquary for a
wonder), the Chamber of Wonders (F25) and the Round Tower (I35); with Liesborn the use names the
tile: a dark-blue tile of the display by its id, or ``LB`` for the light-blue tile on top of the
stack. The per-tile values are tests/rules/test_wonder_tiles.py.
"""

from __future__ import annotations

import random

import pytest

from ora_core.errors import IllegalCommand, InvalidCommand, InvalidConfig
from ora_core.events import GameStarted, GoodsGained, WonderTaken
from ora_core.evolve import fold
from ora_core.state import State, WonderScore
from ora_core.values import Good
from ora_rules.bots import make_seeker
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Use
from ora_rules.records import RecordError, read_record, write_record
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.views.catalog import catalog
from ora_rules.views.explain import explain
from ora_rules.views.narrate import narrate_move
from ora_rules.views.view import view
from tests.support import apply, events_of, goods, liesborn_state, place, play, rules, set_goods

PRICE = {"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}
HOME = (3, 1)  # next to the Cloister Office: the Sacristy is a cloister building


def sacristy(players: int = 4, length: str = "long", seed: int = 0,
             wonder_tiles: str | None = None, copies: int = 1) -> State:
    """Seat 0 owns the Sacristy and holds the price of ``copies`` wonders."""
    state = liesborn_state(players, "france", length, seed, wonder_tiles)
    state = place(state, 0, "G34", HOME)
    return set_goods(state, 0, **{g: copies for g in PRICE})


def sacristy_moves(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state, rules())
            if isinstance(m, Use) and m.building == "G34" and not m.prior]


def refused(state: State, command: str) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        events_of(state, command)
    assert command not in [str(m) for m in legal_moves(state, rules())]
    return info.value


def take_all(state: State, seat: int, dark: int, light: int) -> State:
    """Seat ``seat`` receives ``dark`` display tiles and ``light`` stack tiles (facts only)."""
    events = [WonderTaken(seat=seat, tile=t, dark=True) for t in state.wonder_display[:dark]]
    events += [WonderTaken(seat=seat, tile=t, dark=False) for t in state.wonder_stack[:light]]
    return apply(state, events)


# --- R-LIES-1, R-LIES-2: the tiles and the set-up ----------------------------------------------


@pytest.mark.parametrize(("players", "length", "shown"),
                         [(1, "long", 3), (2, "long", 5), (2, "short", 5), (3, "long", 7),
                          (3, "short", 7), (4, "long", 9), (4, "short", 9)])
def test_r_lies_1_2_the_display_and_the_stack(players: int, length: str, shown: int) -> None:
    """26 tiles replace the 8 wonders; 3 / 5 / 7 / 9 dark-blue on display (the solo game's
    neutral player does not count), the rest a light-blue stack."""
    state = liesborn_state(players, "ireland", length)
    assert len(state.wonder_display) == shown
    assert len(state.wonder_stack) == 26 - shown
    assert state.wonders_left == 26
    assert sorted(state.wonder_display + state.wonder_stack) == [f"LW-{n:02d}"
                                                                 for n in range(1, 27)]


def test_r_lies_2_the_draw_comes_from_the_seed_and_is_an_event() -> None:
    def drawn(seed: int) -> GameStarted:
        first = start(make_config(4, "france", "long", seed, liesborn=True), rules())[0]
        assert isinstance(first, GameStarted)
        return first

    assert drawn(5) == drawn(5)
    assert {drawn(s).wonder_display for s in range(6)} != {drawn(0).wonder_display}
    event = drawn(7)
    assert liesborn_state(seed=7, players=4).wonder_display == event.wonder_display
    assert event.wonders == 26


def test_r_lies_1_without_liesborn_the_base_game_is_untouched() -> None:
    base = start(make_config(4, "france", "long", 3), rules())[0]
    assert isinstance(base, GameStarted)
    assert (base.wonders, base.wonder_display, base.wonder_stack) == (8, (), ())
    assert base.config.wonder_tiles == ""


def test_the_tile_set_option() -> None:
    """AMB-28 (a): ``known`` keeps the 12 tiles not known in full in the box."""
    state = liesborn_state(3, wonder_tiles="known")
    assert state.wonders_left == 14 and len(state.wonder_display) == 7
    assert state.config.wonder_tiles == "known"
    assert liesborn_state(3).config.wonder_tiles == "all"
    with pytest.raises(InvalidConfig, match="wonder_tiles must be one of all, known"):
        liesborn_state(3, wonder_tiles="most")
    with pytest.raises(InvalidConfig, match="only with liesborn"):
        make_config(3, "france", "long", 0, wonder_tiles="known")


def test_r_lies_10_unknown_tiles_are_never_dark_blue() -> None:
    """Only the 14 tiles known in full are ever drawn for the display (AMB-28 a)."""
    known = {t for t, s in rules().wonders.items() if s.known}
    for seed in range(30):
        state = liesborn_state(4, seed=seed)
        assert set(state.wonder_display) <= known
        assert set(liesborn_state(4, seed=seed, wonder_tiles="known").wonder_stack) <= known


# --- R-LIES-3: receiving a wonder ----------------------------------------------------------------


def test_r_lies_3_the_display_tiles_and_the_stack_are_the_choices() -> None:
    state = sacristy()
    assert sorted(sacristy_moves(state)) == sorted(
        ["USE G34 -", "USE G34 LB", *(f"USE G34 {t}" for t in state.wonder_display)])
    for move in sacristy_moves(state):
        events_of(state, move)  # every offered move is accepted


def test_r_lies_3_a_dark_blue_tile_from_the_display() -> None:
    state = sacristy()
    tile = state.wonder_display[2]
    events = events_of(state, f"USE G34 {tile}")
    assert WonderTaken(seat=0, tile=tile, dark=True) in events
    assert not any(isinstance(e, GoodsGained) and Good.WONDER in e.goods for e in events)
    after = play(state, f"USE G34 {tile}")
    assert after.players[0].dark_wonders == (tile,)
    assert tile not in after.wonder_display
    assert after.wonder_stack == state.wonder_stack
    assert goods(after, 0) == {"wonder": 1}
    assert after.wonders_left == 25


def test_r_lies_3_a_light_blue_tile_from_the_stack_never_turns_over() -> None:
    state = sacristy()
    top = state.wonder_stack[0]
    after = play(state, "USE G34 LB")
    assert after.players[0].light_wonders == (top,)
    assert after.wonder_stack == state.wonder_stack[1:]
    assert after.wonder_display == state.wonder_display
    # R-LIES-5: worth 20 whatever its front, even a tile known in full.
    after = apply(after, [WonderTaken(seat=0, tile="LW-07", dark=False)])
    assert [w.points for w in score(after, rules())[0].wonders] == [20, 20]


def test_r_lies_3_the_choice_must_be_named() -> None:
    state = sacristy()
    with pytest.raises(InvalidCommand, match="name the wonder"):
        events_of(state, "USE G34")
    error = refused(state, "USE G34 LW-99")
    assert (error.reason, error.rule) == ("wonder_not_in_display", "R-LIES-3")
    taken = play(state, f"USE G34 {state.wonder_display[0]}")
    assert taken.wonder_display == state.wonder_display[1:]


def test_r_lies_3_a_tile_is_not_held_twice() -> None:
    state = sacristy(copies=2)
    tile = state.wonder_display[0]
    state = apply(state, [WonderTaken(seat=1, tile=tile, dark=True)])
    assert refused(state, f"USE G34 {tile}").reason == "wonder_not_in_display"


def test_r_lies_3_every_way_to_a_wonder_names_the_tile() -> None:
    """The prior, a work contract and the build bonus reach the same choice (R-CLG-1,
    R-WC-1, R-BUILD-7); the Round Tower and the Chamber of Wonders too."""
    state = sacristy()
    assert f"PRIOR G34 {state.wonder_display[0]}" in [str(m) for m in legal_moves(state,
                                                                                  rules())]
    tower = liesborn_state(4, "ireland")
    tower = place(tower, 0, "I35", HOME)
    tower = set_goods(tower, 0, coin=5, whiskey=1, reliquary=2)
    after = play(tower, "USE I35 LB RqRq")
    assert after.players[0].light_wonders == (tower.wonder_stack[0],)
    with pytest.raises(InvalidCommand, match="name the wonder"):
        events_of(tower, "USE I35 RqRq")


# --- R-LIES-4: no refill --------------------------------------------------------------------------


def test_r_lies_4_the_display_is_not_refilled() -> None:
    state = sacristy()
    state = take_all(state, 1, dark=len(state.wonder_display), light=0)
    assert state.wonder_display == () and len(state.wonder_stack) == 17
    assert sacristy_moves(state) == ["USE G34 -", "USE G34 LB"]
    error = refused(state, "USE G34 LW-01")
    assert (error.reason, error.rule) == ("wonder_display_empty", "R-LIES-4")
    assert "write LB" in error.detail
    assert play(state, "USE G34 LB").wonder_display == ()


def test_r_lies_4_an_empty_stack_leaves_the_display() -> None:
    state = sacristy()
    state = take_all(state, 1, dark=0, light=len(state.wonder_stack))
    error = refused(state, "USE G34 LB")
    assert (error.reason, error.rule) == ("wonder_stack_empty", "R-LIES-4")
    assert len(sacristy_moves(state)) == 1 + len(state.wonder_display)


def test_r_lies_4_no_wonder_once_both_are_gone() -> None:
    state = sacristy()
    state = take_all(state, 1, dark=len(state.wonder_display), light=len(state.wonder_stack))
    assert state.wonders_left == 0
    error = refused(state, "USE G34 LB")
    assert (error.reason, error.rule) == ("no_wonders_left", "R-LIES-4")
    assert sacristy_moves(state) == ["USE G34 -"]


# --- R-LIES-5..8: scoring -------------------------------------------------------------------------


def test_r_lies_5_6_wonder_points_are_goods_points_tile_by_tile() -> None:
    """Each tile's points in the breakdown, their sum in the goods points, no 30 per wonder."""
    state = liesborn_state(4)
    state = apply(state, [WonderTaken(seat=0, tile="LW-07", dark=True),
                          WonderTaken(seat=0, tile="LW-03", dark=True),
                          WonderTaken(seat=0, tile="LW-20", dark=False)])
    state = set_goods(state, 0, meat=2, wonder=3)
    result = score(state, rules())[0]
    assert result.wonders == (WonderScore("LW-07", True, 28, 2), WonderScore("LW-03", True, 54, 3),
                              WonderScore("LW-20", False, 20, 0))
    assert result.goods == 28 + 54 + 20  # meat has no points of its own (R-SCORE-2)
    assert result.total == result.goods + result.economic + sum(result.settlements)


@pytest.mark.parametrize(("mode", "players", "length", "points"),
                         [("2L", 2, "long", 43), ("1", 1, "long", 43), ("2", 2, "short", 42),
                          ("3", 3, "long", 42), ("3s", 3, "short", 42), ("4", 4, "long", 42),
                          ("4s", 4, "short", 42)])
def test_r_lies_7_reduced_values_in_2l_and_solo(mode: str, players: int, length: str,
                                                 points: int) -> None:
    """LW-02 with the heartland only: 45 - 1.5 = 43.5, rounded down (AMB-28 f), else 45 - 3."""
    state = liesborn_state(players, "france", length)
    assert state.config.mode == mode
    state = apply(state, [WonderTaken(seat=0, tile="LW-02", dark=True)])
    assert score(state, rules())[0].wonders[0].points == points


def test_r_lies_8_materials_are_the_printed_costs_coins_are_none() -> None:
    """The Palace costs 25 coins and no material; a building's cost counts once it stands in
    the landscape, as its builder paid it (R-BUILD-1)."""
    state = liesborn_state(4)
    state = apply(state, [WonderTaken(seat=0, tile="LW-01", dark=True)])
    state = place(place(state, 0, "F27", (3, 0)), 0, "G01", HOME)
    assert score(state, rules())[0].wonders[0] == WonderScore("LW-01", True, 2, 2)


def test_r_lies_8_the_neutral_player_is_not_scored() -> None:
    state = liesborn_state(1)
    assert [s.seat for s in score(state, rules())] == [0]


# --- words ----------------------------------------------------------------------------------------


def test_r_lies_3_the_wonder_choice_in_words() -> None:
    """The narration names the tile taken and its side (ora_rules.views.narrate)."""
    state = sacristy()
    tile = state.wonder_display[0]
    name = rules().wonders[tile].name
    dark = narrate_move(state, events_of(state, f"USE G34 {tile}"), rules(), 1)
    assert f"takes the dark-blue wonder {tile} ({name}) from the display" in dark.text
    light = narrate_move(state, events_of(state, "USE G34 LB"), rules(), 1)
    assert "takes a light-blue wonder (20 points) from the stack" in light.text


# --- records --------------------------------------------------------------------------------------


@pytest.mark.parametrize("tiles", ["all", "known"])
def test_a_liesborn_record_round_trips(tiles: str) -> None:
    """Our record format keeps the expansion and its tile set ([Liesborn], [WonderTiles]); the
    import replays to the same events, the wonder choices included."""
    config = make_config(4, "france", "short", 8, liesborn=True, wonder_tiles=tiles)
    events = start(config, rules())
    state = fold(events)
    bot, rng = make_seeker("G34", rules()), random.Random(8)
    while not state.finished:
        executed = execute(state, bot(state, MoveSet(state, rules()), rng), rules())
        events.extend(executed.events)
        state = executed.state
    text = write_record(events)
    assert '[Liesborn "yes"]' in text and f'[WonderTiles "{tiles}"]' in text
    imported = read_record(text, rules())
    assert imported.stop is None and list(imported.events) == events
    with pytest.raises(RecordError, match=r"\[WonderTiles\]: wonder_tiles must be one of"):
        read_record(text.replace(f'[WonderTiles "{tiles}"]', '[WonderTiles "most"]'), rules())


def test_the_drawing_view_shows_the_tiles() -> None:
    """game.view (views.view): the display's fronts, the stack's size, each seat's tiles and
    their points."""
    state = sacristy()
    tile = state.wonder_display[0]
    after = play(state, f"USE G34 {tile}")
    board = view(after, rules())
    assert [w.id for w in board.wonder_display] == list(after.wonder_display)
    assert board.wonder_stack == 17
    front = board.wonder_display[0]
    assert (front.dark, front.name) == (True, rules().wonders[front.id].name)
    assert front.condition.startswith(("+", "-"))
    (held,) = board.seats[0].wonders
    assert (held.id, held.dark, held.base) == (tile, True, rules().wonders[tile].base)
    assert board.seats[0].score is not None
    assert [w.tile for w in board.seats[0].score.wonders] == [tile]


def test_the_catalogue_lists_the_tiles() -> None:
    """rules.catalog (views.catalog): the expansion's numbers and every tile with a spec."""
    entry = catalog(rules()).liesborn
    assert entry is not None
    assert (entry.tiles, entry.light_points, entry.display) == (26, 20, {"1": 3, "2": 5, "3": 7,
                                                                        "4": 9})
    assert entry.reduced_modes == ["1", "2L"]
    assert [t.name for t in entry.tile_sets] == ["all", "known"]
    assert [w.id for w in entry.wonders] == [f"LW-{n:02d}" for n in range(1, 20)]
    lw02 = next(w for w in entry.wonders if w.id == "LW-02")
    assert (lw02.base, lw02.value, lw02.reduced, lw02.per) == (45, -3, -1.5, "landscape")
    partial = next(w for w in entry.wonders if w.id == "LW-16")
    assert (partial.status, partial.base, partial.value) == ("partial", 42, None)


def test_ora_explain_shows_each_tile_and_the_count_behind_it() -> None:
    """ora explain (ora_rules.views.explain): a line per wonder tile, the count behind its variable
    value, the reduced value in the long two-player game; the lines sum to the goods points."""
    state = liesborn_state(2, "france", "long")  # mode 2L: LW-02 counts -1.5 per landscape
    state = apply(state, [WonderTaken(seat=0, tile="LW-02", dark=True),
                          WonderTaken(seat=0, tile="LW-06", dark=True),
                          WonderTaken(seat=0, tile="LW-20", dark=False)])
    state = set_goods(state, 0, coin=9, wine=1, book=1, wonder=3)
    (mine, _) = explain(state, rules())
    texts = [line.text for line in mine.goods]
    assert "wonder LW-02 Landscapes, dark-blue: 45 - 1.5 x 1 (landscapes, the heartland " \
           "included) = 43 points" in texts
    assert "wonder LW-06 Coins, dark-blue: 20 + 2 x 2 (5 coins) = 24 points" in texts
    assert "wonder LW-20, light-blue: 20 points" in texts
    assert "9 coins and 1 wine: 4 points (counting 1 wine as coins)" in texts
    assert sum(line.points for line in mine.goods) == mine.score.goods == 2 + 4 + 43 + 24 + 20
