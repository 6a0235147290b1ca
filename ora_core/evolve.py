"""``evolve(state, event) -> state`` and the fold: total, pure, no rules, no checks, no RNG.

Every handler only applies what its event says. Rules (what is allowed, what follows) live in
``ora_rules``; here a building is just an id on a space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from ora_core import table, takeback
from ora_core.events import (
    BuildingBuilt,
    BuildingsRevealed,
    BuildingUsed,
    CardRemoved,
    ClergyPlaced,
    ClergyReturned,
    CoinPiecesCounted,
    FlowChanged,
    GameEnded,
    GameEvent,
    GameStarted,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
    IndicatorEntered,
    IndicatorUsed,
    LandscapeAdded,
    MoveAnnotated,
    MovePlayed,
    RoundBegan,
    SeatTaken,
    SettlementBuilt,
    SettlementPhaseBegan,
    SettlementsDealt,
    WheelRotated,
    WonderTaken,
    WorkContractPriceSet,
)
from ora_core.native import Record
from ora_core.state import Flow, Placement, PlayerState, Space, State, Turn, Wheel
from ora_core.values import Coord, Good, Stage

_T = TypeVar("_T")
_new_object = object.__new__
_set = object.__setattr__


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of ``obj`` with ``changes``: a native class's own copy (``Record.__replace__``:
    ``Turn``, ``Flow``, ``PlayerState``, ...), or for the state classes kept in a ``__dict__``
    (``State``, ``Wheel``) one C-level dict copy, no ``attrs.evolve`` machinery. No converters
    or validators run, as for every value ``evolve`` builds."""
    if isinstance(obj, Record):
        return cast(_T, obj.__replace__(**changes))
    try:
        fields = obj.__dict__.copy()
    except AttributeError:
        raise TypeError("replace() copies the native classes and the __dict__ state classes, "
                        f"not {type(obj).__name__}") from None
    fields.update(changes)
    new: _T = _new_object(type(obj))
    _set(new, "__dict__", fields)
    return new


#: What a handler returns: the fields of ``State`` that the event changes, with their new values.
Changes = dict[str, Any]


def _add_goods(goods: Mapping[Good, int], delta: Mapping[Good, int], sign: int) -> dict[Good, int]:
    result = dict(goods)
    for good, n in delta.items():
        left = result.get(good, 0) + sign * n
        if left:
            result[good] = left
        else:
            result.pop(good, None)
    return result


def _player_changed(state: State, player: PlayerState) -> Changes:
    players = list(state.players)
    players[player.seat] = player
    return {"players": tuple(players)}


def _started(e: GameStarted) -> State:
    players = tuple(
        PlayerState(
            seat=seat,
            colour=p.colour,
            goods={g: n for g, n in p.goods.items() if n},
            landscape={s.coord: Space(s.terrain, s.card) for s in p.spaces},
            clergy=(None,) * p.clergy,
            settlements=p.settlements,
            neutral=p.neutral,
        )
        for seat, p in enumerate(e.players)
    )
    built: dict[str, Placement] = {}
    for building, seat, coord in e.built:
        built[building] = Placement(seat, coord)
        player = players[seat]
        old = player.landscape[coord]
        landscape = {**player.landscape, coord: Space(old.terrain, building)}
        players = tuple(
            p.with_landscape(landscape) if p.seat == seat else p for p in players
        )
    return State(
        config=e.config,
        round=0,
        players=players,
        wheel=Wheel(
            values=e.wheel_values,
            positions=dict.fromkeys(e.indicators, 0),
            removes_at_end=e.wheel_removes_at_end,
        ),
        display=e.display,
        stacks=e.stacks,
        district_prices=e.district_prices,
        plot_prices=e.plot_prices,
        built=built,
        flow=Flow(turn=Turn(kind="setup", seat=0)),
        wonders_left=e.wonders,
        wonder_display=e.wonder_display,
        wonder_stack=e.wonder_stack,
        # A clock's time left per seat, in milliseconds, before anyone decided.
        clock_left=(e.config.clock.initial * 1000,) * len(players) if e.config.clock else (),
    )


def _move(state: State, e: MovePlayed) -> Changes:
    return {} if e.left is None else table.moved(state, e.seat, e.left)


def _paid(state: State, e: GoodsPaid) -> Changes:
    players = list(state.players)
    payer = players[e.seat]
    players[e.seat] = payer.with_goods(_add_goods(payer.goods, e.goods, -1))
    if e.to_seat is not None:
        payee = players[e.to_seat]
        players[e.to_seat] = payee.with_goods(_add_goods(payee.goods, e.goods, 1))
    return {"players": tuple(players)}


