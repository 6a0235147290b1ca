"""The named specials that act on the user's board and clergy: ``remove_forests``, ``grant``,
``return_clergy``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, ClergyReturned
from ora_core.native import REQUIRED
from ora_core.values import Coord, Good
from ora_rules import landscape
from ora_rules.effects.core import (
    Effect,
    Fixed,
    Option,
    Report,
    TokenReader,
    UseContext,
    special,
)
from ora_rules.effects.nodes import describe_goods, parse_goods_table
from ora_rules.effects.special_node import (
    INT,
    card_rule,
    check_modifiers,
    flag,
)

#: The extra actions a function may grant (consumed by decide: BUILD, FELL_TREES, ...).
GRANTS = ("build", "fell", "cut", "settle", "district", "plot")



# --- remove_forests (Carpentry, Forest Hut, Printing Office) ----------------------------------


def _is_int(token: str | None) -> bool:
    return token is not None and INT.match(token) is not None


class RemoveForests(Effect):
    """Remove ``low``..``high`` forest cards of the user's landscape (no wood, R-FELL-6).

    Tokens: a column and a row per forest (``1 0 2 0``), in ascending order, each once; pairs are
    read while the next token is an integer, so this node comes last among counted nodes.
    ``each``: goods gained per forest removed. With ``low`` > 0 and no forest left the function
    cannot be carried out (IllegalCommand ``no_forest``; it can still be declined).
    ``leave``: the forests named stay where they are (a reading: weblabora's Carpentry).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("low", int, REQUIRED), ("high", int, REQUIRED), ("each", Mapping[Good, int], REQUIRED),
        ("leave", bool, False))
    __slots__ = ("each", "high", "leave", "low")

    def __init__(self, low: int, high: int, each: Mapping[Good, int], leave: bool = False
                 ) -> None:
        self.low: Final = low
        self.high: Final = high
        self.each: Final = each
        self.leave: Final = leave

    def fields(self) -> tuple[Any, ...]:
        return (self.low, self.high, self.each, self.leave)

    def _forests(self, ctx: UseContext) -> list[Coord]:
        gone = {e.coord for e in ctx.events if isinstance(e, CardRemoved) and e.seat == ctx.seat}
        return [c for c in landscape.forests(ctx.state.players[ctx.seat]) if c not in gone]

    def _apply(self, ctx: UseContext, coords: list[Coord] | tuple[Coord, ...]) -> None:
        for coord in () if self.leave else coords:
            ctx.events.append(CardRemoved(seat=ctx.seat, coord=coord))
        if coords and self.each:
            ctx.give({g: n * len(coords) for g, n in self.each.items()})

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        forests = self._forests(ctx)
        if self.low and len(forests) < self.low:
            raise ctx.illegal("no_forest", card_rule(ctx),
                              f"needs {self.low} forest card(s) of your landscape to remove, "
                              f"you have {len(forests)}")
        coords: list[Coord] = []
        while len(coords) < self.high and _is_int(tokens.peek()):
            column = int(tokens.next() or "")
            row = tokens.next()
            if not _is_int(row):
                raise InvalidCommand(f"{ctx.building}: a forest is a column and a row, got "
                                     f"{column} {row!r}")
            coords.append((column, int(row or "")))
        if len(coords) == self.high and _is_int(tokens.peek()):
            raise ctx.illegal("too_many_forests", card_rule(ctx),
                              f"removes at most {self.high} forest card(s) in one use")
        if not coords and tokens.peek() == "-" and not self.low:
            tokens.next()
        listing = ", ".join(f"{c} {r}" for c, r in forests)
        if len(coords) < self.low:
            raise InvalidCommand(f"{ctx.building}: name the forest card(s) to remove as column "
                                 f"and row ({listing})")
        if coords != sorted(set(coords)):
            raise InvalidCommand(f"{ctx.building}: name each forest once, in ascending order "
                                 "(column, then row)")
        for coord in coords:
            if coord not in forests:
                raise ctx.illegal("no_forest_there", "R-FELL-3",
                                  f"no forest card of yours at {coord[0]} {coord[1]} "
                                  f"(forests: {listing or 'none'})")
        self._apply(ctx, coords)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        forests = self._forests(ctx)
        for k in range(self.low, min(self.high, len(forests)) + 1):
            for chosen in combinations(forests, k):
                after = ctx.copy()
                self._apply(after, chosen)
                yield [Fixed(str(n)) for coord in chosen for n in coord], after

    def syntax(self) -> str:
        return f"<col row> x{self.low}..{self.high}"

    def describe(self) -> str:
        if self.low == self.high:
            text = f"remove {self.low} forest card(s) from your landscape (no wood)"
        elif self.low == 0:
            text = f"remove up to {self.high} forest cards from your landscape (no wood)"
        else:
            text = (f"remove {self.low} to {self.high} forest cards from your landscape "
                    "(no wood)")
        if self.each:
            text += f", gaining {describe_goods(self.each)} for each"
        return text


