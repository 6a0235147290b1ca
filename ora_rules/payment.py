"""Paying food and energy by value (R-GOODS-3): surplus lost, no change given.

A payment names its tiles (a goods string). It must cover the amounts due and every tile must
count (food goods toward food, energy goods toward energy). A payment with a superfluous tile is
legal by the rulebook: the surplus is spent and lost, no change is given. ``value_payments``
enumerates only the *minimal* payments (taking away any one tile leaves them short), so the legal
moves list one move per way of paying without waste; a covering payment beyond them is accepted
as written and recorded as paid. Lacking straw may be flipped from grain (R-FREE-3); coins are a
pool and count as food.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from ora_core.errors import IllegalCommand
from ora_core.values import Good
from ora_rules.specs import Rules

#: (id(rules), kind) -> (rules, the goods worth food or energy, highest value first); ``rules``
#: is kept so its id stays its own (a payment's enumeration asks for these every time).
_VALUES: dict[tuple[int, str], tuple[Rules, list[tuple[Good, float]]]] = {}


def _values(rules: Rules, kind: str) -> list[tuple[Good, float]]:
    known = _VALUES.get((id(rules), kind))
    if known is None or known[0] is not rules:
        pairs = [(g, getattr(spec, kind)) for g, spec in rules.goods.items()
                 if getattr(spec, kind)]
        # a Good is a str: ordered as its value
        known = _VALUES[(id(rules), kind)] = (rules, sorted(pairs, key=lambda p: (-p[1], p[0])))
    return known[1]


def check_value_payment(have: Mapping[Good, int], payment: Mapping[Good, int], food: float,
                        energy: float, rules: Rules, *, rule: str = "R-GOODS-3",
                        building: str | None = None) -> None:
    """Raise ``IllegalCommand`` unless ``payment`` is held and covers the amounts due (R-GOODS-3:
    a surplus is allowed and lost)."""

    def refuse(reason: str, detail: str) -> IllegalCommand:
        return IllegalCommand(reason, rule, detail, building=building)

    straw_short = max(0, payment.get(Good.STRAW, 0) - have.get(Good.STRAW, 0))
    for good, n in payment.items():
        available = have.get(good, 0)
        if good is Good.GRAIN:
            available -= straw_short
        if good is Good.STRAW:
            available += have.get(Good.GRAIN, 0)
        if n > available:
            raise refuse("cannot_afford", f"pays {n} {good.value} but has {max(available, 0)}")
    food_paid = energy_paid = 0.0
    for good, n in payment.items():
        if not n:
            continue
        spec = rules.goods[good]
        if food and spec.food:
            food_paid += spec.food * n
        elif energy and spec.energy:
            energy_paid += spec.energy * n
        else:
            raise refuse("useless_payment",
                         f"{good.value} pays neither the food nor the energy due")
    if food_paid < food or energy_paid < energy:
        raise refuse("cannot_afford",
                     f"pays {food_paid:g} food and {energy_paid:g} energy; "
                     f"{food:g} food and {energy:g} energy are due")


def _minimal_sets(kinds: list[tuple[Good, float]], available: Mapping[Good, int], due: float
                  ) -> Iterator[dict[Good, int]]:
    """Every minimal multiset over ``kinds`` (largest value first) whose value reaches ``due``."""
    if due <= 0:
        yield {}
        return
    chosen: dict[Good, int] = {}

    def walk(i: int, total: float, smallest: float) -> Iterator[dict[Good, int]]:
        if total >= due:
            if total - smallest < due:
                yield dict(chosen)
            return
        if i == len(kinds):
            return
        good, value = kinds[i]
        rest = sum(v * available.get(g, 0) for g, v in kinds[i:])
        if total + rest < due:
            return
        most = min(available.get(good, 0), int((due - total) // value) + 1)
        for n in range(most, -1, -1):
            if n:
                chosen[good] = n
            else:
                chosen.pop(good, None)
            yield from walk(i + 1, total + n * value, value if n else smallest)
        chosen.pop(good, None)

    yield from walk(0, 0.0, float("inf"))


def value_payments(have: Mapping[Good, int], food: float, energy: float, rules: Rules
                   ) -> Iterator[Counter[Good]]:
    """Every canonical (minimal) payment of ``food`` and ``energy`` from ``have``."""
    for food_set in _minimal_sets(_values(rules, "food"), have, food):
        left = dict(have)
        for good, n in food_set.items():
            left[good] = left.get(good, 0) - n
        left[Good.STRAW] = left.get(Good.STRAW, 0) + left.get(Good.GRAIN, 0)
        for energy_set in _minimal_sets(_values(rules, "energy"), left, energy):
            yield Counter({**food_set, **energy_set})
