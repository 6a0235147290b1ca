# ruff: noqa: RUF001  (the Greek and Cyrillic letters and the multiplication sign are meant)
"""The game's words in Greek and Russian (ora_rules.views.i18n, sentences, narrate, catalog):
the names and card texts of ``rules.catalog`` and the log's sentences, with the seeds' words
(S000 the Greek rulebook, S001 the Russian overview) where they name a thing."""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import attrs
import pytest
from babel.messages.pofile import read_po

from ora_core.events import GameEvent, SeatTaken
from ora_core.evolve import fold
from ora_core.state import TimeControl
from ora_rules import seats, timeouts
from ora_rules.decide import execute, start
from ora_rules.moves import legal_moves
from ora_rules.setup import make_config
from ora_rules.testing.strategies import random_game
from ora_rules.views import vocabulary as v
from ora_rules.views.catalog import catalog
from ora_rules.views.i18n import LOCALE_DIR
from ora_rules.views.narrate import narrate_game, narrate_move
from ora_rules.views.sentences import Speech
from ora_rules.views.table_words import duration
from tests.modes.games import CONFIGS
from tests.support import new_state, rules

#: English words a Greek or Russian sentence of the log must not contain.
ENGLISH = re.compile(r"\b(the|and|takes|pays|places|uses|builds|with|from|into|begins|"
                     r"nothing|joker|player|coins?)\b")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_every_translation_keeps_the_fields_of_its_template(locale: str) -> None:
    """A translated template names exactly the fields of the English one, so ``format`` never
    fails and never drops a name (the log's sentences, vocabulary.LOG)."""
    with (LOCALE_DIR / locale / "LC_MESSAGES" / "ora.po").open("rb") as f:
        po = read_po(f, locale=locale)
    translated = {m.id: m.string for m in po if m.id and m.string}
    templates = (*v.LOG.values(), *v.TAKEBACK.values(), *v.TABLE.values(), *v.CHANGES.values(),
                 *v.EXPLAIN.values())
    assert not [t for t in templates if t not in translated], "a template untranslated"
    wrong = [(m, s) for m, s in translated.items() if _fields(str(m)) != _fields(str(s))]
    assert not wrong, wrong


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_the_catalogue_names_and_explains_every_card_in_the_locale(locale: str) -> None:
    english = catalog(rules())
    local = catalog(rules(), locale)
    pairs: list[tuple[Sequence[Any], Sequence[Any]]] = [
        (local.buildings, english.buildings), (local.settlements, english.settlements)]
    for cards, others in pairs:
        for card, other in zip(cards, others, strict=True):
            assert card.id == other.id
            assert card.name != other.name and card.text != other.text, card.id
            # the facts of the text stay: every number of the English text is in it
            assert sorted(re.findall(r"\d+", card.text)) == sorted(
                re.findall(r"\d+", other.text)), card.id
    wonders = local.liesborn.wonders if local.liesborn else []
    assert wonders and all(not w.name.isascii() and not w.text.isascii() for w in wonders)


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_every_function_and_wonder_condition_is_said_in_the_locale(locale: str) -> None:
    """``rules.catalog``'s ``function`` (the effect as the engine reads it) of every building
    and ``condition`` of every wonder tile (R-LIES-6 .. R-LIES-10) in the locale: not the
    English text, and every number of the English text kept."""
    english, local = catalog(rules()), catalog(rules(), locale)
    for card, other in zip(local.buildings, english.buildings, strict=True):
        assert card.function != other.function, card.id
        assert _numbers(card.function) == _numbers(other.function), card.id
        assert not ENGLISH.search(card.function), card.function
    assert english.liesborn and local.liesborn
    pairs = list(zip(local.liesborn.wonders, english.liesborn.wonders, strict=True))
    assert len(pairs) == len(rules().wonders) > 0
    for tile, same in pairs:
        assert tile.condition != same.condition, tile.id
        assert _numbers(tile.condition) == _numbers(same.condition), tile.id


