"""The web client end to end in a real headless Chromium (docs/web.md).

A whole 2-player game through the page against a bot seat, a replay stepped through, and the
board at fixed positions compared with the committed screenshots in tests/web/screenshots/.
The game is fixed by its seed: the bot draws from the seed and the version (docs/api.md), and
the person's clicks are chosen by a fixed preference, so every run shows the same positions.

Refresh the reference screenshots (and the pictures of docs/web.md) after a deliberate change
of the page's look:

    ORA_UPDATE_SCREENSHOTS=1 ./test.sh tests/web
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from tests.api.conftest import all_events

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = Path(__file__).parent / "screenshots"
DOCS = ROOT / "docs" / "web"
UPDATE = os.environ.get("ORA_UPDATE_SCREENSHOTS") == "1"

SEED = 3
BOT = "builder"
#: The person's verbs, most wanted first: building and settling end the game soonest.
PREFERENCE = ("BUILD", "SETTLE", "PRIOR", "USE", "WORK_CONTRACT", "WITH_PRIOR",
              "WITH_LAYBROTHER", "FELL_TREES", "CUT_PEAT", "BUY_PLOT", "BUY_DISTRICT",
              "COMMIT", "CONVERT")
#: A pixel differs when a channel differs by more than this; a screenshot may differ in at
#: most this fraction of its pixels (font antialiasing).
CHANNEL_TOLERANCE = 48
PIXEL_TOLERANCE = 0.005


def same_picture(name: str, png: bytes) -> None:
    """Compare ``png`` with the reference ``name`` (or write it when refreshing)."""
    reference = REFERENCES / f"{name}.png"
    if UPDATE:
        REFERENCES.mkdir(exist_ok=True)
        reference.write_bytes(png)
        return
    assert reference.exists(), f"no reference {reference}: ORA_UPDATE_SCREENSHOTS=1 makes it"
    actual_path = REFERENCES / f"{name}.actual.png"
    actual_path.write_bytes(png)
    with Image.open(reference) as expected_image, Image.open(actual_path) as actual_image:
        expected, actual = expected_image.convert("RGB"), actual_image.convert("RGB")
        assert actual.size == expected.size, (
            f"{name}: {actual.size} != {expected.size} (see {actual_path})")
        diff = ImageChops.difference(actual, expected).convert("L")
        differing = sum(diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
                        .histogram()[255:])
    share = differing / (actual.size[0] * actual.size[1])
    assert share <= PIXEL_TOLERANCE, (
        f"{name}: {share:.2%} of the pixels differ from {reference} (see {actual_path})")
    actual_path.unlink()


def docs_picture(page: Any, name: str) -> None:
    if UPDATE:
        DOCS.mkdir(exist_ok=True)
        page.mouse.move(0, 0)
        page.screenshot(path=str(DOCS / f"{name}.png"))


def board(page: Any) -> bytes:
    page.mouse.move(0, 0)  # no hover effect in the picture
    png: bytes = page.locator("[data-testid=board]").screenshot(animations="disabled")
    return png


def wait_for_turn(page: Any, after: int) -> str:
    """Waits until the page shows the person's turn (or the end) at a version after ``after``."""
    page.wait_for_function(
        """(after) => {
             const game = document.querySelector("[data-testid=game]");
             return game && Number(game.dataset.version) > after
               && (game.dataset.turn === "yours" || game.dataset.turn === "over");
           }""", arg=after)
    turn: str = page.get_attribute("[data-testid=game]", "data-turn")
    return turn


def choose_and_play(page: Any) -> str:
    """Plays one move through the chooser (game.moves' tree): a verb by PREFERENCE, the
    building it opens first, then its first move that does not decline (else its first);
    returns the move."""
    verbs: list[str] = page.eval_on_selector_all(
        "button.verb", "els => els.map(e => e.dataset.verb)")
    assert verbs, "no move offered on the person's turn"
    verb = next((v for v in PREFERENCE if v in verbs), verbs[0])
    if page.get_attribute("[data-testid=moves]", "data-path").split("/")[0] != verb:
        page.click(f'button.verb[data-verb="{verb}"]')
        page.wait_for_selector(f'[data-testid=moves][data-path^="{verb}/"]')
    options: list[str] = page.eval_on_selector_all(
        "button.option", "els => els.map(e => e.dataset.move)")
    # Only what the server said is shown: no stray "null" where a verb has no buildings.
    assert "null" not in page.inner_text("[data-testid=moves]").split()
    move = next((m for m in options if not m.endswith(" -")), options[0])
    page.click(f'button.option[data-move="{move}"]')
    return move


