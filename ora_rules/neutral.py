"""The neutral player of the solo game (R-SOLO-3, R-SOLO-8..10, AMB-31, AMB-35)."""

from __future__ import annotations

from ora_core.errors import IllegalCommand
from ora_core.state import PlayerState, State
from ora_core.values import Coord
from ora_rules.landscape import neighbours
from ora_rules.specs import Rules


def neutral_player(state: State) -> PlayerState | None:
    last = state.players[-1]
    return last if last.neutral else None


def check_neutral_space(state: State, rules: Rules, building: str, coord: Coord) -> None:
    """R-SOLO-10: any terrain; an empty space (a cloister building next to a cloister building),
    or over an unoccupied neutral building of the same kind (cloister over cloister)."""
    neutral = neutral_player(state)
    assert neutral is not None
    space = neutral.landscape.get(coord)
    spec = rules.building(building)
    if space is None:
        raise IllegalCommand("no_such_space", "R-SOLO-10",
                             f"the neutral landscape has no space {coord[0]} {coord[1]}", building)
    occupied = {at for at in neutral.clergy if at is not None}
    if space.card is None:
        if spec.cloister and not any(
                _is_cloister(neutral.landscape[n].card, rules)
                for n in neighbours(coord, neutral.landscape)):
            raise IllegalCommand("cloister_not_adjacent", "R-SOLO-10",
                                 f"{building} must touch a neutral cloister building", building)
        return
    if space.card in occupied:
        raise IllegalCommand("building_occupied", "R-SOLO-10",
                             f"{space.card} is occupied and cannot be built over (AMB-35)",
                             building)
    if _is_cloister(space.card, rules) != spec.cloister:
        raise IllegalCommand("wrong_cover", "R-SOLO-10",
                             "a cloister building covers only a cloister building, any other "
                             f"only a non-cloister building ({space.card})", building)


def _is_cloister(card: str | None, rules: Rules) -> bool:
    return card is not None and rules.building(card).cloister


def neutral_placements(state: State, rules: Rules) -> list[tuple[str, Coord]]:
    """Every (display building, neutral space) the solo player may build in step 3."""
    neutral = neutral_player(state)
    if neutral is None:
        return []
    result = []
    for building in state.display:
        for coord in sorted(neutral.landscape):
            try:
                check_neutral_space(state, rules, building, coord)
            except IllegalCommand:
                continue
            result.append((building, coord))
    return result
