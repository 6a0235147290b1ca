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
from ora_rules.views.glossary import describe_condition, describe_function

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


#: Seats by colour in the log (the solo game's neutral seat is "the neutral player").
COLOUR_NAMES = {"R": "Red", "G": "Green", "B": "Blue", "W": "White", "Y": "Yellow"}

#: The log's sentences (``ora_rules.views.sentences``): key -> English template with named
#: fields; a locale's catalogue translates the template, fields and all.
LOG: dict[str, str] = {
    # names and lists
    "building": "the {name} ({id})",
    "settlement": "the {name} ({id})",
    "owned": "{owner}'s {name} ({id})",
    "neutral": "the neutral player",
    "count": "{n} {good}",
    "and": "{first} and {last}",
    "nothing": "nothing",
    "joker": "the joker",
    "indicator": "the {good} indicator",
    "sentence": "{actor} {clauses}",
    # clergy
    "the_prior": "the prior",
    "a_lay_brother": "a lay brother",
    "their_prior": "their prior",
    "owner_prior": "{owner}'s prior",
    "owner_lay_brother": "{owner}'s lay brother",
    # the commands' own clauses
    "declines": "declines its function",
    "converts": "converts {goods}",
    "converts_into": "converts {given} into {received}",
    "ends_turn": "ends the turn",
    "done_settlement": "is done with the settlement phase",
    "done_neutral": "is done building for the neutral player",
    "done_neutral_prior": "is done with the neutral prior",
    "with_joker": "{building} with the joker",
    "places": "places {clergy} on {building}",
    "uses": "uses {building}",
    "builds": "builds {building} at {coord}",
    "builds_for": "builds {building} for {seat} at {coord}",
    "builds_for_over": "builds {building} for {seat} at {coord} over {covered}",
    "fells": "fells trees at {coord}",
    "cuts": "cuts peat at {coord}",
    "fells_none": "fells trees with no forest left, and nothing happens",
    "cuts_none": "cuts peat with no moor left, and nothing happens",
    "clause_joker": "{clause} with the joker",
    "taking_nothing": "{clause}, taking nothing",
    "contract_pays": "issues a work contract for {building}, paying {price}",
    "contract_gives": "issues a work contract for {building}, giving {price}",
    "to_seat": "{clause} to {seat}",
    "present": "{clause} as a present",
    "goes_to_work": "{clause}, and {clergy} goes to work there",
    "answers": "answers the work contract with {clergy}",
    "sends": "sends {clergy} to work on {building} under contract",
    "buys_district": "buys a district and places it {side} side up in row {row}",
    "buys_plot": "buys a plot and places it {side} side up in rows {row} and {next}",
    "for_goods": "{clause} for {goods}",
    "founds": "founds {settlement} at {coord}",
    "feeds": "{clause}, feeding and heating it with {goods}",
    # what else a command caused
    "pays": "pays {goods}",
    "takes": "takes {goods}",
    "gets": "{seat} gets {goods}",
    "each_get": "{seats} each get {goods}",
    "goes_to": "{clergy} goes to {building}",
    "clears_forest": "clears the forest at {coord}",
    "clears_moor": "clears the moor at {coord}",
    "clears_card": "clears the card at {coord}",
    "adds_district": "adds a district {side} side up in row {row}",
    "adds_plot": "adds a plot {side} side up in rows {row} and {next}",
    "raises_price": "raises the work contract price to {goods}",
    "clergy_return": "{seat}'s clergy return home",
    "brings": "brings {indicator} into play",
    "turns_wheel": "turns the production wheel",
    "takes_dark_wonder": "takes the dark-blue wonder {tile} ({name}) from the display",
    "takes_light_wonder": "takes a light-blue wonder (20 points) from the stack",
    # the schedule's own sentences
    "bonus_begins": "The bonus round begins (R-BONUS-1); {seat} is the start player.",
    "round_begins": "Round {round} begins; {seat} is the start player.",
    "wheel_turns": "The production wheel turns.",
    "wheel_turns_leaves": "The production wheel turns, and {indicators} leaves play.",
    "wheel_turns_leave": "The production wheel turns, and {indicators} leave play.",
    "enters": "{indicator} enters the wheel",
    "every_player": "Every player",
    "seat_takes": "{seats} takes {goods}.",
    "seats_take": "{seats} take {goods}.",
    "seat_pays": "{seat} pays {goods}.",
    "phase_begins": "Settlement phase {stage} begins.",
    "revealed": "The {stage} buildings join the display: {buildings}.",
    "seat_receives": "{seats} receives {settlement}.",
    "seats_receive": "{seats} receive {settlement}.",
    "price_now": "A work contract now costs {goods}.",
    "score": "{seat} {total}",
    "ends_wins": "The game ends: {totals} points; {winners} wins.",
    "ends_share": "The game ends: {totals} points; {winners} share the win.",
    "final_phase": "The final phase begins ({rule}).",
}

#: The take-back's sentences in the log (``ora_rules.views.takeback_words``, UNDO-1..4).
TAKEBACK: dict[str, str] = {
    "undo_asks": "{seat} asks to take the game back to after move {move}.",
    "undo_asks_agree": "{seat} asks to take the game back to after move {move}, asking {asked} "
                       "to agree.",
    "undo_accepts": "{seat} accepts the take-back.",
    "undo_refuses": "{seat} refuses the take-back.",
    "undo_lapses": "The take-back asked lapses: a move was played.",
    "undo_restored": "The moves after move {move} are taken back: the game is back at the "
                     "position after move {move}.",
}

