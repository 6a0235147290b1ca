"""The reader of kennerspiel records (reference: the kennerspiel command language, one command
per line: ``CONFIG``, ``START``, then the players' commands).

Each line is translated into our notation *in the position it is played in*, because several of
its commands only mean something there: ``WITH_PRIOR`` before a ``USE`` and ``BUILD`` followed by
a ``USE`` of the new building become our ``PRIOR``; the uses a redirecting building grants are
merged into its command (``USE G01`` + ``USE F09`` + ``USE LG2 Gn`` -> ``USE G01 F09 LG2 Gn``);
kennerspiel infers counts from payment strings, so the use is found among our moves of that
building by what it pays (and the goods it names as gains); coin changes (``CONVERT Ni``) are
dropped, coins being one pool; wine spent directly as coins gets a ``CONVERT`` inserted before
the command. Every such step is an :class:`ImportNote`. The import stops at the first line our
rules refuse, and names the reading set, if any, under which it would have been played.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_core.events import (
    CardRemoved,
    GameEvent,
    GoodsGained,
    GoodsPaid,
    IndicatorUsed,
    MovePlayed,
)
from ora_core.evolve import fold
from ora_core.state import GameConfig, State
from ora_core.values import FIVE_COIN_CODE, GOOD_BY_CODE, Good, Indicator
from ora_rules.coin_pieces import kept_apart
from ora_rules.decide import Executed, execute, start
from ora_rules.notation import Use
from ora_rules.readings import under
from ora_rules.records.importing import Imported, ImportNote

# The start and the line loop live in their own modules; the weblabora reader imports these
# names from here.
from ora_rules.records.kennerspiel_start import MAGIC_SEED as _MAGIC_SEED
from ora_rules.records.kennerspiel_start import NEUTRAL as _NEUTRAL
from ora_rules.records.kennerspiel_start import config_of as _config
from ora_rules.records.kennerspiel_start import seat_order
from ora_rules.records.source_lines import INT as _INT
from ora_rules.records.source_lines import LineStop as _Stop
from ora_rules.records.source_lines import SourceLine as _Line
from ora_rules.records.source_lines import annotated, play_lines, with_reading_hint
from ora_rules.records.source_lines import source_lines as _lines
from ora_rules.specs import Rules
from ora_rules.uses import use_options

__all__ = ["_MAGIC_SEED", "_NEUTRAL", "_Line", "_Translator", "_lines", "play_lines",
           "read_kennerspiel", "seat_order", "with_reading_hint"]

_BUILDING = re.compile(r"^(?:[GFI]\d\d|L[RGBWY][123])$")
_GOODS = re.compile(r"^(?:[A-Z][a-z])+$")
#: Uses whose goods tokens name what is *gained*, by token position (all others name what is
#: paid): the Farmyard's wheel good, the Cloister Courtyard's, House of the Brotherhood's,
#: Druid's House's and Festival Ground's second token, the False Lighthouse's and Sacred Site's
#: goods; by code: the Shipping Company's food, the Cooperage's drink.
_GAIN_TOKENS: dict[str, tuple[int, ...]] = {
    "L02": (0,), "G02": (1,), "G41": (1,), "I08": (0,), "I14": (0,), "I15": (1,), "I38": (1,),
    "G12": (1,),  # weblabora writes the stone a Stone Merchant gives as a token of its own
}
_GAIN_CODES: dict[str, frozenset[str]] = {"F33": frozenset({"Mt", "Br", "Wn"}),
                                          "I33": frozenset({"Be", "Wh"})}
#: Uses that always take the joker's value without writing ``Jo`` (Shipping Company, Cooperage).
_JOKER_USES = frozenset({"F33", "I33"})


# --- translation ----------------------------------------------------------------------------------


def _goods(codes: Sequence[str]) -> Counter[Good]:
    """Goods of two-letter codes, coins pooled (a 5-coin tile is five coins)."""
    goods: Counter[Good] = Counter()
    for code in codes:
        if code == FIVE_COIN_CODE:
            goods[Good.COIN] += 5
        elif code in GOOD_BY_CODE:
            goods[GOOD_BY_CODE[code]] += 1
    return goods


#: Codes the records also use: ``Po`` (pottery) is a ceramic, ``Ho`` (hops, weblabora) malt.
_ALIASES = {"Po": "Ce", "Ho": "Ma"}


def _codes(token: str) -> list[str]:
    return [_ALIASES.get(token[i:i + 2], token[i:i + 2]) for i in range(0, len(token) - 1, 2)]


def _same_tokens(ours: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether two token lists agree up to the order of the tiles in goods strings."""
    def norm(tokens: Sequence[str]) -> list[str]:
        return ["".join(sorted(_codes(t))) if _GOODS.match(t) else t for t in tokens]

    return norm(ours) == norm(theirs)


