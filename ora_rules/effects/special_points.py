"""The named specials that score: ``wonder`` (R-COMP-9, R-LIES-3) and ``point_goods`` (Round
Tower)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.events import WonderTaken
from ora_core.native import REQUIRED
from ora_core.values import FIVE_COIN_CODE, GOOD_BY_CODE, GOOD_CODES, Good
from ora_rules.effects.core import (
    Effect,
    Option,
    Report,
    TokenReader,
    UseContext,
    special,
)
from ora_rules.effects.special_node import (
    TILE_ID,
    card_rule,
    check_modifiers,
)
from ora_rules.tokens import format_tiles, parse_tiles
from ora_rules.wonders import LIGHT_TOKEN

# --- wonder (Chamber of Wonders, Sacristy, Round Tower) ---------------------------------------


class Wonder(Effect):
    """Take 1 wonder from the supply; refused once none is left (R-COMP-9, AMB-25). No token.

    With Liesborn (R-LIES-3, R-LIES-4) the token names the tile: a dark-blue tile of the
    display by its id (``LW-07``) or ``LB``, the light-blue tile on top of the stack; the event
    ``WonderTaken`` records it.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = ()
    __slots__ = ()

    def fields(self) -> tuple[Any, ...]:
        return ()

    def _check_left(self, ctx: UseContext) -> None:
        if ctx.state.wonders_left - ctx.wonders_taken <= 0:
            rule = "R-LIES-4" if ctx.state.config.liesborn else "R-COMP-9"
            raise ctx.illegal("no_wonders_left", rule,
                              "every wonder tile has been taken; no wonder can be gained")

    def _apply(self, ctx: UseContext) -> None:
        self._check_left(ctx)
        ctx.wonders_taken += 1
        ctx.give({Good.WONDER: 1})

    @staticmethod
    def _left(ctx: UseContext) -> tuple[list[str], list[str]]:
        """The display and the stack as this use has left them so far."""
        taken = {e.tile for e in ctx.events if isinstance(e, WonderTaken)}
        return ([t for t in ctx.state.wonder_display if t not in taken],
                [t for t in ctx.state.wonder_stack if t not in taken])

    def _take(self, ctx: UseContext, token: str) -> None:
        """Liesborn: take the tile ``token`` names (R-LIES-3)."""
        self._check_left(ctx)
        display, stack = self._left(ctx)
        if token == LIGHT_TOKEN:
            if not stack:
                raise ctx.illegal("wonder_stack_empty", "R-LIES-4",
                                  "no light-blue tile is left in the stack; take one of the "
                                  f"display's dark-blue tiles ({' '.join(display)})")
            tile, dark = stack[0], False
        elif token in display:
            tile, dark = token, True
        elif not display:
            raise ctx.illegal("wonder_display_empty", "R-LIES-4",
                              f"the display of dark-blue tiles is empty (it is never refilled); "
                              f"write {LIGHT_TOKEN} for a light-blue tile from the stack")
        else:
            raise ctx.illegal("wonder_not_in_display", "R-LIES-3",
                              f"{token} is not in the display; choose one of "
                              f"{' '.join(display)} or {LIGHT_TOKEN} (light-blue, the stack)")
        ctx.wonders_taken += 1
        # The event below carries the gain, not GoodsGained.
        ctx.have[Good.WONDER] = ctx.held(Good.WONDER) + 1
        ctx.events.append(WonderTaken(seat=ctx.seat, tile=tile, dark=dark))

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        if not ctx.state.config.liesborn:
            self._apply(ctx)
            return
        self._check_left(ctx)
        token = tokens.next()
        if token is None or (token != LIGHT_TOKEN and not TILE_ID.match(token)):
            display, _ = self._left(ctx)
            raise InvalidCommand(f"{ctx.building}: name the wonder: a dark-blue tile of the "
                                 f"display ({' '.join(display) or 'empty'}) or {LIGHT_TOKEN} "
                                 "for a light-blue tile from the stack (R-LIES-3)")
        self._take(ctx, token)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        if ctx.state.wonders_left - ctx.wonders_taken <= 0:
            return
        if not ctx.state.config.liesborn:
            after = ctx.copy()
            self._apply(after)
            yield [], after
            return
        display, stack = self._left(ctx)
        for token in (*display, *([LIGHT_TOKEN] if stack else [])):
            after = ctx.copy()
            self._take(after, token)
            yield [token], after

    def syntax(self) -> str:
        return ""

    def describe(self) -> str:
        return ("take 1 wonder (only while the supply still holds one; with Liesborn a dark-blue "
                "tile of the display or a light-blue one from the stack)")


