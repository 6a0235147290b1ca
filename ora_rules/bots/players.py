"""Bots: ``random``, ``builder`` (random, eager to build), ``greedy`` (one ply) and
``mcts`` (UCT with random playouts).

A bot is a function ``(state, moves, rng) -> move``. Every bot is deterministic given its
``random.Random``: the same seed gives the same game (R: determinism, design §2).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.work import valued
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, group_key, legal_moves
from ora_rules.notation import Command
from ora_rules.scoring import score_player
from ora_rules.specs import Rules
from ora_rules.uses import use_options

Bot = Callable[[State, Sequence[Command], random.Random], Command]


def random_bot(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
    """Random play in three steps: a kind of move (use, build, fell, ...) uniformly, then for
    uses, contracts and builds a building uniformly, then one of its moves.

    Choosing the kind and the building first keeps rare kinds (building, settling) and buildings
    with few choices as likely as the rest, so random games reach every building and the
    open-ended two-player games end.
    """
    if isinstance(moves, MoveSet):
        # The same choice without enumerating the uses of the buildings not chosen.
        lazy = moves.groups()
        by_target = lazy[rng.choice(sorted(lazy))]
        return rng.choice(by_target[rng.choice(sorted(by_target))].moves())
    kinds: dict[str, dict[str, list[Command]]] = {}
    for move in moves:
        verb, target = group_key(move)
        kinds.setdefault(verb, {}).setdefault(target, []).append(move)
    groups = kinds[rng.choice(sorted(kinds))]
    return rng.choice(groups[rng.choice(sorted(groups))])


def uniform_bot(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
    """Uniform over the legal moves."""
    return rng.choice(moves)


def builder_bot(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
    """Random play that builds, settles and buys plots eagerly and never declines a function:
    a cheap bot whose games reach the late and expensive buildings."""
    for verb, chance in (("BUILD", 0.8), ("SETTLE", 0.8), ("BUY_PLOT", 0.3),
                         ("BUY_DISTRICT", 0.2)):
        wanted = [m for m in moves if str(m).startswith(verb + " ")]
        if wanted and rng.random() < chance:
            return random_bot(state, wanted, rng)
    useful = [m for m in moves if not str(m).endswith(" -")]
    return random_bot(state, useful or moves, rng)


def apply(state: State, command: Command, rules: Rules) -> State:
    return execute(state, command, rules).state


def evaluate(state: State, seat: int, rules: Rules) -> float:
    """A simple evaluation: the provisional score plus a fraction of the goods' usable value."""
    valued()
    player = state.players[seat]
    mode = state.config.mode if state.config.liesborn else None
    value = float(score_player(player, rules, mode).total)
    for good, n in player.goods.items():
        spec = rules.goods[good]
        value += 0.25 * n * (spec.food + spec.energy + spec.coins)
    value += 0.5 * sum(1 for at in player.clergy if at is None)
    return value


def relative(state: State, seat: int, rules: Rules) -> float:
    """The seat's evaluation minus the best opponent's (a win proxy)."""
    own = evaluate(state, seat, rules)
    others = [evaluate(state, p.seat, rules) for p in state.players
              if p.seat != seat and not p.neutral]
    return own - max(others) if others else own


