"""``ora_rules.views.svg``, ``ora render`` and ``GET /games/{id}.svg``: the picture names what it
draws."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from ora_core.state import State
from ora_rules.bots import random_bot
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.views.catalog import catalog
from ora_rules.views.i18n import words
from ora_rules.views.svg import board_svg
from ora_rules.views.view import view
from tests.api.conftest import Local, new_game
from tests.support import new_state, rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "svg" / "example.svg"
NS = "{http://www.w3.org/2000/svg}"
#: How docs/svg/example.svg is made (docs/svg.md).
EXAMPLE_GAME = ["selfplay", "--players", "4", "--variant", "france", "--seed", "7", "--json"]
EXAMPLE_MOVE = "160"


def cards_drawn(svg: str) -> dict[str, list[str]]:
    """card id -> the texts of its ``<g class="card">`` elements (one per drawing of it)."""
    root = ET.fromstring(svg)
    drawn: dict[str, list[str]] = {}
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "card":
            texts = ["".join(t.itertext()).strip() for t in g.iter(f"{NS}text")]
            drawn.setdefault(g.get("data-card") or "", []).append(" | ".join(texts))
    return drawn


def positions(players: int, length: str, seed: int, every: int) -> list[State]:
    state = new_state(players, "france", length, seed)
    rng = random.Random(seed)
    found = [state]
    step = 0
    while not state.finished:
        state = execute(state, random_bot(state, MoveSet(state, rules()), rng), rules()).state
        step += 1
        if step % every == 0 or state.finished:
            found.append(state)
    return found


@pytest.mark.parametrize(("players", "length", "seed"), [(4, "long", 2), (2, "short", 5),
                                                         (1, "long", 3)])
def test_every_building_on_the_board_is_named_as_the_catalogue_names_it(
        players: int, length: str, seed: int) -> None:
    names = {b.id: b.name for b in catalog(rules()).buildings}
    names |= {s.id: s.name for s in catalog(rules()).settlements}
    for state in positions(players, length, seed, 60):
        drawn = cards_drawn(board_svg(view(state, rules())))
        for player in state.players:
            for space in player.landscape.values():
                if space.card is None or space.card in ("LFO", "LMO"):
                    continue
                spec = space.card if space.card in names else rules().building(space.card).id
                # the card's id, then its name (the picture's text, as written)
                assert any(text.endswith(names[spec]) for text in drawn[space.card]), (
                    space.card, drawn.get(space.card))
        for building in state.display:
            assert any(text.endswith(names[building]) for text in drawn[building])


def test_the_picture_shows_the_wheel_the_scores_and_the_schedule() -> None:
    state = positions(3, "long", 4, 100)[2]
    board = view(state, rules())
    svg = board_svg(board)
    text = "".join(ET.fromstring(svg).itertext())
    for indicator in board.wheel.indicators:
        assert indicator.name in text
    for seat in board.seats:
        assert seat.score is not None and f"{seat.score.total} (provisional)" in text
    assert board.schedule.end.split(" (")[0] in text
    one = board_svg(board, seats=[1])
    assert "Seat 1" in one and "Seat 0 ·" not in one


def test_words_follow_the_locale() -> None:
    state = new_state(4, "france", "long", 0)
    text = "".join(ET.fromstring(board_svg(view(state, rules(), locale="el"))).itertext())
    assert "Τροχός παραγωγής" in text and "Ξύλο" in text


def _example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    store = f"sqlite:{tmp_path / 'example.sqlite3'}"
    assert main([*EXAMPLE_GAME, "--store", store]) == 0
    game_id = orjson.loads(capsys.readouterr().out)["game_id"]
    assert main(["render", game_id, "--move", EXAMPLE_MOVE, "--store", store]) == 0
    return capsys.readouterr().out


def test_the_example_in_the_docs_is_what_ora_render_draws(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    assert EXAMPLE.read_text(encoding="utf-8") == _example(tmp_path, capsys), (
        "docs/svg/example.svg is stale: regenerate it as docs/svg.md says")


def test_ora_render_refuses_bad_input_in_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    store = f"sqlite:{tmp_path / 'none.sqlite3'}"
    assert main(["render", "not-a-game", "--store", store]) == 2
    assert main(["render", "00000000-0000-0000-0000-000000000000", "--store", store]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("ora: ") for line in err)


def test_get_games_id_svg_over_http(local: Local) -> None:
    import asyncio

    import httpx

    from ora_api.transport.server import create_app

    game_id, _ = new_game(local, players=3, seed=4)
    app = create_app(local.dispatcher)

    async def get(path: str, **params: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            return await client.get(path, params=params)

    def fetch(path: str, **params: str) -> httpx.Response:
        return asyncio.run(get(path, **params))

    head = fetch(f"/games/{game_id}.svg")
    assert head.status_code == 200 and head.headers["content-type"].startswith("image/svg+xml")
    drawn = cards_drawn(head.text)
    assert len([c for c in drawn if c[0] == "L" and c[2:].isdigit()]) == 9  # 3 heartlands
    assert len(drawn["LFO"]) == 3 * 3 and len(drawn["LMO"]) == 3 * 2  # R-SETUP-5
    seat = fetch(f"/games/{game_id}.svg", seat="1", locale="ru", move="0")
    assert seat.status_code == 200 and "Колесо производства" in seat.text
    for bad in ({"move": "999"}, {"seat": "7"}, {"locale": "xx"}, {"version": "x"},
                {"move": "1", "version": "2"}):
        refused = fetch(f"/games/{game_id}.svg", **bad)
        assert refused.status_code == 400 and refused.text.count("\n") == 1, bad
    missing = fetch("/games/00000000-0000-0000-0000-000000000000.svg")
    assert missing.status_code == 404 and missing.text.startswith("unknown_game")
    assert fetch("/games/nonsense.svg").status_code == 404
    # A private game's picture is read like game.view: with a seat's or spectator's token.
    private_id, private_tokens = new_game(local, players=2, seed=3, visibility="private")
    assert fetch(f"/games/{private_id}.svg").status_code == 403
    assert fetch(f"/games/{private_id}.svg", token="not-a-token").status_code == 403
    assert fetch(f"/games/{private_id}.svg", token=private_tokens[1]).status_code == 200


def test_the_openrpc_document_describes_the_picture_route(local: Local) -> None:
    from ora_api.web.pictures import svg_route

    doc = orjson.loads((ROOT / "specs" / "openrpc.json").read_bytes())
    served = svg_route(local.service)
    (route,) = [r for r in doc["x-http-routes"] if r["path"] == served.path]
    assert (route["method"], route["path"]) == ("GET", served.path)
    assert {p["name"] for p in route["params"]} == {"game_id", "move", "version", "seat",
                                                     "locale", "token"}
    assert set(route["responses"]) == {"200", "400", "403", "404"}


def test_cards_built_over_on_the_neutral_landscape_are_noted() -> None:
    """R-SOLO-10: the solo player builds over the neutral player's cards; the picture says
    which card lies under which."""
    noted = 0
    for state in positions(1, "long", 3, 40):
        svg = board_svg(view(state, rules()))
        for space in state.players[-1].landscape.values():
            if space.covered:
                assert "▲ " + " ".join(space.covered) in svg
                noted += 1
    assert noted


def test_the_python_example_of_docs_svg_md_runs() -> None:
    import doctest

    result = doctest.testfile(str(ROOT / "docs" / "svg.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_long_words_fit_their_boxes_and_modes_are_named_in_the_locale(locale: str) -> None:
    """Issue 26: in Greek the joker's name overflowed its slice of the wheel, in Russian the
    score table's headers overlapped, and the mode's name stayed English in both."""
    state = new_state(4, "france", "long", 0)
    board = view(state, rules(), locale=locale)
    root = ET.fromstring(board_svg(board))
    texts = {"".join(e.itertext()): float(e.get("font-size", "0"))
             for e in root.iter("{http://www.w3.org/2000/svg}text")}
    _ = words(locale).gettext

    def width(text: str) -> float:  # the estimate the drawing uses: 0.58 em per character
        return len(text) * texts[text] * 0.58

    joker = _("Joker")
    slice_width = 2 * 0.62 * 150 * math.sin(math.pi / len(board.wheel.values)) - 4
    assert width(joker) <= slice_width + 0.01
    for head, column in (("Economic value", 110), ("Settlements", 100), ("Goods", 60),
                         ("Total", 60), ("Seat", 110)):
        assert width(_(head)) <= column - 6 + 0.01, _(head)
    title = next(t for t in texts if t.startswith("Ora et Labora"))
    assert _("four players") in title and _("four players") != "four players"
