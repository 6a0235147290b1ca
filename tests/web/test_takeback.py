"""Take-backs and turn notices in two real browsers on one live server (issue 24; docs/web.md
"Take-backs", ora_api/web/static/takeback.js and notify.js; rules UNDO-1 .. UNDO-4 of
ora_rules/undo.py).

Two browser contexts hold the two seats of one game: the first plays a move on the board and
asks to take it back, the second is prompted and accepts, and the first sees its position
back; both see the outcome. The tab title says whose move it is, and a page that is hidden
raises a browser notification when the turn comes to it. axe-core finds nothing serious in the
prompt. Refresh the pictures with ORA_UPDATE_SCREENSHOTS=1 (tests/web/test_browser.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import axe_clean, new_page, no_overflow, picture, play_on_board

#: A page that is hidden, with notifications allowed: what it raises is kept in a list.
HIDDEN_WITH_NOTIFICATIONS = """
Object.defineProperty(document, "hidden", { get: () => true });
window.raised = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.raised.push({ title, body: options.body }); }
  close() {}
};
"""


def _two_seats(web_server: Any, seed: int) -> tuple[str, list[str]]:
    created = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": seed},
        "seats": [{"name": "Ann"}, {"name": "Bo"}], "visibility": "public"})
    return created["game_id"], [s["token"] for s in created["seats"]]


def _open(browser: Any, base_url: str, size: str, game_id: str, seat: int, token: str,
          script: str = "") -> tuple[Any, Any, list[str]]:
    context, page, errors = new_page(browser, size)
    if script:
        page.add_init_script(script)
    page.goto(f"{base_url}/#/game/{game_id}?seat={seat}&token={token}")
    page.wait_for_selector("[data-testid=board]")
    return context, page, errors


def _at(page: Any, version: int) -> None:
    page.wait_for_function("(v) => Number(document.querySelector('[data-testid=game]')"
                           "?.dataset.version) >= v", arg=version)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_undo_accepted_in_one_browser_is_seen_in_the_other(
        browser: Any, web_server: Any, base_url: str, size: str) -> None:
    game_id, tokens = _two_seats(web_server, seed=11)
    decider = web_server.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - decider
    ctx_a, a, errors_a = _open(browser, base_url, size, game_id, decider, tokens[decider])
    ctx_b, b, errors_b = _open(browser, base_url, size, game_id, other, tokens[other])
    a.wait_for_selector("[data-testid=game][data-turn=yours]")
    b.wait_for_selector("[data-testid=game][data-turn=waiting]")
    # the tab's title says whose move it is
    assert a.title().startswith("▶ Your move · ora: game ")
    assert b.title() == f"ora: game {game_id[:8]}"
    before = a.inner_text("[data-testid=board]")
    version = int(a.get_attribute("[data-testid=game]", "data-version"))
    play_on_board(a)
    _at(a, version + 1)
    played = web_server.call("game.log", {"game_id": game_id})["moves"]
    assert [m["seat"] for m in played] == [decider]
    _at(b, int(a.get_attribute("[data-testid=game]", "data-version")))

    # A takes its move back: the list offers the set-up, "Take back" asks for it
    a.wait_for_selector("[data-testid=take-back]")
    assert a.input_value("[data-testid=undo-to]") == "0"
    if size == "desktop":
        axe_clean(a, "the take-back button")
        a.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        a.mouse.move(0, 0)
        a.wait_for_selector("#cardtip", state="hidden")
        picture(a, "desktop-12-take-back")
    a.click("[data-testid=take-back]")
    a.wait_for_selector("[data-testid=undo-waiting]")
    assert "Waiting for" in a.inner_text("[data-testid=undo-waiting]")
    b.wait_for_selector("[data-testid=undo-prompt]")
    assert b.inner_text("[data-testid=undo-prompt] p") == \
        "Red (Ann) asks to take the game back to the start. Moves taken back: 1."
    no_overflow(b, "the take-back prompt")
    b.locator("[data-testid=undo-prompt]").scroll_into_view_if_needed()
    picture(b, f"{size}-{11 if size == 'desktop' else 8}-take-back-prompt")
    if size == "desktop":
        axe_clean(b, "the take-back prompt")
    b.click("[data-testid=undo-accept]")

    # both see the outcome, and A its position back: its move to play again
    for page in (a, b):
        page.wait_for_selector("[data-testid=undo-outcome][data-kind=restored]")
        assert page.inner_text("[data-testid=undo-outcome]") == \
            "The moves after move 0 were taken back."
    a.wait_for_selector("[data-testid=game][data-turn=yours]")
    a.wait_for_function("(text) => document.querySelector('[data-testid=board]')"
                        ".innerText === text", arg=before)
    assert a.title().startswith("▶ Your move")
    for page in (a, b):  # the log keeps the move, marked as taken back
        page.wait_for_selector("[data-testid=log] li.taken-back")
        assert page.inner_text("[data-testid=log] li.taken-back").endswith("(taken back)")
    if size == "desktop":
        a.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        a.mouse.move(0, 0)
        a.wait_for_selector("#cardtip", state="hidden")
        picture(a, "desktop-13-taken-back")
    events = web_server.call("game.events", {"game_id": game_id})["events"]
    assert [e["type"] for e in events][-3:] == ["undo_requested", "undo_answered",
                                                "position_restored"]
    assert a.locator("[data-testid=undo-prompt]").count() == 0
    for context in (ctx_a, ctx_b):
        context.close()
    assert not errors_a and not errors_b, (errors_a, errors_b)


def test_a_hidden_page_is_notified_and_a_take_back_refused_or_lapsed_is_seen_by_both(
        browser: Any, web_server: Any, base_url: str) -> None:
    game_id, tokens = _two_seats(web_server, seed=12)
    decider = web_server.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - decider
    ctx_a, a, errors_a = _open(browser, base_url, "desktop", game_id, decider, tokens[decider],
                               'localStorage.setItem("ora.locale", "el");')  # A reads Greek
    ctx_b, b, errors_b = _open(browser, base_url, "desktop", game_id, other, tokens[other],
                               HIDDEN_WITH_NOTIFICATIONS)
    b.wait_for_selector("[data-testid=game][data-turn=waiting]")
    assert b.evaluate("window.raised") == []
    assert b.locator("[data-testid=notify-me]").count() == 0  # already allowed
    a.wait_for_selector("[data-testid=game][data-turn=yours]")
    while web_server.call("game.legal_moves", {"game_id": game_id})["seat"] == decider:
        a.wait_for_selector("[data-testid=game][data-turn=yours]")
        version = int(a.get_attribute("[data-testid=game]", "data-version"))
        play_on_board(a)
        _at(a, version + 1)
    b.wait_for_selector("[data-testid=game][data-turn=yours]")
    raised = b.evaluate("window.raised")
    assert raised == [{"title": "ora: Your move",
                       "body": f"It is your move in game {game_id[:8]}."}]
    assert b.title().startswith("▶ Your move")
    assert not a.title().startswith("▶")
    assert a.evaluate("document.documentElement.lang") == "el"

    # B asks for A's moves back; A refuses; both read the refusal
    b.wait_for_selector("[data-testid=take-back]")
    log = web_server.call("game.log", {"game_id": game_id})["moves"]
    assert len(log) >= 2
    # the list names each move by its sentence in the log, the newest first; B picks move 1
    options = b.eval_on_selector_all("[data-testid=undo-to] option",
                                     "els => els.map(e => [e.value, e.textContent])")
    assert options[0][0] == str(len(log) - 1) and options[-1] == ["0", "Back to the start"]
    first = dict(options)["1"]
    assert first.startswith("Back to after move 1: ") and log[0]["text"][:60] in first
    b.select_option("[data-testid=undo-to]", "1")
    b.click("[data-testid=take-back]")
    a.wait_for_selector("[data-testid=undo-prompt]")
    asked = web_server.call("game.events", {"game_id": game_id})["events"][-1]
    assert asked["type"] == "undo_requested" and asked["data"]["to_move"] == 1
    assert a.inner_text("[data-testid=undo-accept]") == "Αποδοχή"
    a.click("[data-testid=undo-refuse]")
    for page in (a, b):
        page.wait_for_selector("[data-testid=undo-outcome][data-kind=refused]")
    assert b.inner_text("[data-testid=undo-outcome]").endswith("(Ann) refused the take-back.")
    assert a.inner_text("[data-testid=undo-outcome]").endswith("άρνηση της αναίρεσης.")
    assert web_server.call("game.events", {"game_id": game_id})["events"][-1]["type"] == \
        "undo_answered"

    # B asks again, then plays instead: the request lapses (UNDO-3), both read so
    b.wait_for_selector("[data-testid=take-back]")
    b.click("[data-testid=take-back]")
    a.wait_for_selector("[data-testid=undo-prompt]")
    b.wait_for_selector("[data-testid=undo-waiting]")
    _at(b, web_server.call("game.events", {"game_id": game_id, "from_version": 1,
                                           "limit": 1})["version"])
    b.wait_for_selector("[data-testid=game][data-turn=yours]")
    play_on_board(b)
    for page in (a, b):
        page.wait_for_selector("[data-testid=undo-outcome][data-kind=lapsed]")
    assert b.inner_text("[data-testid=undo-outcome]") == \
        "The take-back lapsed: a move was played."
    assert a.locator("[data-testid=undo-prompt]").count() == 0
    for context in (ctx_a, ctx_b):
        context.close()
    assert not errors_a and not errors_b, (errors_a, errors_b)


def test_against_a_bot_a_take_back_is_done_at_once(browser: Any, web_server: Any,
                                                   base_url: str) -> None:
    """Bots accept without being asked (UNDO-1): the person's move is taken back at once and
    it is its move again, the bot's answer never awaited."""
    created = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 13},
        "seats": [{"name": "Ann"}, {"bot": "builder"}], "visibility": "public"})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    context, page, errors = _open(browser, base_url, "desktop", game_id, 0, token)
    page.wait_for_selector("[data-testid=game][data-turn=yours]")
    version = int(page.get_attribute("[data-testid=game]", "data-version"))
    play_on_board(page)
    _at(page, version + 1)
    page.wait_for_selector("[data-testid=game][data-turn=yours]")  # after the bot's turn
    mine = [m["number"] for m in web_server.call("game.log", {"game_id": game_id})["moves"]
            if m["seat"] == 0]
    back = str(mine[-1] - 1)
    assert page.input_value("[data-testid=undo-to]") == back
    page.click("[data-testid=take-back]")
    page.wait_for_selector("[data-testid=undo-outcome][data-kind=restored]")
    assert page.inner_text("[data-testid=undo-outcome]") == \
        f"The moves after move {back} were taken back."
    page.wait_for_selector("[data-testid=game][data-turn=yours]")
    events = web_server.call("game.events", {"game_id": game_id})["events"]
    assert [e["type"] for e in events][-2:] == ["undo_requested", "position_restored"]
    assert events[-2]["data"].get("waiting", []) == []  # nobody asked (a default: unwritten)
    context.close()
    assert not errors, errors


