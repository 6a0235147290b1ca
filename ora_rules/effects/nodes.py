"""The basic nodes of the effect vocabulary: gain, convert, wheel, choose, seq.

Each is a small native class (an ``Effect``) with a ``parse_*`` function registered under its
TOML key. The documentation of the TOML forms is docs/specs.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.events import IndicatorUsed
from ora_core.native import REQUIRED
from ora_core.values import GOOD_BY_CODE, GOOD_CODES, Good, Indicator
from ora_rules.effects.core import (
    Effect,
    Option,
    Report,
    TokenReader,
    UseContext,
    node_kind,
    parse_node,
)

_GOODS = {g.value: g for g in Good}
#: The good's own wheel indicator, if it has one (hot: read at every wheel use's options).
_OWN_INDICATOR = {g: Indicator(g.value) for g in Good if g.value in Indicator._value2member_map_}


def parse_goods_table(raw: Any, where: str, report: Report) -> dict[Good, int] | None:
    if not isinstance(raw, Mapping):
        report(where, f"expected a goods table, got {raw!r}")
        return None
    goods: dict[Good, int] = {}
    ok = True
    for name, n in raw.items():
        good = _GOODS.get(name)
        if good is None:
            report(f"{where}.{name}", "unknown good")
            ok = False
        elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
            report(f"{where}.{name}", f"expected int >= 1, got {n!r}")
            ok = False
        else:
            goods[good] = n
    return goods if ok else None


def describe_goods(goods: Mapping[Good, int]) -> str:
    return " and ".join(f"{n} {g.value.replace('_', ' ')}" for g, n in goods.items())


# --- gain -------------------------------------------------------------------------------------


class Gain(Effect):
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("goods", Mapping[Good, int], REQUIRED),)
    __slots__ = ("goods",)

    def __init__(self, goods: Mapping[Good, int]) -> None:
        self.goods: Final = goods

    def fields(self) -> tuple[Any, ...]:
        return (self.goods,)

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        ctx.give(self.goods)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        after = ctx.copy()
        after.give(self.goods)
        yield [], after

    def syntax(self) -> str:
        return ""

    def describe(self) -> str:
        return f"gain {describe_goods(self.goods)}"


@node_kind("gain")
def _parse_gain(raw: Any, table: Mapping[str, Any], where: str, report: Report) -> Effect | None:
    goods = parse_goods_table(raw, where, report)
    return Gain(goods) if goods is not None else None


# --- convert ----------------------------------------------------------------------------------


class Convert(Effect):
    """Pay, gain; repeated ``min``..``max`` times (``max`` None = any number). Token: the count."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("pay", Mapping[Good, int], REQUIRED), ("food", float, REQUIRED),
        ("energy", float, REQUIRED), ("gain", Mapping[Good, int], REQUIRED),
        ("low", int, REQUIRED), ("high", int | None, REQUIRED))
    __slots__ = ("energy", "food", "gain", "high", "low", "pay")

    def __init__(self, pay: Mapping[Good, int], food: float, energy: float,
                 gain: Mapping[Good, int], low: int, high: int | None) -> None:
        self.pay: Final = pay
        self.food: Final = food
        self.energy: Final = energy
        self.gain: Final = gain
        self.low: Final = low
        self.high: Final = high

    def fields(self) -> tuple[Any, ...]:
        return (self.pay, self.food, self.energy, self.gain, self.low, self.high)

    def _apply(self, ctx: UseContext, times: int) -> None:
        if not times:
            return
        ctx.take({g: n * times for g, n in self.pay.items()})
        if self.food or self.energy:
            ctx.owe_value()  # before this step's gains: they cannot pay for it
        ctx.food_due += self.food * times
        ctx.energy_due += self.energy * times
        ctx.give({g: n * times for g, n in self.gain.items()})

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        times = self.low if self.low == self.high else tokens.count(self.low, self.high)
        self._apply(ctx, times)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        times = self.low
        while self.high is None or times <= self.high:
            after = ctx.copy()
            try:
                self._apply(after, times)
            except Exception:
                return
            if not _value_reachable(after):
                return
            yield ([] if self.low == self.high else [str(times)]), after
            if self.pay == {} and self.food == 0 and self.energy == 0 and self.high is None:
                return
            times += 1

    def syntax(self) -> str:
        if self.low == self.high:
            return ""
        return f"<count {self.low}..{'n' if self.high is None else self.high}>"

    def describe(self) -> str:
        costs = [describe_goods(self.pay)] if self.pay else []
        if self.food:
            costs.append(f"{self.food:g} food")
        if self.energy:
            costs.append(f"{self.energy:g} energy")
        text = f"pay {' and '.join(costs) or 'nothing'}"
        if self.gain:
            text += f" to gain {describe_goods(self.gain)}"
        if self.low == self.high == 1:
            return text
        if self.high is None:
            return f"any number of times: {text}"
        if self.low == 0 and self.high == 1:
            return f"at most once: {text}"
        return f"up to {self.high} times: {text}"


