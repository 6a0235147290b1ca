"""The kennerspiel reader against the real records in tests/data/records/kennerspiel (README
there): each is imported to its end or to a stop whose move, reason and rule are asserted, under
the rulebook readings (the default) and the kennerspiel readings (specs/readings.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_core.events import GameStarted, GoodsGained, IndicatorUsed, MovePlayed
from ora_core.evolve import fold
from ora_core.values import Good, Indicator
from ora_rules.decide import execute, start
from ora_rules.records import READERS, RecordError, read_record, write_record
from ora_rules.records.importing import Imported
from ora_rules.records.kennerspiel import _Line, _Translator, read_kennerspiel, seat_order
from ora_rules.setup import make_config
from tests.support import read_test_record, rules, set_goods

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records" / "kennerspiel"


def imported(name: str, readings: str | None = None) -> Imported:
    return read_test_record(f"records/kennerspiel/{name}", "kennerspiel", readings)


def test_the_reader_is_registered() -> None:
    assert READERS["kennerspiel"] is read_kennerspiel
    text = (RECORDS / "control-solo.txt").read_text(encoding="utf-8")
    via_registry = read_record(text, rules(), "kennerspiel")
    assert via_registry.commands == imported("control-solo.txt").commands


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_without_a_seed_keeps_the_order(players: int) -> None:
    """kennerspiel's MAGIC_SEED 2692 shuffles 2..5 colours to themselves."""
    colours = [str(i) for i in range(players)]
    assert seat_order(None, colours)[0] == colours


@pytest.mark.parametrize(("seed", "colours", "order"), [
    (98369, "RW", "WR"),     # gameClaude4-1: white builds first, red's Clay Mound comes third
    (1699, "RGB", "GBR"),    # game4aedf9e5: green, blue, red build G07, G12, G01 in turn
    (74239, "RGWB", "GWRB"),
])
def test_a_seeded_start_shuffles_the_seats_as_kennerspiel(seed: int, colours: str,
                                                          order: str) -> None:
    assert "".join(seat_order(seed, list(colours))[0]) == order


def test_game21872_under_the_kennerspiel_readings_reaches_kennerspiels_final_scores() -> None:
    """The complete game: every line played, the scores of the README (goods / economic /
    settlements / total per colour) reached exactly."""
    game = imported("game21872.txt", "kennerspiel")
    assert game.stop is None
    state = fold(game.events)
    assert state.finished
    scores = {state.players[s.seat].colour: (s.goods, s.economic, sum(s.settlements), s.total)
              for s in state.scores or ()}
    assert scores == {"R": (30, 63, 77, 170), "G": (15, 73, 154, 242),
                      "B": (55, 48, 91, 194), "W": (41, 64, 141, 246)}
    assert dict(game.tags)["Profile"] == "kennerspiel-0.21"


def test_the_imported_commands_replay_to_the_same_events() -> None:
    """Determinism: the commands of the import, played through decide from the same set-up,
    give the imported events byte for byte."""
    game = imported("game21872.txt", "kennerspiel")
    started = game.events[0]
    assert isinstance(started, GameStarted)
    config = started.config
    events = list(start(config, rules()))
    state = fold(events)
    for command in game.commands:
        executed = execute(state, command, rules())
        events += executed.events
        state = executed.state
    assert events == list(game.events)


