"""``legal_moves`` against ``decide`` (design §5), in all 14 configurations.

Positions come from seed-driven random games (tech-notes §4 approach c: the self-play random bot,
``tests.properties.common.seeded_game``, cached and shared by the tests of a session); the
commands tried at them come from hypothesis. A position is examined at the first turn of every
kind the game reaches (action, settlement, bonus, neutral, neutral prior, a pending work contract,
a slot after its main action, with free uses, grants or a prior bonus), at the game's last
position, and at positions drawn at random. At each:

- soundness: every enumerated command is distinct, survives the notation (``parse`` / ``str``)
  and is accepted by ``decide``; the events of a sample of them pass the per-command invariants
  of ora_rules/testing/invariants.py;
- completeness: every command ``decide`` accepts, out of a generated space of commands around the
  position (``ora_rules.testing.strategies.commands_around``: every verb, building ids from the
  display, the
  landscapes, the stacks and made-up ones, coordinates on and off the board, goods strings from
  the player's goods and any codes, counts 0..8, labels, payments, and mutations of the legal
  moves), is enumerated, or it overpays (R-GOODS-3: an enumerated move with a goods string
  that holds superfluous tiles, the same facts but more goods paid; the legal moves list the
  minimal payments only). ``test_legal_moves_are_sound_and_complete`` fails when an accepted
  command has no enumerated move with the same events; ``test_accepted_commands_are_enumerated``
  fails when an accepted command's text is not one of the enumerated texts (design §5: one
  canonical spelling per move);
- ``is_legal`` agrees with ``decide`` on all of them and on arbitrary text, and never raises;
  a refused command leaves its state untouched;
- completion (``ora_rules.complete``, if present): following offered tokens always ends in a legal
  move (no dead ends), and every prefix of every legal move is offered.

The games are seed-driven, so shrinking could only simplify the examined positions and commands,
which the failure message already names: these tests skip the shrink phase (it took minutes on a
failure), and a failure prints the seed, the position and the command, plus the blob.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from ora_core.errors import OraError
from ora_core.events import GameEvent, GoodsConverted, GoodsPaid, MovePlayed
from ora_core.evolve import evolve
from ora_core.state import State
from ora_core.values import Good
from ora_rules.decide import decide
from ora_rules.moves import is_legal, legal_moves
from ora_rules.notation import Command, parse
from ora_rules.testing import invariants as inv
from ora_rules.testing.strategies import commands_around
from ora_rules.tokens import parse_tiles
from tests.properties.common import (
    NO_SHRINK,
    SCALE,
    THOROUGH,
    Failures,
    configs,
    game_seeds,
    seeded_game,
)
from tests.support import rules

HAS_COMPLETE = importlib.util.find_spec("ora_rules.complete") is not None

#: Generated commands per example, shared by its positions (at least 10 each): hypothesis
#: refuses examples that draw much more (its data budget; "data too large").
COMMAND_BUDGET = 300
#: Enumerated moves run through ``decide`` per position (all of them under thorough); late
#: two-player positions enumerate thousands of conversion combinations.
SOUND_LIMIT = None if THOROUGH else 400
#: Enumerated moves per position whose events go through the invariant catalogue.
INVARIANT_SAMPLE = 200 if THOROUGH else 25
#: Positions drawn at random per game, besides the first of each kind and the last.
RANDOM_POSITIONS = 6 if THOROUGH else 4

position_settings = settings(max_examples=3 * SCALE, phases=NO_SHRINK,
                             suppress_health_check=[HealthCheck.large_base_example,
                                                    HealthCheck.too_slow])

Config = tuple[int, str, str]


def _position_kind(state: State) -> str:
    turn = state.flow.turn
    kind = turn.kind
    for flag, name in ((turn.contract is not None, "contract"), (turn.main_done, "main_done"),
                       (bool(turn.grants), "grants"), (bool(turn.free_uses), "free_uses"),
                       (turn.prior_bonus is not None, "prior_bonus")):
        if flag:
            kind += f"+{name}"
    return kind


def _positions(data: st.DataObject, config: Config, seed: int) -> list[tuple[int, State]]:
    """The positions to examine (with their command numbers) along one seed-driven game."""
    states = seeded_game(config, seed)
    kinds: set[str] = set()
    chosen: dict[int, State] = {}
    for i, state in enumerate(states):
        kind = _position_kind(state)
        if kind not in kinds and not state.finished:
            kinds.add(kind)
            chosen[i] = state
    if not states[-1].finished:
        chosen[len(states) - 1] = states[-1]
    picks = data.draw(st.lists(st.integers(0, len(states) - 1), min_size=RANDOM_POSITIONS,
                               max_size=RANDOM_POSITIONS), label="random positions")
    chosen.update({i: states[i] for i in picks if not states[i].finished})
    return sorted(chosen.items(), key=lambda item: item[0])


def _decided(state: State, command: Command | str) -> list[GameEvent] | OraError:
    try:
        return decide(state, command, rules())
    except OraError as e:
        return e


def _facts(events: list[GameEvent]) -> list[GameEvent]:
    return [e for e in events if not isinstance(e, MovePlayed)]


_GOODS_STRING = re.compile(r"^(?:[A-Z][a-z])+$")


def _paid(events: list[GameEvent]) -> Counter[Good]:
    paid: Counter[Good] = Counter()
    for e in events:
        if isinstance(e, GoodsPaid):
            paid.update(e.goods)
    return paid


def _overpays(state: State, command: str, texts: Sequence[str]) -> bool:
    """R-GOODS-3 (no change is given): ``decide`` also accepts a payment with superfluous tiles,
    which ``legal_moves`` does not list. Such a command is precisely an enumerated move whose
    last token, a goods string, is contained in the command's, with the same facts except that
    more goods are paid (GoodsPaid, and the grain flipped to straw for them)."""
    tokens = str(parse(command)).split()
    if not tokens or not _GOODS_STRING.match(tokens[-1]):
        return False
    tiles = Counter(parse_tiles(tokens[-1]))
    result = _decided(state, command)
    if isinstance(result, OraError):
        return False
    facts = [e for e in _facts(result) if not isinstance(e, (GoodsPaid, GoodsConverted))]
    for text in texts:
        twin = text.split()
        if twin[:-1] != tokens[:-1] or not _GOODS_STRING.match(twin[-1]):
            continue
        fewer = Counter(parse_tiles(twin[-1]))
        if not fewer <= tiles or fewer == tiles:
            continue
        minimal = _decided(state, text)
        if isinstance(minimal, OraError):
            continue
        same = [e for e in _facts(minimal) if not isinstance(e, (GoodsPaid, GoodsConverted))]
        surplus = _paid(result)
        surplus.subtract(_paid(minimal))
        if same == facts and all(n >= 0 for n in surplus.values()) and +surplus:
            return True
    return False


def _sample(data: st.DataObject, size: int, limit: int | None, label: str) -> list[int]:
    if limit is None or size <= limit:
        return list(range(size))
    rng = random.Random(data.draw(st.integers(0, 2**32), label=label))
    return sorted(rng.sample(range(size), limit))


def _check_sound(data: st.DataObject, state: State, legal: list[Command], failures: Failures,
                 where: str) -> None:
    r = rules()
    texts = [str(m) for m in legal]
    if len(set(texts)) != len(texts):
        dup = sorted({t for t in texts if texts.count(t) > 1})[:5]
        failures.add("distinct", f"{where}: legal_moves lists {dup} more than once")
    sample = _sample(data, len(legal), SOUND_LIMIT, f"sound sample at {where}")
    step = max(1, len(sample) // INVARIANT_SAMPLE)
    for k, i in enumerate(sample):
        move, text = legal[i], texts[i]
        try:
            again = parse(text)
        except OraError as e:
            failures.add("notation", f"{where}: enumerated {text!r} does not parse: {e}")
            continue
        if again != move or str(again) != text:
            failures.add("notation", f"{where}: {text!r} parses to {again!r} ({str(again)!r})")
        result = _decided(state, move)
        if isinstance(result, OraError):
            failures.add("sound", f"{where}: legal_moves offers {text!r} but decide refuses "
                         f"it: {result}")
            continue
        if k % step == 0:
            after = state
            for event in result:
                after = evolve(after, event)
            failures.run("sound_invariants", f"{where}, legal move {text!r}", inv.check_command,
                         state, result, after, r)
        if k % max(1, len(sample) // 10) == 0:
            _check_is_legal(state, text, True, failures, where)


def _check_is_legal(state: State, command: str, expected: bool, failures: Failures,
                    where: str) -> None:
    try:
        answer = is_legal(state, command, rules())
    except Exception as e:
        failures.add("is_legal", f"{where}: is_legal({command!r}) raised {type(e).__name__}: {e}")
        return
    if answer != expected:
        failures.add("is_legal", f"{where}: is_legal({command!r}) = {answer}, but decide "
                     f"{'accepts' if expected else 'refuses'} it")


def _check_complete(data: st.DataObject, state: State, texts: list[str], failures: Failures,
                    where: str) -> None:
    module = importlib.import_module("ora_rules.complete")
    end: str = module.END
    r = rules()

    def by_engine(prefix: Sequence[str]) -> list[str]:
        result: list[str] = module.complete(state, r, list(prefix))
        return result

    # complete() over legal_moves, without asking the engine again for every prefix
    def from_moves(prefix: Sequence[str]) -> list[str]:
        k = len(prefix)
        seen: dict[str, None] = {}
        for text in texts:
            tokens = text.split()
            if tokens[:k] == list(prefix):
                seen.setdefault(tokens[k] if len(tokens) > k else end, None)
        return list(seen)

    moves = set(texts)
    # Following offered tokens always ends in a legal move (no dead ends): one walk asking the
    # engine at every step, two more over the enumerated moves.
    for walk, offer in enumerate((by_engine, from_moves, from_moves)):
        prefix: list[str] = []
        while True:
            offered = offer(prefix)
            if not offered:
                failures.add("complete", f"{where}: nothing offered after {prefix} (dead end)")
                return
            token = data.draw(st.sampled_from(offered), label=f"completion {walk} at {where}")
            if token == end:
                break
            if not token or any(c.isspace() for c in token):
                failures.add("complete", f"{where}: offered token {token!r} after {prefix}")
                return
            prefix.append(token)
            if len(prefix) > 60:
                failures.add("complete", f"{where}: endless completion {prefix[:8]}...")
                return
        text = " ".join(prefix)
        if text not in moves or not is_legal(state, text, r):
            failures.add("complete", f"{where}: completion reached {text!r}, not a legal move")
    # Every prefix of a legal move is offered (END for the whole move); nothing else is.
    if not texts:
        if by_engine([]):
            failures.add("complete", f"{where}: tokens offered although no move is legal")
        return
    picked = data.draw(st.lists(st.sampled_from(texts), min_size=1, max_size=4, unique=True),
                       label=f"completed moves at {where}")
    for text in picked:
        tokens = text.split()
        for k in range(len(tokens) + 1):
            offered = by_engine(tokens[:k]) if k <= 1 else from_moves(tokens[:k])
            want = tokens[k] if k < len(tokens) else end
            if want not in offered:
                failures.add("complete", f"{where}: after {tokens[:k]} the legal move {text!r} "
                             f"needs {want!r}, offered {offered[:10]}")
                return
    if by_engine(["NO_SUCH_VERB"]):
        failures.add("complete", f"{where}: tokens offered after an unknown verb")


Verbatim = Callable[[str, str, str], None]


def _examine(data: st.DataObject, state: State, n: int, failures: Failures, count: int,
             verbatim: Verbatim | None = None) -> None:
    """Examine one position; with ``verbatim``, only report accepted commands to it."""
    r = rules()
    where = (f"position after command {n} (version {state.version}, {_position_kind(state)}, "
             f"seat {state.flow.turn.decider}, round {state.round})")
    legal = legal_moves(state, r)
    texts = [str(m) for m in legal]
    if verbatim is None:
        if not legal:
            failures.add("no_moves", f"{where}: no legal move (R-ACT-3)")
        _check_sound(data, state, legal, failures, where)
    commands = data.draw(st.lists(commands_around(state, r, texts),
                                  min_size=count, max_size=count), label=f"commands at {where}")
    if verbatim is None:
        commands += data.draw(st.lists(st.text(max_size=24), max_size=3),
                              label=f"arbitrary text at {where}")
    enumerated = set(texts)
    for command in commands:
        try:
            accepted = inv.check_illegal_command_no_effect(state, command, r)
        except AssertionError as e:
            failures.add("pure", f"{where}: {e}")
            continue
        if verbatim is not None:
            if accepted:
                verbatim(command, str(parse(command)), where)
            continue
        _check_is_legal(state, command, accepted, failures, where)
        if not accepted or str(parse(command)) in enumerated or _overpays(state, command, texts):
            continue
        facts = _facts(decide(state, command, r))
        twins = [t for t in texts if _same_facts(state, t, facts)]
        if not twins:
            failures.add("complete_moves", f"{where}: decide accepts {command!r} but no "
                         "enumerated move has its effect")
    if HAS_COMPLETE and verbatim is None:
        _check_complete(data, state, texts, failures, where)


def _per_position(positions: Sequence[object]) -> int:
    return max(10, COMMAND_BUDGET // max(1, len(positions)))


def _same_facts(state: State, text: str, facts: list[GameEvent]) -> bool:
    result = _decided(state, text)
    return not isinstance(result, OraError) and _facts(result) == facts


@configs
@position_settings
@given(data=st.data(), seed=game_seeds)
def test_legal_moves_are_sound_and_complete(config: Config, data: st.DataObject,
                                            seed: int) -> None:
    note(f"seeded_game({config}, {seed})")
    failures = Failures()
    positions = _positions(data, config, seed)
    for n, state in positions:
        _examine(data, state, n, failures, _per_position(positions))
    failures.raise_all()


@configs
@position_settings
@given(data=st.data(), seed=game_seeds)
def test_accepted_commands_are_enumerated(config: Config, data: st.DataObject, seed: int
                                          ) -> None:
    """Completeness by text, as design §5 words it: a command ``decide`` accepts is one of the
    strings ``legal_moves`` enumerates, so that a game record has one spelling per move."""
    note(f"seeded_game({config}, {seed})")
    failures = Failures()

    at: list[State] = []

    def verbatim(command: str, recorded: str, where: str) -> None:
        if recorded not in enumerated and not _overpays(at[0], command, sorted(enumerated)):
            failures.add("verbatim", f"{where}: decide accepts {command!r} (recorded as "
                         f"{recorded!r}), which legal_moves does not list")

    positions = _positions(data, config, seed)
    for n, state in positions:
        enumerated = {str(m) for m in legal_moves(state, rules())}
        at[:] = [state]
        _examine(data, state, n, failures, _per_position(positions), verbatim)
    failures.raise_all()
