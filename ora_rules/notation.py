"""The move notation: one line of text per command, ``parse`` and ``str`` round-trip.

The verbs and tokens follow the kennerspiel command language where it fits the rules (see
docs/notation.md for the grammar, the differences and examples). A game record is one command per
line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from attrs import field, frozen

from ora_core.errors import InvalidCommand
from ora_core.values import Coord, Good
from ora_rules.tokens import GOOD_ORDER, format_goods, format_tiles, parse_goods, parse_tiles

_BUILDING = re.compile(r"^(?:[GFI]\d\d|L[RGBWY][123])$")
_SETTLEMENT = re.compile(r"^S(?:0[1-8]|[RGBWY][1-8])$")
_INT = re.compile(r"^-?[0-9]{1,6}$")


def frozen_goods(goods: Mapping[Good, int]) -> tuple[tuple[Good, int], ...]:
    """Goods as a sorted tuple of (good, count), so equal payments compare and hash equal."""
    return tuple(sorted(((g, n) for g, n in goods.items() if n), key=lambda p: GOOD_ORDER[p[0]]))


@frozen
class Use:
    """``USE <building> [params]``: place a lay brother on an own building, or use a building the
    slot may use for free (work contract, redirect). ``PRIOR <building> [params]``: place the
    prior (also the build bonus R-BUILD-7 and the bonus round R-BONUS-4)."""

    building: str
    params: tuple[str, ...] = ()
    prior: bool = False

    def __str__(self) -> str:
        return " ".join(("PRIOR" if self.prior else "USE", self.building, *self.params))


@frozen
class Build:
    building: str
    coord: Coord

    def __str__(self) -> str:
        return f"BUILD {self.building} {self.coord[0]} {self.coord[1]}"


@frozen
class FellTrees:
    """``FELL_TREES <c> <r> [Jo]``; bare ``FELL_TREES`` when no forest is left (R-FELL-5)."""

    coord: Coord | None = None
    joker: bool = False

    VERB = "FELL_TREES"

    def __str__(self) -> str:
        return _fell_text(self.VERB, self.coord, self.joker)


@frozen
class CutPeat:
    coord: Coord | None = None
    joker: bool = False

    VERB = "CUT_PEAT"

    def __str__(self) -> str:
        return _fell_text(self.VERB, self.coord, self.joker)


def _fell_text(verb: str, coord: Coord | None, joker: bool) -> str:
    parts = [verb]
    if coord is not None:
        parts += [str(coord[0]), str(coord[1])]
    if joker:
        parts.append("Jo")
    return " ".join(parts)


@frozen
class WorkContract:
    """``WORK_CONTRACT <building> <payment>``: ``Pn`` / ``PnPn`` coins, or ``Wn`` / ``Wh`` as a
    present (R-WC-4, R-WC-5); ``-``: unpaid, legal only under the reading that allows it
    (``foreign_use = "unpaid"``, specs/readings.toml)."""

    building: str
    payment: str

    def __str__(self) -> str:
        return f"WORK_CONTRACT {self.building} {self.payment}"


@frozen
class AnswerContract:
    """``WITH_PRIOR`` / ``WITH_LAYBROTHER``: the owner's choice of clergyman (R-WC-2)."""

    prior: bool

    def __str__(self) -> str:
        return "WITH_PRIOR" if self.prior else "WITH_LAYBROTHER"


@frozen
class BuyDistrict:
    row: int
    side: str

    def __str__(self) -> str:
        return f"BUY_DISTRICT {self.row} {self.side}"


@frozen
class BuyPlot:
    row: int
    side: str

    def __str__(self) -> str:
        return f"BUY_PLOT {self.row} {self.side}"


@frozen
class Convert:
    """``CONVERT <goods>``: grain to straw, wine to 1 coin, whiskey to 2 coins (R-FREE-1); or,
    in a game holding coin pieces apart (``coin_tiles = kept_apart``, ora_rules/coin_pieces.py),
    ``CONVERT Ni`` / ``CONVERT PnPnPnPnPn``: 5-coin pieces broken (``exchange`` < 0) or made
    (``exchange`` > 0), R-FREE-1 c."""

    goods: tuple[tuple[Good, int], ...] = field(converter=frozen_goods)
    exchange: int = 0

    def __str__(self) -> str:
        if self.exchange:
            return f"CONVERT {('Pn' * 5 if self.exchange > 0 else 'Ni') * abs(self.exchange)}"
        return f"CONVERT {format_goods(dict(self.goods))}"


@frozen
class Settle:
    """``SETTLE <settlement> <c> <r> <payment>`` (R-SET-3)."""

    settlement: str
    coord: Coord
    payment: tuple[tuple[Good, int], ...] = field(converter=frozen_goods)

    def __str__(self) -> str:
        pay = format_goods(dict(self.payment))
        return f"SETTLE {self.settlement} {self.coord[0]} {self.coord[1]}" + (
            f" {pay}" if pay else "")


def settle_with(settlement: str, coord: Coord, payment: tuple[tuple[Good, int], ...]) -> Settle:
    """``Settle(settlement, coord, payment)`` for a payment already frozen (``frozen_goods``),
    without the converter: the legal moves freeze each payment once for all its spaces."""
    move: Settle = object.__new__(Settle)
    object.__setattr__(move, "settlement", settlement)
    object.__setattr__(move, "coord", coord)
    object.__setattr__(move, "payment", payment)
    return move


@frozen
class Commit:
    """``COMMIT``: end the current slot or settlement turn."""

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


def parse(text: str) -> Command:
    """Parse one command; raise ``InvalidCommand`` saying what is wrong."""
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
        cls = FellTrees if verb == "FELL_TREES" else CutPeat
        _arity(tokens, 1, 4)
        if len(tokens) == 1:
            return cls()
        if len(tokens) == 2:
            raise InvalidCommand(f"{verb}: expected a column and a row")
        joker = False
        if len(tokens) == 4:
            if tokens[3] != "Jo":
                raise InvalidCommand(f"{verb}: the optional last token is Jo, got {tokens[3]!r}")
            joker = True
        return cls(_coord(tokens, 1, verb), joker)
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
