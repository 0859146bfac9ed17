"""Area valuations: who ranks where in an area, the points of each place, and the record of a valuation.

An area is valued when its last empty progress box is filled. The three players with
the most figures there score: the first the sum of the area's progress values, the
second half of it rounded up, the third the value of the area's lowest progress. Ties
in figures go to the higher sum of progress values of the heroes a player has played,
then to more heroes played, then to the active player and on counterclockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from hotw.i18n import Domain, Msg
from hotw.scoring import Breakdown, RegionScore, StructureScore

__all__ = ["GAIN_LABELS", "PLACE_NAMES", "PLACE_TIERS", "TIE_WORDS", "Placing", "Valuation", "place_points",
           "ranking", "turn_breakdown"]

_ = Domain("heroes")

PLACE_NAMES: tuple[Msg, ...] = (_("first"), _("second"), _("third"))
"""The places of a valuation, as a valuation's table names them."""

PLACE_TIERS: tuple[Msg, ...] = (_("first place"), _("second place"), _("third place"))
"""The places as a turn's breakdown names them."""

TIE_WORDS: dict[str, Msg] = {
    "progress of heroes played": _("progress of heroes played"), "heroes played": _("heroes played"),
    "order from the active player": _("order from the active player"),
}
"""The tie-breaks of :func:`ranking`, in words."""

GAIN_LABELS: dict[str, Msg] = {
    "valuation": _("valuation"), "points bought": _("points bought"), "wonders built": _("wonders built"),
    "Versailles": _("Versailles"), "Ajanta Caves": _("Ajanta Caves"),
}
"""The kinds of points a player gains (the ledger's keys), as a breakdown labels them."""


@dataclass(frozen=True)
class Placing:
    """One player's line in a valuation: figures there, the place (0-based; None if unplaced) and points."""

    seat: int
    figures: int
    place: int | None
    points: int
    #: how the tie with the player above or below was broken ("" if there was none)
    tie: str = ""


@dataclass(frozen=True)
class Valuation:
    """One area valuation as it happened: where, the tiles and their total, each player's line, Ajanta."""

    era: int
    area: str
    name: str
    active: int
    tiles: tuple[tuple[str, int], ...]
    total: int
    placings: tuple[Placing, ...]
    #: (seat, points) if the Ajanta Caves were used in this valuation
    ajanta: tuple[int, int] | None = None

    def points_of(self, seat: int) -> int:
        """Everything ``seat`` scored in this valuation (its place and the Ajanta Caves)."""
        own = sum(p.points for p in self.placings if p.seat == seat)
        return own + (self.ajanta[1] if self.ajanta and self.ajanta[0] == seat else 0)


def place_points(place: int, values: Sequence[int]) -> int:
    """The points of a place (0 first, 1 second, 2 third) in an area with these progress values."""
    total = sum(values)
    if place == 0:
        return total
    if place == 1:
        return (total + 1) // 2
    if place == 2:
        return min(values, default=0)
    return 0


def ranking(figures: Sequence[int], progress_sums: Sequence[int], heroes_played: Sequence[int],
            active: int) -> list[tuple[int, str]]:
    """Seats with figures in an area, best first, each with the tie-break that put it below the one above.

    >>> ranking([5, 5, 0, 2], [7, 9, 0, 1], [3, 3, 0, 3], active=0)
    [(1, ''), (0, 'progress of heroes played'), (3, '')]
    """
    n = len(figures)

    def key(seat: int) -> tuple[int, int, int, int]:
        return (-figures[seat], -progress_sums[seat], -heroes_played[seat], (active - seat) % n)

    order = sorted((s for s in range(n) if figures[s] > 0), key=key)
    out: list[tuple[int, str]] = []
    for i, seat in enumerate(order):
        why = ""
        if i and figures[order[i - 1]] == figures[seat]:
            above = order[i - 1]
            if progress_sums[above] != progress_sums[seat]:
                why = "progress of heroes played"
            elif heroes_played[above] != heroes_played[seat]:
                why = "heroes played"
            else:
                why = "order from the active player"
        out.append((seat, why))
    return out


def turn_breakdown(seat: int, valuations: Sequence[Valuation], extras: Sequence[tuple[str, int, int]]) -> Breakdown:
    """What ``seat`` scored in one turn: a line per area valued, then (label, count, points each) of other gains."""
    rows = []
    for v in valuations:
        mine = next((p for p in v.placings if p.seat == seat), None)
        best = max((p.figures for p in v.placings if p.seat != seat), default=0)
        place = mine.place if mine is not None else None
        level = 2 - place if place is not None and place <= 2 else -1
        values = tuple(place_points(k, [t for _, t in v.tiles]) for k in (2, 1, 0))
        tier = PLACE_TIERS[place] if place is not None and place <= 2 else None
        rows.append(RegionScore(v.area, v.name, mine.figures if mine else 0, best, level, tier, values,
                                v.points_of(seat)))
    structures = tuple(StructureScore(kind, GAIN_LABELS.get(kind, kind), count, each)
                       for kind, count, each in extras if count)
    total = sum(r.points for r in rows) + sum(s.points for s in structures)
    return Breakdown(seat, tuple(rows), structures, total)
