"""``game.import`` with ``as_recorded`` and ``game.audit`` (docs/records.md "Profiles", "The
audit"): a kennerspiel record is stored under its engine's profile, the state and the view name
that profile, and the audit lists the moves that relied on its options."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.conftest import Local, RpcFailed

RECORD = (Path(__file__).resolve().parents[1] / "data" / "records" / "kennerspiel"
          / "game4aedf9e5.txt").read_text(encoding="utf-8")


def test_import_as_recorded_stores_the_game_under_its_profile_and_audits_it(
        local: Local) -> None:
    strict = local.call("game.import", {"record": RECORD, "source": "kennerspiel"})
    assert strict["game_id"] is None
    assert (strict["stop"]["reason"], strict["stop"]["option"]) == (
        "landscape_limit", "landscape_purchases=per_slot")
    imported = local.call("game.import", {"record": RECORD, "source": "kennerspiel",
                                          "as_recorded": True, "visibility": "public"})
    assert imported["stop"] is None and imported["profile"] == "kennerspiel-0.21"
    game_id = imported["game_id"]
    clergy = [d for d in imported["departures"] if d["rule"] == "R-CLG-4"]
    assert [d["move_number"] for d in clergy] == [137, 258]
    assert clergy[0]["kind"] == "departure"
    assert clergy[0]["rulebook"].startswith("refused: building_occupied")
    audited = local.call("game.audit", {"game_id": game_id})
    # a stored game has no record lines: the import names them, the rest is the same
    assert [d["line"] for d in clergy] == [144, 273] and clergy[0]["command"].startswith(
        "PRIOR G12")
    assert audited["departures"] == [{**d, "line": None} for d in imported["departures"]]
    assert local.call("game.state", {"game_id": game_id})["config"]["profile"] == \
        "kennerspiel-0.21"
    assert local.call("game.view", {"game_id": game_id})["profile"] == "kennerspiel-0.21"
    assert local.call("game.verify", {"game_id": game_id})["ok"] is True


def test_audit_of_a_record_and_bad_params(local: Local) -> None:
    audited = local.call("game.audit", {"record": RECORD, "source": "kennerspiel",
                                        "as_recorded": True})
    assert audited["profile"] == "kennerspiel-0.21" and audited["stop"] is None
    assert audited["moves"] == 262
    strict = local.call("game.audit", {"record": RECORD, "source": "kennerspiel"})
    assert strict["profile"] == "rulebook" and strict["departures"] == []
    assert strict["stop"].startswith("line 51, move 48 'BUY_PLOT -1 COAST'")
    with pytest.raises(RpcFailed):
        local.call("game.audit", {})
    with pytest.raises(RpcFailed):
        local.call("game.import", {"record": RECORD, "source": "kennerspiel",
                                   "as_recorded": True, "readings": "rulebook"})
