"""Scoring shared by the History of the World family: region levels, score breakdowns, armies per region.

Every ruleset of the family scores regions in three tiers by the armies standing
there: at least one army (the first tier), at least two and more than every
opponent (the second), at least three and no opponent (the third). The tiers' names
and values, and the structures that score, are each ruleset's own; the level rule
is written once here, in :func:`level_index`, and called by the engine, the bots and
the panels alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

__all__ = ["Breakdown", "LandArmies", "LazyBreakdown", "RegionScore", "StructureScore", "best_other", "count_armies",
           "lazy_breakdown", "level_index", "region_level", "region_scores", "regions_of"]


def best_other(counts: Sequence[int], seat: int) -> int:
    """The most armies (or lands) any seat but ``seat`` holds in a region (0 with no other seat): the count to beat.

    >>> best_other((2, 3, 1), 1), best_other([4], 0)
    (2, 0)
    """
    rest = counts[:seat] + counts[seat + 1:]  # a slice's max: cheaper than a generator skipping the seat
    return max(rest) if rest else 0


def level_index(mine: int, best_opponent: int) -> int:
    """The tier reached with ``mine`` armies against the strongest opponent's ``best_opponent``: 0, 1, 2, or -1 for none.

    >>> level_index(3, 0), level_index(3, 2), level_index(2, 2), level_index(0, 0)
    (2, 1, 0, -1)
    """
    if mine >= 3 and best_opponent == 0:
        return 2
    if mine >= 2 and mine > best_opponent:
        return 1
    return 0 if mine >= 1 else -1


def region_level(mine: int, others: Sequence[int]) -> int:
    """:func:`level_index` against each opponent's count (the strongest decides).

    >>> region_level(3, [2, 1])
    1
    """
    return level_index(mine, max(others, default=0))


@dataclass(frozen=True)
class RegionScore:
    """One region's line of a breakdown: armies, the strongest opponent, the tier reached and its points."""

    region: str
    name: str
    armies: int
    best_opponent: int
    #: 0, 1 or 2 (the tier reached), -1 for none
    level: int
    #: the tier's name in the ruleset's words (e.g. "dominance"), or None
    tier: str | None
    values: tuple[int, ...] | None
    points: int


@dataclass(frozen=True)
class StructureScore:
    """One kind of structure's line of a breakdown: how many stand on the player's lands, and points each."""

    kind: str
    label: str
    count: int
    each: int

    @property
    def points(self) -> int:
        """count x each."""
        return self.count * self.each


@dataclass(frozen=True)
class Breakdown:
    """Why a player scores what they score: per region, then per kind of structure, then the total."""

    player: int
    regions: tuple[RegionScore, ...]
    structures: tuple[StructureScore, ...]
    total: int
    extra: dict[str, int] = field(default_factory=dict)

    @property
    def structure_points(self) -> int:
        """Points of all structures."""
        return sum(s.points for s in self.structures)

    def count(self, kind: str) -> int:
        """How many structures of ``kind`` score (0 if the ruleset has none)."""
        return next((s.count for s in self.structures if s.kind == kind), 0)

    def rows(self) -> list[dict[str, object]]:
        """The breakdown as table rows (one per region, then per kind of structure, then the total)."""
        out: list[dict[str, object]] = []
        for r in self.regions:
            out.append({"region": r.name, "armies": r.armies, "best opponent": r.best_opponent,
                        "level": r.tier or "-", "points": r.points})
        for st in self.structures:
            out.append({"region": f"{st.label} ({st.count} x {st.each})", "points": st.points})
        out.append({"region": "Total", "points": self.total})
        return out


class LazyBreakdown(Breakdown):
    """A :class:`Breakdown` whose lines are made when first read (:func:`lazy_breakdown`).

    An engine scores every empire's turn and a simulation reads only the totals: the board as it stood is kept,
    and the region and structure lines are made from it at the first read of ``regions`` or ``structures`` (or of
    anything that reads them: equality, ``rows()``, a view).
    """

    def __getattr__(self, name: str) -> Any:  # only for an attribute not set: the lines not made yet
        d = self.__dict__
        if name in ("regions", "structures") and "_lines" in d:
            make, args = d.pop("_lines")
            d["regions"], d["structures"] = make(*args)
            return d[name]
        raise AttributeError(name)


