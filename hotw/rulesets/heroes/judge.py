"""How the Heroes bots judge a position: the points a seat can expect from every area, and what a change is worth.

An area's points go to the three players with most figures when its last progress
box is filled. The judge does not rank the figures as they stand (a rank changes
only at a whole figure, so most placements would look worth nothing): it gives each
opponent a chance of finishing ahead, a logistic curve of the figures between them,
flatter while the area has many empty boxes (others will place figures before it is
valued), and adds up the seat's expected place points. Each area is weighed by the
chance that it is valued in this era, less (for the levels that deny) what the leading
opponent expects there; in antiquity a beige area counts again, at a
discount, for the modern age, where its figures stay. A change (figures moved, a
tile placed) is judged by recomputing only the areas it touches, so a bot can weigh
every legal action in a few milliseconds.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from hotw.rulesets.heroes.observation import HeroesObservation

__all__ = ["Judge", "Lens", "ahead"]

#: Modern-age valuations out of its nine areas, and the boxes of a beige area.
MODERN_SHARE = 8 / 9
BEIGE_BOXES = 3


@dataclass(frozen=True)
class Lens:
    """What a judge looks at: the bots' levels differ in these."""

    #: power of the fill fraction in an area's weight (higher: only areas about to be valued count)
    horizon: float = 1.5
    #: share of an unfilled area's weight that does not depend on how full it is
    floor: float = 0.3
    #: figures of uncertainty in a rank, per empty box fraction (0: the figures as they stand)
    spread: float = 3.0
    #: weight of the modern-age valuation of a beige area, judged in antiquity
    future: float = 0.0
    #: weight of the leading opponent's expected points against the seat's own
    denial: float = 0.0


@functools.lru_cache(maxsize=8192)
def ahead(margin: int, wins_ties: bool, spread: float) -> float:
    """The chance that a player ``margin`` figures up (winning ties or not) finishes ahead."""
    x = (margin + (0.3 if wins_ties else -0.3)) / spread
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


#: id of the content -> (the content, tile id -> its points as a float): made once per content
_POINTS: dict[int, tuple[Any, dict[str, float]]] = {}


#: spread -> (2 * margin + wins_ties -> ahead(margin, wins_ties, spread)): ahead's values, read by Judge.expected
_AHEAD: dict[float, dict[int, float]] = {}


def _tile_points(content: Any) -> dict[str, float]:
    """Each progress tile's points as a float (the content's cards never change)."""
    hit = _POINTS.get(id(content))
    if hit is None or hit[0] is not content:
        if len(_POINTS) > 16:
            _POINTS.clear()
        hit = _POINTS[id(content)] = (content, {t: float(c.points) for t, c in content.progress.items()})
    return hit[1]


