"""Whole random games of every configuration, recorded command by command (issue 4).

``played(config, seed)`` plays one game through ``ora_api.tools.selfplay.play_game`` (the code
behind ``ora selfplay``) with the random bot, and records every position the bot was asked about
and every batch of events the game stored. The record is the input of the schedule tests, the
never-stuck test, the rule tests that look at whole games, and the golden files (``tests/golden``,
written by ``scripts/make_golden.py``). Games are cached per process: each (configuration, seed) is
played once per test run.
"""

from __future__ import annotations

import os
import random
import sys
import uuid
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple, cast

from attrs import define, field

from ora_api.tools.selfplay import MAX_COMMANDS, play_game
from ora_core.events import GameEnded, GameEvent, MovePlayed
from ora_core.evolve import evolve, fold
from ora_core.state import State
from ora_core.store import EventStore
from ora_core.values import FOREST, GOOD_CODES, MOOR, Good, Indicator, Stage, Terrain
from ora_rules import landscape
from ora_rules.bots import Bot, make_bot, random_bot
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.notation import Command
from ora_rules.setup import make_config, mode_code
from ora_rules.tokens import format_goods
from tests.support import rules


class Config(NamedTuple):
    players: int
    variant: str
    length: str
    #: With the Liesborn wonders (R-LIES-1).
    liesborn: bool = False
    #: The bot of every seat (``ora_rules.bots.make_bot``).
    bot: str = "random"

    @property
    def id(self) -> str:
        return f"{self.players}-{self.variant}-{self.length}" + (
            "-liesborn" if self.liesborn else "")

    @property
    def mode(self) -> str:
        return mode_code(self.players, self.length)


#: The 14 configurations: 1 player (long only), 2, 3, 4 players x long/short x France/Ireland.
CONFIGS: tuple[Config, ...] = tuple(
    Config(players, variant, length)
    for players in (1, 2, 3, 4)
    for length in (("long",) if players == 1 else ("long", "short"))
    for variant in ("france", "ireland")
)
CONFIG_IDS = [c.id for c in CONFIGS]
#: The 14 configurations with the Liesborn wonders, played by the random bot.
LIESBORN_CONFIGS: tuple[Config, ...] = tuple(c._replace(liesborn=True) for c in CONFIGS)
#: Golden Liesborn games, one per player count, by a bot that builds and uses the Sacristy
#: (a wonder for a book, a ceramic, an ornament and a reliquary), so that tiles are chosen.
LIESBORN_GOLDEN: tuple[Config, ...] = (
    Config(1, "ireland", "long", True, "seek:I35"),
    Config(2, "france", "long", True, "seek:G34"),
    Config(3, "france", "short", True, "seek:G34"),
    Config(4, "france", "short", True, "seek:G34"),
)
#: Every configuration with a golden file.
GOLDEN_CONFIGS: tuple[Config, ...] = CONFIGS + LIESBORN_GOLDEN

#: The seed of each configuration's golden game (tests/golden/<id>.txt). Also the first seed of
#: the default run of the schedule tests, so each golden game is played once per test run.
GOLDEN_SEEDS: dict[str, int] = {c.id: 0 for c in CONFIGS}
GOLDEN_SEEDS.update({
    "2-france-long": 3, "2-ireland-long": 2, "2-france-short": 0, "2-ireland-short": 4,
})
GOLDEN_SEEDS.update({c.id: 0 for c in LIESBORN_CONFIGS})
# Seeds whose game takes a wonder tile (the solo game's Round Tower is rarely reached).
GOLDEN_SEEDS.update({"3-france-short-liesborn": 38, "4-france-short-liesborn": 8})

#: Random games per configuration in the default run: the two-player games are long
#: (hundreds of rounds of random play), so only the golden seed is played for them.
DEFAULT_GAMES = {1: 3, 2: 1, 3: 3, 4: 3}
#: Random games per configuration in the thorough profile.
THOROUGH_GAMES = 100


def thorough(option: str | None = None) -> bool:
    """The thorough profile: HYPOTHESIS_PROFILE=thorough or --hypothesis-profile=thorough."""
    return "thorough" in (os.environ.get("HYPOTHESIS_PROFILE"), option)


def seeds_for(config: Config, many: bool) -> list[int]:
    golden = GOLDEN_SEEDS[config.id]
    count = THOROUGH_GAMES if many else DEFAULT_GAMES[config.players]
    others = (s for s in range(1000) if s != golden)
    return [golden, *(next(others) for _ in range(count - 1))]


