"""The hash chain of a game's events (design §2): each event's hash covers its predecessor's.

``hash = sha256(prev_hash + "\\n" + tag + "\\n" + event bytes)``, the first ``prev_hash`` 64
zeros. Pure and dependency-free, so the store, the records and the verifier share one definition.
"""

from __future__ import annotations

import hashlib

GENESIS_HASH = "0" * 64
"""The ``prev_hash`` of every game's first event."""


def chain_hash(prev_hash: str, tag: str, data: bytes) -> str:
    """The hash of an event whose predecessor's hash is ``prev_hash``."""
    return hashlib.sha256(prev_hash.encode() + b"\n" + tag.encode() + b"\n" + data).hexdigest()
