"""Each weblabora test game imported under the ``weblabora`` readings set plays to its end with
the final scores weblabora's own engine computes (tests/data/records/expected-scores.json, per
colour goods / economic value / settlements / total; R-SCORE-1..4 as that engine departs from
them, specs/readings.toml ``[sets.weblabora]``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ora_core.evolve import fold
from ora_rules.readings import under
from ora_rules.records.verify import redecide
from ora_rules.scoring import score, score_player
from tests.support import read_test_record, rules

DATA = Path(__file__).resolve().parent.parent / "data" / "records"
EXPECTED = json.loads((DATA / "expected-scores.json").read_text(encoding="utf-8"))


def final_scores(name: str) -> dict[str, list[int]]:
    game = read_test_record(f"records/weblabora/{name}", "weblabora", "weblabora")
    assert game.stop is None, game.stop
    assert redecide(list(game.events), rules()) is None  # verify: legal under its profile
    state = fold(game.events)
    assert state.finished
    players = [p for p in state.players if not p.neutral]
    scores = {p.colour: [s.goods, s.economic, sum(s.settlements), s.total]
              for p, s in zip(players, score(state, rules()), strict=True)}
    for neutral in (p for p in state.players if p.neutral):
        # weblabora reports its solo neutral player (white) too, whom the rules do not score
        # (R-SCORE-8): its buildings' economic value
        s = score_player(neutral, under(rules(), state.config.readings))
        scores["W"] = [s.goods, s.economic, sum(s.settlements), s.total]
    return scores


@pytest.mark.parametrize("name", ["Game44462.txt", "Game27378.txt", "Game53276.txt",
                                  "Game21872.txt", "Game29696.txt", "Game20430.txt"])
def test_the_record_plays_to_its_end_with_weblabora_s_scores(name: str) -> None:
    """Game20430 too: red ends with 6 coins, which weblabora holds as six 1-coin pieces and
    scores nothing for (coin_tiles = kept_apart, tests/records/test_coin_pieces.py)."""
    assert final_scores(name) == EXPECTED[f"weblabora/{name}"]["scores"]
