"""A player's turn up to the conquest: choose a hero, play one, place its figures and its progress.

Filling an area's last empty progress box values the area at once (with the Ajanta
Caves' owner deciding whether to use them there); the turn then goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, Msg, joined
from hotw.rulesets.heroes.valuation import Placing, Valuation, place_points, ranking
from hotw.rulesets.heroes.words import explain, prompt

if TYPE_CHECKING:
    from hotw.rulesets.heroes.cards import Hero
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["Turn"]

_ = Domain("heroes")
_n = _.plural

#: the actions of the commonest steps, each made once (actions are values)
PLACE, _TAKE, _PLAY, _BOX, _TILE = (ActionsOf(k) for k in ("place", "take", "play", "box", "tile"))


class Turn:
    """The steps of a turn from the hero choice to the last progress tile, and the area valuation."""

    # -- words ------------------------------------------------------------------------------
    def prompt(self: "HeroesGame", phase: str) -> Msg:
        return prompt(self, phase)

    def explain_illegal(self: "HeroesGame", action: Action) -> Msg:
        return explain(self, action)

    @property
    def hero_card(self: "HeroesGame") -> "Hero | None":
        """The hero played this turn (None before it is played)."""
        return self.content.heroes[self.hero] if self.hero else None

    def hero_areas(self: "HeroesGame") -> list[str]:
        """The open areas of the played hero's influence."""
        card = self.hero_card
        if card is None:
            return []
        open_areas = self.open_areas
        return [a for a in card.areas if a in open_areas]

    # -- the start of a turn: choose a hero ---------------------------------------------------
    def turn_start(self: "HeroesGame") -> None:
        self._reset_turn()
        seat = self.active
        if not self.hands[seat] and not self.display and not self.deck:
            self.passes += 1
            self.say(_("{who} has no hero card left to take or play and passes", who=self.who(seat)))
            if self.passes >= self.n:
                self.era_over = True
                self.say(_("no player has a hero card left: the era ends"))
            self.phase = "turn_end"
            return
        self.passes = 0
        self.phase = "choose" if (self.display or self.deck) else "play"

    def legal_choose(self: "HeroesGame") -> list[Action]:
        out = list(map(_TAKE.__getitem__, self.display))
        if self.deck:
            out.append(Action("deck"))
        return out + self.usable_wonders()

    def apply_choose(self: "HeroesGame", action: Action) -> None:
        if action.kind == "take":
            self.display.remove(action.target)
            self.hands[self.active].append(action.target)
            self.tell(_takes, self.who(self.active), self.content.heroes[action.target].name)
            self.phase = "play"
        elif action.kind == "deck":
            self.phase = "deck_draw"
        else:
            self.start_wonder(action.target)

    def apply_deck_draw(self: "HeroesGame", action: Action) -> None:
        self.deck.remove(action.target)
        self.hands[self.active].append(action.target)
        self.tell(_draws_hero, self.who(self.active))
        self.phase = "play"

    # -- play a hero ---------------------------------------------------------------------
    def legal_play(self: "HeroesGame") -> list[Action]:
        return list(map(_PLAY.__getitem__, self.hands[self.active]))

    def apply_play(self: "HeroesGame", action: Action) -> None:
        seat, hero = self.active, action.target
        self.hands[seat].remove(hero)
        self.played[seat].append(hero)
        self.hero = hero
        card = self.content.heroes[hero]
        self.tell(_plays, self.who(seat), card.name, card.population, card.progress, card.conquest, card.treasure)
        self.left = min(card.population, self.reserve[seat])
        if card.population > self.reserve[seat]:
            self.say(_n("{who} has only {n} figure left in reserve", "{who} has only {n} figures left in reserve",
                        self.reserve[seat], who=self.who(seat)))
        self.phase = "population" if self.left and self.hero_areas() else "progress_start"

    # -- population ----------------------------------------------------------------------
    def legal_population(self: "HeroesGame") -> list[Action]:
        return list(map(PLACE.__getitem__, self.hero_areas()))

    def apply_population(self: "HeroesGame", action: Action) -> None:
        seat = self.active
        self.figures[action.target][seat] += 1
        self.reserve[seat] -= 1
        self.left -= 1
        self.tell(_places_figure, self.who(seat), self.area_name(action.target))
        if self.left <= 0 or self.reserve[seat] <= 0:
            self.left = 0
            self.phase = "progress_start"

    # -- progress --------------------------------------------------------------------------
    def progress_areas(self: "HeroesGame") -> list[str]:
        """Areas of the hero with an empty box that have not had a tile this turn."""
        return [a for a in self.hero_areas() if self.free_boxes(a) > 0 and a not in self.placed_here]

    def progress_start(self: "HeroesGame") -> None:
        card = self.hero_card
        assert card is not None
        if card.progress and self.bag and self.progress_areas():
            self.to_draw = min(card.progress, len(self.bag))
            self.phase = "progress_draw"
        else:
            self.go_conquest()

    def apply_progress_draw(self: "HeroesGame", action: Action) -> None:
        self.bag.remove(action.target)
        self.drawn.append(action.target)
        self.to_draw -= 1
        if self.to_draw <= 0:
            self.tell(_draws_tiles, self.who(self.active), tuple([self.tile_said(t) for t in self.drawn]))
            self.phase = "progress_next"

    def tile_name(self: "HeroesGame", tile: str) -> Msg:
        return _tile(*self.tile_said(tile))

    def tile_said(self: "HeroesGame", tile: str) -> tuple[str, int]:
        """A progress tile as a log line keeps it: its name and points (see ``tell``)."""
        t = self.content.progress[tile]
        return t.name, t.points

    def progress_next(self: "HeroesGame") -> None:
        if self.drawn and self.progress_areas():
            if len(self.drawn) == 1:
                self.tile = self.drawn[0]
                self.phase = "progress_box"
            else:
                self.phase = "progress_tile"
            return
        if self.drawn:
            self.tell(_back_to_bag, tuple([self.tile_said(t) for t in self.drawn]))
            self.bag = sorted(self.bag + self.drawn)
            self.drawn = []
        self.go_conquest()

    def legal_progress_tile(self: "HeroesGame") -> list[Action]:
        return list(map(_TILE.__getitem__, sorted(set(self.drawn))))

    def apply_progress_tile(self: "HeroesGame", action: Action) -> None:
        self.tile = action.target
        self.phase = "progress_box"

    def legal_progress_box(self: "HeroesGame") -> list[Action]:
        return list(map(_BOX.__getitem__, self.progress_areas()))

    def apply_progress_box(self: "HeroesGame", action: Action) -> None:
        tile, area = self.tile, action.target
        assert tile is not None
        self.drawn.remove(tile)
        self.boxes[area].append(tile)
        self.placed_here.add(area)
        self.tile = None
        self.tell(_places_tile, self.who(self.active), self.tile_said(tile), self.area_name(area))
        if self.free_boxes(area) == 0:
            self.area_completed(area, "progress_next")
        else:
            self.phase = "progress_next"

    # -- the valuation of an area -----------------------------------------------------------
    def valuation_limit(self: "HeroesGame") -> int:
        return int(self.opts["antiquity_valuations" if self.era == 1 else "modern_valuations"])

    def area_completed(self: "HeroesGame", area: str, after: str) -> None:
        """``area``'s last box was just filled: value it (unless the era has had all its valuations)."""
        if self.era_over or area in self.valued:
            self.say(_n("{area} is complete but is not valued: the era has had its {n} valuation",
                        "{area} is complete but is not valued: the era has had its {n} valuations",
                        self.valuation_limit(), area=self.area_name(area)))
            self.phase = after
            return
        self.pending_value = area
        self.after_value = after
        if self.owner_of("ajanta") is not None:
            self.phase = "ajanta"
        else:
            self.finish_valuation(False)

    def legal_ajanta(self: "HeroesGame") -> list[Action]:
        return [Action("ajanta", "keep"), Action("ajanta", "use")]

    def apply_ajanta(self: "HeroesGame", action: Action) -> None:
        self.finish_valuation(action.target == "use")

    def finish_valuation(self: "HeroesGame", use_ajanta: bool) -> None:
        area = self.pending_value
        assert area is not None
        tiles = tuple((t, self.content.progress[t].points) for t in self.boxes[area])
        values = [v for _, v in tiles]
        order = ranking(self.figures[area], self.progress_sums(), [len(p) for p in self.played], self.active)
        places = 2 if self.n == 2 else 3  # with two players the third place is ignored
        placings = []
        for i, (seat, why) in enumerate(order):
            pts = place_points(i, values) if i < places else 0
            placings.append(Placing(seat, self.figures[area][seat], i if i < places else None, pts, why))
            if pts:
                self.gain(seat, pts, "valuation", in_turn=False)
        ajanta = None
        if use_ajanta:
            wid = next(w for w, s in self.wonders.items() if self.content.wonders[w].effect == "ajanta")
            owner = self.wonders[wid]
            self.used.add(wid)
            pts = place_points(2, values)
            ajanta = (owner, pts)
            self.gain(owner, pts, "Ajanta Caves", in_turn=False)
        record = Valuation(self.era, area, self.area_name(area), self.active, tiles, sum(values), tuple(placings),
                           ajanta)
        self.valuations.append(record)
        self.turn_valuations.append(record)
        self.valued.append(area)
        lines = joined((_placing(self.who(p.seat), p.figures, p.points) for p in placings), "; ") \
            if placings else _("nobody")
        if ajanta:
            self.say(_("valuation {k} of the era: {area} ({total} points of progress): {lines}; {who} uses the "
                       "Ajanta Caves for {points}", k=len(self.valued), area=self.area_name(area), total=sum(values),
                       lines=lines, who=self.who(ajanta[0]), points=ajanta[1]))
        else:
            self.say(_("valuation {k} of the era: {area} ({total} points of progress): {lines}",
                       k=len(self.valued), area=self.area_name(area), total=sum(values), lines=lines))
        if len(self.valued) >= self.valuation_limit():
            self.era_over = True
            self.say(_("that was the era's last valuation: it ends with this turn"))
        self.pending_value = None
        self.phase = self.after_value


