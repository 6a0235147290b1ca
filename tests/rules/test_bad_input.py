"""Bad input. Every refusal reason that ``decide`` raises (decide.py and the landscape, payment
and neutral-player checks it calls) is triggered here by a real position: the error carries the
reason and the rule id, ``decide`` returns nothing and the state is unchanged (compared through
``state_to_dict``). Malformed text raises ``InvalidCommand``."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from ora_core.codec import state_to_dict
from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, LandscapeAdded
from ora_core.state import State
from ora_core.values import FOREST, Indicator
from ora_rules import landscape
from ora_rules.decide import decide
from ora_rules.notation import parse
from tests.rules.common import (
    SCHEDULE,
    R,
    cached_game,
    drive,
    fresh,
    fully_placed_in_round_5,
    mound,
    refused,
    run,
    to,
)
from tests.support import apply, occupy, set_goods

Case = Callable[[], tuple[State, str, int | None]]

# --- positions ------------------------------------------------------------------------------------


@cache
def settlement_turn() -> State:
    """Mode 4, phase A, the start player's settlement turn, with goods."""
    state = to(fresh(4), SCHEDULE[4]["A"], "settlement")
    return set_goods(state, state.flow.turn.seat, wood=3, grain=3, clay=1, coin=10, meat=1)


@cache
def bonus_turn() -> State:
    return set_goods(drive(fresh(4), lambda s: s.round == 25), 0, wood=2, clay=2, coin=3)


@cache
def rich() -> State:
    """Mode 4, round 1, seat 0 to act, with goods for anything."""
    return set_goods(fresh(4), 0, wood=5, clay=5, coin=10, grain=3)


@cache
def solo_neutral_turn() -> State:
    """Solo, round 12, step 3 (the neutral building); in round 11 the solo player had a neutral
    lay brother placed on the neutral Clay Mound (R-SOLO-8)."""

    def policy(state: State) -> str | None:
        turn = state.flow.turn
        if state.round == 11 and turn.kind == "action" and not turn.main_done \
                and state.players[1].clergy[1] is None:
            return "WORK_CONTRACT LY1 Pn"
        if turn.contract is not None:
            return "WITH_LAYBROTHER"
        return None

    state = drive(set_goods(fresh(1), 0, coin=5), lambda s: s.round == 11)
    state = drive(state, lambda s: s.round == 12 and s.flow.turn.kind == "neutral", policy)
    assert state.players[1].clergy[1] == "LY1"
    return state


@cache
def solo_prior_turn() -> State:
    return set_goods(drive(solo_neutral_turn(), lambda s: s.flow.turn.kind == "neutral_prior"),
                     0, coin=5)


@cache
def solo_round_13_with_forest() -> State:
    """Solo, round 13: the unused joker left play at this round's rotation (R-WHEEL-5,
    R-SOLO-6); the solo player buys a district with forests."""
    state = drive(solo_neutral_turn(), lambda s: s.round == 13 and s.flow.turn.kind == "action")
    assert Indicator.JOKER not in state.wheel.positions
    return run(set_goods(state, 0, coin=10), "BUY_DISTRICT 2 HILLS")


def with_contract() -> State:
    return run(rich(), f"WORK_CONTRACT {mound(1)} Pn")


def after_main() -> State:
    return run(rich(), "FELL_TREES 1 0")


def _empty_district_stack() -> State:
    state = rich()
    for i in range(len(state.district_prices)):
        seat = i % 4
        row = landscape.district_rows(state.players[seat])[1]
        state = apply(state, [LandscapeAdded(seat=seat, kind="district", side="PLAINS", row=row,
                                             spaces=landscape.district_spaces(R, "PLAINS", row))])
    assert state.district_prices == ()
    return state


def _fully_placed_owner() -> State:
    return fully_placed_in_round_5()


def _forests_gone_moors_left() -> State:
    state = rich()
    forests = landscape.cards_of(state.players[0], FOREST)
    return apply(state, [CardRemoved(seat=0, coord=c) for c in forests])


