"""``decide(state, command, rules) -> events``: validate a command and state its consequences.

Each handler checks the command against the rules (raising ``IllegalCommand`` with a stable
reason and the rule id, before anything is emitted) and emits the facts through a ``Draft``. The
events of a command are: the move itself, its facts, then the automatic flow up to the next
decision. Nothing is stored here; the caller appends the events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar, Final

from ora_core.errors import IllegalCommand, InvalidCommand
from ora_core.events import (
    BuildingBuilt,
    CardRemoved,
    ClergyPlaced,
    GameEvent,
    GameStarted,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
    IndicatorUsed,
    LandscapeAdded,
    MovePlayed,
    SettlementBuilt,
    WorkContractPriceSet,
)
from ora_core.evolve import evolve, replace
from ora_core.native import REQUIRED, Record
from ora_core.state import GameConfig, PlayerState, State
from ora_core.values import FOREST, MOOR, Good, Indicator, Variant
from ora_rules import clocks, coin_pieces, flow, landscape, undo, verbs
from ora_rules.draft import Draft
from ora_rules.neutral import check_neutral_space, neutral_placements
from ora_rules.notation import (
    AnswerContract,
    Build,
    BuyDistrict,
    BuyPlot,
    Command,
    Commit,
    Convert,
    CutPeat,
    FellTrees,
    Settle,
    Use,
    WorkContract,
    parse,
)
from ora_rules.payment import check_value_payment
from ora_rules.readings import replaces_clergy, switch
from ora_rules.setup import game_started
from ora_rules.specs import Rules
from ora_rules.uses import occupied, run_use, use_events


def refuse(reason: str, rule: str, detail: str, building: str | None = None) -> IllegalCommand:
    return IllegalCommand(reason, rule, detail, building=building)


def start(config: GameConfig, rules: Rules) -> list[GameEvent]:
    """The events of a new game: the set-up and round 1 up to the first decision."""
    started = game_started(config, rules)
    draft = Draft(evolve(None, started), rules)
    draft.events.append(started)
    flow.begin_game(draft)
    return draft.finish()


def decide(state: State, command: Command | str, rules: Rules, *, seat: int | None = None
           ) -> list[GameEvent]:
    """The events that follow from ``command`` in ``state``; ``seat`` (if given) must decide now.

    Raises ``InvalidCommand`` for text that is not a command and ``IllegalCommand`` for one the
    rules forbid; then nothing has happened.
    """
    return execute(state, command, rules, seat=seat).events


class Executed(Record):
    """A command's events and the state they lead to: ``state == fold(events, start)``. A native
    class of the compiled core (``ora_core.native``), as one is made for every command."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("events", list[GameEvent], REQUIRED), ("state", State, REQUIRED))
    __slots__ = ("events", "state")

    def __init__(self, events: list[GameEvent], state: State) -> None:
        self.events: Final = events
        self.state: Final = state

    def fields(self) -> tuple[Any, ...]:
        return (self.events, self.state)

    def __iter__(self) -> Iterator[Any]:
        """``events, state = executed``, as when this was a named tuple."""
        return iter((self.events, self.state))


#: The commands a seat may give while its work contract awaits the owner's answer (R-WC-2).
_WHILE_CONTRACT_PENDING = (AnswerContract, Convert)


def execute(state: State, command: Command | str, rules: Rules, *, seat: int | None = None,
            took: int | None = None) -> Executed:
    """``decide`` plus the state after its events, without evolving them a second time: the
    command was already checked against the state each event led to (``Draft``), so the
    state is a by-product. ``took``: the milliseconds the decision took, stored in a game
    with a clock (``ora_rules.clocks``). Raises as ``decide`` does."""
    if isinstance(command, str):
        command = parse(command)
    turn = state.flow.turn
    if state.finished or turn.kind == "over":
        raise refuse("game_over", "R-END-1", "the game has ended")
    decider = turn.decider
    if seat is not None and seat != decider:
        raise refuse("not_your_turn", "R-ROUND-3",
                     f"seat {seat} cannot act now; seat {decider} is to decide")
    verb = verbs.BY_COMMAND.get(type(command))
    if verb is None or verb.decide is None:
        raise InvalidCommand(f"not a command: {command!r}")
    if turn.contract is not None and not isinstance(command, _WHILE_CONTRACT_PENDING):
        raise refuse("awaiting_contract_answer", "R-WC-2",
                     f"seat {decider} must first choose the clergyman for {turn.contract} "
                     "(WITH_PRIOR or WITH_LAYBROTHER)")
    draft = Draft(state, rules)
    draft.emit(MovePlayed(seat=decider, move=str(command)) if state.config.clock is None
               else clocks.played(state, decider, str(command), took))
    draft.emit(*undo.lapse(state))  # a take-back asked lapses when anyone moves (UNDO-3)
    verb.decide(draft, decider, command)
    if coin_pieces.kept_apart(rules, state.config.readings):
        draft.emit(*coin_pieces.counted(state, draft.events, rules))
    events = draft.finish()
    return Executed(events, draft.state)


