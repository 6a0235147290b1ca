"""The game in words (ora_rules.views.narrate): one sentence per move, naming
buildings by their names.

Random games of every configuration (ora_rules.testing.strategies.random_game) cover every verb
of the notation, the solo neutral player's builds and contracts (R-SOLO-8..10), the settlement
phases (R-SET-2) and the game's end (R-SCORE-7).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from ora_core.events import CoinPiecesCounted, GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import execute
from ora_rules.notation import VERBS, AnswerContract, Build, Settle, Use, WorkContract, parse
from ora_rules.testing.strategies import random_game
from ora_rules.views.narrate import COLOUR_NAMES, Narration, narrate_game, narrate_move
from tests.modes.games import CONFIGS, Config
from tests.support import new_state, read_test_record, rules

#: A building or settlement id of the notation, as it may appear in a sentence.
_ID = re.compile(r"\b(?:[GFI]\d\d|L[RGBWY][123]|S0[1-8])\b")


def _named(rules_name: str, card: str, text: str) -> bool:
    return f"{rules_name} ({card})" in text


def _card_name(card: str) -> str:
    return rules().settlements[card].name if card.startswith("S") else rules().building(card).name


def check_game(events: tuple[GameEvent, ...], states: tuple[State, ...]) -> list[Narration]:
    """Every move has one sentence, by number, starting with the acting seat's colour; every
    id a sentence mentions stands right after its name from the specs."""
    narrations = narrate_game(events, rules())
    moves = [e for e in events if isinstance(e, MovePlayed)]
    assert [n.number for n in narrations] == list(range(1, len(moves) + 1))
    for n, played, before in zip(narrations, moves, states, strict=False):
        assert (n.move, n.seat) == (played.move, played.seat)
        colour = before.players[played.seat].colour
        assert n.text.startswith(COLOUR_NAMES[colour]), n.text
        assert n.text.endswith(".") and n.text.count("\n") == 0, n.text
        for text in (n.text, *n.then):
            for card in _ID.findall(text):
                assert _named(_card_name(card), card, text), (card, text)
        command = parse(played.move)
        if isinstance(command, Use | Build | WorkContract):
            assert _named(rules().building(command.building).name, command.building, n.text)
        elif isinstance(command, Settle):
            assert _named(rules().settlements[command.settlement].name, command.settlement,
                          n.text)
        elif isinstance(command, AnswerContract):
            contract = before.flow.turn.contract
            assert contract is not None
            assert _named(rules().building(contract).name, contract, n.text)
    return narrations


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2))
def test_every_move_of_random_games_is_one_sentence_naming_its_building(config: Config,
                                                                        seed: int) -> None:
    events, states = random_game(config.players, config.variant, config.length, seed)
    narrations = check_game(events, states)
    then = [line for n in narrations for line in n.then]
    assert any(line.startswith("Round 2 begins") for line in then)
    assert then[-1].startswith("The game ends: ")  # R-SCORE-7
    phases = [line for line in then if line.startswith("Settlement phase ")]
    assert len(phases) == len(states[-1].settlement_phases)  # R-SET-2


def test_every_verb_of_the_notation_is_narrated_in_the_games_of_every_mode() -> None:
    seen: set[str] = set()
    for config in CONFIGS:
        events, states = random_game(config.players, config.variant, config.length, 0)
        for n in check_game(events, states):
            seen.add(n.move.split()[0])
    assert seen == set(VERBS)


def _play(state: State, *moves: str) -> tuple[State, list[Narration]]:
    said = []
    for move in moves:
        executed = execute(state, move, rules())
        said.append(narrate_move(state, executed.events, rules()))
        state = executed.state
    return state, said


def test_a_lay_brother_on_the_farmyard_takes_livestock_from_the_wheel() -> None:
    # R-WHEEL-6: the livestock indicator stands at 2 in round 1 of the 4-player game.
    _, (said,) = _play(new_state(4, seed=1), "USE LR2 Sh")
    assert said.text == "Red places a lay brother on the Farmyard (LR2) and takes 2 livestock."
    assert said.then == ()


def test_a_use_that_spends_the_joker_names_the_joker() -> None:
    # R-WHEEL-6: the joker stands in for the livestock indicator and goes back to the arm.
    _, (said,) = _play(new_state(4, seed=1), "USE LR2 JoSh")
    assert said.text == ("Red places a lay brother on the Farmyard (LR2) with the joker and "
                         "takes 2 livestock.")


def test_commit_and_the_next_round_are_sentences_of_their_own() -> None:
    state = new_state(4, seed=1)
    state, said = _play(state, "PRIOR LR1 -", "COMMIT")
    assert said[0].text == ("Red places the prior on the Clay Mound (LR1) and declines its "
                            "function.")  # R-CLG-6
    assert said[1].text == "Red ends the turn."
    assert said[1].then == ()


def test_work_contract_names_owner_payment_and_clergyman() -> None:
    # R-WC-1..3: Green pays Red 1 coin; Red has both kinds free and chooses (WITH_PRIOR).
    state = new_state(4, seed=1)
    state, _ = _play(state, "FELL_TREES 1 1", "COMMIT")
    state, said = _play(state, "WORK_CONTRACT LR1 Pn", "WITH_PRIOR", "USE LR1")
    assert said[0].text == ("Green issues a work contract for Red's Clay Mound (LR1), paying 1 "
                            "coin to Red.")
    assert said[1].text == "Red sends their prior to work on the Clay Mound (LR1) under contract."
    assert said[2].text.startswith("Green uses Red's Clay Mound (LR1) and takes ")


def test_a_whole_game_is_narrated_from_its_events_alone() -> None:
    events, _ = random_game(4, "france", "long", 0)
    all_moves = narrate_game(events, rules())
    some = narrate_game(events, rules(), 10, 20)
    assert some == all_moves[9:20]
    assert narrate_game(events, rules(), 5, 4) == []
    assert fold(events).finished


def test_the_bonus_round_and_the_final_phase_have_sentences() -> None:
    # R-BONUS-1: round 25 of the 4-player game; R-END-2: the two-player game's final phase.
    events, _ = random_game(4, "france", "long", 0)
    then = [line for n in narrate_game(events, rules()) for line in n.then]
    assert any(line.startswith("The bonus round begins (R-BONUS-1); ") for line in then)
    assert not any(line.startswith("Round 25 ") for line in then)
    events, _ = random_game(2, "france", "short", 0)
    then = [line for n in narrate_game(events, rules()) for line in n.then]
    assert then.count("The final phase begins (R-END-2).") == 1


def test_a_weblabora_record_imported_as_recorded_is_narrated_to_its_end() -> None:
    # Under weblabora's profile the 5-coin pieces are counted apart (``CoinPiecesCounted``), an
    # event with no words: narrating it once recursed without end (`ora log` failed).
    game = read_test_record("records/weblabora/Game27378.txt", "weblabora",
                            rules().readings.sources["weblabora"])
    assert any(isinstance(e, CoinPiecesCounted) for e in game.events)
    narrations = narrate_game(game.events, rules())
    assert len(narrations) == sum(isinstance(e, MovePlayed) for e in game.events)
    assert narrations[-1].then[-1] == "The game ends: Red 519 points; Red wins."
    assert not any("pieces" in line for n in narrations for line in (n.text, *n.then))
