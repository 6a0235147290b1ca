"""The schedule: rounds (turns), settlement phases, the bonus round and the end of the game.

Generated from the mode spec (``specs/modes/*.toml``): the action pattern (``slots``), the rounds of
the settlement phases and of the grapes / stone entries, the short game's round goods, and the end
condition. ``advance`` is called when a turn ends and runs every automatic step up to the next
decision of a player.
"""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.events import (
    BuildingsRevealed,
    ClergyReturned,
    FlowChanged,
    GameEnded,
    GoodsGained,
    IndicatorEntered,
    RoundBegan,
    SettlementPhaseBegan,
    SettlementsDealt,
    WheelRotated,
)
from ora_core.state import Flow, State, Turn
from ora_core.values import FOREST, MOOR, Indicator, Stage, Variant
from ora_rules.draft import Draft
from ora_rules.landscape import cloister_neighbour
from ora_rules.neutral import neutral_placements
from ora_rules.readings import wheel_entries
from ora_rules.scoring import score, winners
from ora_rules.setup import SETTLEMENT_BY_STAGE
from ora_rules.specs import ModeSpec, Rules

# Queue markers besides player turns.
PHASE = "phase"
REVEAL = "reveal"
FINAL = "final"
NEUTRAL_RETURN = "neutral_return"
END = "end"
STAGES = list(Stage)


def start_seat(draft: Draft, n: int) -> int:
    """R-ROUND-4, R-SCHED-2: seat (n - 1) mod players; the solo player always."""
    return mode_start_seat(draft.mode, n)


def mode_start_seat(mode: ModeSpec, n: int) -> int:
    """The start player of rotation ``n`` in ``mode`` (also drawn by ``game.view``)."""
    return 0 if mode.start_seat == "fixed" else (n - 1) % mode.players


def _seats_from(draft: Draft, first: int) -> list[int]:
    players = draft.mode.players
    return [(first + i) % players for i in range(players)]


def return_clergy(draft: Draft) -> None:
    """R-CLG-3: a player whose clergymen are all placed takes all of them back."""
    for player in draft.state.players:
        if all(at is not None for at in player.clergy):
            draft.emit(ClergyReturned(seat=player.seat, clergy=tuple(range(len(player.clergy)))))


def return_priors(draft: Draft) -> None:
    """R-BONUS-2: before the bonus round every player takes back his prior."""
    for player in draft.state.players:
        if player.clergy[0] is not None and not player.neutral:
            draft.emit(ClergyReturned(seat=player.seat, clergy=(0,)))


def rotate(draft: Draft, n: int) -> None:
    """R-WHEEL-4/5, then the scheduled entries (R-WHEEL-7), then round goods (R-SHORT-3)."""
    mode = draft.mode
    before, after = wheel_entries(draft.rules, draft.state.config, mode)
    _enter(draft, before.get(n, ()))  # AMB-02 reading ``before_rotation``
    wheel = draft.state.wheel
    last = len(wheel.values) - 1
    removed = tuple(i for i, d in wheel.positions.items() if d == last) \
        if wheel.removes_at_end else ()
    draft.emit(WheelRotated(removed=removed))
    _enter(draft, after.get(n, ()))
    if 1 <= n <= len(mode.round_goods):
        for player in draft.state.players:
            if not player.neutral:
                draft.emit(GoodsGained(seat=player.seat, goods=dict(mode.round_goods[n - 1])))


def _enter(draft: Draft, indicators: Sequence[Indicator]) -> None:
    """R-WHEEL-7: grapes (FRANCE only) and stone enter the wheel at 0."""
    for indicator in indicators:
        if indicator is Indicator.STONE or draft.state.config.variant is Variant.FRANCE:
            draft.emit(IndicatorEntered(indicator=indicator))


def _settlement_stage(draft: Draft, n: int) -> Stage | None:
    for stage, at in draft.mode.settlements.items():
        if at == n:
            return stage
    return None


