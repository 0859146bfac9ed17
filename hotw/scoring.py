"""Scoring of the History of the World family: region levels and structure points."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

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


class LandArmies(dict):  # type: ignore[type-arg]
    """Land -> seat of the army standing on it, with each region's armies per seat kept current.

    A plain dict to read; every change through the mapping methods (the engine's moves,
    or a lesson setting an army down by hand) also moves the counts in ``counts``
    (region -> a tuple with each seat's armies there), which scoring and the bots read
    at every turn and decision instead of counting again.

    >>> armies = LandArmies({"gaul": ("europe",)}, ["europe", "asia"], 2)
    >>> armies["gaul"] = 1
    >>> armies.counts["europe"], armies.counts["asia"]
    ((0, 1), (0, 0))
    >>> del armies["gaul"]
    >>> armies.counts["europe"]
    (0, 0)
    """

    def __init__(self, land_regions: Mapping[str, tuple[str, ...]], regions: Iterable[str], n_players: int) -> None:
        super().__init__()
        self.land_regions = land_regions
        self.n_players = n_players
        self.counts: dict[str, tuple[int, ...]] = {region: (0,) * n_players for region in regions}

    def _move(self, land: str, old: int | None, new: int | None) -> None:
        counts = self.counts
        for region in self.land_regions.get(land, ()):
            c = list(counts[region])
            if old is not None:
                c[old] -= 1
            if new is not None:
                c[new] += 1
            counts[region] = tuple(c)

    def __setitem__(self, land: str, seat: int) -> None:
        old = self.get(land)
        if seat is not None and not 0 <= seat < self.n_players:
            raise ValueError(f"there is no seat {seat!r} at this table of {self.n_players}")
        dict.__setitem__(self, land, seat)
        if old != seat:
            self._move(land, old, seat)

    def __delitem__(self, land: str) -> None:
        old = self[land]
        dict.__delitem__(self, land)
        self._move(land, old, None)

    def pop(self, land: str, *default: Any) -> Any:  # type: ignore[override]
        """Remove ``land``'s army and return its seat (or ``default``)."""
        if land in self:
            seat = self[land]
            del self[land]
            return seat
        if default:
            return default[0]
        raise KeyError(land)

    def popitem(self) -> tuple[str, int]:
        """Remove and return the last (land, seat) set down."""
        land, seat = dict.popitem(self)
        self._move(land, seat, None)
        return land, seat

    def setdefault(self, land: str, seat: Any = None) -> Any:  # type: ignore[override]
        """``self[land]``, setting it to ``seat`` first if the land is empty."""
        if land not in self:
            self[land] = seat
        return self[land]

    def update(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Set several armies down (as dict.update), keeping the counts."""
        for land, seat in dict(*args, **kwargs).items():
            self[land] = seat

    def __ior__(self, other: Any) -> "LandArmies":  # type: ignore[override,misc]
        self.update(other)
        return self

    def clear(self) -> None:
        """Take every army off the board."""
        dict.clear(self)
        self.counts = dict.fromkeys(self.counts, (0,) * self.n_players)

    def __reduce__(self) -> Any:
        return (type(self), (self.land_regions, tuple(self.counts), self.n_players), None, None, iter(self.items()))


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
    region_counts: Mapping[str, Sequence[int]] | None = None,
) -> Breakdown:
    """Score ``player`` on the board as it stands (every army of their colour counts).

    ``region_counts`` (region -> each seat's armies there, as :class:`LandArmies` keeps
    them) saves counting the armies again.
    """
    if region_counts is None:
        land_regions = regions_of(region_lands)
        tally = {region: [0] * n_players for region in region_lands}
        for land, owner in owners.items():
            for region in land_regions.get(land, ()):
                tally[region][owner] += 1
        region_counts = tally
    capitols = cities = mons = 0
    for land, token in tokens.items():
        if token == "capitol" or token == "city":
            if owners.get(land) == player:
                if token == "capitol":
                    capitols += 1
                else:
                    cities += 1
    for land in monuments:
        if owners.get(land) == player:
            mons += 1
    rows = []
    for region in region_lands:
        counts = region_counts[region]
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
