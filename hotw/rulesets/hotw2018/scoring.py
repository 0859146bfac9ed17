"""Scoring of the 2018 edition: presence / dominance / supremacy on the region tokens, capitols, cities, monuments.

Points are gained on your own turn only (when an empire or kingdom ends its turn);
every army of your colour counts, resigned or not. Structures score through
:func:`structure_points`, the one place that says what a structure is worth (the
breakdown, the bots and the panels all ask it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from hotw.i18n import Domain
from hotw.scoring import Breakdown, RegionScore, StructureScore, count_armies, lazy_breakdown, region_scores

__all__ = ["STRUCTURES", "TIERS", "breakdown", "structure_points"]

_ = Domain("hotw2018")

# TRANSLATORS: the three tiers of a region in the 2018 rules (a region token's three values)
TIERS = (_("presence"), _("dominance"), _("supremacy"))
"""The region tiers in the 2018 rules' words, weakest first; each selects one value of the region token."""

STRUCTURES = (("capitol", _("Capitols")), ("city", _("Cities")), ("monument", _("Monuments")))
"""The structures that score, in the order of the ``structure_points`` option."""


def structure_points(structure: str | None, monument: bool, points: Sequence[int]) -> int:
    """Points of what stands on one land: its capitol or city (``structure``) and its monument, at ``points``.

    >>> structure_points("capitol", True, (2, 1, 1))
    3
    """
    own = points[0] if structure == "capitol" else points[1] if structure == "city" else 0
    return own + (points[2] if monument else 0)


def breakdown(
    player: int,
    owners: Mapping[str, int],
    region_lands: Mapping[str, tuple[str, ...]],
    region_names: Mapping[str, str],
    region_values: Mapping[str, tuple[int, int, int]],
    structures: Mapping[str, str],
    monuments: Any,
    n_players: int,
    points: Sequence[int] = (2, 1, 1),
    region_counts: Mapping[str, Sequence[int]] | None = None,
) -> Breakdown:
    """Score ``player`` on the board as it stands (every army of their colour counts).

    ``region_counts`` (region -> each seat's armies there, as :class:`~hotw.scoring.LandArmies`
    keeps them) saves counting the armies again. The total is counted now; the lines (one per
    region, one per kind of structure) are made when first read (:func:`hotw.scoring.lazy_breakdown`).
    """
    if region_counts is None:
        region_counts = count_armies(owners, region_lands, n_players)
    # the seat's structures, counted at C speed: the kinds on its lands, its lands among the monuments'
    get = owners.get
    held = [kind for land, kind in structures.items() if get(land) == player]
    counts = {"capitol": held.count("capitol"), "city": held.count("city"),
              "monument": list(map(get, monuments)).count(player)}
    points = tuple(points)
    # each kind's count times its points (structure_points of one capitol, one city, one monument)
    total = counts["capitol"] * points[0] + counts["city"] * points[1] + counts["monument"] * points[2]
    for region in region_lands:  # a region's points: its value at the tier reached (none without armies)
        armies = region_counts[region]
        mine = armies[player]
        if mine:
            values = region_values.get(region)
            if values:
                # level_index(mine, the strongest opponent) written out: one army is presence whatever the
                # others have; more is dominance if no one else has as many, supremacy if no one else has any
                if mine == 1 or max(armies) > mine or armies.count(mine) > 1:
                    total += values[0]
                elif mine >= 3 and sum(armies) == mine:
                    total += values[2]
                else:
                    total += values[1]
    return lazy_breakdown(player, total, _lines, player, region_lands, dict(region_counts), region_names,
                          dict(region_values), counts, points)


def _lines(player: int, region_lands: Mapping[str, tuple[str, ...]], region_counts: Mapping[str, Sequence[int]],
           region_names: Mapping[str, str], region_values: Mapping[str, tuple[int, int, int]], counts: dict[str, int],
           points: tuple[int, ...]) -> tuple[tuple[RegionScore, ...], tuple[StructureScore, ...]]:
    """A turn's breakdown lines, made when first read (:func:`hotw.scoring.lazy_breakdown`), by
    :func:`hotw.scoring.region_scores`, from the board as it stood."""
    regions = region_scores(player, {r: region_counts[r] for r in region_lands}, region_names, region_values, TIERS)
    return regions, tuple(_structure_row(kind, label, counts[kind], points) for kind, label in STRUCTURES)


@lru_cache(maxsize=4096)
def _structure_row(kind: str, label: str, count: int, points: tuple[int, ...]) -> StructureScore:
    """One structure line of a breakdown (an immutable value, made once per distinct line)."""
    return StructureScore(kind, label, count, structure_points(*_one(kind), points))


def _one(kind: str) -> tuple[str | None, bool]:
    """The (structure, monument) of a land holding one structure of ``kind``: what one of it is worth."""
    return (None, True) if kind == "monument" else (kind, False)
