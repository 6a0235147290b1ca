"""``MoveSet`` under a game's readings lists what ``legal_moves`` lists and ``decide`` accepts:
under weblabora's ``priory_target=any_building`` (cards.md G01) the Priory's uses name any
built building. Before, ``MoveSet`` read the rulebook's Priory and listed a bare ``USE G01``
that the game refused (the analysis's bot met it, docs/analysis.md)."""

from __future__ import annotations

from ora_rules.analysis.analyse import positions
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, legal_moves
from tests.support import read_test_record, rules

#: The people's solo Ireland game of 519 points (a file of tests/data).
PEOPLE = "records/weblabora/Game27378.txt"


def test_the_priorys_uses_under_weblabora_are_the_games_own() -> None:
    game = read_test_record(PEOPLE, "weblabora", rules().readings.sources["weblabora"])
    state = positions(game.events)[104].before  # move 105: the Priory may be used
    lazy = MoveSet(state, rules())
    priory = [str(m) for m in lazy.groups()["USE"]["G01"].moves()]
    assert "USE G01" not in priory and len(priory) > 2
    assert [str(m) for m in lazy] == [str(m) for m in legal_moves(state, rules())]
    for move in priory:
        execute(state, move, rules())  # each is a move the game accepts
