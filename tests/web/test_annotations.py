"""The web client shows the players' annotations (issue 35; docs/web.md): a game played through
the API, annotated with game.annotate (the game itself, a move, an earlier move afterwards),
then forked; the replay's log shows each annotation under its move, in its own words, the
fork replays from its source's position, and the replay's "Play from here" forks the position
it shows into a game this browser sits in. Refresh docs/img/desktop-14-annotations.png with
``ORA_UPDATE_SCREENSHOTS=1``."""

from __future__ import annotations

import random
from typing import Any

from tests.api.conftest import new_game, play
from tests.web.test_browser import axe_clean, new_page, no_overflow, picture

MOVES = 12


def test_the_replay_shows_annotations_under_their_moves(browser: Any, web_server: Any) -> None:
    game_id, tokens = new_game(web_server, players=3, seed=11, length="short")
    assert play(web_server, game_id, tokens, random.Random(5), max_moves=MOVES) == MOVES
    for move, text in ((0, "A quiet opening"), (3, "Wood first: <b>bold</b> & brave"),
                       (None, "Twelve moves in")):
        web_server.call("game.annotate", {"game_id": game_id, "token": tokens[0],
                                          "move": move, "text": text})
    context, page, errors = new_page(browser, "desktop")
    try:
        page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{game_id}?at=3")
        page.wait_for_selector("[data-testid=replay][data-index='3']")
        notes = page.eval_on_selector_all(
            ".replay-log [data-testid=notes]",
            "els => els.map(ul => [ul.closest('li.start') ? 0 :"
            " Number(ul.closest('li').dataset.index), ul.textContent])")
        assert notes == [[0, "A quiet opening"], [3, "Wood first: <b>bold</b> & brave"],
                         [MOVES, "Twelve moves in"]]  # text, never markup
        assert page.locator(".replay-log b").count() == 0
        assert page.locator(".replay-log > li[data-index]").count() == MOVES
        no_overflow(page, "the annotated replay")
        axe_clean(page, "the annotated replay")
        picture(page, "desktop-14-annotations")
        # the live game: a note on a move its log already shows arrives with the event
        page.goto(f"http://127.0.0.1:{web_server.port}/#/game/{game_id}")
        page.wait_for_selector(f"[data-testid=log] li[data-number='{MOVES}']")
        web_server.call("game.annotate", {"game_id": game_id, "token": tokens[1],
                                          "move": MOVES - 1, "text": "seen live"})
        page.wait_for_selector(
            f"[data-testid=log] li[data-number='{MOVES - 1}'] .note:text('seen live')")
        live = page.eval_on_selector_all("[data-testid=log] .note", "els => els.map(e => "
                                         "[Number(e.closest('li[data-number]').dataset.number),"
                                         " e.textContent])")
        assert sorted(live) == [[3, "Wood first: <b>bold</b> & brave"], [MOVES - 1, "seen live"],
                                [MOVES, "Twelve moves in"]]
        fork = web_server.call("game.fork", {"game_id": game_id, "move": 6,
                                             "seats": [{"bot": "random"}] * 3,
                                             "visibility": "public"})
        page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{fork['game_id']}?at=6")
        page.wait_for_selector("[data-testid=replay][data-index='6']")
        assert page.locator(".replay-log > li[data-index]").count() >= 6
        # "Play from here": the replay's position becomes a new game this browser sits in
        page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{game_id}?at=5")
        page.wait_for_selector("[data-testid=replay][data-index='5']")
        page.click("[data-testid=fork]")
        page.wait_for_url(lambda url: "#/game/" in url)
        new_id = page.url.split("#/game/")[1].split("?")[0]
        token = page.evaluate(f"Object.values(JSON.parse(localStorage.getItem("
                              f"'ora.tokens.{new_id}')))[0]")
        state = web_server.call("game.state", {"game_id": new_id, "token": token})
        assert state["config"]["fork"]["game"] == game_id
        assert state["config"]["fork"]["move"] == 5
        assert not errors, errors
    finally:
        context.close()
