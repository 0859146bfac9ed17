"""The board as a graph: spaces, regions, adjacency, straits and coasts, read from GeoJSON.

Standard library only. The geometry in the file is ignored here (it is for drawing);
`hotw.boardcheck` checks it with shapely.

>>> board = load_board()
>>> board.resolve("Tigris")
'lower_tigris'
>>> "nile_delta" in board.neighbours("palestine")
True
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hotw.errors import BoardError
from hotw.i18n import Term


def _geodata() -> Path:
    """The boards' folder: ``hotw/geodata`` in an installed package, ``geodata/`` beside ``hotw/`` in a checkout."""
    here = Path(__file__).resolve().parent
    installed = here / "geodata"
    return installed if (installed / "world.geojson").exists() else here.parent / "geodata"


GEODATA = _geodata()
WORLD_BOARD = GEODATA / "world.geojson"
HEROES_BOARD = GEODATA / "heroes.geojson"
REGION_OUTLINES = GEODATA / "regions.geojson"  # for drawing region borders; not a board

LAND_KINDS = frozenset({"land", "barren"})
WATER_KINDS = frozenset({"sea", "ocean"})
AREA_KINDS = frozenset({"area"})
KINDS = LAND_KINDS | WATER_KINDS | AREA_KINDS
TERRAINS = frozenset({"clear", "mountain", "forest"})
ERAS = frozenset({"antiquity", "modern"})
MIN_REGION_LANDS = 3


@dataclass(frozen=True)
class Space:
    """One space of a board: a land, a barren land, a sea, an ocean or a Heroes area."""

    id: str
    name: str
    kind: str
    region: str | None
    terrain: str
    resources: int
    adjacent: frozenset[str]
    straits: frozenset[str]
    waters: frozenset[str]
    coasts: frozenset[str]
    label: tuple[float, float]
    provenance: str
    note: str
    era: str | None = None

    @property
    def is_land(self) -> bool:
        """True for a land an army can stand on (not barren, not water)."""
        return self.kind == "land"

    @property
    def is_water(self) -> bool:
        """True for a sea or an ocean."""
        return self.kind in WATER_KINDS


@dataclass(frozen=True)
class Region:
    """A scoring region: its id, display name, map colour and lands."""

    id: str
    name: str
    colour: str
    lands: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """An immutable board: spaces by id, regions by id, and the names cards may use."""

    spaces: Mapping[str, Space]
    regions: Mapping[str, Region]
    aliases: Mapping[str, str]
    source: str = "board"

    def __contains__(self, space_id: object) -> bool:
        """True if the id names a space of this board."""
        return space_id in self.spaces

    def resolve(self, name_or_id: str) -> str:
        """The id of a space given its id, an alias or its display name (any case)."""
        key = normalise(name_or_id)
        if key in self.spaces:
            return key
        if key in self.aliases:
            return self.aliases[key]
        by_name = self._names()
        if key in by_name:
            return by_name[key]
        raise BoardError([self._unknown_message(name_or_id, key)], source=self.source)

    def place_name(self, place_id: str) -> str:
        """The name of a space or a region of this board (a ``Term`` on a shipped board), as a player reads it;
        the id itself if it names neither."""
        space = self.spaces.get(place_id)
        if space is not None:
            return space.name
        region = self.regions.get(place_id)
        return place_id if region is None else region.name

    def neighbours(self, space_id: str) -> frozenset[str]:
        """Spaces reachable in one step over land: adjacent spaces and straits."""
        space = self.spaces[self.resolve(space_id)]
        return space.adjacent | space.straits

    def lands(self) -> tuple[str, ...]:
        """Ids of the lands (kind 'land'), in file order."""
        return tuple(s.id for s in self.spaces.values() if s.kind == "land")

    def barren_lands(self) -> tuple[str, ...]:
        """Ids of the barren lands, in file order."""
        return tuple(s.id for s in self.spaces.values() if s.kind == "barren")

    def waters(self) -> tuple[str, ...]:
        """Ids of the seas and oceans, in file order."""
        return tuple(s.id for s in self.spaces.values() if s.kind in WATER_KINDS)

    def areas(self) -> tuple[str, ...]:
        """Ids of the Heroes of the World areas, in file order."""
        return tuple(s.id for s in self.spaces.values() if s.kind == "area")

    def coasts(self, water_id: str) -> frozenset[str]:
        """Ids of the lands on the coast of a sea or ocean."""
        return self.spaces[self.resolve(water_id)].coasts

    def _names(self) -> dict[str, str]:
        return {normalise(s.name): s.id for s in self.spaces.values()}

    def _unknown_message(self, text: str, key: str) -> str:
        words = dict(self._names())
        words.update({i: i for i in self.spaces})
        words.update(self.aliases)
        guesses = [words[k] for k in difflib.get_close_matches(key, list(words), n=3, cutoff=0.6)]
        if len(key) >= 3:
            guesses += [i for k, i in words.items() if key in k]
        seen: list[str] = []
        for guess in guesses:
            name = self.spaces[guess].name
            if name not in seen:
                seen.append(name)
        hint = f" (did you mean {', '.join(seen[:4])}?)" if seen else ""
        return f"{text!r} is not a territory on this board{hint}"


