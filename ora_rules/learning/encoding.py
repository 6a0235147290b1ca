"""The stable action encoding and the fixed-shape observation of the learning surface
(docs/learning.md).

**Actions.** A command (one line of the notation, ``ora_rules.notation``) is spelt as a
sequence of *tokens* from a fixed vocabulary of :data:`NUM_ACTIONS` ids, ended by ``END``; words
are separated by ``SEP``. A word is one token if the vocabulary has it whole (a verb, a side, a
number, a building or settlement id, ``-``), else one token per two-letter code if it is a
goods string (``GnGnWo``; the wheel's joker ``Jo`` counts as a code), else one token per
character. The ids are fixed by rule, not by the current specs (a building id ``F17`` is
always the same id), and every range keeps room for expansions, so an id keeps its meaning
across versions. Spelling is exact: every legal
command has one spelling, so an agent choosing tokens can play every move of the game.

**Observations.** :func:`observe` returns :data:`OBSERVATION_SIZE` floats for a seat, laid out
as :data:`LAYOUT` says: global features, then one block per seat starting with the observer's
own, then the tokens already chosen of the command being spelt.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Protocol

from ora_core.state import State
from ora_core.values import FIVE_COIN_CODE, FOREST, GOOD_CODES, MOOR, Good, Stage, Terrain
from ora_rules.scoring import score_player
from ora_rules.specs import Rules

END, SEP = 0, 1
#: Whole words, ids 2..31 (ids past the list are reserved).
WORDS = ("USE", "PRIOR", "BUILD", "FELL_TREES", "CUT_PEAT", "WORK_CONTRACT", "WITH_PRIOR",
         "WITH_LAYBROTHER", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "SETTLE", "COMMIT",
         "PLAINS", "HILLS", "COAST", "MOUNTAIN", "-")
WORD_BASE = 2
INT_BASE, INT_MIN, INT_MAX = 32, -32, 63  # ids 32..127: the numbers -32..63
GOOD_BASE = 128  # ids 128..191: goods codes in Good order, the 5-coin tile, the joker; room
GOOD_TOKENS = (*(GOOD_CODES[g] for g in Good), FIVE_COIN_CODE, "Jo")
BUILDING_BASE = 192  # ids 192..506: F00..F99, G00..G99, I00..I99, then L[RGBWY][123]
SETTLEMENT_BASE = 512  # ids 512..559: S01..S08, then S[RGBWY][1-8]
CHAR_BASE = 560  # ids 560..687: any other word, one character (ASCII code) at a time
NUM_ACTIONS = 1024  # ids 688..1023 are reserved for expansions
COLOURS = "RGBWY"

_WORD_ID = {w: WORD_BASE + i for i, w in enumerate(WORDS)}
_GOOD_ID = {c: GOOD_BASE + i for i, c in enumerate(GOOD_TOKENS)}


def building_slot(building: str) -> int | None:
    """A building id's fixed slot 0..314 (``F17`` -> 17, ``G02`` -> 102, ``LG1`` -> 303)."""
    if len(building) == 3 and building[0] in "FGI" and building[1:].isdigit():
        return "FGI".index(building[0]) * 100 + int(building[1:])
    if len(building) == 3 and building[0] == "L" and building[1] in COLOURS \
            and building[2] in "123":
        return 300 + COLOURS.index(building[1]) * 3 + int(building[2]) - 1
    return None


def settlement_slot(settlement: str) -> int | None:
    """A settlement id's fixed slot 0..47 (``S03`` -> 2, ``SR1`` -> 8)."""
    if len(settlement) == 3 and settlement[0] == "S":
        if settlement[1] == "0" and settlement[2] in "12345678":
            return int(settlement[2]) - 1
        if settlement[1] in COLOURS and settlement[2] in "12345678":
            return 8 + COLOURS.index(settlement[1]) * 8 + int(settlement[2]) - 1
    return None


BUILDING_SLOTS, SETTLEMENT_SLOTS = 315, 48