def test_every_merge_and_drop_is_in_the_import_report() -> None:
    game = imported("game21872.txt", "kennerspiel")
    by_source = {(n.line, n.action): n for n in game.notes}
    # WITH_PRIOR + USE (lines 351-352), BUILD + USE of the new building (lines 14-15).
    assert by_source[(351, "merged")].commands == ()
    assert by_source[(352, "merged")].commands == ("PRIOR F35",)
    assert by_source[(15, "merged")].commands == ("PRIOR F09 LG2 Sh",)
    # The Priory, the Cloister Garden it redirects to, and the Farmyard that one grants.
    assert by_source[(22, "merged")].commands == ("USE G01 F09 LG2 Gn",)
    # 5-coin changes are no-ops (coins are one pool).
    assert [n.line for n in game.notes if n.action == "dropped"] == [167, 196, 346]
    # kennerspiel infers the Stone Merchant's count from the payment; the Shipping Company
    # reached through the Hospice takes the joker without writing it.
    assert by_source[(45, "rewritten")].commands == ("USE G12 4 PtPtShShShSh",)
    assert by_source[(354, "merged")].commands == ("USE F40 F33 JoMt WoPt",)
    for note in game.notes:
        assert set(note.commands) <= set(game.commands), note


def test_game21872_under_the_rulebook_stops_at_the_second_purchase_of_round_6() -> None:
    """AMB-05 / R-BUY-2: the start player buys a second landscape in his second slot of round
    6; the kennerspiel readings (one purchase per slot) would play it."""
    stop = imported("game21872.txt").stop
    assert stop is not None
    assert (stop.move_number, stop.line, stop.source) == (69, 75, "BUY_PLOT 0 MOUNTAIN")
    assert (stop.reason, stop.rule, stop.reading, stop.option) == (
        "landscape_limit", "R-BUY-2", "kennerspiel-0.21", "landscape_purchases=per_slot")


def test_gameClaude4_1_two_players_long_to_its_end_under_the_kennerspiel_readings() -> None:
    """Seeded START, the 2-player set of kennerspiel (AMB-09), the joker taken for grapes
    before they enter the wheel."""
    game = imported("gameClaude4-1.txt", "kennerspiel")
    assert game.stop is None and len(game.commands) == 193
    assert any("joker" in n.why for n in game.notes)
    stop = imported("gameClaude4-1.txt").stop
    assert stop is not None
    assert (stop.move_number, stop.source, stop.reason, stop.rule, stop.reading) == (
        39, "BUY_DISTRICT 2 PLAINS", "landscape_limit", "R-BUY-2", "kennerspiel-0.21")


def test_game4aedf9e5_relies_on_a_clergyman_over_its_own_on_an_occupied_building() -> None:
    """R-CLG-4: kennerspiel 0.21.1 places a clergyman on its own occupied Stone Merchant (line
    144). Without that departure the kennerspiel readings stop there, naming the option that
    allows it; the rulebook stops earlier at a second purchase in a round (AMB-05)."""
    without = "landscape_purchases=per_slot wheel_entry=before_rotation " \
        "building_sets=by_players prior_bonus_after_purchase=kept"
    stop = imported("game4aedf9e5.txt", without).stop
    assert stop is not None
    assert (stop.move_number, stop.line, stop.source) == (137, 144, "USE G12 ShShShPtPtPt")
    assert (stop.reason, stop.rule, stop.option) == ("building_occupied", "R-CLG-4",
                                                     "occupied_own_building=replaces")
    rulebook = imported("game4aedf9e5.txt").stop
    assert rulebook is not None
    assert (rulebook.move_number, rulebook.reason, rulebook.rule, rulebook.reading) == (
        48, "landscape_limit", "R-BUY-2", "kennerspiel-0.21")
    assert imported("game4aedf9e5.txt", "kennerspiel-0.21").stop is None


@pytest.mark.parametrize("readings", [None, "kennerspiel"])
@pytest.mark.parametrize(("name", "moves"), [("control-solo.txt", 54),
                                             ("game-solo-settle.txt", 65)])
def test_the_solo_openings_import_to_their_end(name: str, moves: int,
                                               readings: str | None) -> None:
    game = imported(name, readings)
    assert game.stop is None and len(game.commands) == moves