def test_the_seeds_names_are_the_translations() -> None:
    greek = {b.id: b.name for b in catalog(rules(), "el").buildings}
    russian = {b.id: b.name for b in catalog(rules(), "ru").buildings}
    russian_settlements = {s.id: s.name for s in catalog(rules(), "ru").settlements}
    assert greek["L02"] == "Φάρμα"  # S000 p.1
    assert (russian["L02"], russian["L01"], russian["L03"]) == ("Ферма", "Насыпь глины",
                                                                 "Капитула")  # S001
    assert (russian["G28"], russian["I11"], russian["F21"], russian["I21"]) == (
        "Замок", "Плавучий дом", "Винодельня", "Винокурня")
    assert russian["F14"].startswith("Виноградник") and russian["G22"].startswith("Карьер")
    assert (russian_settlements["S04"], russian_settlements["S08"]) == ("Рыбацкая деревня",
                                                                        "Деревня на холме")


def test_a_move_in_greek_and_russian() -> None:
    # R-WHEEL-6: the livestock indicator stands at 2 in round 1 of the 4-player game.
    state = new_state(4, seed=1)
    events = execute(state, "USE LR2 Sh", rules()).events
    assert narrate_move(state, events, rules()).text == (
        "Red places a lay brother on the Farmyard (LR2) and takes 2 livestock.")
    assert narrate_move(state, events, rules(), locale="el").text == (
        "Κόκκινο τοποθετεί έναν καλόγερο στο κτίριο «Φάρμα» (LR2) και παίρνει: ζώα ×2.")
    assert narrate_move(state, events, rules(), locale="ru").text == (
        "Красный ставит монаха в здание «Ферма» (LR2) и берёт: скот ×2.")


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_whole_games_are_told_in_the_locale(locale: str) -> None:
    """Every move and every step of the schedule of a game of each mode, in the locale: the
    same number of sentences as in English, none with an English word, every building named
    by its translated name."""
    names = {b.id: b.name for b in catalog(rules(), locale).buildings}
    for config in CONFIGS:
        events, _ = random_game(config.players, config.variant, config.length, 0)
        english = narrate_game(events, rules())
        told = narrate_game(events, rules(), locale=locale)
        assert [(n.number, n.move, len(n.then)) for n in told] == [
            (n.number, n.move, len(n.then)) for n in english]
        for n in told:
            for sentence in (n.text, *n.then):
                assert not ENGLISH.search(sentence), sentence
                assert sentence.endswith("."), sentence
                for id in re.findall(r"\((\w\d\d)[,)]", sentence):
                    if id in names:
                        assert f"«{names[id]}» ({id}" in sentence, sentence
        assert told[-1].then[-1].startswith(
            "Το παιχνίδι τελειώνει" if locale == "el" else "Игра окончена")  # R-SCORE-7


def _table_game(policy: str) -> list[GameEvent]:
    """A clocked 3-player game (CLOCK-1) whose seats are people: moves that take from seconds
    to days, then a seat's time running out (CLOCK-3, ``policy``); under ``pass`` the game goes
    on and its seats are handed to bots every way there is (SEAT-1 .. SEAT-3)."""
    control = TimeControl(initial=10**6, on_timeout=policy, bot="greedy")
    events = start(attrs.evolve(make_config(3, "france", "long", 2), clock=control), rules())
    events += [SeatTaken(seat=s, name=f"P{s}") for s in range(3)]
    state = fold(events)

    def add(more: Sequence[GameEvent]) -> None:
        nonlocal state
        events.extend(more)
        state = fold(more, state)

    for took in (12_345, 245_000, 7_380_000, 273_600_000):
        add(execute(state, legal_moves(state, rules())[0], rules(), took=took).events)
    add(timeouts.expire(state, rules(), 10**9))
    if policy == "pass":
        add(execute(state, legal_moves(state, rules())[0], rules(), took=1).events)
        add(seats.request(state, 1, 2, "greedy"))
        add(seats.answer(state, 0, False))
        add(seats.request(state, 1, 2, "greedy"))
        add(seats.answer(state, 0, True))
        add(seats.request(state, 0, 1, "hard", by_creator=True))
        add(seats.request(state, 0, 0, "easy"))
    return events


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_the_tables_sentences_are_told_in_the_locale(locale: str) -> None:
    """The clocks' and seats' sentences (ora_rules.views.table_words; CLOCK-1, CLOCK-3, SEAT-1
    .. SEAT-3) in the locale: as many as in English, none with an English word or unit."""
    units = re.compile(r"\b(s|min|h|d|bot|seat|time|agreed)\b")
    table = 0
    for policy in ("pass", "lose", "bot"):
        events = _table_game(policy)
        english = narrate_game(events, rules())
        told = narrate_game(events, rules(), locale=locale)
        assert [len(n.then) for n in told] == [len(n.then) for n in english]
        for n, e in zip(told, english, strict=True):
            for sentence, said in zip(n.then, e.then, strict=True):
                if "time runs out" in said or "bot" in said:
                    table += 1
                    assert not ENGLISH.search(sentence) and not units.search(sentence), (
                        sentence)
                    assert re.findall(r"\d+", sentence) == re.findall(r"\d+", said), sentence
    assert table == 3 + 2 + 2 + 4  # time-outs, asks, answers, seats handed over
    say = Speech(locale)
    assert [duration(ms, say) for ms in (12_345, 245_000, 7_380_000, 273_600_000)] == {
        "el": ["12.3 δευτ.", "4 λεπ. 05 δευτ.", "2 ώρ. 03 λεπ.", "3 ημ. 04 ώρ."],
        "ru": ["12.3 с", "4 мин 05 с", "2 ч 03 мин", "3 д 04 ч"]}[locale]


