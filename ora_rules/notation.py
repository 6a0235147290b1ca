"""The move notation: one line of text per command, ``parse`` and ``str`` round-trip.

The verbs and tokens follow the kennerspiel command language where it fits the rules (see
docs/notation.md for the grammar, the differences and examples). A game record is one command per
line.

The commands are made at every enumeration of the legal moves and read at every command, so they
are native classes of the compiled core (``ora_core.native.Record``, issue 34) that behave as the
attrs classes they were: equality and hashing go by the fields (commands are kept in sets and
used as keys), the fields are read-only, and goods are held frozen (``frozen_goods``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.native import REQUIRED, Record
from ora_core.values import Coord, Good
from ora_rules.tokens import GOOD_ORDER, format_goods, format_tiles, parse_goods, parse_tiles

_BUILDING = re.compile(r"^(?:[GFI]\d\d|L[RGBWY][123])$")
_SETTLEMENT = re.compile(r"^S(?:0[1-8]|[RGBWY][1-8])$")
_INT = re.compile(r"^-?[0-9]{1,6}$")

#: Goods as a command holds them: (good, count) pairs, none zero, in the canonical order.
FrozenGoods = tuple[tuple[Good, int], ...]


def frozen_goods(goods: Mapping[Good, int] | FrozenGoods) -> FrozenGoods:
    """Goods as a sorted tuple of (good, count), so equal payments compare and hash equal.

    A tuple is taken as frozen already (this function's own result: a command's field given
    back to its class, by a copy, a pickle or ``settle_with``) and kept as it is."""
    if isinstance(goods, tuple):
        return goods
    return tuple(sorted(((g, n) for g, n in goods.items() if n), key=lambda p: GOOD_ORDER[p[0]]))


class Use(Record):
    """``USE <building> [params]``: place a lay brother on an own building, or use a building the
    slot may use for free (work contract, redirect). ``PRIOR <building> [params]``: place the
    prior (also the build bonus R-BUILD-7 and the bonus round R-BONUS-4)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("building", str, REQUIRED), ("params", tuple[str, ...], ()), ("prior", bool, False))
    __slots__ = ("building", "params", "prior")

    def __init__(self, building: str, params: tuple[str, ...] = (), prior: bool = False
                 ) -> None:
        self.building: Final = building
        self.params: Final = params
        self.prior: Final = prior

    def fields(self) -> tuple[Any, ...]:
        return (self.building, self.params, self.prior)

    def __str__(self) -> str:
        return " ".join(("PRIOR" if self.prior else "USE", self.building, *self.params))


class Build(Record):
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("building", str, REQUIRED), ("coord", Coord, REQUIRED))
    __slots__ = ("building", "coord")

    def __init__(self, building: str, coord: Coord) -> None:
        self.building: Final = building
        self.coord: Final = coord

    def fields(self) -> tuple[Any, ...]:
        return (self.building, self.coord)

    def __str__(self) -> str:
        return f"BUILD {self.building} {self.coord[0]} {self.coord[1]}"


class _Clearing(Record):
    """A forest felled or a moor cut: the card's space and whether the joker takes the good, or
    neither (the bare verb, when no such card is left: R-FELL-5)."""

    VERB: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("coord", Coord | None, None), ("joker", bool, False))
    __slots__ = ("coord", "joker")

    def __init__(self, coord: Coord | None = None, joker: bool = False) -> None:
        self.coord: Final = coord
        self.joker: Final = joker

    def fields(self) -> tuple[Any, ...]:
        return (self.coord, self.joker)

    def __str__(self) -> str:
        return _fell_text(self.VERB, self.coord, self.joker)


class FellTrees(_Clearing):
    """``FELL_TREES <c> <r> [Jo]``; bare ``FELL_TREES`` when no forest is left (R-FELL-5)."""

    VERB: ClassVar[str] = "FELL_TREES"
    __slots__ = ()


class CutPeat(_Clearing):
    """``CUT_PEAT <c> <r> [Jo]``; bare ``CUT_PEAT`` when no moor is left."""

    VERB: ClassVar[str] = "CUT_PEAT"
    __slots__ = ()


def _fell_text(verb: str, coord: Coord | None, joker: bool) -> str:
    parts = [verb]
    if coord is not None:
        parts += [str(coord[0]), str(coord[1])]
    if joker:
        parts.append("Jo")
    return " ".join(parts)


class WorkContract(Record):
    """``WORK_CONTRACT <building> <payment>``: ``Pn`` / ``PnPn`` coins, or ``Wn`` / ``Wh`` as a
    present (R-WC-4, R-WC-5); ``-``: unpaid, legal only under the reading that allows it
    (``foreign_use = "unpaid"``, specs/readings.toml)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("building", str, REQUIRED), ("payment", str, REQUIRED))
    __slots__ = ("building", "payment")

    def __init__(self, building: str, payment: str) -> None:
        self.building: Final = building
        self.payment: Final = payment

    def fields(self) -> tuple[Any, ...]:
        return (self.building, self.payment)

    def __str__(self) -> str:
        return f"WORK_CONTRACT {self.building} {self.payment}"


class AnswerContract(Record):
    """``WITH_PRIOR`` / ``WITH_LAYBROTHER``: the owner's choice of clergyman (R-WC-2)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("prior", bool, REQUIRED),)
    __slots__ = ("prior",)

    def __init__(self, prior: bool) -> None:
        self.prior: Final = prior

    def fields(self) -> tuple[Any, ...]:
        return (self.prior,)

    def __str__(self) -> str:
        return "WITH_PRIOR" if self.prior else "WITH_LAYBROTHER"


