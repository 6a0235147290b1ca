"""Hypothesis strategies for the engine's values, built from the attrs classes themselves.

``from_type`` walks the (resolved) annotations of an attrs class, so a field added to an event or
to the state is covered without touching this file. The choices that matter for the codec:

- ints are bounded to 64 bits (orjson rejects larger ones, tech-notes §2 gotcha 2), with a bias
  towards the small values the game uses;
- goods are dicts keyed by ``Good`` (str-enum keys, tech-notes §2 gotcha 1);
- coordinates are ``(column, row)`` pairs, mostly on the board, sometimes at the 64-bit extremes;
- mappings keyed by coordinates (a landscape) get coordinate keys.

Whole games are played by the real rules through ``play``: ``random_game`` (a seed-driven playout
with the self-play random bot, tech-notes §4 approach c, cached) and ``drawing_chooser`` (each move
drawn by hypothesis, approach a: a failure shrinks to a short game printed move by move).
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from ora_core.events import (
    EVENT_TYPES,
    BuildingBuilt,
    CardRemoved,
    ClergyPlaced,
    ClergyReturned,
    CoinPiecesCounted,
    GameEvent,
    GameStarted,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
    LandscapeAdded,
    PlayerSetup,
    SeatReplaced,
    SeatTaken,
    SettlementBuilt,
    SettlementsDealt,
    WonderTaken,
)
from ora_core.evolve import evolve, fold
from ora_core.native import Record
from ora_core.state import State
from ora_core.values import Coord, Good
from ora_rules.bots import random_bot
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.notation import Command
from ora_rules.setup import CONFIG_IDS as CONFIG_IDS  # the configurations, re-exported
from ora_rules.setup import CONFIGS as CONFIGS
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

#: Any 64-bit signed int, small ones (the game's own) more often.
ints = st.one_of(st.integers(-5, 40), st.integers(INT64_MIN, INT64_MAX))
#: Goods counts: usually what a player can hold, sometimes anything orjson can carry.
counts = st.one_of(st.integers(0, 30), st.integers(INT64_MIN, INT64_MAX))
goods_dicts = st.dictionaries(st.sampled_from(Good), counts, max_size=6)
#: Landscape coordinates: on the board (columns -2..6, rows -4..5) or anywhere in 64 bits.
coords: st.SearchStrategy[Coord] = st.one_of(
    st.tuples(st.integers(-2, 6), st.integers(-4, 5)),
    st.tuples(ints, ints),
)
#: Short text: ids, tags of the notation, moves.
texts = st.text(max_size=12)

_MAX_ITEMS = 4


def _is_mapping(origin: Any) -> bool:
    return origin in (dict, Mapping, typing.Mapping) or (
        isinstance(origin, type) and issubclass(origin, Mapping)
    )


def _from_type(tp: Any) -> st.SearchStrategy[Any]:
    """A strategy for values of the annotation ``tp`` (as resolved from an attrs class)."""
    if tp == Coord:
        return coords
    if tp is bool:
        return st.booleans()
    if tp is int:
        return ints
    if tp is str:
        return texts
    if tp is type(None):
        return st.none()
    if isinstance(tp, type) and issubclass(tp, Enum):
        return st.sampled_from(tp)
    if isinstance(tp, type) and (attrs.has(tp) or issubclass(tp, Record)):
        return _plain_attrs(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(from_type(a) for a in args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(from_type(args[0]), max_size=_MAX_ITEMS).map(tuple)
        return st.tuples(*(from_type(a) for a in args))
    if origin is frozenset:
        return st.frozensets(from_type(args[0]), max_size=_MAX_ITEMS)
    if _is_mapping(origin):
        key, value = args
        if key is Good and value is int:
            return goods_dicts
        return st.dictionaries(from_type(key), from_type(value), max_size=_MAX_ITEMS)
    raise TypeError(f"ora_rules.testing.strategies: no strategy for the annotation {tp!r}; add one")


#: ``_from_type``, cached per annotation (annotations are hashable; typed for mypy).
from_type: Callable[[Any], st.SearchStrategy[Any]] = cache(_from_type)


@cache
def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    attrs.resolve_types(cls)
    return tuple(f for f in attrs.fields(cls) if f.init)


def from_attrs(cls: type, **overrides: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Instances of the attrs class ``cls``, every init field drawn from its annotation (or of
    a native class, ``ora_core.native.Record``, each field from its type in ``FIELDS``)."""
    types = ({name: tp for name, tp, _ in cls.FIELDS} if issubclass(cls, Record)
             else {f.name: f.type for f in _fields(typing.cast(type, cls))})
    kwargs = {name: overrides[name] if name in overrides else from_type(tp)
              for name, tp in types.items()}
    unknown = set(overrides) - set(kwargs)
    if unknown:
        raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)}")
    return st.builds(cls, **kwargs)


