"""Issue 36, twelfth pass (docs/bots.md): a settlement scores the dwelling values of its
neighbours (R-SCORE-4), and the buildings still to come can only stand beside it on its empty
land neighbours; so the strategic evaluation values those neighbours, of the settlements built
and of the empty settlement sites (R-SET-3), before a building fills them."""

from __future__ import annotations

import pytest

from ora_core.events import SettlementBuilt
from ora_core.state import State
from ora_rules.bots.strategy import OPEN_BESIDE, settlement_sites
from ora_rules.scoring import neighbour_dwelling
from tests.support import apply, new_state, place, rules, term_worth

# The start landscape (R-SETUP-5): a moor at column 0, forests at (1, 0), (1, 1), (2, 0), the
# Clay Mound at (2, 1), the Farmyard on the hillside (4, 0), the Cloister Office at (4, 1); the
# two plains spaces (3, 0) and (3, 1) are empty.


def _settled(state: State, coord: tuple[int, int]) -> State:
    return apply(state, [SettlementBuilt(seat=0, settlement="S01", coord=coord)])


def _open_worth(state: State, monkeypatch: pytest.MonkeyPatch) -> float:
    """What the open-neighbours term adds for seat 0."""
    return term_worth(state, 0, monkeypatch, "OPEN_BESIDE")


def test_a_settlements_empty_land_neighbour_counts_whole_a_forest_half(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-SCORE-4: the Shanty Town on (3, 0) has the empty plains (3, 1) (1), the forest (2, 0)
    (0.5, to be cleared first) and the Farmyard (built: 0) beside it; round 1, nothing faded."""
    assert OPEN_BESIDE > 0
    state = _settled(new_state(4, "france"), (3, 0))
    assert _open_worth(state, monkeypatch) == pytest.approx(OPEN_BESIDE * 1.5)


def test_a_building_beside_the_settlement_closes_one_of_its_open_neighbours(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Stone Merchant on (3, 1) fills the empty neighbour: only the forest's half is left
    (its dwelling value now counts in the score instead, R-SCORE-4)."""
    state = place(_settled(new_state(4, "france"), (3, 0)), 0, "G12", (3, 1))
    assert _open_worth(state, monkeypatch) == pytest.approx(OPEN_BESIDE * 0.5)


def test_no_settlement_no_open_neighbours_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _open_worth(new_state(4, "france"), monkeypatch) == 0


def test_an_empty_sites_worth_adds_its_open_neighbours() -> None:
    """R-SET-3: the empty plains (3, 0) and (3, 1) are the start landscape's settlement sites;
    each is worth its neighbours' dwelling values and, at ``open_value`` 2, twice its empty
    land neighbours (the other plains space; for (3, 0) the forest (2, 0) at half)."""
    r = rules()
    player = new_state(4, "france").players[0]
    land = player.landscape

    def dwelling(*coords: tuple[int, int]) -> float:
        return float(sum(neighbour_dwelling(land[c], r) for c in coords))

    upper = dwelling((2, 0), (4, 0), (3, 1))
    lower = dwelling((2, 1), (4, 1), (3, 0))
    assert settlement_sites(player, r) == sorted([upper, lower], reverse=True)
    assert settlement_sites(player, r, 2.0) == sorted([upper + 2 * 1.5, lower + 2 * 1.0],
                                                      reverse=True)


@pytest.mark.parametrize("length", ["short", "long"])
def test_the_two_player_games_count_no_open_neighbours(
        length: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-END-2, R-END-3: the two-player games end only once the display is built empty; there
    the term drew the planners from building and their games did not end, so it is off, as
    the sites are."""
    state = _settled(new_state(2, "france", length), (3, 0))
    assert _open_worth(state, monkeypatch) == 0
