"""Helpers shared by the building tests (one module per building, tests/buildings/test_<ID>_*.py).

Positions are built from events (``tests.support``); every command under test goes through
``decide``. The user of a building is seat 0 (``USER``); a work contract's owner is seat 1.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from ora_core.errors import IllegalCommand
from ora_core.events import (
    BuildingsRevealed,
    BuildingUsed,
    IndicatorUsed,
    LandscapeAdded,
    WheelRotated,
)
from ora_core.state import State
from ora_core.values import Coord, Good, Indicator, Stage, Terrain
from ora_rules import landscape
from ora_rules.decide import decide
from ora_rules.moves import legal_moves
from ora_rules.notation import Use
from ora_rules.uses import use_options
from tests.support import apply, events_of, goods, new_state, place, play, rules, set_goods

USER = 0
OWNER = 1
#: A plains space next to the Cloister Office (4, 1): fits every building that allows plains,
#: cloister buildings included (R-BUILD-4).
HOME: Coord = (3, 1)


def variant_of(building: str) -> str:
    return "ireland" if rules().building(building).variant == "ireland" else "france"


def owned(building: str, *, length: str = "long", players: int = 4, variant: str | None = None,
          **held: int) -> State:
    """A new game at the user's action slot; the user owns ``building`` and holds ``held``."""
    state = new_state(players, variant or variant_of(building), length)
    state = place(state, USER, building, HOME)
    return set_goods(state, USER, **held)


def use(state: State, building: str, *params: str, prior: bool = False) -> State:
    """Play a use through ``decide``, checking that the move generator offers it: the same text,
    or (for a non-canonical spelling such as tiles in another order) a move with the same facts."""
    text = str(Use(building, params, prior=prior))
    after = play(state, text)
    assert_enumerated(state, text)
    return after


def assert_enumerated(state: State, text: str) -> None:
    moves = [str(m) for m in legal_moves(state, rules())]
    if text in moves:
        return
    facts = events_of(state, text)[1:]
    verb = text.split()[0]
    building = text.split()[1]
    same = [m for m in moves if m.split()[:2] == [verb, building]
            and events_of(state, m)[1:] == facts]
    assert same, f"{text} is accepted but no offered move has its effect"


def command(building: str, *params: str, prior: bool = False) -> str:
    return str(Use(building, params, prior=prior))


def refusal(state: State, text: str) -> IllegalCommand:
    """The IllegalCommand ``decide`` raises for ``text`` (decide is pure: the state stays)."""
    before = goods(state, USER)
    with pytest.raises(IllegalCommand) as info:
        events_of(state, text)
    assert goods(state, USER) == before
    return info.value


def moves_for(state: State, building: str) -> list[str]:
    """The legal USE / PRIOR moves of ``building`` that the move generator offers now."""
    return [str(m) for m in legal_moves(state, rules())
            if isinstance(m, Use) and m.building == building]


def assert_offered(state: State, building: str, *commands: str) -> list[str]:
    """Each of ``commands`` is an offered move, and ``decide`` accepts every offered move."""
    moves = moves_for(state, building)
    for text in commands:
        assert text in moves, f"{text} not offered; offered: {moves[:20]}"
    for text in moves:
        decide(state, text, rules())
    return moves


def params_offered(state: State, building: str) -> set[tuple[str, ...]]:
    """The parameter lists ``use_options`` enumerates for the user (any clergyman)."""
    return set(use_options(state, rules(), USER, building))


def declined(state: State, building: str) -> None:
    """R-CLG-6: ``USE <b> -`` places the lay brother and changes no goods."""
    after = use(state, building, "-")
    assert goods(after, USER) == goods(state, USER)
    assert after.players[USER].clergy[1] == building
    assert any(isinstance(e, BuildingUsed) for e in events_of(state, command(building, "-")))


