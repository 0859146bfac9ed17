"""Validation of a ruleset's card and token data: every problem, with its file and id.

:func:`validate` reads ``empires.json``, ``events.json`` and ``region_tokens.json``,
checks each record's fields, types and board references, and raises one
:class:`~hotw.errors.ContentError` listing every problem; :func:`hotw.content.load_content`
calls it and caches the result.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from hotw.content import (
    _ID,
    CARDS_PER_EPOCH,
    EFFECT_PARAMS,
    EPOCHS,
    FORMAT,
    PROVENANCES,
    TOKEN_COUNT,
    Ability,
    BoardIds,
    Content,
    Effect,
    EmpireCard,
    EventCard,
    Kingdom,
    RegionToken,
)
from hotw.errors import ContentError
from hotw.references import check_sources, read_sources


_Check = Callable[[Any], "str | None"]


def _str(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() else "must be a non-empty string"


def _opt_str(v: Any) -> str | None:
    return None if v is None else _str(v)


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def _int_in(lo: int, hi: int) -> _Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
        return None if ok else f"must be a whole number from {lo} to {hi}"
    return check


def _id(v: Any) -> str | None:
    ok = isinstance(v, str) and _ID.match(v)
    return None if ok else "must be a lower-case id like 'nile_delta'"


def _id_list(v: Any) -> str | None:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        return "must be a list of ids"
    return "lists an id twice" if len(set(v)) != len(v) else None


def _str_list(v: Any) -> str | None:
    ok = isinstance(v, list) and all(isinstance(x, str) for x in v)
    return None if ok else "must be a list of strings"


def _dict(v: Any) -> str | None:
    return None if isinstance(v, dict) else "must be an object"


def _opt_dict(v: Any) -> str | None:
    return None if v is None or isinstance(v, dict) else "must be an object or null"


def _list(v: Any) -> str | None:
    return None if isinstance(v, list) else "must be a list"


def _sources(v: Any) -> str | None:
    return "; sources ".join(check_sources(v)) or None


def _one_of(*options: str) -> _Check:
    def check(v: Any) -> str | None:
        return None if v in options else "must be one of " + ", ".join(repr(o) for o in options)
    return check


_PROVENANCE = {"provenance": _one_of(*PROVENANCES), "note": _str, "sources": _sources}
_SOURCED = {"authored_fields": _str_list, "source": _str}

_EMPIRE_FIELDS: Mapping[str, _Check] = {
    "id": _id, "name": _str, "epoch": _int_in(1, 5), "order": _int_in(1, 8),
    "armies": _int_in(1, 25), "start": _id_list, "fleets": _id_list,
    "caravans": _id_list, "capitol": _bool, "ability": _opt_dict,
    "leader": _opt_str, "dates": _str, **_PROVENANCE,
}
_EVENT_FIELDS: Mapping[str, _Check] = {
    "id": _id, "name": _str, "epoch": _int_in(1, 5),
    "kind": _one_of("kingdom", "enhancement"), "saveable": _bool, "text": _str,
    "effects": _list, "leader": _opt_str, "dates": _str, **_PROVENANCE,
}
_TOKEN_FIELDS: Mapping[str, _Check] = {
    "id": _id, "region": _id, "epoch": _int_in(1, 5), "values": _list, **_PROVENANCE,
}
_ABILITY_FIELDS: Mapping[str, _Check] = {"name": _str, "text": _str, "effects": _list}
_KINGDOM_FIELDS: Mapping[str, _Check] = {
    "name": _str, "armies": _int_in(1, 25), "start": _id_list, "capitol": _bool,
    "fleets": _id_list, "caravans": _id_list,
}


class _Report:
    """Collects problems as 'file: id: message' lines."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def fields(self, rec: Any, spec: Mapping[str, _Check], where: str,
               optional: Mapping[str, _Check] | None = None) -> bool:
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


def _read(path: Path, list_key: str, report: _Report) -> list[Any] | None:
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


def _label(rec: Any, index: int) -> str:
    rid = rec.get("id") if isinstance(rec, dict) else None
    return rid if isinstance(rid, str) and rid else f"record {index + 1}"


def _check_provenance(rec: dict[str, Any], where: str, report: _Report) -> None:
    if rec.get("provenance") == "documented":
        for key in _SOURCED:
            if key not in rec:
                report.add(where, f"documented record needs '{key}'")
        for f in rec.get("authored_fields", []) or []:
            if isinstance(f, str) and f.split(".")[0] not in rec:
                report.add(where, f"authored_fields names '{f}', which is not a field")
    elif rec.get("provenance") == "authored":
        for key in _SOURCED:
            if key in rec:
                report.add(where, f"'{key}' is only for documented records")


