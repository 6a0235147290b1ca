"""The weblabora reader against its test games in tests/data/records/weblabora (README there):
each is imported up to the first move our rules refuse, whose move number, reason and rule are
asserted, under the rulebook readings (the default, naming the reading set that plays further)
and under the weblabora readings."""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_rules.records import READERS
from ora_rules.records.importing import Imported, ImportStop
from ora_rules.records.weblabora import read_weblabora
from tests.support import rules

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records" / "weblabora"


def imported(name: str, readings: str | None = None) -> Imported:
    return read_weblabora((RECORDS / name).read_text(encoding="utf-8"), rules(), readings)


def stop_of(game: Imported) -> tuple[int, int, str, str, str | None, str | None]:
    stop = game.stop
    assert isinstance(stop, ImportStop)
    return stop.move_number, stop.line, stop.source, stop.reason, stop.rule, stop.reading


def test_the_reader_is_registered() -> None:
    assert READERS["weblabora"] is read_weblabora


@pytest.mark.parametrize(("name", "readings", "moves", "stop"), [
    # AMB-05 / R-BUY-2: the start player's second purchase in round 6 (as in kennerspiel's
    # record of the same game); its own profile, per slot, plays on.
    ("Game21872.txt", None, 68,
     (73, 77, "buy_plot 0 MOUNTAIN", "landscape_limit", "R-BUY-2", "weblabora")),
    # cards.md F38: weblabora's Printing Office removes five forests, the card "up to 4".
    ("Game21872.txt", "weblabora", 270,
     (285, 289, "use F38 1 3 2 3 1 1 1 0 2 0", "too_many_forests", "cards.md F38", None)),
    ("Game53276.txt", None, 252,
     (270, 274, "use F38 1 0 2 0 1 1 0 2 0 3 *", "too_many_forests", "cards.md F38", None)),
    # R-FELL-1: the forest at 2 0 is gone from our landscape: the Carpentry this player used
    # through his Priory (line 201) removed it, as the card says; weblabora's Carpentry turns
    # the space to plains but leaves the forest card on it, so it fells it again.
    ("Game29696.txt", "weblabora", 199,
     (210, 214, "fell_trees 2 0", "no_card_there", "R-FELL-1", None)),
    # R-CLG-1: after the Priory (which does nothing by itself in weblabora) the record uses
    # the neutral player's Stone Merchant, where no prior stands: weblabora places the owner's
    # clergyman on whatever building is named. Before that: the neutral building step's
    # commits after each building dropped, the neutral prior's contract inserted (R-SOLO-9).
    ("Game27378.txt", None, 68,
     (75, 78, "use G12 BeBeCoPt", "not_your_building", "R-CLG-1", None)),
    # R-CLG-1: green (round 2 starts with green in both engines) uses red's Cloister Office
    # without a work contract; weblabora does not check whose building is used.
    ("Game44462.txt", None, 10,
     (11, 15, "use LR3 Pn", "not_your_building", "R-CLG-1", None)),
    # AMB-09 / R-SETUP-2: weblabora deals the long 2-player set in the normal 2-player game.
    ("Game20430.txt", None, 7,
     (8, 12, "build G13 3 0", "not_in_display", "R-BUILD-1", "weblabora")),
    # cards.md F23: a bare `use F23`, which weblabora runs free, names no payment; ours costs
    # a coin. It stops there, not 185 lines later (R-WC-5, the coins missing by then).
    ("Game20430.txt", "weblabora", 97,
     (103, 107, "use F23", "payment_missing", "R-GOODS-3", None)),
])
def test_each_test_game_imports_to_the_stop_asserted(
        name: str, readings: str | None, moves: int,
        stop: tuple[int, int, str, str, str | None, str | None]) -> None:
    game = imported(name, readings)
    assert stop_of(game) == stop
    assert len(game.commands) == moves


def test_weblabora_habits_are_repaired_and_reported() -> None:
    """The prior's ``*`` (our PRIOR), a conversion between a redirect and the use it grants
    (made first), wine spent as coins (R-FREE-1, inserted), an owner's answer where no work
    contract waits (dropped)."""
    game = imported("Game20430.txt", "weblabora")
    notes = {(n.line, n.action): n for n in game.notes}
    assert notes[(25, "merged")].commands == ("PRIOR G07 3",)
    assert notes[(71, "dropped")].source == "with LAYBROTHER"
    # The conversions (lines 168 and 251) come after the bare `use F23` of line 107, where
    # the import now stops until the weblabora profile has that departure.
    for note in game.notes:
        assert set(note.commands) <= set(game.commands), note


def test_the_solo_neutral_steps_are_ours() -> None:
    """R-SOLO-9 / R-SOLO-10: weblabora commits after each neutral building (dropped: our step
    ends once the display is built) and writes the neutral prior's use without its contract
    (inserted at the current price)."""
    game = imported("Game27378.txt")
    notes = [(n.line, n.action, n.commands) for n in game.notes]
    assert (65, "dropped", ()) in notes
    assert (72, "inserted", ("WORK_CONTRACT I10 Pn",)) in notes
