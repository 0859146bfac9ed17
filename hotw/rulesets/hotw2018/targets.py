"""The acting empire's targets, kept up to date as it takes lands: what ``Invasions.targets`` reads.

A 2018 empire may invade a land next to one of its active armies, a start territory it
missed, and a land touched by a fleet or caravan its active lands reach. Walking every
active land and marker at each invade decision of a simulation costs more than the rest of
the decision, so the targets are kept in a memo on the actor (see :func:`reach_memo`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from types import MappingProxyType
from typing import Any

from hotw.actions import ActionsOf
from hotw.reach import marker_reach
from hotw.rulesets.hotw2018.pieces import Actor

__all__ = ["FORTIFY", "INVADE", "all_targets", "more_targets", "reach_memo"]

INVADE, FORTIFY = ActionsOf("invade"), ActionsOf("fortify")
"""The invade and fortify actions by land, each made once (the memo keeps them in the order of its lands)."""


def reach_memo(game: Any, a: Actor) -> list[Any]:
    """The targets memo of actor ``a`` on ``game``'s board, brought up to date: [active lands, missed starts,
    targets, markers reached, caravans reached, lands caravans touch, the invade actions in order (None until
    asked), the targets' names in order, the active lands' names in order, the fortify actions of the active
    lands in order (these three None until asked), whether a fleet or caravan is not linked yet, a read-only view
    of the targets (the bots' share: no copy at each decision)].

    Kept on the actor: active lands are only ever added during a turn, so a memo whose active lands are a
    subset of the actor's is brought up to date in place (:func:`more_targets`); else it starts afresh."""
    active = a.active
    missed = tuple(sorted(a.missed_starts)) if a.missed_starts else ()
    memo = a.reach_memo
    if memo is not None and memo[1] == missed and memo[0] <= active:
        if len(memo[0]) != len(active):  # lands taken since: add what they open up
            more_targets(game, a, memo)
        return memo
    out, reach, caravans, by_caravan = all_targets(game, a)
    memo = a.reach_memo = [set(active), missed, out, reach, caravans, by_caravan, None, None, None, None,
                           _unlinked(a, reach, caravans), MappingProxyType(out)]
    return memo


def _unlinked(a: Actor, reach: set[str], caravans: set[str]) -> bool:
    """True while some of the actor's fleets or caravans are not linked to its active lands."""
    return bool(a.fleets or a.caravans) and (len(reach) < len(set(a.fleets + a.caravans))
                                             or len(caravans) < len(set(a.caravans)))


def all_targets(game: Any, a: Actor) -> tuple[dict[str, bool], set[str], set[str], set[str]]:
    """``targets()`` from the start, with the markers reached (all, caravans) and the lands caravans touch."""
    active = a.active
    nbrs = game._land_nbrs
    # Every land next to an active army, in the order first met, then without the active lands
    # themselves: the same dict as a loop skipping them, built at C speed.
    if len(active) == 1:  # the commonest start (one start land established): its neighbours, no chain made
        (only,) = active
        out: dict[str, bool] = dict.fromkeys(nbrs[only], False)
    else:
        out = dict.fromkeys(itertools.chain.from_iterable(map(nbrs.__getitem__, active)), False)
    for land in active:
        out.pop(land, None)
    for land in a.missed_starts:  # a start territory not taken at Establish stays a target
        if land not in active:
            out.setdefault(land, False)
    markers = a.fleets + a.caravans
    caravan_reach: set[str] = set()
    all_reach: set[str] = set()
    by_caravan: set[str] = set()
    if markers and active:
        touch, touch_lands = game._touch, game._touch_lands
        caravan_reach = marker_reach(touch, set(a.caravans), active) if a.caravans else set()
        all_reach = marker_reach(touch, set(markers), active) if a.fleets else caravan_reach
        # The lands the reached markers touch, not yet listed; naval unless a reached caravan touches them.
        # (Their order in the dict follows a set's, as the markers' order already did.)
        by_caravan = set().union(*[touch[c] for c in caravan_reach])
        reached = set().union(*[touch_lands[m] for m in all_reach])
        reached.difference_update(active, out)
        for land in reached:
            out[land] = land not in by_caravan
    return out, all_reach, caravan_reach, by_caravan


def more_targets(game: Any, a: Actor, memo: list[Any]) -> None:
    """The targets memo brought up to date, in place, after lands were added to the active ones (nothing removed).

    The targets only grow with the active lands: the old targets and the new lands'
    neighbours, less the active lands; markers newly linked add the lands they touch, and
    a caravan newly linked makes the lands it touches reachable overland. The same
    dict as :func:`all_targets` (in another order; every reader treats it as a set). The
    targets' names in order, once asked for, are kept in order: the lands gone are taken
    out and the new ones put in their place (a few by bisection, with their invade actions
    beside them; more sorted in, a sort of a list nearly in order costing little, and the
    actions made again). The active lands' names and fortify actions likewise.
    """
    old_active, _missed, out, reach, caravans, by_caravan, actions, names, held, forts, unlinked, _view = memo
    active = a.active
    nbrs = game._land_nbrs
    new = active - old_active
    old_active |= new
    if names is None:
        actions = None  # (made from the names when next asked)
    added = []
    for land in new:  # a land taken is no target; its neighbours not held are, overland
        if land in out:
            del out[land]
            if names is not None:
                i = bisect_left(names, land)
                del names[i]
                if actions is not None:
                    del actions[i]
        for nb in nbrs[land]:
            if nb not in active:
                if nb not in out:
                    added.append(nb)
                out[nb] = False
    # markers not linked yet may be linked by the new lands (once every marker is, none can change)
    if unlinked:
        touch, touch_lands = game._touch, game._touch_lands
        new_caravans = (marker_reach(touch, set(a.caravans), active) if a.caravans else set())
        new_reach = marker_reach(touch, set(a.fleets + a.caravans), active) if a.fleets else new_caravans
        if new_caravans != caravans:
            by_caravan = memo[5] = by_caravan.union(*[touch[c] for c in new_caravans - caravans])
            for land in by_caravan:
                if out.get(land):
                    out[land] = False
        if new_reach != reach:
            for m in new_reach - reach:
                for land in touch_lands[m]:
                    if land not in active and land not in out:
                        out[land] = land not in by_caravan
                        added.append(land)
        memo[3], memo[4] = new_reach, new_caravans
        memo[10] = _unlinked(a, new_reach, new_caravans)
    if names is not None and added:
        if actions is None or len(added) > _INSERTS:
            names += added
            names.sort()
            actions = None
        else:  # a few lands sorted in, each with its invade action at the same place
            for land in added:
                i = bisect_left(names, land)
                names.insert(i, land)
                actions.insert(i, INVADE[land])
    memo[6] = actions  # else made again from the names when next asked
    if held is not None:
        if forts is None or len(new) > _INSERTS:
            held += new
            held.sort()
            memo[9] = None  # and the fortify actions from the active lands
        else:
            for land in new:
                i = bisect_left(held, land)
                held.insert(i, land)
                forts.insert(i, FORTIFY[land])


_INSERTS = 4
"""Lands added one by one, beyond which the list is sorted again and its actions made afresh."""
