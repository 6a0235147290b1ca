"""``Game.play_bots``: a game loop with a cap (issue 26). A two-player game has no fixed length
(R-END-2): it ends once the display is built down, so a loop over bots that never build runs
for ever unless it is capped."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ora_core.state import State
from ora_rules.bots import random_bot
from ora_rules.game import Game
from ora_rules.notation import Command
from tests.support import rules


def never_builds(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
    """The random bot, but it never builds (a hoarder): the display never shrinks."""
    choices = [m for m in moves if not str(m).startswith("BUILD")] or list(moves)
    return rng.choice(choices)


def test_a_hoarders_two_player_game_stops_at_the_round_cap() -> None:
    game = Game.new(rules(), 2, "france", "long", seed=3)
    assert game.play_bots([never_builds], max_rounds=40) is False
    assert not game.finished and game.state.round == 41  # R-END-2 never met
    assert all(not m.startswith("BUILD") for m in game.moves)


def test_the_command_cap_stops_too() -> None:
    game = Game.new(rules(), 2, "france", "long", seed=3)
    assert game.play_bots([never_builds], max_commands=50) is False
    assert len(game.moves) == 50


def test_a_four_player_game_plays_to_its_end_and_is_seeded() -> None:
    one, two = (Game.new(rules(), 4, "france", "short", seed=5) for _ in range(2))
    assert one.play_bots([random_bot], seed=9) is True
    assert two.play_bots([random_bot], seed=9) is True
    assert one.moves == two.moves and one.state.scores == two.state.scores