# --- helpers ------------------------------------------------------------------------------------


def _player(draft: Draft, seat: int) -> PlayerState:
    return draft.state.players[seat]


def _require_slot(draft: Draft, kinds: tuple[str, ...], what: str, rule: str) -> None:
    if draft.turn.kind not in kinds:
        raise refuse("wrong_phase", rule, f"{what} is not possible in a {draft.turn.kind} turn")


def _take_main_or_grant(draft: Draft, grant: str | None, what: str) -> None:
    """Consume the slot's main action (R-ACT-1), or a matching granted extra action."""
    turn = draft.turn
    if grant is not None and grant in turn.grants:
        grants = list(turn.grants)
        grants.remove(grant)
        draft.update_turn(draft.turn.changed(grants=tuple(grants), prior_bonus=None))
        return
    if turn.main_done and not switch(draft.rules, draft.state.config.readings,
                                     "extra_main_actions"):
        raise refuse("main_action_taken", "R-ACT-1",
                     f"{what}: the main action of this slot was already taken")
    draft.update_turn(draft.turn.changed(main_done=True, prior_bonus=None))


def _pay_exact(draft: Draft, seat: int, cost: dict[Good, int], building: str | None,
               rule: str) -> None:
    """Pay exact goods (R-GOODS-4); straw lacking is flipped from grain first (R-FREE-3)."""
    have = _player(draft, seat).goods
    flip = max(0, cost.get(Good.STRAW, 0) - have.get(Good.STRAW, 0))
    spare_grain = max(0, have.get(Good.GRAIN, 0) - cost.get(Good.GRAIN, 0))
    lacking = {}
    for good, n in cost.items():
        held = have.get(good, 0) + (spare_grain if good is Good.STRAW else 0)
        if held < n:
            lacking[good] = n - held
    if lacking:
        need = ", ".join(f"{n} more {g.value}" for g, n in lacking.items())
        raise refuse("cannot_afford", rule, f"needs {need}", building)
    if flip:
        draft.emit(GoodsConverted(seat=seat, given={Good.GRAIN: flip},
                                  received={Good.STRAW: flip}))
    if cost:
        draft.emit(GoodsPaid(seat=seat, goods=dict(cost)))


def _check_space(draft: Draft, seat: int, coord: tuple[int, int], terrain: frozenset[Any],
                 what: str, building: str | None) -> None:
    player = _player(draft, seat)
    space = player.landscape.get(coord)
    if space is None:
        raise refuse("no_such_space", "R-GEO-1", f"{what}: no space at {coord[0]} {coord[1]} in "
                     "your landscape", building)
    if space.card is not None and not (space.card in ("LFO", "LMO") and switch(
            draft.rules, draft.state.config.readings, "build_over_forest_and_moor")):
        raise refuse("space_occupied", "R-BUILD-5",
                     f"{what}: the space {coord[0]} {coord[1]} holds {space.card}", building)
    if space.terrain not in terrain:
        allowed = "/".join(sorted(t.name.lower() for t in terrain))
        raise refuse("wrong_terrain", "R-BUILD-3",
                     f"{what}: {space.terrain.name.lower()} at {coord[0]} {coord[1]}; allowed: "
                     f"{allowed}", building)


# --- main actions -------------------------------------------------------------------------------


