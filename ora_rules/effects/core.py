"""The machinery of the effect vocabulary: the use context, the token reader, the node base.

A building's function is a tree of effect nodes parsed from its spec. A *use* names every choice
as tokens after the building id (``USE F04 3``: three times; ``USE LR2 JoSh``: livestock with the
joker). Each node reads its tokens and applies itself to a ``UseContext``; ``options`` enumerates
every legal token sequence, each with the context it leads to, so validation and enumeration share
one code path (the enumerated moves are exactly the ones ``run`` accepts).

Food and energy amounts (R-GOODS-3) are pooled over the whole use and paid at the end with one
goods string, because several cards pool them across repetitions (Bakery, Stone Merchant, Cloister
Workshop, Estate). Coins are a pool; straw lacking is flipped from grain (R-FREE-3).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ora_core.errors import IllegalCommand, InvalidCommand
from ora_core.events import BuildingUsed, GameEvent
from ora_core.native import Record
from ora_core.state import State
from ora_core.values import Good
from ora_rules.spec_set.model import Rules

_COUNT = re.compile(r"^[0-9]{1,6}$")


class TokenReader:
    """The parameter tokens of one use, read left to right; a missing token reads as None."""

    def __init__(self, tokens: Sequence[str]) -> None:
        self.tokens = list(tokens)
        self.pos = 0
        self.none_at: set[int] = set()

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def next(self) -> str | None:
        token = self.peek()
        if token is not None:
            self.pos += 1
        return token

    def count(self, low: int, high: int | None) -> int:
        """A repetition count token; missing means ``low``."""
        token = self.next()
        if token is None:
            return low
        if token == "-":
            self.mark_none()
            return low
        if not _COUNT.match(token):
            raise InvalidCommand(f"expected a count, got {token!r}")
        n = int(token)
        if n < low or (high is not None and n > high):
            limit = f"{low}..{high}" if high is not None else f">= {low}"
            raise InvalidCommand(f"count {n} out of range {limit}")
        if n == 0:
            self.mark_none()
        return n

    def mark_none(self) -> None:
        """The token just read says "none" (a 0 count, a ``-`` option): left out at the end."""
        self.none_at.add(self.pos - 1)

    def ends_with_none(self) -> bool:
        """Whether the last token only says "none": the command has a shorter, canonical form."""
        return bool(self.tokens) and len(self.tokens) - 1 in self.none_at

    def done(self) -> bool:
        return self.pos >= len(self.tokens)


class UseContext:
    """One use of a building in progress: the user's goods as they change, and what happened."""

    def __init__(self, state: State, rules: Rules, seat: int, building: str) -> None:
        self.state = state
        self.rules = rules
        self.seat = seat
        self.building = building
        # Plain dicts, read with ``held`` or ``.get(good, 0)``: a ``Counter``'s ``__missing__``
        # and constructor are interpreted Python, and a use reads and makes several (hot).
        self.have: dict[Good, int] = dict(state.players[seat].goods)
        self.paid: dict[Good, int] = {}
        self.gained: dict[Good, int] = {}
        self.flipped_grain = 0
        self.food_due: float = 0.0
        self.energy_due: float = 0.0
        #: Goods every player receives (the short game's wheel bonus, R-SHORT-2).
        self.bonus_all: dict[Good, int] = {}
        #: Events this use causes besides goods (indicators reset, cards removed, ...).
        self.events: list[GameEvent] = []
        #: Extra actions granted for the rest of the slot, and buildings usable for free.
        self.grants: list[str] = []
        self.free_uses: list[str] = []
        self.wheel_used: list[Any] = []
        self.wonders_taken = 0
        #: The buildings whose function this use carries out, the used building first and then
        #: each redirect's target (Priory, Palace, ...); ``building`` is the one running now.
        self.chain: list[str] = [building]
        #: What the user held when food or energy first fell due, and what had been paid by
        #: then: the pooled payment may not use goods gained after that (no circular payment:
        #: the Inn's coins cannot pay the food they are bought with).
        self.value_base: dict[Good, int] | None = None
        self.paid_at_base: dict[Good, int] = _NOTHING_YET  # read only once value_base is set

    def copy(self) -> UseContext:
        """An independent copy, for enumerating branches (hot: legal moves copy a lot). Every
        field is named: the compiled core's ``UseContext`` keeps them in slots, not a dict, and
        makes one only through ``__init__``."""
        other = UseContext(self.state, self.rules, self.seat, self.building)
        other.chain = self.chain[:]
        other.have, other.paid = self.have.copy(), self.paid.copy()
        other.gained, other.bonus_all = self.gained.copy(), self.bonus_all.copy()
        other.flipped_grain, other.wonders_taken = self.flipped_grain, self.wonders_taken
        other.food_due, other.energy_due = self.food_due, self.energy_due
        other.events, other.grants = self.events[:], self.grants[:]
        other.free_uses, other.wheel_used = self.free_uses[:], self.wheel_used[:]
        other.value_base, other.paid_at_base = self.value_base, self.paid_at_base
        return other

    def held(self, good: Good) -> int:
        """How many of ``good`` the user holds now."""
        return self.have.get(good, 0)

    def owe_value(self) -> None:
        """Mark the moment a food or energy amount falls due (the first time only)."""
        if self.value_base is None:
            self.value_base = self.have.copy()
            self.paid_at_base = self.paid.copy()

    def payable(self) -> dict[Good, int]:
        """The goods the pooled food / energy payment may use: held now, and already held when
        the amount fell due, less what was paid since."""
        if self.value_base is None:
            return self.have
        base, then = self.value_base, self.paid_at_base
        paid = self.paid
        return {g: min(n, base.get(g, 0) - (paid.get(g, 0) - then.get(g, 0)))
                for g, n in self.have.items() if n > 0}

    @property
    def mode(self) -> str:
        return self.state.config.mode

    def enter(self, target: str) -> str:
        """Carry out ``target``'s function inside this use (a redirect): it joins the chain, a
        ``BuildingUsed`` event records it and errors name it. Returns the building to restore
        with ``leave`` once the target's effect has run."""
        previous = self.building
        self.chain.append(target)
        self.events.append(BuildingUsed(seat=self.seat, building=target))
        self.building = target
        return previous

    def leave(self, previous: str) -> None:
        self.building = previous

    def illegal(self, reason: str, rule: str, detail: str) -> IllegalCommand:
        return IllegalCommand(reason, rule, detail, building=self.building)

    def can_take(self, goods: Mapping[Good, int]) -> bool:
        for good, n in goods.items():
            have = self.held(good)
            if good is Good.STRAW:
                have += self.held(Good.GRAIN) - goods.get(Good.GRAIN, 0)
            if have < n:
                return False
        return True

    def take(self, goods: Mapping[Good, int]) -> None:
        """Pay exact goods to the supply (R-GOODS-4); lacking straw is flipped from grain."""
        if not self.can_take(goods):
            raise self.illegal("cannot_afford", "R-GOODS-4",
                               f"needs {_show(goods)}, has {_show(self.have)}")
        for good, n in goods.items():
            if good is Good.STRAW and self.held(Good.STRAW) < n:
                flip = n - self.held(Good.STRAW)
                _add(self.have, Good.GRAIN, -flip)
                _add(self.have, Good.STRAW, flip)
                self.flipped_grain += flip
            _add(self.have, good, -n)
            _add(self.paid, good, n)

    def give(self, goods: Mapping[Good, int]) -> None:
        for good, n in goods.items():
            _add(self.have, good, n)
            _add(self.gained, good, n)


