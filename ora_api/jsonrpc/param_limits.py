"""Numbers from clients, bounded before they reach SQLite or ``int()`` (issue 22, finding 8).

SQLite's integers are signed 64-bit (a larger one is an ``OverflowError``, an internal error),
and ``str.isdigit`` is true of superscripts and other scripts' digits that ``int`` refuses. A
number in a cursor or a query string is therefore ASCII digits, at most ``MAX_DIGITS`` of them;
a number in JSON params is a signed 64-bit integer (``ora_api.jsonrpc.rpc``).
"""

from __future__ import annotations

from ora_api.jsonrpc.rpc import RpcError, invalid_params

#: The range of an integer param (SQLite's INTEGER).
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
#: The most digits of a number given as text: any such number fits in 64 bits.
MAX_DIGITS = 18


def fits_int64(value: int) -> bool:
    return INT64_MIN <= value <= INT64_MAX


def digits(text: str) -> bool:
    """``text`` is a whole number we parse: 1 to 18 ASCII digits."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def whole_number(text: str, path: str, *, reason: str = "invalid_params",
                 what: str = "a whole number") -> int:
    """``text`` as a number; invalid_params naming ``path`` otherwise."""
    if not digits(text):
        raise bad_number(text, path, reason=reason, what=what)
    return int(text)


def bad_number(text: str, path: str, *, reason: str, what: str) -> RpcError:
    return invalid_params(f"{path} must be {what} (at most {MAX_DIGITS} digits 0-9), got "
                          f"{text[:20]!r}", path, reason=reason)
