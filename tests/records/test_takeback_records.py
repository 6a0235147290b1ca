"""Records of games with a take-back (docs/records.md "Take-backs", ora_rules/records/
takeback_lines.py): the moves taken back stay in the record, with the request and the answers
as lines of their own, and import replays them to the same events byte for byte (UNDO-1 ..
UNDO-4 of ora_rules/undo.py decide them again)."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store
from ora_core.codec import EventJsonCodec
from ora_core.events import GameEvent, PositionRestored, SeatTaken, UndoAnswered, UndoLapsed
from ora_core.evolve import fold
from ora_rules import undo
from ora_rules.decide import execute, start
from ora_rules.moves import legal_moves
from ora_rules.records import RecordError, read_record, write_record
from ora_rules.records.ora_format import chain_of
from ora_rules.records.verify import redecide
from ora_rules.setup import make_config
from tests.support import rules

CODEC = EventJsonCodec()


def _moves(events: list[GameEvent], n: int) -> None:
    for _ in range(n):
        state = fold(events)
        events.extend(execute(state, str(legal_moves(state, rules())[-1]), rules()).events)


def _game_with_take_backs() -> list[GameEvent]:
    """Three people; a refused take-back, one that lapses, one accepted by both others."""
    events = list(start(make_config(3, "france", "long", 5), rules()))
    events += [SeatTaken(seat=s, name=n) for s, n in enumerate(("Ann", "Bo", "Cy"))]
    _moves(events, 6)
    events += undo.request(events, 0, 2)
    events += undo.answer(events, 1, False)            # UNDO-4: one refusal ends it
    _moves(events, 2)
    events += undo.request(events, 1, 5)
    _moves(events, 1)                                  # UNDO-3: a move lapses it
    assert isinstance(events[-1], UndoLapsed) or any(isinstance(e, UndoLapsed)
                                                     for e in events[-6:])
    events += undo.request(events, 2, 3)
    events += undo.answer(events, 0, True)
    events += undo.answer(events, 1, True)             # the last consent restores
    assert isinstance(events[-1], PositionRestored)
    _moves(events, 3)
    return events


def test_a_record_carries_the_moves_taken_back_and_the_agreement() -> None:
    events = _game_with_take_backs()
    text = write_record(events)
    lines = [line.split("  #")[0] for line in text.splitlines() if not line.startswith("[")]
    assert lines[6:8] == ["!undo 0 2", "!refuse 1"]
    assert lines[10:11] == ["!undo 1 5"]
    assert lines[12:15] == ["!undo 2 3", "!accept 0", "!accept 1"]
    assert len(lines) == 18  # 12 moves (3 of them taken back) and 6 take-back lines
    for checkpoints in (True, False):
        imported = read_record(write_record(events, checkpoints=checkpoints), rules())
        assert imported.stop is None
        assert [CODEC.encode(e) for e in imported.events] == [CODEC.encode(e) for e in events]
        assert chain_of(imported.events)[-1] == chain_of(events)[-1]
        assert len(imported.commands) == 12  # moves only


def test_a_take_back_line_the_rules_refuse_stops_the_import_there() -> None:
    events = _game_with_take_backs()
    text = write_record(events, checkpoints=False)
    bad = text.replace("!undo 2 3", "!undo 2 9")  # move 9 is the line's last (UNDO-2)
    imported = read_record(bad, rules())
    assert imported.stop is not None
    assert imported.stop.rule == "UNDO-2" and imported.stop.source == "!undo 2 9"
    # the record's 13th line after the tags; our 10th move (a take-back line is no move)
    assert (imported.stop.line, imported.stop.move_number) == (23, 10)
    stranger = text.replace("!accept 0", "!accept 4")
    assert read_record(stranger, rules()).stop.reason == "no_such_seat"  # type: ignore[union-attr]
    with pytest.raises(RecordError) as malformed:
        read_record(text.replace("!refuse 1", "!refuse one"), rules())
    assert "take-back line" in str(malformed.value)
    assert malformed.value.line == text.splitlines().index("!refuse 1") + 1


def test_a_seat_taken_during_the_agreement_is_written_where_it_was_taken() -> None:
    """[Seated] places a seat after a number of record lines (moves and the table's lines):
    a seat taken between a request and its answer comes back between them."""
    events = list(start(make_config(3, "france", "long", 5), rules()))
    events += [SeatTaken(seat=0, name="Ann"), SeatTaken(seat=1, name="Bo")]
    _moves(events, 3)
    events += undo.request(events, 0, 1)
    events += [SeatTaken(seat=2, name="Cy")]
    events += undo.answer(events, 1, True)  # the seats asked are those seated when asked
    assert isinstance(events[-1], PositionRestored)
    imported = read_record(write_record(events), rules())
    assert imported.stop is None
    assert [CODEC.encode(e) for e in imported.events] == [CODEC.encode(e) for e in events]


def test_verify_re_decides_the_take_back_lines_too() -> None:
    """ora verify GAME (redecide): the request and answers are decided again by
    ora_rules.undo; a stored answer today's rules would not give is the first difference."""
    events = _game_with_take_backs()
    assert redecide(events, rules()) is None
    at = next(i for i, e in enumerate(events) if isinstance(e, UndoAnswered) and e.accepted)
    forged = [*events[:at], UndoAnswered(seat=2, accepted=True), *events[at + 1:]]
    found = redecide(forged, rules())
    assert found is not None and found.version == at + 1
    assert found.rule == "UNDO-4" and found.move == "!accept 2"


def test_ora_export_import_and_verify_a_game_with_take_backs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI's round trip: ``ora export`` writes the take-back lines, ``ora import`` stores
    the same events (hash for hash), ``ora verify`` finds both games sound."""
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    game_id = uuid.uuid4()
    with open_store(url) as store:
        store.append(game_id, 0, _game_with_take_backs())
    record = tmp_path / "game.ora"
    assert main(["export", str(game_id), "-o", str(record), "--store", url]) == 0
    assert "\n!accept 1  #v" in record.read_text()
    capsys.readouterr()
    assert main(["import", str(record), "--store", url]) == 0
    new_id = uuid.UUID(capsys.readouterr().out.strip())
    with open_store(url) as store:
        one, two = store.events(game_id), store.events(new_id)
    assert [(r.tag, r.data, r.hash) for r in one] == [(r.tag, r.data, r.hash) for r in two]
    for game in (game_id, new_id):
        assert main(["verify", str(game), "--store", url]) == 0
        assert capsys.readouterr().out.startswith(f"ok: game {game}: ")