def word_tokens(word: str) -> list[int]:
    """The tokens of one word (module doc)."""
    if word in _WORD_ID:
        return [_WORD_ID[word]]
    if word.lstrip("-").isdigit() and INT_MIN <= int(word) <= INT_MAX and str(int(word)) == word:
        return [INT_BASE + int(word) - INT_MIN]
    slot = building_slot(word)
    if slot is not None:
        return [BUILDING_BASE + slot]
    slot = settlement_slot(word)
    if slot is not None:
        return [SETTLEMENT_BASE + slot]
    codes = [word[i:i + 2] for i in range(0, len(word), 2)]
    if len(word) % 2 == 0 and all(c in _GOOD_ID for c in codes):
        return [_GOOD_ID[c] for c in codes]
    if all(0 < ord(c) < 128 for c in word):
        return [CHAR_BASE + ord(c) for c in word]
    raise ValueError(f"a word of the notation is ASCII, got {word!r}")


def spell(command: str) -> tuple[int, ...]:
    """A command's tokens, ``END`` last: ``spell("BUILD G02 3 1")``."""
    out: list[int] = []
    for i, word in enumerate(command.split()):
        if i:
            out.append(SEP)
        out.extend(word_tokens(word))
    out.append(END)
    return tuple(out)


def token_text(token: int) -> str:
    """The text a token stands for (``SEP`` a space, ``END`` empty)."""
    if token == END:
        return ""
    if token == SEP:
        return " "
    if WORD_BASE <= token < WORD_BASE + len(WORDS):
        return WORDS[token - WORD_BASE]
    if INT_BASE <= token <= INT_BASE + INT_MAX - INT_MIN:
        return str(token - INT_BASE + INT_MIN)
    if GOOD_BASE <= token < GOOD_BASE + len(GOOD_TOKENS):
        return GOOD_TOKENS[token - GOOD_BASE]
    if BUILDING_BASE <= token < BUILDING_BASE + BUILDING_SLOTS:
        slot = token - BUILDING_BASE
        if slot < 300:
            return f"{'FGI'[slot // 100]}{slot % 100:02d}"
        slot -= 300
        return f"L{COLOURS[slot // 3]}{slot % 3 + 1}"
    if SETTLEMENT_BASE <= token < SETTLEMENT_BASE + SETTLEMENT_SLOTS:
        slot = token - SETTLEMENT_BASE
        if slot < 8:
            return f"S0{slot + 1}"
        slot -= 8
        return f"S{COLOURS[slot // 8]}{slot % 8 + 1}"
    if CHAR_BASE < token < CHAR_BASE + 128:
        return chr(token - CHAR_BASE)
    raise ValueError(f"token {token} is reserved")


def unspell(tokens: Sequence[int]) -> str:
    """The command text of a spelling (the inverse of :func:`spell`)."""
    return "".join(token_text(t) for t in tokens)


# -- observations ------------------------------------------------------------------------------

TERRAINS = tuple(Terrain)
TURN_KINDS = ("action", "bonus", "settlement", "neutral", "neutral_prior", "over")
MAX_SEATS = 5  # four players, or the solo player and the neutral player
GLOBAL = 8 + len(TURN_KINDS) + 5 + 2 * BUILDING_SLOTS + 12 + 8
SEAT = (MAX_SEATS + len(GOOD_CODES) + 3 + 4 * len(TERRAINS) + BUILDING_SLOTS
        + 2 * SETTLEMENT_SLOTS + 2)
PREFIX = 2 * NUM_ACTIONS + 1  # the tokens chosen so far: counts, the last one, how many
OBSERVATION_SIZE = GLOBAL + MAX_SEATS * SEAT + PREFIX
LAYOUT = {"global": (0, GLOBAL), "seats": (GLOBAL, GLOBAL + MAX_SEATS * SEAT),
          "prefix": (GLOBAL + MAX_SEATS * SEAT, OBSERVATION_SIZE)}


class _Sink(Protocol):
    """Where an observation is written: a dense list, or a mapping of its non-zero entries."""

    def __getitem__(self, index: int, /) -> float: ...
    def __setitem__(self, index: int, value: float, /) -> None: ...


def observe(state: State, seat: int, rules: Rules, prefix: Sequence[int] = ()) -> list[float]:
    """The observation of ``state`` for ``seat`` (module doc); ``prefix``: the tokens chosen so
    far of the command being spelt. Every feature is public (nothing in the game is hidden
    but the order of the Liesborn light-blue stack, which is not shown), so every seat's
    observation holds the same facts, ordered from its own seat."""
    out = [0.0] * OBSERVATION_SIZE
    _fill(out, state, seat, rules, prefix, len(state.players))
    return out