def normalise(text: str) -> str:
    """A name in id form: lower case, words joined by underscores ('Hindu Kush' -> 'hindu_kush')."""
    return re.sub(r"[\s\-'’.]+", "_", str(text).strip().casefold()).strip("_")


def board_file(name: str) -> Path:
    """The GeoJSON file of a shipped board by name ("world", "heroes"), as a ruleset names its board."""
    path = GEODATA / f"{name}.geojson"
    if not name.isidentifier() or not path.exists():
        raise BoardError([f"there is no board called {name!r}"], source="boards")
    return path


def load_board(path: str | Path | None = None) -> Board:
    """Read a board GeoJSON (default: the world board), check its graph, return the Board."""
    resolved = Path(path).resolve() if path is not None else WORLD_BOARD.resolve()
    return _load_cached(str(resolved))


def load_heroes_board() -> Board:
    """Read the Heroes of the World board (9 areas)."""
    return load_board(HEROES_BOARD)


def translated_table(path: str | Path) -> str | None:
    """The content table of a shipped board that has translations (``"boards/world"``), else None.

    Only the boards in ``GEODATA`` listed under ``"boards"`` in ``hotw/data/translated.json``
    name their spaces with :class:`~hotw.i18n.Term`; a board read from anywhere else keeps plain
    English names (its ids need not match the translations).
    """
    resolved = Path(path).resolve()
    if resolved.parent != GEODATA.resolve() or resolved.suffix != ".geojson":
        return None
    return f"boards/{resolved.stem}" if resolved.stem in _translated_boards() else None


@lru_cache(maxsize=1)
def _translated_boards() -> frozenset[str]:
    listed = json.loads((Path(__file__).resolve().parent / "data" / "translated.json").read_text(encoding="utf-8"))
    return frozenset(listed.get("tables", {}).get("boards", ()))


@lru_cache(maxsize=16)
def _load_cached(path: str) -> Board:
    name = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise BoardError([f"cannot read the file: {error.strerror}"], source=name) from None
    except json.JSONDecodeError as error:
        raise BoardError([f"not valid JSON: {error}"], source=name) from None
    problems = graph_problems(data)
    if problems:
        raise BoardError(problems, source=name)
    return _build(data, name, translated_table(path))


def _said(table: str | None, key: str, field: str, english: str) -> str:
    """``english`` as a Term of ``table`` (so a view can say it in another language), or as it is."""
    return Term(table, key, field, english) if table and english else english


