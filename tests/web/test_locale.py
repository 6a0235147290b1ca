"""The web client in Greek and Russian (docs/web.md, issue 23) in a real headless Chromium.

A replay of a hot-seat game played through the API is switched to Greek (the page's switch) and
to Russian: a card's name and text come from ``rules.catalog`` in that locale (hover on a
desktop, tap on a phone), the log's sentences from ``game.log`` in that locale, the page's own
labels from i18n.js, and axe-core finds no serious or critical violation. At 390x844 no word of
a card's name is split across two lines, in any locale. A game played under other readings
than the rulebook's says so in its header. Without a browser, every label the page's modules
pass to ``t()`` has its Greek and Russian words.

Refresh the pictures (docs/img/*-locale-*.png) with ``ORA_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import new_game, play
from tests.web.test_browser import axe_clean, new_page, no_overflow, picture

STATIC = Path(__file__).resolve().parents[2] / "ora_api" / "web" / "static"
GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: English words no Greek or Russian sentence of the log contains.
ENGLISH = re.compile(r"\b(the|and|takes|pays|places|uses|builds|ends)\b")
#: Words the page passes to t() through a variable (game.list's statuses, the connection's
#: states, the fields of words.js, the lobby's config line, the forest and moor texts).
DYNAMIC = ("playing", "finished", "live", "reconnecting…", "polling", "The seed",
           "The number of players", "The variant", "The length", "The seats", "The visibility",
           "The invitation", "A value of the form", "{variant}, {n} players, {length}",
           "{variant}, {n} player, {length}", "Forest", "Moor",
           "Fell the trees to take wood; the space is then free to build on.",
           "Cut the peat to take peat; the space is then free to build on.",
           "{n} more lines worth 0 points", "{n} more line worth 0 points")
#: The move of the replay the tests look at: late enough for built buildings and a long log.
AT = 40

_STRING = r'"(?:[^"\\]|\\.)*"'
_CALL = re.compile(rf"\bt\(\s*((?:{_STRING}\s*\+\s*)*{_STRING})")


def _page_words() -> set[str]:
    """Every literal label the page's modules pass to t() ("a" + "b" joined)."""
    words: set[str] = set()
    for path in STATIC.glob("*.js"):
        if path.name != "i18n.js":
            for call in _CALL.finditer(path.read_text(encoding="utf-8")):
                words.add("".join(json.loads(s) for s in re.findall(_STRING, call.group(1))))
    return words


def _table(locale: str) -> dict[str, str]:
    """i18n.js's words of ``locale``: the block ``<locale>: { ... },`` and the blocks
    ``Object.assign(WORDS.<locale>, { ... });`` added after it."""
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    block = re.search(rf"\n  {locale}: \{{\n(.*?)\n  \}},", text, re.S)
    assert block, locale
    blocks = [block.group(1), *re.findall(
        rf"Object\.assign\(WORDS\.{locale}, \{{\n(.*?)\n\}}\);", text, re.S)]
    pairs = [p for b in blocks for p in re.findall(rf"({_STRING}):\s*({_STRING})", b)]
    return {json.loads(k): json.loads(v) for k, v in pairs}


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_every_label_of_the_page_has_its_words(locale: str) -> None:
    words = _page_words()
    assert len(words) > 100 and "Production wheel" in words
    table = _table(locale)
    missing = sorted(w for w in (*words, *DYNAMIC) if w not in table)
    assert not missing, f"{locale}: i18n.js has no words for {missing}"
    letters = GREEK if locale == "el" else CYRILLIC
    fields = re.compile(r"\{\w+\}")
    for english, said in table.items():
        assert set(fields.findall(english)) == set(fields.findall(said)), english
    assert sum(bool(letters.search(s)) for s in table.values()) > len(table) * 0.9


