"""Bots for Heroes of the World: greedy and heuristic levels, deciding from the seat's observation only.

Every level weighs each legal action by the change it makes to the seat's expected
points (:class:`hotw.rulesets.heroes.judge.Judge`). The levels differ in their
:class:`Style`: what the judge looks at (only areas about to be valued, or every area
and, in antiquity, the modern age to come; opponents' points or not), whether a hero
is judged by playing it through (its figures placed, its tiles and conquest weighed)
or by its printed values, whether the bot saves coins for a wonder and migrates, and
how often it plays a hunch. ``scripts/tournament_heroes.py`` measures the ladder
(``docs/whatif.md``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from hotw.actions import Action
from hotw.game import Game
from hotw.i18n import Domain, Msg, num
from hotw.rulesets.heroes.conquest import FACES
from hotw.rulesets.heroes.judge import Judge, Lens
from hotw.rulesets.heroes.observation import HeroesObservation, action_words
from hotw.rulesets.heroes.valuation import place_points

__all__ = ["BOTS", "LEVELS", "HeroesBot", "Style"]


@dataclass(frozen=True)
class Style:
    """How a bot weighs its choices."""

    name: str
    lens: Lens = field(default_factory=Lens)
    #: judge a hero by playing it through (else by its printed values)
    plays_heroes: bool = True
    #: save coins for a wonder, migrate figures, value coins by what they can still buy
    plans: bool = False
    #: chance of a random legal move instead of the chosen one
    noise: float = 0.0


LEVELS: dict[str, Style] = {
    "greedy": Style("greedy", Lens(horizon=6.0, floor=0.05, spread=0.0)),
    "heuristic:easy": Style("heuristic:easy", Lens(horizon=2.0, floor=0.0, spread=0.0), plays_heroes=False,
                            noise=0.35),
    "heuristic:medium": Style("heuristic:medium", Lens(horizon=1.5, floor=0.2, spread=2.0, denial=0.3)),
    "heuristic:hard": Style("heuristic:hard", Lens(horizon=1.5, floor=0.3, spread=3.0, future=0.5, denial=0.5),
                            plans=True),
}

_ = Domain("heroes")

#: Points a coin is worth when kept (two coins buy a point).
COIN = 0.45


class HeroesBot:
    """A bot of one :class:`Style`."""

    def __init__(self, style: Style, seed: int | str = 0) -> None:
        self.style = style
        self.name = style.name
        self.rng = random.Random(f"{style.name}:{seed}")
        # why the last action was chosen: (game, action, how, value), said only when asked (explain)
        self._why: tuple[Any, Action, str, float] | None = None
        self._memo: dict[Any, Any] = {}  # the judge's area values, kept while their context holds

    def explain(self) -> Msg:
        """One line on why the last action was chosen."""
        if self._why is None:
            return _("no move yet")
        game, action, how, value = self._why
        words = action_words(game, action)  # names from the board and the cards, which never change in a game
        if how == "only":
            return _("{action}: the only legal action", action=words)
        if how == "hunch":
            return _("{action}: a hunch", action=words)
        return _("{action}: worth {value} points by the bot's reckoning", action=words, value=_signed(value))

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""
        seat = game.to_decide[0]
        obs = HeroesObservation(game, seat)
        legal = obs.legal_actions()
        if len(legal) == 1:
            self._why = (game, legal[0], "only", 0.0)
            return legal[0]
        if self.style.noise and self.rng.random() < self.style.noise:
            action = self.rng.choice(legal)
            self._why = (game, action, "hunch", 0.0)
            return action
        # Loops rather than comprehensions and lambdas in the hot methods here: in Python 3.11 each is a function made
        # and called, and every local it reads (``self`` among them) becomes a cell for the whole method.
        value, rand = _Choices(obs, self.style, self._memo).value, self.rng.random
        scored = []
        for a in legal:
            scored.append((value(a), rand(), a))
        best = max(scored)
        self._why = (game, best[2], "worth", best[0])
        return best[2]


class _Choices:
    """What each legal action is worth to one seat, through its judge."""

    def __init__(self, obs: HeroesObservation, style: Style, memo: dict[Any, Any] | None = None) -> None:
        self.obs = obs
        self.style = style
        self.judge = Judge(obs, style.lens, memo)
        self.me = obs.seat
        self.content = obs.content
        self.figures = self.judge.figures
        self._memo: dict[Any, float] = {}
        self._one: dict[tuple[Any, ...], float] = {}  # moved_one's and moved_pair's values
        self._worths: dict[str, float] = {}  # hero_worth's, for this decision

    def value(self, action: Action) -> float:
        kind = action.kind
        if kind in _WONDER_STEPS and self.obs.step == "wonder":
            return self._wonder_step(action)
        handler = _HANDLERS.get(kind)  # the method named after the kind (``_place`` for place), if any
        return handler(self, action.target) if handler is not None else 0.0

    def moved(self, changes: dict[tuple[str, int], int]) -> float:
        # one change (the commonest) needs no sort: the same key as the sorted items
        key = tuple(changes.items()) if len(changes) == 1 else tuple(sorted(changes.items()))
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self.judge.delta(changes)
        return hit

    def moved_one(self, area: str, seat: int, d: int) -> float:
        """:meth:`moved` of one change, ``d`` figures of ``seat`` in ``area``: no dict made to ask it."""
        key = (area, seat, d)
        hit = self._one.get(key)
        if hit is None:
            hit = self._one[key] = self.judge.delta_one(area, seat, d)
        return hit

    def moved_pair(self, area: str, seat: int, d: int, other_area: str, other: int, other_d: int) -> float:
        """:meth:`moved` of ``{(area, seat): d, (other_area, other): other_d}``: no dict made to ask it."""
        key = (area, seat, d, other_area, other, other_d)
        hit = self._one.get(key)
        if hit is None:
            hit = self._one[key] = self.judge.delta_pair(area, seat, d, other_area, other, other_d)
        return hit

    def coin(self) -> float:
        """What a coin kept is worth: nothing once the game's last turn is under way."""
        if self.style.plans and self.judge.era == 2 and self.judge.left <= 0:  # the observation's, read once
            return 0.0
        return COIN

    # -- figures -----------------------------------------------------------------------------
    def _place(self, area: str) -> float:
        value = self.moved_one(area, self.me, 1)
        if self.obs.step == "start" and self.style.plans:  # start figures where the hand's heroes act
            value += 0.15 * sum(1 for h in self.obs.hand if area in self.content.heroes[h].areas)
        return value

    def _move(self, area: str) -> float:
        source = (self.obs.effect or {}).get("from", area)
        return self.moved({(source, self.me): -1, (area, self.me): 1})

    def _flee(self, area: str) -> float:
        c = self.obs.conquest or {}
        them, card = c.get("defender", 0), self.content.heroes[self.obs.hero or ""]
        return self.moved_one(area, them, card.conquest)

    # -- heroes ------------------------------------------------------------------------------
    def hero_worth(self, hero: str) -> float:
        """What playing ``hero`` now brings: its figures placed, tiles, conquest and coins."""
        hit = self._worths.get(hero)  # the same all through one decision (a choice weighs the hand for each card)
        if hit is not None:
            return hit
        card = self.content.heroes[hero]
        judge = self.judge
        open_areas, figures, values = judge.open, self.figures, judge.values
        areas, seen = [], []
        for a in card.areas:
            if a in open_areas:
                areas.append(a)
                seen.append((figures[a], values[a]))
        # kept with the judge's area values: the same between taking a hero and playing one
        key = ("hero", hero, self.style.name, self.obs.reserve[self.me], tuple(seen))
        if key in self.judge.memo:
            worth = self._worths[hero] = self.judge.memo[key]
            return worth
        if not areas:
            worth = -5.0
        elif not self.style.plays_heroes:
            free = [a for a in areas if len(self.judge.values[a]) < self.judge.capacity[a]]
            worth = card.population * 0.7 + min(card.progress, len(free)) * 1.2 + card.conquest * 0.5 \
                + card.treasure * 0.5
        else:
            worth = self._population(areas, card.population) + self._progress(areas, card.progress) \
                + self._conquest(areas, card.conquest) + card.treasure * self.coin()
        self.judge.memo[key] = self._worths[hero] = worth
        return worth

    def _population(self, areas: list[str], count: int) -> float:
        """Figures placed one at a time where each is worth most (areas are judged apart, so gains add up)."""
        me, one = self.me, self.moved_one
        placed = dict.fromkeys(areas, 0)
        for _ in range(min(count, self.obs.reserve[me])):
            best, top = areas[0], 0.0
            for i, a in enumerate(areas):  # the first area of the largest gain, as max() keeps it
                k = placed[a]
                gain = one(a, me, k + 1) - (one(a, me, k) if k else 0.0)
                if not i or gain > top:
                    best, top = a, gain
            placed[best] += 1
        gains = []
        for a, k in placed.items():
            if k:
                gains.append(one(a, me, k))
        return sum(gains)

    def _progress(self, areas: list[str], count: int) -> float:
        judge = self.judge
        valued, values, capacity, mean = judge.valued, judge.values, judge.capacity, judge.mean_tile
        gains = []
        for a in areas:
            if a not in valued and len(values[a]) < capacity[a]:
                gains.append(self._tile_in(a, mean))
        gains.sort(reverse=True)
        return sum(gains[:count])

    def _tile_in(self, area: str, points: float) -> float:
        key = ("tile", area, points)
        if key not in self._memo:
            self._memo[key] = self.judge.delta_tile(area, points)
        return self._memo[key]

    def _conquest(self, areas: list[str], value: int) -> float:
        if not value:
            return 0.0
        best, me = 0.0, self.me
        for area in areas:
            fig = self.figures[area]
            if fig[me]:
                # the two opponents with most figures there: attacking a smaller one is rarely worth more
                rivals = []
                for s, c in enumerate(fig):
                    if c and s != me:
                        rivals.append(s)
                rivals.sort(key=fig.__getitem__, reverse=True)  # stable, as the sort by -figures was
                for them in rivals[:2]:
                    best = max(best, self._attack(area, them, value))
        return best

    def _take(self, hero: str) -> float:
        hand = [self.hero_worth(h) for h in self.obs.hand]
        return self.hero_worth(hero) + 0.2 * max(hand, default=0.0)

    def _deck(self, _: str) -> float:
        display = [self.hero_worth(h) for h in self.obs.display]
        hand = [self.hero_worth(h) for h in self.obs.hand]
        guess = sum(display) / len(display) if display else 3.0
        return max(guess, max(hand, default=0.0)) + 0.2 * max(hand, default=0.0) - 0.3

    def _play(self, hero: str) -> float:
        return self.hero_worth(hero)

    # -- progress ----------------------------------------------------------------------------
    def _tile(self, tile: str) -> float:
        points = self.content.progress[tile].points
        return max((self._tile_in(a, points) for a in self.obs.hero_areas()
                    if a not in self.obs.placed_here and len(self.judge.values[a]) < self.judge.capacity[a]),
                   default=0.0) + 0.01 * points

    def _box(self, area: str) -> float:
        drawn = self.obs.drawn
        if not drawn:
            return 0.0
        return self._tile_in(area, self.content.progress[drawn[0]].points)

    def _ajanta(self, use: str) -> float:
        area = self.obs.pending_value
        if area is None:
            return 0.0
        third = place_points(2, [self.content.progress[t].points for t in self.obs.boxes[area]])
        want = third >= 2 or self.obs.valuations_left <= 1
        return (1.0 if want else -1.0) * (1 if use == "use" else -1)

    def _gardens(self, use: str) -> float:
        count = self.obs.losses[0][2] if self.obs.losses else 0
        want = count >= 2 or not self.style.plans
        return (1.0 if want else -1.0) * (1 if use == "use" else -1)

    # -- conquest ----------------------------------------------------------------------------
    def _conquer(self, area: str) -> float:
        card = self.content.heroes[self.obs.hero or ""]
        return max(self._attack(area, s, card.conquest) for s, c in enumerate(self.figures[area])
                   if c and s != self.me) - 0.1

    def _attack(self, area: str, them: int, value: int) -> float:
        """The conquest's worth: the mean over the die's faces."""
        key = ("attack", area, them, value)
        if key in self._memo:
            return self._memo[key]
        extra = 2 if self.obs.era >= 2 else 1
        gains = {
            "victory": self.moved_one(area, them, -(value + extra)),
            "deserters": self.moved_pair(area, them, -extra, area, self.me, extra),
            "escape": self.moved_one(area, them, -value),
            "looting": value * self.coin(),
            "counterattack": self.moved_pair(area, them, -value, area, self.me, -value),
            "resistance": self.moved_one(area, self.me, -value),
        }
        self._memo[key] = sum(gains[f] for f in FACES) / len(FACES)
        return self._memo[key]

    def _no_conquest(self, _: str) -> float:
        return 0.0

    def _defender(self, seat: str) -> float:
        card = self.content.heroes[self.obs.hero or ""]
        area = (self.obs.conquest or {}).get("area", "")
        return self._attack(area, int(seat), card.conquest) if area else 0.0

    # -- spending ----------------------------------------------------------------------------
    def _end_turn(self, _: str) -> float:
        return 0.0

    def _buy(self, _: str) -> float:
        if self.style.plans and self._saving():
            return -0.5
        return 1.0 - 2 * self.coin()

    def _saving(self) -> bool:
        """Keep coins: a wonder is there to build and the coins nearly reach it."""
        coins = self.obs.coins[self.me]
        era = ("antiquity", "modern")[self.obs.era - 1]
        open_wonders = [w for w in self.content.wonders_of(era) if w not in self.obs.wonders]
        cost = int(self.obs.opts["wonder_cost"])
        return bool(open_wonders) and cost - 4 <= coins < cost and self.obs.valuations_left >= 2

    def _build(self, wonder: str) -> float:
        cost = int(self.obs.opts["wonder_cost"])
        ability = 1.5 if self.obs.valuations_left >= 2 else 0.3
        return 3.0 + ability - cost * self.coin()

    def _migrate(self, area: str) -> float:
        if not self.style.plans:
            return -1.0
        count = min(4, self.figures[area][self.me])
        memo, key = self.judge.memo, ("neighbours", area)  # the open areas are the memo's context's
        nbrs = memo.get(key)
        if nbrs is None:
            nbrs = memo[key] = self.obs.neighbours(area)
        me, pair = self.me, self.moved_pair
        gain = 0.0
        for i, d in enumerate(nbrs):  # max(..., default=0.0) without its generator's cells
            g = pair(area, me, -count, d, me, count)
            if not i or g > gain:
                gain = g
        return gain - 2 * self.coin() - 0.3

    def _stop(self, _: str) -> float:
        return 0.05

    def _wonder(self, wonder: str) -> float:
        effect = self.content.wonders[wonder].effect
        if effect == "versailles":
            return 0.5 + self.obs.coins[self.me] * (1 - self.coin())
        return 0.5 if self.obs.valuations_left <= 2 or not self.style.plans else 0.2

    def _wonder_step(self, action: Action) -> float:
        eff = self.obs.effect or {}
        kind, step, t = eff.get("kind"), eff.get("step"), action.target
        if kind in ("great_wall", "tenochtitlan"):
            most = 3 if kind == "great_wall" else 6
            if step == "area":
                return max(self.moved_one(t, s, -most) for s, c in enumerate(self.figures[t]) if c and s != self.me)
            if step == "seat":
                return self.moved_one(eff["area"], int(t), -most)
            return int(t)
        if kind == "kremlin":
            return self.moved_one(t, self.me, 5)
        if kind == "moai":
            if step == "from":
                return -self.moved_one(t, self.me, -1)
            if step == "to":
                return self.moved_one(t, self.me, 1)
            return self.moved({(eff["from"], self.me): -int(t), (eff["to"], self.me): int(t)})
        if kind == "parthenon":
            if step == "tile":
                return float(self.content.progress[t].points)
            return self._tile_in(t, self.content.progress[eff["tile"]].points)
        if kind == "versailles":
            return int(t)
        return float(self.obs.score[int(t)]) if t.isdigit() else 0.0


