"""The start of a kennerspiel record: ``CONFIG`` and ``START`` lines, and the seat order that
kennerspiel's seeded shuffle gives (split from ora_rules/records/kennerspiel.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.errors import InvalidConfig
from ora_core.state import GameConfig
from ora_rules.readings import resolve
from ora_rules.records.errors import RecordError
from ora_rules.records.source_lines import INT, SourceLine
from ora_rules.setup import make_config
from ora_rules.specs import Rules

#: The PCG32 kennerspiel seeds its seat shuffle with (its "period" stream and MAGIC_SEED, whose
#: shuffle is the identity); fast-shuffle draws its indexes from a second stream.
_START_STREAM = 42069
_SHUFFLE_STREAM = 12345
MAGIC_SEED = 2692
_M64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
#: kennerspiel's solo neutral colours, in the order its seeded draw indexes them.
_NEUTRAL_ORDER = ("R", "B", "G", "W")
NEUTRAL = "Y"

# --- the seeded seat order (kennerspiel START) ----------------------------------------------------


class _Pcg32:
    """PCG32 (XSH-RR, 64-bit state, set-sequence stream) as the kennerspiel engine seeds it."""

    def __init__(self, seed: int, stream: int) -> None:
        self.increment = ((stream << 1) | 1) & _M64
        self.state = self._next((self.increment + seed) & _M64)

    def _next(self, state: int) -> int:
        return (state * _MULTIPLIER + self.increment) & _M64

    def below(self, bound: int) -> int:
        """A draw in ``0 .. bound-1``: the output of the current state modulo ``bound``."""
        s = self.state
        rot = s >> 59
        value = (((s >> 18) ^ s) >> 27) & 0xFFFFFFFF
        out = ((value >> rot) | (value << ((-rot) & 31))) & 0xFFFFFFFF
        self.state = self._next(s)
        return out % bound


def seat_order(seed: int | None, colours: Sequence[str]) -> tuple[list[str], _Pcg32]:
    """The colours in kennerspiel's seat order (its fast-shuffle of ``START``'s colours)."""
    rng = _Pcg32(MAGIC_SEED if seed is None else seed, _START_STREAM)
    deck = _Pcg32(rng.below(2**32 - 1), _SHUFFLE_STREAM)
    clone, left, shuffled = list(colours), len(colours), []
    while left:
        i = deck.below(left)
        shuffled.append(clone[i])
        left -= 1
        clone[i] = clone[left]
    return shuffled, rng


def config_of(lines: list[SourceLine], rules: Rules, readings: str | None
            ) -> tuple[GameConfig, dict[str, str], int]:
    """CONFIG (repeatable) and START: our config, the colour map (kennerspiel -> ours) and the
    index of the first move line."""
    config_line: SourceLine | None = None
    i = 0
    while i < len(lines) and lines[i].tokens[0] == "CONFIG":
        config_line = lines[i]
        i += 1
    if config_line is None or i >= len(lines) or lines[i].tokens[0] != "START":
        raise RecordError(lines[0].number if lines else 0,
                          "a kennerspiel record begins with CONFIG and START")
    tokens = config_line.tokens
    if len(tokens) != 4 or not tokens[1].isdigit():
        raise RecordError(config_line.number, "CONFIG <players> <france|ireland> <long|short>")
    players, variant, length = int(tokens[1]), tokens[2], tokens[3]
    start_line = lines[i]
    args = list(start_line.tokens[1:])
    seed = int(args.pop(0)) if args and INT.match(args[0]) else None
    if not args or any(c not in "RGBW" or len(c) != 1 for c in args):
        raise RecordError(start_line.number, "START [seed] <colours R G B W>")
    shuffled, rng = seat_order(seed, args)
    colours = {c: c for c in shuffled[:players]}
    if players == 1:
        length = "long"  # kennerspiel ignores the length in solo: the games are identical
        if seed is None:
            neutral = shuffled[1] if len(shuffled) > 1 else None
        else:
            neutral = [c for c in _NEUTRAL_ORDER if c != shuffled[0]][rng.below(3)]
        if neutral is not None:
            colours[neutral] = NEUTRAL
    try:
        chosen = resolve(rules, readings)
        config = make_config(players, variant, length, MAGIC_SEED if seed is None else seed,
                             tuple(shuffled[:players]), readings=chosen)
    except InvalidConfig as e:
        raise RecordError(config_line.number, e.message) from None
    return config, colours, i + 1

