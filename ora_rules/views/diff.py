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
from ora_rules.records.positions import NoSuchMove
from ora_rules.scoring import liesborn_mode, score_player
from ora_rules.specs import Rules
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views.narrate import building_name, coord_text, seat_name, settlement_name
from ora_rules.views.sentences import ENGLISH, Speech


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
    a number beyond the game's moves (or below 0) is left out."""
    return _states_after(events, moves)[0]


def positions_after(events: Iterable[GameEvent], moves: Sequence[int]) -> dict[int, State]:
    """:func:`states_after`, refusing a number that names no position of the game
    (:class:`NoSuchMove`: below 0, or beyond its moves)."""
    for move in moves:
        if move < 0:
            raise NoSuchMove(move, 0)
    found, total = _states_after(events, moves)
    for move in moves:
        if move not in found:
            raise NoSuchMove(move, total)
    return found


def _states_after(events: Iterable[GameEvent], moves: Sequence[int]
                  ) -> tuple[dict[int, State], int]:
    """The states found and the moves counted (the game's whole count when one is missing)."""
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
                return found, number
        state = evolve(state, event)
    if number in wanted and state is not None:
        found[number] = state
    return found, number


def _card(rules: Rules, card: str | None, say: Speech) -> str:
    if card is None:
        return say("nothing")
    if card == "":
        return say("empty_space")
    if card == FOREST:
        return say("a_forest")
    if card == MOOR:
        return say("a_moor")
    if card.startswith("S"):
        return settlement_name(rules, card, say)
    return building_name(rules, card, say)


def _seat(a: State, b: State, pa: PlayerState, pb: PlayerState, rules: Rules,
          say: Speech) -> SeatDiff:
    name = seat_name(b, pb.seat, say)
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
        text.append(say("has_more", seat=name, goods=say.goods(more)))
    if less:
        text.append(say("has_less", seat=name, goods=say.goods(less)))
    for s in spaces:
        where = coord_text((s.col, s.row))
        if s.before is None:
            text.append(say("gained_space", seat=name, coord=where,
                            card=_card(rules, s.after, say)))
        else:
            text.append(say("space_now", seat=name, coord=where,
                            before=_card(rules, s.before, say), after=_card(rules, s.after, say)))
    for c in clergy:
        key = ("prior" if c.clergyman == 0 else "brother") + ("_on" if c.after else "_home")
        text.append(say(key, seat=name, n=c.clergyman, building=building_name(
            rules, c.after, say) if c.after else ""))
    if gained:
        text.append(say("received", seat=name,
                        cards=say.join([_card(rules, s, say) for s in gained])))
    if left:
        text.append(say("no_longer", seat=name,
                        cards=say.join([_card(rules, s, say) for s in left])))
    if score_a != score_b:
        text.append(say("score_went", seat=name, before=score_a, after=score_b))
    return SeatDiff(pb.seat, name, goods, tuple(spaces), clergy, gained, left, score_a, score_b,
                    tuple(text))


def _game(a: State, b: State, rules: Rules, say: Speech) -> list[FieldChange]:
    changes = []

    def change(field: str, old: object, new: object, key: str, **fields: object) -> None:
        if old != new:
            changes.append(FieldChange(field, str(old), str(new), say(
                key, **({"before": old, "after": new} | fields))))

    change("round", a.round, b.round, "round_went")
    for indicator in sorted(set(a.wheel.positions) | set(b.wheel.positions)):
        va = a.wheel.value(indicator) if indicator in a.wheel.positions else None
        vb = b.wheel.value(indicator) if indicator in b.wheel.positions else None
        what = say("joker") if indicator.value == "joker" else say.good(Good(indicator.value))
        change(f"wheel.{indicator.value}", va, vb, "wheel_went", indicator=what,
               before=_value(va, say), after=_value(vb, say))
    added = [x for x in b.display if x not in a.display]
    gone = [x for x in a.display if x not in b.display]
    if added or gone:
        parts = []
        if added:
            parts.append(say("joined_it", buildings=say.join(
                [building_name(rules, x, say) for x in added])))
        if gone:
            parts.append(say("left_it", buildings=say.join(
                [building_name(rules, x, say) for x in gone])))
        changes.append(FieldChange("display", " ".join(a.display), " ".join(b.display),
                                   say("display_changed", changes=say.join(parts))))
    change("work_contract_price", a.work_contract_price, b.work_contract_price, "contract_went")
    change("districts_left", len(a.district_prices), len(b.district_prices), "districts_went")
    change("plots_left", len(a.plot_prices), len(b.plot_prices), "plots_went")
    change("wonders_left", a.wonders_left, b.wonders_left, "wonders_went")
    phases_a = "".join(s.value for s in a.settlement_phases)
    phases_b = "".join(s.value for s in b.settlement_phases)
    change("settlement_phases", phases_a, phases_b, "phases_went",
           before=phases_a or say("none"), after=phases_b or say("none"))
    da, db = _decider(a), _decider(b)
    change("decider", da, db, "decision_passed", before=_who(a, da, say), after=_who(b, db, say))
    change("finished", a.finished, b.finished, "game_ended" if b.finished else "not_over")
    return changes


def _value(value: int | None, say: Speech) -> str:
    return say("out_of_play") if value is None else str(value)


def _decider(state: State) -> int | None:
    turn = state.flow.turn
    return None if state.finished or turn.kind == "over" else turn.decider


def _who(state: State, seat: int | None, say: Speech) -> str:
    return say("nobody") if seat is None else seat_name(state, seat, say)


def diff(a: State, b: State, rules: Rules, locale: str = "en") -> Diff:
    """Every difference from ``a`` to ``b`` (two states of one game), said in ``locale``."""
    say = ENGLISH if locale == "en" else Speech(locale)
    seats = tuple(_seat(a, b, pa, pb, rules, say) for pa, pb in zip(a.players, b.players,
                                                                     strict=True))
    return Diff(a.version, b.version, tuple(_game(a, b, rules, say)),
                tuple(s for s in seats if s.text))
