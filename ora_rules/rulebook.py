"""The rules the engine cites, by id (``specs/rules.toml``): ``ora rules R-BUY-2``, docs/rules.md.

Every refusal names a rule (``IllegalCommand.rule``), every spec lists the rules that govern it,
and the tests cite rule ids; this module makes each of those ids something a user can look up.
The statements are data, like the buildings: loaded and validated once, rendered as Markdown for
docs/rules.md (``ora rules --markdown``), served by the API (``rules.lookup``).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from attrs import frozen

from ora_core.errors import OraError, SpecError
from ora_rules.specs import default_spec_dir

#: A rule id as cited: ``R-BUY-2``, ``R-LIES-10``, ``AMB-05``, ``AMB-E3``.
RULE_ID = re.compile(r"\b(?:R-[A-Z0-9]+-[0-9]+[a-z]?|AMB-E?[0-9]+)\b")


class UnknownRule(OraError):
    """No rule has this id."""

    code = "unknown_rule"


@frozen
class Rule:
    id: str
    section: str
    title: str
    text: str
    #: Where the statement comes from (S000 p.5 = the Greek detailed rules, printed page 5, ...).
    source: str

    def anchor(self) -> str:
        """The Markdown anchor of the rule in docs/rules.md (``r-buy-2``)."""
        return self.id.lower()

    def markdown(self) -> str:
        title = f" ({self.title})" if self.title else ""
        source = f"\n\n*Source:* {self.source}" if self.source else ""
        return f'<a id="{self.anchor()}"></a>\n**{self.id}{title}.** {self.text}{source}'


_INTRO = """\
Every rule id the engine cites (in error replies, specs, tests and these docs), with its
statement and its source in the rulebooks; for an ambiguity (`AMB-nn`) the reading adopted, and
docs/ambiguities.md says where the engine implements it. Generated from `specs/rules.toml` by
`ora rules --markdown -o docs/rules.md`; `ora rules ID` prints one rule, and the API's
`rules.lookup` returns it. Sources: S000 = the Greek detailed rules (printed page), S001 = the
Russian overview (by section), S003 = the Liesborn transcript, SETUP = the English set-up sheet,
IMPL = both public implementations agree (only where the rulebooks are silent; IMPL-K / IMPL-W =
one of them), CARDS = the card facts."""


@frozen
class Rulebook:
    rules: Mapping[str, Rule]

    def get(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id.strip().upper()]
        except KeyError:
            close = difflib.get_close_matches(rule_id.upper(), self.rules, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownRule(f"no rule {rule_id!r}{hint}") from None

    def markdown(self) -> str:
        """docs/rules.md: every rule under its section, in the order of the rules reference."""
        parts = ["# Rules", "", _INTRO]
        section = None
        for rule in self.rules.values():
            if rule.section != section:
                section = rule.section
                parts += ["", f"## {section}"]
            parts += ["", rule.markdown()]
        return "\n".join(parts) + "\n"


def cited_ids(texts: Iterable[str]) -> set[str]:
    """Every rule id cited in some texts."""
    return {match for text in texts for match in RULE_ID.findall(text)}


@cache
def load_rulebook(directory: str | Path | None = None) -> Rulebook:
    """Load ``rules.toml`` from a spec directory; every problem is reported at once."""
    path = Path(directory if directory is not None else default_spec_dir()) / "rules.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise SpecError([f"{path}: {error}"]) from None
    problems: list[str] = []
    rules: dict[str, Rule] = {}
    for index, entry in enumerate(data.get("rule", [])):
        where = f"{path}: rule[{index}]"
        rule_id = entry.get("id")
        if not isinstance(rule_id, str) or RULE_ID.fullmatch(rule_id) is None:
            problems.append(f"{where}.id: expected a rule id like R-BUY-2, got {rule_id!r}")
            continue
        if rule_id in rules:
            problems.append(f"{where}.id: {rule_id} is defined twice")
        fields = {name: entry.get(name, "") for name in ("section", "title", "text", "source")}
        for name, value in fields.items():
            if not isinstance(value, str):
                problems.append(f"{where}.{name}: expected a string, got {type(value).__name__}")
        if not str(fields["text"]).strip():
            problems.append(f"{where}.text: {rule_id} has no statement")
        unknown = set(entry) - {"id", *fields}
        if unknown:
            problems.append(f"{where}: unknown fields {sorted(unknown)}")
        rules[rule_id] = Rule(id=rule_id, section=str(fields["section"]),
                              title=str(fields["title"]), text=str(fields["text"]).strip(),
                              source=str(fields["source"]))
    if problems:
        raise SpecError(problems)
    return Rulebook(rules)