_plain_attrs: Callable[[type], st.SearchStrategy[Any]] = cache(from_attrs)


def events_of_class(cls: type[GameEvent]) -> st.SearchStrategy[GameEvent]:
    return _plain_attrs(cls)


#: Any event of any class.
events: st.SearchStrategy[GameEvent] = st.one_of(*(events_of_class(c) for c in EVENT_TYPES))
#: Any state (not necessarily one a game can reach): for the codec.
states: st.SearchStrategy[State] = from_attrs(State)


# --- events that fit a state, for evolve's totality ---------------------------------------------


def _game_started_events() -> st.SearchStrategy[GameStarted]:
    """A ``GameStarted`` whose start buildings stand on spaces of their own players."""

    @st.composite
    def build(draw: st.DrawFn) -> GameStarted:
        # A real number of clergymen: evolve makes one place for each.
        players = draw(st.lists(from_attrs(PlayerSetup, clergy=st.integers(0, 5)),
                                min_size=1, max_size=4))
        spots = [(seat, s.coord) for seat, p in enumerate(players) for s in p.spaces]
        built: tuple[tuple[str, int, Coord], ...] = ()
        if spots:
            chosen = draw(st.lists(st.sampled_from(spots), max_size=3, unique=True))
            built = tuple((draw(texts), seat, coord) for seat, coord in chosen)
        event: GameStarted = draw(from_attrs(GameStarted, players=st.just(tuple(players)),
                                             built=st.just(built)))
        return event

    return build()


@cache
def game_started_events() -> st.SearchStrategy[GameStarted]:
    return _game_started_events()


def events_for(state: State) -> dict[type[GameEvent], st.SearchStrategy[GameEvent]]:
    """For every event class, events whose references (seats, spaces, clergymen, settlements in
    hand) exist in ``state``; their amounts, ids and flows are arbitrary. A class whose events
    cannot fit ``state`` (a settlement built when no hand holds one) is missing."""
    seats = st.sampled_from(range(len(state.players)))

    @st.composite
    def on_space(draw: st.DrawFn, cls: type[Any]) -> Any:
        seat = draw(seats)
        coord = draw(st.sampled_from(sorted(state.players[seat].landscape)))
        return draw(from_attrs(cls, seat=st.just(seat), coord=st.just(coord)))

    @st.composite
    def placed(draw: st.DrawFn) -> ClergyPlaced:
        seat = draw(seats)
        clergy = draw(st.sampled_from(range(len(state.players[seat].clergy))))
        return ClergyPlaced(seat=seat, clergy=clergy, building=draw(texts))

    @st.composite
    def settled(draw: st.DrawFn) -> SettlementBuilt:
        seat = draw(st.sampled_from(with_hand))
        player = state.players[seat]
        return SettlementBuilt(seat=seat, settlement=draw(st.sampled_from(player.settlements)),
                               coord=draw(st.sampled_from(sorted(player.landscape))))

    with_hand = [p.seat for p in state.players if p.settlements]
    fitting: dict[type[Any], st.SearchStrategy[Any]] = {
        GameStarted: game_started_events(),
        GoodsPaid: from_attrs(GoodsPaid, seat=seats, to_seat=st.none() | seats),
        GoodsGained: from_attrs(GoodsGained, seat=seats),
        GoodsConverted: from_attrs(GoodsConverted, seat=seats),
        CoinPiecesCounted: from_attrs(CoinPiecesCounted, seat=seats),
        WonderTaken: from_attrs(WonderTaken, seat=seats),
        ClergyPlaced: placed(),
        ClergyReturned: from_attrs(ClergyReturned, seat=seats),
        BuildingBuilt: on_space(BuildingBuilt),
        CardRemoved: on_space(CardRemoved),
        LandscapeAdded: from_attrs(LandscapeAdded, seat=seats),
        SeatTaken: from_attrs(SeatTaken, seat=seats),
        SeatReplaced: from_attrs(SeatReplaced, seat=seats),
        SettlementsDealt: from_attrs(SettlementsDealt, seats=st.lists(seats, max_size=4)
                                     .map(tuple)),
    }
    if with_hand:
        fitting[SettlementBuilt] = settled()
    # Every other class refers to nothing seat-specific: any instance fits.
    for cls in EVENT_TYPES:
        if cls not in fitting and cls is not SettlementBuilt:
            fitting[cls] = events_of_class(cls)
    return fitting