@pytest.fixture(scope="module")
def replayed(web_server: Any) -> dict[str, Any]:
    """A public 3-player short game of AT moves played through the API, with its catalogues
    and its log in every locale."""
    game_id, tokens = new_game(web_server, players=3, seed=11, length="short")
    assert play(web_server, game_id, tokens, random.Random(5), max_moves=AT) == AT
    return {
        "game_id": game_id,
        "catalog": {loc: web_server.call("rules.catalog", {"locale": loc})
                    for loc in ("en", "el", "ru")},
        "log": {loc: web_server.call("game.log", {"game_id": game_id, "locale": loc})["moves"]
                for loc in ("en", "el", "ru")},
    }


def _cards(catalog: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in (*catalog["buildings"], *catalog["settlements"])}


def _open_replay(page: Any, port: int, game_id: str, locale: str | None = None) -> None:
    page.goto(f"http://127.0.0.1:{port}/#/replay/{game_id}?at={AT}")
    page.wait_for_selector(f"[data-testid=replay][data-index='{AT}']")
    if locale:  # the page's own switch; the replay is drawn again with the locale's words
        page.select_option("[data-testid=locale]", locale)
        letters = (GREEK if locale == "el" else CYRILLIC).pattern
        page.wait_for_function(
            """([letters, n]) => {
                 const log = document.querySelectorAll(".replay-log > li");
                 const at = document.querySelector("[data-testid=at]");
                 return log.length === n && new RegExp(letters).test(log[0].textContent)
                   && at && new RegExp(letters).test(at.textContent);
               }""", arg=[letters, AT])


def _log_sentences(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        ".replay-log > li", "els => els.map(li => li.childNodes[2].textContent)")
    return texts


def test_greek_card_texts_log_and_labels_at_a_desktop_size(
        browser: Any, web_server: Any, replayed: dict[str, Any]) -> None:
    context, page, errors = new_page(browser, "desktop")
    _open_replay(page, web_server.port, replayed["game_id"], "el")
    greek = _cards(replayed["catalog"]["el"])
    english = _cards(replayed["catalog"]["en"])
    # a card of the display, hovered: its Greek name, facts and function in words
    card = page.locator("[data-testid=board] .display .card-face").first
    card_id = card.get_attribute("data-card")
    assert greek[card_id]["name"] in card.get_attribute("aria-label")
    card.hover()
    tip = page.locator("#cardtip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert greek[card_id]["name"] in text and greek[card_id]["text"] in text
    assert english[card_id]["name"] not in text
    assert f"Αξία κατοικίας\n{greek[card_id]['dwelling']}" in text
    assert GREEK.search(greek[card_id]["text"])
    picture(page, "desktop-11-locale-el-card")
    page.mouse.move(0, 0)
    # the log's sentences are game.log's in Greek, with the Greek names of the buildings
    said = _log_sentences(page)
    assert said == [m["text"] for m in replayed["log"]["el"]]
    assert all(GREEK.search(s) and not ENGLISH.search(s) for s in said)
    names = [c["name"] for c in greek.values()]
    assert any(f"«{name}»" in s for s in said for name in names)
    # the page's own labels
    assert page.inner_text(".game-header h2").startswith("Επανάληψη του παιχνιδιού")
    board = page.inner_text("[data-testid=board]")
    assert "Τροχός παραγωγής" in board and "Κτίρια προς πώληση" in board
    assert page.inner_text("[data-testid=at]").startswith(f"Κίνηση {AT} από {AT}")
    no_overflow(page, "the Greek replay")
    axe_clean(page, "the Greek replay")
    picture(page, "desktop-12-locale-el-replay")
    context.close()
    assert not errors


def test_russian_names_log_and_a_tapped_card_at_a_phone_size(
        browser: Any, web_server: Any, replayed: dict[str, Any]) -> None:
    context, page, errors = new_page(browser, "phone")
    _open_replay(page, web_server.port, replayed["game_id"], "ru")
    russian = _cards(replayed["catalog"]["ru"])
    said = _log_sentences(page)
    assert said == [m["text"] for m in replayed["log"]["ru"]]
    assert all(CYRILLIC.search(s) and not ENGLISH.search(s) for s in said)
    # a building in a landscape, tapped: the popover names it in Russian
    building = page.locator("[data-testid=board] .landscape .kind-building").first
    card_id = building.get_attribute("data-card")
    heartland = re.fullmatch(r"L[A-Z](\d)", card_id)
    entry = russian[f"L0{heartland.group(1)}" if heartland else card_id]
    assert entry["name"] in building.get_attribute("aria-label")
    building.tap()
    popover = page.locator("[data-testid=popover]")
    popover.wait_for(state="visible")
    text = popover.inner_text()
    assert entry["name"] in text and entry["text"] in text and "Жилая ценность" in text
    no_overflow(page, "a card's text in Russian")
    picture(page, "phone-8-locale-ru-card")
    page.keyboard.press("Escape")
    axe_clean(page, "the Russian replay")
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, "phone-9-locale-ru-replay")
    context.close()
    assert not errors


