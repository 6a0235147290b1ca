"""The game in words: one English sentence per move (``ora log``, ``game.log``, design §7b).

``narrate_move(before, events, rules)`` turns one command's events (a ``MovePlayed`` first, then
what it caused) and the state before it into a ``Narration``: the player's sentence ("Red places
a lay brother on the Farmyard (LR2) and takes 2 livestock.") and, in ``then``, one sentence per
automatic step the command set off (a new round, a settlement phase, revealed buildings, the
game's end). ``narrate_game`` does it for a whole event stream; move *N* is the stream's *N*-th
``MovePlayed``. Names come from the specs; seats are named by colour ("Red"), the solo game's
neutral player as "the neutral player".

The sentence is read from the events, not recomputed from the command, so it says what happened
(the goods really taken, the clergyman really placed) and cannot disagree with the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from attrs import frozen

from ora_core.events import (
    BuildingBuilt,
    BuildingsRevealed,
    BuildingUsed,
    CardRemoved,
    ClergyPlaced,
    ClergyReturned,
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
    MovePlayed,
    RoundBegan,
    SettlementBuilt,
    SettlementPhaseBegan,
    SettlementsDealt,
    WheelRotated,
    WonderTaken,
    WorkContractPriceSet,
)
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.values import FOREST, MOOR, Coord, Good, Indicator
from ora_rules import verbs
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
from ora_rules.specs import Rules
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views.table_words import TABLE, table_words
from ora_rules.views.takeback_words import TAKEBACK, takeback_words

COLOUR_NAMES = {"R": "Red", "G": "Green", "B": "Blue", "W": "White", "Y": "Yellow"}

#: Events that start the automatic part of a command: what follows them is no longer the
#: player's doing but the schedule's (narrated as sentences of their own).
_AUTOMATIC = (RoundBegan, SettlementPhaseBegan, BuildingsRevealed, SettlementsDealt, GameEnded)

#: Goods names whose plural differs from the singular (the rest are mass nouns: "3 wood").
_PLURALS = {Good.COIN: "coins", Good.BOOK: "books", Good.RELIQUARY: "reliquaries",
            Good.ORNAMENT: "ornaments", Good.WONDER: "wonders", Good.CERAMIC: "ceramics"}


@frozen
class Narration:
    """One move in words. ``number`` counts the game's moves from 1; ``version`` is the version
    of its ``MovePlayed`` event."""

    number: int
    version: int
    seat: int
    move: str
    text: str
    then: tuple[str, ...] = ()
    #: A game with a clock: the milliseconds the move's decision took.
    took: int | None = None


# --- names --------------------------------------------------------------------------------------


def seat_name(state: State, seat: int) -> str:
    """"Red", or "the neutral player" for the solo game's neutral seat."""
    player = state.players[seat]
    if player.neutral:
        return "the neutral player"
    return COLOUR_NAMES.get(player.colour, player.colour)


def _possessive(name: str) -> str:
    return name + "'s"


def building_name(rules: Rules, building: str) -> str:
    """"the Farmyard (LR2)": the spec's name and the id the notation uses."""
    return f"the {rules.building(building).name} ({building})"


def settlement_name(rules: Rules, settlement: str) -> str:
    return f"the {rules.settlements[settlement].name} ({settlement})"


def good_name(good: Good, n: int = 1) -> str:
    """The goods spec's name in words: "peat coal", "coins" (plural for n != 1)."""
    if n != 1 and good in _PLURALS:
        return _PLURALS[good]
    return good.value.replace("_", " ")


def goods_text(goods: Mapping[Good, int]) -> str:
    """"2 grain, 1 wood and 3 coins"; "nothing" when empty."""
    parts = [f"{n} {good_name(g, n)}"
             for g, n in sorted(goods.items(), key=lambda kv: GOOD_ORDER[kv[0]]) if n]
    return join(parts) if parts else "nothing"


