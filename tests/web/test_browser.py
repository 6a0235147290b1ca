"""The web client end to end in a real headless Chromium (docs/web.md, issue 23).

A whole 3-player short game (the person and two ``builder`` bots) played by clicking on the
board only (cards, spaces, wheel indicators, the action bar; never the move list), at a desktop
size (1440x900) and a phone size (390x844); on every screen no horizontal overflow and no
uncaught error; a card's text read from its tooltip; the page switched to Greek; axe-core run
on each screen (no serious or critical violation); the move list as the second way, clicked
through quickly; the pages of an unknown game and of a private game without its seat; a
replay stepped through. The game is fixed by its seed and the person's clicks by a fixed
preference, so every run shows the same positions.

Refresh the pictures of docs/web.md (docs/img/) after a change of the page's look with

    ORA_UPDATE_SCREENSHOTS=1 ./test.sh tests/web

and look at them before committing.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.api.conftest import all_events

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "img"
UPDATE = os.environ.get("ORA_UPDATE_SCREENSHOTS") == "1"
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
SEED = 3
BOT = "builder"
#: What the person clicks on the board, most wanted first: building and settling end the
#: game soonest; the action bar (end the turn, convert, buy) last.
PREFERENCE = (".space-button.playable", ".display .card-face.playable",
              ".hand .card-face.playable", ".landscape .kind-building.playable",
              ".landscape .kind-forest.playable", ".landscape .kind-moor.playable",
              ".indicator.playable", ".bar-verb.playable")


def picture(page: Any, name: str, *, full: bool = False) -> None:
    """A screenshot for docs/web.md (when refreshing), as a small palette PNG."""
    if not UPDATE:
        return
    DOCS.mkdir(exist_ok=True)
    if not page.locator("#cardtip:visible").count():
        page.mouse.move(0, 0)  # no stray hover effect, unless the picture shows the tooltip
    png = page.screenshot(full_page=full, animations="disabled")
    with Image.open(io.BytesIO(png)) as image:
        image.convert("RGB").quantize(colors=128).save(DOCS / f"{name}.png", optimize=True)


def no_overflow(page: Any, where: str) -> None:
    """The page never scrolls sideways: wide parts (landscapes) scroll in their own box."""
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{where}: the page is {widths[0]} px wide in {widths[1]}"


#: axe-core's rules run besides its defaults: WCAG 2.5.3 (a control's name contains the text
#: it shows) is "experimental" in axe 4.x and off unless asked for (issue 37).
AXE_OPTIONS = {"resultTypes": ["violations"],
               "rules": {"label-content-name-mismatch": {"enabled": True}}}


def axe_clean(page: Any, where: str) -> None:
    """axe-core (axe-playwright-python): no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(page, options=AXE_OPTIONS)
    bad = [(v["id"], v["impact"], [(node["html"][:200], node.get("failureSummary", "")[:300])
                                   for node in v["nodes"][:5]])
           for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: axe-core finds {bad}"


#: How long the page may take to show the person's turn again: the bots' turns in between, on a
#: machine the parallel suite loads (20 s, Playwright's default, ran out once in a CI run while
#: the same test took seconds alone).
TURN_TIMEOUT_MS = 60_000


def wait_for_turn(page: Any, after: int) -> str:
    """Waits until the page shows the person's turn (or the end) at a version after ``after``."""
    page.wait_for_function(
        """(after) => {
             const game = document.querySelector("[data-testid=game]");
             return game && Number(game.dataset.version) > after
               && (game.dataset.turn === "yours" || game.dataset.turn === "over");
           }""", arg=after, timeout=TURN_TIMEOUT_MS)
    turn: str = page.get_attribute("[data-testid=game]", "data-turn")
    return turn


def play_on_board(page: Any) -> str:
    """One move by clicking on the board: the first thing of PREFERENCE that opens a move, its
    first move that does not decline (else its first), then the preview's confirmation."""
    # The page shows the turn as soon as the state arrives; the board marks what may be played
    # once the legal moves' index has come too (under the parallel suite's load, later: the
    # board was looked at with nothing marked yet, in one CI run).
    page.wait_for_selector("[data-testid=board] .playable", timeout=TURN_TIMEOUT_MS)
    for selector in PREFERENCE:
        for thing in page.locator(f"[data-testid=board] {selector}").all():
            thing.click()
            page.wait_for_selector("[data-testid=popover][data-loaded=true]")
            options: list[str] = page.eval_on_selector_all(
                "[data-testid=popover] button.option", "els => els.map(e => e.dataset.move)")
            if not options:
                page.keyboard.press("Escape")
                continue
            move = next((m for m in options if not m.endswith(" -")), options[0])
            page.click(f'[data-testid=popover] button.option[data-move="{move}"]')
            assert page.inner_text("[data-testid=preview] .preview-text")
            page.click("[data-testid=confirm]")
            return move
    raise AssertionError("no move can be played on the board")


def create_game(page: Any, base_url: str, size: str) -> str:
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("[data-testid=games] h2")
    page.select_option("[data-testid=players]", "3")
    page.select_option("select[name=length]", "short")
    page.select_option("[data-testid=seat-0]", "")
    page.select_option("[data-testid=seat-1]", BOT)
    page.select_option("[data-testid=seat-2]", BOT)
    page.fill("input[name=seed]", str(SEED))
    no_overflow(page, "the lobby")
    if size in SIZES:
        picture(page, f"{size}-1-lobby")
    page.click("[data-testid=create]")
    wait_for_turn(page, 0)
    game_id: str = page.evaluate("location.hash.split('/')[2].split('?')[0]")
    return game_id


def new_page(browser: Any, size: str) -> tuple[Any, Any, list[str]]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1, locale="en-GB", timezone_id="UTC",
                                  has_touch=size == "phone")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    return context, page, errors


