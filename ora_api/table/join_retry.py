"""``game.join`` safe to retry (docs/api.md, "Access"): with a client-chosen ``request_id`` the
seat's token is derived from the invitation and that id (HMAC-SHA256, keyed by the invitation),
so a join whose answer was lost, sent again with the same invitation and id, is recognised (the
seat's stored token digest matches) and gets the same seat and token. Only the invitation's
holder can derive it; another id, or none, still finds the invitation used.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from uuid import UUID

from ora_api.table.lobby import Lobby, digest, new_secret


def join_token(invite: str, request_id: str | None) -> str:
    """The token a join gives: random without a request id, else derived from both."""
    if request_id is None:
        return new_secret()
    mac = hmac.new(invite.encode("utf-8", "surrogatepass"),
                   b"ora-join:" + request_id.encode("utf-8", "surrogatepass"), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode()


def earlier_join(lobby: Lobby, invite: str, request_id: str | None) -> tuple[UUID, int] | None:
    """The game and seat this same join (invitation and request id) already took, or None."""
    if request_id is None:
        return None
    with lobby.transaction(commit=False) as c:
        c.execute("SELECT game_id, seat, token_sha256 FROM ora_seats WHERE invite_sha256 = ?",
                  (digest(invite),))
        row = c.fetchone()
    if row is None or row["token_sha256"] is None or not hmac.compare_digest(
            row["token_sha256"], digest(join_token(invite, request_id))):
        return None
    return UUID(row["game_id"]), int(row["seat"])