@special("remove_forests")
def _parse_remove_forests(table: Mapping[str, Any], where: str, report: Report) -> Effect:
    check_modifiers(table, where, report, {"min", "max", "each", "leave"})
    base = where.rsplit(".", 1)[0]
    low, high = table.get("min", 1), table.get("max", 1)
    if isinstance(low, bool) or not isinstance(low, int) or low < 0:
        report(f"{base}.min", f"expected int >= 0, got {low!r}")
        low = 0
    if isinstance(high, bool) or not isinstance(high, int) or high < max(low, 1):
        report(f"{base}.max", f"expected int >= 1 and >= min, got {high!r}")
        high = max(low, 1)
    each = parse_goods_table(table["each"], f"{base}.each", report) if "each" in table else {}
    return RemoveForests(low, high, each or {}, bool(flag(table, "leave", where, report)))


# --- grant (Carpentry, Locutory, Castle, Calefactory, Bulwark) --------------------------------


class Grant(Effect):
    """Extra actions the user may take later in the same slot, as separate commands.

    ``build`` (BUILD, normal cost and placement; the prior build bonus follows), ``fell`` /
    ``cut`` (FELL_TREES / CUT_PEAT without a clergyman, also in the bonus round), ``settle``
    (SETTLE outside a settlement phase), ``district`` / ``plot`` (BUY_DISTRICT / BUY_PLOT of the
    top tile, no price, not counted against the purchase limit). No token.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("kinds", tuple[str, ...], REQUIRED),)
    __slots__ = ("kinds",)

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self.kinds: Final = kinds

    def fields(self) -> tuple[Any, ...]:
        return (self.kinds,)

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        ctx.grants.extend(self.kinds)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        after = ctx.copy()
        after.grants.extend(self.kinds)
        yield [], after

    def syntax(self) -> str:
        return ""

    def describe(self) -> str:
        names = {"build": "take a Build action", "fell": "fell trees once",
                 "cut": "cut peat once", "settle": "build one of your settlements",
                 "district": "take a district without paying its price",
                 "plot": "take a plot without paying its price"}
        return ("you may " + " and ".join(names[k] for k in self.kinds)
                + " (further commands in this slot)")


@special("grant")
def _parse_grant(table: Mapping[str, Any], where: str, report: Report) -> Effect:
    check_modifiers(table, where, report, {"of"})
    kinds = table.get("of")
    if (not isinstance(kinds, list) or not kinds or any(k not in GRANTS for k in kinds)
            or len(set(kinds)) != len(kinds)):
        report(f"{where.rsplit('.', 1)[0]}.of",
               f"expected a list of distinct grants from {', '.join(GRANTS)}, got {kinds!r}")
        kinds = []
    return Grant(tuple(kinds))


# --- return_clergy (Bathhouse, Locutory) ------------------------------------------------------


class ReturnClergy(Effect):
    """The user's placed clergymen (or only the prior) come home (R-CLG-2): a
    ``ClergyReturned`` event; under a work contract the owner's clergyman stays. No token."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("prior_only", bool, REQUIRED),)
    __slots__ = ("prior_only",)

    def __init__(self, prior_only: bool) -> None:
        self.prior_only: Final = prior_only

    def fields(self) -> tuple[Any, ...]:
        return (self.prior_only,)

    def _apply(self, ctx: UseContext) -> None:
        player = ctx.state.players[ctx.seat]
        gone = {i for e in ctx.events if isinstance(e, ClergyReturned) and e.seat == ctx.seat
                for i in e.clergy}
        back = tuple(i for i, at in enumerate(player.clergy)
                     if at is not None and i not in gone and (i == 0 or not self.prior_only))
        if back:
            ctx.events.append(ClergyReturned(seat=ctx.seat, clergy=back))

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        self._apply(ctx)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        after = ctx.copy()
        self._apply(after)
        yield [], after

    def syntax(self) -> str:
        return ""

    def describe(self) -> str:
        if self.prior_only:
            return "take your prior back from whichever building it stands on"
        return "take back all of your clergymen that stand on buildings"


@special("return_clergy")
def _parse_return_clergy(table: Mapping[str, Any], where: str, report: Report) -> Effect:
    check_modifiers(table, where, report, {"of"})
    of = table.get("of")
    if of not in ("all", "prior"):
        report(f"{where.rsplit('.', 1)[0]}.of", f"expected \"all\" or \"prior\", got {of!r}")
    return ReturnClergy(of == "prior")
