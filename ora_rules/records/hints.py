"""Which option would allow a move the game's profile refuses (docs/records.md "Profiles").

A strict import stops at the first move the rulebook forbids. Its stop names the refusal and
rule, and here the option that would allow it: the same move is tried again from the same
position with one option of specs/readings.toml changed at a time (those whose ``refusal`` is
the stop's reason first). No option's effect is known here, so a new departure is found as soon
as it is declared. Options that act before the stop (a card set dealt at the set-up) are not
found this way: the reader replays the record under each profile (``ImportStop.reading``) and
then under each option of the profile that plays on (``profile_option``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_core.evolve import replace
from ora_core.state import State
from ora_rules.records.importing import ImportStop
from ora_rules.specs import Rules


def with_readings(state: State, **options: str) -> State:
    """``state`` as if its game had been set up with these options (nothing else changes)."""
    readings = attrs.evolve(state.config.readings, **options)
    return replace(state, config=attrs.evolve(state.config, readings=readings))


def _candidates(state: State, rules: Rules, reason: str) -> Iterator[tuple[str, str]]:
    chosen = state.config.readings
    others = [(group, label, option.refusal == reason)
              for group, spec in rules.readings.ambiguities.items()
              for label, option in spec.options.items() if label != getattr(chosen, group)]
    for group, label, _ in sorted(others, key=lambda o: not o[2]):
        yield group, label


def option_allowing(state: State, rules: Rules, reason: str,
                    attempt: Callable[[State], object],
                    refusals: tuple[type[Exception], ...] = ()) -> str | None:
    """The first option (``group=label``) under which ``attempt`` (the stopped move, played
    from ``state``) raises none of the refusals; None when no single option does."""
    caught: tuple[type[Exception], ...] = (IllegalCommand, InvalidCommand, AmbiguousCommand,
                                           *refusals)
    for group, label in _candidates(state, rules, reason):
        try:
            attempt(with_readings(state, **{group: label}))
        except caught:
            continue
        return f"{group}={label}"
    return None


def with_option(stop: ImportStop, option: str | None) -> ImportStop:
    return stop if option is None else attrs.evolve(stop, option=option)


def profile_option(rules: Rules, profile: str, passes: Callable[[str], bool]) -> str | None:
    """The first option of ``profile`` that alone, over the rulebook, lets the record play past
    its stop (``passes`` replays the whole record under ``group=label``): for an option that
    acts before the stop, such as a card set dealt at the set-up (AMB-09)."""
    for group, label in rules.readings.sets[profile].items():
        if label != rules.readings.ambiguities[group].default and passes(f"{group}={label}"):
            return f"{group}={label}"
    return None
