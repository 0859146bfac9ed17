"""Content in other languages: the names and notes of cards, boards and history, translated as data.

A content table (``"<folder>/empires"``) is a data file (``hotw/data/<folder>/empires.json``);
its translation into a language is ``hotw/data/<folder>/lang/<lang>/empires.json``.
``hotw/data/translated.json`` lists every table that must have translations.
Board names live in ``hotw/data/boards/lang/<lang>/<board>.json`` (``"boards/world"``)::

    {"format": 1, "language": "ja", "translates": "empires.json",
     "entries": {"sumerians": {"name": "シュメール", "note": "...",
                               "provenance": "translated"}}}

Each entry is keyed by its record's id (``hero`` for a Heroes life, the file's ``id`` for a
history map, the feature id for a board) and holds the same readable fields as the record
(:data:`READABLE`; a list of places as a list in the same order, a dict of notes by land
as a dict with the same keys). ``provenance`` marks every entry as a translation:
``translated`` (written for this project from the English data) or ``documented`` (the
fields in ``documented_fields`` follow a text printed in that language, named in
``source``; the others are translated). :func:`problems` checks every file against its
table; ``python -m hotw.i18n.content`` prints them.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

from hotw.carddata import DATA_DIR

__all__ = ["READABLE", "TABLES", "lookup", "problems", "readable_paths", "term_fields"]

READABLE = frozenset({"name", "title", "leader", "dates", "date", "text", "note", "when"})
"""The fields of a record a reader reads (its ids, numbers and sources are not translated)."""

NESTED = frozenset({"ability"})
"""Fields that hold a block with readable fields of its own (a 2018 empire's ability: its name and text)."""

BY_LAND = frozenset({"borderline", "outside"})
"""Fields that hold notes by land (a history map's lands on its border and outside it)."""

_LISTED: dict[str, Any] = json.loads((DATA_DIR / "translated.json").read_text(encoding="utf-8"))

RECORD_LISTS: tuple[str, ...] = tuple(_LISTED["record_lists"])
"""The fields that hold a data file's records (a file of one record, such as a history map, has none)."""

TRANSLATION_PROVENANCES = ("translated", "documented")

TABLES: dict[str, tuple[str, ...]] = {folder: tuple(names) for folder, names in _LISTED["tables"].items()}
"""Every content table that has translations, by data directory."""


def _board_path(board: str) -> Path:
    from hotw.board import GEODATA as shipped

    return Path(shipped) / f"{board}.geojson"


def _records(table: str) -> dict[str, dict[str, Any]]:
    """The records of a content table by key."""
    folder, name = table.split("/")
    if folder == "boards":
        data = json.loads(_board_path(name).read_text(encoding="utf-8"))
        return {f["properties"]["id"]: f["properties"] for f in data["features"]}
    data = json.loads((DATA_DIR / folder / f"{name}.json").read_text(encoding="utf-8"))
    for list_key in RECORD_LISTS:
        if isinstance(data.get(list_key), list):
            return {r.get("id", r.get("hero")): r for r in data[list_key]}
    return {data["id"]: data}


def readable_paths(record: dict[str, Any]) -> dict[str, str]:
    """The readable texts of a record by field path (``"note"``, ``"places.0.name"``, ``"borderline.levant"``)."""
    out: dict[str, str] = {}
    for key, value in record.items():
        if key in READABLE and isinstance(value, str) and value.strip():
            out[key] = value
        elif key == "places" and isinstance(value, list):
            for i, place in enumerate(value):
                for sub, text in readable_paths(place).items():
                    out[f"places.{i}.{sub}"] = text
        elif key in BY_LAND and isinstance(value, dict):
            for land, text in value.items():
                if isinstance(text, str):
                    out[f"{key}.{land}"] = text
        elif key in NESTED and isinstance(value, dict):
            for sub, text in readable_paths(value).items():
                out[f"{key}.{sub}"] = text
    return out


def _flatten(entry: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "places" and isinstance(value, list):
            for i, place in enumerate(value):
                if isinstance(place, dict):
                    for sub, text in place.items():
                        out[f"places.{i}.{sub}"] = text
                else:
                    out[f"places.{i}"] = place
        elif (key in BY_LAND or key in NESTED) and isinstance(value, dict):
            for sub, text in value.items():
                out[f"{key}.{sub}"] = text
        else:
            out[key] = value
    return out


def translation_file(table: str, lang: str) -> Path:
    folder, name = table.split("/")
    return DATA_DIR / folder / "lang" / lang / f"{name}.json"


@functools.lru_cache(maxsize=128)
def _translations(table: str, lang: str) -> dict[str, dict[str, Any]]:
    path = translation_file(table, lang)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = data.get("entries", {}) if isinstance(data, dict) else {}
    return {k: _flatten(v) for k, v in entries.items() if isinstance(v, dict)}


def lookup(table: str, key: str, field: str, lang: str) -> str | None:
    """The translation of one field, or None where there is none."""
    found = _translations(table, lang).get(key, {}).get(field)
    return found if isinstance(found, str) and found else None


def term_fields(table: str, key: str, record: dict[str, Any]) -> dict[str, Any]:
    """The record's readable fields as :class:`~hotw.i18n.Term` values (for a loader to build its records with)."""
    from hotw.i18n import Term

    return {f: Term(table, key, f, text) for f, text in readable_paths(record).items() if "." not in f}


def problems(languages: tuple[str, ...] = ("ja", "es")) -> list[str]:
    """Every problem of every translation file: a missing file, entry or field, an unknown one, no provenance."""
    out: list[str] = []
    for folder, names in TABLES.items():
        for name in names:
            table = f"{folder}/{name}"
            records = _records(table)
            for lang in languages:
                path = translation_file(table, lang)
                where = f"{folder}/lang/{lang}/{name}.json"
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                except OSError:
                    out.append(f"{where}: missing (translates {table})")
                    continue
                except ValueError as error:
                    out.append(f"{where}: not valid JSON: {error}")
                    continue
                if data.get("format") != 1 or data.get("language") != lang:
                    out.append(f"{where}: needs \"format\": 1 and \"language\": \"{lang}\"")
                entries = data.get("entries")
                if not isinstance(entries, dict):
                    out.append(f"{where}: no 'entries' object")
                    continue
                for key in sorted(set(entries) - set(records)):
                    out.append(f"{where}: '{key}' is not a record of {table}")
                for key, record in records.items():
                    entry = entries.get(key)
                    if not isinstance(entry, dict):
                        out.append(f"{where}: '{key}' has no translation")
                        continue
                    out.extend(_entry_problems(where, key, record, entry))
    return out


def _entry_problems(where: str, key: str, record: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    out: list[str] = []
    provenance = entry.get("provenance")
    if provenance not in TRANSLATION_PROVENANCES:
        out.append(f"{where}: '{key}' needs a provenance, one of {', '.join(TRANSLATION_PROVENANCES)}")
    if provenance == "documented":
        if not isinstance(entry.get("source"), str) or not entry["source"].strip():
            out.append(f"{where}: '{key}' is documented but names no source")
        if not isinstance(entry.get("documented_fields"), list) or not entry["documented_fields"]:
            out.append(f"{where}: '{key}' is documented but lists no documented_fields")
    wanted = readable_paths(record)
    have = {k: v for k, v in _flatten(entry).items()
            if k not in ("provenance", "source", "documented_fields")}
    for path in wanted:
        text = have.get(path)
        if not isinstance(text, str) or not text.strip():
            out.append(f"{where}: '{key}' lacks {path}")
    for path in sorted(set(have) - set(wanted)):
        out.append(f"{where}: '{key}' has {path}, which the English record does not")
    return out


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
