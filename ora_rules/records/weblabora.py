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

from collections.abc import Iterator, Sequence

import attrs

from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand, InvalidConfig
from ora_core.state import State
from ora_rules.decide import execute
from ora_rules.neutral import neutral_placements
from ora_rules.readings import resolve, switch, under
from ora_rules.records.errors import RecordError
from ora_rules.records.importing import Imported
from ora_rules.records.kennerspiel import (
    _GAIN_CODES,
    _MAGIC_SEED,
    _NEUTRAL,
    _codes,
    _Line,
    _lines,
    _Translator,
    play_lines,
    with_reading_hint,
)
from ora_rules.records.source_lines import LineStop as _Stop
from ora_rules.records.source_lines import annotated
from ora_rules.setup import make_config
from ora_rules.specs import Rules

#: weblabora fills these parameters in itself when a use names none (F03 is not in the language
#: notes, but its records only continue consistently so). Not F23: weblabora's Bathhouse takes
#: the coins written, none for a bare use (option ``bathhouse``).
_IMPLICIT = {"F03": "Pn", "F15": "Pn", "F32": "Pn", "I03": "Pn", "I17": "Pn",
             "G13": "PnPn", "I23": "PnPn", "F27": "Wn", "I27": "Wh", "G26": "WoWo", "I37": "Bo",
             "I25": "Rq", "F30": "Po", "G34": "BoPoOrRq"}
#: Uses whose goods weblabora writes as two gain tokens (joined into kennerspiel's one), after
#: the tokens it leaves implicit.
_GAINS_SPLIT: dict[str, tuple[list[str], tuple[int, int]]] = {
    "I14": ([], (2, 1)), "I15": (["Bo"], (5, 3))}
#: Uses whose straw weblabora takes as grain too (its Slaughterhouse subtracts both as written):
#: grain flips to straw at any time (R-FREE-3), so the grain is converted first.
_GRAIN_AS_STRAW = frozenset({"G19"})
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
    for line in lines:
        verb, args = line.tokens[0], list(line.tokens[1:])
        if verb not in _VERBS:
            raise RecordError(line.number, f"{verb!r} is not a weblabora move")

        def add(tokens: list[str], at: _Line = line) -> None:
            moves.append(_Line(at.number, " ".join(tokens), tuple(tokens), at.text))

        if verb == "use" and args and len(args[0]) == 3 and args[0][0] == "L" \
                and args[0][2] == "3":
            # The Cloister Office: weblabora reads whether a token names the joker, nothing else.
            args = [args[0], *(["Jo"] if any("Jo" in t for t in args[1:]) else []),
                    *(["*"] if "*" in args else [])]
        if verb == "use" and args and args[0] in _GAINS_SPLIT:
            # The Sacred Site and the Druid's House name what they give as two tokens (the
            # good, however often written, and the amount by its place); the Druid's House
            # leaves its book implicit (weblabora takes it all the same).
            implicit, amounts = _GAINS_SPLIT[args[0]]
            split = [a[:2] for a in args[1:] if a != "*"]
            gains = "".join(code * n for code, n in zip(split, amounts, strict=False))
            args = [args[0], *implicit, gains, *(["*"] if "*" in args else [])]
        if verb == "use":
            if "*" in args:
                args.remove("*")
                add(["WITH_PRIOR"])
            if len(args) == 1 and args[0] in _IMPLICIT:
                args.append(_IMPLICIT[args[0]])
            add(["USE", *args])
        elif verb == "with":
            add([f"WITH_{args[0].upper()}" if args else "WITH"])
        elif verb == "convert":  # weblabora reads its first token only (``convert Ni Pn``)
            add(["CONVERT", *args[:1]])
        elif verb == "settle" and len(args) > 3:
            # one payment token in kennerspiel's codes (``Ho`` hops is our malt)
            add(["SETTLE", *args[:3], "".join(_codes("".join(args[3:])))])
        elif verb == "build" and len(args) > 3:
            add(["BUILD", *args[:3]])  # weblabora may append the cost paid
        else:
            add([verb.upper(), *args])
    return moves


