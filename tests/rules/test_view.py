"""``ora_rules.views.view`` and ``schedule_view``: the drawing projection of a state."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ora_core.errors import IllegalCommand
from ora_core.state import State
from ora_core.values import Terrain
from ora_rules.bots import random_bot
from ora_rules.decide import decide, execute
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Build
from ora_rules.views.i18n import UnknownLocale
from ora_rules.views.schedule_view import PhaseWhen
from ora_rules.views.view import BoardView, view
from tests.support import new_state, rules

MODES = [(4, "long"), (3, "long"), (4, "short"), (3, "short"), (2, "long"), (2, "short"),
         (1, "long")]


def playout(players: int, length: str, seed: int, variant: str = "france"
            ) -> Iterator[State]:
    """Every position of one random game, from the first decision to the end."""
    state = new_state(players, variant, length, seed)
    rng = random.Random(seed)
    yield state
    while not state.finished:
        move = random_bot(state, MoveSet(state, rules()), rng)
        state = execute(state, move, rules()).state
        yield state


def test_every_space_is_in_the_grid_once_with_its_card_and_name() -> None:
    for i, state in enumerate(playout(4, "long", 3)):
        if i % 40:
            continue
        board = view(state, rules())
        for player, seat in zip(state.players, board.seats, strict=True):
            grid = seat.landscape
            assert {(s.col, s.row) for s in grid.spaces} == set(player.landscape)
            assert len(grid.spaces) == len(player.landscape)
            for s in grid.spaces:
                space = player.landscape[(s.col, s.row)]
                assert s.terrain == Terrain(space.terrain).name.lower()
                assert s.card == space.card
                assert s.col in grid.cols and s.row in grid.rows
                assert s.height == (2 if s.terrain == "mountain" else 1)  # R-GEO-5
                if s.card_kind == "building":
                    assert s.card_name == rules().building(s.card or "").name
                elif s.card_kind == "settlement":
                    assert s.card_name == rules().settlements[s.card or ""].name
                else:
                    assert (s.card_name is None) == (s.card is None)


def test_clergy_on_the_board_and_at_home_add_up_to_every_clergyman() -> None:
    for i, state in enumerate(playout(3, "short", 5)):
        if i % 25:
            continue
        board = view(state, rules())
        marks = [(m.seat, m.kind, s.card) for seat in board.seats
                 for s in seat.landscape.spaces for m in s.clergy]
        placed = [(p.seat, "prior" if k == 0 else "lay_brother", at)
                  for p in state.players for k, at in enumerate(p.clergy) if at is not None]
        # A clergyman stands on a building of any landscape (work contracts, R-WC-2).
        assert sorted(marks) == sorted(placed)
        for p, seat in zip(state.players, board.seats, strict=True):
            home = seat.clergy_home.prior + seat.clergy_home.lay_brothers
            assert home == len(p.free_clergy())


def _action_positions(players: int, length: str, seed: int) -> Iterator[State]:
    for state in playout(players, length, seed):
        turn = state.flow.turn
        if turn.kind == "action" and not turn.main_done and not turn.contract:
            yield state


@pytest.mark.parametrize(("players", "length", "seed"), [(4, "long", 1), (2, "short", 2),
                                                         (3, "long", 4)])
def test_buildable_spaces_are_where_build_is_legal_costs_aside(players: int, length: str,
                                                                seed: int) -> None:
    """R-BUILD-3..5: every legal BUILD is offered on its space; every offered site is legal
    or refused only for its cost; every other display card / empty space is refused."""
    checked = 0
    for i, state in enumerate(_action_positions(players, length, seed)):
        if i % 7:
            continue
        seat = state.flow.turn.seat
        board = view(state, rules())
        offered = {(b, (s.col, s.row)) for s in board.seats[seat].landscape.spaces
                   for b in s.buildable}
        builds = {(m.building, m.coord) for m in legal_moves(state, rules())
                  if isinstance(m, Build)}
        assert builds <= offered
        player = state.players[seat]
        for building in state.display:
            for coord, space in player.landscape.items():
                if space.card is not None:
                    continue
                try:
                    decide(state, Build(building, coord), rules())
                    refused = None
                except IllegalCommand as e:
                    refused = e.reason
                if (building, coord) in offered:
                    assert refused in (None, "cannot_afford"), (building, coord, refused)
                else:
                    assert refused in ("wrong_terrain", "cloister_not_adjacent"), refused
                checked += 1
    assert checked > 50


def test_the_neutral_landscape_offers_the_solo_players_step_3_choices() -> None:
    """R-SOLO-10: the neutral seat's buildable spaces are the placements of step 3."""
    from ora_rules.neutral import neutral_placements

    for i, state in enumerate(playout(1, "long", 2)):
        if i % 30:
            continue
        board = view(state, rules())
        neutral = board.seats[-1]
        assert neutral.neutral and neutral.score is None
        offered = sorted((b, (s.col, s.row)) for s in neutral.landscape.spaces
                         for b in s.buildable)
        assert offered == sorted(neutral_placements(state, rules()))


