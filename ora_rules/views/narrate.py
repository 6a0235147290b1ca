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

import attrs
from attrs import frozen

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
from ora_rules.annotations import by_move
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
from ora_rules.views.sentences import COLOUR_NAMES as COLOUR_NAMES  # re-exported
from ora_rules.views.sentences import ENGLISH, Speech
from ora_rules.views.table_words import TABLE, table_words
from ora_rules.views.takeback_words import TAKEBACK, takeback_words

#: Events that start the automatic part of a command: what follows them is no longer the
#: player's doing but the schedule's (narrated as sentences of their own).
_AUTOMATIC = (RoundBegan, SettlementPhaseBegan, BuildingsRevealed, SettlementsDealt, GameEnded)


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
    #: The annotations of the move (``ora_rules.annotations``), in the order written.
    notes: tuple[str, ...] = ()


# --- names (English; ``Speech`` says them in a locale) ----------------------------------------


def seat_name(state: State, seat: int, say: Speech = ENGLISH) -> str:
    """"Red", or "the neutral player" for the solo game's neutral seat."""
    player = state.players[seat]
    if player.neutral:
        return say("neutral")
    return say.colour(player.colour)


def building_name(rules: Rules, building: str, say: Speech = ENGLISH) -> str:
    """"the Farmyard (LR2)": the spec's name and the id the notation uses."""
    return say.building(rules.building(building).name, building)


def settlement_name(rules: Rules, settlement: str, say: Speech = ENGLISH) -> str:
    return say.settlement(rules.settlements[settlement].name, settlement)


def good_name(good: Good, n: int = 1) -> str:
    """The goods spec's name in words: "peat coal", "coins" (plural for n != 1)."""
    return ENGLISH.good(good, n)


def goods_text(goods: Mapping[Good, int]) -> str:
    """"2 grain, 1 wood and 3 coins"; "nothing" when empty."""
    return ENGLISH.goods(goods)


def join(parts: Sequence[str]) -> str:
    """English list: "a", "a and b", "a, b and c"."""
    return ENGLISH.join(parts)


def coord_text(coord: Coord) -> str:
    return f"({coord[0]}, {coord[1]})"


def _indicator_name(indicator: Indicator, say: Speech) -> str:
    if indicator is Indicator.JOKER:
        return say("joker")
    return say("indicator", good=say.good(Good(indicator.value)))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


# --- one move -----------------------------------------------------------------------------------


def narrate_move(before: State, events: Sequence[GameEvent], rules: Rules, number: int = 0,
                 locale: str = "en") -> Narration:
    """``events`` are one command's events, its ``MovePlayed`` first; ``before`` the state the
    command was played in; the words in ``locale``."""
    played = events[0]
    if not isinstance(played, MovePlayed):
        raise ValueError(f"a move's events start with MovePlayed, not {type(played).__name__}")
    say = ENGLISH if locale == "en" else Speech(locale)
    table = [e for e in events if isinstance(e, TAKEBACK + TABLE)]  # said after the move
    if table:
        events = [e for e in events if not isinstance(e, TAKEBACK + TABLE)]
    split = next((i for i, e in enumerate(events) if i and isinstance(e, _AUTOMATIC)),
                 len(events))
    words = _Words(before, rules, played.seat, say)
    text = words.move(parse(played.move), events[1:split])
    then = tuple(_automatic(before, rules, events[split:], say))
    flow = next((e.flow for e in reversed(events) if isinstance(e, FlowChanged)), None)
    if flow is not None and flow.final_phase and not before.flow.final_phase:
        rule = "R-END-3" if before.config.mode == "2L" else "R-END-2"
        ended = any(isinstance(e, GameEnded) for e in events)  # the phase ends at once
        at = len(then) - 1 if ended else len(then)
        then = (*then[:at], say("final_phase", rule=rule), *then[at:])
    def named(state: State, seat: int) -> str:
        return seat_name(state, seat, say)

    then = (*then, *takeback_words(before, table, named, say),
            *table_words(before, table, named, say))
    return Narration(number=number, version=before.version + 1, seat=played.seat,
                     move=played.move, text=text, then=then, took=played.took)


