"""Shared checks for a ruleset's data files: field checkers and a report of every problem.

Each ruleset's card check (e.g. ``hotw/rulesets/hotw2018/cardcheck.py``) reads its files
with :func:`read_records`, checks every record with :meth:`Report.fields` and the
checkers here, and raises one :class:`~hotw.errors.ContentError` listing every problem
as ``file: id: message``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

from hotw.carddata import FORMAT, ID_PATTERN, PROVENANCES, BoardIds

Check = Callable[[Any], "str | None"]


def text(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() else "must be a non-empty string"


def optional_text(v: Any) -> str | None:
    return None if v is None else text(v)


def boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def whole_number(lo: int, hi: int) -> Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
        return None if ok else f"must be a whole number from {lo} to {hi}"
    return check


def identifier(v: Any) -> str | None:
    ok = isinstance(v, str) and ID_PATTERN.match(v)
    return None if ok else "must be a lower-case id like 'nile_delta'"


def id_list(v: Any) -> str | None:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        return "must be a list of ids"
    return "lists an id twice" if len(set(v)) != len(v) else None


def text_list(v: Any) -> str | None:
    ok = isinstance(v, list) and all(isinstance(x, str) for x in v)
    return None if ok else "must be a list of strings"


def an_object(v: Any) -> str | None:
    return None if isinstance(v, dict) else "must be an object"


def optional_object(v: Any) -> str | None:
    return None if v is None or isinstance(v, dict) else "must be an object or null"


def a_list(v: Any) -> str | None:
    return None if isinstance(v, list) else "must be a list"


def one_of(*options: str) -> Check:
    def check(v: Any) -> str | None:
        return None if v in options else "must be one of " + ", ".join(repr(o) for o in options)
    return check



PROVENANCE_FIELDS: Mapping[str, Check] = {"provenance": one_of(*PROVENANCES), "note": text}
SOURCED_FIELDS: Mapping[str, Check] = {"authored_fields": text_list, "source": text}


class Report:
    """Collects problems as 'file: id: message' lines."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def fields(self, rec: Any, spec: Mapping[str, Check], where: str,
               optional: Mapping[str, Check] | None = None) -> bool:
        """Check keys and types of one object; True if it can be read further."""
        if not isinstance(rec, dict):
            self.add(where, "must be an object")
            return False
        optional = optional or {}
        ok = True
        for key in rec:
            if key not in spec and key not in optional:
                self.add(where, f"unknown key '{key}'")
                ok = False
        for key, check in spec.items():
            if key not in rec:
                self.add(where, f"missing field '{key}'")
                ok = False
            elif (msg := check(rec[key])) is not None:
                self.add(where, f"{key} {msg}")
                ok = False
        for key, check in optional.items():
            if key in rec and (msg := check(rec[key])) is not None:
                self.add(where, f"{key} {msg}")
                ok = False
        return ok


def read_records(path: Path, list_key: str, report: Report) -> list[Any] | None:
    """Read one data file's record list; None (and a problem) if it cannot be read."""
    name = path.name
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        report.add(name, "file not found")
        return None
    except json.JSONDecodeError as exc:
        report.add(name, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})")
        return None
    if not isinstance(doc, dict):
        report.add(name, "must be a JSON object")
        return None
    for key in doc:
        if key not in ("format", list_key):
            report.add(name, f"unknown key '{key}'")
    if doc.get("format") != FORMAT:
        report.add(name, f"format must be {FORMAT}")
    records = doc.get(list_key)
    if not isinstance(records, list):
        report.add(name, f"'{list_key}' must be a list")
        return None
    return records


def label(rec: Any, index: int) -> str:
    rid = rec.get("id") if isinstance(rec, dict) else None
    return rid if isinstance(rid, str) and rid else f"record {index + 1}"


def check_provenance(rec: dict[str, Any], where: str, report: Report) -> None:
    if rec.get("provenance") == "documented":
        for key in SOURCED_FIELDS:
            if key not in rec:
                report.add(where, f"documented record needs '{key}'")
        for f in rec.get("authored_fields", []) or []:
            if isinstance(f, str) and f.split(".")[0] not in rec:
                report.add(where, f"authored_fields names '{f}', which is not a field")
    elif rec.get("provenance") == "authored":
        for key in SOURCED_FIELDS:
            if key in rec:
                report.add(where, f"'{key}' is only for documented records")


def check_places(rec: dict[str, Any], where: str, board: BoardIds, report: Report,
                  prefix: str = "") -> None:
    """Check start lands, fleet waters and caravan barren lands against the board."""
    start = rec.get("start", [])
    if not start:
        report.add(where, f"{prefix}start must name at least one land")
    for sid in start:
        if sid in board.lands:
            continue
        if sid in board.barren:
            report.add(where, f"{prefix}start '{sid}' is a barren land; armies cannot start there")
        else:
            report.add(where, f"{prefix}start '{sid}' is not a land on the board" + hint(sid, board))
    for sid in rec.get("fleets", []):
        if sid not in board.waters:
            report.add(where, f"{prefix}fleet '{sid}' is not a sea or ocean on the board"
                       + hint(sid, board))
    for sid in rec.get("caravans", []):
        if sid not in board.barren:
            report.add(where, f"{prefix}caravan '{sid}' is not a barren land on the board"
                       + hint(sid, board))


def hint(name: str, board: BoardIds) -> str:
    """A short clue after an unknown id: the id an alias stands for, or what the id is."""
    alias = board.alias_of(name)
    if alias:
        return f" (the board calls it '{alias}')"
    for ids, what in ((board.lands, "a land"), (board.barren, "a barren land"),
                      (board.waters, "a sea or ocean")):
        if name in ids:
            return f" (it is {what})"
    return ""



def unique_ids(records: list[Any], file: str, report: Report) -> None:
    seen: dict[str, int] = {}
    for i, rec in enumerate(records):
        rid = rec.get("id") if isinstance(rec, dict) else None
        if isinstance(rid, str):
            if rid in seen:
                report.add(f"{file}: {rid}", f"duplicate id (records {seen[rid] + 1} and {i + 1})")
            else:
                seen[rid] = i