def by_contract(building: str, *, length: str = "long", variant: str | None = None,
                **held: int) -> State:
    """R-WC-1..3: the owner (seat 1) has ``building``; the user (seat 0) paid 1 coin for a work
    contract and the owner placed a lay brother. The user, holding ``held``, may now use it."""
    state = new_state(4, variant or variant_of(building), length)
    state = place(state, OWNER, building, HOME)
    state = set_goods(state, USER, **{**held, "coin": held.get("coin", 0) + 1})
    owner_coins = state.players[OWNER].count(Good.COIN)
    state = play(state, f"WORK_CONTRACT {building} Pn", "WITH_LAYBROTHER")
    assert state.players[OWNER].count(Good.COIN) == owner_coins + 1
    assert state.players[OWNER].clergy[1] == building
    assert state.flow.turn.decider == USER and building in state.flow.turn.free_uses
    assert goods(state, USER) == {k: v for k, v in held.items() if v}
    return state


def check_contract(before: State, after: State, building: str) -> None:
    """After a use through a work contract (``before``: right after the contract was answered):
    the owner's lay brother stands on the building, the user's clergymen stayed home, and the use
    gave the owner nothing (R-WC-3)."""
    assert after.players[OWNER].clergy[1] == building
    assert all(at is None for at in after.players[USER].clergy)
    assert after.players[USER].clergy == before.players[USER].clergy
    assert after.players[OWNER].goods == before.players[OWNER].goods


def _space_for(state: State, building: str) -> tuple[State, Coord]:
    """A space of the user's landscape whose terrain ``building`` allows (adds a plot if needed)."""
    terrain = rules().building(building).terrain
    if Terrain.PLAINS in terrain:
        return state, HOME
    side, coord = {
        Terrain.COAST: ("COAST", (-1, 0)),
        Terrain.WATER: ("COAST", (-2, 0)),
        Terrain.HILLSIDE: ("MOUNTAIN", (5, 0)),
        Terrain.MOUNTAIN: ("MOUNTAIN", (6, 0)),
    }[min(terrain, key=lambda t: "CWHM".index(t.value))]
    spaces = landscape.plot_spaces(rules(), side, 0)
    state = apply(state, [LandscapeAdded(seat=USER, kind="plot", side=side, row=0, spaces=spaces)])
    return state, coord


def ready_to_build(building: str, *, length: str = "long", variant: str | None = None,
                   **held: int) -> tuple[State, str]:
    """The user's action slot with ``building`` in the display, a space for it and its cost plus
    ``held`` in hand; and the BUILD command that builds it there."""
    spec = rules().building(building)
    state = new_state(4, variant or variant_of(building), length)
    if building not in state.display:
        state = apply(state, [BuildingsRevealed(stage=Stage(spec.stage), buildings=(building,))])
    state, coord = _space_for(state, building)
    total = dict(held)
    for good, n in spec.cost.items():
        total[good.value] = total.get(good.value, 0) + n
    state = set_goods(state, USER, **total)
    return state, f"BUILD {building} {coord[0]} {coord[1]}"


def built_now(building: str, *, length: str = "long", variant: str | None = None,
              **held: int) -> State:
    """R-BUILD-1/7: the user has just built ``building`` (paying its cost) and the prior is home,
    so ``PRIOR <b> ...`` may follow. ``held`` is what the user holds besides the cost."""
    state, build = ready_to_build(building, length=length, variant=variant, **held)
    state = play(state, build)
    assert state.flow.turn.prior_bonus == building
    assert goods(state, USER) == {k: v for k, v in held.items() if v}
    return state


def rotate(state: State, times: int) -> State:
    """Turn the wheel ``times`` (every indicator in play moves on, R-WHEEL-5)."""
    return apply(state, [WheelRotated()] * times)


def reset(state: State, *indicators: Indicator) -> State:
    return apply(state, [IndicatorUsed(indicator=i) for i in indicators])


def value(state: State, indicator: Indicator) -> int:
    return state.wheel.value(indicator)


def others(state: State) -> Mapping[int, dict[str, int]]:
    return {p.seat: goods(state, p.seat) for p in state.players if p.seat != USER}