def _gained(state: State, e: GoodsGained) -> Changes:
    player = state.players[e.seat]
    changes = _player_changed(state, player.with_goods(_add_goods(player.goods, e.goods, 1)))
    if wonders := e.goods.get(Good.WONDER, 0):
        changes["wonders_left"] = state.wonders_left - wonders
    return changes


def _wonder(state: State, e: WonderTaken) -> Changes:
    player = state.players[e.seat]
    goods = _add_goods(player.goods, {Good.WONDER: 1}, 1)
    if e.dark:
        player = replace(player, goods=goods, dark_wonders=(*player.dark_wonders, e.tile))
        where = {"wonder_display": tuple(t for t in state.wonder_display if t != e.tile)}
    else:
        player = replace(player, goods=goods, light_wonders=(*player.light_wonders, e.tile))
        where = {"wonder_stack": tuple(t for t in state.wonder_stack if t != e.tile)}
    return {**_player_changed(state, player), **where, "wonders_left": state.wonders_left - 1}


def _converted(state: State, e: GoodsConverted) -> Changes:
    player = state.players[e.seat]
    goods = _add_goods(_add_goods(player.goods, e.given, -1), e.received, 1)
    return _player_changed(state, player.with_goods(goods))


def _pieces(state: State, e: CoinPiecesCounted) -> Changes:
    return _player_changed(state, replace(state.players[e.seat], five_coin_pieces=e.fives))


def _indicator_used(state: State, e: IndicatorUsed) -> Changes:
    positions = {**state.wheel.positions, e.indicator: 0}
    return {"wheel": replace(state.wheel, positions=positions)}


def _rotated(state: State, e: WheelRotated) -> Changes:
    last = len(state.wheel.values) - 1
    positions = {
        ind: min(d + 1, last) for ind, d in state.wheel.positions.items() if ind not in e.removed
    }
    return {"wheel": replace(state.wheel, positions=positions)}


def _entered(state: State, e: IndicatorEntered) -> Changes:
    positions = {**state.wheel.positions, e.indicator: 0}
    return {"wheel": replace(state.wheel, positions=positions)}


def _placed(state: State, e: ClergyPlaced) -> Changes:
    player = state.players[e.seat]
    clergy = list(player.clergy)
    clergy[e.clergy] = e.building
    return _player_changed(state, player.with_clergy(tuple(clergy)))


def _returned(state: State, e: ClergyReturned) -> Changes:
    player = state.players[e.seat]
    clergy = tuple(None if i in e.clergy else at for i, at in enumerate(player.clergy))
    return _player_changed(state, player.with_clergy(clergy))


def _used(state: State, e: BuildingUsed) -> Changes:
    if e.building in state.used:
        return {}
    return {"used": state.used | {e.building}}


def _put_card(player: PlayerState, coord: Coord, card: str | None) -> PlayerState:
    old = player.landscape[coord]
    covered = (*old.covered, old.card) if old.card is not None and card is not None else ()
    space = Space(old.terrain, card, covered)
    return player.with_landscape({**player.landscape, coord: space})


def _built(state: State, e: BuildingBuilt) -> Changes:
    covered = state.players[e.seat].landscape[e.coord].card
    changes = _player_changed(state, _put_card(state.players[e.seat], e.coord, e.building))
    built = {**state.built, e.building: Placement(e.seat, e.coord)}
    if covered is not None:
        built.pop(covered, None)  # only the top card of a stack exists for use (R-SOLO-10)
    changes["display"] = tuple(b for b in state.display if b != e.building)
    changes["built"] = built
    return changes


def _settled(state: State, e: SettlementBuilt) -> Changes:
    player = _put_card(state.players[e.seat], e.coord, e.settlement)
    hand = list(player.settlements)
    hand.remove(e.settlement)
    return _player_changed(state, player.with_settlements(tuple(hand)))


def _removed(state: State, e: CardRemoved) -> Changes:
    return _player_changed(state, _put_card(state.players[e.seat], e.coord, None))


def _landscape(state: State, e: LandscapeAdded) -> Changes:
    player = state.players[e.seat]
    landscape = dict(player.landscape)
    for s in e.spaces:
        landscape[s.coord] = Space(s.terrain, s.card)
    changes = _player_changed(state, player.with_landscape(landscape))
    if e.kind == "district":
        changes["district_prices"] = state.district_prices[1:]
    else:
        changes["plot_prices"] = state.plot_prices[1:]
    return changes


