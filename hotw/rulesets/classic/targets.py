"""The acting force's targets, kept up to date as it takes lands: what ``EmpireTurn.targets`` reads.

A classic force may enter a land next to one it expands from (its bases) by the best way in, or a land its
fleets reach. Walking every way out of every base and every fleet at each expand decision of a simulation costs
more than the rest of the decision, so the targets are kept in a memo on the actor (:func:`kept_targets`),
brought up to date as the bases grow.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from hotw.reach import marker_reach
from hotw.rulesets.classic.battle import Route, route_dice
from hotw.rulesets.classic.pieces import Actor

__all__ = ["Seas", "kept_targets"]

Seas = tuple[Set[str], int, Mapping[str, frozenset[str]], Mapping[str, tuple[str, ...]]]
"""The fleets in play, the defender's dice from the sea, and the board's marker tables (what a marker touches,
the lands it touches)."""


def kept_targets(a: Actor, bases: set[str], expert: frozenset[str], ways: Mapping[str, tuple[Route, ...]],
                 seas: Seas) -> dict[str, int]:
    """The lands ``a`` may enter from ``bases`` over land (with the terrain ``expert`` troops cross as open land)
    or by the fleets of ``seas``, less the lands it holds -> the defender's dice by the best way in: the memo of
    ``a`` (do not change the dict returned).

    The memo ``[ways, expert, fleets, sea dice, bases walked, lands held, fleets reached, targets]`` is brought up
    to date in place while its bases and lands are subsets of the actor's now (a turn only adds to them) and the
    fleets, the sea's dice and the expertise are the same: the lands taken since are no targets, the new bases' ways are walked and the
    fleets they reach added, each target keeping its fewest dice. Else it starts afresh.
    ``tests/test_classic_targets.py`` compares it with a walk of every base and fleet at every decision."""
    lands = a.lands
    fleets = seas[0]
    memo = a.reach_memo
    if (memo is not None and memo[0] is ways and memo[1] == expert and memo[2] == fleets and memo[3] == seas[1]
            and memo[4] <= bases and memo[5] <= lands):
        walked, held, reached, out = memo[4], memo[5], memo[6], memo[7]
        if len(held) != len(lands):
            for t in lands - held:
                out.pop(t, None)
            held |= lands
        if len(walked) != len(bases):
            new = bases - walked
            _walk(out, new, lands, expert, ways)
            walked |= new
            if fleets:
                more = marker_reach(seas[2], fleets, walked) - reached
                _sail(out, more, lands, seas)
                reached |= more
        return out
    out: dict[str, int] = {}
    _walk(out, bases, lands, expert, ways)
    reached = marker_reach(seas[2], fleets, bases) if fleets else set()
    _sail(out, reached, lands, seas)
    a.reach_memo = [ways, expert, frozenset(fleets), seas[1], set(bases), set(lands), reached, out]
    return out


def _walk(out: dict[str, int], bases: Set[str], lands: set[str], expert: frozenset[str],
          ways: Mapping[str, tuple[Route, ...]]) -> None:
    for land in bases:
        for t, route, forest, feature, d in ways[land]:
            if t not in lands:
                if expert:
                    d = route_dice(route, forest, feature, expert)
                if d < out.get(t, 9):
                    out[t] = d


def _sail(out: dict[str, int], reached: Set[str], lands: set[str], seas: Seas) -> None:
    sea, touch_lands = seas[1], seas[3]
    for m in reached:
        for t in touch_lands[m]:
            if t not in lands and sea < out.get(t, 9):
                out[t] = sea
