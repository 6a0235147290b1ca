"""The named special effects: what the small vocabulary cannot say, one registered node each.

A spec names one with ``special = "name"`` plus the modifiers the special reads (docs/specs.md,
"Named special effects"):

``use_prior_building``  carry out the function of a building with a prior on it (Priory)
``use_occupied``        ... of a building with any clergyman on it (Palace, Grand Manor)
``use_adjacent``        ... of an unoccupied building next to this one (Cloister Garden, Cottage)
``use_display``         ... of a building in the display (Hospice, Guesthouse)
``use_any_building``    ... of any built building (weblabora's Priory, a reading)
``remove_forests``      remove forest cards of the user's landscape, ``each`` gaining goods
``grant``               extra actions for the rest of the slot (``build``, ``fell``, ...)
``return_clergy``       the user's clergymen (``of = "all"``) or prior (``"prior"``) come home
``wonder``              take 1 wonder while the supply lasts (R-COMP-9); with Liesborn the
                        token names the tile (R-LIES-3)
``point_goods``         pay goods whose points total at least ``count`` (Round Tower)

Redirects read the target's id as a token and then the target's own tokens, in the same use
(``USE G01 F04 3``): the target's effect runs on the same context, so its food and energy join the
one payment at the end, and the enumeration is every target times the target's options.

Redirect chains (cards.md open question 20): a target may itself be a redirecting building, but
no building's function is carried out twice in one use. The cards exclude only themselves (the
Priory, the Palace, the Grand Manor, the Garden and the Cottage each say "not itself"), so
nothing forbids another redirecting building; the once-per-use rule extends that printed
exclusion to the whole chain and makes every chain end (each step adds a building not yet in
it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any

from attrs import frozen

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, ClergyReturned, WonderTaken
from ora_core.values import FIVE_COIN_CODE, GOOD_BY_CODE, GOOD_CODES, Coord, Good
from ora_rules import landscape
from ora_rules.effects.core import (
    SPECIALS,
    Effect,
    Fixed,
    Option,
    Report,
    TokenReader,
    UseContext,
    node_kind,
    special,
)
from ora_rules.effects.nodes import describe_goods, parse_goods_table
from ora_rules.tokens import format_tiles, parse_tiles
from ora_rules.wonders import LIGHT_TOKEN

_BUILDING = re.compile(r"^(?:[GFI]\d\d|L[RGBWY][123])$")
_INT = re.compile(r"^-?\d+$")
_TILE = re.compile(r"^LW-\d\d$")

#: The extra actions a function may grant (consumed by decide: BUILD, FELL_TREES, ...).
GRANTS = ("build", "fell", "cut", "settle", "district", "plot")


def _card_rule(ctx: UseContext) -> str:
    """The reference of a card-specific constraint: the building's section of cards.md §3."""
    return f"cards.md {ctx.building}"


# --- the `special` node kind ------------------------------------------------------------------


@node_kind("special")
def _parse_special(raw: Any, table: Mapping[str, Any], where: str, report: Report
                   ) -> Effect | None:
    if not isinstance(raw, str) or raw not in SPECIALS:
        report(where, f"unknown special effect {raw!r}; specials are "
                      f"{', '.join(sorted(SPECIALS))}")
        return None
    return SPECIALS[raw](table, where, report)


def _modifiers(table: Mapping[str, Any], where: str, report: Report, allowed: set[str]) -> bool:
    """Report modifiers a special does not read (a typo would otherwise be silently ignored)."""
    extra = sorted(k for k in table if k != "special" and k not in allowed)
    if extra:
        base = where.rsplit(".", 1)[0]
        report(base, f"special {table['special']!r} takes no {', '.join(extra)}"
                     f"{'; it reads ' + ', '.join(sorted(allowed)) if allowed else ''}")
        return False
    return True


def _flag(table: Mapping[str, Any], key: str, where: str, report: Report) -> bool | None:
    value = table.get(key, False)
    if not isinstance(value, bool):
        report(f"{where.rsplit('.', 1)[0]}.{key}", f"expected true or false, got {value!r}")
        return None
    return value