def observe_sparse(state: State, seat: int, rules: Rules, seats: int = MAX_SEATS
                   ) -> dict[int, float]:
    """The same observation's non-zero entries, ``{index: value}``, with no command spelt and
    only the first ``seats`` seat blocks (the observer's own first; 1: its own only): what an
    evaluation of positions reads many times a decision (``ora_rules.bots.value``)."""
    out: defaultdict[int, float] = defaultdict(float)
    _fill(out, state, seat, rules, (), min(seats, len(state.players)))
    return {i: v for i, v in out.items() if v}


def _fill(out: _Sink, state: State, seat: int, rules: Rules, prefix: Sequence[int],
          seats: int) -> None:
    flow = state.flow
    c = state.config
    out[0] = state.round / 32
    out[1] = c.players / 4
    out[2] = 1.0 if c.variant.value == "ireland" else 0.0
    out[3] = 1.0 if c.length == "long" else 0.0
    out[4] = 1.0 if c.liesborn else 0.0
    out[5] = 1.0 if flow.final_phase else 0.0
    out[6] = state.work_contract_price / 4
    out[7] = 1.0 if flow.turn.decider == seat else 0.0
    at = 8
    if flow.turn.kind in TURN_KINDS:
        out[at + TURN_KINDS.index(flow.turn.kind)] = 1.0
    at += len(TURN_KINDS)
    for i, stage in enumerate((Stage.A, Stage.B, Stage.C, Stage.D, Stage.E)):
        out[at + i] = 1.0 if stage in state.settlement_phases else 0.0
    at += 5
    for b in state.display:
        slot = building_slot(b)
        if slot is not None:
            out[at + slot] = 1.0
    at += BUILDING_SLOTS
    for stack in state.stacks.values():
        for b in stack:
            slot = building_slot(b)
            if slot is not None:
                out[at + slot] = 1.0
    at += BUILDING_SLOTS
    for i, position in enumerate(sorted(state.wheel.positions.items())[:12]):
        out[at + i] = position[1] / 13
    at += 12
    out[at] = len(state.district_prices) / 8
    out[at + 1] = (state.district_prices[0] if state.district_prices else 0) / 8
    out[at + 2] = len(state.plot_prices) / 8
    out[at + 3] = (state.plot_prices[0] if state.plot_prices else 0) / 8
    at += 8
    n = len(state.players)
    for k in range(seats):
        _seat_block(out, GLOBAL + k * SEAT, state, (seat + k) % n, seat, rules)
    base = LAYOUT["prefix"][0]
    for token in prefix:
        out[base + token] += 0.1
    if prefix:
        out[base + NUM_ACTIONS + prefix[-1]] = 1.0
    out[base + 2 * NUM_ACTIONS] = len(prefix) / 10


def _seat_block(out: _Sink, at: int, state: State, seat: int, observer: int,
                rules: Rules) -> None:
    player = state.players[seat]
    out[at + (seat - observer) % len(state.players)] = 1.0
    at += MAX_SEATS
    for i, good in enumerate(GOOD_CODES):
        out[at + i] = player.count(good) / 10
    at += len(GOOD_CODES)
    out[at] = len(player.free_clergy()) / 3
    out[at + 1] = 1.0 if player.neutral else 0.0
    out[at + 2] = 1.0 if state.flow.turn.decider == seat else 0.0
    at += 3
    for space in player.landscape.values():
        t = TERRAINS.index(space.terrain)
        kind = 0 if space.card is None else 1 if space.card == FOREST else 2 \
            if space.card == MOOR else 3
        out[at + kind * len(TERRAINS) + t] += 0.1
    at += 4 * len(TERRAINS)
    for building, placement in state.built.items():
        if placement.seat == seat:
            slot = building_slot(building)
            if slot is not None:
                out[at + slot] = 1.0
    at += BUILDING_SLOTS
    for s in player.settlements:
        slot = settlement_slot(s)
        if slot is not None:
            out[at + slot] = 1.0
    at += SETTLEMENT_SLOTS
    for space in player.landscape.values():
        slot = settlement_slot(space.card) if space.card else None
        if slot is not None:
            out[at + slot] = 1.0
    at += SETTLEMENT_SLOTS
    mode = state.config.mode if state.config.liesborn else None
    out[at] = score_player(player, rules, mode).total / 100
    out[at + 1] = 1.0 if seat in state.winners else 0.0
