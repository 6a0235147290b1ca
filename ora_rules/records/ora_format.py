"""Our record format (docs/records.md): tag pairs, then one command per line, ``#`` comments.

::

    [Game "ora"]
    [Players "4"]
    [Variant "france"]
    ...
    USE LR2 Sh  #v9:3f2a9c1b
    COMMIT

Writing (:func:`write_record`) and reading (:func:`read_ora`) are pure: reading replays the moves
through ``decide`` (:mod:`ora_rules.records.replay`), so export then import gives the same events
byte for byte. A trailing ``#vN:HASH8`` on a move line is a checkpoint: the stream's version after
the move and the first 8 hex digits of its hash; the reader checks it, so a record that replays
differently names the first move (and version) where it departs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from attrs import evolve as attrs_evolve

import ora_rules.records.table_lines as table_lines
from ora_core.chain import GENESIS_HASH, chain_hash
from ora_core.codec import EventJsonCodec
from ora_core.errors import InvalidConfig
from ora_core.events import GameEvent, GameStarted, MoveAnnotated, SeatTaken
from ora_core.evolve import fold
from ora_core.state import GameConfig, Provenance, Readings, State
from ora_rules import wonders
from ora_rules.annotations import is_annotation
from ora_rules.readings import label, resolve, set_name
from ora_rules.records.errors import RecordError
from ora_rules.records.hints import profile_option
from ora_rules.records.importing import Imported
from ora_rules.records.replay import Replayed, SourceMove, replay
from ora_rules.records.takeback_lines import is_takeback, well_formed
from ora_rules.setup import make_config
from ora_rules.specs import Rules
from ora_rules.version import RULES_VERSION

#: The tags every record has, in the order they are written.
REQUIRED_TAGS = ("Game", "Players", "Variant", "Length", "Seed", "Colours")
#: The tags a record may have, written in this order after the required ones.
OPTIONAL_TAGS = ("Liesborn", "WonderTiles", "Readings", "Profile", "Clock", "Rules", "Fork",
                 "Names", "Bots", "Seated", "Result", "Head")
#: The readings of a game at the rulebook's options (docs/ambiguities.md).
DEFAULT_READINGS = "rulebook"

_TAG = re.compile(r'\[([A-Za-z]+)\s+"((?:[^"\\]|\\.)*)"\]')
_CHECKPOINT = re.compile(r"v([0-9]+):([0-9a-f]{8})")
_TOOK = re.compile(r"t=([0-9]+)")  # the milliseconds a decision took (a game with a clock)
#: ``[Fork "GAME MOVE sha256:HEX"]``: the game a fork branched off, after which move, and the
#: source's chain head there (ora_rules.fork)
_FORK = re.compile(r"(\S+) ([0-9]+) (sha256:[0-9a-f]{64})")
_CHECK_LEN = 8
_CODEC = EventJsonCodec()


# --- hashes -------------------------------------------------------------------------------------


def chain_of(events: Iterable[GameEvent]) -> list[str]:
    """The hash of every event (index 0 = version 1), as the event store computes them."""
    hashes: list[str] = []
    prev = GENESIS_HASH
    for event in events:
        prev = chain_hash(prev, _CODEC.tag(event), _CODEC.encode(event))
        hashes.append(prev)
    return hashes


def head_tag(hash_: str) -> str:
    """The ``[Head]`` value of a stream whose last hash is ``hash_``."""
    return f"sha256:{hash_}"


# --- writing ------------------------------------------------------------------------------------


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def header_tags(config: GameConfig, state: State | None = None, head: str | None = None,
                seated: Sequence[tuple[int, SeatTaken]] = (), rules: Rules | None = None
                ) -> tuple[tuple[str, str], ...]:
    """The header of a record of a game with ``config``; ``state`` (its last position) adds
    the result of a finished game, ``head`` (the last event's hash) the ``[Head]`` tag,
    ``seated`` (who took which seat after how many moves) the players' tags, ``rules`` the
    ``[Profile]`` of a game whose options are a named profile other than the rulebook."""
    tags = [("Game", "ora"), ("Players", str(config.players)), ("Variant", str(config.variant)),
            ("Length", config.length), ("Seed", str(config.seed)),
            ("Colours", " ".join(config.colours))]
    if config.liesborn:
        tags.append(("Liesborn", "yes"))
        tags.append(("WonderTiles", config.wonder_tiles))  # the tile set, AMB-28 (a)
    tags.append(("Readings", label(config.readings)))
    profile = set_name(rules, config.readings) if rules is not None else None
    if profile not in (None, DEFAULT_READINGS):
        tags.append(("Profile", str(profile)))
    if config.clock is not None:
        tags.append(("Clock", table_lines.clock_tag(config.clock)))
    tags.append(("Rules", str(RULES_VERSION)))  # the engine's rules version (ora_rules.version)
    if config.fork is not None:
        fork = config.fork
        tags.append(("Fork", f"{fork.game} {fork.move} {fork.head}"))
    tags.extend(seat_tags(config, seated))
    if state is not None and state.scores is not None:
        tags.append(("Result", result_text(state)))
    if head is not None:
        tags.append(("Head", head_tag(head)))
    return tuple(tags)


def result_text(state: State) -> str:
    """``R 170, G 242, B 194, W 246``: each scored seat's colour and total, in seat order."""
    assert state.scores is not None
    return ", ".join(f"{state.players[s.seat].colour} {s.total}" for s in state.scores)


# --- who plays: [Names], [Bots], [Seated] -------------------------------------------------------


def _join(values: Sequence[str]) -> str:
    """Comma-separated values; a comma or backslash inside one is escaped with a backslash."""
    return ",".join(v.replace("\\", "\\\\").replace(",", "\\,") for v in values)


def _split(value: str) -> list[str]:
    """The values of :func:`_join`."""
    parts, current, escaped = [], [], False
    for char in value:
        if escaped:
            current.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ",":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def seated_of(events: Iterable[GameEvent]) -> list[tuple[int, SeatTaken]]:
    """Every ``SeatTaken`` of a stream with the number of record lines (moves and the
    table's lines) before it."""
    moves, seated = 0, []
    events = list(events)
    for index, event in enumerate(events):
        if table_lines.line_of(events, index) is not None:
            moves += 1
        elif isinstance(event, SeatTaken):
            seated.append((moves, event))
    return seated


def seat_tags(config: GameConfig, seated: Sequence[tuple[int, SeatTaken]]
              ) -> list[tuple[str, str]]:
    """``[Names]`` (each seat's player, "" for a seat nobody took), ``[Bots]`` (the bot that
    plays a seat, if any) and ``[Seated]`` (``seat@moves`` in the order the seats were taken,
    when that is not every named seat after the set-up, in seat order)."""
    if not seated:
        return []
    names = [""] * config.players
    bots = [""] * config.players
    for _, event in seated:
        names[event.seat] = event.name
        bots[event.seat] = event.bot or ""
    tags = [("Names", _join(names))]
    if any(bots):
        tags.append(("Bots", _join(bots)))
    if [(n, e.seat) for n, e in seated] != _default_seated(names):
        tags.append(("Seated", " ".join(f"{e.seat}@{n}" for n, e in seated)))
    return tags


def _default_seated(names: Sequence[str]) -> list[tuple[int, int]]:
    return [(0, seat) for seat, name in enumerate(names) if name]


def write_record(events: Sequence[GameEvent], *, checkpoints: bool = True,
                 rules: Rules | None = None) -> str:
    """The record of a game from its events (GameStarted first): header, then the moves.

    With ``checkpoints`` each move line ends with ``#vN:HASH8`` (module doc).
    """
    if not events or not isinstance(events[0], GameStarted):
        raise ValueError("a record starts from the game's GameStarted event")
    state = fold(events)
    hashes = chain_of(events)
    lines = [f'[{name} "{_quote(value)}"]'
             for name, value in header_tags(events[0].config, state, hashes[-1],
                                            seated_of(events), rules)]
    moves = [(i, line) for i in range(len(events))
             if (line := table_lines.line_of(events, i)) is not None]
    for n, (i, move) in enumerate(moves):
        if is_annotation(move):  # its words run to the end of the line: no comment after
            lines.append(move)
            continue
        took = table_lines.took_of(events[i])
        comment = [] if took is None else [f"t={took}"]
        if checkpoints:
            end = moves[n + 1][0] if n + 1 < len(moves) else len(events)  # version after it
            comment.insert(0, f"v{end}:{hashes[end - 1][:_CHECK_LEN]}")
        lines.append(f"{move}  #{' '.join(comment)}" if comment else move)
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------------------


class _Parsed:
    """A record split into its tags and its moves, each with its line."""

    def __init__(self) -> None:
        self.tags: list[tuple[str, str]] = []
        self.tag_lines: dict[str, int] = {}
        self.moves: list[SourceMove] = []
        #: move index (0-based) -> (line, version, hash prefix) of its checkpoint
        self.checkpoints: dict[int, tuple[int, int, str]] = {}


def parse_record(text: str) -> _Parsed:
    """Split ``text`` into tags and moves; a malformed line is a :class:`RecordError` naming it."""
    parsed = _Parsed()
    known = set(REQUIRED_TAGS) | set(OPTIONAL_TAGS)
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("["):
            if parsed.moves:
                raise RecordError(number, "a tag after the first move (tags come first)")
            for name, value in _tags_of_line(stripped, number):
                if name not in known:
                    raise RecordError(number, f"unknown tag [{name}] (known: "
                                      f"{', '.join(REQUIRED_TAGS + OPTIONAL_TAGS)})")
                if name in parsed.tag_lines:
                    raise RecordError(number, f"a second [{name}] tag "
                                      f"(the first is on line {parsed.tag_lines[name]})")
                parsed.tag_lines[name] = number
                parsed.tags.append((name, value))
            continue
        if is_annotation(stripped):  # ; text, to the end of the line (ora_rules.annotations)
            _annotation(parsed, number, stripped)
            continue
        command, _, comment = stripped.partition("#")
        note = None
        if ";" in command:  # a move's annotation written by hand on its line, up to a '#'
            command, _, words = command.partition(";")
            note = f";{words.rstrip()}"
        command = " ".join(command.split())
        if not command:
            continue
        if not parsed.tags:
            raise RecordError(number, f"a record begins with its tags ([Game \"ora\"] ...), "
                              f"not with {command[:40]!r}")
        if '"' in command or "[" in command:
            raise RecordError(number, f"not a move of the notation: {command!r}")
        if is_takeback(command) and not well_formed(command):
            raise RecordError(number, f"not a take-back line (!undo SEAT MOVE, !accept SEAT, "
                              f"!refuse SEAT): {command!r}")
        notes = comment.split()
        took = next((int(m[1]) for t in notes if (m := _TOOK.fullmatch(t))), None)
        parsed.moves.append(SourceMove(line=number, source=command, command=command, took=took))
        check = next((m for t in notes if (m := _CHECKPOINT.fullmatch(t))), None)
        if check:
            parsed.checkpoints[len(parsed.moves) - 1] = (number, int(check[1]), check[2])
        if note is not None:
            _annotation(parsed, number, note, by_hand=True)
    for name in REQUIRED_TAGS:
        if name not in parsed.tag_lines:
            raise RecordError(0, f"the record has no [{name}] tag (a record starts with "
                              f"{' '.join(f'[{t}]' for t in REQUIRED_TAGS)})")
    return parsed


def _annotation(parsed: _Parsed, number: int, line: str, by_hand: bool = False) -> None:
    """An annotation line (``; text`` or ``;@M text``), played in its place by the replay."""
    if not parsed.tags:
        raise RecordError(number, "a record begins with its tags, not with an annotation")
    parsed.moves.append(SourceMove(line=number, source=line, command=line,
                                   by_hand=by_hand))


def _tags_of_line(line: str, number: int) -> list[tuple[str, str]]:
    """The ``[Name "value"]`` pairs of one line; after them only a comment may follow."""
    tags = []
    at = 0
    while at < len(line):
        if line[at].isspace():
            at += 1
            continue
        if line[at] == "#":
            break
        match = _TAG.match(line, at)
        if match is None:
            raise RecordError(number, f'not a tag pair [Name "value"] at column {at + 1}: '
                              f"{line[at:at + 40]!r}")
        value = re.sub(r"\\(.)", r"\1", match[2])
        tags.append((match[1], value))
        at = match.end()
    return tags


def config_of(parsed: _Parsed, readings: str | None, rules: Rules) -> GameConfig:
    """The game's config from the header; a bad value names its tag's line."""
    tags = dict(parsed.tags)
    where = parsed.tag_lines
    if tags["Game"] != "ora":
        raise RecordError(where["Game"], f'[Game "{tags["Game"]}"]: this reader reads '
                          '[Game "ora"] records')
    chosen = _readings(tags.get("Readings"), where.get("Readings", 0), readings, rules)
    if "Profile" in tags:
        profile = _readings(tags["Profile"], where["Profile"], None, rules)
        if ("Readings" in tags or readings is not None) and profile != chosen:
            raise RecordError(where["Profile"], f"[Profile] {tags['Profile']!r} has other "
                              "options than [Readings] or the readings asked for")
        chosen = profile
    numbers = {}
    for name in ("Players", "Seed", "Rules"):
        if name not in tags:  # [Rules]: records written before it are of rules version 1
            continue
        try:
            numbers[name] = int(tags[name])
        except ValueError:
            raise RecordError(where[name], f"[{name}]: expected a whole number, "
                              f"got {tags[name]!r}") from None
    liesborn = tags.get("Liesborn", "no")
    if liesborn not in ("yes", "no"):
        raise RecordError(where["Liesborn"], f"[Liesborn]: expected yes or no, got {liesborn!r}")
    try:
        config = make_config(numbers["Players"], tags["Variant"], tags["Length"],
                             numbers["Seed"], tuple(tags["Colours"].split()), readings=chosen,
                             liesborn=liesborn == "yes", wonder_tiles=tags.get("WonderTiles"))
        if config.liesborn:
            wonders.tile_set(config, rules)  # the tile set must be one of the specs'
        if "Clock" in tags:
            config = attrs_evolve(config, clock=table_lines.clock_of_tag(tags["Clock"]))
        if "Fork" in tags:
            config = attrs_evolve(config, fork=_provenance(tags["Fork"], where["Fork"]))
    except InvalidConfig as e:
        tag = {"players": "Players", "variant": "Variant", "length": "Length", "seed": "Seed",
               "colours": "Colours", "wonder_tiles": "WonderTiles",
               "clock": "Clock"}.get(e.field or "", "Players")
        raise RecordError(where[tag], f"[{tag}]: {e.message}") from None
    return config


def _provenance(value: str, line: int) -> Provenance:
    """The provenance of a ``[Fork]`` tag."""
    match = _FORK.fullmatch(value.strip())
    if match is None:
        raise RecordError(line, f"[Fork]: expected 'GAME MOVE sha256:HASH' (the source game, "
                          f"the move it branched after, the source's head there), got {value!r}")
    return Provenance(game=match[1], move=int(match[2]), head=match[3])


def seated_from_tags(parsed: _Parsed, config: GameConfig) -> list[tuple[int, SeatTaken]]:
    """The seats taken, from ``[Names]``, ``[Bots]`` and ``[Seated]`` (see :func:`seat_tags`)."""
    tags = dict(parsed.tags)
    where = parsed.tag_lines
    if "Names" not in tags:
        for other in ("Bots", "Seated"):
            if other in tags:
                raise RecordError(where[other], f"[{other}] without [Names]")
        return []
    lists = {}
    for name in ("Names", "Bots"):
        values = _split(tags.get(name, ",".join([""] * config.players)))
        if len(values) != config.players:
            raise RecordError(where[name], f"[{name}]: {len(values)} value(s) for "
                              f"{config.players} seat(s) (comma-separated, in seat order)")
        lists[name] = values
    names, bots = lists["Names"], lists["Bots"]
    for seat, bot in enumerate(bots):
        if bot and not names[seat]:
            raise RecordError(where["Bots"], f"[Bots]: seat {seat} has a bot but no name")
    order = _default_seated(names)
    if "Seated" in tags:
        order = []
        for item in tags["Seated"].split():
            match = re.fullmatch(r"([0-9]+)@([0-9]+)", item)
            if match is None or int(match[1]) >= config.players or not names[int(match[1])]:
                raise RecordError(where["Seated"], f"[Seated]: {item!r} is not seat@moves of "
                                  "a named seat")
            order.append((int(match[2]), int(match[1])))
        if {seat for _, seat in order} != {seat for _, seat in _default_seated(names)}:
            raise RecordError(where["Seated"], "[Seated] must list every named seat")
    return [(moves, SeatTaken(seat=seat, name=names[seat], bot=bots[seat] or None))
            for moves, seat in order]


def _readings(tag: str | None, line: int, asked: str | None, rules: Rules) -> Readings:
    """The game's readings (docs/ambiguities.md): the ``[Readings]`` tag, which readings asked
    for must agree with."""
    chosen: dict[str, Readings] = {}
    for value, what in ((tag, "[Readings]"), (asked, "the readings asked for")):
        if value is None:
            continue
        try:
            chosen[what] = resolve(rules, value)
        except InvalidConfig as e:
            raise RecordError(line if what.startswith("[") else 0,
                              f"{what}: unknown readings {value!r}: {e.message}") from None
    if len(set(chosen.values())) > 1:
        raise RecordError(line, f"[Readings] {tag!r} is not the readings asked for ({asked!r})")
    return next(iter(chosen.values()), Readings())


def read_ora(text: str, rules: Rules, readings: str | None = None) -> Imported:
    """Read a record of our format: its game as far as its moves are legal (a ``Reader``).

    Raises :class:`RecordError` when the text is not a record, or when the replay contradicts
    it (a checkpoint, the ``[Result]`` or the ``[Head]`` differs); a move that cannot be played
    is no error but the import's ``stop``.
    """
    parsed = parse_record(text)
    config = config_of(parsed, readings, rules)
    seated = seated_from_tags(parsed, config)
    replayed = replay(config, parsed.moves, rules, seated)
    try:
        _check_against(parsed, replayed)
    except RecordError:
        # Annotations written into an exported record by hand (on a move's line, or any):
        # its checkpoints and [Head] are those of the game without them (docs/records.md
        # "Annotations").
        for by_hand in (True, False):
            bare = _without_annotations(parsed, replayed, by_hand)
            try:
                if bare is not None:
                    _check_against(parsed, bare)
                    break
            except RecordError:
                pass
        else:
            _check_against(parsed, replayed)  # the error of the record as it is
    stop = replayed.stop
    if stop is not None and config.readings == Readings():
        # Which named reading set (specs/readings.toml) would play past the stop, if any.
        for name in sorted(rules.readings.sets):
            other = attrs_evolve(config, readings=resolve(rules, name))
            if other.readings == config.readings:
                continue
            again = replay(other, parsed.moves, rules, seated).stop
            if again is None or again.line > stop.line:
                stop = attrs_evolve(stop, reading=name)
                break
        if stop.reading is not None and stop.option is None:
            line = stop.line

            def passes(words: str) -> bool:
                alone = attrs_evolve(config, readings=resolve(rules, words))
                found = replay(alone, parsed.moves, rules, seated).stop
                return found is None or found.line > line

            stop = attrs_evolve(stop, option=profile_option(rules, stop.reading, passes))
    return Imported(tags=tuple(parsed.tags), commands=replayed.commands,
                    events=replayed.events, notes=(), stop=stop, lines=replayed.lines)


def _check_against(parsed: _Parsed, replayed: Replayed) -> None:
    """The record's checkpoints, and for a whole replay its ``[Result]`` and ``[Head]``."""
    hashes = chain_of(replayed.events)
    _check_checkpoints(parsed, replayed, hashes)
    if replayed.stop is None:
        _check_result_and_head(parsed, replayed, hashes)


def _without_annotations(parsed: _Parsed, replayed: Replayed, by_hand: bool
                         ) -> Replayed | None:
    """The replay as it would be without its annotations (``by_hand``: only those written
    on a move's line, which export never writes), None when that leaves it as it is: the
    versions after each line count only the other events."""
    notes = [m.by_hand for m in parsed.moves if is_annotation(m.command)]
    at = [i for i, e in enumerate(replayed.events) if type(e) is MoveAnnotated]
    dropped = {i for i, hand in zip(at, notes, strict=False) if hand or not by_hand}
    if not dropped:
        return None
    kept = [e for i, e in enumerate(replayed.events) if i not in dropped]
    below = [0]
    for index in range(len(replayed.events)):
        below.append(below[-1] + (index in dropped))
    return attrs_evolve(replayed, events=tuple(kept),
                        ends=tuple(end - below[end] for end in replayed.ends))


def _check_checkpoints(parsed: _Parsed, replayed: Replayed, hashes: list[str]) -> None:
    last_good = 0
    for index, end in enumerate(replayed.ends):
        check = parsed.checkpoints.get(index)
        if check is None:
            continue
        line, version, prefix = check
        move = parsed.moves[index]
        if version != end or hashes[end - 1][:_CHECK_LEN] != prefix:
            # The previous checkpoint matched, so the streams agree up to its version. The
            # move is ours (the moves played up to this line), as the stops and the audit say.
            ours = sum(1 for at in replayed.lines if at <= move.line)
            raise RecordError(
                line, f"move {ours} ({move.command}) replays differently: the record "
                f"says version {version} hash {prefix}, the replay gives version {end} hash "
                f"{hashes[end - 1][:_CHECK_LEN]}; the first differing version is after "
                f"version {last_good}, at most {end}", version=last_good + 1)
        last_good = end


def _check_result_and_head(parsed: _Parsed, replayed: Replayed, hashes: list[str]) -> None:
    tags = dict(parsed.tags)
    where = parsed.tag_lines
    state = replayed.state
    if "Result" in tags:
        if state.scores is None:
            raise RecordError(where["Result"], "[Result]: the record's moves do not finish "
                              f"the game (it stands at version {state.version})")
        if tags["Result"] != result_text(state):
            raise RecordError(where["Result"], f"[Result] {tags['Result']!r} is not the "
                              f"replay's result {result_text(state)!r}")
    if "Head" in tags and tags["Head"] != head_tag(hashes[-1]):
        checked = [end for i, end in enumerate(replayed.ends) if i in parsed.checkpoints]
        after = checked[-1] if checked else 0
        raise RecordError(
            where["Head"], f"[Head] is not the replay's head {head_tag(hashes[-1])} (version "
            f"{len(hashes)}); the first differing version is in {after + 1}..{len(hashes)}",
            version=after + 1)