class _Weblabora(_Translator):
    bare_use_declines = False  # weblabora fills in its parameters (``_IMPLICIT``) or none
    # The coins a sale gives are written after the goods sold (Brewery: ``BePnPnPnPnPnPnPn``).
    gain_codes = {**_GAIN_CODES, "I05": frozenset({"Pn"})}
    # The Festival Ground gives only the goods its use names (none for a bare ``Be``), which
    # may be less than the full mixes our move list offers.
    named_gains_only = frozenset({"I38"})

    def _candidates(self, building: str, prior: bool, targets: list[str],
                    options: list[tuple[str, ...]]) -> Iterator[tuple[str, ...]]:
        yield from super()._candidates(building, prior, targets, options)
        if building in self.named_gains_only and not targets:
            yield ()

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
        if verb == "WORK_CONTRACT":
            line = self._contract_for_use(line, following)
        if verb == "USE" and len(line.tokens) > 2 and line.tokens[1] in _GRAIN_AS_STRAW:
            line = self._grain_as_straw(line)
        if verb == "USE" and following and following[0].tokens[0] == "USE":
            self._check_redirect(line, following[0])
        if verb == "USE" and turn.kind == "action" and turn.contract is None \
                and switch(self.rules, self.state.config.readings, "unpaid_work_contract"):
            self._foreign_use(line)
        if verb == "SETTLE" and self.state.flow.turn.kind in ("action", "bonus") \
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

    def _grain_as_straw(self, line: _Line) -> _Line:
        """Straw written as grain (``use G19 GnSh``): the grain is flipped to straw first."""
        payment = line.tokens[2]
        grain = _codes(payment).count("Gn")
        if not grain:
            return line
        convert = "CONVERT " + "Gn" * grain
        self.play(convert)
        self.note(line, "inserted", (convert,), "weblabora's Slaughterhouse takes grain for "
                  "straw; grain flips to straw at any time (R-FREE-3)")
        straw = "".join("Sw" if c == "Gn" else c for c in _codes(payment))
        tokens = (*line.tokens[:2], straw, *line.tokens[3:])
        return attrs.evolve(line, text=" ".join(tokens), tokens=tokens)

    def _check_redirect(self, line: _Line, target: _Line) -> None:
        """A use right after a redirecting use is its target in weblabora; when our rules
        refuse that target (the Priory's needs a prior on it), that refusal is the stop, not
        the later use of a building that is not the player's."""
        building, chosen = self._building(line.tokens[1]), self._building(target.tokens[1])
        if building == chosen or chosen not in self.state.built \
                or building not in self.state.built:
            return
        try:
            execute(self.state, f"USE {building} {chosen}", self.rules)
        except IllegalCommand as e:
            if e.reason.startswith("target_"):
                raise _Stop(f"USE {building} {chosen}", e.reason, e.rule, e.detail) from None
        except (InvalidCommand, AmbiguousCommand):
            pass

    def _contract_for_use(self, line: _Line, following: Sequence[_Line]) -> _Line:
        """weblabora's work contract is only its payment: the clergyman goes on the building
        the next use names (placed by that use), which may be another of the owner's."""
        for nxt in following:
            if nxt.tokens[0] == "COMMIT":
                break
            if nxt.tokens[0] == "USE" and len(nxt.tokens) > 1:
                used, named = self._building(nxt.tokens[1]), self._building(line.tokens[1])
                owner = self.state.built.get(named)
                if used != named and owner is not None \
                        and getattr(self.state.built.get(used), "seat", None) == owner.seat:
                    tokens = (line.tokens[0], nxt.tokens[1], *line.tokens[2:])
                    self.note(line, "rewritten", (" ".join(tokens),), "weblabora places the "
                              "contract's clergyman on the building the use names")
                    return _Line(line.number, " ".join(tokens), tokens, line.source)
                break
        return line

    def _foreign_use(self, line: _Line) -> None:
        """weblabora places the owner's clergyman on another player's building named by a use,
        with no work contract paid: our unpaid contract (option ``foreign_use``), answered
        as weblabora places (a lay brother before the prior; the prior for a ``*``)."""
        building = self._building(line.tokens[1])
        placement = self.state.built.get(building)
        turn = self.state.flow.turn
        if placement is None or placement.seat == turn.seat or building in turn.free_uses \
                or self.state.players[placement.seat].neutral:
            return
        contract = f"WORK_CONTRACT {building} -"
        try:
            self.play(contract)
        except IllegalCommand:
            return  # the use's own refusal names the rule
        inserted = [contract]
        if self.state.flow.turn.contract is not None:
            answer = "WITH_PRIOR" if self.with_prior else "WITH_LAYBROTHER"
            self.with_prior = False
            self.play(answer)
            inserted.append(answer)
        self.note(line, "inserted", tuple(inserted), "weblabora places the owner's clergyman "
                  "on another player's building used, with no work contract paid")


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
    ends: list[tuple[int, int]] = []
    imported, state = play_lines(_Weblabora(config, mapping, under(rules, config.readings)),
                                 _moves(lines[first:]), ends)
    return annotated(imported, state, ends, text)