#: For every card name on the page: the words whose letters lie on more than one line, and the
#: words wider than their card. A word is split when its client rects have more than one top.
SPLIT_WORDS = """() => {
  const split = [], wide = [];
  for (const name of document.querySelectorAll("[data-testid=board] .card-face .name")) {
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const card = name.closest(".card-face").getBoundingClientRect();
    for (const m of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(text.data);
      const box = range.getBoundingClientRect();
      if (box.left < card.left - 0.5 || box.right > card.right + 0.5) wide.push(m[0]);
    }
  }
  return { split, wide,
           count: document.querySelectorAll("[data-testid=board] .card-face .name").length };
}"""


@pytest.mark.parametrize("locale", ["en", "el", "ru"])
def test_no_word_of_a_card_name_is_split_on_a_phone(browser: Any, web_server: Any,
                                                    replayed: dict[str, Any],
                                                    locale: str) -> None:
    """At 390x844 names break between words only ("Slaughterhouse", "Αίθουσα συνάξεων μονής",
    "Монастырская библиотека"): the font shrinks to fit the longest word."""
    context, page, errors = new_page(browser, "phone")
    context.add_init_script(f"localStorage.setItem('ora.locale', '{locale}')")
    _open_replay(page, web_server.port, replayed["game_id"])
    assert page.get_attribute("html", "lang") == locale
    found = page.evaluate(SPLIT_WORDS)
    assert found["count"] > 20
    assert not found["split"], f"{locale}: names split inside a word: {found['split']}"
    assert not found["wide"], f"{locale}: words wider than their card: {found['wide']}"
    if locale == "el":
        page.evaluate("document.querySelector('.hand').scrollIntoView()")
        picture(page, "phone-10-locale-el-landscape")
    context.close()
    assert not errors


def test_a_game_under_other_readings_shows_its_profile(browser: Any, web_server: Any) -> None:
    created = web_server.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 2,
                   "readings": "kennerspiel"},
        "seats": [{"name": "A"}, {"name": "B"}], "visibility": "public"})
    profile = web_server.call("game.view", {"game_id": created["game_id"]})["profile"]
    assert profile != "rulebook"
    plain, _ = new_game(web_server, players=2, seed=2)
    context, page, errors = new_page(browser, "desktop")
    context.add_init_script("localStorage.setItem('ora.locale', 'el')")
    port = web_server.port
    page.goto(f"http://127.0.0.1:{port}/#/game/{created['game_id']}")
    badge = page.locator("[data-testid=profile]")
    badge.wait_for()
    assert badge.inner_text() == f"Κανόνες: {profile}"
    assert page.inner_text(".game-header h2").startswith("Παιχνίδι ")
    axe_clean(page, "a game under other readings")
    picture(page, "desktop-13-locale-el-profile")
    page.goto(f"http://127.0.0.1:{port}/#/game/{plain}")
    page.wait_for_selector(f"[data-testid=game] .game-header h2:has-text('{plain[:8]}')")
    assert page.locator("[data-testid=profile]").count() == 0  # the rulebook's: not shown
    assert "null" not in page.inner_text(".game-header")  # nor a word in its place
    context.close()
    assert not errors