class _Words:
    """The sentence of one command, from the state before it and the events it caused."""

    def __init__(self, before: State, rules: Rules, seat: int, say: Speech = ENGLISH) -> None:
        self.before = before
        self.rules = rules
        self.seat = seat
        self.say = say
        self.actor = seat_name(before, seat, say)

    def who(self, seat: int) -> str:
        return seat_name(self.before, seat, self.say)

    def name(self, building: str) -> str:
        return building_name(self.rules, building, self.say)

    def owned(self, building: str) -> str:
        """The building, with its owner named when it is not the actor's."""
        placement = self.before.built.get(building)
        if placement is None or placement.seat == self.seat:
            return self.name(building)
        return self.say("owned", owner=self.who(placement.seat), id=building,
                        name=self.say.word(self.rules.building(building).name))

    def clergy(self, seat: int, clergy: int) -> str:
        """"Red's prior", "Blue's lay brother"."""
        key = "owner_prior" if clergy == 0 else "owner_lay_brother"
        return self.say(key, owner=self.who(seat))

    def move(self, command: Command, events: Sequence[GameEvent]) -> str:
        lead, rest = self.lead(command, events)
        clauses = [lead, *self.clauses(rest)]
        if isinstance(command, Use) and command.params[:1] == ("-",):
            clauses.append(self.say("declines"))
        return _sentence(self.say("sentence", actor=self.actor, clauses=self.say.join(clauses)))

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
        return self.say("converts", goods=self.say.goods(dict(command.goods))), events

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
            where = self.say("with_joker", building=where)
        if placed:
            who = self.say("the_prior" if placed[0].clergy == 0 else "a_lay_brother")
            return self.say("places", clergy=who, building=where), rest
        return self.say("uses", building=where), rest

    @verbs.BUILD.narrates
    def _build(self, command: Build, events: Sequence[GameEvent]
               ) -> tuple[str, Sequence[GameEvent]]:
        built = next((e for e in events if isinstance(e, BuildingBuilt)
                      and e.building == command.building), None)
        rest = [e for e in events if e is not built]
        name = self.name(command.building)
        at = coord_text(command.coord)
        if built is not None and built.seat != self.seat:
            owner = self.before.players[built.seat]
            covered = owner.landscape.get(command.coord)
            if covered is not None and covered.card is not None:
                return self.say("builds_for_over", building=name, seat=self.who(built.seat),
                                coord=at, covered=self.name(covered.card)), rest
            return self.say("builds_for", building=name, seat=self.who(built.seat),
                            coord=at), rest
        return self.say("builds", building=name, coord=at), rest

    @verbs.FELL.narrates
    def _fell(self, command: FellTrees | CutPeat, events: Sequence[GameEvent]
              ) -> tuple[str, Sequence[GameEvent]]:
        fells = isinstance(command, FellTrees)
        if command.coord is None:
            return self.say("fells_none" if fells else "cuts_none"), events
        rest = [e for e in events if not isinstance(e, CardRemoved | IndicatorUsed)]
        text = self.say("fells" if fells else "cuts", coord=coord_text(command.coord))
        if command.joker:
            text = self.say("clause_joker", clause=text)
        if not any(isinstance(e, GoodsGained) for e in rest):
            text = self.say("taking_nothing", clause=text)
        return text, rest

    @verbs.WORK_CONTRACT.narrates
    def _contract(self, command: WorkContract, events: Sequence[GameEvent]
                  ) -> tuple[str, Sequence[GameEvent]]:
        where = self.owned(command.building)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not paid]
        price = self.say.goods(paid.goods) if paid is not None else self.say("nothing")
        present = command.payment in ("Wn", "Wh")
        text = self.say("contract_gives" if present else "contract_pays", building=where,
                        price=price)
        if paid is not None and paid.to_seat is not None:
            text = self.say("to_seat", clause=text, seat=self.who(paid.to_seat))
        if present:
            text = self.say("present", clause=text)
        placed = next((e for e in rest if isinstance(e, ClergyPlaced)), None)
        if placed is not None:  # only one kind of clergyman was free: no answer needed
            text = self.say("goes_to_work", clause=text,
                            clergy=self.clergy(placed.seat, placed.clergy))
            rest = [e for e in rest if e is not placed]
        return text, rest

    @verbs.ANSWER.narrates
    def _answer(self, command: AnswerContract, events: Sequence[GameEvent]
                ) -> tuple[str, Sequence[GameEvent]]:
        placed = next((e for e in events if isinstance(e, ClergyPlaced)), None)
        building = placed.building if placed is not None else self.before.flow.turn.contract
        rest = [e for e in events if e is not placed]
        owner = placed.seat if placed is not None else self.seat
        if owner != self.seat:
            who = self.clergy(owner, 0 if command.prior else 1)
        else:
            who = self.say("their_prior" if command.prior else "a_lay_brother")
        if building is None:
            return self.say("answers", clergy=who), rest
        return self.say("sends", clergy=who, building=self.name(building)), rest

    @verbs.BUY.narrates
    def _buy(self, command: BuyDistrict | BuyPlot, events: Sequence[GameEvent]
             ) -> tuple[str, Sequence[GameEvent]]:
        added = next((e for e in events if isinstance(e, LandscapeAdded)), None)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not added and e is not paid]
        side = self.say.side(command.side)
        if isinstance(command, BuyDistrict):
            text = self.say("buys_district", side=side, row=command.row)
        else:
            text = self.say("buys_plot", side=side, row=command.row, next=command.row + 1)
        if paid is not None:
            text = self.say("for_goods", clause=text, goods=self.say.goods(paid.goods))
        return text, rest

    @verbs.SETTLE.narrates
    def _settle(self, command: Settle, events: Sequence[GameEvent]
                ) -> tuple[str, Sequence[GameEvent]]:
        built = next((e for e in events if isinstance(e, SettlementBuilt)), None)
        paid = next((e for e in events if isinstance(e, GoodsPaid) and e.seat == self.seat), None)
        rest = [e for e in events if e is not built and e is not paid]
        text = self.say("founds", settlement=settlement_name(self.rules, command.settlement,
                                                             self.say),
                        coord=coord_text(command.coord))
        if paid is not None:
            text = self.say("feeds", clause=text, goods=self.say.goods(paid.goods))
        return text, rest

    def _commit(self) -> str:
        kind = self.before.flow.turn.kind
        return self.say({"settlement": "done_settlement", "neutral": "done_neutral",
                         "neutral_prior": "done_neutral_prior"}.get(kind, "ends_turn"))

    # Whatever else the command caused, merged per kind and seat: "pays 1 peat", "takes 2 wood".
    def clauses(self, events: Iterable[GameEvent]) -> list[str]:
        say = self.say
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
            phrase = say(verb, goods=say.goods(goods[key]))
            if to is not None:
                phrase = say("to_seat", clause=phrase, seat=self.who(to))
            if seat == self.seat:
                result.append(phrase)
            elif verb == "takes":
                others.setdefault(say.goods(goods[key]), []).append(seat)
            else:
                result.append(say("sentence", actor=self.who(seat), clauses=phrase))
        for what, seats in others.items():
            if len(seats) > 1:
                result.append(say("each_get", seats=say.join([self.who(s) for s in seats]),
                                  goods=what))
            else:
                result.append(say("gets", seat=self.who(seats[0]), goods=what))
        return result

    def clause(self, event: GameEvent) -> str:
        """One event as a clause of the actor's sentence ("" for bookkeeping); an event that is
        no deed of the actor's (a schedule step) in the words of :func:`_automatic`."""
        own = self.deed(event)
        if own is not None:
            return own
        text = " ".join(_automatic(self.before, self.rules, [event], self.say)).rstrip(".")
        return text[:1].lower() + text[1:]

    def deed(self, event: GameEvent) -> str | None:
        """One event as a deed of the actor ("" for bookkeeping), None when it is none."""
        say = self.say
        if isinstance(event, FlowChanged | MovePlayed | IndicatorUsed | CoinPiecesCounted):
            return ""
        if isinstance(event, GoodsConverted):
            return say("converts_into", given=say.goods(event.given),
                       received=say.goods(event.received))
        if isinstance(event, BuildingBuilt):
            at = coord_text(event.coord)
            if event.seat == self.seat:
                return say("builds", building=self.name(event.building), coord=at)
            return say("builds_for", building=self.name(event.building),
                       seat=self.who(event.seat), coord=at)
        if isinstance(event, SettlementBuilt):
            return say("founds", settlement=settlement_name(self.rules, event.settlement, say),
                       coord=coord_text(event.coord))
        if isinstance(event, ClergyPlaced):
            return say("goes_to", clergy=self.clergy(event.seat, event.clergy),
                       building=self.name(event.building))
        if isinstance(event, BuildingUsed):
            return say("uses", building=self.owned(event.building))
        if isinstance(event, CardRemoved):
            space = self.before.players[event.seat].landscape.get(event.coord)
            card = space.card if space is not None else None
            key = {FOREST: "clears_forest", MOOR: "clears_moor"}.get(card or "", "clears_card")
            return say(key, coord=coord_text(event.coord))
        if isinstance(event, LandscapeAdded):
            side = say.side(event.side)
            if event.kind == "district":
                return say("adds_district", side=side, row=event.row)
            return say("adds_plot", side=side, row=event.row, next=event.row + 1)
        if isinstance(event, WorkContractPriceSet):
            return say("raises_price", goods=say.goods({Good.COIN: event.price}))
        if isinstance(event, ClergyReturned):
            return say("clergy_return", seat=self.who(event.seat))
        if isinstance(event, IndicatorEntered):
            return say("brings", indicator=_indicator_name(event.indicator, say))
        if isinstance(event, WheelRotated):
            return say("turns_wheel")
        if isinstance(event, WonderTaken):  # Liesborn (R-LIES-3)
            if event.dark:
                name = say.word(self.rules.wonders[event.tile].name)
                return say("takes_dark_wonder", tile=event.tile, name=name)
            return say("takes_light_wonder")
        return None


