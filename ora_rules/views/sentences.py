"""``Speech``: the log's sentences (``narrate``) in one locale, with the names and goods they
need.

The sentences are templates with named fields (``vocabulary.LOG``); each template's English text
is its message id (``ora.pot``), and ``locale/<locale>/LC_MESSAGES/ora.po`` translates it with the
same ``{fields}``, so a language changes word order and grammar in its catalogue, never in code.
Names come in as whole noun phrases (``{building}`` is "the Farmyard (LR2)" in English,
"«Φάρμα» (LR2)" in Greek), so no template has to inflect a name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ora_core.values import Good
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views import vocabulary as v
from ora_rules.views.i18n import words

#: Goods names whose English plural differs from the singular (the rest are mass nouns).
_PLURALS = {Good.COIN: "coins", Good.BOOK: "books", Good.RELIQUARY: "reliquaries",
            Good.ORNAMENT: "ornaments", Good.WONDER: "wonders", Good.CERAMIC: "ceramics"}


#: Every template by key (the keys of the tables are distinct; a test checks it).
_TEMPLATES = {**v.LOG, **v.TAKEBACK, **v.TABLE, **v.CHANGES, **v.EXPLAIN}


class Speech:
    """The log's words in one locale: ``say("uses", building=...)`` and the names it needs."""

    def __init__(self, locale: str = "en") -> None:
        self.locale = locale
        self._ = words(locale).gettext

    def __call__(self, key: str, **fields: object) -> str:
        return self._(_TEMPLATES[key]).format(**fields)

    def word(self, english: str) -> str:
        return self._(english)

    def colour(self, colour: str) -> str:
        return self._(v.COLOUR_NAMES[colour]) if colour in v.COLOUR_NAMES else colour

    def side(self, side: str) -> str:
        word = v.SIDES.get(side.upper())
        return self._(word) if word else side.lower()

    def good(self, good: Good, n: int = 1) -> str:
        """English: "peat coal", "coins" (plural for n != 1); other locales the catalogue's
        name of the good, in lower case (their counts say ``{n}`` beside it)."""
        if self.locale == "en":
            if n != 1 and good in _PLURALS:
                return _PLURALS[good]
            return good.value.replace("_", " ")
        return self._(v.GOODS[good]).lower()

    def goods(self, goods: Mapping[Good, int]) -> str:
        """"2 grain, 1 wood and 3 coins"; "nothing" when empty."""
        parts = [self("count", n=n, good=self.good(g, n))
                 for g, n in sorted(goods.items(), key=lambda kv: GOOD_ORDER[kv[0]]) if n]
        return self.join(parts) if parts else self("nothing")

    def join(self, parts: Sequence[str]) -> str:
        """"a", "a and b", "a, b and c"."""
        if len(parts) <= 1:
            return "".join(parts)
        return self("and", first=", ".join(parts[:-1]), last=parts[-1])

    def building(self, name: str, id: str) -> str:
        return self("building", name=self._(name), id=id)

    def settlement(self, name: str, id: str) -> str:
        return self("settlement", name=self._(name), id=id)


ENGLISH = Speech()
COLOUR_NAMES = v.COLOUR_NAMES
