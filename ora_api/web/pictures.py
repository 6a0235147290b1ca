"""Pictures of games: ``ora render GAME > board.svg`` and ``GET /games/{id}.svg``.

Both read the game like ``game.view`` (at the head, a version or after a move, through the
service's own reads, so the same read rules apply) and draw it with
``ora_rules.views.svg``. The HTTP
route is one Starlette ``Route`` added by ``ora_api.transport.server``: ``svg_route(service)``.
``GET /games/{id}/analysis.svg`` (``analysis_route``) draws a game's analysis
(``ora_rules.analysis.plot``), read and computed like ``game.analyse``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from ora_api.jsonrpc.param_limits import whole_number
from ora_api.jsonrpc.rpc import RpcError, invalid_params
from ora_api.methods.analysis import LIMIT
from ora_api.methods.projections import board_state
from ora_api.service import GameService
from ora_rules.analysis.plot import analysis_svg
from ora_rules.views.i18n import LOCALES
from ora_rules.views.svg import board_svg
from ora_rules.views.view import view

SVG_TYPE = "image/svg+xml"


def game_svg(svc: GameService, game_id: UUID, *, version: int | None = None,
             move: int | None = None, seat: int | None = None, locale: str = "en",
             token: str | None = None) -> str:
    """The SVG of a game; ``seat``: only that seat's landscape (the table's parts are shown
    whatever the seat). Read like ``game.view``: a private game needs a seat's or a
    spectator's ``token``. Refusals are the API's errors (unknown game, bad token, invalid
    params)."""
    if locale not in LOCALES:
        raise invalid_params(f"locale must be one of {', '.join(LOCALES)}", "locale")
    board = view(board_state(svc, game_id, version, move, token), svc.rules, locale=locale,
                 game_id=game_id, move=move)
    if seat is not None and seat not in {s.seat for s in board.seats}:
        raise invalid_params(f"seat: the game has seats 0 .. {len(board.seats) - 1}", "seat",
                             reason="out_of_range")
    return board_svg(board, seats=None if seat is None else [seat])


def game_analysis_svg(svc: GameService, game_id: UUID, *, bot: str = "hard",
                      budget: str = "2000", seed: int = 0, limit: int | None = None,
                      token: str | None = None) -> str:
    """The graph of a game's analysis as ``game.analyse`` gives it (the cache, plus at most
    ``limit`` new decisions)."""
    from ora_api.methods.analysis import AnalyseParams, analysed
    from ora_core.evolve import fold

    params = AnalyseParams(game_id=game_id, token=token, bot=bot, budget=budget, seed=seed,
                           limit=LIMIT if limit is None else limit)
    analysis, events = analysed(svc, params)
    return analysis_svg(analysis, fold(events))


def _int(query: Any, name: str) -> int | None:
    text = query.get(name)
    if text is None:
        return None
    return whole_number(text, name)


def svg_route(svc: GameService) -> Any:
    """``GET /games/{game_id}.svg?move=&version=&seat=&locale=&token=``: 200 with the picture,
    404 for an unknown game, 403 without a token that may read a private game, 400 with a
    one-line reason for bad params."""
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response
    from starlette.routing import Route

    async def picture(request: Request) -> Response:
        try:
            game_id = UUID(request.path_params["game_id"])
        except ValueError:
            return PlainTextResponse("unknown game: not a game id\n", status_code=404)
        query = request.query_params
        try:
            text = await run_in_threadpool(
                game_svg, svc, game_id, version=_int(query, "version"),
                move=_int(query, "move"), seat=_int(query, "seat"),
                locale=query.get("locale", "en"), token=query.get("token"))
        except RpcError as e:
            status = {"unknown_game": 404, "bad_token": 403}.get(e.data.get("code", ""), 400)
            return PlainTextResponse(f"{e.data.get('code')}: {e.data.get('detail')}\n",
                                     status_code=status)
        return Response(text, media_type=SVG_TYPE)

    return Route("/games/{game_id}.svg", picture, methods=["GET"])


def analysis_route(svc: GameService) -> Any:
    """``GET /games/{game_id}/analysis.svg?bot=&budget=&seed=&limit=&token=``: the graph of
    the game's analysis, the statuses of :func:`svg_route`."""
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response
    from starlette.routing import Route

    async def picture(request: Request) -> Response:
        try:
            game_id = UUID(request.path_params["game_id"])
        except ValueError:
            return PlainTextResponse("unknown game: not a game id\n", status_code=404)
        query = request.query_params
        try:
            text = await run_in_threadpool(
                game_analysis_svg, svc, game_id, bot=query.get("bot", "hard"),
                budget=query.get("budget", "2000"), seed=_int(query, "seed") or 0,
                limit=_int(query, "limit"), token=query.get("token"))
        except RpcError as e:
            status = {"unknown_game": 404, "bad_token": 403}.get(e.data.get("code", ""), 400)
            return PlainTextResponse(f"{e.data.get('code')}: {e.data.get('detail')}\n",
                                     status_code=status)
        return Response(text, media_type=SVG_TYPE)

    return Route("/games/{game_id}/analysis.svg", picture, methods=["GET"])