def test_goods_wheel_display_and_prices_read_the_state() -> None:
    state = new_state(4, "ireland", "long", 0)
    board = view(state, rules())
    goods = {g.good: g.count for g in board.seats[0].goods}
    assert goods["wood"] == 1 and goods["whiskey"] == 0  # R-SETUP-8; Ireland's goods listed
    assert "wine" not in goods  # France only
    assert [g.code for g in board.seats[0].goods][:3] == ["Wo", "Pt", "Co"]
    wheel = {i.indicator: i for i in board.wheel.indicators}
    assert set(wheel) == {"wood", "peat", "grain", "livestock", "clay", "coin", "joker"}
    for name, position in state.wheel.positions.items():
        assert wheel[name.value].position == position
        assert wheel[name.value].value == state.wheel.values[position]
    shown = [c.id for group in board.display for c in group.buildings]
    assert sorted(shown) == sorted(state.display)
    assert [g.stage for g in board.display] == ["start"]
    assert board.prices.district == 2 and board.prices.plot == 3  # R-SETUP-10
    assert board.prices.work_contract == 1
    assert board.turn.decider == 0 and board.seats[0].deciding


def test_scores_are_provisional_then_final() -> None:
    states = list(playout(2, "long", 6))
    first, last = view(states[0], rules()), view(states[-1], rules())
    assert not first.final and first.winners == []
    assert last.final and last.winners
    assert [s.score.total for s in last.seats if s.score] == [
        s.total for s in states[-1].scores or ()]


@pytest.mark.parametrize(("players", "length"), MODES)
def test_the_schedule_at_the_start(players: int, length: str) -> None:
    """R-SCHED-4: the settlement rounds, the entries and the end per mode."""
    state = new_state(players, "france", length, 0)
    mode = rules().modes[state.config.mode]
    s = view(state, rules()).schedule
    assert s.round == 1
    phases: dict[str, PhaseWhen] = {p.stage: p for p in s.settlement_phases}
    for stage, at in mode.settlements.items():
        assert phases[stage.value].round == at
        assert phases[stage.value].rounds_until == at - 1
        assert not phases[stage.value].held
    expected = {"4": (25, "R-END-1"), "3": (25, "R-END-1"), "4s": (13, "R-END-1"),
                "3s": (13, "R-END-1"), "1": (31, "R-END-4"), "2": (None, "R-END-2"),
                "2L": (None, "R-END-3")}[mode.code]
    assert (s.last_round, s.end_rule) == expected
    assert s.rounds_left == (None if expected[0] is None else expected[0] - 1)
    assert ("E" in phases) == (mode.code != "2L")  # AMB-13: no phase E in 2L
    if mode.code in ("2", "2L"):
        assert s.display_limit == mode.final_display and s.display_left == len(state.display)
        assert s.end_rule in s.end
        assert ("one more turn" in s.end) == (mode.code == "2")  # R-END-2 vs R-END-3
        assert phases.get("E") is None or phases["E"].round is None
    else:
        assert phases["E"].round == expected[0]
        assert s.display_limit is None and s.display_left is None
    # R-SCHED-4: the solo game has no grapes or stone entries.
    assert [e.indicator for e in s.entries] == ([] if mode.code == "1" else ["grapes", "stone"])


@pytest.mark.parametrize(("players", "length", "seed"), [(4, "short", 1), (2, "long", 3),
                                                         (2, "short", 3), (1, "long", 1)])
def test_the_schedule_follows_the_game_to_its_end(players: int, length: str, seed: int
                                                  ) -> None:
    mode = None
    last_round = 0
    for state in playout(players, length, seed):
        mode = rules().modes[state.config.mode]
        s = view(state, rules()).schedule
        assert s.round == state.round >= last_round
        last_round = state.round
        held = {p.stage for p in s.settlement_phases if p.held}
        assert held == {st.value for st in state.settlement_phases}
        for p in s.settlement_phases:
            if not p.held and p.round is not None:
                assert p.rounds_until == max(p.round - state.round, 0)
        if s.rounds_left is not None:
            assert s.rounds_left == (s.last_round or 0) - state.round >= 0
        assert s.final_phase == state.flow.final_phase
    assert mode is not None and s.finished and s.now == "over"
    if mode.end != "display":
        assert s.rounds_left == 0


def test_an_unknown_locale_is_refused() -> None:
    with pytest.raises(UnknownLocale):
        view(new_state(), rules(), locale="xx")


def test_the_view_is_a_plain_value() -> None:
    board = view(new_state(), rules())
    assert isinstance(board, BoardView) and board == view(new_state(), rules())


def test_words_follow_the_locale_and_ids_do_not() -> None:
    english, russian = view(new_state(), rules()), view(new_state(), rules(), locale="ru")
    assert russian.locale == "ru"
    assert {g.good: g.name for g in russian.seats[0].goods}["wood"] == "Дерево"
    assert russian.schedule.now_name == "Действие" and russian.turn.name == "Действие"
    assert russian.schedule.end.startswith("Игра заканчивается после бонусного раунда (раунд 25)")
    space = russian.seats[0].landscape.spaces[0]
    assert space.terrain == "plains" and space.terrain_name == "Равнина"
    assert [s.card for s in russian.seats[0].landscape.spaces] == [
        s.card for s in english.seats[0].landscape.spaces]
