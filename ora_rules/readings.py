"""Readings of rulebook ambiguities as configuration (``specs/readings.toml``, AMB-*).

A game's ``GameConfig.readings`` names one option per ambiguity; the rules code asks this module
what the chosen option means (an entry schedule, a card set) instead of branching on an engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Generic, TypeVar

import attrs

from ora_core.errors import InvalidConfig
from ora_core.state import GameConfig, Readings, State
from ora_core.values import Good, Indicator
from ora_rules.specs import BuildingSpec, ModeSpec, ReadingOption, Rules

T = TypeVar("T")

#: What ``make_config`` and the doors accept: a set name, per-ambiguity overrides, or a value.
ReadingsChoice = str | Mapping[str, str] | Readings | None


def resolve(rules: Rules, choice: ReadingsChoice) -> Readings:
    """The ``Readings`` of a set name (``kennerspiel``), of overrides (``{"wheel_entry":
    "before_rotation"}``, over the rulebook) or ``None`` (the rulebook); ``InvalidConfig``
    names an unknown set, ambiguity or option."""
    if choice is None:
        return Readings()
    if isinstance(choice, Readings):
        chosen = attrs.asdict(choice)
    elif isinstance(choice, str) and "=" in choice:
        chosen = dict(word.split("=", 1) for word in choice.split())  # the ``label`` form
    elif isinstance(choice, str):
        choice = rules.readings.aliases.get(choice, choice)
        if choice not in rules.readings.sets:
            raise InvalidConfig(f"readings: unknown set {choice!r}; sets: "
                                f"{', '.join(sorted(rules.readings.sets))}", "readings")
        chosen = dict(rules.readings.sets[choice])
    else:
        chosen = dict(choice)
    for name, label in chosen.items():
        ambiguity = rules.readings.ambiguities.get(name)
        if ambiguity is None:
            raise InvalidConfig(f"readings: unknown ambiguity {name!r}; known: "
                                f"{', '.join(sorted(rules.readings.ambiguities))}", "readings")
        if label not in ambiguity.options:
            raise InvalidConfig(f"readings: {name} ({ambiguity.amb}) is one of "
                                f"{', '.join(ambiguity.options)}, got {label!r}", "readings")
    return Readings(**chosen)


def set_name(rules: Rules, readings: Readings) -> str | None:
    """The name of the set ``readings`` equals, if any (``rulebook`` for the defaults)."""
    chosen = attrs.asdict(readings)
    for name in sorted(rules.readings.sets, key=lambda n: n != "rulebook"):
        if attrs.asdict(Readings(**rules.readings.sets[name])) == chosen:
            return name
    return None


def profile_of(readings: Readings, rules: Rules | None = None) -> str:
    """The game's profile as shown (``rulebook``, ``kennerspiel-0.21``), or, for options that
    are no named profile, those options as ``name=option`` words. Without ``rules``, the
    default specs' profiles (loaded once)."""
    return set_name(rules or _default_rules(), readings) or label(readings)


@cache
def _default_rules() -> Rules:
    from ora_rules.specs import load_rules

    return load_rules()


def label(readings: Readings) -> str:
    """The record header's ``[Readings]`` value: ``rulebook``, or the options that differ from
    it as ``name=option`` words (which ``resolve`` reads back)."""
    return describe(readings) or "rulebook"


def describe(readings: Readings) -> str:
    """The options that differ from the rulebook, as ``name=option`` words (empty: rulebook)."""
    default = Readings()
    return " ".join(f"{a.name}={getattr(readings, a.name)}" for a in Readings.__attrs_attrs__
                    if getattr(readings, a.name) != getattr(default, a.name))


def card_mode(rules: Rules, config: GameConfig) -> str:
    """AMB-09: the mode code whose building set this game deals (R-SETUP-2 by default)."""
    option = rules.readings.option("building_sets", config.readings.building_sets)
    return option.card_modes.get(config.mode, config.mode)


def wheel_entries(rules: Rules, config: GameConfig, mode: ModeSpec
                  ) -> tuple[dict[int, list[Indicator]], dict[int, list[Indicator]]]:
    """AMB-02: the indicators that enter before / after the rotation of each round."""
    before: dict[int, list[Indicator]] = {}
    after: dict[int, list[Indicator]] = {}
    early = rules.readings.option("wheel_entry", config.readings.wheel_entry).entries
    for indicator, rulebook_round in ((Indicator.GRAPES, mode.grapes),
                                      (Indicator.STONE, mode.stone)):
        round_ = early.get(mode.code, {}).get(indicator.value)
        if round_ is not None:
            before.setdefault(round_, []).append(indicator)
        elif rulebook_round is not None:
            after.setdefault(rulebook_round, []).append(indicator)
    return before, after