def _begin_round(draft: Draft) -> list[tuple[str, int]]:
    """Phases 1-2 of the next round (R-ROUND-2); returns the queue of its steps and turns."""
    mode = draft.mode
    n = draft.state.round + 1
    first = start_seat(draft, n)
    bonus = mode.bonus_round and n == mode.rounds + 1
    draft.emit(RoundBegan(round=n, start_seat=first))
    if bonus:
        return_priors(draft)
    return_clergy(draft)
    if not (mode.extra_round and n == mode.rounds):
        rotate(draft, n)
    actions = [("action", (first + offset) % mode.players) for offset in mode.slots]
    stage = _settlement_stage(draft, n)
    if bonus:
        return [*(("bonus", s) for s in _seats_from(draft, first)),
                *_settlement_phase(draft, Stage.E, first), (END, 0)]
    if mode.neutral:
        return _solo_round(draft, n, stage, actions)
    if mode.end == "fixed" and not mode.bonus_round and n == mode.rounds:
        # A fixed-length game without a bonus round (a reading, specs/readings.toml): phase
        # E follows the last round's actions, begun by the next start player as after a bonus
        # round (R-BONUS-6).
        return [*actions, *_settlement_phase(draft, Stage.E, start_seat(draft, n + 1)),
                (END, 0)]
    if stage is not None:
        return [*_settlement_phase(draft, stage, first), *actions]
    return actions


def _solo_round(draft: Draft, n: int, stage: Stage | None, actions: list[tuple[str, int]]
                ) -> list[tuple[str, int]]:
    """R-SOLO-7 / R-SOLO-9: steps 3-6 before the actions in A-D rounds; in the last round the
    actions come first, then the neutral building, the neutral prior, phase E, the end."""
    def neutral_steps(phase: Stage) -> list[tuple[str, int]]:
        return [("neutral", 0), ("neutral_prior", 0), (NEUTRAL_RETURN, 0),
                *_settlement_phase(draft, phase, 0)]

    if n == draft.mode.rounds and draft.mode.extra_round:
        variant = draft.state.config.variant.value
        actions = actions[:draft.mode.extra_round_actions.get(variant, len(actions))]
        return [*actions, *_settlement_phase(draft, Stage.E, 0), (END, 0)]
    if n == draft.mode.rounds:
        return [*actions, *neutral_steps(Stage.E), (END, 0)]
    if stage is not None:
        return [*neutral_steps(stage), *actions]
    return actions


def _settlement_phase(draft: Draft, stage: Stage, first: int) -> list[tuple[str, int]]:
    """R-SET-2: the phase begins, each player in turn order, then the new cards (step 3)."""
    seats = [s for s in _seats_from(draft, first) if not draft.state.players[s].neutral]
    return [(PHASE, STAGES.index(stage)), *(("settlement", s) for s in seats), (REVEAL, 0)]


def _final_turn(draft: Draft) -> list[tuple[str, int]]:
    """R-END-2 steps 3-5: the other player's turn with one action slot, then phase E."""
    n = draft.state.round + 1
    first = start_seat(draft, n)
    draft.emit(RoundBegan(round=n, start_seat=first))
    return_clergy(draft)
    rotate(draft, n)
    return [("action", first), *_settlement_phase(draft, Stage.E, first), (END, 0)]


def _reveal(draft: Draft) -> None:
    """R-SET-2 step 3: the stage's buildings join the display; everybody gets its settlement."""
    stage = draft.state.settlement_phases[-1]
    if stage is Stage.E:
        return
    draft.emit(BuildingsRevealed(stage=stage, buildings=draft.state.stacks.get(stage, ())))
    seats = tuple(p.seat for p in draft.state.players if not p.neutral)
    for settlement in SETTLEMENT_BY_STAGE[stage.value]:
        draft.emit(SettlementsDealt(settlement=settlement, seats=seats))


