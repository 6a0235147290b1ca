"""Self-play reaches the buildings (issue 3, "Done when").

Over 200 random 4-player games per variant (uniform random play: every legal move equally
likely), the buildings used cover at least 95 % of the buildings of that variant; every building
is used at least once, by those games or by a self-play game of the seeking bot (``seek:<id>``:
random play that builds and uses one building on purpose), through public commands only.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from ora_api.tools.selfplay import play_game
from ora_core.values import Variant
from ora_rules.bots import make_bot
from tests.support import rules

GAMES = 200
SEEKER_SEEDS = 20


def _used_in_random_games(variant: str, seeds: range) -> set[str]:
    used: set[str] = set()
    for seed in seeds:
        result = play_game(rules(), 4, variant, "long", seed, [make_bot("uniform", rules())])
        assert result.finished
        used.update(result.buildings_used)
    return used


def _used_by_seeker(variant: str, building: str) -> bool:
    for seed in range(SEEKER_SEEDS):
        seeker = make_bot(f"seek:{building}", rules())
        if building in play_game(rules(), 4, variant, "long", seed, [seeker]).buildings_used:
            return True
    return False


@pytest.mark.parametrize("variant", ["france", "ireland"])
def test_random_self_play_uses_95_percent_and_seekers_the_rest(variant: str) -> None:
    available = {b.id for b in rules().buildings.values()
                 if b.in_variant(Variant(variant)) and "4" in b.modes}
    halves = [range(0, GAMES, 2), range(1, GAMES, 2)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        used = set().union(*pool.map(_used_in_random_games, [variant, variant], halves))
    covered = used & available
    assert len(covered) >= 0.95 * len(available), sorted(available - used)
    missing = sorted(available - used)
    with ProcessPoolExecutor(max_workers=2) as pool:
        found = dict(zip(missing, pool.map(_used_by_seeker, [variant] * len(missing), missing),
                         strict=True))
    assert all(found.values()), [b for b, ok in found.items() if not ok]
