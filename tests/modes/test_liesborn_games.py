"""Whole Liesborn games (R-LIES-1..6) in all 14 configurations, through ``play_game`` (the code
behind ``ora selfplay --liesborn``): each finishes, its wonder tiles are where the invariants
say, and its final scores re-derive tile by tile (tests/invariants.py)."""

from __future__ import annotations

import pytest

from ora_rules.testing import invariants as inv
from tests.modes.games import LIESBORN_CONFIGS, Config, played
from tests.support import rules


@pytest.mark.parametrize("config", LIESBORN_CONFIGS, ids=[c.id for c in LIESBORN_CONFIGS])
def test_a_liesborn_game_plays_to_its_end(config: Config) -> None:
    trace = played(config, 0)
    assert trace.finished, trace.problem
    state = trace.state
    assert state.config.liesborn and state.config.wonder_tiles == "all"
    inv.check_wonder_tiles(state, rules())
    inv.check_scores(state, rules())
    inv.check_fold_equals_state(trace.events, state)
    assert state.scores is not None
    for score in state.scores:
        player = state.players[score.seat]
        assert [w.tile for w in score.wonders] == [*player.dark_wonders, *player.light_wonders]
