"""The weblabora reader against its test games in tests/data/records/weblabora (README there):
each is imported up to the first move our rules refuse, whose move number, reason and rule are
asserted, under the rulebook readings (the default, naming the reading set that plays further)
and under the weblabora readings."""

from __future__ import annotations

import pytest

from ora_rules.records import READERS
from ora_rules.records.importing import Imported, ImportStop
from ora_rules.records.weblabora import read_weblabora
from tests.support import read_test_record


def imported(name: str, readings: str | None = None) -> Imported:
    return read_test_record(f"records/weblabora/{name}", "weblabora", readings)


def stop_of(game: Imported) -> tuple[int, int, str, str, str | None, str | None]:
    stop = game.stop
    assert isinstance(stop, ImportStop)
    return stop.move_number, stop.line, stop.source, stop.reason, stop.rule, stop.reading


def test_the_reader_is_registered() -> None:
    assert READERS["weblabora"] is read_weblabora


@pytest.mark.parametrize(("name", "readings", "moves", "stop"), [
    # Strictly (the rulebook), each stops at its first departure, naming the reading set that
    # plays past it (specs/readings.toml [sets.weblabora]; under it every record plays to its
    # end, tests/records/test_weblabora_scores.py).
    # AMB-05 / R-BUY-2: the start player's second purchase in round 6 (as in kennerspiel's
    # record of the same game): landscape_purchases = per_slot; its own profile (the source's,
    # [sources]) is named first.
    ("Game21872.txt", None, 68,
     (69, 77, "buy_plot 0 MOUNTAIN", "landscape_limit", "R-BUY-2", "weblabora")),
    # cards.md F38: weblabora's Printing Office removes five forests, the card "up to 4"
    # (printing_office = every_forest).
    ("Game53276.txt", None, 252,
     (253, 274, "use F38 1 0 2 0 1 1 0 2 0 3 *", "too_many_forests", "cards.md F38",
      "weblabora")),
    # R-FELL-1: the forest at 2 0 is gone from our landscape: the Carpentry this player used
    # through his Priory (line 201) removed it, as the card says; weblabora's Carpentry turns
    # the space to plains but leaves the forest card on it, so it fells it again
    # (carpentry = leaves_forest).
    ("Game29696.txt", None, 199,
     (200, 214, "fell_trees 2 0", "no_card_there", "R-FELL-1", "weblabora")),
    # cards.md G01: the Priory's target, the neutral player's Stone Merchant, has no prior on
    # it; weblabora's Priory does nothing and the next use places no clergyman
    # (priory_target = any_building). Before that: the neutral building step's commits after
    # each building dropped, the neutral prior's contract inserted (R-SOLO-9).
    ("Game27378.txt", None, 67,
     (68, 77, "use G01", "target_without_prior", "cards.md G01", "weblabora")),
    # R-CLG-1: green (round 2 starts with green in both engines) uses red's Cloister Office
    # without a work contract; weblabora places the owner's clergyman on whatever building a
    # use names, unpaid (foreign_use = unpaid).
    ("Game44462.txt", None, 10,
     (11, 15, "use LR3 Pn", "not_your_building", "R-CLG-1", "weblabora")),
    # AMB-09 / R-SETUP-2: weblabora deals the long 2-player set in the normal 2-player game.
    ("Game20430.txt", None, 7,
     (8, 12, "build G13 3 0", "not_in_display", "R-BUILD-1", "weblabora")),
])
def test_each_test_game_imports_to_the_stop_asserted(
        name: str, readings: str | None, moves: int,
        stop: tuple[int, int, str, str, str | None, str | None]) -> None:
    game = imported(name, readings)
    assert stop_of(game) == stop
    assert len(game.commands) == moves  # the stop is our next move (ImportStop.move_number)
    assert stop[0] == moves + 1


def test_weblabora_habits_are_repaired_and_reported() -> None:
    """The prior's ``*`` (our PRIOR), a conversion between a redirect and the use it grants
    (made first), wine spent as coins (R-FREE-1, inserted), an owner's answer where no work
    contract waits (dropped)."""
    game = imported("Game20430.txt", "weblabora")
    notes = {(n.line, n.action): n for n in game.notes}
    assert notes[(25, "merged")].commands == ("PRIOR G07 3",)
    assert notes[(248, "merged")].commands == ("PRIOR G26",)
    assert notes[(251, "rewritten")].commands == ("CONVERT Gn",)
    assert notes[(71, "dropped")].source == "with LAYBROTHER"
    for note in game.notes:
        assert set(note.commands) <= set(game.commands), note


def test_weblabora_uses_of_other_players_buildings_are_unpaid_contracts() -> None:
    """R-WC-4 under foreign_use = unpaid: green's use of red's Cloister Office is our unpaid
    contract (its ``Pn`` is ignored, as weblabora reads only ``Jo`` there); red's contract on
    green's Cloister Office puts the clergyman on the Farmyard its next use names."""
    game = imported("Game44462.txt", "weblabora")
    notes = {(n.line, n.action): n for n in game.notes}
    assert notes[(15, "inserted")].commands == ("WORK_CONTRACT LR3 -",)
    assert notes[(20, "rewritten")].commands == ("WORK_CONTRACT LG2 Pn",)
    assert "USE LR3" in game.commands


def test_the_solo_neutral_steps_are_ours() -> None:
    """R-SOLO-9 / R-SOLO-10: weblabora commits after each neutral building (dropped: our step
    ends once the display is built) and writes the neutral prior's use without its contract
    (inserted at the current price)."""
    game = imported("Game27378.txt")
    notes = [(n.line, n.action, n.commands) for n in game.notes]
    assert (65, "dropped", ()) in notes
    assert (72, "inserted", ("WORK_CONTRACT I10 Pn",)) in notes
