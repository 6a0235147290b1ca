"""Properties of the Liesborn wonders (rules.md §17, R-LIES-1..8, R-LIES-10; AMB-28), in all 14
configurations.

Games start from ``wonder_rich_start`` (tests/properties/common.py): a Liesborn set-up in which
seat 0 owns the Sacristy from the start and every player holds its price four times, so that
random play takes dark-blue and light-blue tiles (and, in the longer games, empties the
display). On them:

- the invariant catalogue after every command of games whose moves hypothesis draws, which
  includes the Liesborn checks: every tile in exactly one place (never held twice), the display
  only shrinks and the stack only loses its top, and at the end every tile's points re-derived
  from the specs with the wonder points their sum (tests/invariants.py);
- ``legal_moves`` sound and complete (tests/properties/test_legal_moves.py's examination) at
  positions of seed-driven games, every position where a wonder can be taken among them.

Then two constructed properties: the goods points are the other goods' points plus the sum of
the tiles' points, for any holding of tiles, goods, buildings and landscapes; and a run of
wonder choices, legal or not, never refills the display nor hands out a tile twice.
"""

from __future__ import annotations

from itertools import pairwise

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from ora_core.events import (
    BuildingBuilt,
    ClergyReturned,
    GameEnded,
    GameEvent,
    GameStarted,
    GoodsPaid,
    LandscapeAdded,
    WonderTaken,
)
from ora_core.state import State
from ora_core.values import Good
from ora_rules import landscape
from ora_rules.decide import decide
from ora_rules.moves import legal_moves
from ora_rules.scoring import score, winners
from ora_rules.testing import invariants as inv
from ora_rules.wonders import LIGHT_TOKEN, dark_score
from tests.properties.common import (
    NO_SHRINK,
    SCALE,
    Failures,
    configs,
    drawn_game,
    game_seeds,
    new_game,
    seeded_game,
    seeds,
    wonder_rich_start,
)
from tests.properties.test_legal_moves import _examine, _per_position, _position_kind
from tests.support import apply, liesborn_state, place, rules, set_goods, slot

Config = tuple[int, str, str]


def _wonder_move(state: State) -> bool:
    return any(t == LIGHT_TOKEN or t.startswith("LW-") for m in legal_moves(state, rules())
               for t in str(m).split()[2:3])


@configs
@settings(max_examples=SCALE, phases=NO_SHRINK)
@given(data=st.data(), seed=seeds)
def test_invariants_hold_in_liesborn_games(config: Config, data: st.DataObject, seed: int
                                           ) -> None:
    r = rules()
    note(f"config {config}, seed {seed}, wonder-rich Liesborn start")
    events: list[GameEvent] = new_game(config, seed, liesborn=True)
    failures = Failures()
    state = None
    for n, (before, command, new, after, _) in enumerate(
            drawn_game(data, config, seed, liesborn=True)):
        where = f"command {n} {str(command)!r} (version {before.version})"
        if n == 0:
            failures.run("position", "the start", inv.check_position, before, r)
        for transition in inv.TRANSITION_CHECKS:
            failures.run(transition.__name__, where, transition, before, new, after, r)
        for position in inv.STATE_CHECKS:
            failures.run(position.__name__, where, position, after, r)
        failures.run("codec", where, inv.check_codec_round_trip, new)
        failures.raise_all()
        events.extend(new)
        state = after
    if state is not None:
        failures.run("materials", "the end", check_materials_paid, events, state)
        failures.run("fold", "the end", inv.check_fold_equals_state, events, state)
        failures.run("replay", "the end", inv.check_replay_determinism, events, r,
                     lambda config, _: wonder_rich_start(config))
        failures.run("state_codec", "the end", inv.check_state_round_trip, state)
    failures.raise_all()


