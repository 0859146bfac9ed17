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
from hotw.scoring import Breakdown, StructureScore, count_armies, region_scores

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
    keeps them) saves counting the armies again.
    """
    if region_counts is None:
        region_counts = count_armies(owners, region_lands, n_players)
    counts = dict.fromkeys(("capitol", "city", "monument"), 0)
    for land, kind in structures.items():
        if owners.get(land) == player and kind in counts:
            counts[kind] += 1
    for land in monuments:
        if owners.get(land) == player:
            counts["monument"] += 1
    rows = region_scores(player, {r: region_counts[r] for r in region_lands}, region_names, region_values, TIERS)
    scored = tuple(_structure_row(kind, label, counts[kind], tuple(points)) for kind, label in STRUCTURES)
    total = sum(r.points for r in rows) + sum(s.points for s in scored)
    return Breakdown(player, rows, scored, total)


@lru_cache(maxsize=4096)
def _structure_row(kind: str, label: str, count: int, points: tuple[int, ...]) -> StructureScore:
    """One structure line of a breakdown (an immutable value, made once per distinct line)."""
    return StructureScore(kind, label, count, structure_points(*_one(kind), points))


def _one(kind: str) -> tuple[str | None, bool]:
    """The (structure, monument) of a land holding one structure of ``kind``: what one of it is worth."""
    return (None, True) if kind == "monument" else (kind, False)