def _value_reachable(ctx: UseContext) -> bool:
    """Whether the food and energy due can still be paid from what the user holds.

    A necessary condition only (it prunes the enumeration): grain counts both as food and, flipped
    to straw, as half an energy, since either use may be the one that pays.
    """
    if not ctx.food_due and not ctx.energy_due:
        return True
    food = energy = 0.0
    for good, n in ctx.have.items():
        spec = ctx.rules.goods[good]
        food += spec.food * max(n, 0)
        energy += spec.energy * max(n, 0)
    energy += 0.5 * max(ctx.held(Good.GRAIN), 0)
    return food >= ctx.food_due and energy >= ctx.energy_due


@node_kind("convert")
def _parse_convert(raw: Any, table: Mapping[str, Any], where: str, report: Report
                   ) -> Effect | None:
    if not isinstance(raw, Mapping):
        report(where, "expected a table with pay / food / energy / gain")
        return None
    unknown = set(raw) - {"pay", "food", "energy", "gain"}
    if unknown:
        report(where, f"unknown keys {sorted(unknown)}")
        return None
    pay = parse_goods_table(raw.get("pay", {}), f"{where}.pay", report) if raw.get("pay") else {}
    gain = parse_goods_table(raw.get("gain", {}), f"{where}.gain", report)
    food, energy = raw.get("food", 0), raw.get("energy", 0)
    for name, value in (("food", food), ("energy", energy)):
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            report(f"{where}.{name}", f"expected a number >= 0, got {value!r}")
            return None
    low, high = _bounds(table, where.rsplit(".", 1)[0], report, default_high=1)
    if pay is None or gain is None or low is None:
        return None
    return Convert(pay, float(food), float(energy), gain, low, high)


def _bounds(table: Mapping[str, Any], where: str, report: Report, *, default_high: int | None
            ) -> tuple[int | None, int | None]:
    low = table.get("min", 0)
    high = table.get("max", default_high)
    if high == "any":
        high = None
    if isinstance(low, bool) or not isinstance(low, int) or low < 0:
        report(f"{where}.min", f"expected int >= 0, got {low!r}")
        return None, None
    if high is not None and (isinstance(high, bool) or not isinstance(high, int) or high < 1
                             or high < low):
        report(f"{where}.max", f"expected int >= 1 and >= min, or \"any\", got {high!r}")
        return None, None
    return low, high


# --- wheel ------------------------------------------------------------------------------------


