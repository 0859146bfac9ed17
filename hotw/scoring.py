"""Scoring of the History of the World family: region levels and structure points."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

#: Region levels from weakest to strongest; index 0..2 selects the token value.
LEVELS = ("presence", "dominance", "supremacy")


def region_level(mine: int, others: list[int]) -> str | None:
    """The highest level reached with ``mine`` armies against each opponent's count.

    >>> region_level(3, [0, 0])
    'supremacy'
    >>> region_level(3, [2, 1])
    'dominance'
    >>> region_level(2, [2])
    'presence'
    >>> region_level(0, [])
    """
    if mine >= 3 and not any(others):
        return "supremacy"
    if mine >= 2 and all(mine > o for o in others):
        return "dominance"
    if mine >= 1:
        return "presence"
    return None


@dataclass(frozen=True)
class RegionScore:
    """One region's line of a breakdown."""

    region: str
    name: str
    armies: int
    best_opponent: int
    level: str | None
    values: tuple[int, int, int] | None
    points: int


@dataclass(frozen=True)
class Breakdown:
    """Why a player scores what they score: per region, then structures, then the total."""

    player: int
    regions: tuple[RegionScore, ...]
    capitols: int
    cities: int
    monuments: int
    structure_points: int
    total: int
    marauder_points: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def rows(self) -> list[dict[str, object]]:
        """The breakdown as table rows (one per region, then structures and total)."""
        out: list[dict[str, object]] = []
        for r in self.regions:
            out.append(
                {
                    "region": r.name,
                    "armies": r.armies,
                    "best opponent": r.best_opponent,
                    "level": r.level or "-",
                    "points": r.points,
                }
            )
        out.append({"region": f"Capitols ({self.capitols} x 2)", "points": 2 * self.capitols})
        out.append({"region": f"Cities ({self.cities} x 1)", "points": self.cities})
        out.append({"region": f"Monuments ({self.monuments} x 1)", "points": self.monuments})
        out.append({"region": "Total", "points": self.total})
        return out


def regions_of(region_lands: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Land -> the regions listing it (once per listing): the index :func:`breakdown` counts armies with."""
    index: dict[str, tuple[str, ...]] = {}
    for region, lands in region_lands.items():
        for land in lands:
            index[land] = index.get(land, ()) + (region,)
    return index


def breakdown(
    player: int,
    owners: Mapping[str, int],
    region_lands: Mapping[str, tuple[str, ...]],
    region_names: Mapping[str, str],
    region_values: Mapping[str, tuple[int, int, int]],
    tokens: Mapping[str, str],
    monuments: frozenset[str] | set[str],
    n_players: int,
    points: tuple[int, int, int] = (2, 1, 1),
    land_regions: Mapping[str, tuple[str, ...]] | None = None,
) -> Breakdown:
    """Score ``player`` on the board as it stands (every army of their colour counts).

    ``land_regions`` is ``regions_of(region_lands)``, for a caller that scores the same
    board many times.
    """
    # One walk over the armies on the board (the engine scores after every empire's turn).
    if land_regions is None:
        land_regions = regions_of(region_lands)
    tally = {region: [0] * n_players for region in region_lands}
    capitols = cities = mons = 0
    for land, owner in owners.items():
        for region in land_regions.get(land, ()):
            tally[region][owner] += 1
        if owner != player:
            continue
        token = tokens.get(land)
        if token == "capitol":
            capitols += 1
        elif token == "city":
            cities += 1
        if land in monuments:
            mons += 1
    rows = []
    for region, counts in tally.items():
        mine = counts[player]
        best = max(counts[:player] + counts[player + 1:], default=0)
        # region_level(mine, others), from the best opponent (army counts are never negative)
        lv = 2 if mine >= 3 and best == 0 else 1 if mine >= 2 and mine > best else 0 if mine >= 1 else -1
        values = region_values.get(region)
        pts = values[lv] if (lv >= 0 and values) else 0
        rows.append(RegionScore(region, region_names.get(region, region), mine, best,
                                LEVELS[lv] if lv >= 0 else None, values, pts))
    structure_points = points[0] * capitols + points[1] * cities + points[2] * mons
    total = sum(r.points for r in rows) + structure_points
    return Breakdown(player, tuple(rows), capitols, cities, mons, structure_points, total)
