"""Words for people: the message catalogue (gettext, compiled with Babel).

Every word a projection or the card catalogue shows goes through ``words(locale)``: the English
text is the message id, so English is complete by construction, and a locale's catalogue
(``ora_rules/views/locale/<locale>/LC_MESSAGES/ora.po``) translates what it knows; anything it does
not know stays English. The ``.po`` sources ship in the package and are compiled to ``.mo`` in
memory the first time a locale is asked for (Babel's ``read_po`` / ``write_mo``), so a wheel
needs no build step. ``ora specs messages`` writes the template ``ora.pot`` of every message.

Greek and Russian translate every message: goods, actions, phases, terrain and landscape words,
the names of buildings, settlements and wonder tiles, the card texts and the log's sentences
(``vocabulary.LOG``). Where the seeds name a thing (the Greek rulebook, the Russian overview) the
translation uses their word; the Greek rulebook leaves most building names in English, so the
Greek names but Φάρμα are the project's.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import Literal, get_args

from ora_core.errors import OraError

Locale = Literal["en", "el", "ru"]
LOCALES: tuple[str, ...] = get_args(Locale)
DOMAIN = "ora"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


class UnknownLocale(OraError):
    """A locale without a message catalogue."""

    code = "unknown_locale"


@functools.cache
def translations(locale: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``locale`` (English: the message ids themselves)."""
    if locale not in LOCALES:
        raise UnknownLocale(f"locale must be one of {', '.join(LOCALES)}, got {locale!r}")
    path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    if locale == "en" or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=locale, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def words(locale: str = "en") -> gettext.NullTranslations:
    """``words(locale).gettext(english)``: the English text in ``locale``."""
    return translations(locale)


def template(messages: list[str]) -> bytes:
    """The ``ora.pot`` template of ``messages`` (``vocabulary.messages(rules)``), stable bytes:
    no creation date, so the committed file can be compared with a fresh one."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(domain=DOMAIN, project="ora", charset="utf-8", fuzzy=False)
    for message in messages:
        if message:
            catalog.add(message)
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, width=100, sort_output=True)
    return b"# The messages of ora: ora specs messages writes this file; translate them in\n" \
        b"# ora_rules/views/locale/<locale>/LC_MESSAGES/ora.po.\n" + out.getvalue()
