"""Classic scoring: each area's presence, dominance and control at the epoch's values, then capitols, cities, monuments.

The 2001 levels (the Spanish summary) are exactly the shared
:func:`hotw.scoring.level_index`: presence with a land, dominance with at least 2
lands and more than any other player, control with at least 3 and no other
player. The 1993 levels (an option) are the classic package's own: dominance needs
3 lands and more than any other player, control every land of the area.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from hotw.i18n import Domain
from hotw.scoring import Breakdown, RegionScore, StructureScore, best_other, lazy_breakdown, level_index

_ = Domain("classic")

# TRANSLATORS: the three levels a player reaches in an area of the classic board (lowest first)
TIERS = (_("presence"), _("dominance"), _("control"))
LABELS = (("capitol", _("Capitols")), ("city", _("Cities")), ("monument", _("Monuments")))
"""The kinds of structure that score, with their breakdown labels."""
"""The three area levels, lowest first."""


def level_1993(mine: int, best_opponent: int, lands: int) -> int:
    """The 1993 level with ``mine`` of an area's ``lands`` lands against the strongest opponent: 0, 1, 2 or -1.

    >>> level_1993(3, 0, 3), level_1993(3, 0, 5), level_1993(2, 0, 5), level_1993(0, 0, 5)
    (2, 1, 0, -1)
    """
    if mine >= 1 and mine == lands:
        return 2
    if mine >= 3 and mine > best_opponent:
        return 1
    return 0 if mine >= 1 else -1


def area_level(mine: int, best: int, lands: int, rule: str = "2001") -> int:
    """The level reached in an area under the 2001 (shared) or the 1993 rule."""
    return level_1993(mine, best, lands) if rule == "1993" else level_index(mine, best)


def counts_seen_by(player: int, counts: Mapping[str, Sequence[int]], holders: Mapping[str, int],
                   home: Mapping[str, str], moved: Mapping[str, tuple[Sequence[str], Sequence[str]]]
                   ) -> dict[str, list[int]]:
    """``counts`` (area -> each seat's lands) as ``player`` scores them when the lands of ``moved`` count in other
    areas: the first list for the seat holding it if that is ``player``, the second for any other seat (none, one or
    more areas each).

    ``holders``: land -> the seat holding it; ``home``: land -> its area on the board.

    >>> counts_seen_by(0, {"a": [2, 1], "b": [1, 0], "c": [0, 0]}, {"x": 0, "y": 1}, {"x": "a", "y": "a"},
    ...                {"x": (["b", "c"], []), "y": (["b"], [])})
    {'a': [1, 0], 'b': [2, 0], 'c': [1, 0]}
    """
    out = {r: list(c) for r, c in counts.items()}
    for land, (mine, others) in moved.items():
        seat = holders.get(land)
        if seat is None:
            continue
        out[home[land]][seat] -= 1
        for area in mine if seat == player else others:
            out[area][seat] += 1
    return out


def breakdown(player: int, counts: Mapping[str, Sequence[int]], names: Mapping[str, str],
              values: Mapping[str, tuple[int, int, int]], sizes: Mapping[str, int], structures: Mapping[str, int],
              points: Sequence[int], rule: str = "2001") -> Breakdown:
    """What ``player`` scores now: every area at its level and value, then each kind of structure they hold.

    ``counts``: area -> each seat's lands there; ``structures``: "capitol" / "city" / "monument" -> how many
    stand on the player's lands; ``points``: a capitol's, a city's and a monument's points.
    """
    # The total now; the lines when first read (a simulation reads the totals alone): the same levels and points
    total = 0
    for region, c in counts.items():
        mine = c[player]
        if mine:  # no level without a land (either rule)
            lv = area_level(mine, best_other(c, player), sizes.get(region, 0), rule)
            if lv >= 0:
                total += values.get(region, (0, 0, 0))[lv]
    for i, (k, _lab) in enumerate(LABELS):
        total += structures.get(k, 0) * points[i]
    return lazy_breakdown(player, total, _lines, player, dict(counts), names, values, sizes, structures,
                          tuple(points), rule)


def _lines(player: int, counts: Mapping[str, Sequence[int]], names: Mapping[str, str],
           values: Mapping[str, tuple[int, int, int]], sizes: Mapping[str, int], structures: Mapping[str, int],
           points: Sequence[int], rule: str) -> tuple[tuple[RegionScore, ...], tuple[StructureScore, ...]]:
    """The breakdown's lines: every area at its level and value, then each kind of structure."""
    rows = []
    for region, c in counts.items():
        mine = c[player]
        best = best_other(c, player)
        lv = area_level(mine, best, sizes.get(region, 0), rule)
        vals = values.get(region, (0, 0, 0))
        pts = vals[lv] if lv >= 0 else 0
        rows.append(RegionScore(region, names.get(region, region), mine, best, lv, TIERS[lv] if lv >= 0 else None,
                                vals, pts))
    kinds = tuple(StructureScore(k, lab, structures.get(k, 0), points[i]) for i, (k, lab) in enumerate(LABELS))
    return tuple(rows), kinds