class _Purchase(Record):
    """A landscape bought: the row it joins and its side (R-BUY-1..5)."""

    VERB: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("row", int, REQUIRED), ("side", str, REQUIRED))
    __slots__ = ("row", "side")

    def __init__(self, row: int, side: str) -> None:
        self.row: Final = row
        self.side: Final = side

    def fields(self) -> tuple[Any, ...]:
        return (self.row, self.side)

    def __str__(self) -> str:
        return f"{self.VERB} {self.row} {self.side}"


class BuyDistrict(_Purchase):
    """``BUY_DISTRICT <row> <side>``."""

    VERB: ClassVar[str] = "BUY_DISTRICT"
    __slots__ = ()


class BuyPlot(_Purchase):
    """``BUY_PLOT <row> <side>``."""

    VERB: ClassVar[str] = "BUY_PLOT"
    __slots__ = ()


class Convert(Record):
    """``CONVERT <goods>``: grain to straw, wine to 1 coin, whiskey to 2 coins (R-FREE-1); or,
    in a game holding coin pieces apart (``coin_tiles = kept_apart``, ora_rules/coin_pieces.py),
    ``CONVERT Ni`` / ``CONVERT PnPnPnPnPn``: 5-coin pieces broken (``exchange`` < 0) or made
    (``exchange`` > 0), R-FREE-1 c. ``goods`` is held frozen (``frozen_goods``)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("goods", FrozenGoods, REQUIRED), ("exchange", int, 0))
    __slots__ = ("exchange", "goods")

    def __init__(self, goods: Mapping[Good, int] | FrozenGoods, exchange: int = 0) -> None:
        self.goods: Final = frozen_goods(goods)
        self.exchange: Final = exchange

    def fields(self) -> tuple[Any, ...]:
        return (self.goods, self.exchange)

    def __str__(self) -> str:
        if self.exchange:
            return f"CONVERT {('Pn' * 5 if self.exchange > 0 else 'Ni') * abs(self.exchange)}"
        return f"CONVERT {format_goods(dict(self.goods))}"


class Settle(Record):
    """``SETTLE <settlement> <c> <r> <payment>`` (R-SET-3). ``payment`` is held frozen
    (``frozen_goods``)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("settlement", str, REQUIRED), ("coord", Coord, REQUIRED),
        ("payment", FrozenGoods, REQUIRED))
    __slots__ = ("coord", "payment", "settlement")

    def __init__(self, settlement: str, coord: Coord, payment: Mapping[Good, int] | FrozenGoods
                 ) -> None:
        self.settlement: Final = settlement
        self.coord: Final = coord
        self.payment: Final = frozen_goods(payment)

    def fields(self) -> tuple[Any, ...]:
        return (self.settlement, self.coord, self.payment)

    def __str__(self) -> str:
        pay = format_goods(dict(self.payment))
        return f"SETTLE {self.settlement} {self.coord[0]} {self.coord[1]}" + (
            f" {pay}" if pay else "")


def settle_with(settlement: str, coord: Coord, payment: FrozenGoods) -> Settle:
    """``Settle(settlement, coord, payment)`` for a payment already frozen (``frozen_goods``):
    the legal moves freeze each payment once for all its spaces."""
    return Settle(settlement, coord, payment)


