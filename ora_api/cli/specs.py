"""The ``ora`` commands about the specs and the rules: ``specs check | describe | glossary |
fuzz | catalog | messages`` and ``rules``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import orjson

from ora_rules.specs import load_rules


def add_spec_commands(sub: Any) -> None:
    """Add ``specs`` (and its subcommands) and ``rules`` to the ``ora`` subparsers."""
    specs = sub.add_parser("specs", help="spec tools")
    specs_sub = specs.add_subparsers(dest="specs_command", required=True)
    check = specs_sub.add_parser("check", help="validate a spec directory")
    check.add_argument("--dir", default=None)
    check.set_defaults(func=_specs)
    describe = specs_sub.add_parser("describe", help="one building in words")
    describe.add_argument("id")
    describe.add_argument("--dir", default=None)
    describe.set_defaults(func=_specs_describe)
    gloss = specs_sub.add_parser("glossary", help="print the building and wonder glossaries "
                                 "(--write: write them to docs/)")
    gloss.add_argument("--write", action="store_true",
                       help="write the glossaries to --out and --wonders-out instead")
    gloss.add_argument("--out", default="docs/buildings.md")
    gloss.add_argument("--wonders-out", default="docs/wonders.md")
    gloss.add_argument("--dir", default=None)
    gloss.set_defaults(func=_specs_glossary)
    fuzz_p = specs_sub.add_parser(
        "fuzz", help="check a new or changed building spec: the invariant catalogue over random "
        "games that build and use it")
    fuzz_p.add_argument("path", help="the building's spec file (it replaces the spec with its id)")
    fuzz_p.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    fuzz_p.add_argument("--dir", default=None, help="the other specs (default: the committed)")
    fuzz_p.add_argument("--json", action="store_true", help="the report as one JSON line")
    fuzz_p.set_defaults(func=_specs_fuzz)
    cat = specs_sub.add_parser("catalog", help="every card, good, landscape and mode as JSON")
    cat.add_argument("--json", action="store_true", help="indented JSON (the default is one "
                     "line)")
    cat.add_argument("--locale", default="en", help="en, el or ru (default en)")
    cat.add_argument("--dir", default=None)
    cat.set_defaults(func=_specs_catalog)
    msgs = specs_sub.add_parser("messages", help="write the message template ora.pot")
    msgs.add_argument("--out", default="ora_rules/views/locale/ora.pot")
    msgs.add_argument("--dir", default=None)
    msgs.set_defaults(func=_specs_messages)

    rules_p = sub.add_parser("rules", help="look up the rules the engine cites (docs/rules.md)")
    rules_p.add_argument("ids", nargs="*", metavar="ID", help="rule ids: R-BUY-2, AMB-05, ...")
    rules_p.add_argument("--markdown", action="store_true", help="every rule, as docs/rules.md")
    rules_p.add_argument("-o", "--out", default=None, help="with --markdown: write to this file")
    rules_p.add_argument("--dir", default=None, help="the spec directory")
    rules_p.set_defaults(func=_rules)


def _specs(args: argparse.Namespace) -> int:
    from ora_core.errors import SpecError
    from ora_rules.rulebook import load_rulebook

    try:
        rules = load_rules(args.dir)
        rulebook = load_rulebook(rules.directory)
    except SpecError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"ok: {len(rules.buildings)} buildings, {len(rules.settlements)} settlements, "
          f"{len(rules.wonders)} wonder tiles, "
          f"{len(rules.modes)} modes, {len(rulebook.rules)} rules in {rules.directory}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    from ora_rules.rulebook import load_rulebook

    rulebook = load_rulebook(args.dir)
    if args.markdown:
        text = rulebook.markdown()
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"wrote {args.out}")
        else:
            sys.stdout.write(text)
        return 0
    if not args.ids:
        print("ora: name one or more rule ids (ora rules R-BUY-2), or --markdown", file=sys.stderr)
        return 2
    rules = [rulebook.get(rule_id) for rule_id in args.ids]  # UnknownRule: one line, exit 2
    for rule in rules:
        title = f" ({rule.title})" if rule.title else ""
        print(f"{rule.id}{title} — {rule.section}\n{rule.text}")
        if rule.source:
            print(f"Source: {rule.source}")
        print()
    return 0


def _specs_describe(args: argparse.Namespace) -> int:
    from ora_rules.views.glossary import describe_building, describe_wonder

    rules = load_rules(args.dir)
    if args.id in rules.wonders:  # a Liesborn wonder tile (LW-01 ..)
        print(describe_wonder(rules.wonders[args.id]))
        return 0
    try:
        spec = rules.building(args.id)
    except KeyError:
        print(f"ora: no building {args.id!r}", file=sys.stderr)
        return 2
    print(describe_building(spec))
    return 0


def _specs_glossary(args: argparse.Namespace) -> int:
    from ora_rules.views.glossary import glossary, wonder_glossary

    rules = load_rules(args.dir)
    texts = [(args.out, glossary(rules))]
    if rules.wonders:
        texts.append((args.wonders_out, wonder_glossary(rules)))
    if not args.write:
        print("\n\n".join(text for _, text in texts))
        return 0
    for out, text in texts:
        Path(out).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {out}")
    return 0


def _specs_fuzz(args: argparse.Namespace) -> int:
    from ora_api.tools.progress import progress
    from ora_core.errors import SpecError
    from ora_rules.testing.fuzz import fuzz

    path = Path(args.path)
    if not path.is_file():
        print(f"ora: no spec file {args.path}", file=sys.stderr)
        return 2
    try:
        with progress(args.games, "games", quiet=args.json) as done:
            report = fuzz(path, games=args.games, base=Path(args.dir) if args.dir else None,
                          progress=done)
    except SpecError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s)", file=sys.stderr)
        return 1
    finding = report.finding
    if args.json:
        import attrs

        print(orjson.dumps(attrs.asdict(report)).decode())
    elif finding is None:
        print(f"ok: {report.building}: no invariant broken in {report.games} games "
              f"(built {report.builds} times, used {report.uses} times)")
    else:
        players, variant, length = finding.config
        print(f"{report.building}: [{finding.rule}] {finding.detail}\n"
              f"in game {report.games} ({players} players, {variant}, {length}, seed "
              f"{finding.seed}), move {finding.move_number}: {finding.command}\n"
              f"the game up to that move, as a record (docs/records.md):\n")
        sys.stdout.write(finding.record)
        again = f"ora specs fuzz {args.path} --games {report.games}" + (
            f" --dir {args.dir}" if args.dir else "")
        print(f"\nto replay it under this spec: {again}", file=sys.stderr)
    if finding is None and report.uses == 0:
        print(f"ora: {report.building} was never used in {report.games} games; try --games "
              "with more games", file=sys.stderr)
    return 0 if finding is None else 1


def _specs_catalog(args: argparse.Namespace) -> int:
    import cattrs

    from ora_rules.views.catalog import catalog

    data = cattrs.Converter().unstructure(catalog(load_rules(args.dir), args.locale))
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2 if args.json else 0).decode()
                     + "\n")
    return 0


def _specs_messages(args: argparse.Namespace) -> int:
    from ora_rules.views.i18n import template
    from ora_rules.views.vocabulary import messages

    Path(args.out).write_bytes(template(list(messages(load_rules(args.dir)))))
    print(f"wrote {args.out}")
    return 0
