"""``ora specs fuzz PATH.toml``: a new or changed building spec, checked by the invariant catalogue
over random games that build it and use it.

The spec is loaded beside the committed ones (it replaces the spec with the same id, or joins
them), so a person writing a house rule or a fan card sees the first broken invariant of a real
game, as a game record (docs/records.md) that replays to the failing command, with the rule the
invariant checks. The games are played by the seeking bot (``seek:ID``: it builds the building
and uses it whenever it can), in every configuration the spec's variant and modes allow, seeds
0, 1, 2, ... in turn, so a finding is reproducible.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Sequence
from itertools import cycle, islice
from pathlib import Path

from attrs import frozen

from ora_core.errors import OraError, SpecError
from ora_core.events import BuildingBuilt, BuildingUsed, GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_rules.bots import make_seeker
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.records.ora_format import write_record
from ora_rules.setup import CONFIGS, make_config
from ora_rules.specs import Rules, default_spec_dir, load_rules
from ora_rules.testing.invariants import InvariantBroken, check_all, check_position

#: Commands per game before it is cut: two-player games have no fixed length (R-SCHED-4).
MAX_COMMANDS = 700


@frozen
class Finding:
    """The first broken invariant: where, which rule, and the game that shows it."""

    config: tuple[int, str, str]
    seed: int
    move_number: int
    command: str
    rule: str
    detail: str
    #: The game in our record format, up to and including the failing command.
    record: str


@frozen
class FuzzReport:
    building: str
    games: int
    builds: int
    uses: int
    finding: Finding | None


def spec_id_of(path: Path) -> str:
    """The ``id`` a building spec file declares (a SpecError names the file otherwise)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecError([f"{path}: {error}"]) from None
    building = data.get("id")
    if not isinstance(building, str) or data.get("kind", "building") != "building":
        raise SpecError([f"{path}: id: expected the id of a building spec, got {building!r}"])
    return building


def rules_with(path: Path, base: Path | None = None) -> tuple[str, Rules]:
    """The rules of ``base`` (default: the committed specs) with the building spec at ``path`` in
    place of the spec with its id; every spec problem is reported at once (SpecError)."""
    building = spec_id_of(path)
    with tempfile.TemporaryDirectory(prefix="ora-fuzz-") as tmp:
        specs = Path(tmp) / "specs"
        shutil.copytree(base if base is not None else default_spec_dir(), specs)
        for old in (specs / "buildings").glob(f"{building}-*.toml"):
            old.unlink()
        copied = specs / "buildings" / f"{building}-{path.stem.split('-', 1)[-1]}.toml"
        shutil.copy(path, copied)
        try:
            rules = load_rules(specs)
        except SpecError as error:  # name the user's files, not the temporary copies
            given = str(base if base is not None else default_spec_dir())
            raise SpecError([problem.replace(str(copied), str(path)).replace(str(specs), given)
                             for problem in error.problems]) from None
    return building, rules


def configurations(building: str, rules: Rules) -> list[tuple[int, str, str]]:
    """The configurations whose games hold the building (its variant and its modes)."""
    spec = rules.building(building)
    return [config for config in CONFIGS
            if spec.variant in ("both", config[1])
            and make_config(*config, seed=0).mode in spec.modes]


def fuzz(path: Path, *, games: int = 20, base: Path | None = None,
         progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Play ``games`` games (configurations in turn, seeds 0, 1, ...) with every seat seeking
    the building, the whole catalogue checked after every command; stop at the first finding."""
    building, rules = rules_with(path, base)
    configs = configurations(building, rules)
    if not configs:
        raise SpecError([f"{path}: modes: the building is in no mode of its variant"])
    builds = uses = 0
    for seed, config in enumerate(islice(cycle(configs), games)):
        events, finding = _one_game(building, rules, config, seed)
        builds += sum(isinstance(e, BuildingBuilt) and e.building == building for e in events)
        uses += sum(isinstance(e, BuildingUsed) and e.building == building for e in events)
        if progress is not None:
            progress(seed + 1)
        if finding is not None:
            return FuzzReport(building, seed + 1, builds, uses, finding)
    return FuzzReport(building, games, builds, uses, None)


def _one_game(building: str, rules: Rules, config: tuple[int, str, str], seed: int
              ) -> tuple[list[GameEvent], Finding | None]:
    events = start(make_config(*config, seed=seed), rules)
    state = fold(events)
    seeker = make_seeker(building, rules)
    rng = random.Random(seed)
    try:
        check_position(state, rules)
    except InvariantBroken as broken:
        return events, _finding(config, seed, events, None, broken.rule, broken.detail)
    for _ in range(MAX_COMMANDS):
        if state.finished:
            break
        command = str(seeker(state, legal_moves(state, rules), rng))
        try:
            new = decide(state, command, rules)
        except OraError as error:  # a listed move refused: legal moves and decide disagree
            return events, _finding(config, seed, events, command, "design-5",
                                    f"a legal move was refused: {error.message}")
        except Exception as error:  # the interpreter crashed on this spec
            return events, _finding(config, seed, events, command, "design-6",
                                    f"{type(error).__name__}: {error}")
        events.extend(new)
        try:
            state = check_all(state, new, rules)
        except InvariantBroken as broken:
            return events, _finding(config, seed, events, None, broken.rule, broken.detail)
    return events, None


def _finding(config: tuple[int, str, str], seed: int, events: Sequence[GameEvent],
             refused: str | None, rule: str, detail: str) -> Finding:
    """``events`` end with the failing command's, or ``refused`` is the command that failed
    before it had any (it follows the record as a comment: a record holds legal moves only)."""
    moves = [e.move for e in events if isinstance(e, MovePlayed)]
    record = write_record(events, checkpoints=False)
    if refused is not None:
        record += f"# then {refused}: [{rule}] {detail}\n"
        return Finding(config, seed, len(moves) + 1, refused, rule, detail, record)
    command = moves[-1] if moves else ""
    return Finding(config, seed, len(moves), command, rule, detail, record)
