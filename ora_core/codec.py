"""The cattrs codec: events and states to JSON and back (tech-notes §2).

One converter (``preconf.orjson``) serves the store and the API. Events are a tagged union keyed
by their stable ``TAG`` under ``"type"``. Coordinates are written as ``[col, row]`` lists, and
mappings keyed by coordinates as lists of pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import orjson
from cattrs.preconf.orjson import make_converter
from cattrs.strategies import configure_tagged_union

from ora_core.events import EVENT_BY_TAG, NATIVE_EVENTS, GameEvent
from ora_core.native import REQUIRED, Record
from ora_core.state import PlayerState, Space, State, Wheel
from ora_core.turn import Flow, Turn
from ora_core.upcasting import SCHEMA, VERSION_KEY, Schema
from ora_core.values import Coord, Stage

# Stored events are trusted (the hash chain guards them), so the per-field error trees of
# detailed validation are not worth their cost on every fold. Fields at their default are left
# out: the flow event of every command is mostly defaults, and a game's stream halves.
converter = make_converter(detailed_validation=False, omit_if_default=True)

# Homogeneous tuples of scalars come from JSON as lists of the right scalars already: one
# ``tuple()`` instead of a structuring call per item (the flow event carries four per command).
# Likewise optional scalars and sets of scalars: JSON already holds the right values.
_SCALAR_TUPLES = {tuple[str, ...], tuple[int, ...]}
_OPTIONAL_SCALARS = {str | None, int | None}
_SCALAR_SETS = {frozenset[int], frozenset[str]}
converter.register_structure_hook_func(lambda t: t in _SCALAR_TUPLES, lambda v, _: tuple(v))
converter.register_structure_hook_func(lambda t: t in _OPTIONAL_SCALARS, lambda v, _: v)
converter.register_structure_hook_func(lambda t: t in _SCALAR_SETS, lambda v, _: frozenset(v))
converter.register_structure_hook_func(lambda t: t == tuple[tuple[str, int], ...],
                                       lambda v, _: tuple((kind, seat) for kind, seat in v))


def _unstructure_landscape(landscape: Mapping[Coord, Space]) -> list[Any]:
    return [[list(coord), converter.unstructure(space)] for coord, space in landscape.items()]


def _structure_landscape(data: Any, _: Any) -> dict[Coord, Space]:
    return {(int(c[0]), int(c[1])): converter.structure(s, Space) for c, s in data}


_LANDSCAPE = Mapping[Coord, Space]
converter.register_unstructure_hook_func(lambda t: t == _LANDSCAPE, _unstructure_landscape)
converter.register_structure_hook_func(lambda t: t == _LANDSCAPE, _structure_landscape)

# Sets are written sorted, so equal values always give equal bytes (determinism, design §2).
converter.register_unstructure_hook_func(
    lambda t: getattr(t, "__origin__", t) in (frozenset, set),
    lambda value: sorted(value),
)


# The native classes (``ora_core.native.Record``), written as cattrs wrote them when they were
# attrs classes: fields in their order, those at their default left out, tuples as lists, the
# queue's (kind, seat) pairs as they are, the purchases sorted.
def _unstructure_turn(turn: Turn) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": turn.kind, "seat": turn.seat}
    for (name, _, default), value in zip(Turn.FIELDS[2:], turn.fields()[2:], strict=True):
        if value != default:
            data[name] = list(value) if isinstance(value, tuple) else value
    return data


def _structure_turn(data: Mapping[str, Any], _: Any = None) -> Turn:
    get = data.get
    return Turn(data["kind"], data["seat"], get("main_done", False),
                get("landscape_bought", False), get("settled", False), tuple(get("grants", ())),
                tuple(get("free_uses", ())), get("prior_bonus"), get("contract"),
                get("deciding"), tuple(get("neutral_built", ())))


def _unstructure_flow(flow: Flow) -> dict[str, Any]:
    data: dict[str, Any] = {"turn": _unstructure_turn(flow.turn)}
    if flow.queue:
        data["queue"] = list(flow.queue)
    if flow.round_purchases:
        data["round_purchases"] = sorted(flow.round_purchases)
    if flow.settlement is not None:
        data["settlement"] = flow.settlement
    if flow.final_phase:
        data["final_phase"] = flow.final_phase
    return data


def _structure_flow(data: Mapping[str, Any], _: Any = None) -> Flow:
    settlement = data.get("settlement")
    return Flow(_structure_turn(data["turn"]),
                tuple((kind, seat) for kind, seat in data.get("queue", ())),
                frozenset(data.get("round_purchases", ())),
                None if settlement is None else Stage(settlement),
                data.get("final_phase", False))


# Turn and Flow, written for every command and read for every command of a fold, have hooks
# of their own (above); the other native classes are written and read by their ``FIELDS``.
converter.register_unstructure_hook(Turn, _unstructure_turn)
converter.register_structure_hook(Turn, _structure_turn)
converter.register_unstructure_hook(Flow, _unstructure_flow)
converter.register_structure_hook(Flow, _structure_flow)

#: Field types JSON already holds as they are: no hook runs for them.
_AS_THEY_ARE = {int, str, bool, int | None, str | None}


def _hooks(tp: Any) -> tuple[Callable[[Any], Any] | None, Callable[[Any, Any], Any] | None]:
    """A field type's unstructuring and structuring hooks; none for those of ``_AS_THEY_ARE``."""
    if tp in _AS_THEY_ARE:
        return None, None
    return converter.get_unstructure_hook(tp), converter.get_structure_hook(tp)


