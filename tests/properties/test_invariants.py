"""The invariant catalogue (ora_rules/testing/invariants.py) after every command of random games,
in all 14 configurations (tech-notes §4 approach a: every move drawn by hypothesis, so a failure
prints the game move by move, with a ``@reproduce_failure`` blob).

Per command: every per-command and per-position check, the codec round trip of its events, and a
refused command next to it (a mutation of the chosen one) that must leave no trace; every 25
commands the state's codec round trip. Per game: the fold of the events equals the state reached
move by move, replaying the moves through ``decide`` gives the same events (determinism), and the
final state survives the codec.

Default profiles: two games per configuration (the first is hypothesis's simplest game: the first
kind and the first move every time), two-player games cut at 160 commands; thorough: 40 games per
configuration, two-player games up to 700 commands.

The game stops at the first command that breaks an invariant and the failure names every check
that command broke. There is no shrink phase: on these games it ran into hypothesis's five-minute
limit without getting anywhere near a short game (changing an early move changes every later
position), so a failure prints the unshrunk game move by move and its ``@reproduce_failure`` blob.
"""

from __future__ import annotations

from hypothesis import given, note, settings
from hypothesis import strategies as st

from ora_core.events import GameEvent
from ora_rules.testing import invariants as inv
from tests.properties.common import (
    NO_SHRINK,
    SCALE,
    Failures,
    configs,
    drawn_game,
    new_game,
    seeds,
)
from tests.support import rules

_MUTATIONS = ("drop", "swap", "junk")


def _mutation(data: st.DataObject, command: str, n: int) -> str:
    """A nearby command, usually illegal: a token dropped, the verb swapped, or junk added."""
    tokens = command.split()
    op = data.draw(st.sampled_from(_MUTATIONS), label=f"probe {n}")
    if op == "drop" and len(tokens) > 1:
        return " ".join(tokens[:-1])
    if op == "swap":
        return " ".join(("PRIOR" if tokens[0] == "USE" else "USE", *tokens[1:]))
    return " ".join((*tokens, "9"))


@configs
@settings(max_examples=2 * SCALE, phases=NO_SHRINK)
@given(data=st.data(), seed=seeds)
def test_invariants_hold_after_every_command(config: tuple[int, str, str], data: st.DataObject,
                                             seed: int) -> None:
    r = rules()
    note(f"config {config}, seed {seed}")
    events: list[GameEvent] = new_game(config, seed)
    failures = Failures()
    state = None
    for n, (before, command, new, after, _moves) in enumerate(drawn_game(data, config, seed)):
        where = f"command {n} {str(command)!r} (version {before.version})"
        if n == 0:
            failures.run("position", "the start", inv.check_position, before, r)
        for transition in inv.TRANSITION_CHECKS:
            failures.run(transition.__name__, where, transition, before, new, after, r)
        for position in inv.STATE_CHECKS:
            failures.run(position.__name__, where, position, after, r)
        failures.run("codec", where, inv.check_codec_round_trip, new)
        probe = _mutation(data, str(command), n)
        failures.run("illegal_command", f"{where}, probe {probe!r}",
                     inv.check_illegal_command_no_effect, before, probe, r)
        if n % 25 == 24:
            failures.run("state_codec", where, inv.check_state_round_trip, after)
        failures.raise_all()  # stop at the first bad command
        events.extend(new)
        state = after
    if state is not None:
        failures.run("fold", "the end", inv.check_fold_equals_state, events, state)
        failures.run("replay", "the end", inv.check_replay_determinism, events, r)
        failures.run("state_codec", "the end", inv.check_state_round_trip, state)
    failures.raise_all()
