"""What ``game.import`` and ``game.audit`` share (docs/records.md "The audit"): the view of one
departure, the profile a record is read under ``as_recorded``, and the audit as text for the
command line. No method here, so both families import it without a circle."""

from __future__ import annotations

import attrs
from attrs import field, frozen

from ora_api.jsonrpc.common import meta
from ora_rules.records.audit import Audit, Departure, describe
from ora_rules.specs import Rules


@frozen(kw_only=True)
class DepartureView:
    """One move that relied on an option of the game's profile."""

    move_number: int = field(metadata=meta(
        "1-based move number (0: the set-up; the number of moves + 1, with no command: the "
        "final scoring)"))
    command: str
    option: str = field(metadata=meta("group=label of specs/readings.toml"))
    kind: str = field(metadata=meta("ambiguity (AMB-*) or departure (an engine's own rule)"))
    rule: str = field(metadata=meta("the rule id the option relaxes or replaces"))
    rule_text: str
    text: str = field(metadata=meta("what the game did under the option"))
    rulebook: str = field(metadata=meta("what the rulebook does with this move here: its "
                                         "refusal, or the first event it plays otherwise"))
    instead: str = field(metadata=meta("the rulebook's reading in general"))
    line: int | None = field(default=None, metadata=meta(
        "the record's line of the move, when a record is audited or imported (else null)"))


def departures_view(found: Audit) -> list[DepartureView]:
    return [DepartureView(move_number=d.move_number, command=d.command, option=d.option,
                          kind=d.kind, rule=d.rule, rule_text=d.rule_text, text=d.text,
                          rulebook=d.rulebook, instead=d.instead, line=d.line)
            for d in found.departures]


def recorded_readings(rules: Rules, source: str, as_recorded: bool) -> str | None:
    """The profile a record of ``source`` is read under: its engine's with ``as_recorded``
    (``ora import --as-recorded``), else the format's own default (None)."""
    return rules.readings.sources.get(source) if as_recorded else None



def departure_lines(profile: str, moves: int, departures: list[DepartureView]) -> list[str]:
    """The audit of an import as text (``describe`` of ora_rules/records/audit.py)."""
    found = Audit(profile, moves, tuple(Departure(**attrs.asdict(d)) for d in departures))
    return describe(found)
