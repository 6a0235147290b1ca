"""The event store under two writers (design §3, tech-notes §1.5 and §4 approach d).

A ``RuleBasedStateMachine`` plays games into ``ora_core.store.EventStore`` (with the engine's
``EventJsonCodec``), on the memory backend and on SQLite in a temporary folder. Two writers each
keep the state they last read, possibly stale, decide moves from it and append the events at the
version they read. On SQLite each writer has its own ``EventStore`` on the same file, as two
server processes would. One always-enabled rule branches in Python (tech-notes §4 pitfalls: a game
that ends must not leave the machine without an enabled rule; preconditions waste examples):

- a writer appends the events of a legal move of its state: accepted exactly when its version is
  the stream's head, else ``VersionConflict`` and nothing is stored;
- both writers append at the same moment (two threads): at most one wins, exactly one when both
  read the head; the loser gets ``VersionConflict`` and nothing of his is stored;
- a writer tries an illegal command: ``decide`` refuses it and nothing is appended;
- a writer re-reads the stream (verifying its hash chain) and catches up;
- a finished (or long enough) game is followed by a new one.

After every step, on every store: the stream holds exactly the accepted events at versions
1..n, its hash chain verifies, it folds to the state the accepted commands lead to, and that state
passes the invariant catalogue (ora_rules/testing/invariants.py).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import uuid
from pathlib import Path

import attrs
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from ora_core.codec import EventJsonCodec
from ora_core.errors import VersionConflict
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.store import EventStore, verify_chain
from ora_rules.decide import decide
from ora_rules.moves import legal_moves
from ora_rules.testing import invariants as inv
from ora_rules.testing.strategies import CONFIGS
from tests.properties.common import SCALE, new_game, seeds
from tests.support import rules

#: Commands per game before the machine starts the next game.
COMMANDS_PER_GAME = 40
ILLEGAL = ("BUILD G99 9 9", "COMMIT 1", "USE", "WORK_CONTRACT LY1 PnPnPn", "SETTLE S09 0 0",
           "FELL_TREES 99 99", "BUY_DISTRICT 77 PLAINS")


#: One step's choices, the same shape in every state: the action, the writer, each writer's
#: move (an index into its legal moves, modulo their number), an illegal command, and the
#: configuration and seed of the next game.
Step = tuple[str, int, int, int, int, tuple[int, str, str], int]
STEP: st.SearchStrategy[Step] = st.tuples(
    st.sampled_from(("append", "append", "race", "illegal", "refresh")), st.integers(0, 1),
    st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, len(ILLEGAL) - 1),
    st.sampled_from(CONFIGS), seeds)


@attrs.define
class Writer:
    """A client of the store: the game state it last read, at that version."""

    name: str
    store: EventStore[GameEvent]
    version: int
    state: State


class StoreMachine(RuleBasedStateMachine):
    backend = "memory"

    def __init__(self) -> None:
        super().__init__()
        self.tmp: Path | None = None
        codec = EventJsonCodec()
        if self.backend == "sqlite":
            self.tmp = Path(tempfile.mkdtemp(prefix="ora-store-"))
            url = f"sqlite:{self.tmp / 'games.sqlite'}"
            self.stores = [EventStore(codec, url), EventStore(codec, url)]
        else:
            self.stores = [EventStore(codec, "memory")]
        self.game = uuid.uuid4()
        self.truth: list[GameEvent] = []
        self.truth_state: State | None = None
        self.commands = 0
        self.writers: list[Writer] = []

    # -- helpers ------------------------------------------------------------------------------

    def _start(self, config: tuple[int, str, str], seed: int) -> None:
        self.game = uuid.uuid4()
        events = new_game(config, seed)
        self.stores[0].append(self.game, 0, events)
        self.truth = list(events)
        self.truth_state = fold(events)
        self.commands = 0
        self.writers = [Writer(name, self.stores[i % len(self.stores)], len(events),
                               self.truth_state) for i, name in enumerate(("a", "b"))]

    def _accept(self, writer: Writer, events: list[GameEvent]) -> None:
        self.truth.extend(events)
        self.truth_state = fold(events, self.truth_state)
        self.commands += 1
        writer.version, writer.state = len(self.truth), self.truth_state

    def _move(self, writer: Writer, pick: int) -> list[GameEvent] | None:
        if writer.state.finished:
            return None
        moves = legal_moves(writer.state, rules())
        return decide(writer.state, moves[pick % len(moves)], rules())

    # -- the one rule --------------------------------------------------------------------------

    @initialize(config=st.sampled_from(CONFIGS), seed=seeds)
    def start(self, config: tuple[int, str, str], seed: int) -> None:
        self._start(config, seed)

    @rule(choice=STEP)
    def step(self, choice: Step) -> None:
        """Every step draws the same shape of data, whatever the state: which writer wins a
        race (a thread schedule) changes the later positions, and hypothesis must not see the
        draws depend on that (FlakyStrategyDefinition)."""
        assert self.truth_state is not None
        action, w, pick_a, pick_b, illegal, config, seed = choice
        if self.truth_state.finished or self.commands >= COMMANDS_PER_GAME:
            self._start(config, seed)
            return
        writer = self.writers[w]
        event(f"{action} ({self.backend})")
        if action == "append":
            self._append(writer, pick_a)
        elif action == "race":
            self._race((pick_a, pick_b))
        elif action == "illegal":
            self._illegal(writer, ILLEGAL[illegal])
        else:
            self._refresh(writer)

    def _append(self, writer: Writer, pick: int) -> None:
        events = self._move(writer, pick)
        if events is None:
            self._refresh(writer)
            return
        head = len(self.truth)
        try:
            stored = writer.store.append(self.game, writer.version, events)
        except VersionConflict:
            assert writer.version != head, f"writer {writer.name} at the head was refused"
            event("stale append refused")
            self._refresh(writer)
            return
        assert writer.version == head, (
            f"writer {writer.name} appended at stale version {writer.version} (head {head})")
        assert [s.version for s in stored] == list(range(head + 1, head + 1 + len(events)))
        self._accept(writer, events)

    def _race(self, picks: tuple[int, int]) -> None:
        moves = [self._move(w, pick) for w, pick in zip(self.writers, picks, strict=True)]
        if any(m is None for m in moves):
            for w in self.writers:
                self._refresh(w)
            return
        head = len(self.truth)
        barrier = threading.Barrier(2)
        outcome: dict[int, str] = {}

        def append(i: int) -> None:
            writer, events = self.writers[i], moves[i]
            assert events is not None
            barrier.wait()
            try:
                writer.store.append(self.game, writer.version, events)
                outcome[i] = "won"
            except VersionConflict:
                outcome[i] = "conflict"
            except Exception as e:  # reported below, with the other thread's outcome
                outcome[i] = f"{type(e).__name__}: {e}"

        threads = [threading.Thread(target=append, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [i for i in (0, 1) if outcome[i] == "won"]
        fresh = [i for i in (0, 1) if self.writers[i].version == head]
        event(f"race with {len(fresh)} writer(s) at the head: {sorted(outcome.values())}")
        assert all(o in ("won", "conflict") for o in outcome.values()), outcome
        assert len(winners) <= 1, f"both racing appends at version {head} were stored"
        assert set(winners) <= set(fresh), f"a stale writer won: {outcome}"
        if fresh:
            assert len(winners) == 1, f"no racing append at the head won: {outcome}"
        for i in winners:
            events = moves[i]
            assert events is not None
            self._accept(self.writers[i], events)
        for i in (0, 1):
            if i not in winners:
                self._refresh(self.writers[i])

    def _illegal(self, writer: Writer, command: str) -> None:
        before = writer.store.version(self.game)
        log: list[GameEvent] = []
        accepted = inv.check_illegal_command_no_effect(writer.state, command, rules(), log)
        assert not accepted, f"{command!r} was accepted"
        assert not log and writer.store.version(self.game) == before

    def _refresh(self, writer: Writer) -> None:
        stored = writer.store.events(self.game)
        verify_chain(stored)
        writer.version = stored[-1].version
        writer.state = fold(s.event for s in stored)

    # -- what always holds ---------------------------------------------------------------------

    @invariant()
    def streams_hold_exactly_the_accepted_events(self) -> None:
        if self.truth_state is None:
            return
        for store in self.stores:
            stored = store.events(self.game)
            assert [s.version for s in stored] == list(range(1, len(self.truth) + 1))
            assert [s.event for s in stored] == self.truth
            verify_chain(stored)
            store.verify(self.game)
            assert store.version(self.game) == len(self.truth)
            state = store.fold(self.game, fold)
            assert state == self.truth_state
        inv.check_position(self.truth_state, rules())
        inv.check_moves_available(self.truth_state, rules())

    def teardown(self) -> None:
        for store in self.stores:
            store.close()
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)


class SQLiteStoreMachine(StoreMachine):
    backend = "sqlite"


_machine_settings = settings(max_examples=6 * SCALE, stateful_step_count=40,
                             suppress_health_check=[HealthCheck.too_slow,
                                                    HealthCheck.large_base_example])

StoreMachine.TestCase.settings = _machine_settings
SQLiteStoreMachine.TestCase.settings = _machine_settings
TestMemoryStore = StoreMachine.TestCase
TestSQLiteStore = SQLiteStoreMachine.TestCase