def play_whole_game(browser: Any, base_url: str, size: str) -> dict[str, Any]:
    """A whole game by clicks on the board; what was seen on the way."""
    context, page, errors = new_page(browser, size)
    game_id = create_game(page, base_url, size)
    seen: dict[str, Any] = {"game_id": game_id, "moves": []}
    no_overflow(page, "the game")
    picture(page, f"{size}-2-game")
    if size == "desktop":
        axe_clean(page, "the game")
    version = int(page.get_attribute("[data-testid=game]", "data-version"))
    turn = "yours"
    while turn == "yours":
        if len(seen["moves"]) == 20:
            no_overflow(page, "round 6")
            page.mouse.move(0, 0)
            picture(page, f"{size}-3-playing")
            first = page.locator("[data-testid=board] .landscape .kind-building.playable").first
            first.click()
            page.wait_for_selector("[data-testid=popover] button.option")
            picture(page, f"{size}-4-uses")
            page.click("[data-testid=popover] button.option")
            # game.preview: what the move changes, in game.diff's words
            page.wait_for_selector("[data-testid=preview] .preview-changes li")
            picture(page, f"{size}-5-preview")
            page.keyboard.press("Escape")
        seen["moves"].append(play_on_board(page))
        assert len(seen["moves"]) < 300, "the game does not end"
        turn = wait_for_turn(page, version)
        version = int(page.get_attribute("[data-testid=game]", "data-version"))
    seen["over_text"] = page.inner_text("[data-testid=turn]")
    seen["scores"] = page.inner_text("[data-testid=scores]")
    no_overflow(page, "the game's end")
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, f"{size}-6-game-over")
    context.close()
    seen["errors"] = errors
    return seen


@pytest.fixture(scope="module")
def played(browser: Any, web_server: Any) -> dict[str, Any]:
    return play_whole_game(browser, f"http://127.0.0.1:{web_server.port}", "desktop")


def check_game(seen: dict[str, Any], web_server: Any) -> None:
    assert not seen["errors"]
    assert seen["over_text"] == "Game over"
    assert "Final score" in seen["scores"]
    # the server stored exactly the moves clicked, and the bots' in between
    events = all_events(web_server, seen["game_id"])
    stored = [(e["data"]["seat"], e["data"]["move"]) for e in events
              if e["type"] == "move_played"]
    assert [m for seat, m in stored if seat == 0] == seen["moves"]
    assert {1, 2} <= {seat for seat, _ in stored}
    assert web_server.call("game.score", {"game_id": seen["game_id"]})["final"] is True


def test_a_whole_game_by_clicks_on_the_board_at_a_desktop_size(
        played: dict[str, Any], web_server: Any) -> None:
    check_game(played, web_server)


def test_a_whole_game_by_clicks_on_the_board_at_a_phone_size(
        browser: Any, web_server: Any) -> None:
    check_game(play_whole_game(browser, f"http://127.0.0.1:{web_server.port}", "phone"),
               web_server)


