"""Set-up (R-SETUP-1..14): the ``GameStarted`` event of a new game, drawn once from the seed."""

from __future__ import annotations

import random

from ora_core.errors import InvalidConfig
from ora_core.events import GameStarted, PlayerSetup, SpaceSetup
from ora_core.state import GameConfig, Readings
from ora_core.values import COLOURS, Indicator, Stage, Variant
from ora_rules import wonders
from ora_rules.readings import ReadingsChoice, card_mode, resolve
from ora_rules.specs import ModeSpec, Rules

_BASE_INDICATORS = (Indicator.WOOD, Indicator.PEAT, Indicator.GRAIN, Indicator.LIVESTOCK,
                    Indicator.CLAY, Indicator.COIN, Indicator.JOKER)
SETTLEMENT_BY_STAGE = {"start": ("S01", "S02", "S03", "S04"), "A": ("S05",), "B": ("S06",),
                       "C": ("S07",), "D": ("S08",)}
NEUTRAL_COLOUR = "Y"
#: The Liesborn tile set when none is named; the specs must define it (AMB-28 a).
DEFAULT_TILE_SET = "all"

#: Every configuration of the game (R-GEN-2): solo (long only), then 2, 3 and 4 players, long
#: and short, France and Ireland: 14 in all, as ``(players, variant, length)``.
CONFIGS: tuple[tuple[int, str, str], ...] = (
    (1, "france", "long"),
    (1, "ireland", "long"),
    *((p, v, length) for p in (2, 3, 4) for length in ("long", "short")
      for v in ("france", "ireland")),
)
CONFIG_IDS = tuple(f"{p}p-{v}-{length}" for p, v, length in CONFIGS)


def mode_code(players: int, length: str) -> str:
    """The rules.md mode code of a configuration (R-GEN-2), or ``InvalidConfig``."""
    if players not in (1, 2, 3, 4):
        raise InvalidConfig(f"players must be 1, 2, 3 or 4, got {players!r}", "players")
    if length not in ("long", "short"):
        raise InvalidConfig(f"length must be 'long' or 'short', got {length!r}", "length")
    if players == 1:
        if length != "long":
            raise InvalidConfig("the solo game has one length: 'long'", "length")
        return "1"
    if players == 2:
        return "2L" if length == "long" else "2"
    return f"{players}s" if length == "short" else str(players)


def make_config(players: int, variant: str, length: str, seed: int,
                colours: tuple[str, ...] | None = None, readings: ReadingsChoice = None,
                rules: Rules | None = None, *, liesborn: bool = False,
                wonder_tiles: str | None = None) -> GameConfig:
    """Validate a configuration; the seat order of the colours is drawn from the seed.
    ``readings``: the options for the rulebook ambiguities, a ``Readings`` value, a set name of
    ``specs/readings.toml`` (``"kennerspiel"``) or ``{ambiguity: option}`` overrides, resolved
    against ``rules`` (the default specs when not given); the rulebook's by default.
    ``liesborn`` adds the wonders mini expansion (R-LIES-1); ``wonder_tiles`` names its tile
    set (AMB-28 a; the spec's default when omitted, checked against the specs by ``start``).
    """
    if readings is not None and not isinstance(readings, Readings):
        if rules is None:
            from ora_rules.specs import load_rules

            rules = load_rules()
        readings = resolve(rules, readings)
    if not isinstance(liesborn, bool):
        raise InvalidConfig(f"liesborn must be true or false, got {liesborn!r}", "liesborn")
    if wonder_tiles is not None and not liesborn:
        raise InvalidConfig("wonder_tiles chooses the Liesborn tile set: only with liesborn",
                            "wonder_tiles")
    if wonder_tiles is not None and (not isinstance(wonder_tiles, str) or not wonder_tiles):
        raise InvalidConfig(f"wonder_tiles must name a tile set, got {wonder_tiles!r}",
                            "wonder_tiles")
    try:
        chosen = Variant(variant)
    except ValueError:
        raise InvalidConfig(f"variant must be 'france' or 'ireland', got {variant!r}",
                            "variant") from None
    code = mode_code(players, length)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise InvalidConfig(f"seed must be an integer in 0 .. 2**63-1, got {seed!r}", "seed")
    if colours is None:
        colours = tuple(COLOURS[:players])
        shuffled = list(colours)
        random.Random(seed).shuffle(shuffled)
        colours = tuple(shuffled)
    elif len(colours) != players or len(set(colours)) != players or not set(colours) <= set(
            COLOURS):
        raise InvalidConfig(f"colours must be {players} distinct of {', '.join(COLOURS)}",
                            "colours")
    return GameConfig(players=players, variant=chosen, length=length, mode=code, seed=seed,
                      colours=colours, readings=readings or Readings(), liesborn=liesborn,
                      wonder_tiles=(wonder_tiles or DEFAULT_TILE_SET) if liesborn else "")


