"""What-if forks (issue 35; docs/records.md "Forks", ora_rules/fork.py): a fork is a new game
whose config carries its provenance and whose first moves are the commands that made the
source's position after move N, so it is that position, verifies, and round-trips through its
record with a ``[Fork]`` tag."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ora_core.codec import EventJsonCodec, state_to_dict
from ora_core.events import (
    GameEvent,
    GameStarted,
    MovePlayed,
    PositionRestored,
    RoundBegan,
    SeatTaken,
    WheelRotated,
)
from ora_core.evolve import fold
from ora_core.state import Provenance
from ora_core.store import EventStore
from ora_rules import undo
from ora_rules.bots import random_bot
from ora_rules.decide import execute, start
from ora_rules.fork import ForkRefused, fork_events, position_moves, round_start
from ora_rules.game import Game
from ora_rules.moves import legal_moves
from ora_rules.records import RecordError, read_record, write_record
from ora_rules.records.ora_format import chain_of
from ora_rules.records.positions import events_to_move
from ora_rules.records.verify import redecide
from ora_rules.setup import make_config
from tests.support import rules

CODEC = EventJsonCodec()
DATA = "tests/data/records"


def _played(players: int = 3, seed: int = 5, rounds: int = 3) -> list[GameEvent]:
    game = Game.new(rules(), players, "france", "long", seed=seed)
    game.events.append(SeatTaken(seat=0, name="Ann"))  # a seat of the source's table
    game.state = fold(game.events)
    game.play_bots([random_bot], seed=seed, max_rounds=rounds)
    return game.events


def _board(events: list[GameEvent]) -> dict[str, object]:
    """The position without the table's fields (the version, the config, the players' names)."""
    data = state_to_dict(fold(events))
    for name in ("config", "version", "clock_left", "timed_out", "replace_request",
                 "undo_request"):
        data.pop(name, None)
    for player in data["players"]:
        player.pop("name", None)
        player.pop("bot", None)
    return data


def test_a_fork_is_the_source_position_with_its_provenance_first() -> None:
    source = _played()
    forked = fork_events("src-1", source, 20, rules())
    started = forked[0]
    assert isinstance(started, GameStarted)
    head = chain_of(list(events_to_move(source, 20)))[-1]
    assert started.config.fork == Provenance(game="src-1", move=20, head=f"sha256:{head}")
    assert sum(type(e) is MovePlayed for e in forked) == 20
    assert _board(forked) == _board(list(events_to_move(source, 20)))
    assert not any(isinstance(e, SeatTaken) for e in forked)  # the seats are the fork's own
    assert redecide(forked, rules()) is None                   # ora verify passes


def test_a_fork_is_a_pure_function_of_the_source_up_to_its_move() -> None:
    source = _played()
    one = fork_events("g", source, 15, rules())
    longer = _played(rounds=5)  # the same game played on: the same first 15 moves
    assert [m.move for m in source if type(m) is MovePlayed][:15] == \
        [m.move for m in longer if type(m) is MovePlayed][:15]
    two = fork_events("g", longer, 15, rules())
    assert [CODEC.encode(e) for e in one] == [CODEC.encode(e) for e in two]


def test_a_fork_record_round_trips_with_its_provenance() -> None:
    forked = fork_events("8f0c5c8e-0000-4000-8000-000000000001", _played(), 12, rules())
    game = Game(rules(), forked)
    game.play_bots([random_bot], seed=2, max_rounds=3)
    text = write_record(game.events, rules=rules())
    provenance = fold(forked[:1]).config.fork
    assert provenance is not None
    assert f'[Fork "8f0c5c8e-0000-4000-8000-000000000001 12 {provenance.head}"]' in text
    back = read_record(text, rules())
    assert back.stop is None
    assert [CODEC.encode(e) for e in back.events] == [CODEC.encode(e) for e in game.events]


def test_a_game_that_is_no_fork_stores_no_fork_field() -> None:
    started = start(make_config(2, "ireland", "short", 9), rules())[0]
    assert b"fork" not in CODEC.encode(started)  # old stores keep their bytes, none upcast


@pytest.mark.parametrize("value", ["abc 12", "abc twelve sha256:" + "0" * 64, "abc 1 sha1:00"])
def test_a_malformed_fork_tag_names_its_line(value: str) -> None:
    text = write_record(list(start(make_config(2, "france", "long", 1), rules())))
    lines = text.splitlines()
    lines.insert(8, f'[Fork "{value}"]')
    with pytest.raises(RecordError) as info:
        read_record("\n".join(lines), rules())
    assert info.value.line == 9 and "[Fork]" in info.value.message


def test_a_fork_after_a_take_back_replays_only_the_moves_that_stand() -> None:
    events = list(start(make_config(3, "france", "long", 5), rules()))
    events += [SeatTaken(seat=s, name=n) for s, n in enumerate(("Ann", "Bo", "Cy"))]
    for _ in range(6):
        state = fold(events)
        events += execute(state, str(legal_moves(state, rules())[-1]), rules()).events
    events += undo.request(events, 2, 3)
    events += undo.answer(events, 0, True)
    events += undo.answer(events, 1, True)
    assert isinstance(events[-1], PositionRestored)
    state = fold(events)
    events += execute(state, str(legal_moves(state, rules())[0]), rules()).events
    played = [e.move for e in events if type(e) is MovePlayed]
    assert position_moves(events, 7) == [*played[:3], played[6]]  # moves 4..6 were taken back
    forked = fork_events("t", events, 7, rules())
    assert _board(forked) == _board(events)
    assert redecide(forked, rules()) is None


def test_forks_of_real_records_replayed_as_recorded() -> None:
    for source, name in (("kennerspiel", "game21872.txt"), ("weblabora", "Game20430.txt")):
        with open(f"{DATA}/{source}/{name}", encoding="utf-8") as f:
            opening = "\n".join(f.read().splitlines()[:130])  # past move 100, quick to read
        imported = read_record(opening, rules(), source, "kennerspiel-0.21"
                               if source == "kennerspiel" else "weblabora")
        assert imported.stop is None
        events = list(imported.events)
        forked = fork_events("real", events, 100, rules())
        assert fold(forked[:1]).config.readings == fold(events[:1]).config.readings
        assert _board(forked) == _board(list(events_to_move(events, 100)))
        assert redecide(forked, rules()) is None
        text = write_record(forked, rules=rules())
        assert "[Profile" in text and "[Fork" in text
        back = read_record(text, rules())
        assert [CODEC.encode(e) for e in back.events] == [CODEC.encode(e) for e in forked]


def test_what_cannot_be_forked_is_refused_with_a_reason() -> None:
    source = _played(players=2, rounds=2)
    moves = sum(type(e) is MovePlayed for e in source)
    for move, reason in ((moves + 1, "out_of_range"), (-1, "out_of_range")):
        with pytest.raises(ForkRefused) as info:
            fork_events("g", source, move, rules())
        assert info.value.reason == reason and info.value.code == "fork_refused"
    with pytest.raises(ForkRefused) as info:
        fork_events("g", source[1:], 3, rules())
    assert info.value.reason == "not_replayable"
    bad = list(source)
    at = next(i for i, e in enumerate(bad) if type(e) is MovePlayed)
    bad[at] = MovePlayed(seat=0, move="BUILD G99 0 0")  # a command no rules play
    with pytest.raises(ForkRefused) as info:
        fork_events("g", bad, 2, rules())
    assert info.value.reason == "not_replayable" and "move 1" in info.value.message


def test_a_round_begins_between_two_commands_with_its_opening_events_behind_it() -> None:
    """``ora fork --round R``: the position before round R's first move is the previous
    command's end, so the events that open the round (R-ROUND-1..2: the wheel turned, the
    clergy back) are in it; taking over one event after ``round_began`` instead had left them
    out and the bots skipped a round's actions (docs/bots.md, "Twenty-sixth pass")."""
    events = _played(players=3, rounds=4)
    for number in (1, 2, 4):
        move = round_start(events, number)
        prefix = list(events_to_move(events, move))
        before = fold(prefix)
        assert before.round == number and before.flow.turn.kind == "action"
        began = max(i for i, e in enumerate(prefix) if isinstance(e, RoundBegan))
        assert any(isinstance(e, WheelRotated) for e in prefix[began:])  # R-ROUND-2 step 2
        assert fold(prefix[:began + 1]).wheel != before.wheel
        if number > 1:  # the move before was the last of the round before
            assert fold(list(events_to_move(events, move - 1))).round == number - 1
        forked = fork_events("g", events, move, rules())
        assert _board(forked) == _board(prefix)
    for number in (0, 9):
        with pytest.raises(ForkRefused) as info:
            round_start(events, number)
        assert info.value.reason == "out_of_range" and f"round {number}" in info.value.message


