"""A readable text view of a state (``ora show``): the game line, the wheel, the board and each
seat's goods, clergy and landscape grid. Pure: a function of the state alone.

Each landscape is a grid in kennerspiel coordinates (columns left to right, rows top to bottom):
a space shows its card (``G07``, ``LFO`` forest, ``LMO`` moor, ``S01``) or, when empty, its
terrain in lower case (``p`` plains, ``h`` hillside, ``m`` mountain, ``c`` coast, ``w`` water).
A card with a clergyman on it is marked ``*`` (a lay brother) or ``^`` (the prior).
"""

from __future__ import annotations

from ora_core.state import PlayerState, State
from ora_core.values import GOOD_CODES

_CELL = 5


def text_view(state: State, *, move: int | None = None) -> str:
    """The state as lines of text; ``move`` (the number of moves played) is shown if given."""
    lines = [_game_line(state, move), _turn_line(state), _wheel_line(state), *_board_lines(state)]
    for player in state.players:
        lines.append("")
        lines.extend(_player_lines(state, player))
    return "\n".join(lines) + "\n"


def _game_line(state: State, move: int | None) -> str:
    c = state.config
    where = f"version {state.version}" + (f", move {move}" if move is not None else "")
    return (f"{c.players} player(s), {c.variant}, {c.length}, seed {c.seed}: {where}, "
            f"round {state.round}")


def _turn_line(state: State) -> str:
    if state.scores is not None:
        totals = ", ".join(f"{state.players[s.seat].colour} {s.total}" for s in state.scores)
        won = " ".join(state.players[s].colour for s in state.winners)
        return f"finished: {totals} (won: {won})"
    turn = state.flow.turn
    who = state.players[turn.decider]
    phase = f", settlement phase {state.flow.settlement}" if state.flow.settlement else ""
    extra = f", work contract on {turn.contract} awaits seat {turn.decider}" if turn.contract \
        else ""
    done = " (main action taken)" if turn.main_done else ""
    return f"to decide: seat {turn.decider} ({who.colour}), {turn.kind} slot of seat " \
           f"{turn.seat}{done}{phase}{extra}"


def _wheel_line(state: State) -> str:
    wheel = state.wheel
    parts = [f"{indicator} {wheel.values[at]}" for indicator, at in
             sorted(wheel.positions.items(), key=lambda item: (item[1], item[0]))]
    return "wheel (goods each indicator gives): " + ", ".join(parts)


def _board_lines(state: State) -> list[str]:
    stacks = ", ".join(f"{stage} {len(cards)}" for stage, cards in sorted(state.stacks.items()))
    phases = " ".join(str(s) for s in state.settlement_phases) or "none"
    return [
        f"display: {' '.join(state.display) or 'empty'}",
        f"stacks: {stacks or 'none'}; settlement phases played: {phases}",
        f"prices: district {' '.join(map(str, state.district_prices)) or '-'}; plot "
        f"{' '.join(map(str, state.plot_prices)) or '-'}; work contract "
        f"{state.work_contract_price}; wonders left {state.wonders_left}",
    ]


def _player_lines(state: State, player: PlayerState) -> list[str]:
    role = " (neutral)" if player.neutral else ""
    if player.name is not None:
        role += f": {player.name}" + (f" (bot {player.bot})" if player.bot else "")
    goods = ", ".join(f"{GOOD_CODES[g]} {n}" for g, n in sorted(
        player.goods.items(), key=lambda item: list(GOOD_CODES).index(item[0])) if n)
    clergy = ", ".join(f"{'prior' if i == 0 else 'lay brother'} "
                       f"{'on ' + at if at else 'free'}" for i, at in enumerate(player.clergy))
    lines = [f"seat {player.seat} {player.colour}{role}",
             f"  goods: {goods or 'none'}",
             f"  clergy: {clergy or 'none'}",
             f"  settlements in hand: {' '.join(player.settlements) or 'none'}"]
    return lines + [f"  {row}" for row in _grid(player)]


def _grid(player: PlayerState) -> list[str]:
    if not player.landscape:
        return ["(no landscape)"]
    cols = [c for c, _ in player.landscape]
    rows = [r for _, r in player.landscape]
    col_range = range(min(cols), max(cols) + 1)
    marks = {at: "^" if i == 0 else "*" for i, at in enumerate(player.clergy) if at}
    out = ["    " + "".join(f"{c:^{_CELL}}" for c in col_range)]
    for r in range(min(rows), max(rows) + 1):
        cells = []
        for c in col_range:
            space = player.landscape.get((c, r))
            if space is None:
                text = ""
            elif space.card:
                text = space.card + marks.get(space.card, "")
            else:
                text = str(space.terrain).lower()
            cells.append(f"{text:^{_CELL}}")
        out.append(f"{r:>3} " + "".join(cells).rstrip())
    return out
