"""The legal moves of a position as items: commands, and groups of commands made when first
asked (a building's uses, its placements, the settlements, the conversions). ``ora_rules.moves``
lists them (``legal_moves``) and groups them (``MoveSet``); this module is the enumeration
itself, the hot part of every bot's decision, and is compiled (ora_core/compiled.py).

Enumeration follows the same checks as ``decide``. Payments are canonical
(``ora_rules.payment``), so equivalent payments are one move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial

from ora_core.state import PlayerState, State
from ora_core.values import FOREST, MOOR, Coord, Good, Indicator, Terrain, Variant
from ora_rules import coin_pieces, landscape
from ora_rules.neutral import neutral_placements
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
    frozen_goods,
    settle_with,
)
from ora_rules.payment import value_payments
from ora_rules.readings import replaces_clergy, switch
from ora_rules.specs import Rules
from ora_rules.uses import occupied, use_options


def expand(parts: Iterable[Item]) -> Iterator[Command]:
    """The commands of ``parts``, each group's made now."""
    for item in parts:
        if isinstance(item, Uses | Lazy):
            yield from item.moves()
        else:
            yield item


class _Options:
    """The parameter lists of one building's use, enumerated once on first need and shared by
    the lay brother's and the prior's moves."""

    __slots__ = ("_enumerate", "_options")

    def __init__(self, enumerate_: Callable[[], Iterator[tuple[str, ...]]]) -> None:
        self._enumerate = enumerate_
        self._options: list[tuple[str, ...]] | None = None

    def get(self) -> list[tuple[str, ...]]:
        if self._options is None:
            self._options = list(self._enumerate())
        return self._options


class Uses:
    """Every use of one building with one kind of clergyman, not yet enumerated: a use can have
    thousands of parameter lists, and a bot choosing among buildings first needs only one
    building's. Never empty: the decline ``-`` is always among them (R-CLG-6)."""

    __slots__ = ("building", "options", "prior")

    def __init__(self, building: str, prior: bool, options: _Options) -> None:
        self.building = building
        self.prior = prior
        self.options = options

    def moves(self) -> list[Command]:
        return [Use(self.building, params, prior=self.prior) for params in self.options.get()]

    @property
    def key(self) -> tuple[str, str]:
        return ("PRIOR" if self.prior else "USE"), self.building


class Lazy:
    """The moves of one (verb, target) group, made when first asked: whether the group has any
    is cheap to know (a building affordable with a space for it, a settlement payable on some
    space), its commands are not (a settlement's payments times its spaces run to hundreds),
    and a bot choosing a group first needs one group's. Never empty."""

    __slots__ = ("_make", "_moves", "key")

    def __init__(self, key: tuple[str, str], make: Callable[[], list[Command]]) -> None:
        self.key = key
        self._make = make
        self._moves: list[Command] | None = None

    def moves(self) -> list[Command]:
        if self._moves is None:
            self._moves = self._make()
        return self._moves


#: What ``items`` yields: a command, or a group of them made on demand.
Item = Command | Uses | Lazy

_VERBS: dict[type, str] = {
    Build: "BUILD", WorkContract: "WORK_CONTRACT", FellTrees: "FELL_TREES", CutPeat: "CUT_PEAT",
    BuyDistrict: "BUY_DISTRICT", BuyPlot: "BUY_PLOT", Convert: "CONVERT", Settle: "SETTLE",
    Commit: "COMMIT",
}


def group_key(move: Command) -> tuple[str, str]:
    """``(verb, target)``: the move's first word, and its building for uses, contracts and
    builds (else "")."""
    if isinstance(move, Use):
        return ("PRIOR" if move.prior else "USE"), move.building
    if isinstance(move, AnswerContract):
        return str(move), ""
    verb = _VERBS[type(move)]
    return verb, move.building if isinstance(move, Build | WorkContract) else ""


