"""The rules and the game in words (docs/api.md "The game in words"): ``rules.lookup``,
``game.log`` (``ora_rules.views.narrate``), ``game.explain`` (``ora_rules.views.explain``),
``game.moves`` (``ora_rules.move_tree``) and ``game.diff`` (``ora_rules.views.diff``)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    GAME_ID,
    READ_TOKEN,
    UNKNOWN_GAME,
    meta,
)
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.service import GameService
from ora_core.state import State
from ora_rules.views.i18n import Locale

if TYPE_CHECKING:
    from ora_rules.records.positions import NoSuchMove
    from ora_rules.views.explain import Explanation

METHODS = Registry()


@frozen(kw_only=True)
class RuleParams:
    id: str = field(metadata=meta("a rule id as errors and docs cite it: R-BUY-2, AMB-05"))


@frozen(kw_only=True)
class RuleView:
    """One rule of docs/rules.md: the statement, where it comes from, where to read it."""

    id: str
    section: str
    title: str
    text: str = field(metadata=meta("the statement, in Markdown"))
    source: str = field(metadata=meta("where in the rulebooks (S000 p.5 = Greek rules, page 5)"))
    doc: str = field(metadata=meta("the rule's place in the docs: docs/rules.md#r-buy-2"))


@METHODS.method("rules.lookup", params=RuleParams, result=RuleView,
                summary="The statement and source of a rule id cited by an error or a spec.")
def rules_lookup(svc: GameService, session: Session, p: RuleParams) -> RuleView:
    """An unknown id is an invalid params error on data.path "id" (reason unknown_rule) whose
    detail suggests close ids."""
    from ora_rules.rulebook import UnknownRule, load_rulebook

    try:
        rule = load_rulebook(svc.rules.directory or None).get(p.id)
    except UnknownRule as error:
        raise invalid_params(error.message, "id", reason="unknown_rule") from None
    return RuleView(id=rule.id, section=rule.section, title=rule.title, text=rule.text,
                    source=rule.source, doc=f"docs/rules.md#{rule.anchor()}")


# --- the game in words (ora_rules.views.narrate; docs/api.md "The game in words") -----------------


@frozen(kw_only=True)
class LogParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_move: int = field(default=1, metadata=meta(
        "the first move to narrate (move N is the game's N-th move_played event)", minimum=1))
    to_move: int | None = field(default=None, metadata=meta(
        "the last move to narrate; the game's last when omitted", minimum=1))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    locale: Locale = field(default="en", metadata=meta("the language of the sentences"))


@frozen(kw_only=True)
class MoveSentence:
    number: int = field(metadata=meta("the move's number (from 1)"))
    version: int = field(metadata=meta("the version of its move_played event"))
    seat: int = field(metadata=meta("the seat that played it"))
    move: str = field(metadata=meta("the command in the move notation"))
    text: str = field(metadata=meta("the move as one sentence (in the locale asked for)"))
    then: list[str] = field(metadata=meta(
        "one sentence per automatic step the move set off (new round, settlement phase, game "
        "end)"))
    took: int | None = field(default=None, metadata=meta(
        "a game with a clock: the milliseconds the decision took"))
    notes: list[str] = field(factory=list, metadata=meta(
        "the players' annotations of the move (game.annotate), in the order written"))


@frozen(kw_only=True)
class LogResult:
    version: int = field(metadata=meta("the game's version"))
    moves: list[MoveSentence]
    notes: list[str] = field(factory=list, metadata=meta(
        "the annotations of the game itself (move 0, before its first move)"))


@METHODS.method("game.log", params=LogParams, result=LogResult, errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The game's moves in words, one sentence per move (en, el or ru).")
def game_log(svc: GameService, session: Session, p: LogParams) -> LogResult:
    """Moves from_move .. to_move (inclusive); names come from the specs, seats by colour."""
    from ora_rules.annotations import by_move
    from ora_rules.views.narrate import narrate_game

    version = svc.current(p.game_id, p.token).version
    events = svc.store.fold(p.game_id, list, version)
    moves = narrate_game(events, svc.rules, p.from_move, p.to_move, p.locale)
    return LogResult(version=version, notes=by_move(events).get(0, []), moves=[
        MoveSentence(number=m.number, version=m.version, seat=m.seat, move=m.move, text=m.text,
                     then=list(m.then), took=m.took, notes=list(m.notes)) for m in moves])


def _state_after_move(svc: GameService, game_id: UUID, move: int | None, where: str,
                      token: str | None) -> State:
    """The state after move ``move`` (0: the set-up), the current state when None."""
    from ora_rules.records.positions import NoSuchMove
    from ora_rules.views.diff import positions_after

    current = svc.current(game_id, token)
    if move is None:
        return current
    try:
        return svc.store.fold(game_id, lambda events: positions_after(events, [move]),
                              current.version)[move]
    except NoSuchMove as missing:
        raise _out_of_range(where, missing) from None


def _out_of_range(where: str, missing: NoSuchMove) -> Exception:
    """The invalid params error (on ``where``) for a move number the game does not have."""
    from ora_rules.records.positions import out_of_range

    return invalid_params(f"{where} {missing.move}: {out_of_range(missing.move, missing.moves)}",
                          where, reason="out_of_range")


# --- the score explained (ora_rules.views.explain) ------------------------------------------------


@frozen(kw_only=True)
class ExplainParams:
    game_id: UUID = field(metadata=GAME_ID)
    seat: int | None = field(default=None, metadata=meta("only this seat", minimum=0))
    move: int | None = field(default=None, metadata=meta(
        "explain the score after this move (0: the set-up); now when omitted", minimum=0))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    locale: Locale = field(default="en", metadata=meta("the language of the lines"))


@frozen(kw_only=True)
class GoodsPoints:
    goods: dict[str, int] = field(metadata=meta(
        "the goods of the line by name: one kind, or coins with wine and whiskey (R-SCORE-2)"))
    points: int
    text: str


@frozen(kw_only=True)
class CardPoints:
    card: str = field(metadata=meta("a building or settlement id"))
    col: int
    row: int
    points: int = field(metadata=meta("its economic value (R-SCORE-3)"))
    text: str


@frozen(kw_only=True)
class NeighbourPoints:
    col: int
    row: int
    card: str | None = field(metadata=meta("the card on the space; null when empty"))
    points: int = field(metadata=meta("the dwelling value it adds (R-SCORE-4)"))
    text: str


@frozen(kw_only=True)
class SettlementPoints:
    settlement: str
    col: int
    row: int
    dwelling: int = field(metadata=meta("the settlement's own dwelling value"))
    neighbours: list[NeighbourPoints]
    points: int = field(metadata=meta("dwelling + every neighbour's points"))
    text: str


@frozen(kw_only=True)
class SeatExplanation:
    seat: int
    name: str
    total: int
    goods_points: int
    economic_points: int
    settlement_points: list[int]
    goods: list[GoodsPoints]
    economic: list[CardPoints]
    settlements: list[SettlementPoints]
    text: str = field(metadata=meta("the headline: total = goods + economic + settlements"))


@frozen(kw_only=True)
class ExplainResult:
    version: int = field(metadata=meta("the version of the state explained"))
    final: bool = field(metadata=meta("true when that state is the game's end"))
    seats: list[SeatExplanation]
    neutral: SeatExplanation | None = field(default=None, metadata=meta(
        "solo: the neutral player explained as a seat would be, a note for comparing with an "
        "engine that scores it (weblabora); not a seat: the rules do not score it "
        "(R-SCORE-8)"))


@METHODS.method("game.explain", params=ExplainParams, result=ExplainResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The score line by line: goods, economic values, settlements.")
def game_explain(svc: GameService, session: Session, p: ExplainParams) -> ExplainResult:
    """The lines sum to the score game.score gives (the items are scoring's own)."""
    from ora_rules.views.explain import explain, explain_neutral

    state = _state_after_move(svc, p.game_id, p.move, "move", p.token)
    seats = [_seat_explanation(e) for e in explain(state, svc.rules, p.seat, p.locale)]
    neutral = explain_neutral(state, svc.rules, p.locale)
    return ExplainResult(version=state.version, final=state.finished, seats=seats,
                         neutral=None if neutral is None or p.seat not in (None, neutral.seat)
                         else _seat_explanation(neutral))


def _seat_explanation(e: Explanation) -> SeatExplanation:
    return SeatExplanation(
        seat=e.seat, name=e.name, total=e.score.total, goods_points=e.score.goods,
        economic_points=e.score.economic, settlement_points=list(e.score.settlements),
        goods=[GoodsPoints(goods={g.value: n for g, n in line.goods.items()},
                           points=line.points, text=line.text) for line in e.goods],
        economic=[CardPoints(card=line.card, col=line.coord[0], row=line.coord[1],
                             points=line.points, text=line.text) for line in e.economic],
        settlements=[SettlementPoints(
            settlement=s.settlement, col=s.coord[0], row=s.coord[1], dwelling=s.dwelling,
            neighbours=[NeighbourPoints(col=n.coord[0], row=n.coord[1], card=n.card,
                                        points=n.points, text=n.text)
                        for n in s.neighbours],
            points=s.points, text=s.text) for s in e.settlements],
        text=e.text)


# --- the legal moves as a tree (ora_rules.move_tree) ----------------------------------------------


@frozen(kw_only=True)
class MovesParams:
    game_id: UUID = field(metadata=GAME_ID)
    path: list[str] = field(factory=list, metadata=meta(
        "open the tree along [verb] or [verb, target]; [] gives the verbs with counts"))
    offset: int = field(default=0, metadata=meta("skip this many moves of the opened target",
                                                 minimum=0))
    limit: int | None = field(default=None, metadata=meta(
        "at most this many moves of the opened target (each is described by playing it)",
        minimum=1))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    locale: Locale = field(default="en", metadata=meta(
        "the language of the targets' names and the moves' sentences"))


@frozen(kw_only=True)
class MoveLeafView:
    move: str = field(metadata=meta("the move, ready for game.move"))
    rest: str = field(metadata=meta("its tokens after the verb and the target"))
    text: str = field(metadata=meta("what it does: the sentence game.log would write"))


@frozen(kw_only=True)
class MoveTarget:
    target: str = field(metadata=meta("a building or settlement id; \"\" for none"))
    name: str = field(metadata=meta("the target in words (\"the Farmyard (LR2)\")"))
    count: int = field(metadata=meta("how many legal moves"))
    moves: list[MoveLeafView] | None = field(metadata=meta("the moves, when opened"))


@frozen(kw_only=True)
class MoveVerb:
    verb: str
    text: str = field(metadata=meta("what the verb does"))
    count: int = field(metadata=meta("how many legal moves"))
    targets: list[MoveTarget] | None = field(metadata=meta("the targets, when opened"))


@frozen(kw_only=True)
class MovesResult:
    version: int
    seat: int | None = field(metadata=meta("the seat that decides now; null once finished"))
    count: int = field(metadata=meta("how many legal moves in all (as game.legal_moves)"))
    verbs: list[MoveVerb]


@METHODS.method("game.moves", params=MovesParams, result=MovesResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The legal moves as a tree: verb, target, moves with their sentences.")
def game_moves(svc: GameService, session: Session, p: MovesParams) -> MovesResult:
    """Opened fully, the tree holds exactly game.legal_moves. A verb whose only target is ""
    opens its moves with the verb. A path naming no legal verb or target is an invalid params
    error on data.path "path" (reason unknown_path)."""
    from ora_rules.move_tree import UnknownPath, move_tree

    state = svc.current(p.game_id, p.token)
    try:
        tree = move_tree(state, svc.rules, p.path, offset=p.offset, limit=p.limit,
                         locale=p.locale)
    except UnknownPath as e:
        raise invalid_params(e.message, "path", reason="unknown_path") from None
    return MovesResult(version=state.version, seat=tree.seat, count=tree.count, verbs=[
        MoveVerb(verb=v.verb, text=v.text, count=v.count, targets=None if v.targets is None
                 else [MoveTarget(target=t.target, name=t.name, count=t.count,
                                  moves=None if t.moves is None else [
                                      MoveLeafView(move=m.move, rest=m.rest, text=m.text)
                                      for m in t.moves])
                       for t in v.targets])
        for v in tree.verbs])


# --- what changed between two moves (ora_rules.views.diff) ----------------------------------------


@frozen(kw_only=True)
class DiffParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_move: int = field(metadata=meta("the state after this move (0: the set-up)",
                                         minimum=0))
    to_move: int = field(metadata=meta("compared with the state after this move", minimum=0))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    locale: Locale = field(default="en", metadata=meta("the language of the sentences"))


@frozen(kw_only=True)
class GoodsChangeView:
    good: str
    before: int
    after: int


@frozen(kw_only=True)
class SpaceChangeView:
    col: int
    row: int
    before: str | None = field(metadata=meta(
        "the card on the space (\"\" empty); null when the space was not there"))
    after: str | None


@frozen(kw_only=True)
class ClergyChangeView:
    clergyman: int = field(metadata=meta("0 is the prior, 1.. the lay brothers"))
    before: str | None = field(metadata=meta("the building it stood on; null at home"))
    after: str | None


@frozen(kw_only=True)
class SeatChanges:
    seat: int
    name: str
    goods: list[GoodsChangeView]
    spaces: list[SpaceChangeView]
    clergy: list[ClergyChangeView]
    settlements_gained: list[str]
    settlements_left: list[str]
    score_before: int | None = field(metadata=meta("provisional score; null for the neutral"))
    score_after: int | None
    text: list[str]


@frozen(kw_only=True)
class GameChange:
    field: str = field(metadata=meta(
        "round, wheel.<indicator>, display, work_contract_price, districts_left, plots_left, "
        "wonders_left, settlement_phases, decider or finished"))
    before: str
    after: str
    text: str


@frozen(kw_only=True)
class DiffResult:
    version: int = field(metadata=meta("the game's version"))
    version_before: int = field(metadata=meta("the version after from_move"))
    version_after: int = field(metadata=meta("the version after to_move"))
    game: list[GameChange]
    seats: list[SeatChanges] = field(metadata=meta("only the seats with a change"))
    text: list[str] = field(metadata=meta("every change in words"))


@METHODS.method("game.diff", params=DiffParams, result=DiffResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="Every difference between the states after two moves, per seat.")
def game_diff(svc: GameService, session: Session, p: DiffParams) -> DiffResult:
    """A move beyond the game's is an invalid params error on data.path from_move/to_move."""
    from ora_rules.records.positions import NoSuchMove
    from ora_rules.views.diff import diff, positions_after

    current = svc.current(p.game_id, p.token)
    try:
        found = svc.store.fold(p.game_id, lambda events: positions_after(
            events, [p.from_move, p.to_move]), current.version)
    except NoSuchMove as missing:
        name = "from_move" if missing.move == p.from_move else "to_move"
        raise _out_of_range(name, missing) from None
    d = diff(found[p.from_move], found[p.to_move], svc.rules, p.locale)
    return DiffResult(
        version=current.version, version_before=d.version_before, version_after=d.version_after,
        game=[GameChange(field=c.field, before=c.before, after=c.after, text=c.text)
              for c in d.game],
        seats=[SeatChanges(
            seat=s.seat, name=s.name,
            goods=[GoodsChangeView(good=g.good.value, before=g.before, after=g.after)
                   for g in s.goods],
            spaces=[SpaceChangeView(col=x.col, row=x.row, before=x.before, after=x.after)
                    for x in s.spaces],
            clergy=[ClergyChangeView(clergyman=c.clergyman, before=c.before, after=c.after)
                    for c in s.clergy],
            settlements_gained=list(s.settlements_gained),
            settlements_left=list(s.settlements_left), score_before=s.score_before,
            score_after=s.score_after, text=list(s.text)) for s in d.seats],
        text=d.text)
