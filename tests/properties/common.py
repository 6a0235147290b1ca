"""Shared machinery of the property tests: the 14 configurations, the profile scale, games whose
moves hypothesis draws (tech-notes §4 approach a), and a collector that lets one game report
every invariant it breaks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from ora_core.events import GameEvent
from ora_core.evolve import evolve, fold
from ora_core.state import State
from ora_rules.bots import random_bot
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.notation import Command
from ora_rules.setup import make_config
from ora_rules.testing.profiles import NO_SHRINK as NO_SHRINK  # the whole-game phases
from ora_rules.testing.strategies import CONFIG_IDS, CONFIGS
from tests.support import rules

configs = pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)

#: 1 under the dev and ci profiles (max_examples 25), 20 under thorough (500).
SCALE = max(1, (settings.default or settings()).max_examples // 25)
THOROUGH = SCALE > 1
seeds = st.integers(0, 2**63 - 1)


def move_cap(players: int) -> int:
    """Commands per game. Games of 1, 3 and 4 players end within ~350 commands of random play;
    the two-player games have no fixed length (R-SCHED-4) and random play takes 500 to several
    thousand commands, so they are cut (longer under the thorough profile, as far as
    hypothesis's data budget allows the games whose moves it draws)."""
    if players == 2:
        return 700 if THOROUGH else 160
    return 3000


def new_game(config: tuple[int, str, str], seed: int) -> list[GameEvent]:
    players, variant, length = config
    return start(make_config(players, variant, length, seed), rules())


def draw_move(data: st.DataObject, state: State, moves: Sequence[Command], n: int) -> Command:
    """A kind of move (the verb), then a move of that kind, both drawn by hypothesis: like the
    random bot, this keeps rare kinds (build, settle) as likely as the many conversions, so the
    games progress; it shrinks to the first kind and the first move."""
    kinds: dict[str, list[Command]] = {}
    for move in moves:
        kinds.setdefault(str(move).split(" ", 1)[0], []).append(move)
    names = sorted(kinds)
    kind = names[0] if len(names) == 1 else data.draw(st.sampled_from(names), label=f"kind {n}")
    options = kinds[kind]
    return options[0] if len(options) == 1 else data.draw(st.sampled_from(options),
                                                         label=f"move {n}")


def drawn_game(data: st.DataObject, config: tuple[int, str, str], seed: int,
               cap: int | None = None
               ) -> Iterator[tuple[State, Command, list[GameEvent], State, list[Command]]]:
    """Play a game (up to ``cap`` commands), each move drawn by hypothesis. Yields
    ``(before, command, events, after, legal moves of before)``; the caller sees every step."""
    r = rules()
    state = fold(new_game(config, seed))
    for n in range(move_cap(config[0]) if cap is None else cap):
        if state.finished:
            return
        moves = legal_moves(state, r)
        assert moves, f"no legal move at version {state.version}: {state.flow.turn}"
        command = draw_move(data, state, moves, n)
        events = decide(state, command, r)
        after = state
        for event in events:
            after = evolve(after, event)
        yield state, command, events, after, moves
        state = after


@cache
def seeded_game(config: tuple[int, str, str], seed: int) -> tuple[State, ...]:
    """The positions of a seed-driven random game (tech-notes §4 approach c: the self-play
    random bot with ``random.Random(seed)``), up to ``move_cap`` commands: the start and the
    state after every command. Cached, so the tests of a session share their games."""
    r = rules()
    rng = random.Random(seed)
    states = [fold(new_game(config, seed))]
    for _ in range(move_cap(config[0])):
        state = states[-1]
        if state.finished:
            break
        command = random_bot(state, legal_moves(state, r), rng)
        for event in decide(state, command, r):
            state = evolve(state, event)
        states.append(state)
    return tuple(states)


#: Seeds of ``seeded_game``: a small pool (2 under dev / ci, 40 under thorough) so that the
#: examples of a session share cached games.
game_seeds = st.integers(0, 2 * SCALE - 1)


class Failures:
    """The first failure of each named check in one game; ``raise_all`` reports them together,
    so a game that breaks several invariants shows all of them (and hypothesis shrinks to a
    game that still breaks at least one)."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}

    def run(self, name: str, where: str, check: Callable[..., object], *args: object) -> None:
        if name in self.seen:
            return  # reported once; keep the game going for the other checks
        try:
            check(*args)
        except AssertionError as e:
            self.seen[name] = f"{name} at {where}: {e}"

    def add(self, name: str, message: str) -> None:
        self.seen.setdefault(name, f"{name}: {message}")

    def raise_all(self) -> None:
        if self.seen:
            raise AssertionError(f"{len(self.seen)} invariant(s) broken:\n  "
                                 + "\n  ".join(self.seen.values()))
