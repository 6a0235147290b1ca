"""Every card and control's accessible name contains the text it shows (WCAG 2.5.3, axe-core's
``label-content-name-mismatch``, issue 37): axe-core finds no serious or critical violation on
the lobby, a game (the seat to move: its playable cards and spaces) and a replay, at a desktop
and a phone size, in English, Greek and Russian."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.api.conftest import new_game, play
from tests.web.test_browser import SIZES, axe_clean, new_page

#: Moves played before the pages are looked at: buildings built, a long log.
AT = 30


@pytest.fixture(scope="module")
def game(web_server: Any) -> dict[str, Any]:
    game_id, tokens = new_game(web_server, players=3, seed=11, length="short")
    assert play(web_server, game_id, tokens, random.Random(5), max_moves=AT) == AT
    seat = web_server.call("game.state", {"game_id": game_id})["flow"]["turn"]["seat"]
    return {"game_id": game_id, "seat": seat, "token": tokens[seat]}


@pytest.mark.parametrize("locale", ["en", "el", "ru"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_name_contains_what_it_shows(browser: Any, web_server: Any,
                                           game: dict[str, Any], size: str,
                                           locale: str) -> None:
    context, page, errors = new_page(browser, size)
    context.add_init_script(f"localStorage.setItem('ora.locale', '{locale}')")
    base = f"http://127.0.0.1:{web_server.port}"
    page.goto(f"{base}/#/")
    page.wait_for_selector(f"html[lang={locale}] [data-testid=games] h2")
    axe_clean(page, f"the lobby ({size}, {locale})")
    page.goto(f"{base}/#/game/{game['game_id']}?seat={game['seat']}&token={game['token']}")
    page.wait_for_selector("[data-testid=game][data-turn=yours] "
                           "[data-testid=board] .card-face.playable")
    axe_clean(page, f"the game ({size}, {locale})")
    page.goto(f"{base}/#/replay/{game['game_id']}?at={AT}")
    page.wait_for_selector(f"[data-testid=replay][data-index='{AT}'] .display .card-face")
    axe_clean(page, f"the replay ({size}, {locale})")
    context.close()
    assert not errors