@verbs.USE.decides
def _use(draft: Draft, seat: int, command: Use) -> None:
    state = draft.state
    turn = draft.turn
    building = command.building
    placement = state.built.get(building)
    if placement is None:
        raise refuse("not_built", "R-CLG-7", f"{building} is not built in any landscape", building)
    player = _player(draft, seat)
    if building in turn.free_uses and not command.prior:
        remaining = list(turn.free_uses)
        remaining.remove(building)
        draft.update_turn(draft.turn.changed(free_uses=tuple(remaining), prior_bonus=None))
        clergy: int | None = None
    elif command.prior and turn.prior_bonus == building:
        # R-BUILD-7: the prior onto the building just built, as part of the same action.
        if player.clergy[0] is not None:
            raise refuse("no_free_clergy", "R-BUILD-7", "your prior is not free", building)
        draft.update_turn(draft.turn.changed(prior_bonus=None))
        clergy = 0
    elif turn.kind == "bonus":
        # R-BONUS-4 a: the prior on any built building, occupied or not, free of charge.
        if not command.prior:
            raise refuse("prior_only", "R-BONUS-4", "in the bonus round only the prior is "
                         "placed (write PRIOR)", building)
        if player.clergy[0] is not None:
            raise refuse("no_free_clergy", "R-BONUS-2", "your prior is not free", building)
        _take_main_or_grant(draft, None, "placing the prior")
        clergy = 0
    else:
        _require_slot(draft, ("action",), "placing a clergyman", "R-ACT-1")
        if placement.seat != seat:
            raise refuse("not_your_building", "R-CLG-1", f"{building} belongs to seat "
                         f"{placement.seat}; use a work contract", building)
        if building in occupied(state) and not replaces_clergy(state, seat, building):
            raise refuse("building_occupied", "R-CLG-4", f"{building} is occupied", building)
        free = player.free_clergy()
        if command.prior:
            if 0 not in free:
                raise refuse("no_free_clergy", "R-ACT-4", "your prior is not free", building)
            clergy = 0
        else:
            lay = [i for i in free if i != 0]
            if not lay:
                detail = ("no lay brother is free; write PRIOR to place the prior" if free
                          else "all your clergymen are placed")
                raise refuse("no_free_clergy", "R-CLG-5" if not free else "R-ACT-4", detail,
                             building)
            clergy = lay[0]
        _take_main_or_grant(draft, None, "placing a clergyman")
    if clergy is not None:
        draft.emit(ClergyPlaced(seat=seat, clergy=clergy, building=building))
    ctx = run_use(draft.state, draft.rules, seat, building, command.params)
    draft.emit(*use_events(ctx))
    if ctx.grants or ctx.free_uses:
        draft.update_turn(draft.turn.changed(
            grants=draft.turn.grants + tuple(ctx.grants),
            free_uses=draft.turn.free_uses + tuple(ctx.free_uses)))


@verbs.BUILD.decides
def _build(draft: Draft, seat: int, command: Build) -> None:
    if draft.turn.kind == "neutral":
        _build_neutral(draft, command)
        return
    if "build" not in draft.turn.grants:  # a granted build follows the use that granted it
        _require_slot(draft, ("action", "bonus"), "building", "R-BUILD-1")
    building = command.building
    if building not in draft.state.display:
        raise refuse("not_in_display", "R-BUILD-1", f"{building} is not in the display", building)
    spec = draft.rules.building(building)
    _check_space(draft, seat, command.coord, spec.terrain, f"building {building}", building)
    player = _player(draft, seat)
    if spec.cloister:
        cloisters = {b for b, p in draft.state.built.items()
                     if p.seat == seat and draft.rules.building(b).cloister}
        if not landscape.cloister_neighbour(player, command.coord, cloisters):
            raise refuse("cloister_not_adjacent", "R-BUILD-4",
                         f"{building} is a cloister building and must touch another one",
                         building)
    _take_main_or_grant(draft, "build", f"building {building}")
    _pay_exact(draft, seat, dict(spec.cost), building, "R-BUILD-1")
    draft.emit(BuildingBuilt(seat=seat, building=building, coord=command.coord))
    price = spec.work_contract_price
    if price and price > draft.state.work_contract_price:
        draft.emit(WorkContractPriceSet(price=price))
    if _player(draft, seat).clergy[0] is None:
        draft.update_turn(draft.turn.changed(prior_bonus=building))