def join(parts: Sequence[str]) -> str:
    """English list: "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def coord_text(coord: Coord) -> str:
    return f"({coord[0]}, {coord[1]})"


def _indicator_name(indicator: Indicator) -> str:
    return "the joker" if indicator is Indicator.JOKER else f"the {indicator.value} indicator"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


# --- one move -----------------------------------------------------------------------------------


def narrate_move(before: State, events: Sequence[GameEvent], rules: Rules, number: int = 0
                 ) -> Narration:
    """``events`` are one command's events, its ``MovePlayed`` first; ``before`` the state the
    command was played in."""
    played = events[0]
    if not isinstance(played, MovePlayed):
        raise ValueError(f"a move's events start with MovePlayed, not {type(played).__name__}")
    table = [e for e in events if isinstance(e, TAKEBACK + TABLE)]  # said after the move
    if table:
        events = [e for e in events if not isinstance(e, TAKEBACK + TABLE)]
    split = next((i for i, e in enumerate(events) if i and isinstance(e, _AUTOMATIC)),
                 len(events))
    words = _Words(before, rules, played.seat)
    text = words.move(parse(played.move), events[1:split])
    then = tuple(_automatic(before, rules, events[split:]))
    flow = next((e.flow for e in reversed(events) if isinstance(e, FlowChanged)), None)
    if flow is not None and flow.final_phase and not before.flow.final_phase:
        rule = "R-END-3" if before.config.mode == "2L" else "R-END-2"
        ended = any(isinstance(e, GameEnded) for e in events)  # the phase ends at once
        at = len(then) - 1 if ended else len(then)
        then = (*then[:at], f"The final phase begins ({rule}).", *then[at:])
    then = (*then, *takeback_words(before, table, seat_name),
            *table_words(before, table, seat_name))
    return Narration(number=number, version=before.version + 1, seat=played.seat,
                     move=played.move, text=text, then=then, took=played.took)


class _Words:
    """The sentence of one command, from the state before it and the events it caused."""

    def __init__(self, before: State, rules: Rules, seat: int) -> None:
        self.before = before
        self.rules = rules
        self.seat = seat
        self.actor = seat_name(before, seat)

    def who(self, seat: int) -> str:
        return seat_name(self.before, seat)

    def owned(self, building: str) -> str:
        """The building, with its owner named when it is not the actor's."""
        placement = self.before.built.get(building)
        name = building_name(self.rules, building)
        if placement is None or placement.seat == self.seat:
            return name
        return f"{_possessive(self.who(placement.seat))} {name.removeprefix('the ')}"

    def move(self, command: Command, events: Sequence[GameEvent]) -> str:
        lead, rest = self.lead(command, events)
        clauses = [lead, *self.clauses(rest)]
        if isinstance(command, Use) and command.params[:1] == ("-",):
            clauses.append("declines its function")
        return _sentence(f"{self.actor} {join(clauses)}")

    # The command's own clause, and the events it leaves for the generic clauses: the told
    # column of the commands' table (ora_rules/verbs.py), beside how decide carries them out.
    def lead(self, command: Command, events: Sequence[GameEvent]
             ) -> tuple[str, Sequence[GameEvent]]:
        tell = verbs.BY_COMMAND[type(command)].narrate
        assert tell is not None, f"no narration for {type(command).__name__}"
        return tell(self, command, events)

    @verbs.CONVERT.narrates
    def _convert(self, command: Convert, events: Sequence[GameEvent]
                 ) -> tuple[str, Sequence[GameEvent]]:
        converted = [e for e in events if isinstance(e, GoodsConverted)]
        if converted:
            return self.clause(converted[0]), [e for e in events if e is not converted[0]]
        return f"converts {goods_text(dict(command.goods))}", events

    @verbs.COMMIT.narrates
    def _commit_lead(self, command: Commit, events: Sequence[GameEvent]
                     ) -> tuple[str, Sequence[GameEvent]]:
        return self._commit(), events

    @verbs.USE.narrates
    def _use(self, command: Use, events: Sequence[GameEvent]) -> tuple[str, Sequence[GameEvent]]:
        placed = [e for e in events if isinstance(e, ClergyPlaced) and e.seat == self.seat
                  and e.building == command.building]
        rest = [e for e in events if not (e in placed or (
            isinstance(e, BuildingUsed) and e.building == command.building
            and e.seat == self.seat))]
        where = self.owned(command.building)
        # A production that spends the joker says so, as felling trees does (R-WHEEL-6).
        if any(isinstance(e, IndicatorUsed) and e.indicator is Indicator.JOKER for e in rest):
            where += " with the joker"
        if placed:
            who = "the prior" if placed[0].clergy == 0 else "a lay brother"
            return f"places {who} on {where}", rest
        return f"uses {where}", rest

    @verbs.BUILD.narrates
    def _build(self, command: Build, events: Sequence[GameEvent]
               ) -> tuple[str, Sequence[GameEvent]]:
        built = next((e for e in events if isinstance(e, BuildingBuilt)
                      and e.building == command.building), None)
        rest = [e for e in events if e is not built]
        name = building_name(self.rules, command.building)
        text = f"builds {name} at {coord_text(command.coord)}"
        if built is not None and built.seat != self.seat:
            owner = self.before.players[built.seat]
            text = f"builds {name} for {self.who(built.seat)} at {coord_text(command.coord)}"
            covered = owner.landscape.get(command.coord)
            if covered is not None and covered.card is not None:
                text += f" over {building_name(self.rules, covered.card)}"
        return text, rest

    @verbs.FELL.narrates
    def _fell(self, command: FellTrees | CutPeat, events: Sequence[GameEvent]
              ) -> tuple[str, Sequence[GameEvent]]:
        what = "fells trees" if isinstance(command, FellTrees) else "cuts peat"
        if command.coord is None:
            card = "forest" if isinstance(command, FellTrees) else "moor"
            return f"{what} with no {card} left, and nothing happens", events
        rest = [e for e in events if not isinstance(e, CardRemoved | IndicatorUsed)]
        joker = " with the joker" if command.joker else ""
        empty = "" if any(isinstance(e, GoodsGained) for e in rest) else ", taking nothing"
        return f"{what} at {coord_text(command.coord)}{joker}{empty}", rest

    @verbs.WORK_CONTRACT.narrates
    def _contract(self, command: WorkContract, events: Sequence[GameEvent]
                  ) -> tuple[str, Sequence[GameEvent]]:
        where = self.owned(command.building)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not paid]
        price = goods_text(paid.goods) if paid is not None else "nothing"
        present = command.payment in ("Wn", "Wh")
        text = f"issues a work contract for {where}, {'giving' if present else 'paying'} {price}"
        if paid is not None and paid.to_seat is not None:
            text += f" to {self.who(paid.to_seat)}"
        if present:
            text += " as a present"
        placed = next((e for e in rest if isinstance(e, ClergyPlaced)), None)
        if placed is not None:  # only one kind of clergyman was free: no answer needed
            who = "prior" if placed.clergy == 0 else "lay brother"
            text += f", and {_possessive(self.who(placed.seat))} {who} goes to work there"
            rest = [e for e in rest if e is not placed]
        return text, rest

    @verbs.ANSWER.narrates
    def _answer(self, command: AnswerContract, events: Sequence[GameEvent]
                ) -> tuple[str, Sequence[GameEvent]]:
        placed = next((e for e in events if isinstance(e, ClergyPlaced)), None)
        building = placed.building if placed is not None else self.before.flow.turn.contract
        rest = [e for e in events if e is not placed]
        who = "their prior" if command.prior else "a lay brother"
        owner = placed.seat if placed is not None else self.seat
        if owner != self.seat:
            who = f"{_possessive(self.who(owner))} {who.removeprefix('their ').removeprefix('a ')}"
        if building is None:
            return f"answers the work contract with {who}", rest
        name = building_name(self.rules, building)
        return f"sends {who} to work on {name} under contract", rest

    @verbs.BUY.narrates
    def _buy(self, command: BuyDistrict | BuyPlot, events: Sequence[GameEvent]
             ) -> tuple[str, Sequence[GameEvent]]:
        added = next((e for e in events if isinstance(e, LandscapeAdded)), None)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not added and e is not paid]
        side = command.side.lower()
        if isinstance(command, BuyDistrict):
            text = f"buys a district and places it {side} side up in row {command.row}"
        else:
            text = (f"buys a plot and places it {side} side up in rows {command.row} and "
                    f"{command.row + 1}")
        if paid is not None:
            text += f" for {goods_text(paid.goods)}"
        return text, rest

    @verbs.SETTLE.narrates
    def _settle(self, command: Settle, events: Sequence[GameEvent]
                ) -> tuple[str, Sequence[GameEvent]]:
        built = next((e for e in events if isinstance(e, SettlementBuilt)), None)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not built and e is not paid]
        text = (f"founds {settlement_name(self.rules, command.settlement)} at "
                f"{coord_text(command.coord)}")
        if paid is not None:
            text += f", feeding and heating it with {goods_text(paid.goods)}"
        return text, rest

    def _commit(self) -> str:
        kind = self.before.flow.turn.kind
        if kind == "settlement":
            return "is done with the settlement phase"
        if kind == "neutral":
            return "is done building for the neutral player"
        if kind == "neutral_prior":
            return "is done with the neutral prior"
        return "ends the turn"

    # Whatever else the command caused, merged per kind and seat: "pays 1 peat", "takes 2 wood".
    def clauses(self, events: Iterable[GameEvent]) -> list[str]:
        goods: dict[tuple[str, int, int | None], dict[Good, int]] = {}
        texts: dict[tuple[str, int, int | None], str] = {}
        for event in events:
            if isinstance(event, GoodsPaid | GoodsGained):
                verb = "pays" if isinstance(event, GoodsPaid) else "takes"
                to = event.to_seat if isinstance(event, GoodsPaid) else None
                key = (verb, event.seat, to)
                texts.setdefault(key, "")
                total = goods.setdefault(key, {})
                for g, n in event.goods.items():
                    total[g] = total.get(g, 0) + n
            else:
                text = self.clause(event)
                if text:
                    texts[(text, len(texts), None)] = text
        result = []
        others: dict[str, list[int]] = {}  # what other seats got -> who (short game, R-SHORT-2)
        for key, text in texts.items():
            if key not in goods:
                result.append(text)
                continue
            verb, seat, to = key
            phrase = f"{verb} {goods_text(goods[key])}"
            if to is not None:
                phrase += f" to {self.who(to)}"
            if seat == self.seat:
                result.append(phrase)
            elif verb == "takes":
                others.setdefault(goods_text(goods[key]), []).append(seat)
            else:
                result.append(f"{self.who(seat)} {phrase}")
        for what, seats in others.items():
            each = " each" if len(seats) > 1 else ""
            result.append(f"{join([self.who(s) for s in seats])}{each} "
                          f"{'get' if len(seats) > 1 else 'gets'} {what}")
        return result

    def clause(self, event: GameEvent) -> str:
        """One event as a clause of the actor's sentence ("" for bookkeeping)."""
        if isinstance(event, FlowChanged | MovePlayed | IndicatorUsed):
            return ""
        if isinstance(event, GoodsConverted):
            return f"converts {goods_text(event.given)} into {goods_text(event.received)}"
        if isinstance(event, BuildingBuilt):
            whose = "" if event.seat == self.seat else f" for {self.who(event.seat)}"
            return (f"builds {building_name(self.rules, event.building)}{whose} at "
                    f"{coord_text(event.coord)}")
        if isinstance(event, SettlementBuilt):
            return (f"founds {settlement_name(self.rules, event.settlement)} at "
                    f"{coord_text(event.coord)}")
        if isinstance(event, ClergyPlaced):
            who = "prior" if event.clergy == 0 else "lay brother"
            return (f"{_possessive(self.who(event.seat))} {who} goes to "
                    f"{building_name(self.rules, event.building)}")
        if isinstance(event, BuildingUsed):
            return f"uses {self.owned(event.building)}"
        if isinstance(event, CardRemoved):
            space = self.before.players[event.seat].landscape.get(event.coord)
            card = space.card if space is not None else None
            what = {FOREST: "the forest", MOOR: "the moor"}.get(card or "", "the card")
            return f"clears {what} at {coord_text(event.coord)}"
        if isinstance(event, LandscapeAdded):
            rows = (f"row {event.row}" if event.kind == "district"
                    else f"rows {event.row} and {event.row + 1}")
            return f"adds a {event.kind} {event.side.lower()} side up in {rows}"
        if isinstance(event, WorkContractPriceSet):
            return f"raises the work contract price to {goods_text({Good.COIN: event.price})}"
        if isinstance(event, ClergyReturned):
            return f"{_possessive(self.who(event.seat))} clergy return home"
        if isinstance(event, IndicatorEntered):
            return f"brings {_indicator_name(event.indicator)} into play"
        if isinstance(event, WheelRotated):
            return "turns the production wheel"
        if isinstance(event, WonderTaken):  # Liesborn (R-LIES-3)
            if event.dark:
                name = self.rules.wonders[event.tile].name
                return f"takes the dark-blue wonder {event.tile} ({name}) from the display"
            return "takes a light-blue wonder (20 points) from the stack"
        return " ".join(_automatic(self.before, self.rules, [event])).rstrip(".").lower()