class Judge:
    """The expected points of seat ``obs.seat`` in every area, and the change any move makes to them."""

    def __init__(self, obs: "HeroesObservation", lens: Lens, memo: dict[Any, Any] | None = None) -> None:
        self.obs = obs
        self.lens = lens
        self.me = me = obs.seat
        self.n = n = obs.n
        self.places = 2 if n == 2 else 3
        self.era = obs.era
        points = _tile_points(obs.content)
        # the table in one read (the game's own objects, read and never kept: the judge keeps its own tuples)
        figures, boxes, capacity, self.open, valued, self.left, bag, played, active, scores = obs.table_now()
        # Plain loops, no comprehension or lambda: in Python 3.11 each is a function made and called, and every local
        # it reads (``self`` among them) becomes a cell for the whole method. As tuples, the memos' keys as they are.
        tuples: dict[str, tuple[int, ...]] = {}
        for a, f in figures.items():
            tuples[a] = tuple(f)
        self.figures: Mapping[str, tuple[int, ...]] = tuples
        get = points.__getitem__
        values: dict[str, tuple[float, ...]] = {}
        for a, b in boxes.items():
            values[a] = tuple(map(get, b)) if b else ()
        self.values = values
        self.capacity: Mapping[str, int] = capacity  # fixed for the game (read only)
        self.valued = valued_set = set(valued)
        self.mean_tile = sum(map(get, bag)) / len(bag) if bag else 2.0
        # The tie-breaks: higher progress of heroes played, more heroes played, counterclockwise from the active;
        # the opponent whose points the denial weighs: the leader (of equal scores, the first after the active).
        heroes = obs.content.heroes
        key: list[tuple[int, int, int]] = []
        rival, best = me, None
        for s in range(n):
            mine = played[s]
            progress = 0
            for h in mine:
                progress += heroes[h].progress
            key.append((-progress, -len(mine), (active - s) % n))
            if s != me:
                rank = (scores[s], -((s - active) % n))
                if best is None or rank > best:
                    best, rival = rank, s
        self.key = key
        self.rival = rival
        unvalued = 0
        for a in self.open:
            if a not in valued_set:
                unvalued += 1
        self.p_valued = min(1.0, self.left / unvalued) if unvalued else 0.0
        self._base: dict[str, float] = {}
        # An area's value depends on its figures and tiles and on this context only, so a bot keeps the values
        # between its decisions (``memo``) while the context holds: within a turn, most of the time.
        context = (lens, self.era, self.left, self.p_valued, self.mean_tile, tuple(self.key), self.rival,
                   self.open, frozenset(self.valued))
        if memo is None:
            memo = {}
        if memo.get("context") != context:
            memo.clear()
            memo["context"] = context
        self.memo: dict[Any, Any] = memo

    def base(self, area: str) -> float:
        """The seat's value of ``area`` as it stands (computed once, when first asked)."""
        hit = self._base.get(area)
        if hit is None:
            hit = self._base[area] = self.area(area, self.figures[area], self.values[area])
        return hit

    # -- one area ------------------------------------------------------------------------------
    def expected(self, fig: tuple[int, ...], seat: int, points: tuple[float, ...], spread: float) -> float:
        """``seat``'s expected place points with these figures, each opponent ahead with a logistic chance."""
        mine = fig[seat]
        if mine <= 0:
            return 0.0
        # d0, d1, d2: the chances that 0, 1, 2 opponents finish ahead (a lower place scores nothing)
        d0, d1, d2 = 1.0, 0.0, 0.0
        key = self.key
        mine_key = key[seat]
        # ahead() by its margin and tie-break as one int, per spread: no tuple made and hashed per opponent
        table = _AHEAD.get(spread)
        if table is None:
            if len(_AHEAD) > 4096:
                _AHEAD.clear()
            table = _AHEAD[spread] = {}
        for s, f in enumerate(fig):
            if s == seat or f <= 0:
                continue
            wins = key[s] < mine_key
            code = 2 * (f - mine) + wins
            p = table.get(code)
            if p is None:
                p = table[code] = ahead(f - mine, wins, spread)
            q = 1.0 - p
            d2 = d2 * q + d1 * p
            d1 = d1 * q + d0 * p
            d0 *= q
        return d0 * points[0] + d1 * points[1] + (d2 * points[2] if len(points) > 2 else 0.0)

    def _points(self, values: tuple[float, ...], missing: int, tile: float) -> tuple[float, ...]:
        total = sum(values) + missing * tile
        if missing:  # the least of the values and 0.7 of a tile, with no tuple made for it
            low = 0.7 * tile
            if values:
                low = min(min(values), low)
        else:
            low = min(values) if values else 0.0
        points = (total, (total + 1) / 2 if missing else float(math.ceil(total / 2)), low)
        return points if self.places == 3 else points[: self.places]

    def area(self, area: str, fig: tuple[int, ...], values: tuple[float, ...]) -> float:
        """The seat's expected points in ``area`` (less the denial), weighed by the chance it is valued."""
        key = (area, fig, values)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = self._area(area, fig, values)
        return hit

    def _area(self, area: str, fig: tuple[int, ...], values: tuple[float, ...]) -> float:
        lens, cap = self.lens, self.capacity[area]
        total = 0.0
        if area in self.open and area not in self.valued and self.left > 0:
            fill = len(values) / cap
            if fill >= 1:
                weight, spread = 1.0, 0.2
            else:
                weight = self.p_valued * (lens.floor + (1 - lens.floor) * fill ** lens.horizon)
                spread = 0.2 + lens.spread * (1 - fill)
            if weight > 0.001:
                total += weight * self._share(fig, self._points(values, cap - len(values), self.mean_tile), spread)
        if lens.future and self.era == 1 and area in self.open:
            kept = (max(values),) if values else ()
            points = self._points(kept, BEIGE_BOXES - len(kept), 2.0)
            total += lens.future * MODERN_SHARE * self._share(fig, points, 0.2 + 1.5 * lens.spread)
        return total

    def _share(self, fig: tuple[int, ...], points: tuple[float, ...], spread: float) -> float:
        mine = self.expected(fig, self.me, points, spread)
        if not self.lens.denial:
            return mine
        return mine - self.lens.denial * self.expected(fig, self.rival, points, spread)

    # -- changes -------------------------------------------------------------------------------
    def delta(self, figures: Mapping[tuple[str, int], int] | None = None,
              tiles: Mapping[str, Iterable[float]] | None = None) -> float:
        """The change in value after adding ``figures`` ((area, seat) -> count) and ``tiles`` (area -> points)."""
        if tiles is None and figures is not None and len(figures) == 1:  # the commonest: one area's figures
            ((area, seat), d), = figures.items()
            return self.delta_one(area, seat, d)
        figs: dict[str, list[int]] = {}
        for (area, seat), d in (figures or {}).items():
            fig = figs.get(area)
            if fig is None:
                fig = figs[area] = list(self.figures[area])
            fig[seat] = max(0, fig[seat] + d)
        tiles = tiles or {}
        out = 0.0
        for area in figs.keys() | tiles.keys():
            moved = figs.get(area)
            fig = tuple(moved) if moved else self.figures[area]
            values = self.values[area]
            if area in tiles:
                values = (values + tuple(tiles[area]))[: self.capacity[area]]
            out += self.area(area, fig, values) - self.base(area)
        return out

    def delta_one(self, area: str, seat: int, d: int) -> float:
        """:meth:`delta` of ``d`` figures of ``seat`` added in ``area`` (the commonest change), with no dict made."""
        fig = list(self.figures[area])
        n = fig[seat] + d
        fig[seat] = n if n > 0 else 0
        return 0.0 + (self.area(area, tuple(fig), self.values[area]) - self.base(area))  # as delta's sum

    def delta_pair(self, area: str, seat: int, d: int, other_area: str, other: int, other_d: int) -> float:
        """:meth:`delta` of the changes ``{(area, seat): d, (other_area, other): other_d}``, with no dict made (a sum
        of at most two areas' changes: the same in any order)."""
        if area == other_area:
            if seat == other:  # one key of the dict: the second value
                return self.delta_one(area, other, other_d)
            fig = list(self.figures[area])
            n = fig[seat] + d
            fig[seat] = n if n > 0 else 0
            n = fig[other] + other_d
            fig[other] = n if n > 0 else 0
            return 0.0 + (self.area(area, tuple(fig), self.values[area]) - self.base(area))
        return self.delta_one(area, seat, d) + self.delta_one(other_area, other, other_d)

    def delta_tile(self, area: str, points: float) -> float:
        """:meth:`delta` of one tile of ``points`` placed in ``area``."""
        values = (self.values[area] + (points,))[: self.capacity[area]]
        return 0.0 + (self.area(area, self.figures[area], values) - self.base(area))

    def total(self) -> float:
        """The seat's value of the whole board."""
        return sum(self.base(a) for a in self.figures)
