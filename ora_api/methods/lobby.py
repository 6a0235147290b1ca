"""The lobby's JSON-RPC methods: ``game.create``, ``game.join``, ``game.spectate_token`` and
``game.list`` (docs/api.md, "Running it in public"). The tables behind them are in
``ora_api.table.lobby``; the game service does the appends.

Who may do what:

- ``game.create`` (anyone) gives the creator a token for each seat it names, an invitation for
  each open seat and nothing for a bot seat.
- ``game.join {invite, name}`` (the invitation's holder) takes that seat, once, and gives its
  token. Nobody ever receives another seat's token.
- A ``public`` game is read by anyone; a ``private`` one (the default) only with one of its
  seats' tokens or a spectator token from ``game.spectate_token`` (asked with a seat's token).
- ``game.list`` shows the public games and the private games of the tokens presented.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Literal
from uuid import UUID

from attrs import field, frozen

from ora_api.games.projection import ConfigView, Status, stored_config
from ora_api.jsonrpc.common import (
    BAD_INVITE,
    BAD_TOKEN,
    GAME_ID,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    meta,
)
from ora_api.jsonrpc.param_limits import whole_number
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.methods.seats import ClockParams, time_control
from ora_api.service import GameService
from ora_api.table.bot_pool import MAX_COUNT, budget_refusal
from ora_api.table.lobby import Visibility
from ora_api.table.seating import SeatPlan
from ora_rules.bots import make_bot

#: The longest player or bot name, in characters.
MAX_NAME = 40
#: The most tokens one game.list call may present.
MAX_LIST_TOKENS = 100


# --- params and results -------------------------------------------------------------------------


@frozen(kw_only=True)
class GameConfigParams:
    players: int = field(metadata=meta("number of players (the engine names the allowed ones)"))
    variant: str = field(metadata=meta("france or ireland"))
    length: str = field(metadata=meta("long or short"))
    seed: int | None = field(default=None, metadata=meta(
        "the seed of every random draw; random when omitted"))
    readings: str | dict[str, str] | None = field(default=None, metadata=meta(
        "the readings of rulebook ambiguities: a set name (rulebook, kennerspiel, weblabora) "
        "or one option per ambiguity (specs/readings.toml); the rulebook's when omitted"))
    liesborn: bool = field(default=False, metadata=meta(
        "the mini expansion 'Die kleinen Wunder der Abtei Liesborn': 26 wonder tiles"))
    wonder_tiles: str | None = field(default=None, metadata=meta(
        "with liesborn: the tile set, all (default) or known (docs/ambiguities.md AMB-28)"))
    undo: Literal["none", "own_last", "by_consent"] = field(default="by_consent", metadata=meta(
        "which moves may be taken back (game.undo_request): none, own_last (a seat's own last "
        "moves) or by_consent (any, once the other players accept)"))
    clock: ClockParams | None = field(default=None, metadata=meta(
        "a time control (docs/api.md \"Clocks\"): {initial, increment} (Fischer, seconds), "
        "{deadline} (seconds a decision) or {correspondence} (days a decision), with "
        "on_timeout lose, pass or bot; none when omitted"))


@frozen(kw_only=True)
class SeatParams:
    """One seat of a new game: ``{"name": ...}`` the creator takes it, ``{"bot": ...}`` a bot
    plays it, ``{}`` it stays open for an invitation."""

    name: str | None = field(default=None, metadata=meta(
        "the creator takes this seat under this name (1 to 40 characters) and gets its token; "
        "with bot, the bot's name shown to the players", max_length=MAX_NAME))
    bot: str | None = field(default=None, metadata=meta(
        "a bot plays this seat (easy, medium, hard, expert, random, greedy, mcts, ...: "
        "docs/bots.md); no token, no invitation", max_length=MAX_NAME))


@frozen(kw_only=True)
class CreateParams:
    config: GameConfigParams
    seats: list[SeatParams] | None = field(default=None, metadata=meta(
        "one entry per seat, in seat order (the solo game has one seat); by default the "
        "creator takes seat 0 and the other seats are open"))
    name: str | None = field(default=None, metadata=meta(
        "the creator's name when seats is omitted (default \"Player 1\")", max_length=MAX_NAME))
    visibility: Literal["public", "private"] = field(default="private", metadata=meta(
        "public: anyone may read the game and subscribe; private: only with a seat's or a "
        "spectator's token"))


@frozen(kw_only=True)
class SeatGrant:
    seat: int
    colour: str
    name: str | None = field(metadata=meta("the player's name; null while the seat is open"))
    bot: str | None = field(metadata=meta("the bot that plays the seat, else null"))
    token: str | None = field(metadata=meta(
        "the seat's secret, for the seats the creator took: needed for game.move and for "
        "reading a private game; shown once"))
    invite: str | None = field(metadata=meta(
        "an open seat's invitation: hand it to the player who is to sit there (game.join); "
        "shown once"))


@frozen(kw_only=True)
class CreateResult:
    game_id: UUID
    version: int
    visibility: Visibility
    seats: list[SeatGrant]


@frozen(kw_only=True)
class JoinParams:
    invite: str = field(metadata=meta("an invitation from game.create", max_length=256))
    name: str = field(metadata=meta("the player's name (1 to 40 characters)",
                                    max_length=MAX_NAME))
    request_id: str | None = field(default=None, metadata=meta(
        "a random id the client chooses for this join (a UUID): sent again with the same "
        "invitation, it gets the same seat and token, so a join whose answer was lost can be "
        "retried", max_length=64))


@frozen(kw_only=True)
class JoinResult:
    game_id: UUID
    seat: int
    colour: str
    token: str = field(metadata=meta("the seat's secret: needed for game.move; shown once"))
    version: int = field(metadata=meta("the game's version after the seat_taken event"))


@frozen(kw_only=True)
class SpectateParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("a seat's token of the game", max_length=256))


@frozen(kw_only=True)
class SpectateResult:
    game_id: UUID
    token: str = field(metadata=meta(
        "a new spectator token: reads the game (state, events, scores, subscription) but "
        "cannot move; shown once"))


@frozen(kw_only=True)
class ListParams:
    tokens: list[str] = field(factory=list, metadata=meta(
        "seat or spectator tokens: their private games are listed too (at most 100)"))
    limit: int = field(default=50, metadata=meta("at most this many games", minimum=1,
                                                 maximum=500))
    cursor: str | None = field(default=None, metadata=meta(
        "next_cursor of the previous page; the first page when omitted", max_length=32))
    open_seats: bool | None = field(default=None, metadata=meta(
        "only games with (true) or without (false) open seats"))
    finished: bool | None = field(default=None, metadata=meta(
        "only finished (true) or unfinished (false) games"))


@frozen(kw_only=True)
class ListedSeat:
    seat: int
    name: str | None = field(metadata=meta("null while the seat is open"))
    bot: str | None
    open: bool = field(metadata=meta("waiting for a player to join with its invitation"))


@frozen(kw_only=True)
class GameSummary:
    game_id: UUID
    config: ConfigView
    visibility: Visibility
    status: Status
    version: int
    moves: int = field(metadata=meta("commands played"))
    open_seats: int
    seats: list[ListedSeat]
    scores: list[int] | None = field(metadata=meta("each seat's final total once finished"))
    winners: list[int] | None = field(metadata=meta("the winning seats once finished"))
    yours: list[int] = field(metadata=meta("the seats whose tokens were presented"))


@frozen(kw_only=True)
class ListResult:
    games: list[GameSummary]
    next_cursor: str | None = field(metadata=meta(
        "pass it as cursor for the next page; null on the last page"))


# --- validation ---------------------------------------------------------------------------------


def _name(value: str, path: str) -> str:
    """A player's name: 1 to 40 characters, no control or format characters."""
    name = value.strip()
    if not name or len(name) > MAX_NAME:
        raise invalid_params(f"{path}: a name has 1 to {MAX_NAME} characters", path,
                             reason="invalid_name")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise invalid_params(f"{path}: a name has no control characters", path,
                             reason="invalid_name")
    if not any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANKS for ch in name):
        raise invalid_params(f"{path}: a name needs a visible character (a letter, digit or "
                             "symbol)", path, reason="invalid_name")
    return name