def _check_places(rec: dict[str, Any], where: str, board: BoardIds, report: _Report,
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
            report.add(where, f"{prefix}start '{sid}' is not a land on the board" + _hint(sid, board))
    for sid in rec.get("fleets", []):
        if sid not in board.waters:
            report.add(where, f"{prefix}fleet '{sid}' is not a sea or ocean on the board"
                       + _hint(sid, board))
    for sid in rec.get("caravans", []):
        if sid not in board.barren:
            report.add(where, f"{prefix}caravan '{sid}' is not a barren land on the board"
                       + _hint(sid, board))


def _hint(name: str, board: BoardIds) -> str:
    """A short clue after an unknown id: the id an alias stands for, or what the id is."""
    alias = board.alias_of(name)
    if alias:
        return f" (the board calls it '{alias}')"
    for ids, what in ((board.lands, "a land"), (board.barren, "a barren land"),
                      (board.waters, "a sea or ocean")):
        if name in ids:
            return f" (it is {what})"
    return ""



def _effects(raw: list[Any], where: str, report: _Report) -> tuple[Effect, ...]:
    """Validate and build a list of effects."""
    out: list[Effect] = []
    for i, eff in enumerate(raw):
        at = f"effect {i + 1}"
        if not isinstance(eff, dict):
            report.add(where, f"{at} must be an object")
            continue
        kind = eff.get("kind")
        if kind not in EFFECT_PARAMS:
            report.add(where, f"{at} has unknown kind {kind!r} (known: "
                       + ", ".join(sorted(EFFECT_PARAMS)) + ")")
            continue
        param = EFFECT_PARAMS[kind]
        extra = set(eff) - {"kind"} - ({param} if param else set())
        if extra:
            report.add(where, f"{at} ({kind}) has unknown key(s) " + ", ".join(sorted(extra)))
        if param is None:
            out.append(Effect(kind))
            continue
        n = eff.get(param)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
            report.add(where, f"{at} ({kind}) needs '{param}' as a whole number from 1 to 5")
            continue
        out.append(Effect(kind, **{param: n}))
    return tuple(out)


def _check_epoch_counts(records: list[Any], file: str, what: str, report: _Report) -> None:
    """Each epoch needs exactly CARDS_PER_EPOCH records (records with a readable epoch)."""
    counts = Counter(r.get("epoch") for r in records if isinstance(r, dict))
    for epoch in EPOCHS:
        if counts[epoch] != CARDS_PER_EPOCH:
            report.add(file, f"epoch {epoch} has {counts[epoch]} {what}; "
                       f"each epoch needs {CARDS_PER_EPOCH}")


def _unique_ids(records: list[Any], file: str, report: _Report) -> None:
    seen: dict[str, int] = {}
    for i, rec in enumerate(records):
        rid = rec.get("id") if isinstance(rec, dict) else None
        if isinstance(rid, str):
            if rid in seen:
                report.add(f"{file}: {rid}", f"duplicate id (records {seen[rid] + 1} and {i + 1})")
            else:
                seen[rid] = i


def _empires(records: list[Any], board: BoardIds, report: _Report) -> dict[str, EmpireCard]:
    file = "empires.json"
    _unique_ids(records, file, report)
    good: list[dict[str, Any]] = []
    out: dict[str, EmpireCard] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {_label(rec, i)}"
        if not report.fields(rec, _EMPIRE_FIELDS, where, _SOURCED):
            continue
        good.append(rec)
        _check_provenance(rec, where, report)
        _check_places(rec, where, board, report)
        ability = None
        if rec["ability"] is not None:
            ab = rec["ability"]
            if report.fields(ab, _ABILITY_FIELDS, f"{where}: ability"):
                effects = _effects(ab["effects"], f"{where}: ability", report)
                if not ab["effects"]:
                    report.add(f"{where}: ability", "needs at least one effect")
                ability = Ability(ab["name"], ab["text"], effects)
        out.setdefault(rec["id"], EmpireCard(
            id=rec["id"], name=rec["name"], epoch=rec["epoch"], order=rec["order"],
            armies=rec["armies"], start=tuple(rec["start"]), fleets=tuple(rec["fleets"]),
            caravans=tuple(rec["caravans"]), capitol=rec["capitol"], ability=ability,
            leader=rec["leader"], dates=rec["dates"], note=rec["note"],
            provenance=rec["provenance"],
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source"),
            sources=read_sources(rec["sources"]),
        ))
    _check_epoch_counts(records, file, "empires", report)
    orders: dict[tuple[int, int], str] = {}
    for rec in good:
        key = (rec["epoch"], rec["order"])
        if key in orders and orders[key] != rec["id"]:
            report.add(f"{file}: {rec['id']}", f"order {rec['order']} in epoch {rec['epoch']} "
                       f"is also used by {orders[key]}")
        orders.setdefault(key, rec["id"])
    return out


def _events(records: list[Any], board: BoardIds, report: _Report) -> dict[str, EventCard]:
    file = "events.json"
    _unique_ids(records, file, report)
    good: list[dict[str, Any]] = []
    out: dict[str, EventCard] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {_label(rec, i)}"
        optional = {**_SOURCED, "kingdom": _dict}
        if not report.fields(rec, _EVENT_FIELDS, where, optional):
            continue
        good.append(rec)
        _check_provenance(rec, where, report)
        effects = _effects(rec["effects"], where, report)
        kingdom = None
        if rec["kind"] == "kingdom":
            if "kingdom" not in rec:
                report.add(where, "a kingdom card needs a 'kingdom' block")
            elif report.fields(rec["kingdom"], _KINGDOM_FIELDS, f"{where}: kingdom"):
                k = rec["kingdom"]
                _check_places(k, where, board, report, prefix="kingdom ")
                kingdom = Kingdom(k["name"], k["armies"], tuple(k["start"]), k["capitol"],
                                  tuple(k["fleets"]), tuple(k["caravans"]))
            if rec["effects"]:
                report.add(where, "a kingdom card has no effects (its kingdom is the effect)")
            if rec["saveable"]:
                report.add(where, "a kingdom card cannot be saveable")
        else:
            if "kingdom" in rec:
                report.add(where, "only a kingdom card may have a 'kingdom' block")
            if not rec["effects"]:
                report.add(where, "an enhancement needs at least one effect")
        out.setdefault(rec["id"], EventCard(
            id=rec["id"], name=rec["name"], epoch=rec["epoch"], kind=rec["kind"],
            saveable=rec["saveable"], text=rec["text"], effects=effects, kingdom=kingdom,
            leader=rec["leader"], dates=rec["dates"], note=rec["note"],
            provenance=rec["provenance"],
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source"),
            sources=read_sources(rec["sources"]),
        ))
    _check_epoch_counts(records, file, "events", report)
    return out


def _tokens(records: list[Any], board: BoardIds, report: _Report) -> list[RegionToken]:
    file = "region_tokens.json"
    _unique_ids(records, file, report)
    if len(records) != TOKEN_COUNT:
        report.add(file, f"has {len(records)} tokens; the game has {TOKEN_COUNT}")
    out: list[RegionToken] = []
    placed: dict[tuple[str, int], str] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {_label(rec, i)}"
        if not report.fields(rec, _TOKEN_FIELDS, where, _SOURCED):
            continue
        _check_provenance(rec, where, report)
        if rec["region"] not in board.regions:
            report.add(where, f"region '{rec['region']}' is not a region on the board")
        key = (rec["region"], rec["epoch"])
        if key in placed and placed[key] != rec["id"]:
            report.add(where, f"{rec['region']} already has a token in epoch {rec['epoch']} "
                       f"({placed[key]})")
        placed.setdefault(key, rec["id"])
        vals = rec["values"]
        if (len(vals) != 3 or not all(isinstance(v, int) and not isinstance(v, bool)
                                      and v >= 1 for v in vals)):
            report.add(where, "values must be three whole numbers of at least 1 "
                       "[presence, dominance, supremacy]")
            continue
        if not vals[0] < vals[1] < vals[2]:
            report.add(where, f"values {vals} must increase: presence < dominance < supremacy")
        out.append(RegionToken(rec["id"], rec["region"], rec["epoch"], tuple(vals),  # type: ignore[arg-type]
                               rec["provenance"], rec["note"],
                               tuple(rec.get("authored_fields", ())), rec.get("source"),
                               read_sources(rec["sources"])))
    return out


# --------------------------------------------------------------------------- loading


def validate(directory: Path, board: BoardIds, ruleset: str = "hotw2018") -> Content:
    """Read and check a data directory; raise ContentError listing every problem."""
    report = _Report()
    raw = {key: _read(directory / name, key, report) for key, name in
           (("empires", "empires.json"), ("events", "events.json"), ("tokens", "region_tokens.json"))}
    empires = _empires(raw["empires"], board, report) if raw["empires"] is not None else {}
    events = _events(raw["events"], board, report) if raw["events"] is not None else {}
    tokens = _tokens(raw["tokens"], board, report) if raw["tokens"] is not None else []
    if report.problems:
        raise ContentError(report.problems, source=f"{ruleset} card data ({directory})")
    return Content(ruleset, MappingProxyType(empires), MappingProxyType(events), tuple(tokens))
