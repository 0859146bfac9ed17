"""Where the history in the data comes from: the ``sources`` of a note, checked and read.

Every note a student reads (an empire, an event, a card of any kind, a historical
extent) carries ``"sources"``: one or two standard references a teacher can
find in a library or online, each an object

    {"title": "India: A History", "author": "John Keay"}
    {"title": "Encyclopaedia Britannica", "entry": "Mauryan empire"}

``title`` is required (a book, an atlas or an encyclopedia); ``author`` names
the author or editors; ``entry`` names the encyclopedia article or the chapter.
Page numbers are refused: editions differ, and a page a reader cannot check is
worse than none.

>>> refs = read_sources([{"title": "SPQR: A History of Ancient Rome", "author": "Mary Beard"}])
>>> str(refs[0])
'Mary Beard, SPQR: A History of Ancient Rome'
>>> check_sources([{"title": "SPQR", "page": 12}])
["1: unknown key 'page'"]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_SOURCES", "Reference", "check_sources", "read_sources"]

MAX_SOURCES = 2
"""At most this many references per note: the standard ones, not a bibliography."""

_KEYS = ("title", "author", "entry")
_PAGE = re.compile(r"\b(?:pp?|pages?)\.?\s*\d", re.IGNORECASE)


@dataclass(frozen=True)
class Reference:
    """One reference: a book, atlas or encyclopedia, with its author and the entry or chapter to read."""

    title: str
    author: str | None = None
    entry: str | None = None

    def __str__(self) -> str:
        """``'Author, Title, "Entry"'`` without the parts it lacks."""
        parts = [p for p in (self.author, self.title) if p]
        if self.entry:
            parts.append(f"\u201c{self.entry}\u201d")
        return ", ".join(parts)


def check_sources(value: Any) -> list[str]:
    """Every problem of a ``sources`` value, each to be read after the word "sources" (empty if fine)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SOURCES:
        return ["must list one or two references (a title, and an author or an entry)"]
    problems: list[str] = []
    for i, ref in enumerate(value, 1):
        if not isinstance(ref, dict):
            problems.append(f"{i} must be an object with a title")
            continue
        problems += [f"{i}: unknown key '{k}'" for k in ref if k not in _KEYS]
        if not isinstance(ref.get("title"), str) or not ref["title"].strip():
            problems.append(f"{i}: title must be a non-empty string")
        for key in ("author", "entry"):
            if key in ref and (not isinstance(ref[key], str) or not ref[key].strip()):
                problems.append(f"{i}: {key} must be a non-empty string when given")
        if any(isinstance(ref.get(k), str) and _PAGE.search(ref[k]) for k in _KEYS):
            problems.append(f"{i}: gives a page number; name the entry or chapter instead")
    if len(set(map(repr, value))) != len(value):
        problems.append("lists a reference twice")
    return problems


def read_sources(value: Any) -> tuple[Reference, ...]:
    """The references of a checked ``sources`` value (empty when there is none)."""
    if not isinstance(value, list):
        return ()
    return tuple(Reference(r["title"], r.get("author"), r.get("entry")) for r in value if isinstance(r, dict))