def check_materials_paid(events: list[GameEvent], state: State) -> None:
    """AMB-28 (i), R-LIES-8: the building materials of a player's buildings, counted from the
    printed costs of the cards in the landscape, are those the events record as paid for
    building (the ``GoodsPaid`` right before each of the player's ``BuildingBuilt``); the
    buildings of the set-up (the start buildings, the wonder-rich start's Sacristy) were not
    paid for."""
    first = events[0]
    assert isinstance(first, GameStarted)
    set_up = {building for building, _, _ in first.built}
    materials = (Good.CLAY, Good.WOOD, Good.STONE, Good.STRAW)
    paid = [dict.fromkeys(materials, 0) for _ in state.players]
    for previous, event in pairwise(events):
        if isinstance(event, BuildingBuilt) and not state.players[event.seat].neutral \
                and isinstance(previous, GoodsPaid) and previous.seat == event.seat:
            for good in materials:
                paid[event.seat][good] += previous.goods.get(good, 0)
    for player in state.players:
        if player.neutral:
            continue
        printed = dict.fromkeys(materials, 0)
        for space in player.landscape.values():
            if inv.is_building(space.card) and space.card not in set_up:
                cost = rules().building(str(space.card)).cost
                for good in materials:
                    printed[good] += cost.get(good, 0)
        assert printed == paid[player.seat], (player.seat, printed, paid[player.seat])