def _build(data: dict[str, Any], source: str, table: str | None = None) -> Board:
    """The Board of a checked GeoJSON; with ``table``, names and notes are Terms of it (and regions of ``boards/regions``)."""
    meta = data.get("hotw", {})
    spaces = {}
    for feature in data["features"]:
        p = feature["properties"]
        spaces[p["id"]] = Space(
            id=p["id"],
            name=_said(table, p["id"], "name", p["name"]),
            kind=p["kind"],
            region=p.get("region"),
            terrain=p.get("terrain", "clear"),
            resources=int(p.get("resources", 0)),
            adjacent=frozenset(p.get("adjacent", ())),
            straits=frozenset(p.get("straits", ())),
            waters=frozenset(p.get("waters", ())),
            coasts=frozenset(p.get("coasts", ())),
            label=(float(p["label"][0]), float(p["label"][1])),
            provenance=p.get("provenance", "authored"),
            note=_said(table, p["id"], "note", p.get("note", "")),
            era=p.get("era"),
        )
    regions = {}
    for rid, info in meta.get("regions", {}).items():
        lands = tuple(s.id for s in spaces.values() if s.region == rid)
        name = _said(table and "boards/regions", rid, "name", info["name"])
        regions[rid] = Region(id=rid, name=name, colour=info["colour"], lands=lands)
    aliases = {normalise(k): v for k, v in meta.get("aliases", {}).items()}
    return Board(
        spaces=MappingProxyType(spaces),
        regions=MappingProxyType(regions),
        aliases=MappingProxyType(aliases),
        source=source,
    )


# --------------------------------------------------------------------------- graph checks


def graph_problems(data: Any) -> list[str]:
    """Every problem of a board's graph that needs no geometry, each naming the feature id."""
    if not isinstance(data, dict) or not isinstance(data.get("features"), list):
        return ["not a GeoJSON FeatureCollection (no 'features' list)"]
    problems: list[str] = []
    props: dict[str, dict[str, Any]] = {}
    for number, feature in enumerate(data["features"]):
        p = feature.get("properties") if isinstance(feature, dict) else None
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not p["id"]:
            problems.append(f"feature #{number}: no 'id' in its properties")
            continue
        if p["id"] in props:
            problems.append(f"'{p['id']}': duplicate id (feature #{number})")
            continue
        props[p["id"]] = p
    meta = data.get("hotw") if isinstance(data.get("hotw"), dict) else {}
    regions = meta.get("regions", {}) if isinstance(meta.get("regions"), dict) else {}
    for sid, p in props.items():
        problems += _space_problems(sid, p, props, regions)
    problems += _symmetry_problems(props)
    problems += _region_problems(props, regions)
    problems += _connection_problems(props, regions)
    return problems


def _ids(p: dict[str, Any], key: str) -> list[str]:
    value = p.get(key, [])
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _space_problems(
    sid: str, p: dict[str, Any], props: Mapping[str, dict[str, Any]], regions: Mapping[str, Any]
) -> list[str]:
    problems = []
    kind = p.get("kind")
    if kind not in KINDS:
        return [f"'{sid}': unknown kind {kind!r} (expected one of {', '.join(sorted(KINDS))})"]
    if not isinstance(p.get("name"), str) or not p["name"].strip():
        problems.append(f"'{sid}': no name")
    label = p.get("label")
    if not (isinstance(label, list) and len(label) == 2
            and all(isinstance(v, (int, float)) for v in label)):
        problems.append(f"'{sid}': label must be [lon, lat]")
    for key in ("adjacent", "straits", "waters", "coasts"):
        if key in p and not isinstance(p[key], list):
            problems.append(f"'{sid}': '{key}' must be a list of ids")
        for other in _ids(p, key):
            if other not in props:
                problems.append(f"'{sid}': {key} names unknown id '{other}'")
            elif other == sid:
                problems.append(f"'{sid}': lists itself in {key}")
    family = _family(kind)
    for other in _ids(p, "adjacent") + _ids(p, "straits"):
        if other in props and _family(props[other].get("kind")) != family:
            problems.append(f"'{sid}': {kind} is linked to '{other}', a {props[other].get('kind')}")
    for other in _ids(p, "waters"):
        if other in props and props[other].get("kind") not in WATER_KINDS:
            problems.append(f"'{sid}': waters lists '{other}', which is not a sea or ocean")
    if kind == "land":
        region = p.get("region")
        if not region:
            problems.append(f"'{sid}': land without a region")
        elif region not in regions:
            problems.append(f"'{sid}': unknown region '{region}'")
        if p.get("terrain", "clear") not in TERRAINS:
            problems.append(f"'{sid}': unknown terrain {p.get('terrain')!r}")
        resources = p.get("resources", 0)
        if not isinstance(resources, int) or isinstance(resources, bool) or not 0 <= resources <= 2:
            problems.append(f"'{sid}': resources must be a whole number from 0 to 2")
    elif kind == "barren" and p.get("region"):
        problems.append(f"'{sid}': a barren land belongs to no region")
    elif kind == "area" and p.get("era") not in ERAS:
        problems.append(f"'{sid}': era must be 'antiquity' or 'modern'")
    return problems