# --- options that change specs (a spec field overridable per reading) -------------------------

class ByReadings(Generic[T]):
    """What follows from a rule set and a game's readings, counted once per pair: asked by every
    command, so the entry asked last answers first, by two identity checks (one tuple, read
    and replaced whole, so that threads never mix the parts of two entries). The readings are
    a key by value (every game, and every load of a stored one, holds a ``Readings`` object of
    its own: keyed by identity the table grew by one entry a game); the rules by identity,
    kept in the entry so their id stays theirs."""

    def __init__(self, count: Callable[[Rules, Readings], T]) -> None:
        self.count = count
        self.entries: dict[tuple[int, Readings], tuple[Rules, T]] = {}
        self.last: tuple[Rules, Readings, T] | None = None

    def __call__(self, rules: Rules, readings: Readings) -> T:
        last = self.last
        if last is not None and last[0] is rules and last[1] is readings:
            return last[2]
        entry = self.entries.get((id(rules), readings))
        if entry is None or entry[0] is not rules:
            entry = self.entries[(id(rules), readings)] = (rules, self.count(rules, readings))
        self.last = (rules, readings, entry[1])
        return entry[1]

    def put(self, rules: Rules, readings: Readings, value: T) -> None:
        """An entry counted elsewhere."""
        self.entries[(id(rules), readings)] = (rules, value)


def chosen_options(rules: Rules, readings: Readings) -> list[ReadingOption]:
    """The options ``readings`` chooses, one per ambiguity, in the spec's order."""
    return [rules.readings.option(name, getattr(readings, name))
            for name in rules.readings.ambiguities]


def switch(rules: Rules, readings: Readings, name: str) -> bool:
    """Whether a chosen option turns on the switch ``name`` (a departure no spec field can carry;
    each switch is described with its option in ``specs/readings.toml``)."""
    return any(name in option.switches for option in chosen_options(rules, readings))


def under(rules: Rules, readings: Readings) -> Rules:
    """``rules`` with the building, goods and mode fields the chosen options replace; ``rules``
    itself when none does (every rulebook game). ``InvalidConfig`` for an override that is
    not a valid spec."""
    return _UNDER(rules, readings)


def _under(rules: Rules, readings: Readings) -> Rules:
    options = [o for o in chosen_options(rules, readings) if o.buildings or o.goods or o.modes]
    patched = rules
    if options:
        buildings = dict(rules.buildings)
        goods = dict(rules.goods)
        modes = dict(rules.modes)
        for option in options:
            for building_id, fields in option.buildings.items():
                buildings[building_id] = _patched_building(buildings[building_id], fields)
            for name, fields in option.goods.items():
                goods[Good(name)] = attrs.evolve(goods[Good(name)], **fields)
            for code, fields in option.modes.items():
                modes[code] = attrs.evolve(modes[code], **fields)
        patched = attrs.evolve(rules, buildings=buildings, goods=goods, modes=modes)
        _UNDER.put(patched, readings, patched)  # already under them
    return patched


_UNDER: ByReadings[Rules] = ByReadings(_under)


def _patched_building(spec: BuildingSpec, fields: Mapping[str, Any]) -> BuildingSpec:
    from ora_rules.effects import parse_effect

    changes: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in fields.items():
        if name == "cost":
            changes["cost"] = {Good(g): int(n) for g, n in value.items()}
        elif name in ("dwelling", "economic"):
            changes[name] = int(value)
        elif name == "effect":
            changes["effect"] = parse_effect(value, "specs/readings.toml", f"{spec.id}.effect",
                                             lambda _p, f, what: problems.append(f"{f}: {what}"))
        else:
            problems.append(f"{spec.id}.{name}: not a field a reading may replace")
    if problems:
        raise InvalidConfig("readings: " + "; ".join(problems), "readings")
    return attrs.evolve(spec, **changes)


def replaces_clergy(state: State, seat: int, building: str) -> bool:
    """Departure from R-CLG-4 (``occupied_own_building = replaces``): whether a clergyman of
    ``seat`` may be placed on ``building`` although one of its own stands there. The one there
    stays where it is, out of play, until the clergy return (R-CLG-3), as in kennerspiel, whose
    tile forgets it while its player's supply does not get it back."""
    if state.config.readings.occupied_own_building != "replaces":
        return False
    return building in state.players[seat].clergy