def cards_for(rules: Rules, mode: ModeSpec, variant: Variant, stage: str,
              card_code: str | None = None) -> tuple[str, ...]:
    """The building cards of one stage used in this mode and variant (R-SETUP-2); ``card_code``
    deals another mode's set instead (the AMB-09 readings)."""
    code = mode.code if card_code is None else card_code
    return tuple(sorted(
        (b.id for b in rules.buildings.values()
         if b.stage == stage and b.in_variant(variant) and code in b.modes
         and not (mode.neutral and b.neutral_start)),
        key=lambda i: (rules.buildings[i].card, i)))


def _heartland(rules: Rules, mode: ModeSpec, colour: str, neutral: bool) -> tuple[SpaceSetup, ...]:
    cleared = rules.landscape.neutral_cleared if neutral else (
        rules.landscape.short_game_cleared if mode.heartland == "short" else frozenset())
    spaces = []
    for s in rules.landscape.heartland:
        card = None if s.at in cleared else s.card
        if card is not None and card.startswith("L0"):
            card = f"L{colour}{card[2]}"
        spaces.append(SpaceSetup(coord=s.at, terrain=s.terrain, card=card))
    return tuple(spaces)


def game_started(config: GameConfig, rules: Rules) -> GameStarted:
    mode = rules.modes[config.mode]
    card_code = card_mode(rules, config)
    wonder_display: tuple[str, ...] = ()
    wonder_stack: tuple[str, ...] = ()
    if config.liesborn:  # R-LIES-2: the 26 tiles replace the 8 wonders (R-LIES-1)
        wonder_display, wonder_stack = wonders.draw(config, rules)
    players = [
        PlayerSetup(colour=colour, goods=dict(mode.start_goods),
                    spaces=_heartland(rules, mode, colour, neutral=False), clergy=mode.clergy,
                    settlements=SETTLEMENT_BY_STAGE["start"])
        for colour in config.colours
    ]
    if mode.neutral:
        players.append(PlayerSetup(colour=NEUTRAL_COLOUR, goods={},
                                   spaces=_heartland(rules, mode, NEUTRAL_COLOUR, neutral=True),
                                   clergy=3, settlements=(), neutral=True))
    built = []
    for seat, player in enumerate(players):
        for space in player.spaces:
            if space.card and space.card.startswith("L") and space.card[2].isdigit():
                built.append((space.card, seat, space.coord))
    if mode.neutral:
        market = next(b.id for b in rules.buildings.values() if b.neutral_start)
        built.append((market, len(players) - 1, rules.landscape.builders_market_at))
    prices = rules.landscape
    reverse = mode.reversed_prices
    return GameStarted(
        config=config,
        players=tuple(players),
        wheel_values=rules.wheel_values[mode.wheel],
        indicators=_BASE_INDICATORS,
        wheel_removes_at_end=mode.wheel_removes_at_end,
        display=cards_for(rules, mode, config.variant, "start", card_code),
        stacks={Stage(s): cards_for(rules, mode, config.variant, s, card_code) for s in "ABCD"},
        district_prices=tuple(reversed(prices.district_prices)) if reverse
        else prices.district_prices,
        plot_prices=tuple(reversed(prices.plot_prices)) if reverse else prices.plot_prices,
        wonders=len(wonder_display) + len(wonder_stack) if config.liesborn else 8,
        built=tuple(built),
        wonder_display=wonder_display,
        wonder_stack=wonder_stack,
    )