def _price(state: State, e: WorkContractPriceSet) -> Changes:
    return {"work_contract_price": e.price}


def _round(state: State, e: RoundBegan) -> Changes:
    return {"round": e.round}


def _phase(state: State, e: SettlementPhaseBegan) -> Changes:
    return {"settlement_phases": (*state.settlement_phases, e.stage)}


def _revealed(state: State, e: BuildingsRevealed) -> Changes:
    stacks: dict[Stage, tuple[str, ...]] = dict(state.stacks)
    stacks.pop(e.stage, None)
    return {"display": state.display + e.buildings, "stacks": stacks}


def _dealt(state: State, e: SettlementsDealt) -> Changes:
    players = tuple(
        p.with_settlements((*p.settlements, e.settlement)) if p.seat in e.seats else p
        for p in state.players
    )
    return {"players": players}


def _flow(state: State, e: FlowChanged) -> Changes:
    return {"flow": e.flow}


def _ended(state: State, e: GameEnded) -> Changes:
    return {"scores": e.scores, "winners": e.winners}


def _seat_taken(state: State, e: SeatTaken) -> Changes:
    return _player_changed(state, replace(state.players[e.seat], name=e.name, bot=e.bot))


def _annotated(state: State, e: MoveAnnotated) -> Changes:
    return {}  # words for people: the position does not change (only the version counts it)


_HANDLERS: dict[type[Any], Callable[[State, Any], Changes]] = {
    MovePlayed: _move,
    SeatTaken: _seat_taken,
    MoveAnnotated: _annotated,
    GoodsPaid: _paid,
    GoodsGained: _gained,
    GoodsConverted: _converted,
    CoinPiecesCounted: _pieces,
    WonderTaken: _wonder,
    IndicatorUsed: _indicator_used,
    WheelRotated: _rotated,
    IndicatorEntered: _entered,
    ClergyPlaced: _placed,
    ClergyReturned: _returned,
    BuildingUsed: _used,
    BuildingBuilt: _built,
    SettlementBuilt: _settled,
    CardRemoved: _removed,
    LandscapeAdded: _landscape,
    WorkContractPriceSet: _price,
    RoundBegan: _round,
    SettlementPhaseBegan: _phase,
    BuildingsRevealed: _revealed,
    SettlementsDealt: _dealt,
    FlowChanged: _flow,
    GameEnded: _ended,
    **takeback.HANDLERS,
    **table.HANDLERS,
}


def evolve(state: State | None, event: GameEvent) -> State:
    """The state after ``event``; ``state`` is None only before ``GameStarted``.

    One copy of the state per event: the handler names the fields that change, and the copy
    takes them and the next version at once.
    """
    if type(event) is GameStarted:
        new = _started(event)
        _set(new, "version", (state.version if state is not None else 0) + 1)
        return new
    if state is None:
        raise ValueError(f"{type(event).__name__} before GameStarted: there is no game yet")
    fields = state.__dict__.copy()
    fields.update(_HANDLERS[type(event)](state, event))
    fields["version"] = state.version + 1
    new = _new_object(State)
    _set(new, "__dict__", fields)
    return new


def evolve_own(state: State, event: GameEvent) -> None:
    """Take ``event``'s changes into ``state`` itself, as ``fold`` does with its copy.

    Only for a copy that its holder made with ``evolve`` and handed to no one yet (a command's
    ``Draft``): every other holder of a state relies on it never changing. ``GameStarted`` makes
    a new state and is never applied in place.
    """
    fields = state.__dict__
    fields.update(_HANDLERS[type(event)](state, event))
    fields["version"] += 1


def fold(events: Iterable[GameEvent], state: State | None = None) -> State:
    """The state after all ``events`` (from ``state``, or from nothing): what ``evolve`` one
    event at a time gives, with one copy of the state for the whole run.

    The handlers never change what they read (they return new values for the fields that
    change), so once the fold holds a copy no one else has seen, it may take each event's
    changes into that copy in place.
    """
    fields: dict[str, Any] | None = None  # the fold's own copy, once it has one
    for event in events:
        if fields is None or type(event) is GameStarted:
            state = evolve(state, event)  # a new object: from here on the fold's own
            fields = state.__dict__
            continue
        assert state is not None
        fields.update(_HANDLERS[type(event)](state, event))
        fields["version"] += 1
    if state is None:
        raise ValueError("fold of an empty event sequence has no state")
    return state
