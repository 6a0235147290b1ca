"""The schedule as a client shows it: this round, rounds left, when the settlement phases and
the grapes and stone come, and how the game ends (R-SCHED-1..4, R-END-1..4).

A pure projection of a folded state and the mode spec; it reads the same spec the flow
(``ora_rules.flow``) is generated from, so the two cannot disagree.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

from ora_core.state import State
from ora_core.values import Stage, Variant
from ora_rules.flow import can_ever_be_built
from ora_rules.specs import ModeSpec, Rules
from ora_rules.views import vocabulary as v
from ora_rules.views.i18n import words


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@frozen(kw_only=True)
class PhaseWhen:
    """One settlement phase (R-SET-1) and when it comes."""

    stage: Literal["A", "B", "C", "D", "E"]
    name: str = field(metadata=_doc("\"Settlement phase A\" in the requested locale"))
    round: int | None = field(metadata=_doc(
        "the round (turn in the 2-player game) it takes place in; null when it follows the end "
        "condition (phase E of the 2-player game)"))
    held: bool = field(metadata=_doc("it has taken place"))
    rounds_until: int | None = field(metadata=_doc(
        "rounds from this one until it comes (0: this round); null when held or not fixed"))


@frozen(kw_only=True)
class EntryWhen:
    """A wheel indicator that enters later (R-WHEEL-7): grapes (France) and stone."""

    indicator: Literal["grapes", "stone"]
    name: str
    round: int
    entered: bool


@frozen(kw_only=True)
class ScheduleView:
    """Where the game stands in its schedule and how long it still runs."""

    unit: Literal["round", "turn"] = field(metadata=_doc(
        "what the count counts: rounds, or turns in the normal 2-player game"))
    unit_name: str
    round: int = field(metadata=_doc("the current round (turn)"))
    last_round: int | None = field(metadata=_doc(
        "the game's last round (the bonus round where there is one); null: no fixed length"))
    rounds_left: int | None = field(metadata=_doc(
        "rounds after this one; null: no fixed length (2-player games end by the display)"))
    bonus_round: int | None = field(metadata=_doc("the bonus round's number, if any"))
    now: str = field(metadata=_doc("what happens now: action, bonus, settlement, neutral, "
                                   "neutral_prior or over"))
    now_name: str
    settlement_phases: list[PhaseWhen]
    entries: list[EntryWhen]
    display_limit: int | None = field(metadata=_doc(
        "2-player games: the final phase begins after settlement phase D once at most this many "
        "buildings are left in the display (R-END-2, R-END-3); else null"))
    display_left: int | None = field(metadata=_doc(
        "2-player games: display buildings that still count for that limit (a card no player "
        "can ever build does not count); else null"))
    final_phase: bool = field(metadata=_doc("the 2-player games' final phase has begun"))
    finished: bool
    end: str = field(metadata=_doc("the end condition in words"))
    end_rule: str = field(metadata=_doc("the rule id of the end condition (R-END-1..4)"))


_STAGES: tuple[Literal["A", "B", "C", "D", "E"], ...] = ("A", "B", "C", "D", "E")


def last_round(mode: ModeSpec) -> int | None:
    """The number of the game's last round, or None when the display ends the game."""
    return mode.last_round


def _phase_round(mode: ModeSpec, stage: str) -> int | None:
    if stage != "E":
        return mode.settlements[Stage(stage)]
    return last_round(mode)


def end_condition(mode: ModeSpec) -> tuple[str, str, dict[str, int]]:
    """(message id, rule, format values) of the end condition."""
    if mode.end == "fixed":
        return v.END["fixed"], "R-END-1", {"bonus": mode.rounds + 1}
    if mode.end == "solo":
        return v.END["solo"], "R-END-4", {"last": mode.rounds}
    if mode.final_turn:
        return v.END["display_turn"], "R-END-2", {"left": mode.final_display}
    return v.END["display_round"], "R-END-3", {"left": mode.final_display}


def schedule_view(state: State, rules: Rules, locale: str = "en") -> ScheduleView:
    """The schedule of ``state`` in ``locale``."""
    _ = words(locale).gettext
    mode = rules.modes[state.config.mode]
    held = {s.value for s in state.settlement_phases}
    now = state.round
    phases = []
    # Mode 2L has no settlement phase E (R-END-3, AMB-13).
    stages = [s for s in _STAGES if s != "E" or mode.end != "display" or mode.final_turn]
    for stage in stages:
        at = _phase_round(mode, stage)
        done = stage in held
        phases.append(PhaseWhen(
            stage=stage, name=f"{_(v.PHASES['settlement'])} {stage}", round=at, held=done,
            rounds_until=None if done or at is None else max(at - now, 0)))
    entries = []
    for name, at in (("grapes", mode.grapes), ("stone", mode.stone)):
        if at is None or (name == "grapes" and state.config.variant is not Variant.FRANCE):
            continue
        entries.append(EntryWhen(indicator="grapes" if name == "grapes" else "stone",
                                 name=_(v.GOODS[next(g for g in v.GOODS if g.value == name)]),
                                 round=at, entered=now >= at))
    last = last_round(mode)
    end_id, end_rule, values = end_condition(mode)
    sentence = _(end_id).format(**values)
    turn = state.flow.turn.kind if not state.finished else "over"
    if state.finished:
        sentence += " " + _(v.END_NOW["over"])
    elif state.flow.final_phase:
        sentence += " " + _(v.END_NOW["final_phase"])
    display_left = None
    if mode.end == "display":
        display_left = sum(1 for b in state.display if can_ever_be_built(state, rules, b))
    return ScheduleView(
        unit="turn" if mode.unit == "turn" else "round",
        unit_name=_(v.PHASES["turn" if mode.unit == "turn" else "round"]),
        round=now,
        last_round=last,
        rounds_left=None if last is None else max(last - now, 0),
        bonus_round=mode.rounds + 1 if mode.bonus_round else None,
        now=turn,
        now_name=_(v.TURNS.get(turn, turn)),
        settlement_phases=phases,
        entries=entries,
        display_limit=mode.final_display if mode.end == "display" else None,
        display_left=display_left,
        final_phase=state.flow.final_phase,
        finished=state.finished,
        end=sentence,
        end_rule=end_rule,
    )
