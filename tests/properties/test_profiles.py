"""Random games under the kennerspiel-0.21 profile (docs/records.md "Profiles"): the invariant
catalogue holds after every command (its R-CLG-4 check knows the replaced clergyman), the game
re-decides under its own profile (``verify``), and every move the audit lists is one the
rulebook refuses or plays otherwise from that position, while a rulebook game has none."""

from __future__ import annotations

import random

import attrs
import pytest

from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.state import Readings
from ora_rules.bots import random_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.readings import resolve
from ora_rules.records.audit import audit
from ora_rules.records.verify import redecide
from ora_rules.setup import make_config
from ora_rules.testing import invariants as inv
from tests.support import rules

R = rules()


def _game(players: int, seed: int, readings: Readings, cap: int) -> list[GameEvent]:
    config = make_config(players, "france", "long", seed,
                         colours=("R", "G", "B", "W")[:players], readings=readings)
    events = list(start(config, R))
    state, rng = fold(events), random.Random(seed)
    while not state.finished and sum(isinstance(e, MovePlayed) for e in events) < cap:
        executed = execute(state, random_bot(state, MoveSet(state, R), rng), R)
        state = inv.check_all(state, executed.events, R)
        events.extend(executed.events)
    return events


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (3, 5), (4, 2)])
def test_a_kennerspiel_game_keeps_the_invariants_verifies_and_audits(players: int,
                                                                    seed: int) -> None:
    events = _game(players, seed, resolve(R, "kennerspiel-0.21"), 400)
    assert redecide(events, R) is None
    found = audit(events, R)
    assert found.profile == "kennerspiel-0.21"
    for d in found.departures:
        assert d.rulebook.startswith(("refused", "plays it otherwise", "another set-up")), d
        group, label = d.option.split("=")
        assert getattr(resolve(R, "kennerspiel-0.21"), group) == label
        assert getattr(Readings(), group) != label


def test_a_rulebook_game_relies_on_nothing() -> None:
    events = _game(3, 5, Readings(), 150)
    assert audit(events, R).departures == ()
    swapped = attrs.evolve(Readings(), landscape_purchases="per_slot")
    assert audit(_game(3, 5, swapped, 150), R).profile == "landscape_purchases=per_slot"
