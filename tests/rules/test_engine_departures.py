"""Engines' departures from the rulebook as options of the readings (specs/readings.toml,
docs/ambiguities.md "Engines' departures, as options"): an option replaces spec fields for the
games under it (``readings.under``) or turns on a named switch; the rulebook changes nothing."""

from __future__ import annotations

from ora_core.events import ClergyPlaced, GoodsPaid
from ora_core.evolve import fold
from ora_core.state import Readings, State
from ora_core.values import Good
from ora_rules.decide import decide, start
from ora_rules.readings import resolve, switch, under
from ora_rules.setup import make_config
from tests.modes.common import refused
from tests.support import rules

R = rules()
WEBLABORA = resolve(R, "weblabora")


def game(players: int, readings: Readings | None = None) -> State:
    config = make_config(players, "france", "long", 0, colours=("R", "G", "B", "W")[:players],
                         readings=readings)
    return fold(start(config, R))


def test_the_rulebook_and_kennerspiel_sets_replace_no_spec() -> None:
    assert under(R, Readings()) is R
    assert under(R, resolve(R, "kennerspiel")) is R
    assert not switch(R, Readings(), "unpaid_work_contract")


def test_the_weblabora_set_replaces_the_fields_its_options_name() -> None:
    """cards.md F38, I37 (Q4), I23 / I24 (Q2, Q3); R-BONUS-1, R-SOLO-9 (AMB-14), R-END-2."""
    ours = under(R, WEBLABORA)
    assert ours is under(R, WEBLABORA)  # one patched set per readings
    assert ours.building("F38").effect.high > 4 and R.building("F38").effect.high == 4
    assert dict(ours.building("I37").cost) == {Good.CLAY: 4}
    assert dict(R.building("I37").cost) == {Good.WOOD: 2, Good.CLAY: 4}
    assert (ours.building("I24").dwelling, R.building("I24").dwelling) == (9, 8)
    assert (ours.building("I23").economic, ours.building("I23").dwelling) == (2, 6)
    assert not ours.modes["3s"].bonus_round and not ours.modes["4s"].bonus_round
    assert R.modes["3s"].bonus_round
    assert (ours.modes["1"].rounds, ours.modes["1"].extra_round) == (32, True)
    assert (ours.modes["2"].final_display, ours.modes["2"].final_turn) == (3, False)


def test_the_readings_caches_hold_one_entry_per_readings_not_per_game() -> None:
    """Every game, and every load of a stored one, holds a ``Readings`` object of its own: the
    caches asked by every command and by the bots' evaluation (``under``,
    ``coin_pieces.kept_apart``, ``scoring.scoring_readings``) are keyed by the readings' value,
    so a server playing game after game keeps one entry per reading set (keyed by identity
    they grew by one a game)."""
    from ora_rules import coin_pieces, readings, scoring
    from ora_rules.bots import strategy
    from ora_rules.decide import execute
    from ora_rules.moves import MoveSet

    def sizes() -> tuple[int, int, int]:
        return (len(readings._UNDER.entries), len(coin_pieces.kept_apart.entries),
                len(scoring._SCORING.entries))

    def play_one(chosen: Readings | None) -> None:
        state = game(2, chosen)
        state = execute(state, next(iter(MoveSet(state, R))), R).state
        strategy.strategic_value(state, 0, R)

    for chosen in (None, WEBLABORA):
        play_one(chosen)
    before = sizes()
    for _ in range(20):
        for chosen in (None, resolve(R, "weblabora")):
            play_one(chosen)
    assert sizes() == before


def test_R_WC_4_an_unpaid_work_contract_only_under_the_option() -> None:
    state = game(4)
    refused(state, "WORK_CONTRACT LG1 -", "wrong_price", "R-WC-4")
    state = game(4, Readings(foreign_use="unpaid"))
    events = decide(state, "WORK_CONTRACT LG1 -", R)
    assert not [e for e in events if isinstance(e, GoodsPaid)]  # the owner receives nothing
    after = fold(events, state)
    placed = [e for e in events if isinstance(e, ClergyPlaced)]
    # the owner's answer is pending (R-WC-2) or the clergyman is placed at once
    assert after.flow.turn.contract == "LG1" or placed[0].seat == 1


def test_R_ACT_1_a_second_main_action_only_under_the_option() -> None:
    state = fold(decide(game(4), "FELL_TREES 1 0", R), game(4))
    refused(state, "CUT_PEAT 0 0", "main_action_taken", "R-ACT-1")
    loose = game(4, Readings(main_actions="uncounted"))
    loose = fold(decide(loose, "FELL_TREES 1 0", R), loose)
    assert fold(decide(loose, "CUT_PEAT 0 0", R), loose).players[0].landscape[(0, 0)].card \
        is None
