"""Goods node kinds: different goods, a chosen good, output by count, point rewards, upgrades.

``pay_different``  pay N goods of N different kinds (Cloister Courtyard, Market, Filial Church).
``gain_choice``    gain fixed amounts of goods the user picks from a set (Cloister Courtyard,
                   Druid's House).
``tiers``          gain by how many of something the user has (Spinning Mill).
``reward``         gain point goods up to a point limit computed from a count (Festival Ground,
                   House of the Brotherhood).
``upgrade``        step goods up a chain, the next step may take the last one's result
                   (Pilgrimage Site).

The TOML forms and token forms are documented in docs/specs.md; each parser reports bad tables
through ``report(field, what)``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import combinations, permutations
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.native import REQUIRED
from ora_core.values import FIVE_COIN_CODE, FOREST, GOOD_BY_CODE, GOOD_CODES, MOOR, Good
from ora_rules.effects.core import (
    Effect,
    Option,
    Report,
    TokenReader,
    UseContext,
    node_kind,
)
from ora_rules.effects.nodes import describe_goods, parse_goods_table
from ora_rules.tokens import GOOD_ORDER, format_goods, format_tiles, parse_goods, parse_tiles

_GOODS = {g.value: g for g in Good}


def _card_rule(ctx: UseContext) -> str:
    """The reference of a card-specific constraint: the building's section of cards.md §3."""
    return f"cards.md {ctx.building}"


# --- counts -----------------------------------------------------------------------------------

#: What a count may name besides a good (whose count is the number the user holds).
COUNTS = ("forests_and_moors", "cloister_buildings")


def count_of(ctx: UseContext, what: str) -> int:
    """How many of ``what`` the user has: held goods, forest and moor cards, cloister buildings.

    Always the *user's* (the player who runs the function, also through a work contract).
    """
    if what == "forests_and_moors":
        player = ctx.state.players[ctx.seat]
        return sum(1 for s in player.landscape.values() if s.card in (FOREST, MOOR))
    if what == "cloister_buildings":
        return sum(1 for b, p in ctx.state.built.items()
                   if p.seat == ctx.seat and ctx.rules.building(b).cloister)
    return max(ctx.held(_GOODS[what]), 0)


_COUNT_NAMES = {"forests_and_moors": ("forest and moor cards", "forest or moor card"),
                "cloister_buildings": ("cloister buildings", "cloister building")}


def _describe_count(what: str, *, one: bool = False) -> str:
    """The counted things in English, plural (or ``one`` of them), always the user's."""
    names = _COUNT_NAMES.get(what)
    if names is None:
        return f"{what.replace('_', ' ')} held"
    return f"{names[1] if one else names[0]} on your landscape"


def _parse_count(raw: Any, where: str, report: Report) -> str | None:
    if not isinstance(raw, str) or (raw not in COUNTS and raw not in _GOODS):
        report(where, f"expected a good or one of {', '.join(COUNTS)}, got {raw!r}")
        return None
    return raw


def _parse_good_list(raw: Any, where: str, report: Report, *, least: int = 1
                     ) -> tuple[Good, ...] | None:
    if (not isinstance(raw, list) or len(raw) < least or any(g not in _GOODS for g in raw)
            or len(set(raw)) != len(raw)):
        report(where, f"expected a list of at least {least} distinct goods, got {raw!r}")
        return None
    return tuple(_GOODS[g] for g in raw)


def _check_keys(raw: Any, where: str, report: Report, required: set[str], allowed: set[str]
                ) -> bool:
    if not isinstance(raw, Mapping):
        report(where, f"expected a table with {', '.join(sorted(required))}")
        return False
    missing = required - set(raw)
    unknown = set(raw) - required - allowed
    if missing:
        report(where, f"missing key(s) {', '.join(sorted(missing))}")
    if unknown:
        report(where, f"unknown key(s) {', '.join(sorted(unknown))}")
    return not missing and not unknown


# --- pay_different ----------------------------------------------------------------------------

#: Tile kinds that never count as one of the "different goods": the wonder is a limited scoring
#: tile (R-COMP-9), not a goods kind of the supply (cards.md open question 21).
NOT_GOODS = frozenset({GOOD_CODES[Good.WONDER]})


def _tile_goods(tiles: list[str]) -> Counter[Good]:
    goods: Counter[Good] = Counter()
    for code in tiles:
        if code == FIVE_COIN_CODE:
            goods[Good.COIN] += 5
        else:
            goods[GOOD_BY_CODE[code]] += 1
    return goods


