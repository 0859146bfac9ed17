"""Gold: the track (stacks, the wrap past 100, the end-of-epoch adjustment) and the gold an empire turn collects.

Gold is kept as a whole number per colour; the track's space is only how it is
shown (``space`` and ``laps``). Markers that share a space stack: each move puts
the moving marker on top (``GoldTrack.seq``), and at the end of an epoch the top
marker of each shared space moves forward to the next free space, lower spaces
first.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from hotw.i18n import Domain
from hotw.scoring import Breakdown, StructureScore, region_scores

_ = Domain("brief")

__all__ = ["TIERS", "STRUCTURE_GOLD", "TRACK", "GoldTrack", "adjust_stacks", "breakdown", "space"]

#: The three levels of gold for an area, as the rulebook names them.
TIERS = (_("presence"), _("dominance"), _("mastery"))

#: The breakdown's line for each kind of structure.
_LABELS = {"capital": _("Capitals"), "city": _("Cities"), "monument": _("Monuments")}

#: Gold for each structure a colour controls at the end of its empire turn.
STRUCTURE_GOLD = {"capital": 2, "city": 1, "monument": 1}

TRACK = 100
"""Spaces on the gold track; a marker going past 100 continues round."""


def space(gold: int) -> tuple[int, int]:
    """(space on the track, laps completed) of a gold total: 100 is space 100, 101 space 1 on lap 1.

    >>> space(7), space(100), space(135)
    ((7, 0), (100, 0), (35, 1))
    """
    if gold <= 0:
        return 0, 0
    return (gold - 1) % TRACK + 1, (gold - 1) // TRACK


class GoldTrack:
    """Each colour's gold and its place in any stack (a higher ``seq`` lies on top)."""

    def __init__(self, colours: int) -> None:
        self.gold = [0] * colours
        self.seq = [0] * colours
        self._stamp = 0

    def set(self, colour: int, gold: int) -> None:
        """Put a marker on ``gold``, on top of any marker already there."""
        self.gold[colour] = gold
        self._stamp += 1
        self.seq[colour] = self._stamp

    def move(self, colour: int, delta: int) -> None:
        """Move a marker by ``delta`` spaces (forward for gold collected, back for gold paid)."""
        if delta:
            self.set(colour, self.gold[colour] + delta)

    def ranking(self) -> list[int]:
        """Colours from most gold to least; on a shared space the marker on top counts as ahead."""
        return sorted(range(len(self.gold)), key=lambda c: (-self.gold[c], -self.seq[c], c))

    def adjust(self) -> list[tuple[int, int, int]]:
        """The end-of-epoch adjustment; returns each move as (colour, from, to)."""
        moves = adjust_stacks(self.gold, self.seq)
        for colour, _old, new in moves:
            self.set(colour, new)
        return moves

    def state(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Gold and stack order, for comparing positions."""
        return tuple(self.gold), tuple(self.seq)


def adjust_stacks(gold: Sequence[int], seq: Sequence[int]) -> list[tuple[int, int, int]]:
    """Moves that undo every stack: the top marker of the lowest shared space goes to the next free space, until none is shared.

    >>> adjust_stacks([5, 5, 5, 6], [1, 2, 3, 4])
    [(2, 5, 7), (1, 5, 8)]
    """
    gold, seq = list(gold), list(seq)
    moves = []
    while True:
        shared = sorted({g for g in gold if gold.count(g) > 1})
        if not shared:
            return moves
        here = shared[0]
        top = max((c for c in range(len(gold)) if gold[c] == here), key=lambda c: seq[c])
        to = here + 1
        while to in gold:
            to += 1
        moves.append((top, here, to))
        gold[top] = to
        seq[top] = max(seq) + 1


def breakdown(colour: int, owner_counts: Mapping[str, Sequence[int]], region_names: Mapping[str, str],
              area_values: Mapping[str, int], structures: Mapping[str, str], monuments: frozenset[str] | set[str],
              owner: Mapping[str, int], seat: int) -> Breakdown:
    """The gold ``colour`` collects at the end of its empire turn: each area, then capitals, cities, monuments."""
    values = {area: (v, 2 * v, 3 * v) for area, v in area_values.items() if v}
    rows = region_scores(colour, owner_counts, region_names, values, TIERS)
    counts = {"capital": 0, "city": 0, "monument": 0}
    for land, kind in structures.items():
        if owner.get(land) == colour:
            counts[kind] += 1
    counts["monument"] = sum(1 for land in monuments if owner.get(land) == colour)
    labels = _LABELS
    structs = tuple(StructureScore(kind, labels[kind], counts[kind], each) for kind, each in STRUCTURE_GOLD.items())
    total = sum(r.points for r in rows) + sum(s.points for s in structs)
    return Breakdown(seat, rows, structs, total)
