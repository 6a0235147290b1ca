"""The legal moves as a tree, for people and user interfaces (``game.moves``, design §5).

Verb → target (the building, settlement or contract, "" when the verb has none) → the moves,
each with the sentence ``ora log`` would write for it. Built on ``MoveSet``: the counts need
every group enumerated, but the sentences (one ``execute`` each) are made only for the group a
``path`` opens. Fully opened, the tree holds exactly ``legal_moves``.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ora_core.errors import OraError
from ora_core.state import State
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.notation import Command, Settle
from ora_rules.specs import Rules
from ora_rules.views.narrate import building_name, narrate_move, settlement_name
from ora_rules.views.sentences import ENGLISH, Speech

#: What each verb does, in words (docs/notation.md).
VERB_TEXT = {
    "USE": "place a lay brother on a building, or use a building you may use without one",
    "PRIOR": "place the prior on a building",
    "BUILD": "build a building from the display",
    "FELL_TREES": "fell trees",
    "CUT_PEAT": "cut peat",
    "WORK_CONTRACT": "issue a work contract for another player's building",
    "WITH_PRIOR": "answer the work contract with the prior",
    "WITH_LAYBROTHER": "answer the work contract with a lay brother",
    "BUY_DISTRICT": "buy a district",
    "BUY_PLOT": "buy a plot",
    "CONVERT": "convert grain to straw, wine or whiskey to coins",
    "SETTLE": "found a settlement",
    "COMMIT": "end the turn",
}


class UnknownPath(OraError):
    """A ``path`` that names no verb or target of the position's legal moves."""

    code = "unknown_path"


@frozen
class MoveLeaf:
    move: str
    #: The move's tokens after its verb and target ("" when there are none).
    rest: str
    text: str


@frozen
class TargetNode:
    target: str
    #: The building or settlement in words ("the Farmyard (LR2)"), "" for no target.
    name: str
    count: int
    #: The moves, when the path opens this target (at most ``limit`` from ``offset``).
    moves: tuple[MoveLeaf, ...] | None = None


@frozen
class VerbNode:
    verb: str
    text: str
    count: int
    #: The targets, when the path opens this verb.
    targets: tuple[TargetNode, ...] | None = None


@frozen
class MoveTree:
    seat: int | None
    count: int
    verbs: tuple[VerbNode, ...]


def _target(move: Command, target: str) -> str:
    return move.settlement if isinstance(move, Settle) else target


def grouped(moves: MoveSet) -> dict[str, dict[str, list[Command]]]:
    """verb -> target -> moves, in ``legal_moves`` order; settlements are their own targets."""
    tree: dict[str, dict[str, list[Command]]] = {}
    for verb, groups in moves.groups().items():
        by_target = tree.setdefault(verb, {})
        for target, group in groups.items():
            for move in group.moves():
                by_target.setdefault(_target(move, target), []).append(move)
    return tree


def _name(rules: Rules, target: str, say: Speech = ENGLISH) -> str:
    if not target:
        return ""
    if target.startswith("S"):
        return settlement_name(rules, target, say)
    return building_name(rules, target, say)


def _rest(move: Command, verb: str, target: str) -> str:
    tokens = str(move).split()
    skip = 2 if target else 1
    assert tokens[0] == verb and (not target or tokens[1] == target)
    return " ".join(tokens[skip:])


def describe(state: State, move: Command, rules: Rules, locale: str = "en") -> str:
    """The sentence ``ora log`` would write for ``move`` played now (in ``locale``)."""
    return narrate_move(state, execute(state, move, rules).events, rules, locale=locale).text


def move_tree(state: State, rules: Rules, path: Sequence[str] = (), *, offset: int = 0,
              limit: int | None = None, moves: MoveSet | None = None, locale: str = "en"
              ) -> MoveTree:
    """The tree with counts, opened along ``path`` ([], [verb] or [verb, target]). A verb
    whose only target is "" opens its moves with the verb. ``offset``/``limit`` page the
    opened target's moves. Targets and moves are named in ``locale``."""
    if len(path) > 2:
        raise UnknownPath(f"path has at most two steps (verb, target), got {len(path)}")
    tree = grouped(moves if moves is not None else MoveSet(state, rules))
    if path and path[0] not in tree:
        raise UnknownPath(f"no legal move has the verb {path[0]!r} now")
    if len(path) == 2 and path[1] not in tree[path[0]]:
        raise UnknownPath(f"no legal {path[0]} move has the target {path[1]!r} now")
    verbs = []
    for verb, by_target in tree.items():
        targets = None
        if path and path[0] == verb:
            opened = path[1] if len(path) == 2 else ("" if list(by_target) == [""] else None)
            targets = tuple(_target_node(state, rules, verb, target, group,
                                         target == opened, offset, limit, locale)
                            for target, group in by_target.items())
        verbs.append(VerbNode(verb=verb, text=VERB_TEXT[verb],
                              count=sum(len(g) for g in by_target.values()), targets=targets))
    turn = state.flow.turn
    seat = None if state.finished or turn.kind == "over" else turn.decider
    return MoveTree(seat=seat, count=sum(v.count for v in verbs), verbs=tuple(verbs))


def _target_node(state: State, rules: Rules, verb: str, target: str, group: list[Command],
                 opened: bool, offset: int, limit: int | None, locale: str = "en") -> TargetNode:
    leaves = None
    if opened:
        page = group[offset:None if limit is None else offset + limit]
        leaves = tuple(MoveLeaf(move=str(m), rest=_rest(m, verb, target),
                                text=describe(state, m, rules, locale)) for m in page)
    say = ENGLISH if locale == "en" else Speech(locale)
    return TargetNode(target=target, name=_name(rules, target, say), count=len(group),
                      moves=leaves)


def leaves(tree: MoveTree) -> list[str]:
    """The moves of the opened targets."""
    return [leaf.move for verb in tree.verbs for target in verb.targets or ()
            for leaf in target.moves or ()]