def test_the_solo_settlement_frame_becomes_our_steps() -> None:
    """R-SOLO-9 / R-SOLO-8: kennerspiel's one settlement frame (neutral buildings, the contract
    on the neutral prior, the settlement) is our steps 3-5, the COMMITs between them inserted;
    the neutral lay brother of a solo contract is named."""
    game = imported("game-solo-settle.txt")
    inserted = [(n.line, n.commands) for n in game.notes if n.action == "inserted"]
    assert inserted == [(50, ("WORK_CONTRACT G13 Pn", "WITH_LAYBROTHER")),
                        (62, ("COMMIT",)), (64, ("COMMIT",))]


def test_wine_spent_as_coins_gets_a_conversion_inserted() -> None:
    """kennerspiel pays missing coins with wine; ours converts first (R-FREE-1), noted."""
    config = make_config(4, "france", "long", 1, ("R", "G", "B", "W"))
    game = _Translator(config, {c: c for c in "RGBW"}, rules())
    game.state = set_goods(game.state, 0, coin=1, wine=2)
    game.line(_Line(3, "BUY_DISTRICT 2 PLAINS", ("BUY_DISTRICT", "2", "PLAINS")), [])
    assert game.commands == ["CONVERT Wn", "BUY_DISTRICT 2 PLAINS"]
    assert game.notes[0].action == "inserted"
    assert game.state.players[0].goods.get(Good.WINE) == 1


def test_an_imported_game_is_written_in_our_format_with_its_readings_and_read_back() -> None:
    """The record header names the readings ([Readings], docs/ambiguities.md), so our record of
    the imported game replays it byte for byte."""
    game = imported("gameClaude4-1.txt", "kennerspiel")
    text = write_record(game.events)
    assert ('[Readings "landscape_purchases=per_slot wheel_entry=before_rotation '
            'building_sets=by_players prior_bonus_after_purchase=kept '
            'occupied_own_building=replaces removed_joker=joker_only_uses"]') in text
    profiled = write_record(game.events, rules=rules())
    assert '[Profile "kennerspiel-0.21"]' in profiled
    assert read_record(profiled, rules()).events == game.events
    without_readings = "\n".join(line for line in profiled.splitlines()
                                 if not line.startswith("[Readings"))
    assert read_record(without_readings, rules()).events == game.events  # [Profile] alone
    with pytest.raises(RecordError, match=r"\[Profile\]"):
        read_record(without_readings, rules(), "ora", "rulebook")
    again = read_record(text, rules())
    assert again.stop is None and again.events == game.events


def test_a_farmyard_naming_its_good_with_the_joker_at_0_gains_nothing_of_it() -> None:
    """R-JOKER-2: the joker gives V[d] and goes back to 0, so used twice in a round it gives
    nothing the second time. kennerspiel's ``USE LR2 JoSh`` names the livestock chosen; the
    wheel gives none, so the use is ours ``USE LR2 JoSh`` gaining nothing, not a stop (a random
    kennerspiel game of `ora bench` met it: a work contract's use after the joker's first)."""
    record = "\n".join([
        "CONFIG 4 france long", "START 1000 R G B W", "CONVERT Gn", "WORK_CONTRACT LW2 Pn",
        "WITH_LAYBROTHER", "USE LW2 JoGn", "COMMIT", "WORK_CONTRACT LR2 Pn", "WITH_PRIOR",
        "CONVERT Gn", "USE LR2 JoSh", "COMMIT"])
    imported = read_kennerspiel(record, rules(), rules().readings.sources["kennerspiel"])
    assert imported.stop is None
    assert imported.commands[-2:] == ("USE LR2 JoSh", "COMMIT")
    moves = [(i, e.move) for i, e in enumerate(imported.events) if isinstance(e, MovePlayed)]
    at = next(k for k, (_, move) in enumerate(moves) if move == "USE LR2 JoSh")
    its_events = imported.events[moves[at][0]:moves[at + 1][0]]
    assert any(isinstance(e, IndicatorUsed) and e.indicator is Indicator.JOKER
               for e in its_events)
    assert not any(isinstance(e, GoodsGained) for e in its_events)
