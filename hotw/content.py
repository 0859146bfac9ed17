"""Card and token data of a ruleset: loading, validation against the board, lookups.

The data lives in ``hotw/data/<ruleset>/`` as three JSON files (``empires.json``,
``events.json``, ``region_tokens.json``). Loading checks every record and collects
every problem before raising one :class:`~hotw.errors.ContentError` whose lines name
the file and the record id, e.g.
``empires.json: romans: start 'latium' is not a land on the board``.

Every note carries ``sources``, the references for its history (see
:mod:`hotw.references`); a documented record's ``source`` says instead where its
game numbers were read.

Board ids are checked against the world board when :func:`hotw.board.load_board`
is available, otherwise against ``geodata/source/territories.csv`` plus
:data:`WATER_IDS`; tests pass their own :class:`BoardIds`.
"""

from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.errors import ContentError
from hotw.references import Reference

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
    sources: tuple[Reference, ...] = ()

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
    sources: tuple[Reference, ...] = ()

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
    sources: tuple[Reference, ...] = ()

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


@functools.lru_cache(maxsize=8)
def _load_cached(ruleset: str, directory: str, board: BoardIds) -> Content:
    from hotw.contentcheck import validate

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