#: Letters and symbols that show nothing: the Hangul fillers and the Braille blank.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def seat_plans(svc: GameService, seats: Sequence[SeatParams] | None, creator: str | None,
               players: int) -> list[SeatPlan] | None:
    """The plans of a new game's seats (``game.create``, ``game.fork``), each checked."""
    if seats is None:
        if creator is None:
            return None
        return [SeatPlan(name=_name(creator, "name")), *[SeatPlan()] * (players - 1)]
    if creator is not None:
        raise invalid_params("name: give the creator's name in seats", "name",
                             reason="invalid_name")
    plans = []
    for i, seat in enumerate(seats):
        name = _name(seat.name, f"seats[{i}].name") if seat.name is not None else None
        if seat.bot is not None:
            try:
                make_bot(seat.bot, svc.rules)
            except ValueError as e:
                raise invalid_params(f"seats[{i}].bot: {e}", f"seats[{i}].bot",
                                     reason="unknown_bot") from None
            limits = svc.bot_runner.limits
            if (why := budget_refusal(seat.bot, limits)) is not None:
                raise invalid_params(f"seats[{i}].bot: {why}", f"seats[{i}].bot",
                                     reason="bot_budget_too_large",
                                     bot_max_seconds=limits.max_seconds, max_count=MAX_COUNT)
        plans.append(SeatPlan(name=name, bot=seat.bot))
    return plans


