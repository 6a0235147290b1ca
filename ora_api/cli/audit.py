"""``ora audit GAME|FILE``: every move where a game relied on an option of its profile
(docs/records.md "The audit"); ``ora import`` prints the same list (``print_audit``).

Only calls the rules floor (``ora_rules.records.audit``) and the store, through the helpers of
the record commands; every failure is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from ora_api.cli.records import CommandError, _fold, _read_text, _rules


def add_audit_command(sub: Any, default_store: Callable[[], str]) -> None:
    audit = sub.add_parser("audit", help="list every move where a game relied on an option "
                           "of its profile (docs/records.md)")
    audit.add_argument("game", help="a stored game's id or a record file")
    audit.add_argument("--from", dest="source", default="ora",
                       help="the record's format: ora (default) or another engine's")
    audit.add_argument("--as-recorded", action="store_true",
                       help="read the record under its engine's profile")
    audit.add_argument("--json", action="store_true")
    audit.add_argument("--store", default=default_store())
    audit.set_defaults(func=_audit)


def _audit(args: argparse.Namespace) -> int:
    from ora_api.methods.audit import AuditResult
    from ora_api.methods.departures import departures_view, recorded_readings
    from ora_rules.records import RecordError, read_record
    from ora_rules.records.audit import audit, describe, with_lines
    from ora_rules.records.importing import position

    rules = _rules()
    stop = None
    lines: tuple[int, ...] = ()
    try:
        game_id: uuid.UUID | None = uuid.UUID(args.game)
    except ValueError:
        game_id = None
    if game_id is not None:
        events = _fold(args.store, game_id, list)
    else:
        if not Path(args.game).is_file():
            raise CommandError(f"{args.game}: neither a game id nor a record file")
        try:
            imported = read_record(_read_text(args.game), rules, args.source,
                                   recorded_readings(rules, args.source, args.as_recorded))
        except RecordError as e:
            raise CommandError(f"{args.game}: {e.message}") from None
        events, lines = list(imported.events), imported.lines
        if imported.stop is not None:
            s = imported.stop
            option = f"; the option {s.option} would allow it" if s.option else ""
            stop = (f"{position(s.line, s.move_number)} {s.source!r}: {s.reason} "
                    f"({s.rule}){option}")
    found = with_lines(audit(events, rules), lines)
    if args.json:
        import cattrs

        result = AuditResult(profile=found.profile, moves=found.moves,
                             departures=departures_view(found), stop=stop)
        sys.stdout.write(orjson.dumps(cattrs.Converter().unstructure(result)).decode() + "\n")
        return 0
    print("\n".join(describe(found)))
    if stop is not None:
        print(f"stopped at {stop}: the moves before it are audited")
    return 0
