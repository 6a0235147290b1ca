"""Long polls on a WebSocket (``game.wait_turn``, docs/api.md "Turn notices"): the socket's
reader answers messages one after another, so a poll waiting up to a minute would hold every
later call of that client. A message that is one ``game.wait_turn`` request is answered beside
the reader instead, at most :data:`PER_SOCKET` at once (more are answered in line, as before).
"""

from __future__ import annotations

import orjson

#: Long polls one WebSocket client may have waiting beside its other calls.
PER_SOCKET = 2
_METHODS = frozenset({"game.wait_turn"})


def is_long_poll(raw: str | bytes) -> bool:
    """``raw`` (a text frame as it came, or bytes) is a single request (not a batch) of a
    long-polling method."""
    named = "wait_turn" in raw if isinstance(raw, str) else b"wait_turn" in raw
    if not named:  # the cheap test first: most messages are something else
        return False
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return isinstance(message, dict) and message.get("method") in _METHODS
