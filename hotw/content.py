"""Card and token data of a ruleset: loading, validation against the board, lookups.

The data lives in ``hotw/data/<ruleset>/`` as three JSON files (``empires.json``,
``events.json``, ``region_tokens.json``). Loading checks every record and collects
every problem before raising one :class:`~hotw.errors.ContentError` whose lines name
the file and the record id, e.g.
``empires.json: romans: start 'latium' is not a land on the board``.

Board ids are checked against the world board when :func:`hotw.board.load_board`
is available, otherwise against ``geodata/source/territories.csv`` plus
:data:`WATER_IDS`; tests pass their own :class:`BoardIds`.
"""

from __future__ import annotations

import csv
import functools
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from hotw.errors import ContentError

__all__ = [
    "EFFECT_PARAMS",
    "EPOCHS",
    "WATER_IDS",
    "Ability",
    "BoardIds",
    "Content",
    "Effect",
    "EmpireCard",
    "EventCard",
    "Kingdom",
    "RegionToken",
    "load_content",
]

EPOCHS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""The five epochs of the 2018 edition."""

CARDS_PER_EPOCH = 8
"""Empire cards and event cards per epoch (40 of each in all)."""

TOKEN_COUNT = 32
"""Region tokens in the box."""

FORMAT = 1
"""The data format version every file must declare."""

DATA_DIR = Path(__file__).resolve().parent / "data"
"""Where the shipped rulesets' data directories live."""

_REPO_GEODATA = Path(__file__).resolve().parent.parent / "geodata" / "source"

WATER_IDS: frozenset[str] = frozenset(
    {
        "atlantic_ocean", "pacific_ocean", "indian_ocean", "north_sea",
        "western_mediterranean", "eastern_mediterranean", "black_sea", "red_sea",
        "caspian_sea", "caribbean_sea", "bay_of_bengal", "south_china_sea",
        "sea_of_japan",
    }
)
"""Seas and oceans of the world board, used when the board GeoJSON is not available."""

EFFECT_PARAMS: Mapping[str, str | None] = MappingProxyType(
    {
        "battle_bonus": "value",
        "siege_bonus": "value",
        "extra_die": None,
        "wins_ties": None,
        "ignore_terrain": None,
        "ignore_forts": None,
        "extra_armies": "count",
        "free_forts": "count",
        "monument_rate": "per",
        "extra_monuments": "count",
        "no_naval_reroll": None,
    }
)
"""Every effect kind the engine implements, with the name of its one number (or None)."""

PROVENANCES = ("documented", "authored")
"""documented: the card's game numbers come from a cited source; authored: written here."""

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Effect:
    """One rule change made by an ability or an enhancement (see EFFECT_PARAMS)."""

    kind: str
    value: int | None = None
    count: int | None = None
    per: int | None = None

    @property
    def amount(self) -> int | None:
        """The effect's one number (value, count or per), or None if it has none."""
        return next((n for n in (self.value, self.count, self.per) if n is not None), None)


@dataclass(frozen=True)
class Ability:
    """An empire's special ability: its name, the text students read, what it does."""

    name: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Kingdom:
    """The minor empire a kingdom event card establishes."""

    name: str
    armies: int
    start: tuple[str, ...]
    capitol: bool
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]


@dataclass(frozen=True)
class EmpireCard:
    """One empire card: armies, start, fleets/caravans, capitol or marauder, ability."""

    id: str
    name: str
    epoch: int
    order: int
    armies: int
    start: tuple[str, ...]
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]
    capitol: bool
    ability: Ability | None
    leader: str | None
    dates: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None

    @property
    def marauder(self) -> bool:
        """True for a torch-icon empire: no capitol, +1 point per structure reduced."""
        return not self.capitol

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The effects of the empire's ability (empty without one)."""
        return self.ability.effects if self.ability else ()


@dataclass(frozen=True)
class EventCard:
    """One event card: a kingdom (minor empire) or an enhancement."""

    id: str
    name: str
    epoch: int
    kind: str
    saveable: bool
    text: str
    effects: tuple[Effect, ...]
    kingdom: Kingdom | None
    leader: str | None
    dates: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None

    @property
    def is_kingdom(self) -> bool:
        """True if the card establishes a kingdom."""
        return self.kind == "kingdom"


@dataclass(frozen=True)
class RegionToken:
    """A region's points for presence, dominance and supremacy from its epoch on."""

    id: str
    region: str
    epoch: int
    values: tuple[int, int, int]
    provenance: str
    note: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None

    @property
    def presence(self) -> int:
        """Points for at least one army in the region."""
        return self.values[0]

    @property
    def dominance(self) -> int:
        """Points for at least two armies and more than each opponent."""
        return self.values[1]

    @property
    def supremacy(self) -> int:
        """Points for at least three armies and no opponent."""
        return self.values[2]


