"""Real records that ora was not built against (tests/data/records_more, README there: the
engines' own test games) are checked as the given ones are: as recorded (the source's profile)
each replays to its end and re-decides under that profile (verify), with the scores the source
asserts where it asserts any; strictly (the rulebook) each stops at its first departure with the
rule and the option that plays past it (docs/records.md, "More records")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ora_core.evolve import fold
from ora_rules.records import Imported
from ora_rules.records.verify import redecide
from ora_rules.scoring import score
from tests.support import read_test_record, rules

MORE = Path(__file__).resolve().parent.parent / "data" / "records_more"
EXPECTED = json.loads((MORE / "expected-scores.json").read_text(encoding="utf-8"))
R = rules()


def _read(key: str, as_recorded: bool) -> Imported:
    source = key.split("/")[0]
    return read_test_record(f"records_more/{key}", source,
                            R.readings.sources[source] if as_recorded else None)


@pytest.mark.parametrize("key", [f"weblabora/Game{n}.txt" for n in
                                 (29767, 46615, 46808, 53626, 53772, 53955)])
def test_a_weblabora_test_game_as_recorded_plays_to_game_over(key: str) -> None:
    game = _read(key, as_recorded=True)
    assert game.stop is None
    state = fold(game.events)
    assert state.finished
    assert redecide(list(game.events), R) is None
    if key in EXPECTED:  # R-SCORE-1..4 as weblabora's own test asserts them
        scores = {state.players[s.seat].colour: [s.goods, s.economic, sum(s.settlements),
                                                 s.total] for s in score(state, R)}
        assert scores == EXPECTED[key]


@pytest.mark.parametrize(("key", "stop"), [
    # R-BUY-2 / AMB-05: a second landscape in one round (landscape_purchases=per_slot).
    ("weblabora/Game53626.txt", (11, 15, "landscape_limit", "R-BUY-2",
                                 "landscape_purchases=per_slot")),
    ("weblabora/Game29767.txt", (149, 149, "landscape_limit", "R-BUY-2",
                                 "landscape_purchases=per_slot")),
    # R-CLG-4: kennerspiel places the prior on its own occupied Cloister Courtyard.
    ("kennerspiel/game2952eea3.txt", (84, 89, "building_occupied", "R-CLG-4",
                                      "occupied_own_building=replaces")),
])
def test_strictly_a_record_stops_at_its_first_departure(
        key: str, stop: tuple[int, int, str, str, str]) -> None:
    game = _read(key, as_recorded=False)
    assert game.stop is not None
    assert (game.stop.move_number, game.stop.line, game.stop.reason, game.stop.rule,
            game.stop.option) == stop
    assert game.stop.move_number == len(game.commands) + 1  # our moves, not the record's lines


def test_weblabora_s_game46808_breaks_no_rule_of_the_rulebook() -> None:
    game = _read("weblabora/Game46808.txt", as_recorded=False)
    assert game.stop is None and fold(game.events).finished


@pytest.mark.parametrize("key", ["kennerspiel/game2952eea3.txt", "kennerspiel/game29767.txt",
                                 "kennerspiel/gameClaude4.txt"])
def test_a_kennerspiel_test_game_as_recorded_plays_to_its_last_command(key: str) -> None:
    game = _read(key, as_recorded=True)
    assert game.stop is None
    assert redecide(list(game.events), R) is None


def test_game_e504cc4e_of_kennerspiel_0_18_stops_where_that_engine_skipped_solo_round_25() -> None:
    """kennerspiel 0.18.1 had no solo round 25 (its commit 1ba0a122 "add back round 25 in
    solo" removed this very test): after round 24 its record goes on to the neutral player's
    building of settlement phase D (line 147, three BUILDs in a row) where our round 25 begins
    (R-SCHED-1, R-SOLO-7). Up to there the kennerspiel-0.21 profile plays it; that older
    engine's missing round is no option of the 0.21 profile."""
    game = _read("kennerspiel/game-e504cc4e.txt", as_recorded=True)
    assert game.stop is not None
    assert (game.stop.line, game.stop.source, game.stop.reason) == (
        147, "BUILD F27 0 1", "space_occupied")
    assert fold(game.events).round == 25
