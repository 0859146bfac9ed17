"""A bound on the hard bot's second step: how much taking a land could add by what it brings in reach.

The hard bot adds to a target's first-step value a share (``Style.reach``) of its *second step*:
the most valuable land next to it not yet in reach, worth what one more army of ours (and one less
of its owner's, if any, at half weight) changes in that land's region (:meth:`Context.delta`).
:func:`reach_bounds` bounds that value from above for every land, from the region values alone, so
the bot can skip the second step of a target that could not beat the best value found even with the
largest second step its neighbours allow: the same choice, fewer neighbours weighed.

Why the bound holds. One army more for us and one less for seat ``q`` moves each seat's level
(:func:`hotw.scoring.level_index`) at most one step: ours up one step (none to presence, presence to
dominance, dominance to supremacy); among the opponents, only the one seat holding dominance or
supremacy can drop one step (supremacy to dominance, dominance to presence: our count can now match
theirs), and ``q`` can drop from presence to none. Any other change of an opponent's level is a rise,
which lowers the value (points an opponent gains count against us). So a region's change is at most
our best one-step gain plus the best one-step fall of an opponent's top level, plus, where we take
another seat's army (weighed at half), the best fall of an opponent's presence; each weighed as the bot
weighs them (our points at weight 1; an opponent's at most ``1.5 * denial``, now or only later).
"""

from __future__ import annotations

from typing import Any

__all__ = ["reach_bounds"]

#: Added to every bound: the bot's values are sums of a few floats, whose rounding this dwarfs.
_MARGIN = 1e-6
#: (board tables, later epochs' points, denial) -> (those tables and points, the region values the bounds
#: were made for, land -> bound)
_BOUNDS: dict[tuple[int, int, float], tuple[Any, Any, dict[str, tuple[int, int, int]], dict[str, float]]] = {}


def region_bound(cur: tuple[int, int, int] | None, fut: tuple[float, float, float] | None, denial: float) -> float:
    """The most one army more of ours (and one less of another seat's) can change a region's weighted points,
    for its points this epoch ``cur`` and the discounted points of later epochs ``fut``."""
    c0, c1, c2 = cur or (0, 0, 0)
    f0, f1, f2 = fut or (0.0, 0.0, 0.0)
    a0, a1, a2 = c0 + f0, c1 + f1, c2 + f2  # a level's worth to a seat that still scores this epoch
    mine = max(0.0, a0, a1 - a0, a2 - a1)
    # An opponent's level falling one step, whether or not it still scores this epoch (then it counts f alone)
    top = max(0.0, a2 - a1, a1 - a0, f2 - f1, f1 - f0)
    presence = max(0.0, a0, f0)
    # An opponent loses its presence only where we take its army, a step weighed at half
    k = 1.5 * denial
    return max(mine + k * top, 0.5 * (mine + k * (top + presence)))


def reach_bounds(ctx: Any) -> dict[str, float]:
    """Per land, an upper bound (never below 0) of the second step of taking it, in ``ctx``'s weights:
    the largest :func:`region_bound` among its neighbours' regions. Made once per board, epoch, style and
    region values, for the process (each context compares its region values once: a dozen entries)."""
    t, fut, cur, denial = ctx.t, ctx.fut, ctx.cur, ctx.style.denial
    key = (id(t), id(fut), denial)  # the later epochs' points: one dict per board, epoch and survival
    hit = _BOUNDS.get(key)
    if hit is None or hit[0] is not t or hit[1] is not fut or hit[2] != cur:
        by_region = {r: region_bound(cur.get(r), fut.get(r), denial) for r in t.regions}
        region_of = t.region_of
        bounds = {land: max([by_region[region_of[nb]] for nb in nbrs], default=0.0) + _MARGIN
                  for land, nbrs in t.land_nbrs.items()}
        if len(_BOUNDS) > 1_000:  # a few boards and styles: never let it grow without end
            _BOUNDS.clear()
        hit = _BOUNDS[key] = (t, fut, dict(cur), bounds)
    return hit[3]
