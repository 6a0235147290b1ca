"""The game drawn and the rules listed: ``game.view`` (and the ``GET /games/{id}.svg`` route
described beside it, served by ``ora_api.web.pictures``) and ``rules.catalog``. The projections are
the rules floor's (``ora_rules.views``); these handlers read the state they show."""

from __future__ import annotations

from uuid import UUID

import attrs
import cattrs
import orjson
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
from ora_rules.views.catalog import Catalog, catalog
from ora_rules.views.i18n import LOCALES, Locale
from ora_rules.views.view import BoardView, view


@frozen(kw_only=True)
class ViewParams:
    game_id: UUID = field(metadata=GAME_ID)
    version: int | None = field(default=None, metadata=meta(
        "the version to show (1 .. the game's version); the current state when omitted",
        minimum=1))
    move: int | None = field(default=None, metadata=meta(
        "show the game after its move-th move (0: before the first); not with version",
        minimum=0))
    locale: Locale = field(default="en", metadata=meta("the language of the words"))
    token: str | None = field(default=None, metadata=READ_TOKEN)


@frozen(kw_only=True)
class CatalogParams:
    locale: Locale = field(default="en", metadata=meta("the language of the names and words"))



METHODS = Registry()


@METHODS.method("game.view", params=ViewParams, result=BoardView, result_name="view",
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The game made for drawing: grids, wheel, display, schedule, scores.")
def game_view(svc: GameService, session: Session, p: ViewParams) -> BoardView:
    """Per seat: the landscape as a grid (terrain, the card and its name, clergy on it, what
    could be built on each space), goods, clergy at home and the provisional score; the wheel
    with each indicator's value, the display by stage, the next district and plot prices, and
    the schedule (rounds left, settlement phases, the end condition in words). Words are in
    ``locale``; ids and codes are the notation's. ``version`` or ``move`` shows an earlier
    position (out of range: invalid params on data.path "version" or "move"). A game with a
    clock shows each seat's time left, the running seat's counting down (docs/api.md
    "Clocks")."""
    state = board_state(svc, p.game_id, p.version, p.move, p.token)
    board = view(state, svc.rules, locale=p.locale, game_id=p.game_id, move=p.move)
    if state.config.clock is None:
        return board
    live = p.version is None and p.move is None
    return attrs.evolve(board, clock=svc.timers.view(p.game_id, state, live))


def board_state(svc: GameService, game_id: UUID, version: int | None, move: int | None,
                token: str | None = None) -> State:
    """The state a view or a picture shows: at the head, a version or after a move."""
    if version is not None and move is not None:
        raise invalid_params("give version or move, not both", "move", reason="conflict")
    if move is not None:
        version = svc.version_after_move(game_id, move, token)
    return svc.state_at(game_id, version, token)


METHODS.http_routes.append({
    "method": "GET",
    "path": "/games/{game_id}.svg",
    "summary": "The game as an SVG picture, read like game.view (docs/svg.md).",
    "params": [
        {"name": "game_id", "in": "path", "required": True,
         "schema": {"type": "string", "format": "uuid"}},
        {"name": "move", "in": "query", "required": False, "schema": {"type": "integer",
         "minimum": 0}, "description": "the game after its move-th move; not with version"},
        {"name": "version", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 1}, "description": "the game at a version"},
        {"name": "seat", "in": "query", "required": False, "schema": {"type": "integer",
         "minimum": 0}, "description": "only this seat's landscape"},
        {"name": "locale", "in": "query", "required": False,
         "schema": {"type": "string", "enum": list(LOCALES)}},
        {"name": "token", "in": "query", "required": False, "schema": {"type": "string"},
         "description": "a seat's or a spectator's token: needed for a private game"},
    ],
    "responses": {"200": "image/svg+xml: the picture", "400": "text/plain: a bad parameter, "
                  "one line", "403": "text/plain: a private game without a token that may "
                  "read it", "404": "text/plain: no such game"},
})


@METHODS.method("rules.catalog", params=CatalogParams, result=Catalog, result_name="catalog",
                summary="Every building, settlement, good, landscape tile and mode, with names.")
def rules_catalog(svc: GameService, session: Session, p: CatalogParams) -> orjson.Fragment:
    """The cards with their cost, terrain, values, stage, symbol, wheel goods, card text and
    the tokens a use writes (``tokens``); goods with their values; the landscape tiles and
    price stacks; the modes with their schedule and end; the words of the actions, phases and
    terrain. Names and words in ``locale`` (docs/api.md)."""
    # The catalogue depends only on the rules: made once per locale.
    cached = svc.catalogs.get(p.locale)
    if cached is None:
        data = cattrs.Converter().unstructure(catalog(svc.rules, p.locale))
        cached = svc.catalogs[p.locale] = orjson.Fragment(orjson.dumps(data))
    return cached
