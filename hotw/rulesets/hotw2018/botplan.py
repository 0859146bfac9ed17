"""The draft's planned expansion for the 2018 bots: the lands an empire would take on an empty board.

A medium bot values an empire card (and every bot a kingdom) by this plan, made once per
empire, markers and epoch on the board's :class:`~hotw.rulesets.hotw2018.evaluation.Tables`.
"""

from __future__ import annotations

from hotw.rulesets.hotw2018.evaluation import Tables
from hotw.scoring import level_index

__all__ = ["plan"]


def plan(t: Tables, starts: tuple[str, ...], fleets: tuple[str, ...], caravans: tuple[str, ...],
         epoch: int) -> tuple[str, ...]:
    """Lands in the order an empire would take them on an empty board (cached per empire and epoch)."""
    key = (starts, fleets + caravans, epoch)
    hit = t.plans.get(key)  # type: ignore[call-overload]
    if hit is not None:
        return hit
    values = t.token_values[min(epoch, t.epochs)]
    region_of, resources, land_nbrs = t.region_of, t.resources, t.land_nbrs
    taken: list[str] = []
    done: set[str] = set()
    held: dict[str, int] = {}
    markers = set(fleets) | set(caravans)
    reached: set[str] = set()
    # A land's gain is its region's step (the points one more army there adds) plus its own part
    # (half its resources, 100 for a start): the step is worked out once per region and count,
    # not once per land.
    steps: dict[str, int] = {}

    def step(r: str) -> int:
        c = held.get(r, 0)
        vals = values.get(r, (0, 0, 0))
        before = vals[level_index(c, 0)] if c else 0
        s = steps[r] = vals[level_index(c + 1, 0)] - before
        return s

    def gain(land: str, s: int) -> tuple[float, str]:
        return (s + 0.5 * resources.get(land, 0) + (100 if land in starts else 0), land)

    # The frontier with each land's (gain, land): a gain changes only when its region's count does,
    # so the frontier's lands are also kept by region (only those of the region just taken are re-weighed).
    frontier: dict[str, tuple[float, str]] = {}
    by_region: dict[str, list[str]] = {}
    for land in starts:
        r = region_of[land]
        s = steps.get(r)
        frontier[land] = gain(land, step(r) if s is None else s)
    for land in frontier:
        by_region.setdefault(region_of[land], []).append(land)
    while frontier and len(taken) < 24:
        land = max(frontier.values())[1]  # (gain, land) pairs are unique: the same land whatever the order
        del frontier[land]
        taken.append(land)
        done.add(land)
        region = region_of[land]
        same = by_region[region]
        same.remove(land)
        held[region] = held.get(region, 0) + 1
        s = step(region)
        new = [n for n in land_nbrs[land] if n not in done]
        if markers:
            for m in markers - reached:
                if land in t.marker_lands.get(m, ()):
                    reached.add(m)
                    new.extend(x for x in t.marker_lands[m] if x not in done)
        for x in same:
            frontier[x] = gain(x, s)
        for x in new:
            if x not in frontier:
                r = region_of[x]
                sx = steps.get(r)
                frontier[x] = gain(x, step(r) if sx is None else sx)
                by_region.setdefault(r, []).append(x)
    order = tuple(taken)
    t.plans[key] = order  # type: ignore[index]
    return order
