"""The fixed words of the game in English: the message ids of the catalogue
(``ora_rules.views.i18n``).

Names of buildings, settlements and modes and the card texts come from ``specs/``; the words
below are the rest a board needs: goods, terrain, landscape parts, clergy, colours, stages and
phases, the actions (verbs of the notation) and the sentences of the schedule. ``messages``
lists every message id (the ``ora.pot`` template, and the test that the catalogue is complete).
"""

from __future__ import annotations

from collections.abc import Iterator

from ora_core.values import Good, Terrain
from ora_rules.specs import Rules

GOODS: dict[Good, str] = {
    Good.WOOD: "Wood", Good.PEAT: "Peat", Good.PEAT_COAL: "Peat coal", Good.GRAIN: "Grain",
    Good.STRAW: "Straw", Good.LIVESTOCK: "Livestock", Good.MEAT: "Meat", Good.CLAY: "Clay",
    Good.CERAMIC: "Ceramic", Good.COIN: "Coin", Good.BOOK: "Book", Good.RELIQUARY: "Reliquary",
    Good.STONE: "Stone", Good.ORNAMENT: "Ornament", Good.GRAPES: "Grapes", Good.WINE: "Wine",
    Good.FLOUR: "Flour", Good.BREAD: "Bread", Good.MALT: "Malt", Good.BEER: "Beer",
    Good.WHISKEY: "Whiskey", Good.WONDER: "Wonder",
}
#: The joker's name on the wheel (the other indicators are named by their good).
JOKER = "Joker"

TERRAIN: dict[Terrain, str] = {
    Terrain.WATER: "Water", Terrain.COAST: "Coast", Terrain.PLAINS: "Plains",
    Terrain.HILLSIDE: "Hillside", Terrain.MOUNTAIN: "Mountain",
}

#: Landscape words: the parts and the cards that lie on spaces without being buildings.
LANDSCAPE = {
    "heartland": "Heartland", "district": "District", "plot": "Plot", "LFO": "Forest",
    "LMO": "Moor", "landscape": "Landscape",
}

CLERGY = {"prior": "Prior", "lay_brother": "Lay brother"}
COLOURS = {"R": "Red", "G": "Green", "B": "Blue", "W": "White", "Y": "Neutral"}
VARIANTS = {"france": "France", "ireland": "Ireland"}

#: What a turn of the schedule is (``Turn.kind``) in words.
TURNS = {
    "action": "Action", "bonus": "Bonus round", "settlement": "Settlement phase",
    "neutral": "Neutral building", "neutral_prior": "Neutral prior", "over": "Game over",
}
#: The phases of a round (R-ROUND-2) and the settlement phases (R-SET-1).
PHASES = {
    "return": "Return clergy", "rotate": "Rotate the production wheel",
    "settlement": "Settlement phase", "actions": "Actions", "bonus": "Bonus round",
    "final": "Final phase", "scoring": "Scoring", "round": "Round", "turn": "Turn",
}
STAGES = {"heartland": "Heartland", "start": "Start", "A": "A", "B": "B", "C": "C", "D": "D",
          "E": "E"}

#: The verbs of the notation (docs/notation.md) in words.
ACTIONS = {
    "USE": "Use a building", "PRIOR": "Use a building with the prior", "BUILD": "Build",
    "FELL_TREES": "Fell trees", "CUT_PEAT": "Cut peat", "WORK_CONTRACT": "Work contract",
    "WITH_PRIOR": "Send the prior", "WITH_LAYBROTHER": "Send a lay brother",
    "BUY_DISTRICT": "Buy a district", "BUY_PLOT": "Buy a plot", "CONVERT": "Convert",
    "SETTLE": "Build a settlement", "COMMIT": "End the turn",
}

#: Score words (R-SCORE-*).
SCORE = {"goods": "Goods", "economic": "Economic value", "settlements": "Settlements",
         "total": "Total", "score": "Score", "provisional": "provisional", "final": "final",
         "seat": "Seat", "display": "Display", "wheel": "Production wheel",
         "prices": "Prices", "work_contract": "Work contract", "left": "{n} left"}

#: The end conditions, per mode spec ``end`` (R-END-1..4); formatted with ``str.format``.
END = {
    "fixed": "The game ends after the bonus round (round {bonus}) and settlement phase E "
             "(R-END-1).",
    "solo": "The game ends after round {last}: the actions, the neutral building and settlement "
            "phase E (R-END-4).",
    "display_turn": "No fixed length: once settlement phase D has taken place and at most "
                    "{left} building is left in the display, the turn is completed, the other "
                    "player takes one more turn with a single action, then settlement phase E "
                    "and scoring (R-END-2).",
    "display_round": "No fixed length: once settlement phase D has taken place and at most "
                     "{left} buildings are left in the display, the current round is completed, "
                     "then the game is scored, with no settlement phase E (R-END-3, AMB-13).",
}
#: A sentence about the end as it stands now.
END_NOW = {
    "final_phase": "The final phase has begun.",
    "over": "The game is over.",
}


def messages(rules: Rules) -> Iterator[str]:
    """Every message id: the fixed words above, then the names and texts of the specs."""
    for table in (GOODS, TERRAIN, LANDSCAPE, CLERGY, COLOURS, VARIANTS, TURNS, PHASES, STAGES,
                  ACTIONS, SCORE, END, END_NOW):
        yield from table.values()
    yield JOKER
    for mode in rules.modes.values():
        yield mode.name
    for spec in rules.buildings.values():
        yield spec.name
        yield spec.text
    for settlement in rules.settlements.values():
        yield settlement.name
        yield settlement.text
