"""Every given kennerspiel record imported as recorded (its engine's profile, kennerspiel-0.21)
reaches its last command with the scores kennerspiel 0.21.1 itself computes
(tests/data/records/expected-scores.json: per colour goods, buildings, settlements, total),
re-decides under the same profile (``verify``), and its audit names the departures it relies
on (docs/records.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ora_core.evolve import fold
from ora_rules.records import Imported, read_record
from ora_rules.records.audit import audit
from ora_rules.records.verify import redecide
from ora_rules.scoring import score
from tests.support import read_test_record, rules

DATA = Path(__file__).resolve().parent.parent / "data" / "records"
EXPECTED = json.loads((DATA / "expected-scores.json").read_text(encoding="utf-8"))
R = rules()


def _as_recorded(key: str) -> tuple[Imported, dict[str, list[int]]]:
    source = key.split("/")[0]
    game = read_test_record(f"records/{key}", source, R.readings.sources[source])
    state = fold(game.events)
    scores = {state.players[s.seat].colour: [s.goods, s.economic, sum(s.settlements), s.total]
              for s in score(state, R) if not state.players[s.seat].neutral}
    return game, scores


@pytest.mark.parametrize("key", sorted(k for k in EXPECTED if k.startswith("kennerspiel/")))
def test_a_kennerspiel_record_as_recorded_scores_as_kennerspiel(key: str) -> None:
    game, scores = _as_recorded(key)
    assert game.stop is None
    assert scores == EXPECTED[key]["scores"]
    assert redecide(list(game.events), R) is None


def test_game21872_finishes_as_kennerspiel_says() -> None:
    game, _ = _as_recorded("kennerspiel/game21872.txt")
    assert fold(game.events).finished
    assert EXPECTED["kennerspiel/game21872.txt"]["status"] == "FINISHED"


def test_the_audit_of_game4aedf9e5_names_each_departure() -> None:
    """R-CLG-4 (a clergyman over its own on the Stone Merchant and the Castle), AMB-05 (a
    second purchase in a round), AMB-02 (grapes and stone entering before the rotation)."""
    game, _ = _as_recorded("kennerspiel/game4aedf9e5.txt")
    found = audit(game.events, R)
    assert found.profile == "kennerspiel-0.21"
    by_option: dict[str, list[int]] = {}
    for d in found.departures:
        by_option.setdefault(d.option, []).append(d.move_number)
    assert by_option["occupied_own_building=replaces"] == [137, 258]
    assert set(by_option) == {"occupied_own_building=replaces", "landscape_purchases=per_slot",
                              "wheel_entry=before_rotation"}
    clergy = next(d for d in found.departures if d.move_number == 137)
    assert clergy.command == "PRIOR G12 3 PtPtPtShShSh"
    assert (clergy.kind, clergy.rule) == ("departure", "R-CLG-4")
    assert clergy.rulebook.startswith("refused: building_occupied (R-CLG-4)")
    assert "occupied" in clergy.rule_text
    purchase = next(d for d in found.departures if d.option.startswith("landscape"))
    assert purchase.rulebook.startswith("refused: landscape_limit (R-BUY-2)")


def test_a_rulebook_game_has_nothing_to_audit() -> None:
    game = read_record((DATA / "kennerspiel" / "control-solo.txt").read_text(encoding="utf-8"),
                       R, "kennerspiel")
    found = audit(game.events, R)
    assert (found.profile, found.departures) == ("rulebook", ())