@dataclass(frozen=True)
class Content:
    """A ruleset's validated cards and tokens, with per-epoch lookups."""

    ruleset: str
    empires: Mapping[str, EmpireCard]
    events: Mapping[str, EventCard]
    tokens: tuple[RegionToken, ...]

    def empires_of_epoch(self, epoch: int) -> tuple[EmpireCard, ...]:
        """The epoch's empire cards in call order."""
        return tuple(sorted((e for e in self.empires.values() if e.epoch == epoch),
                            key=lambda e: e.order))

    def events_of_epoch(self, epoch: int) -> tuple[EventCard, ...]:
        """The epoch's event cards in file order."""
        return tuple(e for e in self.events.values() if e.epoch == epoch)

    def tokens_of_epoch(self, epoch: int) -> tuple[RegionToken, ...]:
        """The region tokens placed at the start of the epoch."""
        return tuple(t for t in self.tokens if t.epoch == epoch)

    def region_token(self, region: str, epoch: int) -> RegionToken | None:
        """The token lying on a region during an epoch (the latest placed), or None."""
        placed = [t for t in self.tokens if t.region == region and t.epoch <= epoch]
        return max(placed, key=lambda t: t.epoch) if placed else None


# --------------------------------------------------------------------------- board ids


@dataclass(frozen=True)
class BoardIds:
    """The board ids card data may name: lands, barren lands, waters, regions."""

    lands: frozenset[str]
    barren: frozenset[str]
    waters: frozenset[str]
    regions: frozenset[str]
    aliases: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_csv(cls, territories: Path, aliases: Path | None = None,
                 waters: frozenset[str] = WATER_IDS) -> BoardIds:
        """Read the board's territory table (and alias table) plus a water list."""
        lands: set[str] = set()
        barren: set[str] = set()
        regions: set[str] = set()
        with open(territories, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                (barren if row["kind"] == "barren" else lands).add(row["id"])
                if row.get("region"):
                    regions.add(row["region"])
        pairs: list[tuple[str, str]] = []
        if aliases is not None and aliases.exists():
            with open(aliases, newline="", encoding="utf-8") as f:
                pairs = [(r["alias"], r["id"]) for r in csv.DictReader(f)]
        return cls(frozenset(lands), frozenset(barren), frozenset(waters),
                   frozenset(regions), tuple(sorted(pairs)))

    @classmethod
    def from_board(cls, board: Any) -> BoardIds:
        """Read the ids of a loaded :class:`hotw.board.Board` (spaces with kind and region)."""
        lands, barren, waters, regions = set(), set(), set(), set()
        for sid, space in board.spaces.items():
            kind = space.kind
            if kind == "land":
                lands.add(sid)
            elif kind == "barren":
                barren.add(sid)
            elif kind in ("sea", "ocean"):
                waters.add(sid)
            if kind == "land" and getattr(space, "region", None):
                regions.add(space.region)
        regions.update(getattr(board, "regions", ()) or ())
        pairs = tuple(sorted(dict(getattr(board, "aliases", {}) or {}).items()))
        return cls(frozenset(lands), frozenset(barren), frozenset(waters),
                   frozenset(regions), pairs)

    def alias_of(self, name: str) -> str | None:
        """The board id an old or short name stands for, if it is a known alias."""
        return dict(self.aliases).get(name)


@functools.lru_cache(maxsize=1)
def default_board_ids() -> BoardIds:
    """The world board's ids: from the board GeoJSON if loadable, else from the CSV."""
    try:
        from hotw.board import load_board

        return BoardIds.from_board(load_board())
    except (ImportError, OSError):
        # No board module or no built GeoJSON: the GeoJSON is built from the same CSV.
        pass
    territories = _REPO_GEODATA / "territories.csv"
    if not territories.exists():
        raise ContentError(["no board found to check card data against "
                            "(pass board=... to load_content)"], source="content")
    return BoardIds.from_csv(territories, _REPO_GEODATA / "aliases.csv")


# --------------------------------------------------------------------------- validation

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


def _one_of(*options: str) -> _Check:
    def check(v: Any) -> str | None:
        return None if v in options else "must be one of " + ", ".join(repr(o) for o in options)
    return check


_PROVENANCE = {"provenance": _one_of(*PROVENANCES), "note": _str}
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
                               tuple(rec.get("authored_fields", ())), rec.get("source")))
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


@functools.lru_cache(maxsize=8)
def _load_cached(ruleset: str, directory: str, board: BoardIds) -> Content:
    return validate(Path(directory), board, ruleset)


def load_content(ruleset: str = "hotw2018", board: BoardIds | Any | None = None,
                 path: str | Path | None = None) -> Content:
    """Load and validate a ruleset's cards and tokens (cached per ruleset, path and board).

    ``board`` is a :class:`BoardIds`, a loaded board, or None for the world board;
    ``path`` overrides the data directory (``hotw/data/<ruleset>``).
    """
    ids = board if isinstance(board, BoardIds) else (
        default_board_ids() if board is None else BoardIds.from_board(board))
    directory = Path(path) if path is not None else DATA_DIR / ruleset
    return _load_cached(ruleset, str(directory.resolve()), ids)
