"""A seat handed to a bot over the API: ``game.replace_seat`` and ``game.replace_answer``
(docs/api.md "A seat handed to a bot"), and the clock's params of ``game.create``.

Who may hand which seat and who must consent is ``ora_rules.seats``; here the token is checked,
the creator is known (the seats it took at ``game.create``), the bot's name is checked like a
bot seat's, and the events are stored like a move's. The bot runner then plays the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    GAME_ID,
    ILLEGAL_MOVE,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    EventView,
    meta,
)
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.service import GameService
from ora_api.table.bot_pool import budget_refusal
from ora_api.table.table_events import store_events
from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent
from ora_core.state import State, TimeControl
from ora_rules import seats
from ora_rules.bots import make_bot

#: A correspondence day, in seconds.
DAY = 86400


@frozen(kw_only=True)
class ClockParams:
    """``game.create``'s config.clock: one of initial (+ increment), deadline, correspondence."""

    initial: int | None = field(default=None, metadata=meta(
        "Fischer: each seat's time in seconds; with increment", minimum=1))
    increment: int = field(default=0, metadata=meta(
        "Fischer: seconds added after each of a seat's decisions", minimum=0))
    deadline: int | None = field(default=None, metadata=meta(
        "seconds for each decision (not with initial)", minimum=1))
    correspondence: int | None = field(default=None, metadata=meta(
        "days for each decision (a correspondence game; not with initial or deadline)",
        minimum=1))
    on_timeout: str = field(default="lose", metadata=meta(
        "when a seat's time runs out: lose (the game ends, that seat losing), pass (the rules' "
        "default decides for it, e.g. a work contract is answered) or bot (a bot takes the "
        "seat)"))
    bot: str = field(default="medium", metadata=meta(
        "on_timeout bot: the bot (a level: easy, medium, hard, expert, or a bot name)",
        max_length=40))


def time_control(svc: GameService, c: ClockParams | None) -> TimeControl | None:
    """The ``TimeControl`` of the params (the rules check its values at creation)."""
    if c is None:
        return None
    given = [n for n in ("initial", "deadline", "correspondence") if getattr(c, n) is not None]
    if len(given) != 1:
        raise invalid_params("config.clock: give one of initial (with increment), deadline "
                             "or correspondence", "config.clock", reason="invalid_config")
    _check_bot(svc, c.bot, "config.clock.bot")
    if c.initial is not None:
        return TimeControl(kind="fischer", initial=c.initial, increment=c.increment,
                           on_timeout=c.on_timeout, bot=c.bot)
    seconds = c.deadline if c.deadline is not None else (c.correspondence or 0) * DAY
    return TimeControl(kind="deadline", initial=seconds, increment=c.increment,
                       on_timeout=c.on_timeout, bot=c.bot)


def _check_bot(svc: GameService, bot: str, path: str) -> None:
    try:
        make_bot(bot, svc.rules)
    except ValueError as e:
        raise invalid_params(f"{path}: {e}", path, reason="unknown_bot") from None
    if (why := budget_refusal(bot, svc.bot_runner.limits)) is not None:
        raise invalid_params(f"{path}: {why}", path, reason="bot_budget_too_large")


@frozen(kw_only=True)
class ReplaceSeatParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("a seat's token: the creator's, the seat's own, or "
                                     "another player's (who then asks the others)",
                                     max_length=256))
    seat: int = field(metadata=meta("the seat a bot takes", minimum=0))
    bot: str = field(metadata=meta("the bot: a level (easy, medium, hard, expert) or a bot name",
                                   max_length=40))


@frozen(kw_only=True)
class ReplaceAnswerParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the token of a seat asked to consent", max_length=256))
    accept: bool = field(metadata=meta("true: consent; false: refuse (ends the request)"))


@frozen(kw_only=True)
class ReplaceResult:
    version: int = field(metadata=meta("the game's version after these events"))
    replaced: bool = field(metadata=meta("the bot plays the seat now (seat_replaced)"))
    waiting: list[int] = field(metadata=meta("the seats whose consent is still awaited"))
    events: list[EventView]


def _decided(svc: GameService, game_id: UUID, token: str,
             decide: Callable[[State, int], list[GameEvent]]) -> ReplaceResult:
    with svc._game_lock(game_id):
        hot = svc._entry(game_id)
        seat = svc._seat_of(game_id, hot, token)
        if seat is None:
            raise BAD_TOKEN.error("the token is not a seat's token of this game")
        try:
            events = decide(hot.state, seat)
        except IllegalCommand as e:
            raise ILLEGAL_MOVE.error(e.detail, reason=e.reason, rule=e.rule) from None
        views = store_events(svc, game_id, hot, events)
        asked = hot.state.replace_request
        return ReplaceResult(version=hot.state.version,
                             replaced=events[-1].TAG == "seat_replaced",
                             waiting=list(asked.waiting) if asked else [], events=views)


METHODS = Registry()


@METHODS.method("game.replace_seat", params=ReplaceSeatParams, result=ReplaceResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, ILLEGAL_MOVE, VERSION_CONFLICT),
                summary="Hand a seat to a bot: at once by the creator or the seat's player, "
                        "else by the other players' consent.")
def game_replace_seat(svc: GameService, session: Session, p: ReplaceSeatParams
                      ) -> ReplaceResult:
    """A seat a person plays (rule SEAT-2) is handed to the bot at once when the token is the
    creator's (a seat it took at game.create) or the seat's own; otherwise every other seat a
    person plays is asked (game.replace_answer; bots accept). The bot then plays the seat and
    the seat's token no longer moves. Refusals are illegal_move errors naming SEAT-1 .. 3."""
    _check_bot(svc, p.bot, "bot")
    creator = svc.timers.creator_seats(p.game_id)
    return _decided(svc, p.game_id, p.token, lambda state, seat: seats.request(
        state, seat, p.seat, p.bot, by_creator=seat in creator and seat != p.seat))


@METHODS.method("game.replace_answer", params=ReplaceAnswerParams, result=ReplaceResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, ILLEGAL_MOVE, VERSION_CONFLICT),
                summary="Accept or refuse that a bot take another player's seat.")
def game_replace_answer(svc: GameService, session: Session, p: ReplaceAnswerParams
                        ) -> ReplaceResult:
    """Only a seat asked answers, once (SEAT-3); the last consent hands the seat over
    (replaced true), one refusal ends the request."""
    return _decided(svc, p.game_id, p.token,
                    lambda state, seat: seats.answer(state, seat, p.accept))
