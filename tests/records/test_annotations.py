"""Annotations (issue 35; docs/records.md "Annotations", ora_rules/annotations.py): a comment on
a move is a ``move_annotated`` event that changes no rules state, a ``; text`` line of the
record that export writes and import replays byte for byte, and ``ora verify`` leaves out."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ora_core.codec import EventJsonCodec, state_to_dict
from ora_core.events import GameEvent, MoveAnnotated, MovePlayed
from ora_core.evolve import fold
from ora_rules.annotations import MAX_TEXT, BadAnnotation, annotate
from ora_rules.bots import random_bot
from ora_rules.game import Game
from ora_rules.records import RecordError, read_record, write_record
from ora_rules.records.audit import audit
from ora_rules.records.verify import redecide
from ora_rules.views.narrate import narrate_game
from tests.support import rules

CODEC = EventJsonCodec()


def _game(rounds: int = 2) -> Game:
    game = Game.new(rules(), 2, "france", "long", seed=5)
    game.play_bots([random_bot], seed=5, max_rounds=rounds)
    return game


def _annotated() -> list[GameEvent]:
    """A game annotated on the game itself, its last move and (later) an earlier move."""
    game = _game()
    events = game.events
    events.append(annotate(events, 0, "a quiet opening # with a hash; and ;"))
    events.append(annotate(events, None, "the last move so far"))
    game.state = fold(events)
    game.play(str(game.legal_moves()[0]))
    events.append(annotate(events, 2, "looking back at move 2"))
    return events


def _bytes(events: Sequence[GameEvent]) -> list[bytes]:
    return [CODEC.encode(e) for e in events]


def test_an_annotation_changes_no_rules_state() -> None:
    game = _game()
    before = state_to_dict(game.state)
    after = state_to_dict(fold([annotate(game.events, 3, "why not?")], game.state))
    assert after.pop("version") == before.pop("version") + 1
    assert after == before
    events = _annotated()
    assert redecide(events, rules()) is None  # verify leaves the annotations out
    assert audit(events, rules()).departures == ()


def test_export_writes_each_annotation_on_a_line_of_its_own_and_import_replays_it() -> None:
    events = _annotated()
    text = write_record(events, rules=rules())
    notes = [line for line in text.splitlines() if line.startswith(";")]
    assert notes == [";@0 a quiet opening # with a hash; and ;", "; the last move so far",
                     ";@2 looking back at move 2"]  # written where (when) they were
    back = read_record(text, rules())
    assert back.stop is None and _bytes(list(back.events)) == _bytes(events)
    assert len(back.commands) == sum(type(e) is MovePlayed for e in events)
    fresh = Game.new(rules(), 1, "ireland", "long", seed=2)
    fresh.events.append(annotate(fresh.events, None, "before the first move"))
    lines = write_record(fresh.events, rules=rules()).splitlines()
    assert lines[-1] == "; before the first move" and lines[-2].startswith("[Head")
    assert _bytes(list(read_record("\n".join(lines), rules()).events)) == _bytes(fresh.events)


def test_an_annotation_written_by_hand_into_an_exported_record_is_read() -> None:
    game = _game()
    text = write_record(game.events, rules=rules())  # checkpoints and [Head] of the bare game
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("COMMIT"))
    lines[at] = lines[at].replace("COMMIT", "COMMIT ; ended early", 1)  # on the move's line
    lines.insert(at + 3, "; and a line of its own")
    back = read_record("\n".join(lines), rules())
    notes = [e for e in back.events if isinstance(e, MoveAnnotated)]
    moves_before = sum(1 for line in lines[:at + 1] if line and line[0].isupper())
    assert [(n.move, n.text) for n in notes] == [(moves_before, "ended early"),
                                                 (moves_before + 2, "and a line of its own")]
    bare = [e for e in back.events if not isinstance(e, MoveAnnotated)]
    assert _bytes(bare) == _bytes(game.events)


def test_a_record_changed_otherwise_is_still_refused_with_annotations() -> None:
    text = write_record(_annotated(), rules=rules())
    changed = text.replace("COMMIT  #v", "COMMIT ; by hand  #v", 1)
    changed = changed.replace("\nCOMMIT  #v", "\nCONVERT Gn  #v", 1)  # a move changed too
    with pytest.raises(RecordError):
        read_record(changed, rules())


@pytest.mark.parametrize(("line", "what"), [
    (";@99 too far", "move 99"), (";", "1 to"), ("; " + "x" * (MAX_TEXT + 1), "1 to")])
def test_a_bad_annotation_line_names_its_line(line: str, what: str) -> None:
    lines = write_record(_game(1).events, rules=rules(), checkpoints=False).splitlines()
    lines.append(line)
    with pytest.raises(RecordError) as info:
        read_record("\n".join(lines), rules())
    assert info.value.line == len(lines) and what in info.value.message


def test_annotate_refuses_what_is_no_annotation() -> None:
    events = _game(1).events
    played = sum(type(e) is MovePlayed for e in events)
    for move, text, reason in ((played + 1, "later", "no_such_move"), (-1, "x", "no_such_move"),
                               (1, "  ", "bad_text"), (1, "two\nlines", "bad_text"),
                               (1, "tab\there", "bad_text")):
        with pytest.raises(BadAnnotation) as info:
            annotate(events, move, text)
        assert info.value.reason == reason and info.value.code == "bad_annotation"
    assert annotate(events, None, "  trimmed  ") == MoveAnnotated(move=played, text="trimmed")
    with pytest.raises(BadAnnotation, match=f"move {played + 1}: the game has {played} move"):
        annotate(events, played + 1, "later")
    with pytest.raises(BadAnnotation, match="move -1: moves are numbered from 0"):
        annotate(events, -1, "x")


def test_the_log_shows_each_annotation_with_its_move() -> None:
    events = _annotated()
    said = {m.number: m.notes for m in narrate_game(events, rules())}
    played = sum(type(e) is MovePlayed for e in events)
    assert said[2] == ("looking back at move 2",)
    assert said[played - 1] == ("the last move so far",)
    assert sum(len(n) for n in said.values()) == 2  # move 0's is the game's, not a move's
    versions = [m.version for m in narrate_game(events, rules())]
    assert versions == [i + 1 for i, e in enumerate(events) if type(e) is MovePlayed]


@pytest.mark.parametrize(("source", "name", "profile"), [
    ("kennerspiel", "game21872.txt", "kennerspiel-0.21"),
    ("weblabora", "Game20430.txt", "weblabora")])
def test_the_other_engines_readers_read_annotations(source: str, name: str,
                                                     profile: str) -> None:
    with open(f"tests/data/records/{source}/{name}", encoding="utf-8") as f:
        lines = f.read().splitlines()[:40]  # the opening is enough (and quick to replay)
    plain = read_record("\n".join(lines), rules(), source, profile)
    lines[4] += " ; after the third line's move  # and a comment"
    lines.insert(9, "; on a line of its own")
    lines.insert(1, "; on the game")
    read = read_record("\n".join(lines), rules(), source, profile)
    assert read.stop is None and read.commands == plain.commands
    notes = [(e.move, e.text) for e in read.events if isinstance(e, MoveAnnotated)]
    assert [text for _, text in notes] == ["on the game", "after the third line's move",
                                          "on a line of its own"]
    assert notes[0][0] == 0 and 0 < notes[1][0] < notes[2][0]
    bare = [e for e in read.events if not isinstance(e, MoveAnnotated)]
    assert _bytes(bare) == _bytes(plain.events)
    back = read_record(write_record(list(read.events), rules=rules()), rules())
    assert _bytes(back.events) == _bytes(read.events)
