"""Checks that words said by the game have a translation: used by every ruleset's language tests.

``untranslated(text, lang)`` walks a :class:`~hotw.i18n.Msg` (and the Msg, Term and
Listing values among its arguments) and returns every message or content field that
``lang`` lacks. ``english_runs(text)`` finds runs of English words left in a text drawn
in another language (a view that still writes a literal), apart from the words
``allowed`` names (seat names, the titles of sources, which stay as published).
"""

from __future__ import annotations

import gettext
import re
from typing import Any

from hotw.i18n import LOCALE_DIR, Listing, Msg, Num, Term, content

_CATALOGS: dict[tuple[str, str], gettext.NullTranslations | None] = {}


def catalog(domain: str, lang: str) -> gettext.GNUTranslations | None:
    key = (domain, lang)
    if key not in _CATALOGS:
        try:
            _CATALOGS[key] = gettext.translation(domain, localedir=str(LOCALE_DIR), languages=[lang])
        except OSError:
            _CATALOGS[key] = None
    return _CATALOGS[key]  # type: ignore[return-value]


def _has_letters(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2,}", re.sub(r"\{[^}]*\}", "", text)))


def untranslated(text: Any, lang: str) -> list[str]:
    """Every message id or content field under ``text`` that has no ``lang`` translation."""
    out: list[str] = []
    if isinstance(text, Msg):
        found = catalog(text.domain, lang)
        if found is None:
            out.append(f"[{text.domain}: no {lang} catalog] {text.msgid}")
        elif _has_letters(text.msgid):
            # a message is in the catalog if its translation is not the id itself; a message
            # that reads the same in both (a bare pattern "{a} - {b}") has no letters to translate
            got = found.ngettext(text.msgid, text.plural, text.n) if text.plural else found.gettext(text.msgid)
            english = (text.plural if text.plural and text.n != 1 else text.msgid)
            if got == english and text.msgid not in found._catalog and (text.msgid, 0) not in found._catalog:  # type: ignore[attr-defined]
                out.append(f"[{text.domain}] {text.msgid}")
        for value in text.args.values():
            out.extend(untranslated(value, lang))
    elif isinstance(text, Term):
        if content.lookup(text.table, text.key, text.field, lang) is None:
            out.append(f"[{text.table}] {text.key}.{text.field}")
    elif isinstance(text, Listing):
        for item in text.items:
            out.extend(untranslated(item, lang))
    return out


def not_said(lines: list[Any]) -> list[str]:
    """The lines that are plain strings, not words the game can say again in another language."""
    return [str(line) for line in lines if not isinstance(line, (Msg, Term, Listing, Num))]


ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z]+(?:[ '-][A-Za-z][a-z]+){2,}\b")


def english_runs(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """Runs of three or more English-looking words in ``text`` (HTML tags dropped), minus ``allowed`` ones."""
    plain = re.sub(r"<[^>]+>", " ", text)
    for word in allowed:
        plain = plain.replace(word, " ")
    return ENGLISH_RUN.findall(plain)