class Wheel(Effect):
    """Take a good from the production wheel (R-WHEEL-6, R-JOKER-1..5, R-SHORT-2).

    Token: the good's code, prefixed ``Jo`` to use the joker (``JoGn``); with a single good only
    ``Jo`` or nothing. ``joker_only``: the good's own indicator is never used (Shipping Company).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("goods", tuple[Good, ...], REQUIRED), ("joker_only", bool, REQUIRED))
    __slots__ = ("goods", "joker_only")

    def __init__(self, goods: tuple[Good, ...], joker_only: bool) -> None:
        self.goods: Final = goods
        self.joker_only: Final = joker_only

    def fields(self) -> tuple[Any, ...]:
        return (self.goods, self.joker_only)

    def _choices(self, ctx: UseContext) -> Iterator[tuple[str, Good, Indicator]]:
        positions = ctx.state.wheel.positions
        for good in self.goods:
            own = _OWN_INDICATOR.get(good)
            code = "" if len(self.goods) == 1 else GOOD_CODES[good]
            if not self.joker_only and own is not None and own in positions:
                yield code, good, own
            if Indicator.JOKER in positions or (
                    # R-SOLO-6 departure ``removed_joker = joker_only_uses`` (kennerspiel).
                    self.joker_only and ctx.state.config.readings.removed_joker != "gone"):
                yield ("Jo" + code) if not self.joker_only or len(self.goods) > 1 else code, \
                    good, Indicator.JOKER

    def _apply(self, ctx: UseContext, good: Good, indicator: Indicator) -> None:
        if indicator in ctx.wheel_used:
            raise ctx.illegal("indicator_used", "R-WHEEL-6", f"the {indicator.value} indicator "
                              "was already used in this use")
        # A removed joker (the departure above) gives 0 and is back at 0 (IndicatorUsed).
        amount = ctx.state.wheel.value(indicator) if indicator in ctx.state.wheel.positions \
            else 0
        ctx.wheel_used.append(indicator)
        ctx.events.append(IndicatorUsed(indicator=indicator))
        if amount:
            ctx.give({good: amount})
        mode = ctx.rules.modes[ctx.mode]
        if mode.wheel_bonus:
            ctx.bonus_all[good] = ctx.bonus_all.get(good, 0) + 1

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        choices = {code: (good, ind) for code, good, ind in self._choices(ctx)}
        token = tokens.peek()
        if len(self.goods) == 1 and not self.joker_only:
            code = "Jo" if token == "Jo" else ""
        else:
            code = token or ""
        if code and code == token:
            tokens.next()
        if code not in choices:
            if not code and len(self.goods) > 1:
                raise InvalidCommand(f"{ctx.building}: name the good "
                                     f"({', '.join(GOOD_CODES[g] for g in self.goods)})")
            named = code.removeprefix("Jo")  # (a starred tuple here trips mypyc 2.4)
            if named and named not in [GOOD_CODES[g] for g in self.goods]:
                raise InvalidCommand(f"{ctx.building}: {code!r} is not one of this wheel's goods")
            raise ctx.illegal("indicator_not_in_play", "R-WHEEL-8",
                              f"{code or 'the indicator'} cannot produce now: its indicator is "
                              "out of play (use the joker)")
        good, indicator = choices[code]
        self._apply(ctx, good, indicator)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        for code, good, indicator in self._choices(ctx):
            if indicator in ctx.wheel_used:
                continue
            after = ctx.copy()
            self._apply(after, good, indicator)
            yield ([code] if code else []), after

    def syntax(self) -> str:
        codes = [GOOD_CODES[g] for g in self.goods]
        if len(codes) == 1:
            return "" if self.joker_only else "[Jo]"
        jokers = ["Jo" + c for c in codes]
        return "|".join(jokers if self.joker_only else codes + jokers)

    def describe(self) -> str:
        names = " or ".join(g.value for g in self.goods)
        if self.joker_only:
            return f"take {names} at the joker's value from the production wheel"
        return f"take {names} from the production wheel (or with the joker)"


@node_kind("wheel")
def _parse_wheel(raw: Any, table: Mapping[str, Any], where: str, report: Report
                 ) -> Effect | None:
    if not isinstance(raw, list) or not raw or any(g not in _GOODS for g in raw):
        report(where, f"expected a list of goods, got {raw!r}")
        return None
    joker_only = table.get("joker_only", False)
    if not isinstance(joker_only, bool):
        report(where.rsplit(".", 1)[0] + ".joker_only", "expected true or false")
        return None
    return Wheel(tuple(_GOODS[g] for g in raw), joker_only)


# --- choose -----------------------------------------------------------------------------------


class Choose(Effect):
    """Exactly one of the options (either-or), named by its label; ``optional``: or none (``-``)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("options_", tuple[Effect, ...], REQUIRED), ("labels", tuple[str, ...], REQUIRED),
        ("optional", bool, REQUIRED))
    __slots__ = ("labels", "optional", "options_")

    def __init__(self, options_: tuple[Effect, ...], labels: tuple[str, ...], optional: bool
                 ) -> None:
        self.options_: Final = options_
        self.labels: Final = labels
        self.optional: Final = optional

    def fields(self) -> tuple[Any, ...]:
        return (self.options_, self.labels, self.optional)

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.next()
        if token in (None, "-") and self.optional:
            if token == "-":
                tokens.mark_none()
            return
        if token not in self.labels:
            raise InvalidCommand(f"{ctx.building}: expected one of {', '.join(self.labels)}"
                                 f"{' or -' if self.optional else ''}, got {token!r}")
        self.options_[self.labels.index(token)].run(ctx, tokens)

    def options(self, ctx: UseContext) -> Iterator[Option]:
        if self.optional:
            yield ["-"], ctx.copy()
        for label, option in zip(self.labels, self.options_, strict=True):
            for tokens, after in option.options(ctx):
                yield [label, *tokens], after

    def syntax(self) -> str:
        parts = [" ".join(t for t in (label, o.syntax()) if t)
                 for label, o in zip(self.labels, self.options_, strict=True)]
        return "(" + " | ".join(["-", *parts] if self.optional else parts) + ")"

    def describe(self) -> str:
        parts = [f"{o.describe()} ({label})" for label, o in zip(self.labels, self.options_,
                                                                  strict=True)]
        text = "either " + ", or ".join(parts)
        return f"optionally {text}" if self.optional else text