def _family(kind: Any) -> str:
    if kind in LAND_KINDS:
        return "land"
    if kind in WATER_KINDS:
        return "water"
    return str(kind)


def _symmetry_problems(props: Mapping[str, dict[str, Any]]) -> list[str]:
    problems = []
    for sid, p in props.items():
        for key in ("adjacent", "straits"):
            for other in _ids(p, key):
                if other in props and sid not in _ids(props[other], key):
                    problems.append(
                        f"'{sid}': lists '{other}' in {key}, but '{other}' does not list '{sid}'"
                    )
        for water in _ids(p, "waters"):
            if water in props and sid not in _ids(props[water], "coasts"):
                problems.append(f"'{sid}': touches '{water}', but '{water}' does not list it in coasts")
        for land in _ids(p, "coasts"):
            if land in props and sid not in _ids(props[land], "waters"):
                problems.append(f"'{sid}': lists '{land}' in coasts, but '{land}' does not list it in waters")
    return problems


def _region_problems(props: Mapping[str, dict[str, Any]], regions: Mapping[str, Any]) -> list[str]:
    problems = []
    if not regions:
        return problems
    counts = {rid: 0 for rid in regions}
    for p in props.values():
        if p.get("kind") == "land" and p.get("region") in counts:
            counts[p["region"]] += 1
    for rid, count in counts.items():
        if count < MIN_REGION_LANDS:
            problems.append(f"region '{rid}': only {count} land(s); a region needs at least {MIN_REGION_LANDS}")
    return problems


def _connection_problems(props: Mapping[str, dict[str, Any]], regions: Mapping[str, Any]) -> list[str]:
    """Each continent's lands (with barren lands and straits) must form one connected graph."""
    continent_of_region = {
        rid: info.get("continent", "world") if isinstance(info, dict) else "world"
        for rid, info in regions.items()
    }
    groups: dict[str, set[str]] = {}
    for sid, p in props.items():
        if p.get("kind") == "land" and p.get("region") in continent_of_region:
            groups.setdefault(continent_of_region[p["region"]], set()).add(sid)
        elif p.get("kind") == "area":
            groups.setdefault("areas", set()).add(sid)
    problems = []
    for continent, members in sorted(groups.items()):
        passable = set(members) | {s for s, p in props.items() if p.get("kind") == "barren"}
        start = min(members)
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for other in _ids(props[here], "adjacent") + _ids(props[here], "straits"):
                if other in passable and other not in seen:
                    seen.add(other)
                    todo.append(other)
        cut_off = sorted(members - seen)
        if cut_off:
            shown = ", ".join(f"'{s}'" for s in cut_off[:8]) + (" ..." if len(cut_off) > 8 else "")
            problems.append(
                f"continent '{continent}' is not connected: {len(cut_off)} land(s) cannot be "
                f"reached from '{start}' over borders and straits: {shown}"
            )
    return problems