def _build_neutral(draft: Draft, command: Build) -> None:
    """R-SOLO-9 step 3: the solo player builds a display card onto the neutral landscape, free."""
    building = command.building
    if building not in draft.state.display:
        raise refuse("not_in_display", "R-SOLO-9", f"{building} is not in the display", building)
    neutral = draft.state.players[-1]
    check_neutral_space(draft.state, draft.rules, building, command.coord)
    draft.emit(BuildingBuilt(seat=neutral.seat, building=building, coord=command.coord))
    price = draft.rules.building(building).work_contract_price
    if price and price > draft.state.work_contract_price:
        draft.emit(WorkContractPriceSet(price=price))
    draft.update_turn(draft.turn.changed(neutral_built=(*draft.turn.neutral_built, building)))


@verbs.FELL.decides
def _fell_or_cut(draft: Draft, seat: int, command: FellTrees | CutPeat) -> None:
    fell = isinstance(command, FellTrees)
    rule = "R-FELL-1" if fell else "R-FELL-2"
    card, good = (FOREST, Good.WOOD) if fell else (MOOR, Good.PEAT)
    what = "felling trees" if fell else "cutting peat"
    grant = "fell" if fell else "cut"
    if grant not in draft.turn.grants:
        # A granted fell / cut (Calefactory) is not the main action: also in a bonus slot.
        _require_slot(draft, ("action",), what,
                      "R-BONUS-4" if draft.turn.kind == "bonus" else rule)
    player = _player(draft, seat)
    if command.coord is None:
        if cards := landscape.cards_of(player, card):
            raise refuse("card_required", "R-FELL-5",
                         f"{what}: name one of your {'forests' if fell else 'moors'} "
                         f"({', '.join(f'{c} {r}' for c, r in cards)})")
        _take_main_or_grant(draft, grant, what)
        return  # R-FELL-5: nothing is removed, nothing gained, no indicator moves
    space = player.landscape.get(command.coord)  # one space, not a scan of the landscape
    if space is None or space.card != card:
        raise refuse("no_card_there", rule, f"{what}: no {'forest' if fell else 'moor'} at "
                     f"{command.coord[0]} {command.coord[1]}")
    indicator = Indicator.JOKER if command.joker else Indicator(good.value)
    wheel = draft.state.wheel
    if command.joker and indicator not in wheel.positions:
        raise refuse("indicator_not_in_play", "R-JOKER-1", "the joker is out of play")
    _take_main_or_grant(draft, grant, what)
    draft.emit(CardRemoved(seat=seat, coord=command.coord))
    if indicator in wheel.positions:
        amount = wheel.value(indicator)
        draft.emit(IndicatorUsed(indicator=indicator))
        if amount:
            draft.emit(GoodsGained(seat=seat, goods={good: amount}))
        if draft.mode.wheel_bonus:  # R-SHORT-2
            for p in draft.state.players:
                if not p.neutral:
                    draft.emit(GoodsGained(seat=p.seat, goods={good: 1}))


