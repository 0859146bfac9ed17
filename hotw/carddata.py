"""What every ruleset's card data shares: the data directory, provenance, and the board ids cards may name.

Each ruleset keeps its cards in ``hotw/data/<ruleset>/`` and its own record types and
check in its package (``hotw/rulesets/<ruleset>/``); all of them mark each record
``documented`` (its game numbers come from a cited source) or ``authored`` (written
for this project), and check the board ids they name against :class:`BoardIds`.
"""

from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hotw.errors import ContentError

__all__ = ["DATA_DIR", "FORMAT", "ID_PATTERN", "PROVENANCES", "WATER_IDS", "BoardIds", "default_board_ids"]

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

PROVENANCES = ("documented", "authored")
"""documented: the card's game numbers come from a cited source; authored: written here."""

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
"""What a record id looks like: lower case, digits and underscores, e.g. ``nile_delta``."""


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