def test_a_card_shows_its_text_on_hover_and_the_page_speaks_greek(
        page: Any, played: dict[str, Any], web_server: Any) -> None:
    base = f"http://127.0.0.1:{web_server.port}"
    page.goto(f"{base}/#/replay/{played['game_id']}?at=20")
    page.wait_for_selector("[data-testid=replay][data-index='20']")
    catalog = web_server.call("rules.catalog", {})
    card = page.locator("[data-testid=board] .display .card-face").first
    card_id = card.get_attribute("data-card")
    entry = next(b for b in catalog["buildings"] if b["id"] == card_id)
    card.hover()
    tip = page.locator("#cardtip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert entry["name"] in text and entry["text"] in text
    assert f"Dwelling value\n{entry['dwelling']}" in text
    picture(page, "desktop-7-card-text")
    axe_clean(page, "the replay")
    # Greek: the server's words (terrain, the wheel's goods) and the page's own labels
    page.select_option("[data-testid=locale]", "el")
    page.wait_for_selector("html[lang=el] [data-testid=replay][data-index='20']")
    board = page.inner_text("[data-testid=board]")
    assert "Τροχός παραγωγής" in board and "Δάσος" in board
    assert page.get_attribute("html", "lang") == "el"
    picture(page, "desktop-8-greek")
    page.select_option("[data-testid=locale]", "en")


def test_a_card_is_read_by_a_tap_on_a_phone(browser: Any, played: dict[str, Any],
                                              web_server: Any) -> None:
    context, page, errors = new_page(browser, "phone")
    page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{played['game_id']}?at=20")
    page.wait_for_selector("[data-testid=replay][data-index='20']")
    no_overflow(page, "the replay")
    page.locator("[data-testid=board] .landscape .kind-building").first.tap()
    popover = page.locator("[data-testid=popover]")
    popover.wait_for(state="visible")
    assert "Dwelling value" in popover.inner_text()
    no_overflow(page, "a card's text")
    picture(page, "phone-7-card-text")
    context.close()
    assert not errors


def test_unknown_and_private_games_say_why_and_lead_back(page: Any, web_server: Any) -> None:
    base = f"http://127.0.0.1:{web_server.port}"
    page.goto(f"{base}/#/game/00000000-0000-0000-0000-000000000000")
    problem = page.locator("[data-testid=problem]")
    assert "There is no game at this address" in problem.inner_text()
    picture(page, "desktop-9-unknown-game")
    private = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long"},
        "seats": [{"name": "Ann"}, {"bot": BOT}], "visibility": "private"})
    page.goto(f"{base}/#/replay/{private['game_id']}")
    assert "This game is private" in problem.inner_text()
    axe_clean(page, "a private game")
    page.click("[data-testid=problem] a")
    page.wait_for_selector("[data-testid=create-form]")
    # the seed is checked before it is sent, in words
    page.fill("input[name=seed]", "99999999999999999999")
    page.click("[data-testid=create]")
    assert "whole number" in page.inner_text("[data-testid=create-form] .message")


def test_the_move_list_stays_a_second_way_and_survives_quick_clicks(
        page: Any, web_server: Any) -> None:
    """Clicking through the verb tabs while the bots move on never breaks the page (the
    chooser reads one index of the turn at one version)."""
    base = f"http://127.0.0.1:{web_server.port}"
    create_game(page, base, "list")
    for _ in range(6):
        version = int(page.get_attribute("[data-testid=game]", "data-version"))
        for verb in page.eval_on_selector_all("button.verb", "els => els.map(e => e.dataset.verb)"):
            page.click(f'button.verb[data-verb="{verb}"]', no_wait_after=True)
        page.wait_for_selector("[data-testid=moves][data-path] button.option")
        assert "null" not in page.inner_text("[data-testid=moves]").split()
        page.locator("[data-testid=moves] button.option").first.click()
        if wait_for_turn(page, version) == "over":
            break