def make_seeker(target: str, rules: Rules, sample: int = 12) -> Bot:
    """Self-play that reaches one building's use on purpose: it builds ``target`` and uses it
    (without declining) whenever it can; otherwise, among ``sample`` random candidates, it
    takes the move that brings it closest to affording the building (before it is built) or to
    a use of it with real choices (after), ties by chance."""

    def shortfall(state: State, seat: int) -> float:
        player = state.players[seat]
        placement = state.built.get(target)
        if placement is None:
            cost = rules.building(target).cost
            return float(sum(max(0, n - player.count(g)) for g, n in cost.items())) + 100
        usable = any(p != ("-",) for p in use_options(state, rules, seat, target))
        return 0.0 if usable else 1.0

    def seeker(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        for verb in ("BUILD", "PRIOR", "USE", "WORK_CONTRACT"):
            hits = [m for m in moves if str(m).startswith(f"{verb} {target}")
                    and not str(m).endswith(" -")]
            if hits:
                return rng.choice(hits)
        seat = state.flow.turn.decider
        candidates = list({str(m): m for m in (random_bot(state, moves, rng)
                                               for _ in range(sample))}.values())
        scored = [(shortfall(apply(state, m, rules), seat), i) for i, m in enumerate(candidates)]
        best = min(value for value, _ in scored)
        return candidates[rng.choice([i for value, i in scored if value == best])]

    return seeker


def make_greedy(rules: Rules, sample: int | None = None) -> Bot:
    """One ply: the move whose resulting position evaluates best for the mover; ties by rng.

    With ``sample``, only that many candidates drawn by ``random_bot`` are weighed (a fast,
    noisy greedy for large batches of games)."""

    def greedy(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        seat = state.flow.turn.decider
        best: list[Command] = []
        best_value = -math.inf
        candidates = moves if sample is None or len(moves) <= sample else list(
            {str(m): m for m in (random_bot(state, moves, rng) for _ in range(sample))}.values())
        for move in candidates:
            value = evaluate(apply(state, move, rules), seat, rules)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)

    return greedy


class _Node:
    __slots__ = ("children", "move", "parent", "seat", "state", "untried", "value", "visits")

    def __init__(self, state: State, parent: _Node | None, move: Command | None,
                 moves: list[Command], seat: int) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.untried = moves
        self.children: list[_Node] = []
        self.visits = 0
        self.value = 0.0
        self.seat = seat  # who chose the move leading here


def make_mcts(rules: Rules, playouts: int = 64, depth: int = 40, exploration: float = 1.2,
              seconds: float | None = None) -> Bot:
    """UCT: ``playouts`` simulations per decision, each a random playout of at most ``depth``
    commands, valued by ``relative`` (squashed to 0..1) for the seat that moved.

    With ``seconds``, a time budget instead: simulations run until it is spent (at least one).
    Its games depend on the machine's speed; a playout budget gives the same game for the same
    seed anywhere.
    """

    def value_for(state: State, seat: int) -> float:
        if state.players[seat].neutral:
            return 0.5
        return 1 / (1 + math.exp(-relative(state, seat, rules) / 10))

    def mcts(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        if len(moves) == 1:
            return moves[0]
        me = state.flow.turn.decider
        root = _Node(state, None, None, list(moves), me)
        deadline = None if seconds is None else time.perf_counter() + seconds

        def budget_left(simulated: int) -> bool:
            if deadline is None:
                return simulated < playouts
            return simulated == 0 or time.perf_counter() < deadline

        simulated = 0
        while budget_left(simulated):
            simulated += 1
            node = root
            while not node.untried and node.children:
                log_n = math.log(node.visits)
                node = max(node.children, key=lambda c: c.value / c.visits
                           + exploration * math.sqrt(log_n / c.visits))
            if node.untried:
                move = node.untried.pop(rng.randrange(len(node.untried)))
                child_state = apply(node.state, move, rules)
                mover = node.state.flow.turn.decider
                child = _Node(child_state, node, move,
                              legal_moves(child_state, rules) if not child_state.finished else [],
                              mover)
                node.children.append(child)
                node = child
            sim = node.state
            for _ in range(depth):
                if sim.finished:
                    break
                sim = apply(sim, random_bot(sim, MoveSet(sim, rules), rng), rules)
            walk: _Node | None = node
            while walk is not None:
                walk.visits += 1
                walk.value += value_for(sim, walk.seat)
                walk = walk.parent
        best = max(root.children, key=lambda c: c.visits)
        assert best.move is not None
        return best.move

    return mcts
