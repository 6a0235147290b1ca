"""The reader of weblabora records (reference: the weblabora move language), a dialect of the
kennerspiel command language: each line is rewritten into that language (upper-case verbs, the
prior's ``*`` as ``WITH_PRIOR``, the parameters weblabora fills in itself) and played by the
kennerspiel translator, which finds our command in the position it is played in.

Besides kennerspiel's translations, three weblabora habits are repaired and reported: a
``with PRIOR`` / ``with LAYBROTHER`` where no work contract waits for an answer is dropped; a
work contract whose answer is missing gets ``WITH_LAYBROTHER`` (the lay brother: weblabora then
placed the owner's first free clergyman, a lay brother before the prior); and a ``settle``
outside a settlement phase is the Castle's settlement, so ``USE G28`` is inserted before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.errors import IllegalCommand, InvalidConfig
from ora_core.state import State
from ora_rules.neutral import neutral_placements
from ora_rules.readings import resolve
from ora_rules.records.errors import RecordError
from ora_rules.records.importing import Imported
from ora_rules.records.kennerspiel import (
    _MAGIC_SEED,
    _NEUTRAL,
    _Line,
    _lines,
    _Translator,
    play_lines,
    with_reading_hint,
)
from ora_rules.setup import make_config
from ora_rules.specs import Rules

#: weblabora fills these parameters in itself when a use names none.
#: F03 is not in the language notes, but its records only continue consistently so.
_IMPLICIT = {"F03": "Pn", "F15": "Pn", "F32": "Pn", "I03": "Pn", "I17": "Pn",
             "G13": "PnPn", "I23": "PnPn", "F27": "Wn", "I27": "Wh", "G26": "WoWo", "I37": "Bo",
             "I25": "Rq", "F30": "Po", "G34": "BoPoOrRq"}
_VERBS = {"use", "build", "fell_trees", "cut_peat", "buy_district", "buy_plot", "commit",
          "work_contract", "convert", "settle", "with"}


def _config(lines: list[_Line]) -> tuple[dict[str, str], int]:
    header: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].tokens[0] == "config":
        tokens = lines[i].tokens
        if len(tokens) != 3 or tokens[1] not in ("PLAYERS", "LENGTH", "COUNTRY"):
            raise RecordError(lines[i].number, "config PLAYERS|LENGTH|COUNTRY <value>")
        header[tokens[1]] = tokens[2]
        i += 1
    if i >= len(lines) or lines[i].tokens[0].lower() != "start" or "PLAYERS" not in header:
        raise RecordError(lines[i].number if i < len(lines) else 0,
                          "a weblabora record begins with config lines and start")
    return header, i + 1


def _moves(lines: Sequence[_Line]) -> list[_Line]:
    """The move lines rewritten into the kennerspiel language (one or two per line)."""
    moves: list[_Line] = []
    for move, line in enumerate(lines, start=1):
        verb, args = line.tokens[0], list(line.tokens[1:])
        if verb not in _VERBS:
            raise RecordError(line.number, f"{verb!r} is not a weblabora move")

        def add(tokens: list[str], at: _Line = line, number: int = move) -> None:
            moves.append(_Line(at.number, " ".join(tokens), tuple(tokens), at.text, number))

        if verb == "use":
            if "*" in args:
                args.remove("*")
                add(["WITH_PRIOR"])
            if len(args) == 1 and args[0] in _IMPLICIT:
                args.append(_IMPLICIT[args[0]])
            add(["USE", *args])
        elif verb == "with":
            add([f"WITH_{args[0].upper()}" if args else "WITH"])
        elif verb == "convert":
            add(["CONVERT", "".join(args)])
        elif verb == "settle" and len(args) > 4:
            add(["SETTLE", *args[:3], "".join(args[3:])])
        elif verb == "build" and len(args) > 3:
            add(["BUILD", *args[:3]])  # weblabora may append the cost paid
        else:
            add([verb.upper(), *args])
    return moves


class _Weblabora(_Translator):
    bare_use_declines = False  # weblabora fills in its parameters (``_IMPLICIT``) or none

    def _line(self, line: _Line, following: Sequence[_Line]) -> int:
        verb = line.tokens[0]
        turn = self.state.flow.turn
        if verb in ("WITH_PRIOR", "WITH_LAYBROTHER") and turn.contract is None and (
                verb == "WITH_LAYBROTHER" or not following
                or following[0].tokens[0] != "USE" or following[0].number != line.number):
            self.note(line, "dropped", (), "no work contract waits for the owner's answer: "
                      "the clergyman was placed without one")
            return 0
        if verb == "COMMIT" and turn.kind == "neutral" and following \
                and following[0].tokens[0] == "BUILD" and neutral_placements(self.state,
                                                                          self.rules):
            self.note(line, "dropped", (), "weblabora ends each neutral building with a commit; "
                      "ours is one step until the display is built (R-SOLO-10)")
            return 0
        if turn.contract is not None and not verb.startswith("WITH_"):
            self.play("WITH_LAYBROTHER")
            self.note(line, "inserted", ("WITH_LAYBROTHER",),
                      "the record omits the owner's answer to the work contract; weblabora "
                      "places a lay brother before the prior")
        if verb == "USE" and turn.kind == "neutral_prior" and not turn.main_done \
                and self._building(line.tokens[1]) in turn.neutral_built:
            # R-SOLO-9 step 4 is a work contract on the neutral prior; weblabora writes only the
            # use, so the contract at the current price is inserted.
            contract = f"WORK_CONTRACT {self._building(line.tokens[1])} " \
                + "Pn" * self.state.work_contract_price
            self.play_paying_coins(line, contract)
            self.note(line, "inserted", (contract,), "the neutral prior's use (R-SOLO-9 step "
                      "4) is a work contract at the current price")
        if verb == "SETTLE" and self.state.flow.turn.kind == "action" \
                and "settle" not in self.state.flow.turn.grants:
            castle = "USE G28"
            try:
                self.play(castle)
            except IllegalCommand:
                try:
                    self.play(castle.replace("USE", "PRIOR"))
                except IllegalCommand:
                    return super()._line(line, following)  # the refusal of the settle itself
            self.note(line, "inserted", (self.commands[-1],),
                      "a settlement outside a settlement phase is the Castle's (R-SET-6)")
        return super()._line(line, following)


def read_weblabora(text: str, rules: Rules, readings: str | None = None) -> Imported:
    """Read a weblabora record (a ``Reader``): the game as far as our rules accept it, under
    ``readings`` (a set of specs/readings.toml; the rulebook's by default)."""
    return with_reading_hint(lambda chosen: _read(text, rules, chosen)[0], rules, readings,
                             "weblabora")


def _read(text: str, rules: Rules, readings: str | None) -> tuple[Imported, State]:
    lines = _lines(text)
    header, first = _config(lines)
    try:
        players = int(header["PLAYERS"])
        length = header.get("LENGTH", "LONG").lower() if players != 1 else "long"
        colours = tuple("RGBW"[:players])
        config = make_config(players, header.get("COUNTRY", "FRANCE").lower(), length,
                             _MAGIC_SEED, colours, readings=resolve(rules, readings))
    except (ValueError, InvalidConfig) as e:
        raise RecordError(lines[0].number, str(e)) from None
    mapping = {c: c for c in colours}
    if players == 1:
        mapping["W"] = _NEUTRAL  # weblabora's solo neutral player is white
    return play_lines(_Weblabora(config, mapping, rules), _moves(lines[first:]))