@special("wonder")
def _parse_wonder(table: Mapping[str, Any], where: str, report: Report) -> Effect:
    check_modifiers(table, where, report, set())
    return Wonder()


# --- point_goods (Round Tower) ----------------------------------------------------------------

#: Points of the 5-coin tile (R-SCORE-2): any five coins, since coins exchange freely.
FIVE_COIN_POINTS = 2


class PointGoods(Effect):
    """Pay goods whose printed points total at least ``points``, minimally (cards.md open
    question 16): books, ceramics, ornaments, reliquaries, wine and whiskey at their points, a
    5-coin tile ``Ni`` (five coins of the pool) at 2; 1-coin tiles score nothing and a wonder
    never counts. Surplus points are lost (as for food, R-GOODS-3); the options list only the
    minimal payments. Token: the goods string (``RqOrOr``), in any order.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("points", int, REQUIRED),)
    __slots__ = ("points",)

    def __init__(self, points: int) -> None:
        self.points: Final = points

    def fields(self) -> tuple[Any, ...]:
        return (self.points,)

    def _values(self, ctx: UseContext) -> dict[str, int]:
        values = {GOOD_CODES[g]: s.points for g, s in ctx.rules.goods.items()
                  if s.points > 0 and g is not Good.WONDER}
        values[FIVE_COIN_CODE] = FIVE_COIN_POINTS
        return values

    @staticmethod
    def _goods(tiles: Mapping[str, int]) -> dict[Good, int]:
        goods: dict[Good, int] = {}
        for code, n in tiles.items():
            good, each = (Good.COIN, 5) if code == FIVE_COIN_CODE else (GOOD_BY_CODE[code], 1)
            goods[good] = goods.get(good, 0) + n * each
        return goods

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.next()
        if token is None or token == "-":
            raise InvalidCommand(f"{ctx.building}: name the goods worth at least {self.points} "
                                 "points (a goods string such as RqOrOr)")
        values = self._values(ctx)
        tiles: dict[str, int] = {}
        for code in parse_tiles(token):
            if code not in values:
                raise ctx.illegal("useless_payment", "R-SCORE-2",
                                  f"{code} carries no points here; pay with "
                                  f"{', '.join(sorted(values))}")
            tiles[code] = tiles.get(code, 0) + 1
        total = sum(values[c] * n for c, n in tiles.items())
        if total < self.points:
            raise ctx.illegal("cannot_afford", card_rule(ctx),
                              f"{token} is worth {total} points; {self.points} are due")
        ctx.take(self._goods(tiles))

    def options(self, ctx: UseContext) -> Iterator[Option]:
        values = self._values(ctx)
        kinds = []
        for code, value in sorted(values.items(), key=lambda kv: (-kv[1], kv[0])):
            held = (ctx.held(Good.COIN) // 5 if code == FIVE_COIN_CODE
                    else ctx.held(GOOD_BY_CODE[code]))
            if held > 0:
                kinds.append((code, value, held))
        for tiles in _minimal(kinds, self.points):
            after = ctx.copy()
            after.take(self._goods(tiles))
            yield [format_tiles([c for c, n in tiles.items() for _ in range(n)])], after

    def syntax(self) -> str:
        return f"<goods worth {self.points} points>"

    def describe(self) -> str:
        return (f"pay further goods worth at least {self.points} points (books, ceramics, "
                "ornaments, reliquaries, wine, whiskey, 5-coin tiles; no tile beyond the total)")


def _minimal(kinds: list[tuple[str, int, int]], due: int) -> Iterator[dict[str, int]]:
    """Every multiset over ``kinds`` (code, value, held; largest value first) reaching ``due``
    from which no tile could be left out."""
    chosen: dict[str, int] = {}

    def walk(i: int, total: int, smallest: int) -> Iterator[dict[str, int]]:
        if total >= due:
            if total - smallest < due:
                yield dict(chosen)
            return
        if i == len(kinds) or total + sum(v * h for _, v, h in kinds[i:]) < due:
            return
        code, value, held = kinds[i]
        for n in range(min(held, -(-(due - total) // value)), -1, -1):
            if n:
                chosen[code] = n
            else:
                chosen.pop(code, None)
            yield from walk(i + 1, total + n * value, value if n else smallest)
        chosen.pop(code, None)

    yield from walk(0, 0, due)


@special("point_goods")
def _parse_point_goods(table: Mapping[str, Any], where: str, report: Report) -> Effect:
    check_modifiers(table, where, report, {"count"})
    count = table.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        report(f"{where.rsplit('.', 1)[0]}.count", f"expected int >= 1, got {count!r}")
        count = 1
    return PointGoods(count)