def _placing(who: str, figures: int, points: int) -> Msg:
    """One player's line in a valuation's log: 'Ada 3 figures, 6 points'."""
    # TRANSLATORS: a player's name, then "3 figures", then "6 points"
    return _("{who} {figures}, {points}", who=who, figures=_n("{n} figure", "{n} figures", figures),
             points=_n("{n} point", "{n} points", points))


# -- the log's lines of a turn, made when the log is read (``tell``): functions of the values alone ---------------
def _tile(name: str, points: int) -> Msg:
    # TRANSLATORS: a progress tile and its civilization points: "Writing (2)"
    return _("{tile} ({points})", tile=name, points=points)


def _takes(who: str, hero: str) -> Msg:
    return _("{who} takes {hero} from the face-up heroes", who=who, hero=hero)


def _draws_hero(who: str) -> Msg:
    return _("{who} draws a hero card from the deck", who=who)


def _plays(who: str, hero: str, population: int, progress: int, conquest: int, treasure: int) -> Msg:
    return _("{who} plays {hero} (population {population}, progress {progress}, conquest {conquest}, "
             "treasure {treasure})", who=who, hero=hero, population=population, progress=progress,
             conquest=conquest, treasure=treasure)


def _places_figure(who: str, area: str) -> Msg:
    return _("{who} places a figure in {area}", who=who, area=area)


def _draws_tiles(who: str, tiles: tuple[tuple[str, int], ...]) -> Msg:
    return _("{who} draws {tiles} from the bag", who=who, tiles=joined(_tile(*t) for t in tiles))


def _places_tile(who: str, tile: tuple[str, int], area: str) -> Msg:
    return _("{who} places {tile} in {area}", who=who, tile=_tile(*tile), area=area)


def _back_to_bag(tiles: tuple[tuple[str, int], ...]) -> Msg:
    return _("back into the bag: {tiles}", tiles=joined(_tile(*t) for t in tiles))