# --- the automatic steps ------------------------------------------------------------------------


def _automatic(before: State, rules: Rules, events: Sequence[GameEvent],
               say: Speech = ENGLISH) -> Iterator[str]:
    """The schedule's steps after a command, one sentence each (round goods merged)."""
    def who(seat: int) -> str:
        return seat_name(before, seat, say)

    def seats_named(seats: list[int]) -> str:
        if len(scored) > 1 and seats == scored:
            return say("every_player")
        return say.join([who(s) for s in seats])

    scored = [p.seat for p in before.players if not p.neutral]
    i = 0
    while i < len(events):
        event = events[i]
        i += 1
        if isinstance(event, RoundBegan):
            mode = rules.modes.get(before.config.mode)
            if mode is not None and mode.bonus_round and event.round == mode.rounds + 1:
                yield say("bonus_begins", seat=who(event.start_seat))
            else:
                yield say("round_begins", round=event.round, seat=who(event.start_seat))
        elif isinstance(event, WheelRotated):
            if event.removed:
                gone = say.join([_indicator_name(x, say) for x in event.removed])
                key = "wheel_turns_leaves" if len(event.removed) == 1 else "wheel_turns_leave"
                yield say(key, indicators=gone)
            else:
                yield say("wheel_turns")
        elif isinstance(event, IndicatorEntered):
            yield _sentence(say("enters", indicator=_indicator_name(event.indicator, say)))
        elif isinstance(event, ClergyReturned):
            yield _sentence(say("clergy_return", seat=who(event.seat)))
        elif isinstance(event, GoodsGained):
            seats = [event.seat]
            while (i < len(events) and isinstance(events[i], GoodsGained)
                   and events[i].goods == event.goods):  # type: ignore[union-attr]
                seats.append(events[i].seat)  # type: ignore[union-attr]
                i += 1
            everyone = len(scored) > 1 and seats == scored
            key = "seat_takes" if len(seats) == 1 or everyone else "seats_take"
            yield say(key, seats=seats_named(seats), goods=say.goods(event.goods))
        elif isinstance(event, GoodsPaid):
            yield say("seat_pays", seat=who(event.seat), goods=say.goods(event.goods))
        elif isinstance(event, SettlementPhaseBegan):
            yield say("phase_begins", stage=event.stage.value)
        elif isinstance(event, BuildingsRevealed):
            names = say.join([building_name(rules, b, say) for b in event.buildings])
            yield say("revealed", stage=event.stage.value, buildings=names)
        elif isinstance(event, SettlementsDealt):
            seats = list(event.seats)
            everyone = len(scored) > 1 and seats == scored
            key = "seat_receives" if everyone or len(seats) == 1 else "seats_receive"
            yield say(key, seats=seats_named(seats),
                      settlement=settlement_name(rules, event.settlement, say))
        elif isinstance(event, WorkContractPriceSet):
            yield say("price_now", goods=say.goods({Good.COIN: event.price}))
        elif isinstance(event, GameEnded):
            totals = say.join([say("score", seat=who(s.seat), total=s.total)
                               for s in event.scores])
            winners = say.join([who(s) for s in event.winners])
            key = "ends_wins" if len(event.winners) == 1 else "ends_share"
            yield say(key, totals=totals, winners=winners)
        elif isinstance(event, FlowChanged | MovePlayed | GameStarted):
            continue
        else:
            # A deed only: an event that is neither a step nor a deed has no words (asking
            # ``clause`` here would come back to this branch for ever).
            words = _Words(before, rules, _seat_of(event), say)
            text = words.deed(event)
            if text:
                yield _sentence(say("sentence", actor=words.actor, clauses=text))


