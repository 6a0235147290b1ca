"""Legal moves: every distinct legal command of the player to decide (design §5).

``legal_moves`` lists them; ``MoveSet`` groups them by verb and target and enumerates a group
only when asked. The enumeration itself is ``ora_rules.move_items``; ``is_legal`` asks
``decide`` itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ora_core.errors import OraError
from ora_core.state import State
from ora_rules.decide import decide
from ora_rules.move_items import MoveGroup, expand, group_key, grouped, items
from ora_rules.notation import Command
from ora_rules.readings import under
from ora_rules.specs import Rules

__all__ = ["MoveGroup", "MoveSet", "group_key", "is_legal", "iter_moves", "legal_moves"]


def is_legal(state: State, command: Command | str, rules: Rules) -> bool:
    """Whether ``decide`` accepts ``command``; never raises for bad input."""
    try:
        decide(state, command, rules)
    except OraError:
        return False
    return True


def legal_moves(state: State, rules: Rules) -> list[Command]:
    """Every distinct legal command of the seat that decides now (empty once the game is over)."""
    return list(iter_moves(state, rules))


def iter_moves(state: State, rules: Rules) -> Iterator[Command]:
    return expand(items(state, under(rules, state.config.readings)))


class MoveSet(Sequence[Command]):
    """The legal moves of a position, as ``legal_moves`` lists them, but enumerated lazily:
    ``groups()`` gives every non-empty (verb, target) group without enumerating any use's
    parameters; indexing or iterating enumerates everything once."""

    def __init__(self, state: State, rules: Rules) -> None:
        # The game's readings' spec fields, as ``legal_moves`` and ``decide`` see them: without
        # them, under weblabora's priory_target the Priory's uses were the rulebook's.
        self._items = list(items(state, under(rules, state.config.readings)))
        self._flat: list[Command] | None = None
        self._groups: dict[str, dict[str, MoveGroup]] | None = None

    def groups(self) -> dict[str, dict[str, MoveGroup]]:
        """verb -> target -> group, every group non-empty."""
        if self._groups is None:
            self._groups = grouped(self._items)
        return self._groups

    def _all(self) -> list[Command]:
        if self._flat is None:
            self._flat = list(expand(self._items))
        return self._flat

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> Command: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...
    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Command]:
        return iter(self._all())