#: ``paid_at_base`` before anything falls due: never read then, and ``owe_value`` replaces it
#: (one dict less to make for every use and every branch of the legal moves).
_NOTHING_YET: dict[Good, int] = {}


def _add(tally: dict[Good, int], good: Good, n: int) -> None:
    tally[good] = tally.get(good, 0) + n


def _show(goods: Mapping[Good, int]) -> str:
    return ", ".join(f"{n} {g.value}" for g, n in goods.items() if n) or "nothing"


@mypyc_attr(native_class=False)  # a str subclass: mypyc makes no native class of one
class Fixed(str):
    """A token that stays written even at the end of a use (a coordinate such as ``1 0``): the
    canonical form of an enumerated use drops trailing "none" tokens (``0``, ``-``), never these.
    """

    __slots__ = ()


Option = tuple[list[str], UseContext]


class Effect(Record):
    """One node of the vocabulary: the base of the node kinds.

    A native class of the compiled core, as the model's records are (issue 34,
    ``ora_core.native``): every node is made once with the rules, but read and called at every
    use and every branch of the legal moves, so its fields are C struct fields and ``run`` /
    ``options`` are vtable calls. Each kind declares ``FIELDS``, writes ``__init__`` (``Final``
    fields) and ``fields()``; equality, hashing and the repr go by the fields.
    """

    __slots__ = ()

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        """Read this node's tokens and apply it; raise IllegalCommand / InvalidCommand."""
        raise NotImplementedError

    def options(self, ctx: UseContext) -> Iterator[Option]:
        """Every legal token list for this node from ``ctx``, with the context after it."""
        raise NotImplementedError

    def describe(self) -> str:
        """The node in English, for the glossary."""
        raise NotImplementedError

    def syntax(self) -> str:
        """The tokens a use writes for this node, as a pattern (``<count 0..7>``,
        ``Gn|Sh|JoGn|JoSh``, ``[x]`` optional, ``(a | b)`` one of): the card catalogue's
        ``tokens``."""
        raise NotImplementedError