# --- redirects (Priory, Palace, Grand Manor, Cloister Garden, Cottage, Hospice, Guesthouse) ------

_REDIRECTS = {
    "use_prior_building": "a building with a prior on it, on any landscape",
    "use_occupied": "a building with a clergyman of any colour on it, on any landscape",
    "use_adjacent": "an unoccupied building orthogonally next to this one on its owner's "
                    "landscape",
    "use_display": "a building in the display (not built by anyone; the card stays there)",
    # weblabora's Priory (a reading, specs/readings.toml priory_target): whatever is built
    "use_any_building": "any building built in any landscape, occupied or not",
}


@frozen
class Redirect:
    """Carry out another building's function for the user: no clergyman, no fee (R-CLG-4).

    Token: the target's id, then the target's own tokens. ``optional``: the target may be left
    out (missing or ``-``); otherwise it must be named whenever a target exists, and with none
    the node does nothing (Priory step 3). Targets are validated (IllegalCommand), then the
    target's effect runs on the same context with a ``BuildingUsed`` event for it.
    """

    kind: str
    optional: bool

    def _qualifies(self, ctx: UseContext, target: str) -> tuple[str, str, str] | None:
        """Why ``target`` is not a target of this kind, or None: (reason, rule, detail)."""
        state = ctx.state
        if self.kind == "use_display":
            if target not in state.display:
                return "target_not_in_display", "R-CLG-7", f"{target} is not in the display"
            return None
        if target not in state.built:
            return "target_not_built", "R-CLG-7", f"{target} is not built in any landscape"
        if self.kind == "use_prior_building":
            if not any(p.clergy and p.clergy[0] == target for p in state.players):
                return "target_without_prior", _card_rule(ctx), f"no prior stands on {target}"
        elif self.kind == "use_any_building":
            pass
        elif self.kind == "use_occupied":
            if not _occupied(ctx, target):
                return "target_not_occupied", _card_rule(ctx), f"no clergyman stands on {target}"
        else:  # use_adjacent
            if target not in self._neighbours(ctx):
                return ("target_not_adjacent", _card_rule(ctx),
                        f"{target} is not orthogonally next to {ctx.building}")
            if _occupied(ctx, target):
                return ("target_occupied", _card_rule(ctx),
                        f"a clergyman stands on {target} (open question 17)")
        return None

    def _neighbours(self, ctx: UseContext) -> set[str]:
        placement = ctx.state.built.get(ctx.building)
        if placement is None:
            return set()  # e.g. reached from the display through the Hospice: no landscape
        owner = ctx.state.players[placement.seat]
        cards = (owner.landscape[c].card for c in landscape.neighbours(placement.coord,
                                                                        owner.landscape))
        return {c for c in cards if c is not None and c in ctx.state.built}

    def _candidates(self, ctx: UseContext) -> list[str]:
        state = ctx.state
        if self.kind == "use_display":
            pool: set[str] = set(state.display)
        elif self.kind == "use_prior_building":
            pool = {p.clergy[0] for p in state.players if p.clergy and p.clergy[0] is not None}
        elif self.kind == "use_occupied":
            pool = {at for p in state.players for at in p.clergy if at is not None}
        elif self.kind == "use_any_building":
            pool = set(state.built)
        else:
            pool = self._neighbours(ctx)
        return sorted(t for t in pool if t != ctx.building and t not in ctx.chain
                      and self._qualifies(ctx, t) is None)

    def _check(self, ctx: UseContext, target: str) -> None:
        if target == ctx.building:
            raise ctx.illegal("target_is_self", _card_rule(ctx),
                              f"{ctx.building} cannot carry out its own function")
        why = self._qualifies(ctx, target)
        if why is not None:
            raise ctx.illegal(*why)
        if target in ctx.chain:
            raise ctx.illegal("target_already_used", _card_rule(ctx),
                              f"{target}'s function is already carried out in this use "
                              f"({' -> '.join(ctx.chain)}); no building runs twice in one use "
                              "(open question 20)")

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.peek()
        if token is None or token == "-" or not _BUILDING.match(token):
            if token == "-":
                tokens.next()
            if self.optional or not self._candidates(ctx):
                return
            raise InvalidCommand(f"{ctx.building}: name the building whose function to carry "
                                 f"out ({', '.join(self._candidates(ctx))})")
        tokens.next()
        self._check(ctx, token)
        previous = ctx.enter(token)
        effect = ctx.rules.building(token).effect
        if effect is not None:
            effect.run(ctx, tokens)
        ctx.leave(previous)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        candidates = self._candidates(ctx)
        if self.optional:
            yield ["-"], ctx.copy()
        elif not candidates:
            yield [], ctx.copy()
        for target in candidates:
            inner = ctx.copy()
            previous = inner.enter(target)
            effect = ctx.rules.building(target).effect
            if effect is None:
                inner.leave(previous)
                yield [target], inner
                continue
            for tokens, after in effect.options(inner):
                out = after.copy()
                out.leave(previous)
                yield [target, *tokens], out

    def syntax(self) -> str:
        return "[<building> <its tokens>]" if self.optional else "<building> <its tokens>"

    def describe(self) -> str:
        text = (f"carry out the function of {_REDIRECTS[self.kind]}, not this one, for yourself "
                "(no clergyman placed, no fee; no building twice in one use)")
        return f"you may {text}" if self.optional else text