class PayDifferent(Effect):
    """Pay ``n`` goods of ``n`` different kinds, one tile each (R-GOODS-4).

    Token: a goods string of exactly ``n`` distinct tile codes, in any order (``PnShWo``). Every
    face is its own kind; the 5-coin tile ``Ni`` is a kind apart from the 1-coin ``Pn`` and costs
    five coins of the pool (coins exchange freely, R-FREE-1 c). Grain may be flipped to pay a
    straw (R-FREE-3), so ``GnSw`` is payable with two grain. A wonder never counts (open question
    21). Enumerated canonically: each set of kinds once, codes sorted, generated lazily.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("n", int, REQUIRED),)
    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n: Final = n

    def fields(self) -> tuple[Any, ...]:
        return (self.n,)

    def _kinds(self, ctx: UseContext) -> list[str]:
        """The tile kinds the user could hand in one of, in canonical order."""
        codes = []
        for good in Good:
            code = GOOD_CODES[good]
            if code in NOT_GOODS:
                continue
            if ctx.held(good) > 0 or (good is Good.STRAW and ctx.held(Good.GRAIN) > 0):
                codes.append(code)
            if good is Good.COIN and ctx.held(Good.COIN) >= 5:
                codes.append(FIVE_COIN_CODE)
        return codes

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.next()
        if token is None or token == "-":
            raise InvalidCommand(f"{ctx.building}: name the {self.n} different goods to pay "
                                 "(a goods string such as PnShWo)")
        tiles = parse_tiles(token)
        if len(tiles) != self.n:
            raise InvalidCommand(f"{ctx.building}: pay exactly {self.n} goods, got {token!r}")
        if len(set(tiles)) != len(tiles):
            raise ctx.illegal("goods_not_different", "R-GOODS-4",
                              f"{token} names a kind twice; {self.n} different kinds are due")
        wonders = [t for t in tiles if t in NOT_GOODS]
        if wonders:
            raise ctx.illegal("not_a_good", "R-COMP-9",
                              "a wonder is not one of the different goods (open question 21)")
        ctx.take(_tile_goods(tiles))

    def options(self, ctx: UseContext) -> Iterator[Option]:
        for tiles in combinations(self._kinds(ctx), self.n):
            goods = _tile_goods(list(tiles))
            if not ctx.can_take(goods):
                continue
            after = ctx.copy()
            after.take(goods)
            yield [format_tiles(list(tiles))], after

    def syntax(self) -> str:
        return f"<{self.n} different goods>"

    def describe(self) -> str:
        return f"pay {self.n} goods of {self.n} different kinds (one tile each)"


@node_kind("pay_different")
def _parse_pay_different(raw: Any, table: Mapping[str, Any], where: str, report: Report
                         ) -> Effect | None:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        report(where, f"expected an int >= 1, got {raw!r}")
        return None
    return PayDifferent(raw)


# --- gain_choice ------------------------------------------------------------------------------


class GainChoice(Effect):
    """Gain ``amounts[i]`` of a good the user picks from ``goods``, a different good each time.

    Tokens: one good code per amount, in the order of ``amounts`` (``Wo Cl``: 5 wood, 3 clay).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("goods", tuple[Good, ...], REQUIRED), ("amounts", tuple[int, ...], REQUIRED))
    __slots__ = ("amounts", "goods")

    def __init__(self, goods: tuple[Good, ...], amounts: tuple[int, ...]) -> None:
        self.goods: Final = goods
        self.amounts: Final = amounts

    def fields(self) -> tuple[Any, ...]:
        return (self.goods, self.amounts)

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        picked: list[Good] = []
        codes = ", ".join(GOOD_CODES[g] for g in self.goods)
        for amount in self.amounts:
            token = tokens.next()
            if token is None or token == "-":
                raise InvalidCommand(f"{ctx.building}: name the good to take {amount} of "
                                     f"({codes})")
            good = GOOD_BY_CODE.get(token)
            if good is None or good not in self.goods:
                raise InvalidCommand(f"{ctx.building}: {token!r} is not one of {codes}")
            if good in picked:
                raise ctx.illegal("goods_not_different", _card_rule(ctx),
                                  f"{good.value} is already chosen; take a different good")
            picked.append(good)
        self._apply(ctx, picked)

    def _apply(self, ctx: UseContext, picked: list[Good] | tuple[Good, ...]) -> None:
        gained: dict[Good, int] = {}
        for good, amount in zip(picked, self.amounts, strict=True):
            gained[good] = gained.get(good, 0) + amount
        ctx.give(gained)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        order = {g: i for i, g in enumerate(self.goods)}
        for picked in permutations(self.goods, len(self.amounts)):
            if any(self.amounts[i] == self.amounts[i + 1]
                   and order[picked[i]] > order[picked[i + 1]] for i in range(len(picked) - 1)):
                continue  # equal amounts: each set of goods once, in the order of ``goods``
            after = ctx.copy()
            self._apply(after, picked)
            yield [GOOD_CODES[g] for g in picked], after

    def syntax(self) -> str:
        choice = "(" + "|".join(GOOD_CODES[g] for g in self.goods) + ")"
        return " ".join(choice for _ in self.amounts)

    def describe(self) -> str:
        names = ", ".join(g.value.replace("_", " ") for g in self.goods)
        parts = [str(n) for n in self.amounts]
        if len(parts) == 1:
            return f"gain {parts[0]} of one good of your choice ({names})"
        return (f"gain {' and '.join(parts)} of different goods of your choice, "
                f"one good each ({names})")