def _neutral_return(draft: Draft) -> None:
    """R-SOLO-9 step 5 (AMB-15): the neutral player takes back all three if all are placed."""
    neutral = draft.state.players[-1]
    if all(at is not None for at in neutral.clergy):
        draft.emit(ClergyReturned(seat=neutral.seat, clergy=tuple(range(len(neutral.clergy)))))


def final_phase_reached(draft: Draft) -> bool:
    """R-END-2/3: settlement phase D has taken place and few enough buildings are left.

    Engine reading (docs/ambiguities.md, "dead cards"): a display card that no player can ever
    build — no landscape is left to buy and no player has a space, empty or under a forest or
    moor, that its terrain and cloister rule allow — is not counted as left; otherwise such a
    card would keep the two-player games from ever ending.
    """
    mode = draft.mode
    if mode.end != "display" or Stage.D not in draft.state.settlement_phases:
        return False
    left = [b for b in draft.state.display if can_ever_be_built(draft.state, draft.rules, b)]
    return len(left) <= mode.final_display


def can_ever_be_built(state: State, rules: Rules, building: str) -> bool:
    """Whether some player could still build ``building`` at some point (costs aside)."""
    if state.district_prices or state.plot_prices:
        return True
    spec = rules.building(building)
    for player in state.players:
        if player.neutral:
            continue
        cloisters = {b for b, p in state.built.items()
                     if p.seat == player.seat and rules.building(b).cloister}
        for coord, space in player.landscape.items():
            if space.card not in (None, FOREST, MOOR) or space.terrain not in spec.terrain:
                continue
            if not spec.cloister or cloister_neighbour(player, coord, cloisters):
                return True
    return False


def end_game(draft: Draft) -> None:
    """Score (R-SCORE-*); ``GameEnded`` is the game's last event."""
    draft.flow = Flow(turn=Turn(kind="over", seat=0), settlement=None,
                      final_phase=draft.flow.final_phase)
    draft.emit(FlowChanged(flow=draft.flow))
    scores = score(draft.state, draft.rules)
    draft.emit(GameEnded(scores=scores, winners=winners(scores)))


def advance(draft: Draft) -> None:
    """End the current turn and run the schedule up to the next player decision."""
    flow = draft.flow
    queue = list(flow.queue)
    final = flow.final_phase
    if not final and flow.turn.kind == "action" and final_phase_reached(draft):
        # R-END-2 / R-END-3: the current turn (round) is completed first.
        final = True
        queue.append((FINAL, 0))
    purchases = flow.round_purchases
    while True:
        if not queue:
            queue = _begin_round(draft)
            purchases = frozenset()
            continue
        kind, seat = queue.pop(0)
        if kind == PHASE:
            draft.emit(SettlementPhaseBegan(stage=STAGES[seat]))
            continue
        if kind == REVEAL:
            _reveal(draft)
            continue
        if kind == NEUTRAL_RETURN:
            _neutral_return(draft)
            continue
        neutral_built: tuple[str, ...] = ()
        if kind == "neutral" and not neutral_placements(draft.state, draft.rules):
            continue  # nothing in the display can go on the neutral landscape (AMB-35)
        if kind == "neutral_prior":
            neutral_built = tuple(b for b in flow.turn.neutral_built if b in draft.state.built)
            neutral = draft.state.players[-1]
            if not neutral_built or neutral.clergy[0] is not None:
                continue
        if kind == FINAL:
            if draft.mode.final_turn:
                queue = _final_turn(draft)
                purchases = frozenset()
                continue
            kind = END
        if kind == END:
            draft.flow = Flow(turn=flow.turn, final_phase=final)
            end_game(draft)
            return
        draft.flow = Flow(
            turn=Turn(kind=kind, seat=seat, neutral_built=neutral_built),
            queue=tuple(queue),
            round_purchases=purchases,
            settlement=draft.state.settlement_phases[-1] if kind == "settlement" else None,
            final_phase=final,
        )
        return


def begin_game(draft: Draft) -> None:
    """After set-up: run round 1 up to the first decision."""
    draft.flow = Flow(turn=Turn(kind="setup", seat=0))
    advance(draft)