#: The table's sentences in the log (``ora_rules.views.table_words``): clocks running out
#: (ora_rules/clocks.py) and seats handed to bots (ora_rules/seats.py), and a decision's time.
TABLE: dict[str, str] = {
    "timeout_lose": "{seat}'s time runs out after {took}: {seat} loses the game.",
    "timeout_pass": "{seat}'s time runs out after {took}: the rules' default decides for it.",
    "timeout_bot": "{seat}'s time runs out after {took}: a bot takes the seat.",
    "timeout": "{seat}'s time runs out after {took}.",
    "bot_asks": "{by} asks that the bot {bot} take {seat}'s seat.",
    "bot_asks_agree": "{by} asks that the bot {bot} take {seat}'s seat, asking {asked} to agree.",
    "bot_accepts": "{seat} accepts that a bot take the seat.",
    "bot_refuses": "{seat} refuses that a bot take the seat.",
    "bot_plays": "The bot {bot} plays {seat}'s seat from now on ({why}).",
    "why_creator": "the game's creator hands it over",
    "why_own": "its player hands it over",
    "why_consent": "the other players agreed",
    "why_timeout": "its time ran out",
    "took_s": "{s} s",
    "took_min": "{min} min {s} s",
    "took_h": "{h} h {min} min",
    "took_d": "{d} d {h} h",
}

#: What changed between two moments (``ora_rules.views.diff``, ``game.diff``, ``game.preview``),
#: said like the log's sentences (key -> English template with named fields).
CHANGES: dict[str, str] = {
    "has_more": "{seat} has {goods} more.",
    "has_less": "{seat} has {goods} less.",
    "gained_space": "{seat}'s landscape gained the space {coord} with {card}.",
    "space_now": "{seat}'s space {coord} held {before} and now holds {after}.",
    "prior_on": "{seat}'s the prior now stands on {building}.",
    "prior_home": "{seat}'s the prior now is at home.",
    "brother_on": "{seat}'s lay brother {n} now stands on {building}.",
    "brother_home": "{seat}'s lay brother {n} now is at home.",
    "received": "{seat} received {cards}.",
    "no_longer": "{seat} no longer holds {cards}.",
    "score_went": "{seat}'s score went from {before} to {after}.",
    "empty_space": "an empty space",
    "a_forest": "a forest",
    "a_moor": "a moor",
    "round_went": "The round went from {before} to {after}.",
    "wheel_went": "On the wheel, {indicator} went from {before} to {after}.",
    "out_of_play": "out of play",
    "joined_it": "{buildings} joined it",
    "left_it": "{buildings} left it",
    "display_changed": "The display changed: {changes}.",
    "contract_went": "A work contract went from {before} to {after} coins.",
    "districts_went": "Districts left went from {before} to {after}.",
    "plots_went": "Plots left went from {before} to {after}.",
    "wonders_went": "Wonders left went from {before} to {after}.",
    "phases_went": "Settlement phases held went from {before} to {after}.",
    "none": "none",
    "decision_passed": "The decision passed from {before} to {after}.",
    "nobody": "nobody",
    "game_ended": "The game ended.",
    "not_over": "The game is no longer over.",
}

#: The score line by line (``ora_rules.views.explain``, ``game.explain``; R-SCORE-1..8).
EXPLAIN: dict[str, str] = {
    "point": "{n} point",
    "points": "{n} points",
    "held_points": "{goods}: {points}",
    "as_coins": "{clause} (counting {goods} as coins)",
    "at_each": "{goods} at {each} each: {points}",
    "light_wonder": "wonder {tile}, light-blue: {points}",
    "dark_wonder": "wonder {tile} {name}, dark-blue: {base} {sign} {value} x {count} "
                   "({counted}) = {points}",
    "of_and": "{first} and {rest}",
    "per_built_material": "{of} in the costs of your buildings",
    "per_landscape": "landscapes, the heartland included",
    "per_building": "buildings, the start buildings included",
    "per_cloister_building": "cloister buildings, the Cloister Office included",
    "per_goods": "{of}",
    "per_combination": "pairs of {of}",
    "card_at": "{card} at {coord}: {points}",
    "empty": "empty {terrain}",
    "neighbour_at": "{what} at {coord}: {value}",
    "its_own": "its own {n}",
    "settlement_at": "{card} at {coord}: {points} ({parts})",
    "seat_total": "{seat}: {points} = goods {goods} + economic {economic} + settlements "
                  "{settlements}",
}

#: The sides of landscape tiles as the log names them (``BUY_DISTRICT 3 PLAINS``).
SIDES = {"PLAINS": "plains", "HILLS": "hills", "COAST": "coast", "MOUNTAIN": "mountain"}


def messages(rules: Rules) -> Iterator[str]:
    """Every message id: the fixed words above, then the names and texts of the specs."""
    for table in (GOODS, TERRAIN, LANDSCAPE, CLERGY, COLOURS, VARIANTS, TURNS, PHASES, STAGES,
                  ACTIONS, SCORE, END, END_NOW):
        yield from table.values()
    yield JOKER
    for table in (LOG, TAKEBACK, TABLE, CHANGES, EXPLAIN, COLOUR_NAMES, SIDES):
        yield from table.values()
    for mode in rules.modes.values():
        yield mode.name
    for spec in rules.buildings.values():
        yield spec.name
        yield spec.text
        yield describe_function(spec)
    for settlement in rules.settlements.values():
        yield settlement.name
        yield settlement.text
    for wonder in rules.wonders.values():
        yield wonder.name
        yield wonder.text
        yield describe_condition(wonder)
