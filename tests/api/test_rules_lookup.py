"""rules.lookup: every rule id an error cites can be looked up through the API (docs/api.md)."""

from __future__ import annotations

import pytest

from tests.api.conftest import Local, RpcFailed, new_game


def test_the_rule_of_a_refused_move_can_be_looked_up(local: Local) -> None:
    game_id, tokens = new_game(local, players=3)
    with pytest.raises(RpcFailed) as refused:
        local.call("game.move", {"game_id": game_id, "token": tokens[0], "move": "COMMIT"})
    rule_id = refused.value.data["rule"]
    assert rule_id == "R-ACT-1"
    rule = local.call("rules.lookup", {"id": rule_id})
    assert rule["id"] == "R-ACT-1" and rule["title"] == "one main action per slot"
    assert rule["doc"] == "docs/rules.md#r-act-1"
    assert "S000 p.2" in rule["source"]


def test_an_unknown_rule_id_is_invalid_params_with_suggestions(local: Local) -> None:
    with pytest.raises(RpcFailed) as caught:
        local.call("rules.lookup", {"id": "R-ACT-" + "9"})
    assert caught.value.code == -32602
    assert caught.value.data["reason"] == "unknown_rule"
    assert caught.value.data["path"] == "id"
    assert "did you mean R-ACT-" in caught.value.data["detail"]
