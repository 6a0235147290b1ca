"""Using a building: who may, with which clergyman, and running its effect (R-CLG, R-WC, R-BONUS).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ora_core.errors import IllegalCommand, InvalidCommand
from ora_core.events import (
    BuildingUsed,
    GameEvent,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
)
from ora_core.state import State
from ora_core.values import Good
from ora_rules.effects import TokenReader, UseContext
from ora_rules.effects.core import Fixed, effect_of
from ora_rules.payment import check_value_payment, value_payments
from ora_rules.specs import Rules
from ora_rules.tokens import format_goods, parse_goods

DECLINE = "-"


def occupied(state: State) -> set[str]:
    """Buildings with a clergyman of any colour on them (R-CLG-4)."""
    return {at for p in state.players for at in p.clergy if at is not None}


def run_use(state: State, rules: Rules, seat: int, building: str, params: tuple[str, ...]
            ) -> UseContext:
    """Run the function of ``building`` for ``seat`` with the named choices; validate all of it."""
    ctx = UseContext(state, rules, seat, building)
    if params == (DECLINE,):
        return ctx  # R-CLG-6: the function may be declined
    effect = effect_of(rules, building)
    tokens = TokenReader(params)
    if effect is not None:
        effect.run(ctx, tokens)
    if ctx.food_due or ctx.energy_due:
        token = tokens.next()
        if token is None:
            raise InvalidCommand(f"{building}: name the goods that pay "
                                 f"{_due_text(ctx)} (a goods string such as PtWo)")
        payment = parse_goods(token)
        check_value_payment(ctx.payable(), payment, ctx.food_due, ctx.energy_due, rules,
                            building=building)
        ctx.take(payment)
    if not tokens.done():
        extra = " ".join(tokens.tokens[tokens.pos:])
        raise InvalidCommand(f"{building}: unexpected tokens {extra}")
    if tokens.ends_with_none():
        # One spelling per move: trailing choices that say "none" are left out.
        raise InvalidCommand(f"{building}: leave out the trailing '{tokens.tokens[-1]}' "
                             "(a missing choice means none)")
    return ctx


def _due_text(ctx: UseContext) -> str:
    parts = []
    if ctx.food_due:
        parts.append(f"{ctx.food_due:g} food")
    if ctx.energy_due:
        parts.append(f"{ctx.energy_due:g} energy")
    return " and ".join(parts)


def use_options(state: State, rules: Rules, seat: int, building: str
                ) -> Iterator[tuple[str, ...]]:
    """Every distinct legal parameter list of a use (the decline ``-`` included)."""
    yield (DECLINE,)
    effect = effect_of(rules, building)
    if effect is None:
        return
    seen: set[tuple[str, ...]] = set()
    for raw, ctx in effect.options(UseContext(state, rules, seat, building)):
        if ctx.food_due or ctx.energy_due:
            # The payment comes last, so every choice before it is written out.
            for payment in value_payments(ctx.payable(), ctx.food_due, ctx.energy_due,
                                          rules):
                full = (*(str(t) for t in raw), format_goods(payment))
                if full not in seen:
                    seen.add(full)
                    yield full
            continue
        tokens = _canonical(raw)
        if tokens not in seen and tokens != (DECLINE,):
            seen.add(tokens)
            yield tokens


def _canonical(tokens: list[str]) -> tuple[str, ...]:
    """Trailing tokens that mean "none" (``0``, ``-``) are left out, unless ``Fixed``."""
    end = len(tokens)
    while end and tokens[end - 1] in ("0", DECLINE) and not isinstance(tokens[end - 1], Fixed):
        end -= 1
    return tuple(str(t) for t in tokens[:end])


def use_events(ctx: UseContext) -> list[GameEvent]:
    """The facts of a use, in order: used, grain flipped, side effects, gained, paid, bonus."""
    events: list[GameEvent] = [BuildingUsed(seat=ctx.seat, building=ctx.building)]
    if ctx.flipped_grain:
        events.append(GoodsConverted(seat=ctx.seat, given={Good.GRAIN: ctx.flipped_grain},
                                     received={Good.STRAW: ctx.flipped_grain}))
    events.extend(ctx.events)
    # Gains before payments: a later step may hand in what an earlier one produced ("and
    # then", e.g. the Bakery's bread), so no stock is ever negative between the events.
    if gained := _nonzero(ctx.gained):
        events.append(GoodsGained(seat=ctx.seat, goods=gained))
    if paid := _nonzero(ctx.paid):
        events.append(GoodsPaid(seat=ctx.seat, goods=paid))
    if bonus := _nonzero(ctx.bonus_all):
        events.extend(GoodsGained(seat=p.seat, goods=bonus) for p in ctx.state.players
                      if not p.neutral)
    return events


def _nonzero(tally: Mapping[Good, int]) -> dict[Good, int]:
    """The goods of ``tally`` with a count; most tallies of a use are empty (hot: every use)."""
    return {g: n for g, n in tally.items() if n} if tally else {}


def refuse(reason: str, rule: str, detail: str, building: str | None = None) -> IllegalCommand:
    return IllegalCommand(reason, rule, detail, building=building)