CASES: dict[tuple[str, str], Case] = {
    ("game_over", "R-END-1"): lambda: (cached_game(4)[2], "COMMIT", None),
    ("not_your_turn", "R-ROUND-3"): lambda: (fresh(4), "FELL_TREES 1 0", 1),
    ("awaiting_contract_answer", "R-WC-2"): lambda: (with_contract(), "FELL_TREES 1 0", None),
    ("wrong_phase", "R-ACT-1"): lambda: (settlement_turn(), "USE LB1", None),
    ("wrong_phase", "R-BUILD-1"): lambda: (settlement_turn(), "BUILD G12 3 0", None),
    ("wrong_phase", "R-FELL-1"): lambda: (settlement_turn(), "FELL_TREES", None),
    ("wrong_phase", "R-FELL-2"): lambda: (settlement_turn(), "CUT_PEAT", None),
    ("wrong_phase", "R-BONUS-4"): lambda: (bonus_turn(), "FELL_TREES", None),
    ("wrong_phase", "R-WC-1"): lambda: (settlement_turn(), "WORK_CONTRACT LR1 Pn", None),
    ("wrong_phase", "R-WC-7"): lambda: (bonus_turn(), "WORK_CONTRACT LG1 Pn", None),
    ("wrong_phase", "R-FREE-2"): lambda: (solo_neutral_turn(), "BUY_DISTRICT 2 PLAINS", None),
    ("wrong_phase", "R-BUILD-8"): lambda: (rich(), "SETTLE S01 3 0 WoGn", None),
    ("main_action_taken", "R-ACT-1"): lambda: (after_main(), "CUT_PEAT 0 0", None),
    ("cannot_afford", "R-BUILD-1"): lambda: (fresh(4), "BUILD G02 3 1", None),
    ("cannot_afford", "R-WC-4"): lambda: (set_goods(fresh(4), 0), "WORK_CONTRACT LG1 Pn", None),
    ("cannot_afford", "R-WC-5"): lambda: (fresh(4), "WORK_CONTRACT LG1 Wn", None),
    ("cannot_afford", "R-BUY-1"): lambda: (fresh(4), "BUY_DISTRICT 2 PLAINS", None),
    ("cannot_afford", "R-FREE-1"): lambda: (fresh(4), "CONVERT GnGn", None),
    ("cannot_afford", "R-SET-3"): lambda: (settlement_turn(), "SETTLE S03 3 0 Gn", None),
    ("useless_payment", "R-SET-3"): lambda: (settlement_turn(), "SETTLE S01 3 0 GnCl", None),
    ("no_such_space", "R-GEO-1"): lambda: (rich(), "BUILD G12 3 2", None),
    ("space_occupied", "R-BUILD-5"): lambda: (rich(), "BUILD G12 1 0", None),
    ("wrong_terrain", "R-BUILD-3"): lambda: (rich(), "BUILD F04 3 0", None),
    ("not_built", "R-CLG-7"): lambda: (rich(), "USE G12", None),
    ("not_built", "R-WC-1"): lambda: (rich(), "WORK_CONTRACT G12 Pn", None),
    ("no_free_clergy", "R-BUILD-7"): lambda: (
        occupy(run(rich(), "BUILD G12 3 0"), 0, 0, mound(0)), "PRIOR G12", None),
    ("prior_only", "R-BONUS-4"): lambda: (bonus_turn(), f"USE {mound(0)}", None),
    ("no_free_clergy", "R-BONUS-2"): lambda: (
        run(bonus_turn(), f"PRIOR {mound(0)}"), "PRIOR LG1", None),
    ("not_your_building", "R-CLG-1"): lambda: (rich(), "USE LG1", None),
    ("building_occupied", "R-CLG-4"): lambda: (
        run(rich(), f"USE {mound(0)}", "COMMIT"), f"WORK_CONTRACT {mound(0)} Pn", None),
    ("no_free_clergy", "R-ACT-4"): lambda: (
        occupy(rich(), 0, 0, mound(0)), "PRIOR LR2 Gn", None),
    ("no_free_clergy", "R-CLG-5"): lambda: (
        slot_back(_fully_placed_owner()), "USE G12", None),
    ("not_in_display", "R-BUILD-1"): lambda: (rich(), "BUILD G18 3 1", None),
    ("cloister_not_adjacent", "R-BUILD-4"): lambda: (rich(), "BUILD G01 3 0", None),
    ("card_required", "R-FELL-5"): lambda: (rich(), "CUT_PEAT", None),
    ("no_card_there", "R-FELL-1"): lambda: (_forests_gone_moors_left(), "FELL_TREES 1 0", None),
    ("no_card_there", "R-FELL-2"): lambda: (rich(), "CUT_PEAT 3 0", None),
    ("indicator_not_in_play", "R-JOKER-1"): lambda: (
        solo_round_13_with_forest(), "FELL_TREES 1 2 Jo", None),
    ("own_building", "R-WC-7"): lambda: (rich(), f"WORK_CONTRACT {mound(0)} Pn", None),
    ("no_free_clergy", "R-WC-3"): lambda: (_fully_placed_owner(), "WORK_CONTRACT G12 Pn", None),
    ("wrong_present", "R-WC-5"): lambda: (
        set_goods(fresh(4), 0, wine=1), "WORK_CONTRACT LG1 Wh", None),
    ("wrong_price", "R-WC-4"): lambda: (rich(), "WORK_CONTRACT LG1 PnPn", None),
    ("no_contract", "R-WC-2"): lambda: (rich(), "WITH_PRIOR", None),
    ("stack_empty", "R-BUY-1"): lambda: (_empty_district_stack(), "BUY_DISTRICT 2 PLAINS", None),
    ("landscape_limit", "R-BUY-2"): lambda: (
        run(rich(), "BUY_DISTRICT 2 PLAINS"), "BUY_PLOT 0 COAST", None),
    ("landscape_limit", "R-BUY-5"): lambda: (
        run(settlement_turn(), "BUY_DISTRICT 2 PLAINS"), "BUY_PLOT 0 COAST", None),
    ("landscape_after_settlement", "R-BUY-5"): lambda: (
        run(settlement_turn(), "SETTLE S01 3 0 WoGn"), "BUY_DISTRICT 2 PLAINS", None),
    ("bad_landscape_position", "R-GEO-3"): lambda: (rich(), "BUY_DISTRICT 3 PLAINS", None),
    ("bad_landscape_position", "R-GEO-7"): lambda: (rich(), "BUY_PLOT 2 COAST", None),
    ("settlement_limit", "R-SET-3"): lambda: (
        run(settlement_turn(), "SETTLE S01 3 0 WoGn"), "SETTLE S02 3 1 MtWoWoWo", None),
    ("settlement_not_in_hand", "R-SET-5"): lambda: (settlement_turn(), "SETTLE S05 3 0 MtWo",
                                                    None),
    ("main_action_missing", "R-ACT-1"): lambda: (rich(), "COMMIT", None),
    ("main_action_missing", "R-BONUS-4"): lambda: (bonus_turn(), "COMMIT", None),
    # The solo game's neutral steps (R-SOLO-9, R-SOLO-10).
    ("not_in_display", "R-SOLO-9"): lambda: (solo_neutral_turn(), "BUILD G18 3 0", None),
    ("neutral_buildings_left", "R-SOLO-10"): lambda: (solo_neutral_turn(), "COMMIT", None),
    ("no_such_space", "R-SOLO-10"): lambda: (solo_neutral_turn(), "BUILD G12 9 9", None),
    ("cloister_not_adjacent", "R-SOLO-10"): lambda: (solo_neutral_turn(), "BUILD G01 1 0", None),
    ("building_occupied", "R-SOLO-10"): lambda: (solo_neutral_turn(), "BUILD G12 4 0", None),
    ("wrong_cover", "R-SOLO-10"): lambda: (solo_neutral_turn(), "BUILD G01 2 1", None),
    ("not_just_built", "R-SOLO-9"): lambda: (solo_prior_turn(), "WORK_CONTRACT LY2 Pn", None),
    ("no_free_clergy", "R-SOLO-9"): lambda: (
        occupy(solo_prior_turn(), 1, 0, "LY3"),
        f"WORK_CONTRACT {solo_prior_turn().flow.turn.neutral_built[0]} Pn", None),
}