# --- the methods --------------------------------------------------------------------------------

METHODS = Registry()


@METHODS.method("game.create", params=CreateParams, result=CreateResult,
                summary="Start a new game: tokens for the creator's seats, invitations for the "
                        "open seats.")
def game_create(svc: GameService, session: Session, p: CreateParams) -> CreateResult:
    """A bad config is an invalid params error (-32602) whose data.path names the field and
    whose detail names the allowed values; seats must have one entry per seat. Tokens and
    invitations are shown only here."""
    c = p.config
    plans = seat_plans(svc, p.seats, p.name, c.players)
    created = svc.create(c.players, c.variant, c.length, c.seed, seats=plans,
                         visibility=p.visibility, readings=c.readings, liesborn=c.liesborn,
                         wonder_tiles=c.wonder_tiles, undo=c.undo,
                         clock=time_control(svc, c.clock))
    state = created.state
    return CreateResult(game_id=created.game_id, version=state.version,
                        visibility=created.visibility, seats=[
        SeatGrant(seat=pl.seat, colour=pl.colour, name=pl.name, bot=pl.bot,
                  token=created.tokens.get(pl.seat), invite=created.invites.get(pl.seat))
        for pl in state.players if not pl.neutral])


@METHODS.method("game.join", params=JoinParams, result=JoinResult,
                errors=(BAD_INVITE, VERSION_CONFLICT),
                summary="Take the seat an invitation opens; its token is shown once.")
def game_join(svc: GameService, session: Session, p: JoinParams) -> JoinResult:
    """The name enters the game as a seat_taken event. An invitation works once: a second
    join answers bad_invite (invite_used), unless it repeats the first's request_id."""
    game_id, seat, token, state = svc.join(p.invite, _name(p.name, "name"), p.request_id)
    return JoinResult(game_id=game_id, seat=seat, colour=state.players[seat].colour,
                      token=token, version=state.version)


@METHODS.method("game.spectate_token", params=SpectateParams, result=SpectateResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="A spectator token that reads a private game (asked with a seat's token).")
def game_spectate_token(svc: GameService, session: Session, p: SpectateParams
                        ) -> SpectateResult:
    """Each call draws a new spectator token; earlier ones keep working."""
    return SpectateResult(game_id=p.game_id, token=svc.spectate_token(p.game_id, p.token))


@METHODS.method("game.list", params=ListParams, result=ListResult,
                summary="The public games and the caller's own, a page at a time.")
def game_list(svc: GameService, session: Session, p: ListParams) -> ListResult:
    """In creation order. Private games are listed only for the tokens presented; filters
    combine. The summaries are kept current on every append, so a page costs the same
    whatever the number of stored games."""
    if len(p.tokens) > MAX_LIST_TOKENS:
        raise invalid_params(f"tokens: at most {MAX_LIST_TOKENS}", "tokens",
                             reason="out_of_range")
    if any(len(t) > 256 for t in p.tokens):
        raise invalid_params("tokens: a token has at most 256 characters", "tokens",
                             reason="too_long")
    after = 0
    if p.cursor is not None:
        after = whole_number(p.cursor, "cursor", reason="bad_cursor",
                             what="a cursor of game.list")
    listed, next_after = svc.list_games(p.tokens, limit=p.limit, after=after,
                                        open_seats=p.open_seats, finished=p.finished)
    games = []
    for item in listed:
        s = item.summary
        games.append(GameSummary(
            game_id=s.game_id, config=stored_config(s.config), visibility=s.visibility,
            status="finished" if s.status == "finished" else "playing", version=s.version,
            moves=s.moves, open_seats=s.open_seats,
            seats=[ListedSeat(seat=r.seat, name=r.name, bot=r.bot, open=r.invite is not None)
                   for r in item.seats],
            scores=s.scores["totals"] if s.scores else None,
            winners=s.scores["winners"] if s.scores else None, yours=item.yours))
    return ListResult(games=games,
                      next_cursor=str(next_after) if next_after is not None else None)