class Commit(Record):
    """``COMMIT``: end the current slot or settlement turn."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = ()
    __slots__ = ()

    def fields(self) -> tuple[Any, ...]:
        return ()

    def __str__(self) -> str:
        return "COMMIT"


Command = (Use | Build | FellTrees | CutPeat | WorkContract | AnswerContract | BuyDistrict
           | BuyPlot | Convert | Settle | Commit)

VERBS = ("USE", "PRIOR", "BUILD", "FELL_TREES", "CUT_PEAT", "WORK_CONTRACT", "WITH_PRIOR",
         "WITH_LAYBROTHER", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "SETTLE", "COMMIT")


def _building(token: str) -> str:
    if not _BUILDING.match(token):
        raise InvalidCommand(f"{token!r} is not a building id (G01, F14, I30, LR2, ...)")
    return token


_GOODS_STRING = re.compile(
    r"^(?:Wo|Pt|Co|Gn|Sw|Sh|Mt|Cl|Ce|Pn|Ni|Bo|Rq|Sn|Or|Gp|Wn|Fl|Br|Ma|Be|Wh|Wd){2,}$")


def _canonical_goods(token: str) -> str:
    """A goods string of two or more tiles is a multiset: write it in the canonical order, so
    ``PtWo`` and ``WoPt`` are one command."""
    return format_tiles(parse_tiles(token)) if _GOODS_STRING.match(token) else token


def _int(token: str, what: str) -> int:
    if not _INT.match(token):
        raise InvalidCommand(f"{what}: expected an integer, got {token!r}")
    return int(token)


def _coord(tokens: list[str], at: int, verb: str) -> Coord:
    if len(tokens) < at + 2:
        raise InvalidCommand(f"{verb}: expected a column and a row")
    return _int(tokens[at], f"{verb} column"), _int(tokens[at + 1], f"{verb} row")


def _arity(tokens: list[str], low: int, high: int) -> None:
    if not low <= len(tokens) <= high:
        expected = str(low) if low == high else f"{low} to {high}"
        raise InvalidCommand(f"{tokens[0]}: expected {expected} tokens, got {len(tokens)}")


def parse(text: object) -> Command:
    """Parse one command; raise ``InvalidCommand`` saying what is wrong (also for a value that
    is not text: typed ``object``, since compiled, a ``str`` parameter would refuse it with a
    ``TypeError`` first)."""
    if not isinstance(text, str):
        raise InvalidCommand(f"a command is text, got {type(text).__name__}")
    tokens = text.split()
    if not tokens:
        raise InvalidCommand("empty command")
    verb = tokens[0]
    if verb in ("USE", "PRIOR"):
        _arity(tokens, 2, 40)
        params = tuple(_canonical_goods(t) for t in tokens[2:])
        return Use(_building(tokens[1]), params, prior=verb == "PRIOR")
    if verb == "BUILD":
        _arity(tokens, 4, 4)
        return Build(_building(tokens[1]), _coord(tokens, 2, verb))
    if verb in ("FELL_TREES", "CUT_PEAT"):
        _arity(tokens, 1, 4)
        if len(tokens) == 2:
            raise InvalidCommand(f"{verb}: expected a column and a row")
        joker = False
        if len(tokens) == 4:
            if tokens[3] != "Jo":
                raise InvalidCommand(f"{verb}: the optional last token is Jo, got {tokens[3]!r}")
            joker = True
        coord: Coord | None = None if len(tokens) == 1 else _coord(tokens, 1, verb)
        return FellTrees(coord, joker) if verb == "FELL_TREES" else CutPeat(coord, joker)
    if verb == "WORK_CONTRACT":
        _arity(tokens, 3, 3)
        if tokens[2] not in ("Pn", "PnPn", "Wn", "Wh", "-"):
            raise InvalidCommand("WORK_CONTRACT: payment is Pn, PnPn, Wn, Wh or -")
        return WorkContract(_building(tokens[1]), tokens[2])
    if verb in ("WITH_PRIOR", "WITH_LAYBROTHER", "COMMIT"):
        _arity(tokens, 1, 1)
        return Commit() if verb == "COMMIT" else AnswerContract(prior=verb == "WITH_PRIOR")
    if verb in ("BUY_DISTRICT", "BUY_PLOT"):
        _arity(tokens, 3, 3)
        sides = ("PLAINS", "HILLS") if verb == "BUY_DISTRICT" else ("COAST", "MOUNTAIN")
        if tokens[2] not in sides:
            raise InvalidCommand(f"{verb}: side is {' or '.join(sides)}, got {tokens[2]!r}")
        row = _int(tokens[1], f"{verb} row")
        return BuyDistrict(row, tokens[2]) if verb == "BUY_DISTRICT" else BuyPlot(row, tokens[2])
    if verb == "CONVERT":
        _arity(tokens, 2, 2)
        tiles = parse_tiles(tokens[1])
        if tiles and set(tiles) == {"Ni"}:  # coin pieces exchanged (R-FREE-1 c)
            return Convert({}, exchange=-len(tiles))
        if tiles and set(tiles) == {"Pn"} and len(tiles) % 5 == 0:
            return Convert({}, exchange=len(tiles) // 5)
        bad = sorted({t for t in tiles if t not in ("Gn", "Wn", "Wh")})
        if bad:
            raise InvalidCommand(f"CONVERT: only grain (Gn), wine (Wn) and whiskey (Wh) convert; "
                                 f"coins are pooled, so {', '.join(bad)} need no conversion "
                                 "(coin pieces exchange as Ni or PnPnPnPnPn alone)")
        return Convert(Counter(parse_goods(tokens[1])))
    if verb == "SETTLE":
        _arity(tokens, 4, 5)
        if not _SETTLEMENT.match(tokens[1]):
            raise InvalidCommand(f"{tokens[1]!r} is not a settlement id (S01..S08)")
        settlement = tokens[1] if tokens[1][1] == "0" else f"S0{tokens[1][2]}"
        payment = parse_goods(tokens[4]) if len(tokens) == 5 else Counter()
        return Settle(settlement, _coord(tokens, 2, verb), payment)
    raise InvalidCommand(f"unknown verb {verb!r}; verbs are {', '.join(VERBS)}")