def test_the_move_tree_names_targets_and_moves_in_the_locale() -> None:
    from ora_rules.move_tree import move_tree

    state = new_state(4, seed=1)
    english = move_tree(state, rules(), ["USE", "LR2"])
    greek = move_tree(state, rules(), ["USE", "LR2"], locale="el")
    (target,) = [t for v in greek.verbs for t in v.targets or () if t.target == "LR2"]
    assert target.name == "«Φάρμα» (LR2)"
    said = {leaf.move: leaf.text for v in greek.verbs for t in v.targets or ()
            for leaf in t.moves or ()}
    assert said["USE LR2 Sh"].startswith("Κόκκινο τοποθετεί έναν καλόγερο στο κτίριο «Φάρμα»")
    assert [leaf.move for v in english.verbs for t in v.targets or () for leaf in t.moves or ()
            ] == list(said)


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_what_changed_is_said_in_the_locale(locale: str) -> None:
    """game.diff and game.preview (ora_rules.views.diff): every change between two states of a
    game in the locale, as many sentences as in English."""
    from ora_rules.views.diff import diff

    _, states = random_game(3, "ireland", "short", 1)
    english_words = re.compile(r"\b(the|and|went|from|now|has|more|less|received|holds)\b")
    said = 0
    for a, b in pairwise(states[:121]):
        english, local = diff(a, b, rules()), diff(a, b, rules(), locale)
        assert len(local.text) == len(english.text)
        for sentence in local.text:
            assert not english_words.search(sentence), sentence
            said += 1
    assert said > 300


@pytest.mark.parametrize("locale", ["el", "ru"])
def test_the_score_is_explained_in_the_locale(locale: str) -> None:
    """game.explain (ora_rules.views.explain; R-SCORE-1..8): the same lines and points as in
    English, every line in the locale."""
    from ora_rules.views.explain import explain

    _, states = random_game(4, "france", "long", 0)
    english, local = explain(states[-1], rules()), explain(states[-1], rules(), locale=locale)
    english_words = re.compile(r"\b(at|each|points?|goods|economic|settlements|its own|empty)\b")
    for e, x in zip(english, local, strict=True):
        assert x.score == e.score
        lines: list[Any] = [*x.goods, *x.economic, *x.settlements]
        theirs: list[Any] = [*e.goods, *e.economic, *e.settlements]
        assert [line.points for line in lines] == [line.points for line in theirs]
        for text in (x.text, *(line.text for line in lines)):
            assert not english_words.search(text), text
    assert any(s.neighbours for x in local for s in x.settlements)


def test_the_tables_of_templates_have_distinct_keys() -> None:
    """``Speech`` finds a template by its key in any table (sentences.py)."""
    tables = [set(v.LOG), set(v.TAKEBACK), set(v.TABLE), set(v.CHANGES), set(v.EXPLAIN)]
    assert sum(map(len, tables)) == len(set().union(*tables))
