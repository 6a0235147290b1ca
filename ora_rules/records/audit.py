"""The audit of a game: every move where it relied on an option of its profile (docs/records.md).

A game stored under a profile other than the rulebook (``GameConfig.readings``,
specs/readings.toml) is legal under that profile. Which of its moves would the rulebook have
refused, or played otherwise? The audit does not know any option's effect: it re-decides each
move from the same position with the rulebook's options, and when that gives other events (or a
refusal), once more for each of the profile's options with only that one set back to the
rulebook's; the options whose removal changes the move are the ones it relied on. The set-up
(move 0) is checked the same way (a card set, AMB-09).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import attrs
import orjson
from attrs import frozen

import ora_rules.records.table_lines as table_lines
from ora_core.codec import EventJsonCodec
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_core.events import (
    CoinPiecesCounted,
    FlowChanged,
    GameEvent,
    GameStarted,
    MoveAnnotated,
    MovePlayed,
    SeatTaken,
)
from ora_core.evolve import evolve, fold, replace
from ora_core.state import Readings, State
from ora_rules.decide import execute, start
from ora_rules.readings import profile_of
from ora_rules.records.importing import position
from ora_rules.rulebook import UnknownRule, load_rulebook
from ora_rules.scoring import score
from ora_rules.specs import Rules

_CODEC = EventJsonCodec()


@frozen
class Departure:
    """One move that relied on one option of the game's profile."""

    move_number: int   # 1-based; 0 is the set-up, the number of moves + 1 the final scoring
    command: str       # the move as stored ("" for the set-up)
    option: str        # ``group=label`` (specs/readings.toml)
    kind: str          # ambiguity | departure
    rule: str          # the rule id the option relaxes or replaces
    rule_text: str     # that rule's statement (specs/rules.toml)
    text: str          # what the game did under the option
    rulebook: str      # what the rulebook would have done with this move, from this position
    instead: str       # the rulebook's reading in general (the default option's text)
    line: int | None = None  # the record's line of the move, when audited from a record


@frozen
class Audit:
    profile: str       # the profile's name, or its options as ``name=option`` words
    moves: int
    departures: tuple[Departure, ...]


def audit(events: Sequence[GameEvent], rules: Rules) -> Audit:
    """The departures of a whole stored game (``events`` from ``GameStarted``)."""
    events = [e for e in events if not isinstance(e, (SeatTaken, MoveAnnotated))]
    started = events[0]
    assert isinstance(started, GameStarted)
    readings = started.config.readings
    profile = profile_of(readings, rules)
    moves = [i for i, e in enumerate(events) if isinstance(e, MovePlayed)]
    if readings == Readings():
        return Audit(profile, len(moves), ())
    found: list[Departure] = []
    setup_end = moves[0] if moves else len(events)
    setup = events[:setup_end]
    for option in _relied_on(readings, setup, lambda r: _setup(started, r, rules)):
        found.append(_departure(rules, 0, "", option, "another set-up"))
    state = fold(setup)
    for number, index in enumerate(moves, start=1):
        played = events[index]
        assert isinstance(played, MovePlayed)
        end = moves[number] if number < len(moves) else len(events)
        # the move's own events: the table's after it (a time run out, a seat handed over)
        # are no part of what the move decided
        after = events[index:end]
        stored = after[:next((k for k, e in enumerate(after)
                              if isinstance(e, table_lines.EVENTS)), len(after))]
        before = state

        def redo(r: Readings, before: State = before, played: MovePlayed = played) -> str:
            return _decide(before, r, played, rules)

        rulebook = redo(Readings())
        if rulebook != _encoded(stored):
            outcome = _differs(rulebook, _encoded(stored))
            for option in _relied_on(readings, stored, redo):
                found.append(_departure(rules, number, played.move, option, outcome))
        for event in after:
            state = evolve(state, event)
    if state.finished:
        for option, outcome in _scoring(state, readings, rules):
            found.append(_departure(rules, len(moves) + 1, "", option, outcome))
    return Audit(profile, len(moves), tuple(found))


def _scoring(state: State, readings: Readings, rules: Rules) -> list[tuple[str, str]]:
    """The options the final scores rely on (move ``moves + 1``: the final scoring), each with
    the scores the rulebook gives where they differ (goods, economic value, settlements)."""
    def scores(r: Readings) -> dict[str, tuple[int, int, int]]:
        swapped = replace(state, config=attrs.evolve(state.config, readings=r))
        return {swapped.players[s.seat].colour: (s.goods, s.economic, sum(s.settlements))
                for s in score(swapped, rules)}

    game, rulebook = scores(readings), scores(Readings())
    if game == rulebook:
        return []
    chosen = {k: v for k, v in attrs.asdict(readings).items() if v != getattr(Readings(), k)}
    found = []
    for k, v in chosen.items():
        alone = scores(attrs.evolve(readings, **{k: getattr(Readings(), k)}))
        if alone != game:
            differs = ", ".join(f"{c} {alone[c][0]}/{alone[c][1]}/{alone[c][2]} where the game "
                                f"has {game[c][0]}/{game[c][1]}/{game[c][2]}"
                                for c in game if alone[c] != game[c])
            found.append((f"{k}={v}", f"scores (goods/economic/settlements) {differs}"))
    return found


