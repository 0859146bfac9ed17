"""The check of the Heroes of the World card data: every problem, with its file and id.

:func:`validate` reads ``heroes.json``, ``progress.json`` and ``wonders.json``, checks
each record's fields, types, values and board areas with the shared checkers of
:mod:`hotw.datacheck`, the counts the box gives (76 heroes, 53 progress tiles, nine
wonders) and that a hero's dates fit its era, and raises one
:class:`~hotw.errors.ContentError` listing every problem as ``file: id: message``.
:func:`load_content` calls it once per data directory and board.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.board import load_heroes_board
from hotw.carddata import DATA_DIR
from hotw.datacheck import (
    PROVENANCE_FIELDS,
    SOURCED_FIELDS,
    Check,
    Report,
    check_provenance,
    id_list,
    identifier,
    label,
    one_of,
    optional_text,
    read_records,
    text,
    unique_ids,
    whole_number,
)
from hotw.errors import ContentError
from hotw.i18n import Term
from hotw.references import read_sources
from hotw.rulesets.heroes.cards import (
    ALIGNMENTS,
    EFFECTS,
    ERAS,
    HEROES_PER_ERA,
    PROGRESS_COUNT,
    ABILITIES,
    Content,
    Hero,
    Progress,
    Wonder,
)

__all__ = ["LAST_YEAR_OF_ANTIQUITY", "load_content", "validate"]

LAST_YEAR_OF_ANTIQUITY = 600
"""An antiquity hero died (or stopped reigning) by this year; a modern one after 450."""

FIRST_YEAR_OF_MODERN = 450

_YEAR = whole_number(-4000, 2000)

_HERO_FIELDS: Mapping[str, Check] = {
    "id": identifier, "name": text, "title": text, "dates": text, "year": _YEAR, "era": one_of(*ERAS),
    "population": whole_number(0, 7), "progress": whole_number(1, 3), "conquest": whole_number(0, 4),
    "treasure": whole_number(0, 5), "alignment": one_of(*ALIGNMENTS), "areas": id_list, **PROVENANCE_FIELDS,
}
_PROGRESS_FIELDS: Mapping[str, Check] = {
    "id": identifier, "name": text, "era": one_of(*ERAS), "points": whole_number(0, 4), **PROVENANCE_FIELDS,
}
_WONDER_FIELDS: Mapping[str, Check] = {
    "id": identifier, "name": text, "era": one_of(*ERAS), "area": identifier, "points": whole_number(0, 10),
    "effect": one_of(*EFFECTS), "ability": text, **PROVENANCE_FIELDS,
}
_PRINTED = {"printed": optional_text}


def _areas(board: Any) -> dict[str, str]:
    """Area id -> its era, from the board."""
    return {sid: str(getattr(space, "era", "") or "") for sid, space in board.spaces.items()}


def _heroes(records: list[Any], areas: Mapping[str, str], report: Report) -> dict[str, Hero]:
    file = "heroes.json"
    unique_ids(records, file, report)
    out: dict[str, Hero] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        if not report.fields(rec, _HERO_FIELDS, where, SOURCED_FIELDS):
            continue
        check_provenance(rec, where, report)
        if not rec["areas"]:
            report.add(where, "areas must name at least one area of influence")
        for area in rec["areas"]:
            if area not in areas:
                report.add(where, f"area '{area}' is not an area of the board (areas: {', '.join(sorted(areas))})")
        if rec["era"] == "antiquity":
            if rec["year"] > LAST_YEAR_OF_ANTIQUITY:
                report.add(where, f"an antiquity hero's year is at most {LAST_YEAR_OF_ANTIQUITY}, not {rec['year']}")
            modern = [a for a in rec["areas"] if areas.get(a) == "modern"]
            if modern:
                report.add(where, f"an antiquity hero cannot name a modern area ({', '.join(modern)}): "
                           "those areas are not played in antiquity")
        elif rec["year"] < FIRST_YEAR_OF_MODERN:
            report.add(where, f"a modern hero's year is at least {FIRST_YEAR_OF_MODERN}, not {rec['year']}")
        out.setdefault(rec["id"], Hero(
            id=rec["id"], name=_term("heroes", rec, "name"), title=_term("heroes", rec, "title"),
            dates=_term("heroes", rec, "dates"), year=rec["year"],
            era=rec["era"], population=rec["population"], progress=rec["progress"], conquest=rec["conquest"],
            treasure=rec["treasure"], alignment=rec["alignment"], areas=tuple(rec["areas"]),
            note=_term("heroes", rec, "note"),
            sources=read_sources(rec["sources"]), provenance=rec["provenance"],
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source")))
    counts = Counter(r.get("era") for r in records if isinstance(r, dict))
    for era in ERAS:
        if counts[era] != HEROES_PER_ERA:
            report.add(file, f"{era} has {counts[era]} heroes; each era's deck has {HEROES_PER_ERA}")
    return out


def _progress(records: list[Any], report: Report) -> dict[str, Progress]:
    file = "progress.json"
    unique_ids(records, file, report)
    out: dict[str, Progress] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        if not report.fields(rec, _PROGRESS_FIELDS, where, {**SOURCED_FIELDS, **_PRINTED}):
            continue
        check_provenance(rec, where, report)
        out.setdefault(rec["id"], Progress(
            id=rec["id"], name=_term("progress", rec, "name"), era=rec["era"], points=rec["points"],
            note=_term("progress", rec, "note"),
            sources=read_sources(rec["sources"]), provenance=rec["provenance"], printed=rec.get("printed"),
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source")))
    if len(records) != PROGRESS_COUNT:
        report.add(file, f"has {len(records)} progress tiles; the box has {PROGRESS_COUNT}")
    return out


def _wonders(records: list[Any], areas: Mapping[str, str], report: Report) -> dict[str, Wonder]:
    file = "wonders.json"
    unique_ids(records, file, report)
    out: dict[str, Wonder] = {}
    effects: Counter[str] = Counter()
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        if not report.fields(rec, _WONDER_FIELDS, where, {**SOURCED_FIELDS, **_PRINTED}):
            continue
        check_provenance(rec, where, report)
        if rec["area"] not in areas:
            report.add(where, f"area '{rec['area']}' is not an area of the board")
        elif areas[rec["area"]] != rec["era"]:
            report.add(where, f"a {rec['era']} wonder stands in a {rec['era']} area, not in '{rec['area']}'")
        effects[rec["effect"]] += 1
        out.setdefault(rec["id"], Wonder(
            id=rec["id"], name=_term("wonders", rec, "name"), era=rec["era"], area=rec["area"], points=rec["points"],
            effect=rec["effect"], ability=_ability(rec), note=_term("wonders", rec, "note"),
            sources=read_sources(rec["sources"]),
            provenance=rec["provenance"], printed=rec.get("printed"),
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source")))
    for effect in EFFECTS:
        if effects[effect] != 1:
            report.add(file, f"the ability '{effect}' is on {effects[effect]} wonders; each is on exactly one")
    return out


def _term(table: str, rec: dict[str, Any], field: str) -> Term:
    """A readable field of a card as a :class:`~hotw.i18n.Term` of the content table ``heroes/<table>``."""
    return Term(f"heroes/{table}", rec["id"], field, rec[field])


def _ability(rec: dict[str, Any]) -> str:
    """A wonder's ability: the game's words for it (translated in the catalog) when the data says the same."""
    said = ABILITIES.get(rec["effect"])
    return said if said is not None and str(said) == rec["ability"] else rec["ability"]


def validate(directory: Path, board: Any = None) -> Content:
    """Read and check a data directory; raise ContentError listing every problem."""
    areas = _areas(board if board is not None else load_heroes_board())
    report = Report()
    raw = {key: read_records(directory / f"{key}.json", key, report) for key in ("heroes", "progress", "wonders")}
    heroes = _heroes(raw["heroes"], areas, report) if raw["heroes"] is not None else {}
    progress = _progress(raw["progress"], report) if raw["progress"] is not None else {}
    wonders = _wonders(raw["wonders"], areas, report) if raw["wonders"] is not None else {}
    if report.problems:
        raise ContentError(report.problems, source=f"heroes card data ({directory})")
    return Content(MappingProxyType(heroes), MappingProxyType(progress), MappingProxyType(wonders))


@functools.lru_cache(maxsize=4)
def _load_cached(directory: str) -> Content:
    return validate(Path(directory))


def load_content(path: str | Path | None = None) -> Content:
    """The checked cards of ``hotw/data/heroes`` (or of ``path``), read once per directory."""
    directory = Path(path) if path is not None else DATA_DIR / "heroes"
    return _load_cached(str(directory.resolve()))