def slot_back(state: State) -> State:
    """On to the next fresh slot of seat 0, through real commands."""
    return drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)


@pytest.mark.parametrize(("reason", "rule"), list(CASES))
def test_every_refusal_reason_leaves_the_state_unchanged(reason: str, rule: str) -> None:
    state, command, seat = CASES[(reason, rule)]()
    refused(state, command, reason, rule, seat=seat)


def _raised_codes() -> set[tuple[str, str | None]]:
    """(reason, rule) of every refusal in the modules ``decide`` checks with; rule None where the
    source passes it as a variable."""
    root = Path(__file__).resolve().parents[2] / "ora_rules"
    codes: set[tuple[str, str | None]] = set()
    pattern = re.compile(r'(?:refuse|IllegalCommand)\(\s*"([a-z_]+)",\s*(?:"(R-[A-Z0-9-]+)")?')
    for name in ("decide.py", "landscape.py", "neutral.py"):
        for reason, rule in pattern.findall((root / name).read_text()):
            codes.add((reason, rule or None))
    for reason in re.findall(r'refuse\("([a-z_]+)"', (root / "payment.py").read_text()):
        codes.add((reason, None))
    return codes


def test_every_reason_code_in_the_source_has_a_case() -> None:
    covered_reasons = {reason for reason, _ in CASES}
    for reason, rule in _raised_codes():
        if rule is None:
            assert reason in covered_reasons, reason
        else:
            assert (reason, rule) in CASES, (reason, rule)