# --- recording a game ---------------------------------------------------------------------------


@define
class Step:
    """One command: the position it was chosen in, the command, and what it did."""

    number: int
    round: int
    kind: str
    seat: int
    legal: int
    command: str
    events: tuple[str, ...]
    goods: tuple[str, ...]
    wheel: str

    def line(self) -> str:
        return (f"{self.number:04d} r{self.round} {self.kind} s{self.seat} L{self.legal} | "
                f"{self.command} | {' '.join(self.events)} | {' / '.join(self.goods)} | "
                f"{self.wheel}")


@define
class Position:
    """What the bot saw before one command (kept small: no states)."""

    round: int
    kind: str
    slot_seat: int
    decider: int
    legal: int
    display: int
    main_done: bool


@define
class Trace:
    config: Config
    seed: int
    #: Every event of the game, the set-up included, in order.
    events: list[GameEvent] = field(factory=list)
    #: The events of each command (index = command number - 1).
    batches: list[list[GameEvent]] = field(factory=list)
    positions: list[Position] = field(factory=list)
    commands: list[str] = field(factory=list)
    #: The golden lines of the first ``GOLDEN_CAP`` commands.
    steps: list[Step] = field(factory=list)
    final: State | None = None
    finished: bool = False
    rounds: int = 0
    settlement_phases: tuple[str, ...] = ()
    #: Why the game could not go on: a position without a legal command, or a dead end.
    problem: str | None = None

    @property
    def state(self) -> State:
        assert self.final is not None
        return self.final

    def turns(self) -> list[tuple[int, str, int]]:
        """(round, kind, seat) of every turn, in the order played (each ends with COMMIT)."""
        return [(p.round, p.kind, p.slot_seat) for p, c in zip(self.positions, self.commands,
                                                                 strict=True) if c == "COMMIT"]

    def final_line(self) -> str:
        ended = [e for e in self.events if isinstance(e, GameEnded)]
        return final_line(self.state, len(self.commands), ended[-1] if ended else None,
                          self.problem)


def final_line(state: State, commands: int, ended: GameEnded | None, problem: str | None
               ) -> str:
    """The last line of a golden file: length, round, phases and the scores (with Liesborn,
    each wonder tile's points: ``LW-07=28``, a light-blue tile ``LW-20~20``)."""
    phases = "".join(s.value for s in state.settlement_phases) or "-"
    head = (f"END {commands} commands, round {state.round}, phases {phases}, "
            f"{'finished' if state.finished else 'NOT FINISHED'}")
    if not state.scores or ended is None:
        return head + (f": {problem}" if problem else "")
    scores = " ".join(f"s{s.seat} {s.goods}+{s.economic}+{sum(s.settlements)}={s.total}"
                      for s in state.scores)
    line = f"{head}; scores {scores}; winners {','.join(map(str, ended.winners))}"
    if state.config.liesborn:
        tiles = " ".join(f"s{s.seat} " + (",".join(f"{w.tile}{'=' if w.dark else '~'}{w.points}"
                                                  for w in s.wonders) or "-")
                         for s in state.scores)
        line += f"; wonders {tiles}"
    return line


class GameProblem(Exception):
    """Raised by the recording bot to stop a game that cannot go on."""


class _Recorder:
    """Stands in for the event store of ``play_game``: keeps every batch and the state."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.state: State | None = None

    def append(self, _game_id: uuid.UUID, _version: int, events: Sequence[GameEvent]) -> None:
        batch = list(events)
        self.trace.events.extend(batch)
        if self.state is None:
            self.state = fold(batch)
            return
        state = self.state
        for event in batch:
            state = evolve(state, event)
        self.state = state
        self.trace.batches.append(batch)
        if len(self.trace.batches) <= GOLDEN_CAP:  # the lines of a golden file
            self.trace.steps.append(_step(self.trace, state, batch))


def _step(trace: Trace, after: State, batch: list[GameEvent]) -> Step:
    number = len(trace.batches)
    position = trace.positions[number - 1]
    move = batch[0]
    assert isinstance(move, MovePlayed)
    return Step(number=number, round=position.round, kind=position.kind, seat=position.decider,
                legal=position.legal, command=move.move, events=event_tags(batch[1:]),
                goods=goods_summary(after), wheel=wheel_summary(after))


def event_tags(events: Sequence[GameEvent]) -> tuple[str, ...]:
    """The event types of a batch, repeats folded (``goods_gained*3``)."""
    tags: list[str] = []
    counts: list[int] = []
    for event in events:
        tag = type(event).TAG
        if tags and tags[-1] == tag:
            counts[-1] += 1
        else:
            tags.append(tag)
            counts.append(1)
    return tuple(t if n == 1 else f"{t}*{n}" for t, n in zip(tags, counts, strict=True))


def goods_summary(state: State) -> tuple[str, ...]:
    """Each (non-neutral) player's goods as a goods string (``-`` for none)."""
    return tuple(format_goods(p.goods) or "-" for p in state.players if not p.neutral)