@node_kind("gain_choice")
def _parse_gain_choice(raw: Any, table: Mapping[str, Any], where: str, report: Report
                       ) -> Effect | None:
    if not _check_keys(raw, where, report, {"goods", "amounts"}, set()):
        return None
    goods = _parse_good_list(raw["goods"], f"{where}.goods", report, least=2)
    amounts = raw["amounts"]
    if (not isinstance(amounts, list) or not amounts
            or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in amounts)):
        report(f"{where}.amounts", f"expected a list of ints >= 1, got {amounts!r}")
        return None
    if goods is None:
        return None
    if len(amounts) > len(goods):
        report(f"{where}.amounts", "more amounts than goods to choose from")
        return None
    return GainChoice(goods, tuple(amounts))


# --- tiers ------------------------------------------------------------------------------------


class Tiers(Effect):
    """Gain the goods of the highest step whose ``at`` the count reaches; below all: nothing.

    Nothing counted is paid. No token.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("count", str, REQUIRED), ("steps", tuple[tuple[int, Mapping[Good, int]], ...], REQUIRED))
    __slots__ = ("count", "steps")

    def __init__(self, count: str, steps: tuple[tuple[int, Mapping[Good, int]], ...]) -> None:
        self.count: Final = count
        self.steps: Final = steps

    def fields(self) -> tuple[Any, ...]:
        return (self.count, self.steps)

    def _gain(self, ctx: UseContext) -> Mapping[Good, int]:
        n = count_of(ctx, self.count)
        gain: Mapping[Good, int] = {}
        for at, goods in self.steps:
            if n >= at:
                gain = goods
        return gain

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        ctx.give(self._gain(ctx))

    def options(self, ctx: UseContext) -> Iterator[Option]:
        after = ctx.copy()
        after.give(self._gain(ctx))
        yield [], after

    def syntax(self) -> str:
        return ""

    def describe(self) -> str:
        bounds = [at for at, _ in self.steps]
        parts = []
        for i, (at, goods) in enumerate(self.steps):
            span = f"{at}+" if i + 1 == len(bounds) else (
                f"{at}" if bounds[i + 1] - 1 == at else f"{at}-{bounds[i + 1] - 1}")
            parts.append(f"{span}: {describe_goods(goods)}")
        return (f"gain by the number of {_describe_count(self.count)}: {'; '.join(parts)} "
                "(nothing counted is paid)")


@node_kind("tiers")
def _parse_tiers(raw: Any, table: Mapping[str, Any], where: str, report: Report
                 ) -> Effect | None:
    if not _check_keys(raw, where, report, {"count", "steps"}, set()):
        return None
    count = _parse_count(raw["count"], f"{where}.count", report)
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        report(f"{where}.steps", "expected a list of { at = n, gain = {..} }")
        return None
    steps: list[tuple[int, Mapping[Good, int]]] = []
    ok = count is not None
    for i, step in enumerate(steps_raw):
        at_where = f"{where}.steps[{i}]"
        if not _check_keys(step, at_where, report, {"at", "gain"}, set()):
            ok = False
            continue
        at = step["at"]
        if isinstance(at, bool) or not isinstance(at, int) or at < 1:
            report(f"{at_where}.at", f"expected an int >= 1, got {at!r}")
            ok = False
            continue
        if steps and at <= steps[-1][0]:
            report(f"{at_where}.at", "steps must rise")
            ok = False
            continue
        gain = parse_goods_table(step["gain"], f"{at_where}.gain", report)
        if gain is None:
            ok = False
            continue
        steps.append((at, gain))
    if not ok or count is None:
        return None
    return Tiers(count, tuple(steps))


# --- reward -----------------------------------------------------------------------------------


class Reward(Effect):
    """Gain point goods whose points total at most ``floor(per x count)``.

    ``per`` may differ by mode (``per_mode``). Token: the goods string of the mix (``BoBoCe``), in
    any order; none (``-`` or nothing) only when no reward good fits the limit. Only *full* mixes
    are accepted and enumerated: mixes to which no further reward good could be added within the
    limit. A smaller mix is legal by the card ("at most") but always worse than a full one (point
    goods are unlimited and a further good only adds), so leaving them out keeps every move
    distinct in effect.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("goods", tuple[Good, ...], REQUIRED), ("count", str, REQUIRED), ("per", float, REQUIRED),
        ("per_mode", Mapping[str, float], REQUIRED), ("partial", bool, False))
    __slots__ = ("count", "goods", "partial", "per", "per_mode")

    def __init__(self, goods: tuple[Good, ...], count: str, per: float,
                 per_mode: Mapping[str, float], partial: bool = False) -> None:
        self.goods: Final = goods
        self.count: Final = count
        self.per: Final = per
        self.per_mode: Final = per_mode
        #: ``partial = true``: a mix below the limit is accepted too (a reading's spec, where an
        #: engine takes only the goods its record names); the enumeration stays the full mixes.
        self.partial: Final = partial

    def fields(self) -> tuple[Any, ...]:
        return (self.goods, self.count, self.per, self.per_mode, self.partial)

    def limit(self, ctx: UseContext) -> int:
        per = self.per_mode.get(ctx.mode, self.per)
        return math.floor(per * count_of(ctx, self.count))

    def _points(self, ctx: UseContext) -> list[tuple[Good, int]]:
        """The reward goods with their points, highest first (a good without points is no
        reward: it could be taken without limit)."""
        pairs = [(g, ctx.rules.goods[g].points) for g in self.goods
                 if ctx.rules.goods[g].points > 0]
        return sorted(pairs, key=lambda p: (-p[1], GOOD_ORDER[p[0]]))

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.next()
        mix: Counter[Good] = Counter()
        if token is not None and token != "-":
            if FIVE_COIN_CODE in parse_tiles(token):
                raise InvalidCommand(f"{ctx.building}: {token!r}: coins are no reward")
            mix = parse_goods(token)
        points = dict(self._points(ctx))
        allowed = ", ".join(GOOD_CODES[g] for g in points)
        for good in mix:
            if good not in points:
                raise InvalidCommand(f"{ctx.building}: {good.value} is not a reward good "
                                     f"({allowed})")
        total = sum(points[g] * n for g, n in mix.items())
        limit = self.limit(ctx)
        if total > limit:
            raise ctx.illegal("reward_too_large", _card_rule(ctx),
                              f"the mix is worth {total} points; at most {limit} are allowed")
        if points and limit - total >= min(points.values()) and not self.partial:
            raise ctx.illegal("reward_not_full", _card_rule(ctx),
                              f"the mix is worth {total} of {limit} points; add goods until no "
                              "further reward good fits")
        ctx.give(mix)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        points = self._points(ctx)
        limit = self.limit(ctx)
        smallest = min((p for _, p in points), default=limit + 1)
        chosen: dict[Good, int] = {}

        def walk(i: int, total: int) -> Iterator[dict[Good, int]]:
            if i == len(points):
                if limit - total < smallest:
                    yield dict(chosen)
                return
            good, value = points[i]
            for n in range((limit - total) // value, -1, -1):
                if n:
                    chosen[good] = n
                else:
                    chosen.pop(good, None)
                yield from walk(i + 1, total + n * value)
            chosen.pop(good, None)

        for mix in walk(0, 0):
            after = ctx.copy()
            after.give(mix)
            yield ([format_goods(mix)] if mix else []), after

    def syntax(self) -> str:
        return "[<goods of " + "|".join(GOOD_CODES[g] for g in self.goods) + ">]"

    def describe(self) -> str:
        names = ", ".join(g.value for g in self.goods)
        per = f"{self.per:g}"
        if self.per_mode:
            others = ", ".join(f"{v:g} in mode {m}" for m, v in sorted(self.per_mode.items()))
            per = f"{per} ({others})"
        points = "point" if self.per == 1 else "points"
        return (f"gain any mix of {names} worth at most {per} {points} per "
                f"{_describe_count(self.count, one=True)}, rounded down (a full mix: no further "
                "good may fit)")


@node_kind("reward")
def _parse_reward(raw: Any, table: Mapping[str, Any], where: str, report: Report
                  ) -> Effect | None:
    if not _check_keys(raw, where, report, {"goods", "count"}, {"per", "per_mode", "partial"}):
        return None
    partial = raw.get("partial", False)
    if not isinstance(partial, bool):
        report(f"{where}.partial", f"expected true or false, got {partial!r}")
    goods = _parse_good_list(raw["goods"], f"{where}.goods", report)
    count = _parse_count(raw["count"], f"{where}.count", report)
    per = raw.get("per", 1)
    per_mode = raw.get("per_mode", {})
    ok = goods is not None and count is not None

    def number(value: Any) -> bool:
        return not isinstance(value, bool) and isinstance(value, int | float) and value > 0

    if not number(per):
        report(f"{where}.per", f"expected a number > 0, got {per!r}")
        ok = False
    if not isinstance(per_mode, Mapping) or not all(number(v) for v in per_mode.values()):
        report(f"{where}.per_mode", f"expected a table mode = number > 0, got {per_mode!r}")
        ok = False
    if not ok or goods is None or count is None:
        return None
    return Reward(goods, count, float(per), {str(m): float(v) for m, v in per_mode.items()},
                  partial is True)


# --- upgrade ----------------------------------------------------------------------------------


class Upgrade(Effect):
    """Up to ``high`` times: hand in a good of the chain and take the next one (``max``).

    Tokens: the code of each good handed in (``Bo Ce``: book to ceramic, then that ceramic to an
    ornament), written in chain order (no token after a later good names an earlier one). Any two
    steps give the same result in either order and the chain order is feasible whenever the other
    is, so this loses no move and writes each result once. A missing token or ``-`` ends the
    upgrades.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("chain", tuple[Good, ...], REQUIRED), ("high", int, REQUIRED))
    __slots__ = ("chain", "high")

    def __init__(self, chain: tuple[Good, ...], high: int) -> None:
        self.chain: Final = chain
        self.high: Final = high

    def fields(self) -> tuple[Any, ...]:
        return (self.chain, self.high)

    def _step(self, ctx: UseContext, good: Good) -> None:
        ctx.take({good: 1})
        ctx.give({self.chain[self.chain.index(good) + 1]: 1})

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        codes = {GOOD_CODES[g]: g for g in self.chain[:-1]}
        last = -1
        for _ in range(self.high):
            token = tokens.peek()
            if token == "-":
                tokens.next()
                return
            if token is None or token not in codes:
                return
            tokens.next()
            good = codes[token]
            at = self.chain.index(good)
            if at < last:
                raise InvalidCommand(f"{ctx.building}: name the upgrades in chain order "
                                     f"({' < '.join(codes)})")
            last = at
            self._step(ctx, good)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        def walk(start: int, left: int, prefix: list[str], at: UseContext) -> Iterator[Option]:
            yield prefix, at
            if not left:
                return
            for i in range(start, len(self.chain) - 1):
                good = self.chain[i]
                if not at.can_take({good: 1}):
                    continue
                after = at.copy()
                self._step(after, good)
                yield from walk(i, left - 1, [*prefix, GOOD_CODES[good]], after)

        yield from walk(0, self.high, [], ctx)

    def syntax(self) -> str:
        step = "[" + "|".join(GOOD_CODES[g] for g in self.chain[:-1]) + "]"
        return " ".join(step for _ in range(self.high))

    def describe(self) -> str:
        chain = " -> ".join(g.value for g in self.chain)
        return (f"up to {self.high} times: hand in a good and take the next one of {chain} "
                "(a later step may take an earlier step's result)")


@node_kind("upgrade")
def _parse_upgrade(raw: Any, table: Mapping[str, Any], where: str, report: Report
                   ) -> Effect | None:
    chain = _parse_good_list(raw, where, report, least=2)
    high = table.get("max", 1)
    if isinstance(high, bool) or not isinstance(high, int) or high < 1:
        report(where.rsplit(".", 1)[0] + ".max", f"expected an int >= 1, got {high!r}")
        return None
    if chain is None:
        return None
    return Upgrade(chain, high)


__all__ = ["COUNTS", "GainChoice", "PayDifferent", "Reward", "Tiers", "Upgrade", "count_of"]
