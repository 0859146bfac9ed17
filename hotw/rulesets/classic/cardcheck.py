"""The check of the classic data: every problem, with its file and id.

:func:`validate` reads the five files of ``hotw/data/classic/``, checks each
record's fields, types and board ids with the shared checkers of
:mod:`hotw.datacheck`, and raises one :class:`~hotw.errors.ContentError` listing
every problem; :func:`load_content` calls it once per board and caches the result.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.board import Board
from hotw.carddata import DATA_DIR
from hotw.datacheck import (
    PROVENANCE_FIELDS,
    SOURCED_FIELDS,
    Check,
    Report,
    a_list,
    boolean,
    check_provenance,
    hint,
    id_list,
    identifier,
    label,
    one_of,
    optional_object,
    optional_text,
    read_records,
    text,
    unique_ids,
    whole_number,
)
from hotw.carddata import BoardIds
from hotw.errors import ContentError
from hotw.i18n.content import term_fields
from hotw.references import read_sources
from hotw.rulesets.classic.cards import (
    CARDS_PER_EPOCH,
    DECK_SIZE,
    EFFECT_PARAMS,
    EPOCHS,
    FEATURES,
    AreaChart,
    Border,
    Content,
    Effect,
    EmpireCard,
    EventCard,
    MinorEmpire,
    name_part,
)

CLASSIC_DIR = DATA_DIR / "classic"
FILES = ("empires.json", "events.json", "areas.json", "preeminence.json", "borders.json")

_EMPIRE: Mapping[str, Check] = {
    "id": identifier, "name": text, "epoch": whole_number(1, 7), "order": whole_number(1, CARDS_PER_EPOCH),
    "armies": whole_number(1, 30), "armies_1993": whole_number(1, 30), "start": id_list, "capitol": boolean,
    "navigation": id_list, "leader": optional_text, "dates": text, **PROVENANCE_FIELDS,
}
_EVENT: Mapping[str, Check] = {
    "id": identifier, "name": text, "kind": one_of("major", "minor"), "copies": whole_number(1, 10),
    "epochs": a_list, "effects": a_list, "text": text, **PROVENANCE_FIELDS,
}
_MINOR: Mapping[str, Check] = {"name": text, "armies": whole_number(1, 10), "start": id_list, "capitol": boolean,
                               "navigation": id_list}
_AREA: Mapping[str, Check] = {"id": identifier, "region": identifier, "base": a_list, **PROVENANCE_FIELDS}
_MARKERS: Mapping[str, Check] = {"id": identifier, "values": a_list, **PROVENANCE_FIELDS}
_BORDER: Mapping[str, Check] = {"id": identifier, "a": identifier, "b": identifier,
                                "feature": one_of("mountain", "great_wall"), **PROVENANCE_FIELDS}


def _places(rec: dict[str, Any], where: str, board: BoardIds, report: Report) -> None:
    if not rec.get("start"):
        report.add(where, "start must name at least one land")
    for sid in rec.get("start", []):
        if sid not in board.lands:
            report.add(where, f"start '{sid}' is not a land on the board" + hint(sid, board))
    for sid in rec.get("navigation", []):
        if sid not in board.waters:
            report.add(where, f"navigation '{sid}' is not a sea or ocean on the board" + hint(sid, board))


def _effects(raw: list[Any], where: str, board: BoardIds, report: Report) -> tuple[Effect, ...]:
    out = []
    for i, eff in enumerate(raw):
        at = f"effect {i + 1}"
        if not isinstance(eff, dict) or eff.get("kind") not in EFFECT_PARAMS:
            report.add(where, f"{at} must be an object with a known kind ({', '.join(sorted(EFFECT_PARAMS))})")
            continue
        spec = EFFECT_PARAMS[eff["kind"]]
        for key in eff:
            if key != "kind" and key not in spec:
                report.add(where, f"{at} ({eff['kind']}) has unknown key '{key}'")
        for key, required in spec.items():
            if required and key not in eff:
                report.add(where, f"{at} ({eff['kind']}) needs '{key}'")
        for key in ("land", "prize"):
            land = eff.get(key)
            if land is not None and land not in board.lands:
                report.add(where, f"{at}: {key} '{land}' is not a land on the board" + hint(str(land), board))
        region = eff.get("region")
        if region is not None and region not in board.regions:
            report.add(where, f"{at}: '{region}' is not an area of the board")
        origin = eff.get("origin")
        if origin is not None and origin != "barren" and origin not in board.lands | board.waters:
            report.add(where, f"{at}: origin '{origin}' is not 'barren', a land, a sea or an ocean")
        if eff.get("feature") is not None and eff["feature"] not in FEATURES:
            report.add(where, f"{at}: feature must be one of {', '.join(FEATURES)}")
        out.append(Effect(eff["kind"], tuple(sorted((k, v) for k, v in eff.items() if k != "kind"))))
    if len(out) != 1 and not report.problems:
        report.add(where, "must have exactly one effect")
    return tuple(out)


def _readable(table: str, rec: dict[str, Any]) -> dict[str, Any]:
    """A record's readable fields as Terms (its translations are content data), the others as they are."""
    return {**{f: rec.get(f) for f in ("name", "leader", "dates", "text", "note")},
            **term_fields(table, rec["id"], rec)}


