"""What changed between two moments of a game (``ora diff``, ``game.diff``).

``diff(a, b, rules)`` compares two states: per seat the goods, the landscape spaces, where the
clergy stand, the settlements in hand and the provisional score; for the game the round, the
wheel, the display, the prices, the settlement phases and whose decision it is. Every change is
a value (for JSON) with its sentence. ``states_after`` gives the state after move N (0: the
set-up), counted as in ``ora log``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import evolve
from ora_core.state import PlayerState, State
from ora_core.values import FOREST, MOOR, Good
from ora_rules.scoring import liesborn_mode, score_player
from ora_rules.specs import Rules
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views.narrate import building_name, coord_text, good_name, join, seat_name


@frozen
class GoodsChange:
    good: Good
    before: int
    after: int


@frozen
class SpaceChange:
    col: int
    row: int
    before: str | None  # the card, "" for an empty space, None when the space did not exist
    after: str | None


@frozen
class ClergyChange:
    clergyman: int  # 0 is the prior
    before: str | None  # the building it stands on, None when at home
    after: str | None


@frozen
class SeatDiff:
    seat: int
    name: str
    goods: tuple[GoodsChange, ...]
    spaces: tuple[SpaceChange, ...]
    clergy: tuple[ClergyChange, ...]
    settlements_gained: tuple[str, ...]
    settlements_left: tuple[str, ...]
    score_before: int | None  # None for the unscored neutral player
    score_after: int | None
    text: tuple[str, ...]


@frozen
class FieldChange:
    field: str
    before: str
    after: str
    text: str


@frozen
class Diff:
    version_before: int
    version_after: int
    game: tuple[FieldChange, ...]
    seats: tuple[SeatDiff, ...]

    @property
    def text(self) -> list[str]:
        return [c.text for c in self.game] + [t for s in self.seats for t in s.text]


def states_after(events: Iterable[GameEvent], moves: Sequence[int]) -> dict[int, State]:
    """The state after each move number in ``moves`` (0 = after the set-up, before move 1);
    a number beyond the game's moves is left out."""
    wanted = set(moves)
    found: dict[int, State] = {}
    state: State | None = None
    number = 0
    for event in events:
        if isinstance(event, MovePlayed):
            if number in wanted and state is not None:
                found[number] = state
            number += 1
            if number > max(wanted, default=0):
                return found
        state = evolve(state, event)
    if number in wanted and state is not None:
        found[number] = state
    return found


def _card(rules: Rules, card: str | None) -> str:
    if card is None:
        return "nothing"
    if card == "":
        return "an empty space"
    if card == FOREST:
        return "a forest"
    if card == MOOR:
        return "a moor"
    if card.startswith("S"):
        return f"the {rules.settlements[card].name} ({card})"
    return building_name(rules, card)


def _clergyman(i: int) -> str:
    return "the prior" if i == 0 else f"lay brother {i}"


def _seat(a: State, b: State, pa: PlayerState, pb: PlayerState, rules: Rules) -> SeatDiff:
    name = seat_name(b, pb.seat)
    goods = tuple(GoodsChange(g, pa.count(g), pb.count(g))
                  for g in sorted(set(pa.goods) | set(pb.goods), key=GOOD_ORDER.__getitem__)
                  if pa.count(g) != pb.count(g))
    spaces = []
    for coord in sorted(set(pa.landscape) | set(pb.landscape)):
        sa, sb = pa.landscape.get(coord), pb.landscape.get(coord)
        before = None if sa is None else (sa.card or "")
        after = None if sb is None else (sb.card or "")
        if before != after:
            spaces.append(SpaceChange(coord[0], coord[1], before, after))
    clergy = tuple(ClergyChange(i, x, y) for i, (x, y) in enumerate(zip(pa.clergy, pb.clergy,
                                                                          strict=False))
                   if x != y)
    gained = tuple(s for s in pb.settlements if s not in pa.settlements)
    left = tuple(s for s in pa.settlements if s not in pb.settlements)
    score_a = None if pa.neutral else score_player(pa, rules, liesborn_mode(a)).total
    score_b = None if pb.neutral else score_player(pb, rules, liesborn_mode(b)).total
    text = []
    more = {g.good: g.after - g.before for g in goods if g.after > g.before}
    less = {g.good: g.before - g.after for g in goods if g.after < g.before}
    if more:
        text.append(f"{name} has {_amounts(more)} more.")
    if less:
        text.append(f"{name} has {_amounts(less)} less.")
    for s in spaces:
        where = coord_text((s.col, s.row))
        if s.before is None:
            text.append(f"{name}'s landscape gained the space {where} with "
                        f"{_card(rules, s.after)}.")
        else:
            text.append(f"{name}'s space {where} held {_card(rules, s.before)} and now holds "
                        f"{_card(rules, s.after)}.")
    for c in clergy:
        now = f"stands on {building_name(rules, c.after)}" if c.after else "is at home"
        text.append(f"{name}'s {_clergyman(c.clergyman)} now {now}.")
    if gained:
        text.append(f"{name} received {join([_card(rules, s) for s in gained])}.")
    if left:
        text.append(f"{name} no longer holds {join([_card(rules, s) for s in left])}.")
    if score_a != score_b:
        text.append(f"{name}'s score went from {score_a} to {score_b}.")
    return SeatDiff(pb.seat, name, goods, tuple(spaces), clergy, gained, left, score_a, score_b,
                    tuple(text))