# --- the automatic steps ------------------------------------------------------------------------


def _automatic(before: State, rules: Rules, events: Sequence[GameEvent]) -> Iterator[str]:
    """The schedule's steps after a command, one sentence each (round goods merged)."""
    def who(seat: int) -> str:
        return seat_name(before, seat)

    scored = [p.seat for p in before.players if not p.neutral]
    i = 0
    while i < len(events):
        event = events[i]
        i += 1
        if isinstance(event, RoundBegan):
            mode = rules.modes.get(before.config.mode)
            if mode is not None and mode.bonus_round and event.round == mode.rounds + 1:
                yield (f"The bonus round begins (R-BONUS-1); {who(event.start_seat)} is the "
                       f"start player.")
            else:
                yield f"Round {event.round} begins; {who(event.start_seat)} is the start player."
        elif isinstance(event, WheelRotated):
            text = "The production wheel turns"
            if event.removed:
                gone = join([_indicator_name(x) for x in event.removed])
                text += f", and {gone} {'leaves' if len(event.removed) == 1 else 'leave'} play"
            yield text + "."
        elif isinstance(event, IndicatorEntered):
            yield _sentence(f"{_indicator_name(event.indicator)} enters the wheel")
        elif isinstance(event, ClergyReturned):
            yield _sentence(f"{_possessive(who(event.seat))} clergy return home")
        elif isinstance(event, GoodsGained):
            seats = [event.seat]
            while (i < len(events) and isinstance(events[i], GoodsGained)
                   and events[i].goods == event.goods):  # type: ignore[union-attr]
                seats.append(events[i].seat)  # type: ignore[union-attr]
                i += 1
            names = ("Every player" if len(scored) > 1 and seats == scored
                     else join([who(s) for s in seats]))
            verb = "takes" if len(seats) == 1 or names == "Every player" else "take"
            yield f"{names} {verb} {goods_text(event.goods)}."
        elif isinstance(event, GoodsPaid):
            yield f"{who(event.seat)} pays {goods_text(event.goods)}."
        elif isinstance(event, SettlementPhaseBegan):
            yield f"Settlement phase {event.stage.value} begins."
        elif isinstance(event, BuildingsRevealed):
            names = join([building_name(rules, b) for b in event.buildings])
            yield f"The {event.stage.value} buildings join the display: {names}."
        elif isinstance(event, SettlementsDealt):
            seats = list(event.seats)
            names = ("Every player" if len(scored) > 1 and seats == scored
                     else join([who(s) for s in seats]))
            verb = "receives" if names == "Every player" or len(seats) == 1 else "receive"
            yield f"{names} {verb} {settlement_name(rules, event.settlement)}."
        elif isinstance(event, WorkContractPriceSet):
            yield f"A work contract now costs {goods_text({Good.COIN: event.price})}."
        elif isinstance(event, GameEnded):
            totals = join([f"{who(s.seat)} {s.total}" for s in event.scores])
            winners = join([who(s) for s in event.winners])
            verb = "wins" if len(event.winners) == 1 else "share the win"
            yield f"The game ends: {totals} points; {winners} {verb}."
        elif isinstance(event, FlowChanged | MovePlayed | GameStarted):
            continue
        else:
            words = _Words(before, rules, _seat_of(event))
            text = words.clause(event)
            if text:
                yield _sentence(f"{words.actor} {text}")


def _seat_of(event: GameEvent) -> int:
    seat = getattr(event, "seat", 0)
    return seat if isinstance(seat, int) else 0


# --- a whole game -------------------------------------------------------------------------------


def narrate_game(events: Iterable[GameEvent], rules: Rules, first: int = 1,
                 last: int | None = None) -> list[Narration]:
    """Moves ``first`` .. ``last`` (inclusive, counted from 1) of an event stream in words.

    Each move's events are folded in one run from the state before the move (``fold``), so
    the whole log costs about one fold of the stream plus the words."""
    result: list[Narration] = []
    state: State | None = None
    batch: list[GameEvent] = []
    number = 0  # the move whose events ``batch`` holds (0: the set-up)
    for event in events:
        if isinstance(event, MovePlayed):
            if number >= first and state is not None:
                result.append(narrate_move(state, batch, rules, number))
            state = fold(batch, state)
            number += 1
            if last is not None and number > last:
                return result
            batch = []
        batch.append(event)
    if number >= first and state is not None and batch:
        result.append(narrate_move(state, batch, rules, number))
    return result
