"""A hot game: its folded state in the service's cache, who may read and move in it, and its
legal moves at the state's version, listed once and encoded once for every client that asks;
a ``game.legal_moves`` page is cut from that list without encoding it again."""

from __future__ import annotations

import bisect
import itertools
from array import array

import orjson
from attrs import define

from ora_api.jsonrpc.rpc import invalid_params
from ora_api.table.lobby import Access
from ora_core.state import State
from ora_rules.moves import legal_moves
from ora_rules.specs import Rules


@define
class Hot:
    state: State
    access: Access
    moves: list[str] | None = None
    #: game.legal_moves' whole reply at a version, encoded once for every client that asks.
    moves_reply: tuple[int, orjson.Fragment, int] | None = None  # version, reply, its bytes
    #: At a version, where each move's bytes end in the encoded list (``ends[i]``: the bytes of
    #: ``moves[:i]``): a page is cut to the reply's room by bisection, without encoding again.
    moves_ends: tuple[int, array[int]] | None = None

    def legal(self, rules: Rules) -> list[str]:
        """The legal moves at the state, in the notation (listed once per version)."""
        if self.moves is None:
            self.moves = [str(m) for m in legal_moves(self.state, rules)]
        return self.moves

    def moves_page(self, rules: Rules, offset: int, limit: int | None, room: int
                   ) -> orjson.Fragment:
        """``game.legal_moves``' reply at the state: the whole list when asked for and within
        ``room`` bytes (the same bytes for every client), else the page from ``offset`` of at
        most ``limit`` moves and ``room`` bytes (at least one move)."""
        state = self.state
        moves = self.legal(rules)
        if self.moves_reply is None or self.moves_reply[0] != state.version:
            reply = _moves_page(state, moves, moves, None)
            self.moves_reply = (state.version, orjson.Fragment(reply), len(reply))
        _, whole, size = self.moves_reply
        if offset == 0 and (limit is None or limit >= len(moves)) and size <= room:
            return whole
        if offset > len(moves):
            raise invalid_params(f"cursor: there are {len(moves)} legal moves, the cursor "
                                 f"is at {offset}", "cursor", reason="bad_cursor")
        if self.moves_ends is None or self.moves_ends[0] != state.version:
            # A move's bytes in the list: itself quoted and a comma.
            self.moves_ends = (state.version, array("q", [0, *itertools.accumulate(
                len(orjson.dumps(m)) + 1 for m in moves)]))
        ends = self.moves_ends[1]
        empty = len(_moves_page(state, moves, [], moves_cursor(state.version, len(moves))))
        fits = bisect.bisect_right(ends, ends[offset] + room - empty) - 1
        stop = min(len(moves), max(fits, offset + 1),
                   len(moves) if limit is None else offset + limit)
        cursor = moves_cursor(state.version, stop) if stop < len(moves) else None
        return orjson.Fragment(_moves_page(state, moves, moves[offset:stop], cursor))


def moves_cursor(version: int, offset: int) -> str:
    """game.legal_moves' cursor: the version the list was drawn at and where the page starts."""
    return f"{version}:{offset}"


def _moves_page(state: State, moves: list[str], page: list[str], cursor: str | None) -> bytes:
    return orjson.dumps({"version": state.version, "seat": decider(state), "total": len(moves),
                         "moves": page, "next_cursor": cursor})


def decider(state: State) -> int | None:
    if state.finished or state.flow.turn.kind == "over":
        return None
    return state.flow.turn.decider