# --- whole games ----------------------------------------------------------------------------------

#: The configurations whose games finish (3 and 4 players, both variants, both lengths).
configs = st.tuples(st.sampled_from((3, 4)), st.sampled_from(("france", "ireland")),
                    st.sampled_from(("long", "short")))
seeds = st.integers(0, 2**63 - 1)
#: Seeds of the seed-driven random games (``random_game``): a pool that grows with the profile's
#: ``max_examples`` (2 seeds in ``dev``, 3 in ``ci``, 42 in ``thorough``), so that the tests of a
#: session share the (cached) games instead of each playing its own.
game_seeds = st.integers(0, max(1, (settings.default or settings()).max_examples // 12))


@cache
def rules() -> Rules:
    """The committed specs, loaded once (a property about other specs passes its own)."""
    return load_rules()


def new_game(players: int, variant: str, length: str, seed: int) -> list[GameEvent]:
    return start(make_config(players, variant, length, seed), rules())


Chooser = Callable[[State, list[Command]], Command]


def play(events: list[GameEvent], choose: Chooser,
         max_commands: int = 5000) -> Iterator[tuple[State, Command, list[GameEvent]]]:
    """Play from the start ``events`` until the game ends, ``choose`` picking each command.

    Yields ``(state before, command, its events)`` for every command; the caller sees each state.
    """
    state = fold(events)
    for _ in range(max_commands):
        if state.finished:
            return
        moves = legal_moves(state, rules())
        assert moves, f"no legal move at version {state.version} ({state.flow.turn})"
        command = choose(state, moves)
        new = decide(state, command, rules())
        yield state, command, new
        for event in new:
            state = evolve(state, event)
    raise AssertionError(f"the game did not end within {max_commands} commands")


def random_chooser(seed: int) -> Chooser:
    """The self-play random bot (a kind of move, then a move of that kind), seeded."""
    rng = random.Random(seed)
    return lambda state, moves: random_bot(state, moves, rng)


def drawing_chooser(data: st.DataObject) -> Chooser:
    """Each move drawn by hypothesis (shrinks to a minimal game, printed move by move)."""
    return lambda state, moves: data.draw(st.sampled_from(moves),
                                          label=f"move at version {state.version}")


@cache
def random_game(players: int, variant: str, length: str, seed: int
                ) -> tuple[tuple[GameEvent, ...], tuple[State, ...]]:
    """A finished seed-driven random game: its events and the state after every command
    (the first is the start position). Cached: treat it as read-only."""
    events = new_game(players, variant, length, seed)
    states = [fold(events)]
    for _, _, new in play(events, random_chooser(seed)):
        events.extend(new)
        state = states[-1]
        for event in new:
            state = evolve(state, event)
        states.append(state)
    return tuple(events), tuple(states)


#: Any of the 14 configurations.
all_configs = st.sampled_from(CONFIGS)


@cache
def playout(config: tuple[int, str, str], seed: int, cap: int = 400
            ) -> tuple[tuple[GameEvent, ...], tuple[State, ...]]:
    """A seed-driven random game of any configuration, cut after ``cap`` commands (two-player
    games have no fixed length, R-SCHED-4): its events and the state after every command, the
    start position first. Cached: treat it as read-only."""
    events = new_game(*config, seed)
    states = [fold(events)]
    choose = random_chooser(seed)
    for _ in range(cap):
        state = states[-1]
        if state.finished:
            break
        new = decide(state, choose(state, legal_moves(state, rules())), rules())
        events.extend(new)
        for event in new:
            state = evolve(state, event)
        states.append(state)
    return tuple(events), tuple(states)


def positions(configurations: st.SearchStrategy[tuple[int, str, str]] = all_configs,
              seeds: st.SearchStrategy[int] = game_seeds, cap: int = 400
              ) -> st.SearchStrategy[State]:
    """Positions a game really reaches: a configuration, a seed of the random playout
    (``playout``) and one of its positions, the start and the end included."""

    @st.composite
    def draw_position(draw: st.DrawFn) -> State:
        states = playout(draw(configurations), draw(seeds), cap)[1]
        return states[draw(st.integers(0, len(states) - 1), label="position")]

    return draw_position()


@cache
def events_at(players: int, variant: str, length: str, seed: int, index: int
              ) -> dict[type[GameEvent], st.SearchStrategy[GameEvent]]:
    """``events_for`` the position after command ``index`` of a ``random_game`` (cached)."""
    return events_for(random_game(players, variant, length, seed)[1][index])


# --- commands around a position (completeness of legal_moves, tests/properties) ------------------

#: Verbs that mean nearly the same thing, for mutations that cross a rule's boundary.
_SIBLING_VERBS = {"USE": "PRIOR", "PRIOR": "USE", "FELL_TREES": "CUT_PEAT",
                  "CUT_PEAT": "FELL_TREES", "BUY_DISTRICT": "BUY_PLOT", "BUY_PLOT": "BUY_DISTRICT",
                  "WITH_PRIOR": "WITH_LAYBROTHER", "WITH_LAYBROTHER": "WITH_PRIOR"}
_SIDES = ("PLAINS", "HILLS", "COAST", "MOUNTAIN")
_PAYMENTS = ("Pn", "PnPn", "Wn", "Wh")
_SETTLEMENT_IDS = ("S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "SR1", "SY8")


_LABELS: dict[int, tuple[str, ...]] = {}


def effect_labels(rules: Rules) -> tuple[str, ...]:
    """Every label any building's effect names (``choose`` options), found by walking the
    effect trees generically, so a new node kind with labels is covered too."""
    if id(rules) not in _LABELS:
        _LABELS[id(rules)] = _effect_labels(rules)
    return _LABELS[id(rules)]


def _effect_labels(rules: Rules) -> tuple[str, ...]:
    found: set[str] = set()

    def walk(node: Any, depth: int) -> None:
        if depth > 12 or node is None or isinstance(node, str | int | float | bool):
            return
        if isinstance(node, tuple | list | frozenset | set):
            for item in node:
                walk(item, depth + 1)
            return
        if isinstance(node, Mapping):
            for item in node.values():
                walk(item, depth + 1)
            return
        if isinstance(node, Record):  # the effect nodes (``ora_rules.effects.core.Effect``)
            names = [name for name, _, _ in node.FIELDS]
        else:
            names = [f.name for f in attrs.fields(type(node))] if attrs.has(type(node)) \
                else list(getattr(node, "__dict__", {}))
        for name in names:
            value = getattr(node, name, None)
            if name == "labels" and isinstance(value, tuple | list):
                found.update(str(v) for v in value)
            else:
                walk(value, depth + 1)

    for spec in rules.buildings.values():
        walk(spec.effect, 0)
    return tuple(sorted(found))


@attrs.frozen
class CommandVocabulary:
    """The tokens commands around one position are made of (see ``commands_around``)."""

    buildings: tuple[str, ...]
    coords: tuple[Coord, ...]
    goods: tuple[str, ...]
    params: tuple[str, ...]
    settlements: tuple[str, ...]
    rows: tuple[int, ...]


def command_vocabulary(state: State, rules: Rules, legal: Sequence[str]) -> CommandVocabulary:
    """Building ids (display, built, stacks, every spec, a few well-formed unknown ones),
    coordinates (every space of the decider's and the neutral landscape, their neighbours and
    spaces off the board), goods strings (the decider's goods in several orders and every single
    code), use parameters (the tokens of the enumerated uses, counts 0..8, every effect label,
    ``-``), rows around the band."""
    from ora_core.values import FIVE_COIN_CODE, GOOD_CODES

    seat = state.flow.turn.decider if not state.finished else 0
    player = state.players[seat]
    buildings = {*state.display, *state.built, "G99", "F01", "I99", "LY1", "LR3"}
    for cards in state.stacks.values():
        buildings.update(cards[:2])
    buildings.update(sorted(rules.buildings)[::5])
    spaces: set[Coord] = set()
    for p in state.players:
        if p.seat == seat or p.neutral:
            spaces.update(p.landscape)
    coords = set(spaces)
    for col, row in spaces:
        coords.update({(col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)})
    rows = sorted({r for _, r in spaces})
    coords.update({(-3, 0), (7, 1), (0, rows[0] - 3), (4, rows[-1] + 3), (6, rows[-1])})
    held = [GOOD_CODES[g] for g, n in sorted(player.goods.items()) for _ in range(min(n, 4))]
    goods = {GOOD_CODES[g] for g in Good} | {FIVE_COIN_CODE, "GnGn", "WnWh", "PnPnPnPnPn"}
    goods.update(f"Jo{code}" for code in GOOD_CODES.values())
    if held:
        goods.add("".join(held))
        goods.add("".join(reversed(held)))
        goods.update(held[i] + held[j] for i in range(len(held)) for j in range(len(held))
                     if i != j)
    params = {str(n) for n in range(9)} | {"-", "Jo", "1 0", "0 1"} | set(effect_labels(rules))
    # Liesborn wonder choices (R-LIES-3): the display's tiles, the stack, tiles elsewhere.
    params |= {*state.wonder_display, *state.wonder_stack[:1], "LB", "LW-01", "LW-99"}
    for move in legal:
        verb, *rest = move.split()
        if verb in ("USE", "PRIOR"):
            params.update(rest[1:])
    return CommandVocabulary(
        buildings=tuple(sorted(buildings)), coords=tuple(sorted(coords)),
        goods=tuple(sorted(goods)), params=tuple(sorted(params)),
        settlements=tuple(sorted({*player.settlements, *_SETTLEMENT_IDS})),
        rows=tuple(range(rows[0] - 2, rows[-1] + 3)))


def _fresh_command(vocab: CommandVocabulary) -> st.SearchStrategy[str]:
    building = st.sampled_from(vocab.buildings)
    coord = st.sampled_from(vocab.coords).map(lambda c: f"{c[0]} {c[1]}")
    goods = st.sampled_from(vocab.goods)
    param = st.one_of(st.sampled_from(vocab.params), goods, coord, building)
    return st.one_of(
        st.tuples(st.sampled_from(("USE", "PRIOR")), building,
                  st.lists(param, max_size=4)).map(lambda t: " ".join((t[0], t[1], *t[2]))),
        st.tuples(building, coord).map(lambda t: f"BUILD {t[0]} {t[1]}"),
        st.tuples(st.sampled_from(("FELL_TREES", "CUT_PEAT")),
                  st.none() | coord, st.booleans()).map(
            lambda t: " ".join(x for x in (t[0], t[1], "Jo" if t[2] and t[1] else "") if x)),
        st.tuples(building, st.sampled_from(_PAYMENTS)).map(
            lambda t: f"WORK_CONTRACT {t[0]} {t[1]}"),
        st.sampled_from(("WITH_PRIOR", "WITH_LAYBROTHER", "COMMIT")),
        st.tuples(st.sampled_from(("BUY_DISTRICT", "BUY_PLOT")), st.sampled_from(vocab.rows),
                  st.sampled_from(_SIDES)).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        st.lists(st.sampled_from(("Gn", "Wn", "Wh")), min_size=1, max_size=4).map(
            lambda codes: "CONVERT " + "".join(codes)),
        st.tuples(st.sampled_from(vocab.settlements), coord, st.none() | goods).map(
            lambda t: " ".join(x for x in ("SETTLE", t[0], t[1], t[2]) if x)),
    )


def _mutated_command(legal: Sequence[str], vocab: CommandVocabulary) -> st.SearchStrategy[str]:
    token = st.one_of(st.sampled_from(vocab.params), st.sampled_from(vocab.goods),
                      st.sampled_from(vocab.buildings), st.sampled_from(vocab.rows).map(str))

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        tokens = draw(st.sampled_from(legal)).split()
        op = draw(st.sampled_from(("drop", "replace", "insert", "truncate", "verb", "bump",
                                   "reorder", "append", "none")))
        i = draw(st.integers(0, len(tokens) - 1))
        if op == "drop" and len(tokens) > 1:
            del tokens[max(i, 1)]
        elif op == "replace":
            tokens[max(i, 1) if len(tokens) > 1 else 0] = draw(token)
        elif op == "insert":
            tokens.insert(max(i, 1), draw(token))
        elif op == "truncate":
            tokens = tokens[: max(i, 1)]
        elif op == "verb" and tokens[0] in _SIBLING_VERBS:
            tokens[0] = _SIBLING_VERBS[tokens[0]]
        elif op == "bump":
            ints = [j for j, t in enumerate(tokens) if t.lstrip("-").isdigit()]
            if ints:
                j = draw(st.sampled_from(ints))
                tokens[j] = str(int(tokens[j]) + draw(st.sampled_from((-2, -1, 1, 2))))
        elif op == "reorder":
            pairs = [j for j, t in enumerate(tokens) if len(t) >= 4 and len(t) % 2 == 0
                     and t.isalpha() and j > 0]
            if pairs:
                j = draw(st.sampled_from(pairs))
                codes = [tokens[j][k:k + 2] for k in range(0, len(tokens[j]), 2)]
                tokens[j] = "".join(draw(st.permutations(codes)))
        elif op == "none":  # a token meaning "none" (0 times, declined) where one may end
            tokens.insert(draw(st.integers(2, len(tokens))) if len(tokens) > 2 else len(tokens),
                          draw(st.sampled_from(("0", "-"))))
        else:
            tokens.append(draw(token))
        return " ".join(tokens)

    return mutate()


def commands_around(state: State, rules: Rules, legal: Sequence[str]) -> st.SearchStrategy[str]:
    """Syntactically plausible commands near ``state``: every verb with tokens taken from the
    position (``command_vocabulary``), and the enumerated legal moves ``legal`` mutated (a token
    dropped, replaced, inserted or bumped by one, the tail cut, the verb swapped for its sibling,
    a goods string reordered, a "none" token ``0`` / ``-`` inserted). Most are illegal; the legal
    ones test completeness."""
    vocab = command_vocabulary(state, rules, legal)
    fresh = _fresh_command(vocab)
    if not legal:
        return fresh
    return st.one_of(fresh, _mutated_command(legal, vocab), st.sampled_from(legal))