def _register_record(cls: type[Record]) -> None:
    """The hooks of a native class: each field by its type's hook, those at their default left
    out, as cattrs wrote an attrs class."""
    fields = [(name, tp, default, *_hooks(tp)) for name, tp, default in cls.FIELDS]

    def unstructure(record: Record) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for (name, _, default, write, _), value in zip(fields, record.fields(), strict=True):
            if default is REQUIRED or value != default:
                data[name] = value if write is None else write(value)
        return data

    def structure(data: Mapping[str, Any], _: Any = None) -> Record:
        values = []
        for name, tp, default, _, read in fields:
            value = data[name] if default is REQUIRED else data.get(name, default)
            values.append(value if read is None or name not in data else read(value, tp))
        return cls(*values)

    converter.register_unstructure_hook(cls, unstructure)
    converter.register_structure_hook(cls, structure)


# A class's hooks read those of its fields' classes: the state's parts before the state.
for _native in (Space, PlayerState, Wheel, State, *NATIVE_EVENTS):
    _register_record(_native)


# Registered last: the tagged union builds its per-class functions from the hooks above.
configure_tagged_union(
    GameEvent,
    converter,
    tag_generator=lambda cls: cls.TAG,  # type: ignore[attr-defined]
    tag_name="type",
)



def event_to_dict(event: GameEvent) -> dict[str, Any]:
    """The JSON object of an event, with its ``type`` tag (and ``_v`` past version 1)."""
    data: dict[str, Any] = converter.unstructure(event, GameEvent)
    return SCHEMA.stamp(type(event).TAG, data)


def event_from_dict(data: Mapping[str, Any]) -> GameEvent:
    """An event from its JSON object, of any schema version (upcast to today's)."""
    fields = dict(data)
    tag = fields.pop("type", None)
    if isinstance(tag, str) and tag in EVENT_BY_TAG:
        fields, _ = SCHEMA.upcast(tag, fields)
    return converter.structure({**fields, "type": tag}, GameEvent)  # type: ignore[arg-type]


class EventJsonCodec:
    """The codec the event store uses: tag in the topic, the fields as canonical JSON bytes.

    Events are written at their type's schema version and read from any earlier one
    (``ora_core.upcasting``).
    """

    def tag(self, event: GameEvent) -> str:
        return type(event).TAG

    def encode(self, event: GameEvent) -> bytes:
        data = converter.unstructure(event)
        if self._stamped:
            data = self.schema.stamp(type(event).TAG, data)
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)

    def __init__(self, schema: Schema | None = None) -> None:
        self.schema = schema or SCHEMA
        # The structuring function of each tag, looked up once rather than on every event.
        self._structure = {tag: (converter.get_structure_hook(cls), cls)
                           for tag, cls in EVENT_BY_TAG.items()}
        #: Tags past version 1: only their events, and those that carry ``_v``, are upcast.
        self._stamped = frozenset(t for t in EVENT_BY_TAG if self.schema.version(t) > 1)

    def decode(self, tag: str, data: bytes) -> GameEvent:
        structure, cls = self._structure[tag]
        fields = orjson.loads(data)
        if tag in self._stamped or VERSION_KEY in fields:
            fields, _ = self.schema.upcast(tag, fields)
        event: GameEvent = structure(fields, cls)
        return event


def state_to_dict(state: State) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(state)
    return data


def state_from_dict(data: Mapping[str, Any]) -> State:
    return converter.structure(dict(data), State)
