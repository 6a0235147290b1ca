"""The replay's analysis in a real headless Chromium (docs/web.md section 4, docs/analysis.md):
the page asks ``game.analyse`` a few decisions at a time, draws the estimates under the board,
a click on a point shows the position where that move was played with the bot's preferred
move written under the graph and outlined on the board, and a marked move of the list does
the same; at a desktop and a phone size, with no horizontal overflow and axe-core clean."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.api.conftest import new_game, play
from tests.web.test_browser import axe_clean, new_page, no_overflow, picture

MOVES = 14


@pytest.fixture(scope="module")
def analysed_game(web_server: Any) -> str:
    game_id, tokens = new_game(web_server, players=3, seed=5)
    assert play(web_server, game_id, tokens, random.Random(4), max_moves=MOVES) == MOVES
    return game_id


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_replay_draws_the_analysis_and_jumps_to_a_point(
        browser: Any, web_server: Any, analysed_game: str, size: str) -> None:
    context, page, errors = new_page(browser, size)
    page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{analysed_game}?at=0")
    page.wait_for_selector("[data-testid=replay][data-index='0']")
    page.select_option("[data-testid=analysis-bot]", "medium")
    page.fill("[data-testid=analysis-budget]", "10")
    page.click("[data-testid=analyse]")
    page.wait_for_selector(".analysis[data-complete=true]", timeout=120_000)
    points = page.locator("[data-testid=analysis-graph] circle.point")
    assert points.count() == MOVES
    expected = web_server.call("game.analyse", {"game_id": analysed_game, "bot": "medium",
                                                "budget": "10"})
    assert expected["cached"] == MOVES  # the page's calls filled the cache
    disagree = [d for d in expected["decisions"] if d["best"] and d["best"] != d["played"]]
    assert page.inner_text("[data-testid=analysis-status]") == (
        f"The bot prefers another move at {len(disagree)} of {MOVES} moves.")
    assert disagree, "the random moves of the game should differ from the bot's somewhere"
    target = disagree[-1]
    page.locator(f"[data-testid=analysis-graph] circle.point[data-move='{target['number']}']"
                 ).dispatch_event("click")
    page.wait_for_selector(f"[data-testid=replay][data-index='{target['number'] - 1}']")
    here = page.inner_text("[data-testid=analysis-here]")
    assert here.startswith(f"Move {target['number']} played {target['played']}; the bot "
                           f"prefers {target['best']}")
    assert page.locator(f"circle.point.current[data-move='{target['number']}']").count() == 1
    named = [w for w in target["best"].split()[1:] if page.locator(
        f"[data-testid=board] [data-card='{w}']").count()]
    if named:  # a card the bot's move names is outlined on the board
        assert page.locator(f"[data-testid=board] .suggested[data-card='{named[0]}']").count()
    marked = expected["marked"]
    assert page.locator("[data-testid=analysis-marks] button").count() == len(marked)
    if marked:
        page.click(f"[data-testid=analysis-marks] button[data-move='{marked[0]}']")
        page.wait_for_selector(f"[data-testid=replay][data-index='{marked[0] - 1}']")
    # Opened again, the page draws what the server's cache holds for the last bot and budget.
    page.reload()
    page.wait_for_selector("[data-testid=replay]")
    # A function, not an expression: Playwright polls an expression with eval, which the
    # page's Content-Security-Policy refuses once the first check is false.
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=analysis-graph] "
                           "circle.point').length === n", arg=MOVES)
    assert page.input_value("[data-testid=analysis-budget]") == "10"
    no_overflow(page, f"the analysis at {size}")
    axe_clean(page, f"the analysis at {size}")
    page.locator("[data-testid=analysis-graph]").scroll_into_view_if_needed()
    picture(page, f"{size}-13-analysis")
    context.close()
    assert not errors
