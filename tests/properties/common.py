"""Shared machinery of the property tests: the 14 configurations, the profile scale, games whose
moves hypothesis draws (tech-notes §4 approach a), and a collector that lets one game report
every invariant it breaks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st

from ora_core.events import GameEvent, amended
from ora_core.evolve import evolve, fold
from ora_core.state import GameConfig, State
from ora_core.values import Good
from ora_rules import flow
from ora_rules.bots import random_bot
from ora_rules.decide import decide, start
from ora_rules.draft import Draft
from ora_rules.moves import legal_moves
from ora_rules.notation import Command
from ora_rules.setup import game_started, make_config
from ora_rules.testing.profiles import NO_SHRINK as NO_SHRINK  # the whole-game phases
from ora_rules.testing.strategies import CONFIG_IDS, CONFIGS
from tests.support import rules

configs = pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)

#: 1 under the dev and ci profiles (max_examples 10 and 25), 20 under thorough (500).
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


def new_game(config: tuple[int, str, str], seed: int, *, liesborn: bool = False
             ) -> list[GameEvent]:
    """A new game; ``liesborn``: the wonder-rich Liesborn start of ``wonder_rich_start``."""
    players, variant, length = config
    if liesborn:
        return wonder_rich_start(make_config(players, variant, length, seed, liesborn=True))
    return start(make_config(players, variant, length, seed), rules())


#: Goods every player starts with in ``wonder_rich_start``: the Sacristy's price four times.
WONDER_GOODS = {Good.BOOK: 4, Good.CERAMIC: 4, Good.ORNAMENT: 4, Good.RELIQUARY: 4}


def wonder_rich_start(config: GameConfig) -> list[GameEvent]:
    """A Liesborn game (R-LIES-1, R-LIES-2) set up so that wonders change hands in random play:
    seat 0 has the Sacristy (G34, both variants: a wonder for a book, a ceramic, an ornament
    and a reliquary) built next to its Cloister Office from the start, out of the stage D
    stack, and every player holds its price four times. Otherwise the set-up of ``start``: the
    seeded display and stack of wonder tiles, the first round up to the first decision."""
    r = rules()
    started = game_started(config, r)
    players = tuple(p if p.neutral else attrs.evolve(p, goods={**p.goods, **WONDER_GOODS})
                    for p in started.players)
    stacks = {stage: tuple(b for b in cards if b != "G34") for stage, cards in
              started.stacks.items()}
    started = amended(started, players=players, stacks=stacks,
                      built=(*started.built, ("G34", 0, (3, 1))))
    draft = Draft(evolve(None, started), r)
    draft.events.append(started)
    flow.begin_game(draft)
    return draft.finish()


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
               cap: int | None = None, *, liesborn: bool = False
               ) -> Iterator[tuple[State, Command, list[GameEvent], State, list[Command]]]:
    """Play a game (up to ``cap`` commands), each move drawn by hypothesis. Yields
    ``(before, command, events, after, legal moves of before)``; the caller sees every step."""
    r = rules()
    state = fold(new_game(config, seed, liesborn=liesborn))
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
def seeded_game(config: tuple[int, str, str], seed: int, liesborn: bool = False
                ) -> tuple[State, ...]:
    """The positions of a seed-driven random game (tech-notes §4 approach c: the self-play
    random bot with ``random.Random(seed)``), up to ``move_cap`` commands: the start and the
    state after every command. Cached, so the tests of a session share their games."""
    r = rules()
    rng = random.Random(seed)
    states = [fold(new_game(config, seed, liesborn=liesborn))]
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