@configs
@settings(max_examples=SCALE, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(data=st.data(), seed=game_seeds)
def test_legal_moves_are_sound_and_complete_in_liesborn_games(config: Config,
                                                              data: st.DataObject,
                                                              seed: int) -> None:
    """At the first position of each kind, the first three where a wonder can be taken, the
    first with an empty display, and the last."""
    note(f"seeded_game({config}, {seed}, liesborn=True)")
    states = seeded_game(config, seed, True)
    chosen: dict[int, State] = {}
    kinds: set[str] = set()
    wonders = 0
    emptied = False
    for i, state in enumerate(states):
        if state.finished:
            continue
        kind = _position_kind(state)
        if kind not in kinds:
            kinds.add(kind)
            chosen[i] = state
        if wonders < 3 and _wonder_move(state):
            wonders += 1
            chosen[i] = state
        if not emptied and not state.wonder_display:
            emptied = True
            chosen[i] = state
    if not states[-1].finished:
        chosen[len(states) - 1] = states[-1]
    failures = Failures()
    positions = sorted(chosen.items(), key=lambda item: item[0])
    for n, state in positions:
        _examine(data, state, n, failures, _per_position(positions))
    failures.raise_all()


# --- constructed positions ----------------------------------------------------------------------

MODES = {"1": (1, "long"), "2L": (2, "long"), "2": (2, "short"), "3": (3, "long"),
         "4s": (4, "short")}
SCORED_GOODS = (Good.COIN, Good.WINE, Good.WHISKEY, Good.MEAT, Good.CERAMIC, Good.BOOK,
                Good.LIVESTOCK, Good.GRAIN, Good.ORNAMENT)
#: Buildings of both variants' costs to place on seat 0's free spaces.
SOME_BUILDINGS = ("G01", "G02", "G06", "G07", "G16", "G19", "G26", "G39", "F24", "F20", "F27")


@st.composite
def scoring_positions(draw: st.DrawFn) -> State:
    """A finished-looking Liesborn position: seat 0 holds drawn tiles on both sides, drawn
    goods, buildings and landscapes; the score is taken and ended with ``GameEnded``."""
    mode = draw(st.sampled_from(sorted(MODES)), label="mode")
    players, length = MODES[mode]
    state = liesborn_state(players, "france", length, seed=draw(st.integers(0, 50)))
    known = [t for t, s in rules().wonders.items() if s.known]
    dark = draw(st.lists(st.sampled_from(known), unique=True, max_size=5), label="dark tiles")
    light = draw(st.integers(0, 3), label="light tiles")
    taken = [WonderTaken(seat=0, tile=t, dark=True) for t in dark]
    stack = [t for t in state.wonder_stack if t not in dark]
    taken += [WonderTaken(seat=0, tile=t, dark=False) for t in stack[:light]]
    state = apply(state, taken)
    districts = draw(st.integers(0, 3), label="districts")
    for _ in range(districts):
        row = landscape.district_rows(state.players[0])[0]
        state = apply(state, [LandscapeAdded(seat=0, kind="district", side="HILLS", row=row,
                                             spaces=landscape.district_spaces(rules(), "HILLS",
                                                                              row))])
    free = [c for c, s in sorted(state.players[0].landscape.items()) if s.card is None]
    built = draw(st.lists(st.sampled_from(SOME_BUILDINGS), unique=True, max_size=len(free)),
                 label="buildings")
    for building, coord in zip(built, free, strict=False):
        state = place(state, 0, building, coord)
    held = {g.value: draw(st.integers(0, 12), label=g.value) for g in SCORED_GOODS}
    state = set_goods(state, 0, **held, wonder=len(taken))
    scores = score(state, rules())
    return apply(state, [GameEnded(scores=scores, winners=winners(scores))])


@settings(max_examples=60 * SCALE, deadline=None)
@given(state=scoring_positions())
def test_wonder_points_are_the_sum_of_the_tiles(state: State) -> None:
    """R-LIES-5, R-LIES-6: the goods points are the other goods' points plus each tile's
    points, every tile re-derived from its spec (tests/invariants.py, check_scores), and a
    tile's points are what it scores alone with that holding."""
    inv.check_scores(state, rules())
    assert state.scores is not None
    result = state.scores[0]
    player = state.players[0]
    assert [w.tile for w in result.wonders] == [*player.dark_wonders, *player.light_wonders]
    counted = {g for t in player.dark_wonders
               for g in getattr(rules().wonders[t].condition, "of", ())}
    if not {Good.COIN, Good.WINE, Good.WHISKEY} & counted:
        # No tile counts coins, wine or whiskey: each tile scores as it would alone.
        for w in result.wonders:
            if w.dark:
                assert w == dark_score(rules().wonders[w.tile], player, rules(),
                                       state.config.mode)
            else:
                assert w.points == 20


@st.composite
def wonder_runs(draw: st.DrawFn) -> tuple[State, list[str]]:
    """Seat 0 owns the Sacristy with the price of 30 wonders; some tiles are already gone;
    then a run of wonder choices: display tiles, the stack, tiles held elsewhere, nonsense."""
    players = draw(st.integers(1, 4), label="players")
    state = liesborn_state(players, "ireland", "long", seed=draw(st.integers(0, 99)),
                           wonder_tiles=draw(st.sampled_from(("all", "known"))))
    state = place(state, 0, "G34", (3, 1))
    state = set_goods(state, 0, book=30, ceramic=30, ornament=30, reliquary=30)
    gone_dark = draw(st.integers(0, len(state.wonder_display)), label="display tiles gone")
    gone_light = draw(st.integers(0, len(state.wonder_stack)), label="stack tiles gone")
    other = 1 if players > 1 else 0
    state = apply(state, [
        *(WonderTaken(seat=other, tile=t, dark=True) for t in state.wonder_display[:gone_dark]),
        *(WonderTaken(seat=other, tile=t, dark=False) for t in state.wonder_stack[:gone_light])])
    tokens = st.sampled_from([*state.wonder_display, LIGHT_TOKEN, "LW-99", "-", "X",
                              *state.wonder_stack[:2], *state.players[other].dark_wonders[:2]])
    return state, draw(st.lists(tokens, min_size=1, max_size=30), label="choices")


@settings(max_examples=40 * SCALE, deadline=None)
@given(run=wonder_runs())
def test_the_display_only_shrinks_and_no_tile_is_held_twice(run: tuple[State, list[str]]
                                                            ) -> None:
    """R-LIES-3, R-LIES-4: each choice either takes a tile (from the display, or the top of
    the stack) or is refused without a trace; the display never grows, no tile is ever in two
    places, and the legal moves offer exactly the choices that are accepted."""
    state, choices = run
    r = rules()
    for token in choices:
        state = slot(state, 0)  # the seat's next action slot, the Sacristy free again
        placed = tuple(i for i, at in enumerate(state.players[0].clergy) if at is not None)
        if placed:
            state = apply(state, [ClergyReturned(seat=0, clergy=placed)])
        command = f"USE G34 {token}"
        offered = [str(m) for m in legal_moves(state, r)]
        accepted = inv.check_illegal_command_no_effect(state, command, r)
        assert accepted == (command in offered), command
        if not accepted:
            continue
        before = state
        events = decide(state, command, r)
        state = apply(state, events)
        inv.check_wonder_display_only_shrinks(before, events, state, r)
        inv.check_wonder_tiles(state, r)
        inv.check_goods_follow_events(before, events, state, r)
        assert set(state.wonder_display) <= set(before.wonder_display)
        taken = 0 if token == "-" else 1  # USE G34 - declines the function (R-CLG-6)
        assert state.wonders_left == before.wonders_left - taken