def _seat_of(event: GameEvent) -> int:
    seat = getattr(event, "seat", 0)
    return seat if isinstance(seat, int) else 0


# --- a whole game -------------------------------------------------------------------------------


def narrate_game(events: Iterable[GameEvent], rules: Rules, first: int = 1,
                 last: int | None = None, locale: str = "en") -> list[Narration]:
    """Moves ``first`` .. ``last`` (inclusive, counted from 1) of an event stream in words.

    Each move's events are folded in one run from the state before the move (``fold``), so
    the whole log costs about one fold of the stream plus the words."""
    result: list[Narration] = []
    state: State | None = None
    batch: list[GameEvent] = []
    events = list(events)
    notes = by_move(events)  # an annotation may come long after its move (a review)

    def told(number: int) -> Narration:
        assert state is not None
        move = [e for e in batch if type(e) is not MoveAnnotated]  # people's words, no deed
        said = narrate_move(state, move, rules, number, locale)
        return attrs.evolve(said, notes=tuple(notes.get(number, ())))

    number = 0  # the move whose events ``batch`` holds (0: the set-up)
    for event in events:
        if isinstance(event, MovePlayed):
            if number >= first and state is not None:
                result.append(told(number))
            state = fold(batch, state)
            number += 1
            if last is not None and number > last:
                return result
            batch = []
        batch.append(event)
    if number >= first and state is not None and batch:
        result.append(told(number))
    return result
