"""The redirects: carry out another building's function in the same use (Priory, Palace, Grand
Manor, Cloister Garden, Cottage, Hospice, Guesthouse); the chain rule is in
:mod:`ora_rules.effects.special`'s docstring."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Final

from ora_core.errors import InvalidCommand
from ora_core.native import REQUIRED
from ora_rules import landscape
from ora_rules.effects.core import (
    Effect,
    Option,
    Report,
    TokenReader,
    UseContext,
    effect_of,
    special,
)
from ora_rules.effects.special_node import (
    BUILDING_ID,
    card_rule,
    check_modifiers,
    flag,
)

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


class Redirect(Effect):
    """Carry out another building's function for the user: no clergyman, no fee (R-CLG-4).

    Token: the target's id, then the target's own tokens. ``optional``: the target may be left
    out (missing or ``-``); otherwise it must be named whenever a target exists, and with none
    the node does nothing (Priory step 3). Targets are validated (IllegalCommand), then the
    target's effect runs on the same context with a ``BuildingUsed`` event for it.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("kind", str, REQUIRED), ("optional", bool, REQUIRED))
    __slots__ = ("kind", "optional")

    def __init__(self, kind: str, optional: bool) -> None:
        self.kind: Final = kind
        self.optional: Final = optional

    def fields(self) -> tuple[Any, ...]:
        return (self.kind, self.optional)

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
                return "target_without_prior", card_rule(ctx), f"no prior stands on {target}"
        elif self.kind == "use_any_building":
            pass
        elif self.kind == "use_occupied":
            if not _occupied(ctx, target):
                return "target_not_occupied", card_rule(ctx), f"no clergyman stands on {target}"
        else:  # use_adjacent
            if target not in self._neighbours(ctx):
                return ("target_not_adjacent", card_rule(ctx),
                        f"{target} is not orthogonally next to {ctx.building}")
            if _occupied(ctx, target):
                return ("target_occupied", card_rule(ctx),
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
            raise ctx.illegal("target_is_self", card_rule(ctx),
                              f"{ctx.building} cannot carry out its own function")
        why = self._qualifies(ctx, target)
        if why is not None:
            raise ctx.illegal(*why)
        if target in ctx.chain:
            raise ctx.illegal("target_already_used", card_rule(ctx),
                              f"{target}'s function is already carried out in this use "
                              f"({' -> '.join(ctx.chain)}); no building runs twice in one use "
                              "(open question 20)")

    def run(self, ctx: UseContext, tokens: TokenReader) -> None:
        token = tokens.peek()
        if token is None or token == "-" or not BUILDING_ID.match(token):
            if token == "-":
                tokens.next()
            if self.optional or not self._candidates(ctx):
                return
            raise InvalidCommand(f"{ctx.building}: name the building whose function to carry "
                                 f"out ({', '.join(self._candidates(ctx))})")
        tokens.next()
        self._check(ctx, token)
        previous = ctx.enter(token)
        effect = effect_of(ctx.rules, token)
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
            effect = effect_of(ctx.rules, target)
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
        check_modifiers(table, where, report, {"optional"})
        return Redirect(kind, bool(flag(table, "optional", where, report)))


for _kind in _REDIRECTS:
    _redirect_factory(_kind)
