"""A game played token by token (``ora_rules.learning.encoding``): what the OpenSpiel game and
the PettingZoo environment wrap.

The legal tokens are found without listing every legal command: the first tokens (verb and
building) come from ``MoveSet.groups()``, and only the group a player has spelt the head of is
enumerated, as the bots do (docs/bots.md, "Driving bots fast").
"""

from __future__ import annotations

from functools import lru_cache

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import execute, start
from ora_rules.learning import encoding
from ora_rules.moves import MoveGroup, MoveSet
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules


@lru_cache(maxsize=1)
def default_rules() -> Rules:
    return load_rules()


def _initial(players: int, variant: str, length: str, seed: int, liesborn: bool,
             rules: Rules) -> State:
    return fold(start(make_config(players, variant, length, seed, liesborn=liesborn), rules))


class Session:
    """One game: the engine state, and the tokens spelt so far of the command being chosen."""

    def __init__(self, players: int, variant: str = "france", length: str = "long",
                 seed: int = 0, *, liesborn: bool = False, max_rounds: int | None = None,
                 max_commands: int | None = None, rules: Rules | None = None) -> None:
        if not 1 <= players <= 4:
            raise ValueError(f"players is 1 to 4, got {players}")
        self.rules = rules or default_rules()
        self.players = players
        self.max_rounds = max_rounds
        self.max_commands = max_commands
        self.state = _initial(players, variant, length, seed, liesborn, self.rules)
        self.prefix: list[int] = []
        self._heads: list[tuple[tuple[int, ...], MoveGroup]] | None = None
        self._spelt: dict[int, list[tuple[int, ...]]] = {}
        self.commands: list[str] = []

    def __deepcopy__(self, memo: dict[int, object]) -> Session:
        """A copy to play on: the engine state is immutable and shared; the caches of legal
        moves (which hold functions) are not copied."""
        return self.__copy__()

    def __copy__(self) -> Session:
        twin = object.__new__(Session)
        twin.__dict__.update(self.__dict__)
        twin.prefix = list(self.prefix)
        twin.commands = list(self.commands)
        twin._heads, twin._spelt = None, {}
        return twin

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_heads": None, "_spelt": {}}

    # -- whose turn, and what may be chosen ---------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.finished or self.truncated

    @property
    def truncated(self) -> bool:
        if self.state.finished:
            return False
        return ((self.max_rounds is not None and self.state.round > self.max_rounds)
                or (self.max_commands is not None and len(self.commands) >= self.max_commands))

    @property
    def to_move(self) -> int:
        return self.state.flow.turn.decider

    def _groups(self) -> list[tuple[tuple[int, ...], MoveGroup]]:
        if self._heads is None:
            heads = []
            for verb, by_target in MoveSet(self.state, self.rules).groups().items():
                for target, group in by_target.items():
                    head = encoding.spell(f"{verb} {target}".strip())[:-1]
                    heads.append((head, group))
            self._heads = heads
        return self._heads

    def _spellings(self, index: int) -> list[tuple[int, ...]]:
        if index not in self._spelt:
            group = self._groups()[index][1]
            self._spelt[index] = [encoding.spell(str(m)) for m in group.moves()]
        return self._spelt[index]

    def _matching(self) -> list[tuple[int, ...]]:
        """The spellings (or, before a group's head is complete, the heads) the prefix fits."""
        prefix = tuple(self.prefix)
        n = len(prefix)
        out: list[tuple[int, ...]] = []
        for i, (head, _) in enumerate(self._groups()):
            if n < len(head):
                if head[:n] == prefix:
                    out.append(head)
            elif head == prefix[:len(head)]:
                out.extend(s for s in self._spellings(i) if s[:n] == prefix)
        return out

    def legal_tokens(self) -> list[int]:
        """The tokens that continue the prefix towards a legal command, ascending."""
        if self.over:
            return []
        n = len(self.prefix)
        return sorted({s[n] for s in self._matching()})

    def choose(self, token: int) -> None:
        """Add a token; ``END`` plays the command spelt (``ValueError`` if it continues no
        legal command: nothing changes)."""
        if token not in self.legal_tokens():
            raise ValueError(f"token {token} continues no legal command here (spelt so far: "
                             f"{encoding.unspell(self.prefix)!r})")
        self.prefix.append(token)
        if token == encoding.END:
            self.play(encoding.unspell(self.prefix))

    def set_position(self, state: State) -> None:
        """Go on from ``state`` (a position of the same game), nothing spelt."""
        self.state = state
        self.prefix = []
        self._heads = None
        self._spelt = {}

    def play(self, command: str) -> None:
        """Play a whole command (its text), as if spelt."""
        self.set_position(execute(self.state, command, self.rules).state)
        self.commands.append(command)

    # -- results -------------------------------------------------------------------------------

    def totals(self) -> list[int]:
        scores = self.state.scores or score(self.state, self.rules)
        by_seat = {s.seat: s.total for s in scores}
        return [by_seat.get(seat, 0) for seat in range(self.players)]

    def returns(self) -> list[float]:
        """Zero until the end; then ``n / w - 1`` per winner and ``-1`` per other player (two
        or more players), or the total / 100 (solo)."""
        if not self.over:
            return [0.0] * self.players
        totals = self.totals()
        if self.players == 1:
            return [totals[0] / 100]
        winners = set(self.state.winners) if self.state.finished else {
            s for s, t in enumerate(totals) if t == max(totals)}
        return [self.players / len(winners) - 1 if s in winners else -1.0
                for s in range(self.players)]

    def observe(self, seat: int) -> list[float]:
        return encoding.observe(self.state, seat, self.rules, self.prefix)

    def text(self) -> str:
        s = self.state
        lines = [f"round {s.round}, {s.flow.turn.kind} of seat {s.flow.turn.seat}, "
                 f"seat {self.to_move} decides" + (", over" if self.over else ""),
                 "display " + " ".join(s.display)]
        for p in s.players:
            goods = " ".join(f"{g.value}:{n}" for g, n in sorted(p.goods.items()) if n)
            lines.append(f"seat {p.seat}{' (neutral)' if p.neutral else ''}: {goods}")
        if self.prefix:
            lines.append("spelling: " + encoding.unspell(self.prefix))
        return "\n".join(lines)