@verbs.WORK_CONTRACT.decides
def _work_contract(draft: Draft, seat: int, command: WorkContract) -> None:
    neutral_step = draft.turn.kind == "neutral_prior"
    if not neutral_step:
        _require_slot(draft, ("action",), "a work contract",
                      "R-WC-7" if draft.turn.kind == "bonus" else "R-WC-1")
    state = draft.state
    building = command.building
    if neutral_step and building not in draft.turn.neutral_built:
        raise refuse("not_just_built", "R-SOLO-9",
                     f"step 4 uses a building the neutral player has just built, not {building}",
                     building)
    placement = state.built.get(building)
    if placement is None:
        raise refuse("not_built", "R-WC-1", f"{building} is not built", building)
    owner = state.players[placement.seat]
    if placement.seat == seat:
        raise refuse("own_building", "R-WC-7", "no work contract for your own building",
                     building)
    if building in occupied(state):
        raise refuse("building_occupied", "R-CLG-4", f"{building} is occupied", building)
    free = owner.free_clergy()
    if not free:
        raise refuse("no_free_clergy", "R-WC-3", f"seat {owner.seat} has no free clergyman",
                     building)
    player = _player(draft, seat)
    price = state.work_contract_price
    if command.payment in ("Wn", "Wh"):
        present = Good.WINE if command.payment == "Wn" else Good.WHISKEY
        variant_good = Good.WINE if state.config.variant is Variant.FRANCE else Good.WHISKEY
        if present is not variant_good:
            raise refuse("wrong_present", "R-WC-5",
                         f"the present in this variant is {variant_good.value}", building)
        if player.count(present) < 1:
            raise refuse("cannot_afford", "R-WC-5", f"you have no {present.value}", building)
        paid, to_seat = {present: 1}, None
    elif command.payment == "-":
        if not switch(draft.rules, state.config.readings, "unpaid_work_contract"):
            raise refuse("wrong_price", "R-WC-4", f"the work contract costs {price} coin(s); "
                         f"write {'Pn' * price}", building)
        paid, to_seat = {}, None
    else:
        coins = command.payment.count("Pn")
        if coins != price:
            raise refuse("wrong_price", "R-WC-4", f"the work contract costs {price} coin(s); "
                         f"write {'Pn' * price}", building)
        if player.count(Good.COIN) < price:
            raise refuse("cannot_afford", "R-WC-4", f"needs {price} coin(s)", building)
        paid, to_seat = {Good.COIN: price}, None if owner.neutral else owner.seat
    _take_main_or_grant(draft, None, "a work contract")
    if paid:
        draft.emit(GoodsPaid(seat=seat, goods=paid, to_seat=to_seat))
    kinds = {0 if i == 0 else 1 for i in free}
    if neutral_step:
        if 0 not in free:
            raise refuse("no_free_clergy", "R-SOLO-9", "the neutral prior is not free", building)
        draft.emit(ClergyPlaced(seat=owner.seat, clergy=0, building=building))
        draft.update_turn(draft.turn.changed(free_uses=(*draft.turn.free_uses, building)))
    elif len(kinds) == 2:
        # R-WC-2: the owner chooses (R-SOLO-8: the solo player chooses for the neutral player).
        decider = seat if owner.neutral else owner.seat
        draft.update_turn(draft.turn.changed(contract=building, deciding=decider))
    else:
        draft.emit(ClergyPlaced(seat=owner.seat, clergy=free[0], building=building))
        draft.update_turn(draft.turn.changed(free_uses=(*draft.turn.free_uses, building)))


@verbs.ANSWER.decides
def _answer(draft: Draft, seat: int, command: AnswerContract) -> None:
    turn = draft.turn
    if turn.contract is None:
        raise refuse("no_contract", "R-WC-2", "there is no work contract to answer")
    building = turn.contract
    owner = draft.state.players[draft.state.built[building].seat]
    free = owner.free_clergy()
    choice = 0 if command.prior else next(i for i in free if i != 0)
    draft.emit(ClergyPlaced(seat=owner.seat, clergy=choice, building=building))
    draft.update_turn(draft.turn.changed(contract=None, deciding=None,
                                         free_uses=(*turn.free_uses, building)))


# --- free actions -------------------------------------------------------------------------------


@verbs.BUY.decides
def _buy(draft: Draft, seat: int, command: BuyDistrict | BuyPlot) -> None:
    district = isinstance(command, BuyDistrict)
    kind = "district" if district else "plot"
    turn = draft.turn
    if kind not in turn.grants:  # a granted landscape (Bulwark) follows the granting use
        _require_slot(draft, ("action", "bonus", "settlement"), f"buying a {kind}", "R-FREE-2")
    prices = draft.state.district_prices if district else draft.state.plot_prices
    if not prices:
        raise refuse("stack_empty", "R-BUY-1", f"no {kind} is left")
    player = _player(draft, seat)
    if district:
        landscape.check_district(player, command.row, switch(
            draft.rules, draft.state.config.readings, "district_beside_landscape"))
        spaces = landscape.district_spaces(draft.rules, command.side, command.row)
    else:
        landscape.check_plot(player, command.side, command.row)
        spaces = landscape.plot_spaces(draft.rules, command.side, command.row)
    granted = kind in turn.grants
    readings = draft.state.config.readings
    if not granted and player.count(Good.COIN) < prices[0]:
        raise refuse("cannot_afford", "R-BUY-1", f"the {kind} costs {prices[0]} coins")
    if granted:
        grants = list(turn.grants)
        grants.remove(kind)
        draft.update_turn(draft.turn.changed(grants=tuple(grants)))
    else:
        if turn.kind == "settlement":
            if turn.landscape_bought:
                raise refuse("landscape_limit", "R-BUY-5", "one landscape per settlement phase")
            if turn.settled:
                raise refuse("landscape_after_settlement", "R-BUY-5",
                             "a landscape is bought before the settlement is built")
            draft.update_turn(draft.turn.changed(landscape_bought=True))
        elif readings.landscape_purchases == "per_slot":  # AMB-05, the S001 reading
            if turn.landscape_bought:
                raise refuse("landscape_limit", "R-BUY-2", "one landscape per action slot")
            draft.update_turn(draft.turn.changed(landscape_bought=True))
            # Counted per round too, so the audit can re-decide the next one by the rulebook.
            draft.flow = replace(draft.flow, round_purchases=draft.flow.round_purchases | {seat})
        else:
            if seat in draft.flow.round_purchases:
                raise refuse("landscape_limit", "R-BUY-2", "one landscape per round")
            draft.flow = replace(draft.flow, round_purchases=draft.flow.round_purchases | {seat})
        draft.emit(GoodsPaid(seat=seat, goods={Good.COIN: prices[0]}))
    if readings.prior_bonus_after_purchase == "lost":  # AMB-E3
        draft.update_turn(draft.turn.changed(prior_bonus=None))
    draft.emit(LandscapeAdded(seat=seat, kind=kind, side=command.side, row=command.row,
                              spaces=spaces))


