"""The search bot (``mcts``): Monte Carlo tree search that plays the game well at a small budget.

What makes it stronger than plain UCT with random playouts (docs/bots.md):

- **Evaluation of unfinished positions** (:func:`position_value`): the score so far (goods,
  buildings' economic value, settlements) plus the value of the goods not yet turned into
  points, of free clergy and of land still to build on. Leaves are valued for every seat, and a
  seat's value is its lead over the best opponent, squashed to 0..1.
- **Progressive widening over ``MoveSet`` groups**: a node does not enumerate every move (a
  position may have hundreds of conversions). It takes a few moves of each (verb, building)
  group, orders them by a one-ply prior (the evaluation after the move), and opens the next
  child only when the node's visits allow it (``k = 1 + widen * visits ** 0.5``).
- **Informed playouts**: from a new leaf, ``playout`` commands chosen by a sampled one-ply
  policy (the best of ``sample`` candidates drawn like the ``random`` bot), then the
  evaluation. None by default: at 100 ms per move more leaves did better than longer playouts
  (docs/bots.md).
- **Multi-player backup**: each node keeps a value per seat; the seat deciding at a node picks
  its child by its own value (max^n with UCB).
- **Tree reuse**: the subtree of the position the game reached is kept for the next decision.
- **Budget**: a time budget per move (``mcts:100ms``) or a number of simulations (``mcts:N``,
  the same game for a seed on any machine).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.players import random_bot
from ora_rules.bots.strategy import settled
from ora_rules.bots.work import valued
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.notation import Command
from ora_rules.scoring import score_player
from ora_rules.specs import Rules

#: Weights of the evaluation beyond the score: a point of usable goods value is worth this much.
GOODS_WEIGHT = 0.3
CLERGY_WEIGHT = 0.5  # a free clergyman (placing one must not look like a loss of points)
LAND_WEIGHT = 0.2  # per space of land owned (building on it must not look like a loss either)


def position_value(state: State, seat: int, rules: Rules) -> float:
    """The score so far plus the value of goods, free clergy and land."""
    valued()
    player = state.players[seat]
    value = float(score_player(player, rules).total)
    for good, n in player.goods.items():
        spec = rules.goods[good]
        value += GOODS_WEIGHT * n * (spec.food + spec.energy + spec.coins)
    value += CLERGY_WEIGHT * sum(1 for at in player.clergy if at is None)
    value += LAND_WEIGHT * len(player.landscape)
    return value


Evaluation = Callable[[State, int, Rules], float]


def values(state: State, rules: Rules, evaluation: Evaluation = position_value,
           baseline: float | None = None) -> tuple[float, ...]:
    """Each seat's value of ``state``, 0..1: its lead over the best opponent, squashed. Solo
    (no opponent) its gain over ``baseline``, the value where the decision began: a quarter
    of the whole value, as before, squashed every solo position to nearly 1 from mid-game on
    (200 points: 0.998), and the search could not tell its moves apart."""
    seats = [p.seat for p in state.players if not p.neutral]
    raw = {s: evaluation(state, s, rules) for s in seats}
    out = []
    for p in state.players:
        if p.neutral:
            out.append(0.5)
            continue
        others = [raw[s] for s in seats if s != p.seat]
        if others:
            lead = raw[p.seat] - max(others)
        else:
            lead = raw[p.seat] / 4 if baseline is None else raw[p.seat] - baseline
        out.append(1 / (1 + math.exp(-lead / 8)))
    return tuple(out)


def _sample_moves(moves: MoveSet, per_group: int, rng: random.Random) -> list[Command]:
    """Up to ``per_group`` moves of every (verb, building) group, drawn by ``rng``."""
    out: list[Command] = []
    groups = moves.groups()
    for verb in sorted(groups):
        for target in sorted(groups[verb]):
            group = groups[verb][target].moves()
            out.extend(group if len(group) <= per_group else rng.sample(group, per_group))
    return out


#: How a node picks the moves it will weigh: (moves, per group, rng) -> moves.
Chooser = Callable[[MoveSet, int, random.Random], list[Command]]


#: The share of a time budget spent simulating: a simulation started before it may run past it
#: (its expansion stops at the budget itself), and the move generation counts too.
MARGIN = 0.8


class _Node:
    __slots__ = ("candidates", "children", "partial", "seat", "state", "sums", "visits")

    def __init__(self, state: State) -> None:
        self.state = state
        self.seat = state.flow.turn.decider
        self.candidates: list[tuple[float, Command, State]] | None = None  # by prior, best last
        self.children: list[tuple[Command, _Node]] = []
        self.visits = 0
        self.sums = [0.0] * len(state.players)
        self.partial = False  # its expansion was cut short by the deadline


class SearchBot:
    """A bot object (call it like a bot function) that keeps its tree between moves."""

    def __init__(self, rules: Rules, *, seconds: float | None = 0.1, simulations: int = 64,
                 per_group: int = 3, widen: float = 1.5, exploration: float = 0.4,
                 playout: int = 0, sample: int = 3,
                 evaluation: Evaluation = position_value,
                 chooser: Chooser | None = None) -> None:
        self.rules = rules
        self.evaluation = evaluation
        self.chooser = chooser or _sample_moves
        self.seconds = seconds
        self.simulations = simulations
        self.per_group = per_group
        self.widen = widen
        self.exploration = exploration
        self.playout = playout
        self.sample = sample
        self._root: _Node | None = None
        self._deadline: float | None = None
        self._stop: float | None = None
        self._baseline: float | None = None  # solo: the value where the decision began

    # -- the bot ------------------------------------------------------------------------------

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        solo = sum(1 for p in state.players if not p.neutral) == 1
        # Solo, values are gains over this decision's start: an older tree's are not comparable.
        root = (None if solo else self._reuse(state)) or _Node(state)
        self._root = root
        self._baseline = self.evaluation(state, root.seat, self.rules) if solo else None
        self._deadline = None if self.seconds is None else start + self.seconds
        stop = None if self.seconds is None else start + MARGIN * self.seconds
        self._stop = stop
        done = 0
        while (done < self.simulations if stop is None
               else done == 0 or not self._late()):
            self._simulate(root, rng)
            done += 1
        move, _ = max(root.children, key=lambda mc: (mc[1].visits, mc[1].sums[root.seat]))
        return move

    def _reuse(self, state: State) -> _Node | None:
        """The node of ``state`` in the last decision's tree (at most four plies below its
        root: the bot's move, then the other seats' and its own further commands)."""
        frontier = [self._root] if self._root is not None else []
        for _ in range(4):
            nxt: list[_Node] = []
            for node in frontier:
                if node.state.version == state.version and node.state == state:
                    return None if node.partial else node
                nxt.extend(child for _, child in node.children
                           if child.state.version <= state.version)
            frontier = nxt
        for node in frontier:
            if node.state.version == state.version and node.state == state:
                return None if node.partial else node
        return None

    # -- one simulation -----------------------------------------------------------------------

    def _simulate(self, root: _Node, rng: random.Random) -> None:
        path = [root]
        node = root
        while True:
            if node.state.finished:
                break
            if node.candidates is None:
                if node is not root and self._late():
                    break  # no new expansion once simulating time is up: value it as a leaf
                self._expand(node, rng)
            assert node.candidates is not None
            allowed = 1 + int(self.widen * math.sqrt(node.visits))
            if node.candidates and len(node.children) < allowed:
                _, move, child_state = node.candidates.pop()
                child = _Node(child_state)
                node.children.append((move, child))
                path.append(child)
                node = child
                break
            if not node.children:
                break
            node = self._select(node)
            path.append(node)
        result = self._playout(node.state, rng)
        for visited in path:
            visited.visits += 1
            for i, v in enumerate(result):
                visited.sums[i] += v

    def _late(self) -> bool:
        """Whether the time for starting simulations is up (never, with a simulation count)."""
        return self._stop is not None and time.perf_counter() > self._stop

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits + 1)
        seat = node.seat
        best, best_score = node.children[0][1], -math.inf
        for _, child in node.children:
            if child.visits == 0:
                return child
            score = child.sums[seat] / child.visits + self.exploration * math.sqrt(
                log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _expand(self, node: _Node, rng: random.Random) -> None:
        """The node's candidate moves with their prior (the mover's value after the move); past
        the deadline the rest are left out (the first always counts) and the node is marked
        partial, so a later decision does not reuse it as its root."""
        seat = node.seat
        scored: list[tuple[float, Command, State]] = []
        for move in self.chooser(MoveSet(node.state, self.rules), self.per_group, rng):
            if scored and self._deadline is not None and time.perf_counter() > self._deadline:
                node.partial = True
                break
            after = settled(execute(node.state, move, self.rules).state, self.rules)
            prior = self.evaluation(after, seat, self.rules)
            scored.append((prior + 1e-6 * rng.random(), move, after))
        scored.sort(key=lambda t: t[0])
        node.candidates = scored

    def _playout(self, state: State, rng: random.Random) -> tuple[float, ...]:
        """A few commands by a sampled one-ply policy, then the evaluation for every seat."""
        rules = self.rules
        for _ in range(self.playout):
            if state.finished:
                break
            moves = MoveSet(state, rules)
            seat = state.flow.turn.decider
            best: State | None = None
            best_value = -math.inf
            for _ in range(self.sample):
                after = execute(state, random_bot(state, moves, rng), rules).state
                value = self.evaluation(after, seat, rules)
                if value > best_value:
                    best, best_value = after, value
            assert best is not None
            state = best
        return values(state, rules, self.evaluation, self._baseline)