#: the kinds of action a wonder's steps share with other steps
_WONDER_STEPS = frozenset({"area", "seat", "count", "from", "to", "tile", "box"})
#: kind -> the method that weighs an action of that kind (``_Choices._place`` for ``place``)
_HANDLERS: dict[str, Callable[[_Choices, str], float]] = {
    kind: getattr(_Choices, f"_{kind}") for kind in (
        "place", "move", "flee", "take", "deck", "play", "tile", "box", "ajanta", "gardens", "conquer", "no_conquest",
        "defender", "end_turn", "buy", "build", "migrate", "stop", "wonder")}


def _signed(value: float) -> Any:
    """A value with its sign and one decimal ("+1.5", "-0.3"), as the reader's locale writes the digits."""
    # TRANSLATORS: a number with its sign: "+1.5"
    return _("+{value}", value=num(value, 1)) if value >= 0 else _("-{value}", value=num(-value, 1))


def _factory(style: Style) -> Callable[..., Any]:
    def make(seed: int | str = 0) -> HeroesBot:
        return HeroesBot(style, seed)
    return make


#: name -> factory(seed) of this ruleset's own bots (``make_bot`` finds them through ``Ruleset.bots``).
BOTS: dict[str, Callable[..., Any]] = {name: _factory(style) for name, style in LEVELS.items()}
BOTS["heuristic"] = BOTS["heuristic:medium"]