@verbs.CONVERT.decides
def _convert(draft: Draft, seat: int, command: Convert) -> None:
    if command.exchange:  # coin pieces held apart: R-FREE-1 c (ora_rules/coin_pieces.py)
        draft.emit(coin_pieces.exchange(draft.state, seat, command.exchange, draft.rules))
        return
    goods = dict(command.goods)
    player = _player(draft, seat)
    for good, n in goods.items():
        if player.count(good) < n:
            raise refuse("cannot_afford", "R-FREE-1", f"converts {n} {good.value}, has "
                         f"{player.count(good)}")
    received: Counter[Good] = Counter()
    received[Good.STRAW] += goods.get(Good.GRAIN, 0)
    received[Good.COIN] += goods.get(Good.WINE, 0) + 2 * goods.get(Good.WHISKEY, 0)
    draft.emit(GoodsConverted(seat=seat, given=goods,
                              received={g: n for g, n in received.items() if n}))


@verbs.SETTLE.decides
def _settle(draft: Draft, seat: int, command: Settle) -> None:
    turn = draft.turn
    granted = "settle" in turn.grants
    if not granted:
        if turn.kind != "settlement":
            raise refuse("wrong_phase", "R-BUILD-8",
                         "settlements are built in settlement phases or through the Castle")
        if turn.settled:
            raise refuse("settlement_limit", "R-SET-3", "one settlement per settlement phase")
    player = _player(draft, seat)
    settlement = command.settlement
    if settlement not in player.settlements:
        raise refuse("settlement_not_in_hand", "R-SET-5",
                     f"{settlement} is not among your unbuilt settlements")
    spec = draft.rules.settlements[settlement]
    _check_space(draft, seat, command.coord, spec.terrain, f"settling {settlement}", None)
    payment = dict(command.payment)
    check_value_payment(player.goods, payment, spec.food, spec.energy, draft.rules,
                        rule="R-SET-3")
    if granted:
        grants = list(turn.grants)
        grants.remove("settle")
        draft.update_turn(draft.turn.changed(grants=tuple(grants)))
    else:
        draft.update_turn(draft.turn.changed(settled=True))
    flip = max(0, payment.get(Good.STRAW, 0) - player.count(Good.STRAW))
    if flip:
        draft.emit(GoodsConverted(seat=seat, given={Good.GRAIN: flip},
                                  received={Good.STRAW: flip}))
    if payment:
        draft.emit(GoodsPaid(seat=seat, goods=payment))
    draft.emit(SettlementBuilt(seat=seat, settlement=settlement, coord=command.coord))


@verbs.COMMIT.decides
def _commit(draft: Draft, seat: int, command: Commit) -> None:
    turn = draft.turn
    if turn.kind == "neutral" and neutral_placements(draft.state, draft.rules):
        raise refuse("neutral_buildings_left", "R-SOLO-10",
                     "every display building with a legal neutral space must be built first")
    if turn.kind in ("action", "bonus") and not turn.main_done:
        raise refuse("main_action_missing", "R-ACT-1" if turn.kind == "action" else "R-BONUS-4",
                     "take this slot's main action before ending it")
    flow.advance(draft)


__all__ = ["GameStarted", "decide", "start"]