class MoveGroup:
    """The legal moves of one verb on one target, in the order ``legal_moves`` lists them;
    the uses among them are enumerated when ``moves`` is first called."""

    __slots__ = ("_moves", "_parts", "target", "verb")

    def __init__(self, verb: str, target: str) -> None:
        self.verb = verb
        self.target = target
        self._parts: list[Item] = []
        self._moves: list[Command] | None = None

    def add(self, part: Item) -> None:
        self._parts.append(part)

    def moves(self) -> list[Command]:
        if self._moves is None:
            self._moves = list(expand(self._parts))
        return self._moves


def grouped(parts: list[Item]) -> dict[str, dict[str, MoveGroup]]:
    """verb -> target -> the group of ``parts`` (``MoveSet.groups``), every group non-empty."""
    groups: dict[str, dict[str, MoveGroup]] = {}
    for item in parts:
        verb, target = item.key if isinstance(item, Uses | Lazy) else group_key(item)
        by_target = groups.get(verb)
        if by_target is None:
            by_target = groups[verb] = {}
        group = by_target.get(target)
        if group is None:
            group = by_target[target] = MoveGroup(verb, target)
        group.add(item)
    return groups


def items(state: State, rules: Rules) -> Iterator[Item]:
    turn = state.flow.turn
    if state.finished or turn.kind == "over":
        return
    seat = turn.decider
    player = state.players[seat]
    pieces = coin_pieces.kept_apart(rules, state.config.readings)
    if turn.contract is not None:
        owner = state.players[state.built[turn.contract].seat]
        free = owner.free_clergy()
        yield AnswerContract(prior=True)
        if any(i != 0 for i in free):
            yield AnswerContract(prior=False)
        yield from _conversions(player, pieces)
        return
    if turn.kind == "neutral":
        placements = neutral_placements(state, rules)
        for building, coord in placements:
            yield Build(building, coord)
        yield from _conversions(player, pieces)  # conversions are free at any time (R-FREE-2)
        if not placements:
            yield Commit()
        return
    if turn.kind == "neutral_prior":
        if not turn.main_done:
            yield from _neutral_prior(state, player)
        yield from _extras(state, rules, player)  # the free use and what its function grants
        yield from _conversions(player, pieces)
        yield Commit()
        return
    if turn.kind == "settlement":
        if not turn.landscape_bought and not turn.settled:
            yield from _purchases(state, rules, player)
        if not turn.settled:
            yield from _settlements(state, rules, player)
    if turn.kind in ("action", "bonus"):
        if not turn.main_done:
            yield from _main_actions(state, rules, player)
        yield from _extras(state, rules, player)
        per_slot = state.config.readings.landscape_purchases == "per_slot"  # AMB-05
        if not (turn.landscape_bought if per_slot else seat in state.flow.round_purchases):
            # A granted kind (Bulwark) is offered once, by _extras, as the free landscape.
            yield from (m for m in _purchases(state, rules, player)
                        if ("district" if isinstance(m, BuyDistrict) else "plot")
                        not in turn.grants)
    yield from _conversions(player, pieces)
    if turn.kind == "settlement" or turn.main_done:
        yield Commit()


def _options(state: State, rules: Rules, seat: int, building: str) -> _Options:
    return _Options(lambda: use_options(state, rules, seat, building))


def _uses(state: State, rules: Rules, seat: int, building: str, prior: bool) -> Iterator[Uses]:
    yield Uses(building, prior, _options(state, rules, seat, building))


def _main_actions(state: State, rules: Rules, player: PlayerState) -> Iterator[Item]:
    seat = player.seat
    free = player.free_clergy()
    busy = occupied(state)
    if state.flow.turn.kind == "bonus":
        if 0 in free:
            for building in sorted(state.built):
                yield from _uses(state, rules, seat, building, prior=True)
        yield from _builds(state, rules, player)
        return
    own = sorted(b for b, p in state.built.items() if p.seat == seat
                 and (b not in busy or replaces_clergy(state, seat, b)))
    lay_brother, prior = any(i != 0 for i in free), 0 in free
    for building in own:
        options = _options(state, rules, seat, building)
        if lay_brother:
            yield Uses(building, False, options)
        if prior:
            yield Uses(building, True, options)
    yield from _contracts(state, player, busy)
    yield from _fell(state, player, FOREST)
    yield from _fell(state, player, MOOR)
    yield from _builds(state, rules, player)


