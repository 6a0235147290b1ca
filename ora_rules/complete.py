"""Completion of a partly written command, for user interfaces (design §5).

``complete(state, rules, prefix_tokens)`` lists the tokens that may follow ``prefix_tokens`` in
some legal move of the seat that decides now. It is derived from ``legal_moves`` alone, so every
offered token leads to at least one legal move (no dead ends), and following the offered tokens
from the empty prefix reaches exactly the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.state import State
from ora_rules.moves import legal_moves
from ora_rules.specs import Rules

#: The token that marks the prefix itself as a complete legal move.
END = ""


def complete(state: State, rules: Rules, prefix_tokens: Sequence[str], partial: str = ""
             ) -> list[str]:
    """The distinct next tokens after ``prefix_tokens``, in the order of ``legal_moves``.

    ``""`` (:data:`END`) in the result means ``prefix_tokens`` is itself a legal move. An empty
    result means no legal move starts with the prefix (or nobody is to decide).
    """
    return complete_from([str(move) for move in legal_moves(state, rules)], prefix_tokens,
                         partial)


def complete_from(moves: Sequence[str], prefix_tokens: Sequence[str], partial: str = ""
                  ) -> list[str]:
    """:func:`complete` over an already enumerated list of move strings. ``partial`` is a
    half-typed next token: only the tokens that start with it are offered (the end marker
    only when ``partial`` is empty)."""
    prefix = list(prefix_tokens)
    k = len(prefix)
    seen: dict[str, None] = {}
    for move in moves:
        tokens = move.split()
        if tokens[:k] == prefix:
            seen.setdefault(tokens[k] if len(tokens) > k else END, None)
    if partial:
        return [t for t in seen if t and t.startswith(partial)]
    return list(seen)