# --- malformed text -------------------------------------------------------------------------------


MALFORMED = [
    "", "   ", "PASS", "fell_trees", "BUILDX G01 3 1",                      # verbs
    "BUILD G01 3", "BUILD G01 3 1 2", "BUILD G01", "COMMIT now", "WITH_PRIOR LR1",  # arity
    "FELL_TREES 1", "FELL_TREES 1 0 Jo x", "USE", "SETTLE S01 3", "CONVERT",
    "BUY_DISTRICT 2", "BUY_PLOT 0 COAST x", "WORK_CONTRACT LG1",
    "CONVERT Xx", "CONVERT G", "SETTLE S01 3 0 WoGnQq", "SETTLE S01 3 0 Wo1",  # goods codes
    "CONVERT Sw", "WORK_CONTRACT LG1 Pn1", "WORK_CONTRACT LG1 Ni",
    "BUILD G01 a 1", "BUILD G01 3 b", "BUILD G01 3.0 1", "FELL_TREES x 0",    # coordinates
    "CUT_PEAT 0 y", "BUY_DISTRICT top PLAINS", "BUY_PLOT 1.5 COAST", "SETTLE S01 - 0 WoGn",
    "BUY_DISTRICT 2 COAST", "BUY_PLOT 0 PLAINS", "FELL_TREES 1 0 Joker",     # bad tokens
    "BUILD G1 3 1", "BUILD X01 3 1", "USE LFO", "SETTLE S09 3 0 WoGn", "SETTLE G01 3 0 WoGn",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_is_an_invalid_command(text: str) -> None:
    state = rich()
    before = state_to_dict(state)
    with pytest.raises(InvalidCommand):
        parse(text)
    with pytest.raises(InvalidCommand):
        decide(state, text, R)
    assert state_to_dict(state) == before