class _Translator:
    """Plays a kennerspiel record line by line into our commands, keeping the state."""

    #: Which goods tokens / codes of a use are gains (a dialect may write more of them).
    gain_tokens: Mapping[str, tuple[int, ...]] = _GAIN_TOKENS
    gain_codes: Mapping[str, frozenset[str]] = _GAIN_CODES
    #: Uses of these buildings gain only the goods the line names (else all a payment buys).
    named_gains_only: frozenset[str] = frozenset()
    #: kennerspiel runs a bare use that pays nothing as a use that does nothing (our decline);
    #: a dialect whose bare use means something else stops there instead.
    bare_use_declines = True

    def __init__(self, config: GameConfig, colours: dict[str, str], rules: Rules) -> None:
        self.rules = rules
        self.colours = colours
        self.events: list[GameEvent] = list(start(config, rules))
        self.state: State = fold(self.events)
        self.commands: list[str] = []
        self.notes: list[ImportNote] = []
        self.with_prior = False
        #: Goods a joker-only use names although its joker gives none of them (at 0, or gone).
        self.named: set[str] = set()

    # -- playing ---------------------------------------------------------------------------

    def play(self, command: str) -> Executed:
        executed = execute(self.state, command, self.rules)
        self._keep(executed)
        return executed

    def _keep(self, executed: Executed) -> None:
        self.events.extend(executed.events)
        self.state = executed.state
        first = executed.events[0]
        assert isinstance(first, MovePlayed)
        self.commands.append(first.move)

    def note(self, line: _Line, action: str, commands: Sequence[str], why: str) -> None:
        self.notes.append(ImportNote(line=line.number, source=line.source or line.text,
                                     action=action, commands=tuple(commands), why=why))

    def _building(self, token: str) -> str:
        if len(token) == 3 and token[0] == "L" and token[1] in self.colours:
            return f"L{self.colours[token[1]]}{token[2]}"
        return token

    def play_paying_coins(self, line: _Line, command: str) -> None:
        """Play ``command``; when it lacks coins, spend wine (then whiskey) as coins first, as
        kennerspiel does, with the conversion inserted and noted."""
        try:
            self.play(command)
            return
        except IllegalCommand as first:
            if first.reason != "cannot_afford":
                raise
            error = first
        player = self.state.players[self.state.flow.turn.seat]
        for wine, whiskey in self._conversions(player.count(Good.WINE),
                                               player.count(Good.WHISKEY)):
            convert = "CONVERT " + "Wn" * wine + "Wh" * whiskey
            try:
                first_step = execute(self.state, convert, self.rules)
                then = execute(first_step.state, command, self.rules)
            except IllegalCommand:
                continue
            self._keep(first_step)
            self._keep(then)
            self.note(line, "inserted", (convert, command),
                      "kennerspiel spends wine and whiskey directly as coins; the conversion "
                      "(R-FREE-1) is made explicit")
            return
        raise error

    @staticmethod
    def _conversions(wine: int, whiskey: int) -> Iterator[tuple[int, int]]:
        for total in range(1, wine + whiskey + 1):
            for w in range(min(wine, total), -1, -1):
                if total - w <= whiskey:
                    yield w, total - w

    # -- lines -------------------------------------------------------------------------------

    def line(self, line: _Line, following: Sequence[_Line]) -> int:
        """Translate and play one line; returns how many following lines it consumed.

        Solo: kennerspiel runs the neutral building, the neutral prior and the settlement in
        one frame; ours are steps of their own (R-SOLO-9), so a line that belongs to a later
        step ends the current one first (an inserted ``COMMIT``)."""
        while True:
            kind = self.state.flow.turn.kind
            try:
                return self._line(line, following)
            except (IllegalCommand, _Stop) as e:
                if kind not in ("neutral", "neutral_prior") or line.tokens[0] == "COMMIT" \
                        or e.reason not in ("wrong_phase", "not_just_built"):
                    raise
                try:
                    self.play("COMMIT")
                except IllegalCommand as step_left:
                    # The line belongs to a later step, but ours cannot end yet: that is why.
                    raise step_left from None
                self.note(line, "inserted", ("COMMIT",),
                          f"kennerspiel's solo settlement frame holds our {kind} step "
                          "(R-SOLO-9), which ends before this line")

    def _line(self, line: _Line, following: Sequence[_Line]) -> int:
        verb, args = line.tokens[0], list(line.tokens[1:])
        if verb == "USE":
            return self._use(line, following)
        if verb == "WITH_PRIOR" and self.state.flow.turn.contract is None:
            self.with_prior = True
            self.note(line, "merged", (), "WITH_PRIOR before a USE is our PRIOR command")
            return 0
        if verb in ("WITH_PRIOR", "WITH_LAYBROTHER", "COMMIT", "CUT_PEAT", "FELL_TREES"):
            self.play(line.text)
            return 0
        if verb in ("BUILD", "BUY_DISTRICT", "BUY_PLOT"):
            self.play_paying_coins(line, line.text)
            return 0
        if verb == "WORK_CONTRACT":
            answered = bool(following) and following[0].tokens[0] in ("WITH_PRIOR",
                                                                      "WITH_LAYBROTHER")
            self._work_contract(line, args, answered)
            return 0
        if verb == "CONVERT":
            self._convert(line, args)
            return 0
        if verb == "SETTLE":
            self.play_paying_coins(line, line.text)
            return 0
        raise _Stop("", "invalid_command", None, f"{verb}: not a move of a game in progress")

    def _work_contract(self, line: _Line, args: list[str], answered: bool) -> None:
        if len(args) not in (2, 3):
            raise _Stop("", "invalid_command", None, "WORK_CONTRACT <building> <payment>")
        building, payment = self._building(args[0]), args[1]
        price = self.state.work_contract_price
        ours = payment
        if payment not in ("Wn", "Wh") and sum(_goods(_codes(payment)).values()) != 0:
            coins = _goods(_codes(payment))[Good.COIN]
            if coins >= price and payment != "Pn" * price:
                ours = "Pn" * price
                self.note(line, "rewritten", (f"WORK_CONTRACT {building} {ours}",),
                          f"kennerspiel breaks a 5-coin tile for the price ({price} coins); "
                          "coins are one pool")
        command = f"WORK_CONTRACT {building} {ours}"
        self.play_paying_coins(line, command)
        owner = self.state.players[self.state.built[building].seat]
        if self.state.flow.turn.contract is not None and owner.neutral and not answered:
            # Solo: kennerspiel places the neutral lay brother unless WITH_PRIOR is the 4th token.
            answer = "WITH_PRIOR" if len(args) == 3 and args[2] == "WITH_PRIOR" \
                else "WITH_LAYBROTHER"
            self.play(answer)
            self.note(line, "inserted", (command, answer),
                      "the neutral player's clergyman for a solo work contract is our own command "
                      "(R-SOLO-8)")

    def _convert(self, line: _Line, args: list[str]) -> None:
        codes = _codes(args[0]) if args else []
        kept = [c for c in codes if c in ("Gn", "Wn", "Wh")]
        coins = [c for c in codes if c not in kept]
        if coins and kept_apart(self.rules, self.state.config.readings) and (
                set(coins) == {"Ni"} or (set(coins) == {"Pn"} and len(coins) % 5 == 0)):
            # the game holds 1- and 5-coin pieces apart (coin_tiles): the exchange is a move
            if kept:
                self.play(f"CONVERT {''.join(kept)}")
            self.play(f"CONVERT {''.join(coins)}")
            return
        if coins:
            self.note(line, "dropped" if not kept else "rewritten",
                      (f"CONVERT {''.join(kept)}",) if kept else (),
                      f"{''.join(coins)}: 1-coin and 5-coin tiles are one pool, nothing to convert")
        if kept:
            self.play(f"CONVERT {''.join(kept)}")

    # -- uses ----------------------------------------------------------------------------------

    def _prior(self, building: str) -> bool:
        turn = self.state.flow.turn
        player = self.state.players[turn.seat]
        if building in turn.free_uses:
            return False  # no clergyman of the user is placed (a work contract's use)
        if self.with_prior or turn.kind == "bonus":
            return True
        if turn.prior_bonus == building and player.clergy[0] is None:
            return True  # BUILD then USE of the new building: the prior's build bonus
        return not any(at is None for at in player.clergy[1:])

    def _use(self, line: _Line, following: Sequence[_Line]) -> int:
        building = self._building(line.tokens[1])
        prior = self._prior(building)
        turn = self.state.flow.turn
        seat = turn.seat
        if not _BUILDING.match(building) or building not in self.state.built:
            raise _Stop(f"USE {building}", "not_built", "R-CLG-7",
                        f"{building} is not built in any landscape")
        options = [tuple(p) for p in use_options(self.state, self.rules, seat, building)]
        # The redirect chain: following USE lines whose building is a target of this one.
        chain: list[_Line] = []
        targets: list[str] = []
        consumed = skipped = 0
        between: list[_Line] = []
        converts: list[_Line] = []
        for k, nxt in enumerate(following):
            if nxt.tokens[0] == "WITH_PRIOR" and k + 1 < len(following) \
                    and following[k + 1].number == nxt.number:
                skipped += 1  # a redirected use marked for the prior (weblabora's ``*``)
                continue
            if nxt.tokens[0] == "CONVERT":
                between.append(nxt)  # a conversion between a redirect and the use it grants
                skipped += 1
                continue
            if nxt.tokens[0] != "USE" or len(nxt.tokens) < 2:
                break
            target = self._building(nxt.tokens[1])
            depth = len(targets)
            if not any(len(o) > depth and o[depth] == target and tuple(o[:depth]) ==
                       tuple(targets) for o in options):
                break
            # The target's own tokens come after its id: targets chain one level each.
            targets.append(target)
            chain.append(nxt)
            consumed += 1 + skipped
            skipped = 0
            converts += between
            between = []
        for convert in converts:
            # Conversions are free at any time (R-FREE-2): made before the merged use.
            before = len(self.commands)
            self._line(convert, ())
            self.note(convert, "rewritten", tuple(self.commands[before:]),
                      "played before the use it stands in, which is one command of ours")
        if converts:
            options = [tuple(p) for p in use_options(self.state, self.rules, seat, building)]
        lines = [line, *chain]
        payments: list[Counter[Good]] = []  # what each of the lines pays
        paid: Counter[Good] = Counter()
        gained: Counter[Good] = Counter()
        named_gains: Counter[Good] = Counter()  # the goods a gain token names (Farmyard ``Sh``)
        self.named = set()
        joker = False
        coords: list[tuple[int, int]] = []
        for at, ks_line in enumerate(lines):
            b = building if at == 0 else targets[at - 1]
            b_spec = self.rules.building(b).id
            joker = joker or b_spec in _JOKER_USES
            tokens = [self._building(t) for t in ks_line.tokens[2:]]
            payments.append(Counter())
            ints = [int(t) for t in tokens if _INT.match(t)]
            coords += list(zip(ints[::2], ints[1::2], strict=False))
            for k, token in enumerate(t for t in tokens if _GOODS.match(t)):
                codes = _codes(token)
                if "Jo" in codes:
                    joker = True
                    codes = [c for c in codes if c != "Jo"]
                gain_codes = [c for c in codes if c in self.gain_codes.get(b_spec, ())]
                pay_codes = [c for c in codes if c not in gain_codes]
                if k in self.gain_tokens.get(b_spec, ()):
                    gained.update(_goods(pay_codes + gain_codes))
                    named_gains.update(_goods(pay_codes + gain_codes))
                else:
                    paid.update(_goods(pay_codes))
                    payments[-1].update(_goods(pay_codes))
                    if b_spec not in _JOKER_USES or self._joker_gives():
                        gained.update(_goods(gain_codes))
                    else:
                        self.named |= set(gain_codes)  # the good chosen, none taken
        chosen = self._match(building, prior, targets, options, paid, gained, joker, coords)
        if chosen is None and not joker:
            # kennerspiel takes the joker's value when the good's indicator is not on the wheel
            # (grapes and stone before they enter): our ``Jo`` (R-JOKER-1).
            chosen = self._match(building, prior, targets, options, paid, gained, True, coords)
            if chosen is not None:
                self.note(line, "rewritten", (str(chosen.events[0].move),),  # type: ignore[union-attr]
                          "kennerspiel uses the joker when the good is not on the wheel")
        if chosen is None and not self.bare_use_declines and len(line.tokens) == 2 \
                and building not in self.named_gains_only and not chain \
                and any(o != ("-",) and not (o and _BUILDING.match(o[0])) for o in options) \
                and self._match(building, prior, targets, options, paid, gained, joker, coords,
                                decline=True) is not None:
            # Only where declining is what a bare use would be (else the use's own refusal);
            # a use gaining only what it names gains nothing when bare, which is declining.
            raise _Stop(f"USE {building}", "payment_missing", "R-GOODS-3",
                        f"{line.source or line.text}: the record names no goods, and every use "
                        f"of {building} ({self.rules.building(building).name}) pays some")
        if chosen is None:
            chosen = self._match(building, prior, targets, options, paid, gained, joker,
                                 coords, decline=True)
        if chosen is None and named_gains:
            # A gain token names the good chosen; the wheel may give none of it (its indicator,
            # or the joker, just used and at 0): the use naming it, gaining what it gains.
            self.named |= {g.code for g in named_gains}
            chosen = self._match(building, prior, targets, options, paid, gained - named_gains,
                                 joker, coords)
        if chosen is None:
            converted = self._match_with_wine(line, building, prior, targets, paid, gained,
                                               joker, coords)
            if converted is None:
                refused = self._no_match(line, building, prior, targets, options, chain)
                if refused.reason == "no_matching_use":  # the engine's refusal goes first
                    refused = self._short(lines, payments) or refused
                raise refused
            chosen = converted
        self._keep(chosen)
        if self.with_prior:
            self.note(line, "merged", (self.commands[-1],), "WITH_PRIOR + USE is our PRIOR")
            self.with_prior = False
        elif prior and turn.prior_bonus == building:
            self.note(line, "merged", (self.commands[-1],),
                      "BUILD then USE of the new building with the prior is our PRIOR "
                      "(R-BUILD-7)")
        if chain:
            self.note(line, "merged", (self.commands[-1],),
                      f"the uses this use grants ({', '.join(targets)}) are part of its command")
        if _same_tokens(self.commands[-1].split()[2:], line.tokens[2:]) is False and not chain:
            self.note(line, "rewritten", (self.commands[-1],),
                      "our notation names the choices the record leaves to its goods")
        return consumed

    def _joker_gives(self) -> bool:
        """Whether the joker gives anything now: at 0, or out of play (solo, R-SOLO-6), a
        joker-only use names its good but takes none of it."""
        wheel = self.state.wheel
        at = wheel.positions.get(Indicator.JOKER)
        return at is not None and wheel.values[at] > 0

    def _candidates(self, building: str, prior: bool, targets: list[str],
                    options: list[tuple[str, ...]]) -> Iterator[tuple[str, ...]]:
        for option in options:
            if option == ("-",):
                yield option  # declining: the redirect's use did nothing either
                continue
            if tuple(option[:len(targets)]) != tuple(targets):
                continue
            rest = option[len(targets):]
            if rest and _BUILDING.match(rest[0]):
                continue  # a deeper redirect than the record shows
            yield option

    def _match(self, building: str, prior: bool, targets: list[str],
               options: list[tuple[str, ...]], paid: Counter[Good], gained: Counter[Good],
               joker: bool, coords: list[tuple[int, int]], state: State | None = None,
               decline: bool = False) -> Executed | None:
        """The use of ours that pays ``paid``, gains at least ``gained``, takes the joker iff
        ``joker`` and removes the cards at ``coords``; of several, the one gaining most.
        Declining (``-``) only with ``decline``: kennerspiel has no decline, so a bare use that
        matches nothing else is one that does nothing."""
        state = state or self.state
        seat = state.flow.turn.seat
        best: tuple[tuple[int, bool], Executed] | None = None
        seen: set[tuple[str, ...]] = set()
        queue = list(self._candidates(building, prior, targets, options))
        while queue:
            option = queue.pop(0)
            if option in seen or ("-" in option) is not decline:
                continue
            seen.add(option)
            command = str(Use(building, option, prior=prior))
            try:
                executed = execute(state, command, self.rules)
            except (IllegalCommand, InvalidCommand, AmbiguousCommand):
                continue
            got_paid: Counter[Good] = Counter()
            got: Counter[Good] = Counter()
            used_joker = False
            removed = []
            for e in executed.events:
                if isinstance(e, GoodsPaid) and e.seat == seat:
                    got_paid.update(e.goods)
                elif isinstance(e, GoodsGained) and e.seat == seat:
                    got.update(e.goods)
                elif isinstance(e, IndicatorUsed) and e.indicator is Indicator.JOKER:
                    used_joker = True
                elif isinstance(e, CardRemoved) and e.seat == seat:
                    removed.append(e.coord)
            ints = [int(t) for t in option if _INT.match(t)]
            named = list(zip(ints[::2], ints[1::2], strict=False))  # cards a reading may leave
            if used_joker != joker or sorted(coords) not in (sorted(removed), sorted(named)) \
                    or any(got[g] < n for g, n in gained.items()):
                continue
            surplus = Counter(paid)
            surplus.subtract(got_paid)
            if any(n < 0 for n in surplus.values()):
                continue
            if +surplus:
                # The record pays more tiles than this use needs: the same use with them
                # added to its payment (a superfluous tile is spent, R-GOODS-3).
                if option and _GOODS.match(option[-1]):
                    extra = "".join(g.code * n for g, n in sorted((+surplus).items()))
                    queue.append((*option[:-1], option[-1] + extra))
                continue
            # kennerspiel takes all a payment buys (a dialect may take only what it names); of
            # uses that take as much, the one naming the good the record chose.
            value = (sum(got.values()) * (-1 if building in self.named_gains_only else 1),
                     any(c in t for t in option for c in self.named))
            if best is None or value > best[0]:
                best = (value, executed)
        return best[1] if best else None

    def _match_with_wine(self, line: _Line, building: str, prior: bool, targets: list[str],
                         paid: Counter[Good], gained: Counter[Good], joker: bool,
                         coords: list[tuple[int, int]]) -> Executed | None:
        """Wine / whiskey named in a payment as coins: convert them first (kennerspiel pays
        coins with them directly)."""
        player = self.state.players[self.state.flow.turn.seat]
        for w, h in self._conversions(player.count(Good.WINE), player.count(Good.WHISKEY)):
            convert = "CONVERT " + "Wn" * w + "Wh" * h
            try:
                converted = execute(self.state, convert, self.rules)
            except IllegalCommand:
                continue
            # Either the record names the wine it pays as coins, or it names coins the player
            # lacks and kennerspiel made them from wine.
            as_coins = Counter(paid)
            named_w, named_h = min(w, paid[Good.WINE]), min(h, paid[Good.WHISKEY])
            as_coins[Good.WINE] -= named_w
            as_coins[Good.WHISKEY] -= named_h
            as_coins[Good.COIN] += named_w + 2 * named_h
            seat = converted.state.flow.turn.seat
            options = [tuple(p) for p in use_options(converted.state, self.rules, seat,
                                                      building)]
            found = self._match(building, prior, targets, options, +as_coins, gained, joker,
                                coords, converted.state)
            if found is not None:
                self._keep(converted)
                self.note(line, "inserted", (convert,),
                          "kennerspiel spends wine and whiskey directly as coins; the "
                          "conversion (R-FREE-1) is made explicit")
                return found
        return None

    def _short(self, lines: Sequence[_Line], payments: Sequence[Counter[Good]]
               ) -> _Stop | None:
        """The first of a use's lines (the use and those it grants) that pays goods the player
        does not hold (coins: with the wine and whiskey that would make them), if any."""
        player = self.state.players[self.state.flow.turn.seat]
        due: Counter[Good] = Counter()
        for ks_line, payment in zip(lines, payments, strict=True):
            due.update(payment)
            for good, n in sorted(due.items()):
                have = player.count(good) + (player.count(Good.WINE) + 2 * player.count(
                    Good.WHISKEY) if good is Good.COIN else 0)
                if n > have:
                    return _Stop(f"USE {self._building(ks_line.tokens[1])}", "cannot_afford",
                                 "R-GOODS-4", f"{ks_line.text} pays {n} {good.value} but the "
                                 f"player has {have}", at=ks_line)
        return None

    def _no_match(self, line: _Line, building: str, prior: bool, targets: list[str],
                  options: list[tuple[str, ...]], chain: Sequence[_Line] = ()) -> _Stop:
        """Why no use of ours matches: the engine's refusal of the record's redirect chain as
        written (a Printing Office reached through the Hospice), of the plainest form or of
        the record's tokens as they stand, else that no use of the building pays the
        record's goods."""
        verb = "PRIOR" if prior else "USE"
        plain = " ".join((verb, building, *targets))
        written = " ".join((verb, building, *(self._building(t) for t in line.tokens[2:])))
        chained = " ".join((verb, building, *targets, *(self._building(t) for at in chain
                                                          for t in at.tokens[2:])))
        attempts = [plain + (" -" if not targets else ""), written]
        for attempt in ([chained] if chain else []) + attempts:
            try:
                execute(self.state, attempt, self.rules)
            except IllegalCommand as e:
                if e.reason not in ("cannot_afford",):
                    return _Stop(plain if attempt.endswith(" -") else attempt, e.reason, e.rule,
                                 e.detail)
            except (InvalidCommand, AmbiguousCommand):
                pass
        return _Stop(plain, "no_matching_use", "R-GOODS-3",
                     f"no use of {building} pays exactly {line.text.split(maxsplit=2)[2:]} "
                     f"({len(options)} uses examined)")


# --- the reader ----------------------------------------------------------------------------------


def read_kennerspiel(text: str, rules: Rules, readings: str | None = None) -> Imported:
    """Read a kennerspiel record (a ``Reader``): the game as far as our rules accept it, under
    ``readings`` (a set of specs/readings.toml; the rulebook's by default)."""
    return with_reading_hint(lambda chosen: _read(text, rules, chosen)[0], rules, readings,
                             "kennerspiel")


def _read(text: str, rules: Rules, readings: str | None) -> tuple[Imported, State]:
    lines = _lines(text)
    config, colours, first = _config(lines, rules, readings)
    ends: list[tuple[int, int]] = []
    imported, state = play_lines(_Translator(config, colours, under(rules, config.readings)),
                                 lines[first:], ends)
    return annotated(imported, state, ends, text)