def test_the_join_page_takes_its_seat_through_ora_join_safe_to_retry(
        browser: Any, web_server: Any, base_url: str) -> None:
    """The join page joins through ora.join (a request id per form, issue 22) and lands on
    the game as that seat; a new form, another id, finds the invitation used and says so."""
    created = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 14},
        "seats": [{"name": "Ann"}, {}], "visibility": "public"})
    game_id, invite = created["game_id"], created["seats"][1]["invite"]
    context, page, errors = new_page(browser, "desktop")
    page.goto(f"{base_url}/#/join/{invite}")
    page.fill("input[name=name]", "Bo")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-testid=board]")
    assert page.evaluate("location.hash") == f"#/game/{game_id}?seat=1"
    seats = [e["data"] for e in web_server.call("game.events", {"game_id": game_id})["events"]
             if e["type"] == "seat_taken"]
    assert [(s["seat"], s["name"]) for s in seats] == [(0, "Ann"), (1, "Bo")]
    # the same invitation from a new form (another request id) is used up, in words
    page.goto(f"{base_url}/#/join/{invite}")
    page.fill("input[name=name]", "Cy")
    page.click("button[type=submit]")
    page.wait_for_function("() => document.querySelector('form .message')?.textContent")
    assert page.evaluate("location.hash") == f"#/join/{invite}"
    context.close()
    assert not errors, errors
