"""``evolve(state, event) -> state`` and the fold: total, pure, no rules, no checks, no RNG.

Every handler only applies what its event says. Rules (what is allowed, what follows) live in
``ora_rules``; here a building is just an id on a space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar, cast

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


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of ``obj`` with ``changes``: the native classes' own copy (``Record.__replace__``:
    ``State``, ``Turn``, ``PlayerState``, ...). No converters or validators run, as for every
    value ``evolve`` builds. The hot paths use the typed copies instead (``State.next``,
    ``PlayerState.with_goods``, ``Turn.changed``): this one passes its changes through a dict."""
    if not isinstance(obj, Record):
        raise TypeError(f"replace() copies the model's native classes, not {type(obj).__name__}")
    return cast(_T, obj.__replace__(**changes))


def _add_goods(goods: Mapping[Good, int], delta: Mapping[Good, int], sign: int) -> dict[Good, int]:
    result = dict(goods)
    for good, n in delta.items():
        left = result.get(good, 0) + sign * n
        if left:
            result[good] = left
        elif good in result:
            del result[good]
    return result


def _with_player(state: State, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players with ``player`` in its seat."""
    players = list(state.players)
    players[player.seat] = player
    return tuple(players)


def _started(e: GameStarted, version: int) -> State:
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
        version=version,
    )


def _move(state: State, e: MovePlayed) -> State:
    return state.one_event_later() if e.left is None else table.moved(state, e.seat, e.left)


def _paid(state: State, e: GoodsPaid) -> State:
    players = list(state.players)
    payer = players[e.seat]
    players[e.seat] = payer.with_goods(_add_goods(payer.goods, e.goods, -1))
    if e.to_seat is not None:
        payee = players[e.to_seat]
        players[e.to_seat] = payee.with_goods(_add_goods(payee.goods, e.goods, 1))
    return state.next_with_players(tuple(players))


def _gained(state: State, e: GoodsGained) -> State:
    player = state.players[e.seat]
    players = _with_player(state, player.with_goods(_add_goods(player.goods, e.goods, 1)))
    if wonders := e.goods.get(Good.WONDER, 0):
        return state.next(players=players, wonders_left=state.wonders_left - wonders)
    return state.next_with_players(players)


def _wonder(state: State, e: WonderTaken) -> State:
    player = state.players[e.seat]
    goods = _add_goods(player.goods, {Good.WONDER: 1}, 1)
    left = state.wonders_left - 1
    if e.dark:
        player = replace(player, goods=goods, dark_wonders=(*player.dark_wonders, e.tile))
        display = tuple(t for t in state.wonder_display if t != e.tile)
        return state.next(players=_with_player(state, player), wonder_display=display,
                          wonders_left=left)
    player = replace(player, goods=goods, light_wonders=(*player.light_wonders, e.tile))
    stack = tuple(t for t in state.wonder_stack if t != e.tile)
    return state.next(players=_with_player(state, player), wonder_stack=stack, wonders_left=left)


def _converted(state: State, e: GoodsConverted) -> State:
    player = state.players[e.seat]
    goods = _add_goods(_add_goods(player.goods, e.given, -1), e.received, 1)
    return state.next_with_players(_with_player(state, player.with_goods(goods)))


def _pieces(state: State, e: CoinPiecesCounted) -> State:
    player = replace(state.players[e.seat], five_coin_pieces=e.fives)
    return state.next_with_players(_with_player(state, player))


def _indicator_used(state: State, e: IndicatorUsed) -> State:
    positions = {**state.wheel.positions, e.indicator: 0}
    return state.next(wheel=state.wheel.with_positions(positions))


def _rotated(state: State, e: WheelRotated) -> State:
    last = len(state.wheel.values) - 1
    positions = {
        ind: min(d + 1, last) for ind, d in state.wheel.positions.items() if ind not in e.removed
    }
    return state.next(wheel=state.wheel.with_positions(positions))


def _entered(state: State, e: IndicatorEntered) -> State:
    positions = {**state.wheel.positions, e.indicator: 0}
    return state.next(wheel=state.wheel.with_positions(positions))


def _placed(state: State, e: ClergyPlaced) -> State:
    player = state.players[e.seat]
    clergy = list(player.clergy)
    clergy[e.clergy] = e.building
    return state.next_with_players(_with_player(state, player.with_clergy(tuple(clergy))))


def _returned(state: State, e: ClergyReturned) -> State:
    player = state.players[e.seat]
    clergy = tuple(None if i in e.clergy else at for i, at in enumerate(player.clergy))
    return state.next_with_players(_with_player(state, player.with_clergy(clergy)))


def _used(state: State, e: BuildingUsed) -> State:
    if e.building in state.used:
        return state.one_event_later()
    return state.next(used=state.used | {e.building})


def _put_card(player: PlayerState, coord: Coord, card: str | None) -> PlayerState:
    old = player.landscape[coord]
    covered = (*old.covered, old.card) if old.card is not None and card is not None else ()
    space = Space(old.terrain, card, covered)
    return player.with_landscape({**player.landscape, coord: space})


def _built(state: State, e: BuildingBuilt) -> State:
    covered = state.players[e.seat].landscape[e.coord].card
    players = _with_player(state, _put_card(state.players[e.seat], e.coord, e.building))
    built = {**state.built, e.building: Placement(e.seat, e.coord)}
    if covered is not None:
        built.pop(covered, None)  # only the top card of a stack exists for use (R-SOLO-10)
    display = tuple(b for b in state.display if b != e.building)
    return state.next(players=players, display=display, built=built)


def _settled(state: State, e: SettlementBuilt) -> State:
    player = _put_card(state.players[e.seat], e.coord, e.settlement)
    hand = list(player.settlements)
    hand.remove(e.settlement)
    return state.next_with_players(_with_player(state, player.with_settlements(tuple(hand))))


def _removed(state: State, e: CardRemoved) -> State:
    return state.next_with_players(_with_player(state, _put_card(state.players[e.seat], e.coord,
                                                              None)))


def _landscape(state: State, e: LandscapeAdded) -> State:
    player = state.players[e.seat]
    landscape = dict(player.landscape)
    for s in e.spaces:
        landscape[s.coord] = Space(s.terrain, s.card)
    players = _with_player(state, player.with_landscape(landscape))
    if e.kind == "district":
        return state.next(players=players, district_prices=state.district_prices[1:])
    return state.next(players=players, plot_prices=state.plot_prices[1:])


def _price(state: State, e: WorkContractPriceSet) -> State:
    return state.next(work_contract_price=e.price)


def _round(state: State, e: RoundBegan) -> State:
    return state.next(round=e.round)


def _phase(state: State, e: SettlementPhaseBegan) -> State:
    return state.next(settlement_phases=(*state.settlement_phases, e.stage))


def _revealed(state: State, e: BuildingsRevealed) -> State:
    stacks: dict[Stage, tuple[str, ...]] = dict(state.stacks)
    stacks.pop(e.stage, None)
    return state.next(display=state.display + e.buildings, stacks=stacks)


def _dealt(state: State, e: SettlementsDealt) -> State:
    players = tuple(
        p.with_settlements((*p.settlements, e.settlement)) if p.seat in e.seats else p
        for p in state.players
    )
    return state.next_with_players(players)


def _flow(state: State, e: FlowChanged) -> State:
    return state.next_with_flow(e.flow)


def _ended(state: State, e: GameEnded) -> State:
    return state.next(scores=e.scores, winners=e.winners)


def _seat_taken(state: State, e: SeatTaken) -> State:
    player = replace(state.players[e.seat], name=e.name, bot=e.bot)
    return state.next_with_players(_with_player(state, player))


def _annotated(state: State, e: MoveAnnotated) -> State:
    return state.one_event_later()  # words for people: the position does not change


#: Each event's handler: the state after it (``State.next``), from the state before.
_HANDLERS: Final[dict[type[Any], Callable[[State, Any], State]]] = {
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

    A new state per event (``State.next``, the handler naming the fields that change): the
    state before is never changed, so every holder of one may keep it.
    """
    # The commonest events first (three in four): a direct call of a compiled handler is
    # several times cheaper than one through the table.
    if state is not None:
        if isinstance(event, MovePlayed):
            return _move(state, event)
        if isinstance(event, FlowChanged):
            return _flow(state, event)
        if isinstance(event, GoodsGained):
            return _gained(state, event)
        if isinstance(event, GoodsPaid):
            return _paid(state, event)
        if isinstance(event, ClergyPlaced):
            return _placed(state, event)
    handler = _HANDLERS.get(type(event))
    if handler is not None and state is not None:
        return handler(state, event)
    if type(event) is GameStarted:
        return _started(event, (state.version if state is not None else 0) + 1)
    if state is None:
        raise ValueError(f"{type(event).__name__} before GameStarted: there is no game yet")
    raise TypeError(f"evolve: no handler for {type(event).__name__}")


def fold(events: Iterable[GameEvent], state: State | None = None) -> State:
    """The state after all ``events`` (from ``state``, or from nothing)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("fold of an empty event sequence has no state")
    return state
