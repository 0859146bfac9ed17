"""The check of *A Brief History of the World*'s data: every problem, with its file and id.

:func:`validate` reads ``empires.json``, ``events.json``, ``areas.json`` and
``bonus.json`` from ``hotw/data/brief/``, checks each record's fields, types and
board references with the shared checkers of :mod:`hotw.datacheck`, and raises one
:class:`~hotw.errors.ContentError` listing every problem; :func:`load_content`
calls it once per board.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.board import Board
from hotw.carddata import DATA_DIR, BoardIds
from hotw.datacheck import (PROVENANCE_FIELDS, Check, Report, a_list, an_object, boolean, check_provenance,
                            hint, identifier, label, one_of, read_records, text, unique_ids, whole_number)
from hotw.errors import ContentError
from hotw.i18n import Term
from hotw.i18n.content import term_fields
from hotw.references import read_sources
from hotw.rulesets.brief.cards import (CARDS_PER_EPOCH, EFFECT_KINDS, EPOCHS, AreaValues, Content, EmpireCard,
                                       EmpirePart, EventCard)

__all__ = ["DIRECTORY", "load_content", "validate"]

DIRECTORY = DATA_DIR / "brief"
FEATURES = (None, "fear", "vikings", "influence")
_OPTIONAL_SOURCED: Mapping[str, Check] = {"authored_fields": lambda v: None if isinstance(v, list) else "must be a list",
                                          "source": text}


def _nullable(check: Check) -> Check:
    return lambda v: None if v is None else check(v)


_EMPIRE: Mapping[str, Check] = {
    "id": identifier, "name": text, "epoch": whole_number(1, EPOCHS), "order": whole_number(1, CARDS_PER_EPOCH),
    "armies": whole_number(1, 30), "start": identifier, "capital": boolean, "fleets": a_list,
    "feature": one_of(*FEATURES), "influence": a_list, "dates": text, **PROVENANCE_FIELDS}
_PART: Mapping[str, Check] = {"name": text, "armies": whole_number(1, 30), "start": identifier,
                              "capital": boolean, "fleets": a_list}
_EVENT: Mapping[str, Check] = {
    "id": identifier, "name": text, "epoch": whole_number(1, EPOCHS), "colour": one_of("red", "black"),
    "cost": whole_number(0, 20), "continuous": boolean, "timing": one_of("start", "any"), "effect": an_object,
    "text": text, "dates": text, **PROVENANCE_FIELDS}
_AREA: Mapping[str, Check] = {"id": identifier, "spiral": whole_number(1, 30), "values": a_list, **PROVENANCE_FIELDS}
_BONUS: Mapping[str, Check] = {"id": identifier, "values": a_list, **PROVENANCE_FIELDS}


def _land(sid: Any, where: str, what: str, board: BoardIds, report: Report) -> None:
    if sid not in board.lands:
        report.add(where, f"{what} '{sid}' is not a land on the board" + hint(str(sid), board))


def _waters(values: list[Any], where: str, board: BoardIds, report: Report) -> None:
    for sid in values:
        if sid not in board.waters:
            report.add(where, f"fleet '{sid}' is not a sea or ocean on the board" + hint(str(sid), board))


def _part(rec: dict[str, Any], where: str, board: BoardIds, report: Report, name: Any = None) -> EmpirePart:
    _land(rec["start"], where, "start", board, report)
    _waters(rec["fleets"], where, board, report)
    return EmpirePart(rec["name"] if name is None else name, rec["armies"], rec["start"], rec["capital"],
                      tuple(rec["fleets"]), rec.get("feature"), tuple(rec.get("influence", ())))


def _part_names(rec: dict[str, Any], words: dict[str, Any]) -> tuple[Any, Any]:
    """The names of a card's empires as content Terms: the card's own name, or for a card showing two
    empires its ``empire`` and ``second.name`` fields."""
    table, key = "brief/empires", rec["id"]
    first = Term(table, key, "empire", rec["empire"]) if "empire" in rec else words["name"]
    second = rec.get("second")
    named = isinstance(second, dict) and isinstance(second.get("name"), str)
    return first, (Term(table, key, "second.name", second["name"]) if named else None)


def _empires(records: list[Any], board: BoardIds, report: Report) -> dict[str, EmpireCard]:
    out: dict[str, EmpireCard] = {}
    unique_ids(records, "empires.json", report)
    for i, rec in enumerate(records):
        where = f"empires.json: {label(rec, i)}"
        if not report.fields(rec, _EMPIRE, where, {**_OPTIONAL_SOURCED, "second": an_object, "empire": text}):
            continue
        check_provenance(rec, where, report)
        words = term_fields("brief/empires", rec["id"], rec)
        first, second = _part_names(rec, words)
        parts = [_part(rec, where, board, report, first)]
        if rec["feature"] == "influence":
            if len(rec["influence"]) != 2:
                report.add(where, "an Influence feature names two lands")
        elif rec["influence"]:
            report.add(where, "influence lands need the 'influence' feature")
        for land in rec["influence"]:
            _land(land, where, "influence land", board, report)
        if "second" in rec and report.fields(rec["second"], _PART, where + ": second"):
            parts.append(_part(rec["second"], where + ": second", board, report, second))
        out[rec["id"]] = EmpireCard(rec["id"], words["name"], rec["epoch"], rec["order"], tuple(parts),
                                    words["dates"], words["note"], rec["provenance"], read_sources(rec["sources"]))
    for epoch in range(1, EPOCHS + 1):
        orders = sorted(c.order for c in out.values() if c.epoch == epoch)
        if orders != list(range(1, CARDS_PER_EPOCH + 1)):
            report.add("empires.json", f"epoch {epoch} needs cards in call order 1 to {CARDS_PER_EPOCH}, has {orders}")
    return out


def _effect(eff: dict[str, Any], where: str, board: BoardIds, report: Report) -> None:
    kind = eff.get("kind")
    if kind not in EFFECT_KINDS:
        report.add(where, f"effect kind must be one of {', '.join(EFFECT_KINDS)}, not {kind!r}")
        return
    for key in eff:
        if key != "kind" and key not in EFFECT_KINDS[kind]:
            report.add(where, f"effect '{kind}' takes no '{key}'")
    for key in ("dice", "armies", "forts", "fleets", "dial", "die"):
        if key in eff and not (key == "fleets" and kind == "minor") and whole_number(1, 6)(eff[key]) is not None:
            report.add(where, f"effect {key} must be a whole number from 1 to 6")
    if kind == "dice" and eff.get("scope") not in ("turn", "invasion"):
        report.add(where, "a dice effect's scope is 'turn' or 'invasion'")
    for key in ("start", "land"):
        if eff.get(key) is not None:
            _land(eff[key], where, key, board, report)
    if kind == "kingdom" and eff.get("start") is None:
        report.add(where, "a kingdom names its start-land")
    if kind == "minor":
        near = eff.get("start_near")
        if eff.get("start") is None and near != "barren" and near not in board.waters:
            report.add(where, "a minor empire names a start-land, or start_near 'barren' or a sea")
        _waters(list(eff.get("fleets", [])), where, board, report)


def _events(records: list[Any], board: BoardIds, report: Report) -> dict[str, EventCard]:
    out: dict[str, EventCard] = {}
    unique_ids(records, "events.json", report)
    for i, rec in enumerate(records):
        where = f"events.json: {label(rec, i)}"
        if not report.fields(rec, _EVENT, where, _OPTIONAL_SOURCED):
            continue
        check_provenance(rec, where, report)
        _effect(rec["effect"], where, board, report)
        if rec["continuous"] and rec["effect"].get("kind") not in ("dice", "siegecraft"):
            report.add(where, "only dice and siege-craft events are continuous")
        if rec["effect"].get("kind") in ("minor", "kingdom") and rec["timing"] != "start":
            report.add(where, "minor empires and kingdoms use the Array: timing must be 'start'")
        words = term_fields("brief/events", rec["id"], rec)
        out[rec["id"]] = EventCard(rec["id"], words["name"], rec["epoch"], rec["colour"], rec["cost"],
                                   rec["continuous"], rec["timing"], MappingProxyType(dict(rec["effect"])),
                                   words["text"], words["dates"], words["note"], rec["provenance"],
                                   read_sources(rec["sources"]))
    for start in ("leader", "weaponry"):
        if start not in out:
            report.add("events.json", f"every player's starting card '{start}' is missing")
    return out


def _areas(records: list[Any], board: BoardIds, report: Report) -> dict[str, AreaValues]:
    out: dict[str, AreaValues] = {}
    unique_ids(records, "areas.json", report)
    for i, rec in enumerate(records):
        where = f"areas.json: {label(rec, i)}"
        if not report.fields(rec, _AREA, where):
            continue
        if rec["id"] not in board.regions:
            report.add(where, "is not an area (region) of the board")
        values = rec["values"]
        if len(values) != EPOCHS or any(v is not None and whole_number(1, 3)(v) for v in values):
            report.add(where, f"values must list {EPOCHS} values, each 1 to 3 or null (no new value that epoch)")
        out[rec["id"]] = AreaValues(rec["id"], rec["spiral"], tuple(values), rec["note"], read_sources(rec["sources"]))
    missing = sorted(board.regions - set(out))
    if missing:
        report.add("areas.json", f"areas without values: {', '.join(missing)}")
    return out


def _bonus(records: list[Any], report: Report) -> tuple[int, ...]:
    if len(records) != 1 or not report.fields(records[0], _BONUS, "bonus.json: bonus_tokens"):
        report.add("bonus.json", "must hold one record with the token values")
        return ()
    values = records[0]["values"]
    if len(values) != 3 * EPOCHS or any(whole_number(0, 30)(v) for v in values):
        report.add("bonus.json", f"needs {3 * EPOCHS} token values, whole numbers from 0 to 30")
    return tuple(values)


def validate(directory: Path, board: BoardIds) -> Content:
    """The checked content of ``directory`` (ContentError listing every problem otherwise)."""
    report = Report()
    read = {name: read_records(directory / f"{name}.json", name, report)
            for name in ("empires", "events", "areas", "bonus")}
    empires = _empires(read["empires"] or [], board, report)
    events = _events(read["events"] or [], board, report)
    areas = _areas(read["areas"] or [], board, report)
    bonus = _bonus(read["bonus"] or [], report)
    if report.problems:
        raise ContentError(report.problems, source="brief data")
    return Content(MappingProxyType(empires), MappingProxyType(events), MappingProxyType(areas), bonus)


@functools.lru_cache(maxsize=4)
def _cached(directory: str, board: BoardIds) -> Content:
    return validate(Path(directory), board)


def load_content(board: Board) -> Content:
    """The checked cards and tokens for a board (cached)."""
    return _cached(str(DIRECTORY), BoardIds.from_board(board))
