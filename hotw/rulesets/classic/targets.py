"""The acting force's targets, kept up to date as it takes lands: what ``EmpireTurn.targets`` reads.

A classic force may enter a land next to one it expands from (its bases) by the best way in, or a land its
fleets reach. Walking every way out of every base and every fleet at each expand decision of a simulation costs
more than the rest of the decision, so the targets are kept in a memo on the actor (:func:`kept_targets`),
brought up to date as the bases grow.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Set

from hotw.actions import Action, ActionsOf
from hotw.reach import marker_reach
from hotw.rulesets.classic.battle import Route, route_dice
from hotw.rulesets.classic.pieces import Actor

__all__ = ["INVADE", "Seas", "invade_actions", "kept_targets"]

INVADE = ActionsOf("invade")
"""The invade actions by land, each made once (the memo keeps them in the order of its targets' names)."""

Seas = tuple[Set[str], int, Mapping[str, frozenset[str]], Mapping[str, tuple[str, ...]]]
"""The fleets in play, the defender's dice from the sea, and the board's marker tables (what a marker touches,
the lands it touches)."""


def kept_targets(a: Actor, bases: set[str], expert: frozenset[str], ways: Mapping[str, tuple[Route, ...]],
                 seas: Seas) -> dict[str, int]:
    """The lands ``a`` may enter from ``bases`` over land (with the terrain ``expert`` troops cross as open land)
    or by the fleets of ``seas``, less the lands it holds -> the defender's dice by the best way in: the memo of
    ``a`` (do not change the dict returned).

    The memo ``[ways, expert, fleets, sea dice, bases walked, lands held, fleets reached, targets, the targets'
    names in order, their invade actions]`` (the last two None until :func:`invade_actions` asks) is brought up
    to date in place while its bases and lands are subsets of the actor's now (a turn only adds to them) and the
    fleets, the sea's dice and the expertise are the same: the lands taken since are no targets, the new bases'
    ways are walked and the fleets they reach added, each target keeping its fewest dice, and the names in order
    keep their order (the lands gone taken out, the new ones put in by bisection). Else it starts afresh.
    ``tests/test_classic_targets.py`` compares it with a walk of every base and fleet at every decision."""
    lands = a.lands
    fleets = seas[0]
    memo = a.reach_memo
    if (memo is not None and memo[0] is ways and memo[1] == expert and memo[2] == fleets and memo[3] == seas[1]
            and memo[4] <= bases and memo[5] <= lands):
        walked, held, reached, out, names = memo[4], memo[5], memo[6], memo[7], memo[8]
        gone: list[str] = []
        added: list[str] = []
        if len(held) != len(lands):
            for t in lands - held:
                if out.pop(t, None) is not None:
                    gone.append(t)
            held |= lands
        if len(walked) != len(bases):
            new = bases - walked
            _walk(out, new, lands, expert, ways, added)
            walked |= new
            if fleets:
                more = marker_reach(seas[2], fleets, walked) - reached
                _sail(out, more, lands, seas, added)
                reached |= more
        if names is not None and (gone or added):
            actions = memo[9]
            for t in gone:
                i = bisect_left(names, t)
                del names[i], actions[i]
            for t in added:
                i = bisect_left(names, t)
                names.insert(i, t)
                actions.insert(i, INVADE[t])
        return out
    out: dict[str, int] = {}
    _walk(out, bases, lands, expert, ways, None)
    reached = marker_reach(seas[2], fleets, bases) if fleets else set()
    _sail(out, reached, lands, seas, None)
    a.reach_memo = [ways, expert, frozenset(fleets), seas[1], set(bases), set(lands), reached, out, None, None]
    return out


def invade_actions(a: Actor) -> list[Action]:
    """The invade action of each target of ``a``'s memo (:func:`kept_targets`, brought up to date first), in the
    order of their names: the memo's own list (do not change it)."""
    memo = a.reach_memo
    assert memo is not None
    if memo[8] is None:
        memo[8] = sorted(memo[7])
        memo[9] = [INVADE[t] for t in memo[8]]
    return memo[9]  # type: ignore[no-any-return]


def _walk(out: dict[str, int], bases: Set[str], lands: set[str], expert: frozenset[str],
          ways: Mapping[str, tuple[Route, ...]], added: list[str] | None) -> None:
    for land in bases:
        for t, route, forest, feature, d in ways[land]:
            if t not in lands:
                if expert:
                    d = route_dice(route, forest, feature, expert)
                if d < out.get(t, 9):
                    if added is not None and t not in out:
                        added.append(t)
                    out[t] = d


def _sail(out: dict[str, int], reached: Set[str], lands: set[str], seas: Seas, added: list[str] | None) -> None:
    sea, touch_lands = seas[1], seas[3]
    for m in reached:
        for t in touch_lands[m]:
            if t not in lands and sea < out.get(t, 9):
                if added is not None and t not in out:
                    added.append(t)
                out[t] = sea