def _extras(state: State, rules: Rules, player: PlayerState) -> Iterator[Item]:
    """Actions the slot has beyond its main action: free uses, the prior bonus, grants."""
    turn = state.flow.turn
    for building in turn.free_uses:
        yield from _uses(state, rules, player.seat, building, prior=False)
    if turn.prior_bonus is not None and player.clergy[0] is None:
        yield from _uses(state, rules, player.seat, turn.prior_bonus, prior=True)
    if turn.main_done:
        yield from _granted(state, rules, player)


def _granted(state: State, rules: Rules, player: PlayerState) -> Iterator[Item]:
    """The follow-up actions building functions granted in this slot (``Turn.grants``)."""
    grants = state.flow.turn.grants
    if "build" in grants:
        yield from _builds(state, rules, player)
    if "fell" in grants:
        yield from _fell(state, player, FOREST)
    if "cut" in grants:
        yield from _fell(state, player, MOOR)
    for kind in ("district", "plot"):
        if kind in grants:
            yield from _purchases(state, rules, player, only=kind)
    if "settle" in grants:
        yield from _settlements(state, rules, player)


def _contract_payments(state: State, player: PlayerState) -> list[str]:
    price = state.work_contract_price
    present = "Wn" if state.config.variant is Variant.FRANCE else "Wh"
    present_good = Good.WINE if present == "Wn" else Good.WHISKEY
    payments = ["Pn" * price] if player.count(Good.COIN) >= price else []
    if player.count(present_good):
        payments.append(present)
    return payments


def _neutral_prior(state: State, player: PlayerState) -> Iterator[Command]:
    """R-SOLO-9 step 4: the neutral prior on a building the neutral player has just built."""
    busy = occupied(state)
    for building in state.flow.turn.neutral_built:
        if building in state.built and building not in busy:
            for payment in _contract_payments(state, player):
                yield WorkContract(building, payment)


def _contracts(state: State, player: PlayerState, busy: set[str]) -> Iterator[Command]:
    payments = _contract_payments(state, player)
    if not payments:
        return
    for building, placement in sorted(state.built.items()):
        if placement.seat == player.seat or building in busy:
            continue
        if not state.players[placement.seat].free_clergy():
            continue
        for payment in payments:
            yield WorkContract(building, payment)


def _fell(state: State, player: PlayerState, card: str) -> Iterator[Command]:
    cls = FellTrees if card == FOREST else CutPeat
    coords = landscape.cards_of(player, card)
    if not coords:
        yield cls()
        return
    joker = Indicator.JOKER in state.wheel.positions
    for coord in coords:
        yield cls(coord)
        if joker:
            yield cls(coord, joker=True)


def _affordable(player: PlayerState, cost: Mapping[Good, int]) -> bool:
    goods = player.goods
    spare_grain = max(0, goods.get(Good.GRAIN, 0) - cost.get(Good.GRAIN, 0))
    for good, n in cost.items():
        if goods.get(good, 0) + (spare_grain if good is Good.STRAW else 0) < n:
            return False
    return True