def _occupied(ctx: UseContext, building: str) -> bool:
    return any(building in p.clergy for p in ctx.state.players)


def _redirect_factory(kind: str) -> None:
    @special(kind)
    def _factory(table: Mapping[str, Any], where: str, report: Report) -> Effect:
        _modifiers(table, where, report, {"optional"})
        return Redirect(kind, bool(_flag(table, "optional", where, report)))


for _kind in _REDIRECTS:
    _redirect_factory(_kind)


# --- remove_forests (Carpentry, Forest Hut, Printing Office) ----------------------------------


def _is_int(token: str | None) -> bool:
    return token is not None and _INT.match(token) is not None


@frozen
class RemoveForests:
    """Remove ``low``..``high`` forest cards of the user's landscape (no wood, R-FELL-6).

    Tokens: a column and a row per forest (``1 0 2 0``), in ascending order, each once; pairs are
    read while the next token is an integer, so this node comes last among counted nodes.
    ``each``: goods gained per forest removed. With ``low`` > 0 and no forest left the function
    cannot be carried out (IllegalCommand ``no_forest``; it can still be declined).
    ``leave``: the forests named stay where they are (a reading: weblabora's Carpentry).
    """

    low: int
    high: int
    each: Mapping[Good, int]
    leave: bool = False

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
            raise ctx.illegal("no_forest", _card_rule(ctx),
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
            raise ctx.illegal("too_many_forests", _card_rule(ctx),
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
    _modifiers(table, where, report, {"min", "max", "each", "leave"})
    base = where.rsplit(".", 1)[0]
    low, high = table.get("min", 1), table.get("max", 1)
    if isinstance(low, bool) or not isinstance(low, int) or low < 0:
        report(f"{base}.min", f"expected int >= 0, got {low!r}")
        low = 0
    if isinstance(high, bool) or not isinstance(high, int) or high < max(low, 1):
        report(f"{base}.max", f"expected int >= 1 and >= min, got {high!r}")
        high = max(low, 1)
    each = parse_goods_table(table["each"], f"{base}.each", report) if "each" in table else {}
    return RemoveForests(low, high, each or {}, bool(_flag(table, "leave", where, report)))


# --- grant (Carpentry, Locutory, Castle, Calefactory, Bulwark) --------------------------------


@frozen
class Grant:
    """Extra actions the user may take later in the same slot, as separate commands.

    ``build`` (BUILD, normal cost and placement; the prior build bonus follows), ``fell`` /
    ``cut`` (FELL_TREES / CUT_PEAT without a clergyman, also in the bonus round), ``settle``
    (SETTLE outside a settlement phase), ``district`` / ``plot`` (BUY_DISTRICT / BUY_PLOT of the
    top tile, no price, not counted against the purchase limit). No token.
    """

    kinds: tuple[str, ...]

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
    _modifiers(table, where, report, {"of"})
    kinds = table.get("of")
    if (not isinstance(kinds, list) or not kinds or any(k not in GRANTS for k in kinds)
            or len(set(kinds)) != len(kinds)):
        report(f"{where.rsplit('.', 1)[0]}.of",
               f"expected a list of distinct grants from {', '.join(GRANTS)}, got {kinds!r}")
        kinds = []
    return Grant(tuple(kinds))


# --- return_clergy (Bathhouse, Locutory) ------------------------------------------------------


@frozen
class ReturnClergy:
    """The user's placed clergymen (or only the prior) come home (R-CLG-2): a
    ``ClergyReturned`` event; under a work contract the owner's clergyman stays. No token."""

    prior_only: bool

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
    _modifiers(table, where, report, {"of"})
    of = table.get("of")
    if of not in ("all", "prior"):
        report(f"{where.rsplit('.', 1)[0]}.of", f"expected \"all\" or \"prior\", got {of!r}")
    return ReturnClergy(of == "prior")


# --- wonder (Chamber of Wonders, Sacristy, Round Tower) ---------------------------------------


@frozen
class Wonder:
    """Take 1 wonder from the supply; refused once none is left (R-COMP-9, AMB-25). No token.

    With Liesborn (R-LIES-3, R-LIES-4) the token names the tile: a dark-blue tile of the
    display by its id (``LW-07``) or ``LB``, the light-blue tile on top of the stack; the event
    ``WonderTaken`` records it.
    """

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
        ctx.have[Good.WONDER] += 1  # the event below carries the gain, not GoodsGained
        ctx.events.append(WonderTaken(seat=ctx.seat, tile=tile, dark=dark))

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        if not ctx.state.config.liesborn:
            self._apply(ctx)
            return
        self._check_left(ctx)
        token = tokens.next()
        if token is None or (token != LIGHT_TOKEN and not _TILE.match(token)):
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
    _modifiers(table, where, report, set())
    return Wonder()


# --- point_goods (Round Tower) ----------------------------------------------------------------

#: Points of the 5-coin tile (R-SCORE-2): any five coins, since coins exchange freely.
FIVE_COIN_POINTS = 2


@frozen
class PointGoods:
    """Pay goods whose printed points total at least ``points``, minimally (cards.md open
    question 16): books, ceramics, ornaments, reliquaries, wine and whiskey at their points, a
    5-coin tile ``Ni`` (five coins of the pool) at 2; 1-coin tiles score nothing and a wonder
    never counts. Surplus points are lost (as for food, R-GOODS-3); the options list only the
    minimal payments. Token: the goods string (``RqOrOr``), in any order.
    """

    points: int

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
            raise ctx.illegal("cannot_afford", _card_rule(ctx),
                              f"{token} is worth {total} points; {self.points} are due")
        ctx.take(self._goods(tiles))

    def options(self, ctx: UseContext) -> Iterator[Option]:
        values = self._values(ctx)
        kinds = []
        for code, value in sorted(values.items(), key=lambda kv: (-kv[1], kv[0])):
            held = (ctx.have[Good.COIN] // 5 if code == FIVE_COIN_CODE
                    else ctx.have[GOOD_BY_CODE[code]])
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
    _modifiers(table, where, report, {"count"})
    count = table.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        report(f"{where.rsplit('.', 1)[0]}.count", f"expected int >= 1, got {count!r}")
        count = 1
    return PointGoods(count)


__all__ = ["GRANTS", "Grant", "PointGoods", "Redirect", "RemoveForests", "ReturnClergy",
           "Wonder"]
