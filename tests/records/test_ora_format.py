"""Our record format (docs/records.md): writing, reading, and the errors that name the line."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from ora_core.codec import EventJsonCodec
from ora_core.events import GameStarted, MovePlayed, SeatTaken
from ora_core.evolve import fold
from ora_rules.bots import random_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.readings import resolve
from ora_rules.records import READERS, RecordError, read_record, write_record
from ora_rules.records.ora_format import chain_of, parse_record
from ora_rules.setup import make_config
from ora_rules.testing import strategies as gen
from ora_rules.version import RULES_VERSION
from tests.support import rules

CODEC = EventJsonCodec()
GAME = (4, "france", "long", 0)


def test_the_ora_reader_is_registered() -> None:
    assert READERS["ora"] is not None


def test_a_record_has_the_header_then_one_command_per_move() -> None:
    events = gen.random_game(*GAME)[0]
    text = write_record(events)
    lines = text.splitlines()
    assert isinstance(events[0], GameStarted)
    config = events[0].config
    assert lines[:8] == ['[Game "ora"]', '[Players "4"]', '[Variant "france"]',
                         '[Length "long"]', '[Seed "0"]',
                         f'[Colours "{" ".join(config.colours)}"]', '[Readings "rulebook"]',
                         f'[Rules "{RULES_VERSION}"]']  # the engine's rules version (issue 24)
    assert lines[8].startswith('[Result "') and lines[9].startswith('[Head "sha256:')
    moves = [e.move for e in events if isinstance(e, MovePlayed)]
    assert [line.split("  #")[0] for line in lines[10:]] == moves


@given(config=gen.configs, seed=gen.game_seeds)
def test_export_then_import_gives_the_same_events(config: tuple[int, str, str],
                                                  seed: int) -> None:
    events = gen.random_game(*config, seed)[0]
    for checkpoints in (True, False):
        imported = read_record(write_record(events, checkpoints=checkpoints), rules())
        assert imported.stop is None
        assert [CODEC.encode(e) for e in imported.events] == [CODEC.encode(e) for e in events]
        assert chain_of(imported.events)[-1] == chain_of(events)[-1]


def test_comments_blank_lines_and_several_tags_on_a_line_are_read() -> None:
    events = gen.random_game(*GAME)[0]
    plain = write_record(events, checkpoints=False).splitlines()
    header, moves = plain[:10], plain[10:]
    text = "\n".join(["# a game between bots", " ".join(header[:6]) + "  # the set-up",
                      *header[6:], "", *(f"{m}   # move {i}" for i, m in enumerate(moves))])
    imported = read_record(text, rules())
    assert imported.stop is None and len(imported.events) == len(events)


def record_lines() -> list[str]:
    return write_record(gen.random_game(*GAME)[0]).splitlines()


@pytest.mark.parametrize(("edit", "line", "words"), [
    (lambda ls: ['[Game "ora"', *ls[1:]], 1, "not a tag pair"),
    (lambda ls: [*ls[:2], '[Event "club night"]', *ls[2:]], 3, "unknown tag [Event]"),
    (lambda ls: [*ls[:2], '[Seed "3"]', *ls[2:]], 6, "a second [Seed]"),
    (lambda ls: [*ls[:11], '[Seed "3"]', *ls[11:]], 12, "a tag after the first move"),
    (lambda ls: [ls[0], '[Players "five"]', *ls[2:]], 2, "expected a whole number"),
    (lambda ls: [ls[0], '[Players "5"]', *ls[2:]], 2, "players must be"),
    (lambda ls: [*ls[:2], '[Variant "spain"]', *ls[3:]], 3, "variant must be"),
    (lambda ls: [*ls[:5], '[Colours "R R B W"]', *ls[6:]], 6, "colours must be"),
    (lambda ls: ['[Game "chess"]', *ls[1:]], 1, "[Game \"ora\"] records"),
    (lambda ls: [*ls[:6], '[Readings "chess"]', *ls[7:]], 7, "unknown readings"),
    (lambda ls: [*ls[:7], '[Names "Ann,Bo,Cy"]', *ls[7:]], 8, "3 value(s) for 4 seat(s)"),
    (lambda ls: [*ls[:7], '[Bots ",,greedy,"]', *ls[7:]], 8, "[Bots] without [Names]"),
    (lambda ls: [*ls[:7], '[Names "Ann,,Cy,Di"]', '[Seated "0@0 1@0 2@0 3@0"]', *ls[7:]], 9,
     "not seat@moves of a named seat"),
    (lambda ls: [*ls[:7], '[Names "Ann,Bo,Cy,Di"]', '[Seated "0@0 1@0"]', *ls[7:]], 9,
     "must list every named seat"),
    (lambda ls: [*ls[:7], '[Names "Ann,,Cy,Di"]', '[Bots ",greedy,,"]', *ls[7:]], 9,
     "seat 1 has a bot but no name"),
    (lambda ls: [*ls[:8], '[Result "R 1, G 2, B 3, W 4"]', *ls[9:]], 9, "is not the replay's"),
    (lambda ls: [*ls[:7], '[Rules "one"]', *ls[8:]], 8, "[Rules]: expected a whole number"),
    (lambda ls: [*ls[:9], '[Head "sha256:00"]', *ls[10:]], 10, "[Head] is not the replay's"),
])
def test_a_bad_record_is_refused_naming_its_line(edit: object, line: int, words: str) -> None:
    text = "\n".join(edit(record_lines()))  # type: ignore[operator]
    with pytest.raises(RecordError) as caught:
        read_record(text, rules())
    assert caught.value.line == line
    assert words in caught.value.message
    assert caught.value.message.startswith(f"line {line}: ")


def test_a_record_without_a_required_tag_is_refused() -> None:
    lines = [line for line in record_lines() if not line.startswith("[Seed")]
    with pytest.raises(RecordError, match=r"no \[Seed\] tag"):
        read_record("\n".join(lines), rules())


def test_a_changed_move_with_checkpoints_names_the_first_differing_version() -> None:
    lines = record_lines()
    at = next(i for i, line in enumerate(lines) if line.startswith("COMMIT") and i > 20)
    previous = int(lines[at - 1].split("#v")[1].split(":")[0])
    # Swap two moves' checkpoints: the moves replay, but the record's hashes disagree.
    lines[at] = lines[at].split("#")[0] + "#v" + lines[at].split("#v")[1][:-8] + "00000000"
    with pytest.raises(RecordError) as caught:
        read_record("\n".join(lines), rules())
    assert caught.value.line == at + 1
    assert caught.value.version == previous + 1
    ours = sum(1 for line in lines[:at + 1] if not line.startswith("["))  # no take-back lines
    assert caught.value.message.startswith(f"line {at + 1}: move {ours} (COMMIT) replays")
    assert f"after version {previous}" in caught.value.message


def test_an_illegal_move_stops_the_import_where_it_stands() -> None:
    """A slot ended without its main action (R-ACT-1): the import keeps the moves before it."""
    lines = record_lines()
    header = [line for line in lines if line.startswith("[") and not line.startswith(
        ("[Result", "[Head"))]
    moves = [line.split("  #")[0] for line in lines if not line.startswith("[")]
    end = moves.index("COMMIT") + 1
    text = "\n".join([*header, *moves[:end], "COMMIT", *moves[end:]])
    imported = read_record(text, rules())
    assert imported.commands == tuple(moves[:end])
    assert imported.stop is not None
    stop = imported.stop
    assert (stop.move_number, stop.line, stop.command, stop.source) == (
        end + 1, len(header) + end + 1, "COMMIT", "COMMIT")
    assert (stop.reason, stop.rule) == ("main_action_missing", "R-ACT-1")


def test_a_bad_command_stops_with_invalid_command() -> None:
    header = [line for line in record_lines() if line.startswith("[")][:7]
    imported = read_record("\n".join([*header, "FLY TO 3 4"]), rules())
    assert imported.stop is not None
    assert (imported.stop.reason, imported.stop.rule, imported.stop.move_number,
            imported.stop.line) == ("invalid_command", None, 1, 8)
    assert imported.commands == () and len(imported.events) > 0  # the set-up only


def test_parse_reads_tags_in_order() -> None:
    parsed = parse_record('[Game "ora"] [Players "2"]\n[Variant "france"] [Length "long"]\n'
                          '[Seed "1"]\n[Colours "R G"]\n[Readings "rulebook"]  # default\n')
    assert [name for name, _ in parsed.tags] == ["Game", "Players", "Variant", "Length", "Seed",
                                                 "Colours", "Readings"]
    assert parsed.tag_lines["Variant"] == 2 and parsed.moves == []


def test_players_names_bots_and_late_seats_round_trip() -> None:
    """The lobby's seat_taken events (names, bots, seats taken during play) come back in
    their places: export then import gives the same bytes."""
    base = list(gen.random_game(*GAME)[0])
    starts = [i for i, e in enumerate(base) if isinstance(e, MovePlayed)]
    events = [*base[: starts[0]], SeatTaken(seat=0, name='Ann "the, first\\"'),
              SeatTaken(seat=2, name="Cy", bot="greedy"), *base[starts[0]: starts[5]],
              SeatTaken(seat=3, name="Di"), SeatTaken(seat=1, name="Bo"), *base[starts[5]:]]
    text = write_record(events)
    names = dict(parse_record(text).tags)["Names"]  # the tag's value, unquoted
    assert names == 'Ann "the\\, first\\\\",Bo,Cy,Di'  # a comma, a backslash escaped
    assert '[Bots ",,greedy,"]' in text and '[Seated "0@0 2@0 3@5 1@5"]' in text
    imported = read_record(text, rules())
    assert imported.stop is None
    assert [CODEC.encode(e) for e in imported.events] == [CODEC.encode(e) for e in events]
    # the names at the start in seat order need no [Seated]
    plain = [*base[: starts[0]], SeatTaken(seat=1, name="Bo"), *base[starts[0]:]]
    text = write_record(plain)
    assert '[Names ",Bo,,"]' in text and "[Seated" not in text and "[Bots" not in text
    assert read_record(text, rules()).events == tuple(plain)


def test_a_stop_names_the_reading_set_that_would_play_on() -> None:
    """A game played under the kennerspiel readings (two landscapes in a round, one per slot:
    AMB on R-BUY-2), read as a rulebook game: the stop names the kennerspiel set."""
    r = rules()
    events = start(make_config(3, "france", "long", 3, readings=resolve(
        r, {"landscape_purchases": "per_slot", "wheel_entry": "before_rotation"})), r)
    state, rng = fold(events), random.Random(3)
    while not state.finished:
        executed = execute(state, random_bot(state, MoveSet(state, r), rng), r)
        events.extend(executed.events)
        state = executed.state
    text = write_record(events, checkpoints=False)
    assert '[Readings "landscape_purchases=per_slot' in text
    assert read_record(text, r).stop is None
    rulebook = [line for line in text.splitlines()
                if not line.startswith(("[Readings", "[Head", "[Result"))]
    stop = read_record("\n".join(rulebook), r).stop
    assert stop is not None
    assert (stop.reason, stop.rule, stop.reading, stop.option) == (
        "landscape_limit", "R-BUY-2", "kennerspiel-0.21", "landscape_purchases=per_slot")
    assert stop.command.startswith("BUY_")