WHEEL_CODES: dict[Indicator, str] = {
    i: "Jo" if i is Indicator.JOKER else GOOD_CODES[Good(i.value)] for i in Indicator}


def wheel_summary(state: State) -> str:
    """The in-play indicators and their distance behind the arm: ``Wo3Pt0...Jo5``."""
    return "".join(f"{WHEEL_CODES[i]}{state.wheel.positions[i]}" for i in Indicator
                   if i in state.wheel.positions)


# --- dead ends ----------------------------------------------------------------------------------


def placeable(state: State) -> list[tuple[str, int, tuple[int, int]]]:
    """(building, seat, space) for each display building that some player could ever place on
    his landscape as it is: an empty space, or a forest / moor space (plains once cleared), with
    the card's terrain, next to a cloister building for a cloister card (R-BUILD-3..5)."""
    result = []
    r = rules()
    for building in state.display:
        spec = r.building(building)
        for player in state.players:
            if player.neutral:
                continue
            cloisters = {b for b, p in state.built.items()
                         if p.seat == player.seat and r.building(b).cloister}
            for coord, space in sorted(player.landscape.items()):
                if space.card not in (None, FOREST, MOOR):
                    continue
                terrain = Terrain.PLAINS if space.card else space.terrain
                if terrain not in spec.terrain:
                    continue
                if spec.cloister and not landscape.cloister_neighbour(player, coord, cloisters):
                    continue
                result.append((building, player.seat, coord))
                break
    return result


def dead_end(state: State) -> str | None:
    """A two-player position that can never reach the end of R-END-2 / R-END-3: phase D is
    over, more buildings than the end allows are in the display, no landscape is left to buy and
    no player has any space where any display building could ever stand."""
    mode = rules().modes[state.config.mode]
    if (mode.end != "display" or Stage.D not in state.settlement_phases
            or len(state.display) <= mode.final_display or state.district_prices
            or state.plot_prices or placeable(state)):
        return None
    lines = [f"dead end in round {state.round}: the display {list(state.display)} must shrink to "
             f"{mode.final_display} (R-END-2/3), but no landscape is left and no display "
             "building has a legal space in any landscape:"]
    for player in state.players:
        empty = sorted(c for c, s in player.landscape.items() if s.card in (None, FOREST, MOOR))
        lines.append(f"  seat {player.seat}: goods {goods_summary(state)[player.seat]}; free "
                     f"spaces {empty}")
    return "\n".join(lines)


# --- playing ------------------------------------------------------------------------------------


def config_bot(config: Config) -> Bot:
    """The bot that plays every seat of ``config``'s games."""
    return random_bot if config.bot == "random" else make_bot(config.bot, rules())