def create_game(page: Any, base_url: str) -> str:
    page.goto(f"{base_url}/#/")
    page.select_option("[data-testid=players]", "2")
    page.select_option("[data-testid=seat-0]", "")
    page.select_option("[data-testid=seat-1]", BOT)
    page.fill("input[name=seed]", str(SEED))
    docs_picture(page, "1-lobby")
    page.click("[data-testid=create]")
    wait_for_turn(page, 0)
    game_id: str = page.evaluate("location.hash.split('/')[2].split('?')[0]")
    return game_id


@pytest.fixture(scope="module")
def played(browser: Any, web_server: Any) -> dict[str, Any]:
    """One whole game through the page: its id and what was seen on the way."""
    base_url = f"http://127.0.0.1:{web_server.port}"
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  device_scale_factor=1, locale="en-GB", timezone_id="UTC")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    game_id = create_game(page, base_url)
    seen: dict[str, Any] = {"game_id": game_id, "base_url": base_url, "moves": []}
    seen["start"] = board(page)
    docs_picture(page, "2-game")
    version = int(page.get_attribute("[data-testid=game]", "data-version"))
    turn = "yours"
    while turn == "yours":
        if len(seen["moves"]) == 39:
            docs_picture(page, "3-playing")
        move = choose_and_play(page)
        seen["moves"].append(move)
        assert len(seen["moves"]) < 2000, "the game does not end"
        turn = wait_for_turn(page, version)
        version = int(page.get_attribute("[data-testid=game]", "data-version"))
    seen["over_text"] = page.inner_text("[data-testid=turn]")
    seen["scores"] = page.inner_text("[data-testid=scores]")
    seen["log_entries"] = page.locator("[data-testid=log] > li").count()
    docs_picture(page, "4-game-over")
    context.close()
    seen["errors"] = errors
    return seen


def test_a_whole_two_player_game_against_a_bot_through_the_page(
        played: dict[str, Any], web_server: Any) -> None:
    assert not played["errors"]
    assert played["over_text"] == "Game over"
    assert "Final score" in played["scores"]
    # the server stored exactly the moves clicked, and the bot's in between
    events = all_events(web_server, played["game_id"])
    stored = [(e["data"]["seat"], e["data"]["move"]) for e in events
              if e["type"] == "move_played"]
    assert [m for seat, m in stored if seat == 0] == played["moves"]
    assert any(seat == 1 for seat, _ in stored)
    assert web_server.call("game.score", {"game_id": played["game_id"]})["final"] is True
    assert played["log_entries"] > 0
    same_picture("game-start", played["start"])


def test_replay_steps_through_the_game(page: Any, played: dict[str, Any],
                                       web_server: Any) -> None:
    game_id = played["game_id"]
    log = web_server.call("game.log", {"game_id": game_id})["moves"]
    page.goto(f"{played['base_url']}/#/replay/{game_id}?at=0")
    page.wait_for_selector("[data-testid=replay][data-index='0']")
    assert "The start" in page.inner_text("[data-testid=at]")
    same_picture("replay-start", board(page))
    for i in (1, 2, 3):  # the next button, one move at a time
        page.click("[data-testid=next]")
        page.wait_for_selector(f"[data-testid=replay][data-index='{i}']")
        assert page.inner_text("[data-testid=at]") == (
            f"Move {i} of {len(log)}: {log[i - 1]['text']}")
        assert page.inner_text(".replay-log li.current").startswith(str(i))
    page.click("[data-testid=prev]")
    page.wait_for_selector("[data-testid=replay][data-index='2']")
    # the slider jumps, and the log entry clicked jumps too
    page.eval_on_selector("[data-testid=slider]",
                          "(s) => { s.value = 30; s.dispatchEvent(new Event('input')); }")
    page.wait_for_selector("[data-testid=replay][data-index='30']")
    assert len(log) > 30
    # the position after move 30 is the version just before move 31 began
    assert page.get_attribute("[data-testid=replay]", "data-version") == str(
        log[30]["version"] - 1)
    same_picture("replay-move-30", board(page))
    docs_picture(page, "5-replay")
    page.click(".replay-log li[data-index='10']")
    page.wait_for_selector("[data-testid=replay][data-index='10']")
    page.click("[data-testid=last]")
    page.wait_for_selector(f"[data-testid=replay][data-index='{len(log)}']")
    assert "Final score" in page.inner_text("[data-testid=scores]")
    same_picture("replay-end", board(page))
