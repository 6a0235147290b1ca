"""Legal moves: every distinct legal command of the player to decide (design §5).

Enumeration follows the same checks as ``decide``; ``is_legal`` asks ``decide`` itself. Payments
are canonical (``ora_rules.payment``), so equivalent payments are one move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import overload

from ora_core.errors import OraError
from ora_core.state import PlayerState, State
from ora_core.values import FOREST, MOOR, Coord, Good, Indicator, Variant
from ora_rules import coin_pieces, landscape
from ora_rules.decide import decide
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
)
from ora_rules.payment import value_payments
from ora_rules.readings import replaces_clergy, switch, under
from ora_rules.specs import Rules
from ora_rules.uses import occupied, use_options


def is_legal(state: State, command: Command | str, rules: Rules) -> bool:
    """Whether ``decide`` accepts ``command``; never raises for bad input."""
    try:
        decide(state, command, rules)
    except OraError:
        return False
    return True


def legal_moves(state: State, rules: Rules) -> list[Command]:
    """Every distinct legal command of the seat that decides now (empty once the game is over)."""
    return list(iter_moves(state, rules))


def iter_moves(state: State, rules: Rules) -> Iterator[Command]:
    return _expand(_items(state, under(rules, state.config.readings)))


def _expand(items: Iterable[Command | _Uses]) -> Iterator[Command]:
    for item in items:
        if isinstance(item, _Uses):
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


class _Uses:
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
        self._parts: list[Command | _Uses] = []
        self._moves: list[Command] | None = None

    def add(self, part: Command | _Uses) -> None:
        self._parts.append(part)

    def moves(self) -> list[Command]:
        if self._moves is None:
            self._moves = list(_expand(self._parts))
        return self._moves


class MoveSet(Sequence[Command]):
    """The legal moves of a position, as ``legal_moves`` lists them, but enumerated lazily:
    ``groups()`` gives every non-empty (verb, target) group without enumerating any use's
    parameters; indexing or iterating enumerates everything once."""

    def __init__(self, state: State, rules: Rules) -> None:
        # The game's readings' spec fields, as ``legal_moves`` and ``decide`` see them: without
        # them, under weblabora's priory_target the Priory's uses were the rulebook's.
        self._items = list(_items(state, under(rules, state.config.readings)))
        self._flat: list[Command] | None = None
        self._groups: dict[str, dict[str, MoveGroup]] | None = None

    def groups(self) -> dict[str, dict[str, MoveGroup]]:
        """verb -> target -> group, every group non-empty."""
        if self._groups is None:
            groups: dict[str, dict[str, MoveGroup]] = {}
            for item in self._items:
                verb, target = item.key if isinstance(item, _Uses) else group_key(item)
                by_target = groups.setdefault(verb, {})
                group = by_target.get(target)
                if group is None:
                    group = by_target[target] = MoveGroup(verb, target)
                group.add(item)
            self._groups = groups
        return self._groups

    def _all(self) -> list[Command]:
        if self._flat is None:
            self._flat = list(_expand(self._items))
        return self._flat

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> Command: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...
    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Command]:
        return iter(self._all())


def _items(state: State, rules: Rules) -> Iterator[Command | _Uses]:
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


def _uses(state: State, rules: Rules, seat: int, building: str, prior: bool) -> Iterator[_Uses]:
    yield _Uses(building, prior, _options(state, rules, seat, building))


def _main_actions(state: State, rules: Rules, player: PlayerState
                  ) -> Iterator[Command | _Uses]:
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
            yield _Uses(building, False, options)
        if prior:
            yield _Uses(building, True, options)
    yield from _contracts(state, player, busy)
    yield from _fell(state, player, FOREST)
    yield from _fell(state, player, MOOR)
    yield from _builds(state, rules, player)


def _extras(state: State, rules: Rules, player: PlayerState) -> Iterator[Command | _Uses]:
    """Actions the slot has beyond its main action: free uses, the prior bonus, grants."""
    turn = state.flow.turn
    for building in turn.free_uses:
        yield from _uses(state, rules, player.seat, building, prior=False)
    if turn.prior_bonus is not None and player.clergy[0] is None:
        yield from _uses(state, rules, player.seat, turn.prior_bonus, prior=True)
    if turn.main_done:
        yield from _granted(state, rules, player)


def _granted(state: State, rules: Rules, player: PlayerState) -> Iterator[Command | _Uses]:
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


def _affordable(player: PlayerState, cost: dict[Good, int]) -> bool:
    spare_grain = max(0, player.count(Good.GRAIN) - cost.get(Good.GRAIN, 0))
    return all(player.count(g) + (spare_grain if g is Good.STRAW else 0) >= n
               for g, n in cost.items())


def _builds(state: State, rules: Rules, player: PlayerState) -> Iterator[Command]:
    empty = [(c, s) for c, s in sorted(player.landscape.items()) if s.card is None]
    cloisters = {b for b, p in state.built.items()
                 if p.seat == player.seat and rules.building(b).cloister}
    for building in state.display:
        spec = rules.building(building)
        if not _affordable(player, dict(spec.cost)):
            continue
        for coord, space in empty:
            if space.terrain not in spec.terrain:
                continue
            if spec.cloister and not landscape.cloister_neighbour(player, coord, cloisters):
                continue
            yield Build(building, coord)


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


def _settlements(state: State, rules: Rules, player: PlayerState) -> Iterator[Command]:
    empty: list[Coord] = sorted(c for c, s in player.landscape.items() if s.card is None)
    for settlement in sorted(set(player.settlements)):
        spec = rules.settlements[settlement]
        coords = [c for c in empty if player.landscape[c].terrain in spec.terrain]
        if not coords:
            continue
        for payment in value_payments(player.goods, spec.food, spec.energy, rules):
            for coord in coords:
                yield Settle(settlement, coord, payment)


def _conversions(player: PlayerState, pieces: bool = False) -> Iterator[Command]:
    """Grain, wine and whiskey converted (R-FREE-1); with ``pieces`` (a profile holding the
    coin pieces apart, ora_rules/coin_pieces.py) one 5-coin piece broken or made as well."""
    if pieces and player.five_coin_pieces:
        yield Convert({}, exchange=-1)
    if pieces and player.count(Good.COIN) - 5 * player.five_coin_pieces >= 5:
        yield Convert({}, exchange=1)
    grain, wine, whiskey = (player.count(g) for g in (Good.GRAIN, Good.WINE, Good.WHISKEY))
    for g in range(grain + 1):
        for w in range(wine + 1):
            for h in range(whiskey + 1):
                if g or w or h:
                    yield Convert({Good.GRAIN: g, Good.WINE: w, Good.WHISKEY: h})
