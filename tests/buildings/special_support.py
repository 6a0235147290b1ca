"""Helpers of the tests of the buildings with named special effects (ora_rules/effects/special.py).

Positions are built from events applied by the real fold (``tests.support``); every command under
test goes through ``decide``. The user is seat 0 (colour R, heartland LR1 Clay Mound (4, 0), LR2
Farmyard (2, 1), LR3 Cloister Office (4, 1)); a work contract's owner is seat 1 (LG1..LG3).
In round 1 every indicator in play shows 2 (R-WHEEL-9).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from ora_core.errors import IllegalCommand
from ora_core.events import (
    BuildingsRevealed,
    BuildingUsed,
    GameEvent,
    GoodsGained,
    LandscapeAdded,
)
from ora_core.state import State
from ora_core.values import Coord, Good, Stage, Terrain
from ora_rules import landscape
from ora_rules.decide import decide
from ora_rules.moves import legal_moves
from ora_rules.notation import Command, Use
from tests.support import apply, events_of, goods, new_state, place, play, rules, set_goods

USER = 0
OWNER = 1
#: A plains space next to the Cloister Office (4, 1): a cloister building may stand there.
HOME: Coord = (3, 1)
#: The forests of a long-game heartland (R-SETUP-5); the moors are (0, 0) and (0, 1).
FORESTS: tuple[Coord, ...] = ((1, 0), (1, 1), (2, 0))


def variant_of(building: str) -> str:
    return "ireland" if rules().building(building).variant == "ireland" else "france"


def owned(building: str, *, length: str = "long", **held: int) -> State:
    """A new 4-player game at the user's first action slot; the user owns ``building`` on HOME
    and holds exactly ``held``."""
    state = new_state(4, variant_of(building), length)
    state = place(state, USER, building, HOME)
    return set_goods(state, USER, **held)


def owned_holding(building: str, held: Mapping[str, int]) -> State:
    """``owned`` with the goods given as a mapping (a goods table shared by several tests)."""
    return set_goods(owned(building), USER, **held)


def use(state: State, building: str, *params: str, prior: bool = False) -> State:
    return play(state, str(Use(building, params, prior=prior)))


def refusal(state: State, text: str) -> IllegalCommand:
    """The IllegalCommand ``decide`` raises for ``text`` (then no event exists, so the state
    stays as it is); the move generator does not offer ``text`` either."""
    with pytest.raises(IllegalCommand) as info:
        events_of(state, text)
    assert text not in moves(state)
    return info.value


def moves(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state, rules())]


def moves_for(state: State, building: str) -> list[str]:
    """The USE / PRIOR moves of ``building`` the move generator offers now."""
    return [str(m) for m in legal_moves(state, rules())
            if isinstance(m, Use) and m.building == building]


def assert_offered(state: State, building: str, *commands: str) -> list[str]:
    """Each of ``commands`` is offered, no move is offered twice, and decide accepts every
    offered move of ``building``."""
    offered = moves_for(state, building)
    assert len(offered) == len(set(offered)), "a move is offered twice"
    for text in commands:
        assert text in offered, f"{text} not offered; offered: {offered[:30]}"
    for text in offered:
        decide(state, text, rules())
    return offered


def accepts_all(state: State, kind: type[Command]) -> list[str]:
    """Every offered move of a command class is accepted; returns them as text."""
    offered = [m for m in legal_moves(state, rules()) if isinstance(m, kind)]
    texts = [str(m) for m in offered]
    assert len(texts) == len(set(texts)), "a move is offered twice"
    for move in offered:
        decide(state, move, rules())
    return texts


def declined(state: State, building: str) -> None:
    """R-CLG-6: ``USE <b> -`` places the lay brother, records the use and changes nothing else."""
    events = events_of(state, f"USE {building} -")
    assert [e.building for e in events if isinstance(e, BuildingUsed)] == [building]
    after = use(state, building, "-")
    assert goods(after, USER) == goods(state, USER)
    assert after.players[USER].clergy == (None, building, None)
    assert after.flow.turn.grants == ()
    assert after.players[USER].landscape == state.players[USER].landscape


def by_contract(building: str, **held: int) -> State:
    """R-WC-1..4: seat 1 owns ``building`` on HOME; the user paid it 1 coin and it placed a lay
    brother. The user holds ``held`` and may now use the building (a free use of the slot)."""
    state = new_state(4, variant_of(building), "long")
    state = place(state, OWNER, building, HOME)
    state = set_goods(state, USER, **{**held, "coin": held.get("coin", 0) + 1})
    state = play(state, f"WORK_CONTRACT {building} Pn", "WITH_LAYBROTHER")
    assert state.flow.turn.free_uses == (building,)
    assert goods(state, USER) == {k: v for k, v in held.items() if v}
    assert state.players[OWNER].clergy == (None, building, None)
    return state


def _space_for(state: State, building: str) -> tuple[State, Coord]:
    """A space of the user's landscape whose terrain ``building`` allows (adds a plot if needed)."""
    terrain = rules().building(building).terrain
    if Terrain.PLAINS in terrain:
        return state, HOME
    spaces = landscape.plot_spaces(rules(), "MOUNTAIN", 0)
    state = apply(state, [LandscapeAdded(seat=USER, kind="plot", side="MOUNTAIN", row=0,
                                         spaces=spaces)])
    return state, ((5, 0) if Terrain.HILLSIDE in terrain else (6, 0))


def built_now(building: str, **held: int) -> State:
    """R-BUILD-1/7: the user has just built ``building`` (paying its cost) with the prior at home,
    so ``PRIOR <b> ...`` may follow. ``held`` is what the user holds besides the cost."""
    spec = rules().building(building)
    state = new_state(4, variant_of(building), "long")
    if building not in state.display:
        state = apply(state, [BuildingsRevealed(stage=Stage(spec.stage), buildings=(building,))])
    state, coord = _space_for(state, building)
    total = dict(held)
    for good, n in spec.cost.items():
        total[good.value] = total.get(good.value, 0) + n
    state = set_goods(state, USER, **total)
    state = play(state, f"BUILD {building} {coord[0]} {coord[1]}")
    assert state.flow.turn.prior_bonus == building
    assert goods(state, USER) == {k: v for k, v in held.items() if v}
    return state


def used(events: list[GameEvent]) -> list[str]:
    """The buildings whose function a command carried out, in order (BuildingUsed events)."""
    return [e.building for e in events if isinstance(e, BuildingUsed)]


def wonders_gone(state: State) -> State:
    """Every wonder tile of the supply has gone to seat 2 (R-COMP-9)."""
    state = apply(state, [GoodsGained(seat=2, goods={Good.WONDER: state.wonders_left})])
    assert state.wonders_left == 0
    return state