@node_kind("choose")
def _parse_choose(raw: Any, table: Mapping[str, Any], where: str, report: Report
                  ) -> Effect | None:
    if not isinstance(raw, list) or len(raw) < 2:
        report(where, "expected a list of at least two effects")
        return None
    nodes = [parse_node(t, f"{where}[{i}]", report) for i, t in enumerate(raw)]
    base = where.rsplit(".", 1)[0]
    labels = table.get("labels")
    if (not isinstance(labels, list) or len(labels) != len(raw)
            or len(set(labels)) != len(labels) or "-" in labels):
        report(f"{base}.labels", "expected one distinct label per option")
        return None
    if any(n is None for n in nodes):
        return None
    return Choose(tuple(n for n in nodes if n is not None), tuple(labels),
                  bool(table.get("optional", False)))


# --- seq --------------------------------------------------------------------------------------


class Seq(Effect):
    """Steps in order; a later step may use what an earlier one produced ("and then")."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("steps", tuple[Effect, ...], REQUIRED), ("max_total", int | None, None))
    __slots__ = ("max_total", "steps")

    def __init__(self, steps: tuple[Effect, ...], max_total: int | None = None) -> None:
        self.steps: Final = steps
        self.max_total: Final = max_total

    def fields(self) -> tuple[Any, ...]:
        return (self.steps, self.max_total)

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        start = tokens.pos
        for step in self.steps:
            step.run(ctx, tokens)
        if self.max_total is not None:
            counts = [int(t) for t in tokens.tokens[start:tokens.pos] if t.isdigit()]
            if sum(counts) > self.max_total:
                raise InvalidCommand(f"{ctx.building}: at most {self.max_total} in total")

    def options(self, ctx: UseContext) -> Iterator[Option]:
        def walk(i: int, prefix: list[str], at: UseContext) -> Iterator[Option]:
            if i == len(self.steps):
                yield prefix, at
                return
            for tokens, after in self.steps[i].options(at):
                yield from walk(i + 1, prefix + tokens, after)

        for tokens, after in walk(0, [], ctx):
            if self.max_total is None or sum(int(t) for t in tokens if t.isdigit()) \
                    <= self.max_total:
                yield tokens, after

    def syntax(self) -> str:
        return " ".join(t for t in (step.syntax() for step in self.steps) if t)

    def describe(self) -> str:
        text = ", then ".join(step.describe() for step in self.steps)
        return f"{text} (at most {self.max_total} in total)" if self.max_total else text


@node_kind("seq")
def _parse_seq(raw: Any, table: Mapping[str, Any], where: str, report: Report) -> Effect | None:
    if not isinstance(raw, list) or not raw:
        report(where, "expected a list of effects")
        return None
    nodes = [parse_node(t, f"{where}[{i}]", report) for i, t in enumerate(raw)]
    max_total = table.get("max_total")
    if max_total is not None and (not isinstance(max_total, int) or max_total < 1):
        report(where.rsplit(".", 1)[0] + ".max_total", f"expected int >= 1, got {max_total!r}")
        return None
    if any(n is None for n in nodes):
        return None
    return Seq(tuple(n for n in nodes if n is not None), max_total)


__all__ = ["GOOD_BY_CODE", "Choose", "Convert", "Gain", "Seq", "Wheel"]