def test_the_move_list_while_it_loads_keeps_its_contrast(page: Any, web_server: Any) -> None:
    """The move list's request held on the WebSocket: the list shows that it loads, busy, and
    axe-core finds no violation meanwhile (a faded "Loading..." failed WCAG's contrast in CI)."""
    held: list[str] = []
    holding = False

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: Any) -> None:
            if holding and isinstance(message, str) and '"path"' in message:
                held.append(message)  # the moves of one verb and target: never answered
            else:
                server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket("**/ws", route)
    create_game(page, f"http://127.0.0.1:{web_server.port}", "loading")
    # The turn shows before the legal moves' index is read (requests with a path too): hold
    # nothing until the chooser has its verbs and its first list, or the index never comes.
    page.wait_for_selector("[data-testid=moves]:not([data-loading]) button.verb")
    holding = True
    verbs = page.eval_on_selector_all("button.verb", "els => els.map(e => e.dataset.verb)")
    for verb in verbs[1:] + verbs[:1]:  # a verb whose moves come in a request of their own
        page.click(f'button.verb[data-verb="{verb}"]')
        busy = page.locator("[data-testid=moves][data-loading] .options[aria-busy=true]")
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:  # the chooser redraws asynchronously after the click: wait a little for it
            busy.wait_for(timeout=1500)
            break
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError("no verb's moves are asked for apart")
    assert held and "Loading" in page.inner_text("[data-testid=moves] .options")
    axe_clean(page, "the move list loading")


def test_replay_steps_through_the_game(page: Any, played: dict[str, Any],
                                       web_server: Any) -> None:
    game_id = played["game_id"]
    log = web_server.call("game.log", {"game_id": game_id})["moves"]
    page.goto(f"http://127.0.0.1:{web_server.port}/#/replay/{game_id}?at=0")
    page.wait_for_selector("[data-testid=replay][data-index='0']")
    assert "The start" in page.inner_text("[data-testid=at]")
    for i in (1, 2, 3):  # the next button, one move at a time
        page.click("[data-testid=next]")
        page.wait_for_selector(f"[data-testid=replay][data-index='{i}']")
        assert page.inner_text("[data-testid=at]") == (
            f"Move {i} of {len(log)}: {log[i - 1]['text']}")
        assert page.inner_text(".replay-log li.current").startswith(str(i))
    page.click("[data-testid=prev]")
    page.wait_for_selector("[data-testid=replay][data-index='2']")
    page.eval_on_selector("[data-testid=slider]",
                          "(s) => { s.value = 30; s.dispatchEvent(new Event('input')); }")
    page.wait_for_selector("[data-testid=replay][data-index='30']")
    # the position after move 30 is the version just before move 31 began
    assert page.get_attribute("[data-testid=replay]", "data-version") == str(
        log[30]["version"] - 1)
    picture(page, "desktop-10-replay")
    page.click(".replay-log li[data-index='10']")
    page.wait_for_selector("[data-testid=replay][data-index='10']")
    page.click("[data-testid=last]")
    page.wait_for_selector(f"[data-testid=replay][data-index='{len(log)}']")
    assert "Final score" in page.inner_text("[data-testid=scores]")


def test_a_move_by_keyboard_with_a_visible_focus(page: Any, web_server: Any) -> None:
    """Keyboard play: Tab reaches the board's things, Enter opens one, Enter chooses its first
    move and Enter confirms it; the focused thing has a visible outline."""
    create_game(page, f"http://127.0.0.1:{web_server.port}", "keyboard")
    version = int(page.get_attribute("[data-testid=game]", "data-version"))
    for _ in range(200):  # Tab through the page to the first thing with moves on the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-testid=board] .playable')"):
            break
    else:
        raise AssertionError("Tab never reaches a playable thing on the board")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=popover][data-loaded=true] button.option:focus")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=confirm]:focus")
    page.keyboard.press("Enter")
    assert wait_for_turn(page, version) in ("yours", "over")
    events = all_events(web_server, page.evaluate("location.hash.split('/')[2].split('?')[0]"))
    assert any(e["type"] == "move_played" and e["data"].get("seat", 0) == 0 for e in events)


def test_a_clocked_game_shows_each_seats_time_left(page: Any, web_server: Any) -> None:
    """Clocks (issue 24, clock.js): the seat list shows each seat's time left, the running
    seat's marked and counting down from what game.view said."""
    base = f"http://127.0.0.1:{web_server.port}"
    game = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long",
                   "clock": {"initial": 600, "increment": 5}},
        "seats": [{"name": "Ann"}, {"name": "Bo"}], "visibility": "public"})
    page.goto(f"{base}/#/game/{game['game_id']}")
    clocks = page.locator("[data-testid=clocks]")
    clocks.wait_for()
    running = page.locator("[data-testid=clocks] li.running")
    assert running.count() == 1
    assert page.locator("[data-testid=clock-1]").inner_text().endswith("10:00")
    assert running.inner_text().split()[-1] in ("10:00", "9:59", "9:58", "9:57")
    picture(page, "desktop-clocks")