def _amounts(goods: dict[Good, int]) -> str:
    return join([f"{n} {good_name(g, n)}" for g, n in goods.items()])


def _game(a: State, b: State, rules: Rules) -> list[FieldChange]:
    changes = []

    def change(field: str, before: object, after: object, text: str) -> None:
        if before != after:
            changes.append(FieldChange(field, str(before), str(after), text))

    change("round", a.round, b.round, f"The round went from {a.round} to {b.round}.")
    for indicator in sorted(set(a.wheel.positions) | set(b.wheel.positions)):
        va = a.wheel.value(indicator) if indicator in a.wheel.positions else None
        vb = b.wheel.value(indicator) if indicator in b.wheel.positions else None
        what = "the joker" if indicator.value == "joker" else f"{indicator.value}"
        change(f"wheel.{indicator.value}", va, vb,
               f"On the wheel, {what} went from {_value(va)} to {_value(vb)}.")
    added = [x for x in b.display if x not in a.display]
    gone = [x for x in a.display if x not in b.display]
    if added or gone:
        parts = []
        if added:
            parts.append(f"{join([building_name(rules, x) for x in added])} joined it")
        if gone:
            parts.append(f"{join([building_name(rules, x) for x in gone])} left it")
        changes.append(FieldChange("display", " ".join(a.display), " ".join(b.display),
                                   f"The display changed: {join(parts)}."))
    change("work_contract_price", a.work_contract_price, b.work_contract_price,
           f"A work contract went from {a.work_contract_price} to {b.work_contract_price} "
           f"coins.")
    change("districts_left", len(a.district_prices), len(b.district_prices),
           f"Districts left went from {len(a.district_prices)} to {len(b.district_prices)}.")
    change("plots_left", len(a.plot_prices), len(b.plot_prices),
           f"Plots left went from {len(a.plot_prices)} to {len(b.plot_prices)}.")
    change("wonders_left", a.wonders_left, b.wonders_left,
           f"Wonders left went from {a.wonders_left} to {b.wonders_left}.")
    phases_a = "".join(s.value for s in a.settlement_phases)
    phases_b = "".join(s.value for s in b.settlement_phases)
    change("settlement_phases", phases_a, phases_b,
           f"Settlement phases held went from {phases_a or 'none'} to {phases_b or 'none'}.")
    da, db = _decider(a), _decider(b)
    change("decider", da, db, f"The decision passed from {_who(a, da)} to {_who(b, db)}.")
    change("finished", a.finished, b.finished, "The game ended." if b.finished
           else "The game is no longer over.")
    return changes


def _value(value: int | None) -> str:
    return "out of play" if value is None else str(value)


def _decider(state: State) -> int | None:
    turn = state.flow.turn
    return None if state.finished or turn.kind == "over" else turn.decider


def _who(state: State, seat: int | None) -> str:
    return "nobody" if seat is None else seat_name(state, seat)


def diff(a: State, b: State, rules: Rules) -> Diff:
    """Every difference from ``a`` to ``b`` (two states of one game)."""
    seats = tuple(_seat(a, b, pa, pb, rules) for pa, pb in zip(a.players, b.players,
                                                                strict=True))
    return Diff(a.version, b.version, tuple(_game(a, b, rules)),
                tuple(s for s in seats if s.text))