def effect_of(rules: Rules, building: str) -> Effect | None:
    """The effect tree of ``building``'s function (None: it has none). Typed here, since the
    spec model holds it as ``Any``: a typed node's ``run`` and ``options`` are native calls of
    the compiled core, an untyped one's generic method calls."""
    effect: Effect | None = rules.building(building).effect
    return effect


#: Parsers of node kinds: (table value, whole table, where, report) -> node | None
NodeParser = Callable[[Any, Mapping[str, Any], str, "Report"], "Effect | None"]
Report = Callable[[str, str], None]

NODE_KINDS: dict[str, NodeParser] = {}
#: Named special effects (design §4): name -> factory(table, where, report) -> node
SPECIALS: dict[str, Callable[[Mapping[str, Any], str, Report], Effect]] = {}


def node_kind(name: str) -> Callable[[NodeParser], NodeParser]:
    def register(parser: NodeParser) -> NodeParser:
        NODE_KINDS[name] = parser
        return parser

    return register


def special(name: str) -> Callable[[Callable[[Mapping[str, Any], str, Report], Effect]],
                                   Callable[[Mapping[str, Any], str, Report], Effect]]:
    def register(factory: Callable[[Mapping[str, Any], str, Report], Effect]
                 ) -> Callable[[Mapping[str, Any], str, Report], Effect]:
        SPECIALS[name] = factory
        return factory

    return register


#: Keys a node table may carry besides its kind key.
MODIFIERS = {"min", "max", "labels", "optional", "max_total", "joker_only", "per", "each",
             "count", "of", "description", "leave"}


def parse_node(table: Any, where: str, report: Report) -> Effect | None:
    """Parse one node table, reporting problems as (field, what)."""
    if not isinstance(table, Mapping):
        report(where, f"expected an effect table, got {table!r}")
        return None
    kinds = [k for k in table if k in NODE_KINDS]
    unknown = [k for k in table if k not in NODE_KINDS and k not in MODIFIERS]
    if unknown:
        report(where, f"unknown effect key(s) {', '.join(sorted(unknown))}; effect kinds are "
                      f"{', '.join(sorted(NODE_KINDS))}")
        return None
    if len(kinds) != 1:
        report(where, f"expected exactly one effect kind, got {kinds or 'none'}")
        return None
    kind = kinds[0]
    return NODE_KINDS[kind](table[kind], table, f"{where}.{kind}", report)


def parse_effect(table: Any, path: str, where: str,
                 add: Callable[[str, str, str], None]) -> Effect | None:
    """The spec loader's entry point: parse ``[effect]`` of ``path``."""
    return parse_node(table, where, lambda field, what: add(path, field, what))