def lazy_breakdown(player: int, total: int, make: Callable[..., tuple[tuple[RegionScore, ...],
                                                                      tuple[StructureScore, ...]]],
                   *args: Any) -> Breakdown:
    """``player``'s breakdown of ``total`` points, whose lines ``make(*args)`` makes when they are first read
    (``args``: the board as it stands, kept as it is: pass what a later move cannot change)."""
    bd = object.__new__(LazyBreakdown)
    bd.__dict__.update(player=player, total=total, extra={}, _lines=(make, args))
    return bd


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
        _set(self, land, seat)
        if old != seat:  # self._move(land, old, seat) written out: an engine's every move comes here
            counts = self.counts
            for region in self.land_regions.get(land, ()):
                c = list(counts[region])
                if old is not None:
                    c[old] -= 1
                if seat is not None:
                    c[seat] += 1
                counts[region] = tuple(c)

    def __delitem__(self, land: str) -> None:
        old = self[land]
        _del(self, land)
        counts = self.counts  # self._move(land, old, None) written out
        for region in self.land_regions.get(land, ()):
            c = list(counts[region])
            if old is not None:
                c[old] -= 1
            counts[region] = tuple(c)

    def retake(self, land: str, seat: int) -> None:
        """``del self[land]`` then ``self[land] = seat`` in one step: the army on ``land`` replaced by one of
        ``seat``'s, set down last (a land won in battle), its region counts moved once."""
        old = self[land]
        if seat is None or not 0 <= seat < self.n_players:
            raise ValueError(f"there is no seat {seat!r} at this table of {self.n_players}")
        _del(self, land)
        _set(self, land, seat)
        if old != seat:
            counts = self.counts
            for region in self.land_regions.get(land, ()):
                c = list(counts[region])
                if old is not None:
                    c[old] -= 1
                c[seat] += 1
                counts[region] = tuple(c)

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


_set, _del = dict.__setitem__, dict.__delitem__


def regions_of(region_lands: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Land -> the regions listing it (once per listing): the index :func:`breakdown` counts armies with."""
    index: dict[str, tuple[str, ...]] = {}
    for region, lands in region_lands.items():
        for land in lands:
            index[land] = index.get(land, ()) + (region,)
    return index


def region_scores(
    player: int,
    region_counts: Mapping[str, Sequence[int]],
    region_names: Mapping[str, str],
    region_values: Mapping[str, tuple[int, ...]],
    tiers: Sequence[str],
) -> tuple[RegionScore, ...]:
    """Each region's line for ``player``: ``region_counts`` (region -> each seat's armies, as
    :class:`LandArmies` keeps them), the values lying on each region, the tiers' names."""
    rows = []
    memo = _ROWS
    if len(memo) > 100_000:  # never let it grow without end
        memo.clear()
    tiers = tuple(tiers)
    for region, counts in region_counts.items():
        mine = counts[player]
        others = counts[:player] + counts[player + 1:]
        best = max(others) if others else 0  # max(..., default=) parses a keyword: dearer in this hot loop
        values = region_values.get(region)
        name = region_names.get(region, region)
        key = (region, name, mine, best, values, tiers) if type(values) is not list else None
        row = memo.get(key) if key is not None else None
        if row is None:
            # Rows are immutable values: one per distinct line (a score breakdown is made at every turn).
            lv = level_index(mine, best)
            pts = values[lv] if (lv >= 0 and values) else 0
            row = RegionScore(region, name, mine, best, lv, tiers[lv] if lv >= 0 else None, values, pts)
            if key is not None:
                memo[key] = row
        rows.append(row)
    return tuple(rows)


_ROWS: dict[tuple[Any, ...], RegionScore] = {}


def count_armies(owners: Mapping[str, int], region_lands: Mapping[str, tuple[str, ...]],
                 n_players: int) -> dict[str, tuple[int, ...]]:
    """Region -> each seat's armies there, counted from a land -> seat map (when no :class:`LandArmies` keeps them)."""
    land_regions = regions_of(region_lands)
    tally = {region: [0] * n_players for region in region_lands}
    for land, owner in owners.items():
        for region in land_regions.get(land, ()):
            tally[region][owner] += 1
    return {region: tuple(c) for region, c in tally.items()}