def _sourced(rec: dict[str, Any]) -> dict[str, Any]:
    return {"provenance": rec["provenance"], "authored_fields": tuple(rec.get("authored_fields", ())),
            "source": rec.get("source"), "sources": read_sources(rec.get("sources"))}


def validate(board: BoardIds, data_dir: Path = CLASSIC_DIR, neighbours: Mapping[str, frozenset[str]] | None = None
             ) -> Content:
    """Read and check every classic data file; ContentError listing every problem, else the Content."""
    report = Report()
    empires: dict[str, EmpireCard] = {}
    raw = read_records(data_dir / "empires.json", "empires", report) or []
    unique_ids(raw, "empires.json", report)
    for i, rec in enumerate(raw):
        where = f"empires.json: {label(rec, i)}"
        if not report.fields(rec, _EMPIRE, where, SOURCED_FIELDS):
            continue
        check_provenance(rec, where, report)
        _places(rec, where, board, report)
        words = _readable("classic/empires", rec)
        empires[rec["id"]] = EmpireCard(
            rec["id"], words["name"], rec["epoch"], rec["order"], rec["armies"], rec["armies_1993"],
            tuple(rec["start"]), rec["capitol"], tuple(rec["navigation"]), words["leader"], words["dates"],
            words["note"], **_sourced(rec))
    per_epoch = Counter(e.epoch for e in empires.values())
    for ep in EPOCHS:
        if per_epoch.get(ep, 0) != CARDS_PER_EPOCH:
            report.add("empires.json", f"epoch {ep} has {per_epoch.get(ep, 0)} empire cards, not {CARDS_PER_EPOCH}")
        orders = sorted(e.order for e in empires.values() if e.epoch == ep)
        if len(set(orders)) != len(orders):
            report.add("empires.json", f"epoch {ep}: two cards share a card number")

    events: dict[str, EventCard] = {}
    raw = read_records(data_dir / "events.json", "events", report) or []
    unique_ids(raw, "events.json", report)
    for i, rec in enumerate(raw):
        where = f"events.json: {label(rec, i)}"
        if not report.fields(rec, _EVENT, where, {**SOURCED_FIELDS, "empire": optional_object}):
            continue
        check_provenance(rec, where, report)
        eps = rec["epochs"]
        if not (isinstance(eps, list) and len(eps) == 2 and all(isinstance(e, int) and 1 <= e <= 7 for e in eps)
                and eps[0] <= eps[1]):
            report.add(where, "epochs must be [first, last], epochs from 1 to 7")
            continue
        effects = _effects(rec["effects"], where, board, report)
        empire = None
        words = _readable("classic/events", rec)
        if rec.get("empire") is not None:
            if report.fields(rec["empire"], _MINOR, where + ": empire"):
                _places(rec["empire"], where + ": empire", board, report)
                m = rec["empire"]
                name = name_part(words["name"])
                empire = MinorEmpire(name if name == m["name"] else m["name"], m["armies"], tuple(m["start"]),
                                     m["capitol"], tuple(m["navigation"]))
        if effects and (effects[0].kind == "minor_empire") != (empire is not None):
            report.add(where, "a minor empire card, and only one, has an 'empire'")
        events[rec["id"]] = EventCard(rec["id"], words["name"], rec["kind"], rec["copies"], (eps[0], eps[1]),
                                      effects, empire, words["text"], words["note"], **_sourced(rec))
    for kind, size in DECK_SIZE.items():
        got = sum(e.copies for e in events.values() if e.kind == kind)
        if got != size:
            report.add("events.json", f"the {kind} pile has {got} cards, not {size}")

    areas: dict[str, AreaChart] = {}
    raw = read_records(data_dir / "areas.json", "areas", report) or []
    unique_ids(raw, "areas.json", report)
    for i, rec in enumerate(raw):
        where = f"areas.json: {label(rec, i)}"
        if not report.fields(rec, _AREA, where, SOURCED_FIELDS):
            continue
        check_provenance(rec, where, report)
        base = rec["base"]
        if not (len(base) == 7 and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10 for v in base)):
            report.add(where, "base must be 7 whole numbers from 0 to 10, one per epoch")
            continue
        if rec["region"] not in board.regions:
            report.add(where, f"'{rec['region']}' is not an area of the board")
        areas[rec["region"]] = AreaChart(rec["id"], rec["region"], tuple(base), rec["note"], **_sourced(rec))
    for region in sorted(board.regions - set(areas)):
        report.add("areas.json", f"the area '{region}' has no chart")

    markers: tuple[int, ...] = ()
    raw = read_records(data_dir / "preeminence.json", "markers", report) or []
    for i, rec in enumerate(raw):
        where = f"preeminence.json: {label(rec, i)}"
        if report.fields(rec, _MARKERS, where, SOURCED_FIELDS):
            check_provenance(rec, where, report)
            vals = rec["values"]
            if len(vals) < len(EPOCHS) or not all(isinstance(v, int) and 3 <= v <= 6 for v in vals):
                report.add(where, "values must be at least 7 markers, each worth 3 to 6")
            else:
                markers = tuple(vals)

    borders: dict[frozenset[str], str] = {}
    records: list[Border] = []
    raw = read_records(data_dir / "borders.json", "borders", report) or []
    unique_ids(raw, "borders.json", report)
    for i, rec in enumerate(raw):
        where = f"borders.json: {label(rec, i)}"
        if not report.fields(rec, _BORDER, where, SOURCED_FIELDS):
            continue
        check_provenance(rec, where, report)
        a, b = rec["a"], rec["b"]
        for sid in (a, b):
            if sid not in board.lands:
                report.add(where, f"'{sid}' is not a land on the board" + hint(sid, board))
        if neighbours is not None and a in neighbours and b not in neighbours[a]:
            report.add(where, f"'{a}' and '{b}' do not share a border on the board")
        key = frozenset((a, b))
        if key in borders:
            report.add(where, "the border is listed twice")
        borders[key] = rec["feature"]
        records.append(Border(rec["id"], a, b, rec["feature"], rec["note"], rec["provenance"],
                              read_sources(rec.get("sources"))))
    if report.problems:
        raise ContentError(report.problems, source="classic data")
    return Content(MappingProxyType(empires), MappingProxyType(events), MappingProxyType(areas), markers,
                   MappingProxyType(borders), tuple(records))


_CACHE: dict[int, tuple[Board, Content]] = {}


def load_content(board: Board) -> Content:
    """The shipped classic data, checked against ``board`` (cached per board)."""
    hit = _CACHE.get(id(board))
    if hit is None or hit[0] is not board:
        neighbours = {sid: frozenset(s.adjacent) for sid, s in board.spaces.items()}
        hit = _CACHE[id(board)] = (board, validate(BoardIds.from_board(board), CLASSIC_DIR, neighbours))
    return hit[1]