def _relied_on(readings: Readings, stored: Sequence[GameEvent],
               redo: Callable[[Readings], str]) -> list[str]:
    """The options of ``readings`` without which ``redo`` does not give ``stored``."""
    want = _encoded(stored)
    if redo(Readings()) == want:
        return []
    chosen = {k: v for k, v in attrs.asdict(readings).items()
              if v != getattr(Readings(), k)}
    relied = [f"{k}={v}" for k, v in chosen.items()
              if redo(attrs.evolve(readings, **{k: getattr(Readings(), k)})) != want]
    # No single option suffices to explain it: the options together did.
    return relied or [f"{k}={v}" for k, v in chosen.items()]


def _setup(started: GameStarted, readings: Readings, rules: Rules) -> str:
    """The set-up under ``readings``, its config written as stored (only the deal compared)."""
    first, *rest = start(attrs.evolve(started.config, readings=readings), rules)
    assert isinstance(first, GameStarted)
    stored: GameEvent = attrs.evolve(cast(Any, first), config=started.config)  # an attrs class
    return _encoded([stored, *rest])


def _decide(state: State, readings: Readings, played: MovePlayed, rules: Rules) -> str:
    """The move's events from ``state`` under ``readings``, encoded, or the refusal."""
    swapped = replace(state, config=attrs.evolve(state.config, readings=readings))
    try:
        return _encoded(execute(swapped, played.move, rules, seat=played.seat,
                                took=played.took).events)
    except IllegalCommand as e:
        return f"refused: {e.reason} ({e.rule}): {e.detail}"
    except (InvalidCommand, AmbiguousCommand) as e:
        return f"refused: {e.code}: {e.message}"


def _differs(rulebook: str, stored: str) -> str:
    """What the rulebook does with the move: its refusal, or its first event that differs."""
    if rulebook.startswith("refused"):
        return rulebook
    ours, theirs = rulebook.splitlines(), stored.splitlines()
    for mine, game in zip(ours + [""] * len(theirs), theirs + [""] * len(ours), strict=False):
        if mine != game:
            return f"plays it otherwise: {mine[:100] or 'no such event'} where the game has " \
                   f"{game[:100] or 'none'}"
    return "plays it otherwise"


def _encoded(events: Sequence[GameEvent]) -> str:
    """The events as compared: how a landscape purchase is counted (per round or per slot,
    AMB-05) is bookkeeping of the flow; whether the purchase is allowed shows as a refusal.
    So is which coins are 5-coin pieces (``coin_tiles``): an exchange of pieces shows as the
    rulebook's refusal, the pieces' points at the final scoring."""
    lines = []
    for event in events:
        if isinstance(event, CoinPiecesCounted):
            continue  # the pieces held follow the coins paid and gained: bookkeeping too
        if isinstance(event, FlowChanged):
            flow = orjson.loads(_CODEC.encode(event))["flow"]
            flow.pop("round_purchases", None)
            flow.get("turn", {}).pop("landscape_bought", None)
            flat = orjson.dumps(flow, option=orjson.OPT_SORT_KEYS).decode()
            lines.append(f"flow_changed {flat}")
        else:
            lines.append(f"{_CODEC.tag(event)} {_CODEC.encode(event).decode()}")
    return "\n".join(lines)


def _departure(rules: Rules, number: int, command: str, option: str,
               rulebook: str) -> Departure:
    group, label = option.split("=", 1)
    spec = rules.readings.ambiguities[group]
    chosen = spec.options[label]
    rule = chosen.rule or spec.rule
    try:
        rule_text = load_rulebook().get(rule).text
    except UnknownRule:
        rule_text = ""
    instead = chosen.instead or spec.options[spec.default].text
    return Departure(number, command, option, spec.kind, rule, rule_text, chosen.text,
                     rulebook, instead)


def with_lines(found: Audit, lines: Sequence[int]) -> Audit:
    """The audit of a record's game with each move's record line (``Imported.lines``)."""
    def line(number: int) -> int | None:
        return lines[number - 1] if 0 < number <= len(lines) else None

    return attrs.evolve(found, departures=tuple(attrs.evolve(d, line=line(d.move_number))
                                                for d in found.departures))


def describe(audit: Audit) -> list[str]:
    """The audit as lines of text (the CLI and an import print them)."""
    if not audit.departures:
        return [f"audit: profile {audit.profile}: {audit.moves} moves, no departure from the "
                "rulebook"]
    lines = [f"audit: profile {audit.profile}: {len(audit.departures)} of {audit.moves} moves "
             "rely on its options"]
    for d in audit.departures:
        move = f"move {d.move_number}" if d.line is None else position(d.line, d.move_number)
        where = f"{move} {d.command!r}" if d.command else \
            "the final scoring" if d.move_number else "the set-up"
        lines.append(f"  {where}: {d.option} ({d.kind}, {d.rule}): {d.text}; the rulebook: "
                     f"{d.rulebook}")
    return lines
