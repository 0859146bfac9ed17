"""Bots for Heroes of the World: greedy and heuristic levels, deciding from the seat's observation only.

Every level weighs each legal action by how it changes a position value: for each
area not yet valued this era, the points the bot would score there if it were valued
with the figures as they stand, weighted by how full its progress boxes are (a full
area is valued now). The levels differ in their :class:`Style`: how far they look at
areas not about to be valued, how much an opponent's points count against them,
whether they save coins for wonders and migrate, and how often they play a hunch.
``scripts/tournament_heroes.py`` measures the ladder.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from hotw.actions import Action
from hotw.game import Game
from hotw.rulesets.heroes.conquest import FACES
from hotw.rulesets.heroes.observation import HeroesObservation
from hotw.rulesets.heroes.valuation import place_points, ranking

__all__ = ["BOTS", "LEVELS", "HeroesBot", "Style"]


@dataclass(frozen=True)
class Style:
    """How a bot weighs its choices."""

    name: str
    #: power of the fill fraction in an area's weight (higher: only areas about to be valued count)
    horizon: float
    #: weight of an opponent's points against the bot's own
    denial: float
    #: save coins for a wonder and migrate figures where a race is close
    plans: bool
    #: chance of a random legal move instead of the chosen one
    noise: float


LEVELS: dict[str, Style] = {
    "greedy": Style("greedy", horizon=6.0, denial=0.0, plans=False, noise=0.0),
    "heuristic:easy": Style("heuristic:easy", horizon=2.0, denial=0.0, plans=False, noise=0.3),
    "heuristic:medium": Style("heuristic:medium", horizon=1.5, denial=0.4, plans=False, noise=0.0),
    "heuristic:hard": Style("heuristic:hard", horizon=2.0, denial=0.3, plans=True, noise=0.0),
}

Figures = dict[str, list[int]]
Boxes = dict[str, list[str]]


class HeroesBot:
    """A bot of one :class:`Style`."""

    def __init__(self, style: Style, seed: int | str = 0) -> None:
        self.style = style
        self.name = style.name
        self.rng = random.Random(f"{style.name}:{seed}")
        self._why = "no move yet"

    def explain(self) -> str:
        """One line on why the last action was chosen."""
        return self._why

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""
        seat = game.to_decide[0]
        obs = HeroesObservation(game, seat)
        legal = obs.legal_actions()
        if len(legal) == 1:
            self._why = f"{obs.label(legal[0])}: the only legal action"
            return legal[0]
        if self.style.noise and self.rng.random() < self.style.noise:
            action = self.rng.choice(legal)
            self._why = f"{obs.label(action)}: a hunch"
            return action
        judge = _Judge(obs, self.style)
        scored = [(judge.value(a), self.rng.random(), a) for a in legal]
        best = max(scored)
        self._why = f"{obs.label(best[2])}: worth {best[0]:+.1f} by the bot's reckoning"
        return best[2]


class _Judge:
    """The position value of one seat, and what each action changes in it."""

    def __init__(self, obs: HeroesObservation, style: Style) -> None:
        self.obs = obs
        self.style = style
        self.me = obs.seat
        self.content = obs.content
        self.figures: Figures = {a: list(f) for a, f in obs.figures.items()}
        self.boxes: Boxes = {a: list(b) for a, b in obs.boxes.items()}
        self.open = obs.open_areas
        self.valued = set(obs.valued)
        self.left = obs.valuations_left
        bag = obs.bag
        tiles = self.content.progress
        self.mean_tile = sum(tiles[t].points for t in bag) / len(bag) if bag else 2.0
        self.sums = obs.progress_sums()
        self.counts = [len(p) for p in obs.played]

    # -- the position -----------------------------------------------------------------------
    def area_points(self, area: str, figures: Figures, boxes: Boxes, complete: bool) -> float:
        """My points in ``area`` if valued now (an unfilled area's total estimated), less the denial."""
        tiles = self.content.progress
        values = [tiles[t].points for t in boxes[area]]
        if not complete:
            values += [self.mean_tile] * (self.obs.capacity[area] - len(values))  # type: ignore[list-item]
        order = ranking(figures[area], self.sums, self.counts, self.obs.active)
        places = 2 if self.obs.n == 2 else 3
        mine, best_other = 0.0, 0.0
        for i, (seat, _) in enumerate(order[:places]):
            pts = float(place_points(i, values))  # type: ignore[arg-type]
            if seat == self.me:
                mine = pts
            else:
                best_other = max(best_other, pts)
        return mine - self.style.denial * best_other

    def position(self, figures: Figures | None = None, boxes: Boxes | None = None) -> float:
        figures = self.figures if figures is None else figures
        boxes = self.boxes if boxes is None else boxes
        if self.left <= 0:
            return 0.0
        total = 0.0
        for area in self.open:
            if area in self.valued:
                continue
            cap = self.obs.capacity[area]
            fill = len(boxes[area]) / cap
            weight = 1.0 if fill >= 1 else fill ** self.style.horizon
            if weight > 0.001:
                total += weight * self.area_points(area, figures, boxes, fill >= 1)
        return total

    def moved(self, changes: dict[tuple[str, int], int]) -> float:
        """The position after adding ``changes`` ((area, seat) -> figures) to the board, less now."""
        figures = {a: list(f) for a, f in self.figures.items()}
        for (area, seat), d in changes.items():
            figures[area][seat] = max(0, figures[area][seat] + d)
        return self.position(figures) - self.position()

    # -- actions ------------------------------------------------------------------------------
    def value(self, action: Action) -> float:
        kind, t = action.kind, action.target
        step = self.obs.step
        handler: Callable[[str], float] | None = getattr(self, f"_{kind}", None)
        if step == "wonder" and kind in ("area", "seat", "count", "from", "to", "tile", "box"):
            return self._wonder_step(action)
        if handler is None:
            return 0.0
        return handler(t)

    def _place(self, area: str) -> float:
        return self.moved({(area, self.me): 1})

    def _move(self, area: str) -> float:
        source = (self.obs.effect or {}).get("from", area)
        return self.moved({(source, self.me): -1, (area, self.me): 1})

    def _flee(self, area: str) -> float:
        c = self.obs.conquest or {}
        them, card = c.get("defender", 0), self.content.heroes[self.obs.hero or ""]
        return self.moved({(area, them): card.conquest})

    def hero_worth(self, hero: str) -> float:
        card = self.content.heroes[hero]
        areas = [a for a in card.areas if a in self.open]
        if not areas:
            return -5.0
        free = [a for a in areas if a not in self.valued and len(self.boxes[a]) < self.obs.capacity[a]]
        race = sum(1 for a in areas if self.figures[a][self.me]) / len(areas)
        return (card.population * 0.7 + min(card.progress, len(free)) * 1.4 + card.conquest * 0.5 * (0.5 + race)
                + card.treasure * 0.5 + 0.5 * len(free))

    def _take(self, hero: str) -> float:
        return self.hero_worth(hero)

    def _deck(self, _: str) -> float:
        return 3.0

    def _play(self, hero: str) -> float:
        return self.hero_worth(hero)

    def _tile(self, tile: str) -> float:
        points = self.content.progress[tile].points
        return max((self._box_with(tile, a) for a in self.obs.hero_areas()
                    if a not in self.obs.placed_here and len(self.boxes[a]) < self.obs.capacity[a]),
                   default=0.0) + 0.01 * points

    def _box_with(self, tile: str, area: str) -> float:
        boxes = {a: list(b) for a, b in self.boxes.items()}
        boxes[area].append(tile)
        return self.position(boxes=boxes) - self.position()

    def _box(self, area: str) -> float:
        drawn = self.obs.drawn
        tile = drawn[0] if len(drawn) == 1 else None
        if tile is None:
            tile = next((t for t in drawn), None)
        return self._box_with(tile, area) if tile else 0.0

    def _ajanta(self, use: str) -> float:
        area = self.obs.pending_value
        if area is None:
            return 0.0
        third = place_points(2, [self.content.progress[t].points for t in self.boxes[area]])
        want = third >= 2 or self.left <= 1
        return (1.0 if want else -1.0) * (1 if use == "use" else -1)

    def _gardens(self, use: str) -> float:
        count = self.obs.losses[0][2] if self.obs.losses else 0
        want = count >= 2 or not self.style.plans
        return (1.0 if want else -1.0) * (1 if use == "use" else -1)

    def _conquer(self, area: str) -> float:
        card = self.content.heroes[self.obs.hero or ""]
        others = [s for s, c in enumerate(self.figures[area]) if s != self.me and c]
        best = max(others, key=lambda s: self.figures[area][s])
        return self._attack(area, best, card.conquest) - 0.2

    def _attack(self, area: str, them: int, value: int) -> float:
        modern = self.obs.era >= 2
        gains = {
            "victory": self.moved({(area, them): -(value + (2 if modern else 1))}),
            "deserters": self.moved({(area, them): -(2 if modern else 1), (area, self.me): 2 if modern else 1}),
            "escape": self.moved({(area, them): -value}),
            "looting": 0.5 * value,
            "counterattack": self.moved({(area, them): -value, (area, self.me): -value}),
            "resistance": self.moved({(area, self.me): -value}),
        }
        return sum(gains[f] for f in FACES) / len(FACES)

    def _no_conquest(self, _: str) -> float:
        return 0.0

    def _defender(self, seat: str) -> float:
        card = self.content.heroes[self.obs.hero or ""]
        area = (self.obs.conquest or {}).get("area", "")
        return self._attack(area, int(seat), card.conquest) if area else 0.0

    def _end_turn(self, _: str) -> float:
        return 0.0

    def _buy(self, _: str) -> float:
        if self.style.plans and self._saving():
            return -0.5
        return 0.9

    def _saving(self) -> bool:
        """Keep coins: a wonder is there to build and the coins nearly reach it."""
        coins = self.obs.coins[self.me]
        open_wonders = [w for w in self.content.wonders_of(("antiquity", "modern")[self.obs.era - 1])
                        if w not in self.obs.wonders]
        cost = int(self.obs.opts["wonder_cost"])
        return bool(open_wonders) and cost - 4 <= coins < cost and self.left >= 2

    def _build(self, wonder: str) -> float:
        return 3.6 if self.left >= 1 else 2.0

    def _migrate(self, area: str) -> float:
        if not self.style.plans:
            return -1.0
        dests = self.obs.neighbours(area)
        gain = max((self.moved({(area, self.me): -min(4, self.figures[area][self.me]),
                                (d, self.me): min(4, self.figures[area][self.me])}) for d in dests), default=0.0)
        return gain - 1.0

    def _stop(self, _: str) -> float:
        return 0.05

    def _wonder(self, wonder: str) -> float:
        effect = self.content.wonders[wonder].effect
        if effect == "versailles":
            return 1.0 + self.obs.coins[self.me] * 0.5
        return 0.5

    def _wonder_step(self, action: Action) -> float:
        eff = self.obs.effect or {}
        kind, step, t = eff.get("kind"), eff.get("step"), action.target
        if kind in ("great_wall", "tenochtitlan"):
            if step == "area":
                return max(self.moved({(t, s): -3}) for s, c in enumerate(self.figures[t]) if c and s != self.me)
            if step == "seat":
                return self.moved({(eff["area"], int(t)): -3})
            return int(t)
        if kind == "kremlin":
            return self.moved({(t, self.me): 5})
        if kind == "moai":
            if step == "from":
                return -self.moved({(t, self.me): -1})
            if step == "to":
                return self.moved({(t, self.me): 1})
            return self.moved({(eff["from"], self.me): -int(t), (eff["to"], self.me): int(t)})
        if kind == "parthenon":
            if step == "tile":
                return float(self.content.progress[t].points)
            return self._box_with(eff["tile"], t)
        if kind == "versailles":
            return int(t)
        return float(self.obs.score[int(t)]) if t.isdigit() else 0.0


def _factory(style: Style) -> Callable[..., Any]:
    def make(seed: int | str = 0) -> HeroesBot:
        return HeroesBot(style, seed)
    return make


#: name -> factory(seed) of this ruleset's own bots (``make_bot`` finds them through ``Ruleset.bots``).
BOTS: dict[str, Callable[..., Any]] = {name: _factory(style) for name, style in LEVELS.items()}
BOTS["heuristic"] = BOTS["heuristic:medium"]