def _recording_bot(trace: Trace) -> Any:
    chosen = config_bot(trace.config)

    def bot(state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        turn = state.flow.turn
        position = Position(round=state.round, kind=turn.kind, slot_seat=turn.seat,
                            decider=turn.decider, legal=len(moves), display=len(state.display),
                            main_done=turn.main_done)
        if not moves:
            trace.problem = (f"no legal command for seat {turn.decider} in round {state.round} "
                             f"({turn})")
            raise GameProblem(trace.problem)
        if state.players[turn.decider].neutral:
            trace.problem = f"the neutral player is asked to decide in round {state.round}"
            raise GameProblem(trace.problem)
        if turn.kind == "action" and not turn.main_done and not turn.free_uses:
            problem = dead_end(state)
            if problem is not None:
                trace.problem = problem
                raise GameProblem(problem)
        move = chosen(state, moves, rng)
        trace.positions.append(position)
        trace.commands.append(str(move))
        return move

    return bot


@lru_cache(maxsize=40)
def played(config: Config, seed: int) -> Trace:
    """One random game of ``config`` with ``seed``, recorded (the last 40 are kept: the tests of
    one game run together, see conftest.py)."""
    trace = Trace(config=config, seed=seed)
    recorder = _Recorder(trace)
    store = cast(EventStore[GameEvent], recorder)
    try:
        result = play_game(rules(), config.players, config.variant, config.length, seed,
                           [_recording_bot(trace)], store, liesborn=config.liesborn)
    except GameProblem:
        trace.final = recorder.state
        assert recorder.state is not None
        trace.rounds = recorder.state.round
        trace.settlement_phases = tuple(s.value for s in recorder.state.settlement_phases)
        return trace
    assert list(result.moves) == trace.commands
    trace.final = recorder.state
    trace.finished = result.finished
    trace.rounds = result.rounds
    trace.settlement_phases = result.settlement_phases
    if not result.finished and trace.problem is None:
        trace.problem = f"not finished after {MAX_COMMANDS} commands (the safety limit)"
    return trace


def replay(config: Config, seed: int, commands: Sequence[str], *, play_on: bool = True
           ) -> tuple[list[str], str]:
    """Replay recorded commands through ``decide`` from the seeded start, one line each (the
    golden format), then (``play_on``) let the random bot play on to the end; return the lines
    and the final line. The bot is consulted at every recorded step too, to keep its generator
    in step. Stops at the first refused command, with a line saying why."""
    state = fold(start(make_config(config.players, config.variant, config.length, seed,
                                   liesborn=config.liesborn), rules()))
    bot = config_bot(config)
    rng = random.Random(seed)
    lines = []
    ended: GameEnded | None = None
    number = 0
    problem = None
    while not state.finished and number < MAX_COMMANDS:
        if not play_on and number >= len(commands):
            break
        moves = legal_moves(state, rules())
        turn = state.flow.turn
        before = state.round
        if not moves:
            problem = f"no legal command for seat {turn.decider} in round {state.round}"
            break
        if number >= len(commands) and turn.kind == "action" and not turn.main_done:
            problem = dead_end(state)
            if problem:
                break
        chosen = str(bot(state, moves, rng))
        command = commands[number] if number < len(commands) else chosen
        number += 1
        try:
            batch = decide(state, command, rules())
        except Exception as error:  # the diff shows any refusal, whatever its class
            lines.append(f"{number:04d} r{state.round} {turn.kind} s{turn.decider} "
                         f"L{len(moves)} | {command} | REFUSED: {error}")
            problem = "a recorded command was refused"
            break
        for event in batch:
            state = evolve(state, event)
            if isinstance(event, GameEnded):
                ended = event
        if number <= len(commands):
            lines.append(Step(number=number, round=before, kind=turn.kind,
                              seat=turn.decider, legal=len(moves), command=command,
                              events=event_tags(batch[1:]), goods=goods_summary(state),
                              wheel=wheel_summary(state)).line())
    if not state.finished and problem is None:
        problem = f"not finished after {MAX_COMMANDS} commands (the safety limit)"
    return lines, final_line(state, number, ended, problem)


# --- golden files -------------------------------------------------------------------------------

#: At most this many command lines per golden file; then one line with the count left out.
GOLDEN_CAP = 400
GOLDEN_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "golden")
REGENERATE = "python scripts/make_golden.py"


def golden_path(config: Config) -> str:
    return os.path.join(GOLDEN_DIR, f"{config.id}.txt")


def golden_header(config: Config, seed: int) -> list[str]:
    return [
        f"# ora golden playthrough {config.id} (mode {config.mode}), seed {seed}, {config.bot} bot",
        f"# written by {REGENERATE}; regenerate only when the engine changed on purpose",
        "# number r<round> <turn kind> s<deciding seat> L<legal commands> | command | event types"
        " | goods per player after | wheel after (indicator + distance behind the arm)",
    ]


def golden_text(trace: Trace) -> str:
    lines = golden_header(trace.config, trace.seed)
    lines += [step.line() for step in trace.steps[:GOLDEN_CAP]]
    left = len(trace.commands) - GOLDEN_CAP
    if left > 0:
        lines.append(f"... {left} more commands")
    lines.append(trace.final_line())
    return "\n".join(lines) + "\n"


def golden_commands(text: str) -> list[str]:
    """The commands of a golden file's command lines."""
    return [line.split(" | ")[1] for line in text.splitlines()
            if line[:4].isdigit() and " | " in line]


def _main() -> None:  # pragma: no cover - a debugging aid: python -m tests.modes.games ID SEED
    config = next(c for c in (*GOLDEN_CONFIGS, *LIESBORN_CONFIGS) if c.id == sys.argv[1])
    trace = played(config, int(sys.argv[2]))
    print(golden_text(trace))


if __name__ == "__main__":  # pragma: no cover
    _main()
