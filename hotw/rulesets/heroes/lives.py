"""Heroes' lives on the map: the places of their life and deeds, for the history classroom.

``hotw/data/heroes/lives.json`` gives, for a chosen set of heroes (Charles the Great,
whose card the rulebook's examples document, and others from every area of the
board), the places where their lives and deeds happened: a name, coordinates
(latitude and longitude in degrees), a year (negative before Christ, for the order),
the date in words, a one-line note and one or two ``sources`` a teacher can look up
(:mod:`hotw.references`). Every life is ``"provenance": "authored"``: written for this
project from the references named, not printed on the cards. Where historians
disagree (a birthplace, a pass over the Alps, a cause of death), the note says so.

>>> life = load_lives()["charlemagne"]
>>> [p.name for p in life.places][-1], life.places[-1].year
('Aachen', 814)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.carddata import DATA_DIR
from hotw.datacheck import Check, Report, a_list, one_of, read_records, sources, text, whole_number
from hotw.errors import ContentError
from hotw.i18n import Term
from hotw.references import Reference, read_sources

__all__ = ["Life", "Place", "load_lives", "validate_lives"]

LIVES_FILE = "lives.json"
TABLE = "heroes/lives"
"""The content table of the lives' translations (:mod:`hotw.i18n.content`)."""

_LIFE_FIELDS: Mapping[str, Check] = {"hero": text, "note": text, "sources": sources, "places": a_list,
                                     "provenance": one_of("authored")}


def _degrees(limit: float) -> Check:
    def check(v: Any) -> str | None:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not -limit <= v <= limit:
            return f"must be a number of degrees from {-limit:g} to {limit:g}"
        return None
    return check


_PLACE_FIELDS: Mapping[str, Check] = {"name": text, "lat": _degrees(90), "lon": _degrees(180),
                                      "year": whole_number(-4000, 2000), "when": text, "note": text,
                                      "sources": sources}


@dataclass(frozen=True)
class Place:
    """One place of a hero's life: where, when, what happened there, and where to read about it."""

    name: str
    lat: float
    lon: float
    year: int
    when: str
    note: str
    sources: tuple[Reference, ...]


@dataclass(frozen=True)
class Life:
    """A hero's life on the map: a line on the life (and what is disputed), its places in time order."""

    hero: str
    note: str
    sources: tuple[Reference, ...]
    places: tuple[Place, ...]
    provenance: str = "authored"


def validate_lives(data_dir: Path | None = None, heroes: Mapping[str, Any] | None = None) -> dict[str, Life]:
    """Read and check ``lives.json``; one ContentError lists every problem as ``file: hero: message``."""
    path = (data_dir or DATA_DIR / "heroes") / LIVES_FILE
    report = Report()
    records = read_records(path, "lives", report) or []
    lives: dict[str, Life] = {}
    for i, rec in enumerate(records):
        hero = rec.get("hero") if isinstance(rec, dict) else None
        where = f"{LIVES_FILE}: {hero if isinstance(hero, str) else f'record {i + 1}'}"
        if not report.fields(rec, _LIFE_FIELDS, where):
            continue
        if heroes is not None and hero not in heroes:
            report.add(where, "is not a hero of heroes.json")
        if hero in lives:
            report.add(where, "has two lives")
        places = []
        for k, prec in enumerate(rec["places"]):
            at = f"{where}: place {k + 1}"
            if report.fields(prec, _PLACE_FIELDS, at):
                # names, dates and notes as Terms of the table "heroes/lives", by the place's index in the data
                said = {f: Term(TABLE, hero, f"places.{k}.{f}", prec[f]) for f in ("name", "when", "note")}
                places.append(Place(said["name"], float(prec["lat"]), float(prec["lon"]), prec["year"],
                                    said["when"], said["note"], tuple(read_sources(prec["sources"]))))
        card = heroes.get(hero) if heroes is not None else None
        for place in places:
            if card is not None and place.year > card.year:
                report.add(where, f"{place.name} ({place.year}) comes after the card's year {card.year}")
        if len(rec["places"]) < 3:
            report.add(where, "needs at least three places")
        lives[hero] = Life(hero, Term(TABLE, hero, "note", rec["note"]), tuple(read_sources(rec["sources"])),
                           tuple(sorted(places, key=lambda p: p.year)))
    if report.problems:
        raise ContentError(report.problems)
    return lives


@functools.lru_cache(maxsize=2)
def load_lives(data_dir: Path | None = None) -> Mapping[str, Life]:
    """Hero id -> its life on the map, checked against the heroes of the card data (cached)."""
    from hotw.rulesets.heroes.cardcheck import load_content

    return MappingProxyType(validate_lives(data_dir, load_content().heroes))