def _builds(state: State, rules: Rules, player: PlayerState) -> Iterator[Lazy]:
    """Each building of the display the player can afford and place, its placements lazily.
    Buildings of one kind of site (terrain, beside a cloister or not) share their spaces."""
    empty = [(c, s) for c, s in sorted(player.landscape.items()) if s.card is None]
    if not empty:
        return
    cloisters: set[str] | None = None
    sites: dict[tuple[frozenset[Terrain], bool], list[Coord]] = {}
    for building in state.display:
        spec = rules.building(building)
        if not _affordable(player, spec.cost):
            continue
        site = (spec.terrain, spec.cloister)
        coords = sites.get(site)
        if coords is None:
            if spec.cloister and cloisters is None:
                cloisters = {b for b, p in state.built.items()
                             if p.seat == player.seat and rules.building(b).cloister}
            coords = sites[site] = [
                coord for coord, space in empty if space.terrain in spec.terrain and (
                    not spec.cloister
                    or landscape.cloister_neighbour(player, coord, cloisters or set()))]
        if coords:
            yield Lazy(("BUILD", building), partial(_placed, building, coords))


def _placed(building: str, coords: list[Coord]) -> list[Command]:
    return [Build(building, coord) for coord in coords]


def _purchases(state: State, rules: Rules, player: PlayerState, only: str | None = None
               ) -> Iterator[Command]:
    granted = only is not None
    coins = player.count(Good.COIN)
    if (only in (None, "district") and state.district_prices
            and (granted or coins >= state.district_prices[0])):
        touching = switch(rules, state.config.readings, "district_beside_landscape")
        for row in sorted(set(landscape.district_rows(player, touching))):
            for side in sorted(rules.landscape.districts):
                yield BuyDistrict(row, side)
    if only in (None, "plot") and state.plot_prices and (granted or coins >= state.plot_prices[0]):
        for side in sorted(rules.landscape.plots):
            for row in landscape.plot_rows(player, side):
                yield BuyPlot(row, side)


def _settlements(state: State, rules: Rules, player: PlayerState) -> Iterator[Lazy]:
    """Every settlement on every space it may stand on with every canonical payment, as one
    group, made when asked: found payable if one settlement has a space and a payment."""
    empty: list[Coord] = sorted(c for c, s in player.landscape.items() if s.card is None)
    candidates: list[tuple[str, list[Coord], float, float]] = []
    for settlement in sorted(set(player.settlements)):
        spec = rules.settlements[settlement]
        coords = [c for c in empty if player.landscape[c].terrain in spec.terrain]
        if coords:
            candidates.append((settlement, coords, spec.food, spec.energy))
    if any(next(value_payments(player.goods, food, energy, rules), None) is not None
           for _, _, food, energy in candidates):
        yield Lazy(("SETTLE", ""), partial(_settled, player, candidates, rules))


def _settled(player: PlayerState, candidates: list[tuple[str, list[Coord], float, float]],
             rules: Rules) -> list[Command]:
    return [settle_with(settlement, coord, payment)
            for settlement, coords, food, energy in candidates
            for payment in map(frozen_goods, value_payments(player.goods, food, energy, rules))
            for coord in coords]


def _conversions(player: PlayerState, pieces: bool = False) -> Iterator[Lazy]:
    """Grain, wine and whiskey converted (R-FREE-1); with ``pieces`` (a profile holding the
    coin pieces apart, ora_rules/coin_pieces.py) one 5-coin piece broken or made as well. One
    group, its amounts made when asked."""
    fives = pieces and player.five_coin_pieces > 0
    makes_five = pieces and player.count(Good.COIN) - 5 * player.five_coin_pieces >= 5
    if fives or makes_five or any(player.count(g) for g in (Good.GRAIN, Good.WINE, Good.WHISKEY)):
        yield Lazy(("CONVERT", ""), partial(_converted, player, fives, makes_five))


def _converted(player: PlayerState, fives: bool, makes_five: bool) -> list[Command]:
    moves: list[Command] = []
    if fives:
        moves.append(Convert({}, exchange=-1))
    if makes_five:
        moves.append(Convert({}, exchange=1))
    grain, wine, whiskey = (player.count(g) for g in (Good.GRAIN, Good.WINE, Good.WHISKEY))
    for g in range(grain + 1):
        for w in range(wine + 1):
            for h in range(whiskey + 1):
                if g or w or h:
                    moves.append(Convert({Good.GRAIN: g, Good.WINE: w, Good.WHISKEY: h}))
    return moves
