"""The commands' one table: each verb of the notation, its command classes, how ``decide``
carries it out and how the log tells it (``ora_rules.views.narrate``).

``decide`` and the narration fill their column of a row by decorating their function
(``@USE.decides``, ``@USE.narrates``) and both dispatch through :data:`BY_COMMAND`, so a new
command is one row here, and a row missing a column fails tests/rules/test_verbs.py instead of
falling through a parallel ``isinstance`` chain. This module imports neither side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from ora_core.events import GameEvent
from ora_rules.draft import Draft
from ora_rules.notation import (
    AnswerContract,
    Build,
    BuyDistrict,
    BuyPlot,
    Commit,
    Convert,
    CutPeat,
    FellTrees,
    Settle,
    Use,
    WorkContract,
)

#: ``decide``'s part: apply a command of the row for the deciding seat to the draft, or raise.
Decider = Callable[[Draft, int, Any], None]
#: The log's part, called with its narrator, the command and the command's events: the
#: command's own clause and the events it leaves for the generic clauses.
Teller = Callable[[Any, Any, Sequence[GameEvent]], tuple[str, Sequence[GameEvent]]]

D = TypeVar("D", bound=Decider)
T = TypeVar("T", bound=Teller)


class Verb:
    """One row: the command classes of a verb and its two columns (None until filled)."""

    __slots__ = ("commands", "decide", "name", "narrate")

    def __init__(self, name: str, *commands: type[Any]) -> None:
        self.name = name
        self.commands = commands
        self.decide: Decider | None = None
        self.narrate: Teller | None = None

    def decides(self, fn: D) -> D:
        self.decide = fn
        return fn

    def narrates(self, fn: T) -> T:
        self.narrate = fn
        return fn

    def __repr__(self) -> str:
        return f"<verb {self.name}: {', '.join(c.__name__ for c in self.commands)}>"


USE = Verb("use", Use)
BUILD = Verb("build", Build)
FELL = Verb("fell", FellTrees, CutPeat)
WORK_CONTRACT = Verb("work_contract", WorkContract)
ANSWER = Verb("answer", AnswerContract)
BUY = Verb("buy", BuyDistrict, BuyPlot)
CONVERT = Verb("convert", Convert)
SETTLE = Verb("settle", Settle)
COMMIT = Verb("commit", Commit)

VERBS: tuple[Verb, ...] = (USE, BUILD, FELL, WORK_CONTRACT, ANSWER, BUY, CONVERT, SETTLE, COMMIT)
BY_COMMAND: Final[dict[type[Any], Verb]] = {cls: verb for verb in VERBS for cls in verb.commands}