def test_a_finished_position_is_no_fork() -> None:
    game = Game.new(rules(), 4, "france", "short", seed=3)
    game.play_bots([random_bot], seed=1)
    assert game.finished
    moves = sum(type(e) is MovePlayed for e in game.events)
    with pytest.raises(ForkRefused) as info:
        fork_events("g", game.events, moves, rules())
    assert info.value.reason == "game_over"
    earlier = fork_events("g", game.events, moves - 1, rules())  # one move before: playable
    assert not fold(earlier).finished


def test_forks_of_the_history_fixtures_games_with_clocks_and_take_backs(tmp_path: Path
                                                                         ) -> None:
    shutil.copyfile("tests/data/history/2026-12-v3-clocks.sqlite3", tmp_path / "s.sqlite3")
    with EventStore(CODEC, f"sqlite:{tmp_path / 's.sqlite3'}") as store:
        games = [store.fold(game_id, list) for game_id in store.game_ids()]
    clocked = [g for g in games if fold(g[:1]).config.clock is not None]
    taken_back = [g for g in games if any(isinstance(e, PositionRestored) for e in g)]
    assert clocked and taken_back  # time run out, seats handed to bots; moves taken back
    for events in (*clocked, *taken_back):
        moves = sum(type(e) is MovePlayed for e in events)
        for move in (1, moves // 2, moves - 1):
            forked = fork_events("h", events, move, rules())
            assert fold(forked[:1]).config.clock is None  # the table's clock is not carried
            assert _board(forked) == _board(list(events_to_move(events, move)))
            assert redecide(forked, rules()) is None
