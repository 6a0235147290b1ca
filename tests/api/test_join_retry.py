"""``game.join`` is safe to retry (issue 22, finding 2): a join whose answer was lost, sent
again with the same invitation and the same client request id, gets the same seat and token."""

from __future__ import annotations

import pytest

from tests.api.conftest import Local, RpcFailed


def _open_game(local: Local) -> str:
    created = local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 3},
        "seats": [{"name": "Ann"}, {}]})
    invite: str = created["seats"][1]["invite"]
    return invite


def test_a_join_retried_with_its_request_id_gets_the_same_seat_and_token(local: Local) -> None:
    invite = _open_game(local)
    first = local.call("game.join", {"invite": invite, "name": "Bob", "request_id": "r-7f3a"})
    again = local.call("game.join", {"invite": invite, "name": "Bob", "request_id": "r-7f3a"})
    assert (again["game_id"], again["seat"], again["token"]) == (
        first["game_id"], first["seat"], first["token"])
    # the token works: it reads the private game; one seat_taken event, not two
    state = local.call("game.state", {"game_id": first["game_id"], "token": again["token"]})
    assert state["version"] == first["version"] == again["version"]


@pytest.mark.parametrize("retry", [{"request_id": "r-other"}, {}])
def test_another_request_id_or_none_still_finds_the_invitation_used(local: Local,
                                                                    retry: dict[str, str]
                                                                    ) -> None:
    invite = _open_game(local)
    first = local.call("game.join", {"invite": invite, "name": "Bob", "request_id": "r-1"})
    with pytest.raises(RpcFailed) as refused:
        local.call("game.join", {"invite": invite, "name": "Eve", **retry})
    assert refused.value.error["data"]["reason"] == "invite_used"
    assert first["token"] not in str(refused.value.error)


def test_a_join_without_request_id_works_once(local: Local) -> None:
    invite = _open_game(local)
    local.call("game.join", {"invite": invite, "name": "Bob"})
    with pytest.raises(RpcFailed) as refused:
        local.call("game.join", {"invite": invite, "name": "Bob"})
    assert refused.value.error["data"]["reason"] == "invite_used"
