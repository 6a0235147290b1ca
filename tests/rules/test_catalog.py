"""``ora_rules.views.catalog``: the card catalogue, its token patterns and its words."""

from __future__ import annotations

import random
import re

import pytest

from ora_core.values import GOOD_CODES, Good
from ora_rules.bots import random_bot
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Use
from ora_rules.views.catalog import catalog
from ora_rules.views.i18n import LOCALES, UnknownLocale
from tests.support import new_state, rules

GOODS_STRING = r"(?:[A-Z][a-z])+"
_PLACEHOLDERS = [
    (r"<payment>|<goods of [^>]*>|<goods worth \d+ points>|<\d+ different goods>", "G"),
    (r"<count \d+\.\.(?:\d+|n)>", "N"),
    (r"<building> <its tokens>", "T"),
    (r"<col row> x\d+\.\.\d+", "X"),
]
_REGEX = {"G": GOODS_STRING, "N": r"\d+", "T": r"\S+(?: \S+)*",
          "X": r"-?\d+ -?\d+(?: -?\d+ -?\d+)*"}


def pattern_regex(tokens: str) -> re.Pattern[str]:
    """The regex of a catalogue ``tokens`` pattern after ``USE <id>``; trailing choices may be
    left out (canonical moves drop trailing "none" tokens, docs/specs.md)."""
    body = tokens.split(" ", 2)[2] if tokens.count(" ") >= 2 else ""
    for placeholder, letter in _PLACEHOLDERS:
        body = re.sub(placeholder, "\x00" + letter, body)
    elements, depth, current = [], 0, ""
    for ch in body:
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == " " and depth == 0:
            elements.append(current)
            current = ""
        else:
            current += ch
    if current:
        elements.append(current)

    def element(text: str) -> str:
        out = text.replace(" | ", "|").replace("(", "(?:").replace("[", "(?:").replace("]", ")?")
        return "(?:" + re.sub("\x00(.)", lambda m: _REGEX[m.group(1)], out) + ")"

    regex = ""
    for e in reversed(elements):
        regex = element(e) + (f"(?: {regex})?" if regex else "")
    return re.compile(f"(?:{regex})?")


def test_every_card_good_and_mode_is_in_the_catalogue() -> None:
    c = catalog(rules())
    assert {b.id for b in c.buildings} == set(rules().buildings)
    assert {s.id for s in c.settlements} == set(rules().settlements)
    assert [g.good for g in c.goods] == [g.value for g in Good]
    assert {m.code for m in c.modes} == set(rules().modes)
    priory = next(b for b in c.buildings if b.id == "G01")
    assert (priory.name, priory.economic, priory.dwelling, priory.cloister) == (
        "Priory", 4, 3, True)
    assert [(g.code, g.count) for g in priory.cost] == [("Wo", 1), ("Cl", 1)]
    assert priory.terrain == ["coast", "plains", "hillside"]
    assert {g.code for g in c.goods} == set(GOOD_CODES.values())
    assert [t.side for t in c.landscapes] == ["HEARTLAND", "HILLS", "PLAINS", "COAST",
                                              "MOUNTAIN"]


@pytest.mark.parametrize(("players", "length", "variant", "seed"), [
    (4, "long", "france", 1), (4, "long", "ireland", 2), (2, "short", "france", 3),
    (3, "short", "ireland", 4), (1, "long", "france", 5)])
def test_every_legal_use_fits_its_buildings_token_pattern(players: int, length: str,
                                                          variant: str, seed: int) -> None:
    """The catalogue's ``tokens`` says what a use writes: every enumerated use matches it."""
    patterns = {b.id: b.tokens for b in catalog(rules()).buildings}
    state = new_state(players, variant, length, seed)
    rng = random.Random(seed)
    seen = 0
    while not state.finished:
        for move in legal_moves(state, rules()):
            if isinstance(move, Use):
                spec = rules().building(move.building).id
                text = " ".join(str(move).split()[2:])
                if text == "-":
                    continue  # R-CLG-6: every use may be declined
                assert pattern_regex(patterns[spec]).fullmatch(text), (str(move), patterns[spec])
                seen += 1
        state = execute(state, random_bot(state, MoveSet(state, rules()), rng), rules()).state
    assert seen > 100


def test_the_words_of_every_locale() -> None:
    english = catalog(rules())
    for locale in LOCALES:
        c = catalog(rules(), locale)
        assert c.locale == locale
        assert [b.id for b in c.buildings] == [b.id for b in english.buildings]
        if locale != "en":
            # Greek and Russian name every good and terrain (the seeds' words).
            assert all(g.name != e.name for g, e in zip(c.goods, english.goods, strict=True))
            assert all(t.name != e.name for t, e in zip(c.terrain, english.terrain,
                                                        strict=True))
            assert all(a.name != e.name for a, e in zip(c.actions, english.actions,
                                                        strict=True))
    greek = {g.good: g.name for g in catalog(rules(), "el").goods}
    russian = {g.good: g.name for g in catalog(rules(), "ru").goods}
    assert greek["wood"] == "Ξύλο" and russian["wood"] == "Дерево"  # S000, S001
    with pytest.raises(UnknownLocale):
        catalog(rules(), "de")


def test_the_committed_message_template_is_complete_and_current() -> None:
    """English is complete: ora.pot holds every message id the catalogue and views use."""
    from ora_rules.views.i18n import LOCALE_DIR, template
    from ora_rules.views.vocabulary import messages

    committed = (LOCALE_DIR / "ora.pot").read_bytes()
    assert committed == template(list(messages(rules()))), (
        "ora_rules/views/locale/ora.pot is stale: .venv/bin/ora specs messages")


def test_greek_and_russian_translate_goods_actions_phases_and_landscape_words() -> None:
    from babel.messages.pofile import read_po

    from ora_rules.views import vocabulary as v
    from ora_rules.views.i18n import LOCALE_DIR
    from ora_rules.views.vocabulary import messages

    known = set(messages(rules()))
    required = [*v.GOODS.values(), v.JOKER, *v.TERRAIN.values(), *v.LANDSCAPE.values(),
                *v.ACTIONS.values(), *v.TURNS.values(), *v.PHASES.values(), *v.CLERGY.values()]
    for locale in ("el", "ru"):
        with (LOCALE_DIR / locale / "LC_MESSAGES" / "ora.po").open("rb") as f:
            po = read_po(f, locale=locale)
        translated = {m.id: m.string for m in po if m.id and m.string}
        assert set(translated) <= known, f"{locale}: stale entries"
        assert not [w for w in required if w not in translated], locale


def test_ora_specs_catalog_prints_the_catalogue_and_refuses_a_bad_locale_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    import orjson

    from ora_api.cli import main

    assert main(["specs", "catalog", "--json", "--locale", "el"]) == 0
    printed = orjson.loads(capsys.readouterr().out)
    assert printed["locale"] == "el" and len(printed["buildings"]) == len(rules().buildings)
    assert main(["specs", "catalog", "--locale", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ora: locale must be one of en, el, ru") and err.count("\n") == 1
