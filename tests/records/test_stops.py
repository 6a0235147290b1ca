"""A strict import stops at the first move the rulebook forbids and names the real refusal, its
rule and the option of specs/readings.toml that would allow it (docs/records.md "Profiles"),
not the translator's own ``no_matching_use``."""

from __future__ import annotations

from pathlib import Path

from ora_core.events import BuildingsRevealed, IndicatorUsed, WheelRotated
from ora_core.state import State
from ora_core.values import Indicator, Stage
from ora_rules.records.kennerspiel import _Line, _Translator, play_lines
from ora_rules.records.weblabora import read_weblabora
from ora_rules.setup import make_config
from tests.support import apply, place, play, read_test_record, rules, set_goods, slot

R = rules()
RECORDS = Path(__file__).resolve().parent.parent / "data" / "records" / "weblabora"


def _line(number: int, text: str) -> _Line:
    return _Line(number, text, tuple(text.split()))


def _translator(players: int) -> _Translator:
    colours = ("R", "G", "B", "W")[:players]
    config = make_config(players, "france", "long", 0, colours=colours)
    return _Translator(config, {c: c for c in colours}, R)


def _without_joker(state: State) -> State:
    """Every indicator pushed off the solo wheel at 10 (R-SOLO-6), the joker with them."""
    last = len(state.wheel.values) - 1
    for _ in range(last + 1):
        state = apply(state, [WheelRotated(removed=tuple(
            i for i, d in state.wheel.positions.items() if d == last))])
    return state


def test_the_shipping_company_on_a_removed_joker_names_the_joker() -> None:
    """R-SOLO-6 / R-WHEEL-8: the joker left the game at 10; kennerspiel 0.21.1 still ships
    from it (removed_joker=joker_only_uses). The stop is the engine's indicator_not_in_play,
    not no_matching_use (R-GOODS-3)."""
    game = _translator(1)
    free = next(c for c, s in sorted(game.state.players[0].landscape.items()) if s.card is None)
    game.state = set_goods(slot(_without_joker(place(game.state, 0, "F33", free)), 0), 0,
                           wood=3)
    stop = play_lines(game, [_line(1, "USE F33 WoWoWoMt")])[0].stop
    assert stop is not None
    assert (stop.reason, stop.rule) == ("indicator_not_in_play", "R-WHEEL-8")
    assert stop.command == "USE F33 JoMt WoWoWo"
    assert stop.option == "removed_joker=joker_only_uses"


def test_a_printing_office_through_the_hospice_names_too_many_forests() -> None:
    """cards.md F38: the Printing Office removes at most 4 forests; reached through the Hospice
    (F40, which uses a card of the display) with five, the stop is too_many_forests, not
    no_matching_use."""
    game = _translator(4)
    state = play(set_goods(game.state, 0, coin=5), "BUY_DISTRICT 2 HILLS")
    state = apply(place(state, 0, "F40", (3, 2)), [BuildingsRevealed(stage=Stage.D,
                                                                     buildings=("F38",))])
    forests = [c for c, s in sorted(state.players[0].landscape.items()) if s.card == "LFO"]
    assert len(forests) == 5
    game.state = slot(state, 0)
    coords = " ".join(f"{x} {y}" for x, y in forests)
    stop = play_lines(game, [_line(1, "USE F40"), _line(2, f"USE F38 {coords}")])[0].stop
    assert stop is not None
    assert (stop.reason, stop.rule) == ("too_many_forests", "cards.md F38")
    assert stop.command.startswith("USE F40 F38 ")


def test_a_bare_bathhouse_in_weblabora_is_a_stop_not_a_coin_filled_in() -> None:
    """weblabora writes `use F23` for a Bathhouse it runs free; ours costs a coin (cards.md
    F23). With weblabora's card set and purchases (which it needs before), the import stops
    there (payment_missing, R-GOODS-3), not 185 lines later."""
    text = (RECORDS / "Game20430.txt").read_text(encoding="utf-8")
    stop = read_weblabora(text, R, "landscape_purchases=per_slot building_sets=long_two_player"
                          ).stop
    assert stop is not None
    assert (stop.line, stop.source) == (107, "use F23")
    assert (stop.reason, stop.rule) == ("payment_missing", "R-GOODS-3")


def test_an_option_that_acts_at_the_set_up_is_named_from_the_profile_that_plays_on() -> None:
    """AMB-09 / R-SETUP-2: weblabora deals the long 2-player set in the normal 2-player game,
    so a card of it is not in our display (R-BUILD-1). No option changes that at the move
    itself; the weblabora profile plays on, and of its options the card set alone does."""
    stop = read_test_record("records/weblabora/Game20430.txt", "weblabora").stop
    assert stop is not None
    assert (stop.line, stop.reason, stop.rule) == (12, "not_in_display", "R-BUILD-1")
    assert (stop.reading, stop.option) == ("weblabora", "building_sets=long_two_player")


def test_a_shipping_company_at_a_zero_joker_keeps_the_good_the_record_chose() -> None:
    """R-SHORT-2: in the short 4-player game every player takes 1 of the good the Shipping
    Company chose, even when the joker at 0 gives the user none; the record's bread is our
    JoBr, not the first good that takes as much."""
    config = make_config(4, "france", "short", 0, colours=("R", "G", "B", "W"))
    game = _Translator(config, {c: c for c in "RGBW"}, R)
    free = next(c for c, s in sorted(game.state.players[0].landscape.items()) if s.card is None)
    state = apply(place(game.state, 0, "F33", free), [IndicatorUsed(indicator=Indicator.JOKER)])
    game.state = set_goods(slot(state, 0), 0, wood=3)
    assert game.state.wheel.value(Indicator.JOKER) == 0
    assert play_lines(game, [_line(1, "USE F33 WoWoWoBr")])[0].stop is None
    assert game.commands == ["USE F33 JoBr WoWoWo"]
