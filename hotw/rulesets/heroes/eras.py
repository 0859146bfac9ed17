"""The eras: setting up antiquity, preparing the modern age, the start figures, the end of a turn and of the game.

Antiquity: the beige tiles in the bag, two beige heroes to each player and three
face up, seven figures each placed one at a time in the beige areas from the oldest
player (seat 0). It ends with the turn of its fourth valuation. The modern age: each
beige area keeps its most valuable progress, the orange tiles go into the bag, the
wonders used turn face up again, the beige heroes not played leave the game, two
orange heroes to each player and three face up, and seven figures each in the orange
areas from the player whose turn it now is (the next on the left). The game ends
with the turn of the eighth valuation of the modern age.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined
from hotw.rulesets.heroes.turn import PLACE
from hotw.rulesets.heroes.valuation import turn_breakdown

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["Eras"]

HAND = 2
DISPLAY = 3

_ = Domain("heroes")
_n = _.plural


class Eras:
    """The start and end of each era, the start figures, and the end of a turn."""

    def new_era(self: "HeroesGame") -> None:
        if self.era == 1:
            self._prepare_modern()
            start = (self.active + 1) % self.n
        else:
            start = 0  # the oldest player
        self.era += 1
        era = self.era_name
        self.bag = list(self.content.progress_of(era))
        self.deck = list(self.content.heroes_of(era))
        self.valued = []
        self.era_over = False
        self.passes = 0
        self.active = start
        seats = [(start + i) % self.n for i in range(self.n)]
        self.deal_to = [s for s in seats for _ in range(HAND)] + [-1] * DISPLAY
        self.start_left = [min(int(self.opts["start_figures"]), self.reserve[s]) for s in range(self.n)]
        self.placer = start
        if self.era == 1:
            self.say(_("antiquity begins: {tiles} progress tiles in the bag, {heroes} hero cards in the deck; "
                       "{who} starts", tiles=len(self.bag), heroes=len(self.deck), who=self.who(start)))
        else:
            self.say(_("the modern age begins: {tiles} progress tiles in the bag, {heroes} hero cards in the deck; "
                       "{who} starts", tiles=len(self.bag), heroes=len(self.deck), who=self.who(start)))
        self.phase = "deal"

    def _prepare_modern(self: "HeroesGame") -> None:
        tiles = self.content.progress
        for area in self.era_areas["antiquity"]:
            box = self.boxes[area]
            if box:
                best = max(box, key=lambda t: tiles[t].points)  # the first placed of the most valuable
                self.boxes[area] = [best]
        self.used.clear()
        self.hands = [[] for _ in range(self.n)]
        self.display = []
        self.say(_("the modern age is prepared: each beige area keeps its most valuable progress, the wonders "
                   "used turn face up again, the beige heroes not played leave the game"))

    def apply_deal(self: "HeroesGame", action: Action) -> None:
        to = self.deal_to.pop(0)
        self.deck.remove(action.target)
        if to < 0:
            self.display.append(action.target)
        else:
            self.hands[to].append(action.target)
        if not self.deal_to or not self.deck:
            self.deal_to = []
            self._next_placer(first=True)

    def _next_placer(self: "HeroesGame", first: bool = False) -> None:
        """The next player (clockwise) with start figures left to place, or the first turn."""
        for i in range(0 if first else 1, self.n + 1):
            seat = (self.placer + i) % self.n
            if self.start_left[seat] > 0:
                self.placer = seat
                self.phase = "start"
                return
        self.phase = "turn_start"

    def start_areas(self: "HeroesGame") -> tuple[str, ...]:
        """Where the era's start figures go: the beige areas in antiquity, the orange ones in the modern age."""
        return self.era_areas[self.era_name]

    def legal_start(self: "HeroesGame") -> list[Action]:
        return list(map(PLACE.__getitem__, self.start_areas()))

    def apply_start(self: "HeroesGame", action: Action) -> None:
        seat = self.placer
        self.figures[action.target][seat] += 1
        self.reserve[seat] -= 1
        self.start_left[seat] -= 1
        self.tell(_start_figure, self.who(seat), self.area_name(action.target))
        self._next_placer()

    def turn_end(self: "HeroesGame") -> None:
        me = self.active
        extras = [(kind, row[0], row[1]) for kind, row in self.turn_gains.items()]
        bd = turn_breakdown(me, self.turn_valuations, extras)
        self.turn_scores.append((self.era, self.hero or "", me, bd))
        self.turns += 1
        if self.era_over:
            self.epoch_scores.append(list(self.score))
            if self.era >= 2:
                best = max(self.score)
                winners = [self.who(s) for s in range(self.n) if self.score[s] == best]
                self.say(_n("the game is over: {winners} with {n} civilization point",
                            "the game is over: {winners} with {n} civilization points", best,
                            winners=joined(winners, " and ")))
                self.phase = "over"
            else:
                scores = joined(_("{who} {points}", who=self.who(s), points=self.score[s]) for s in range(self.n))
                self.say(_("antiquity is over: {scores}", scores=scores))
                self.phase = "new_era"
            return
        self.active = (me + 1) % self.n
        self.phase = "turn_start"


def _start_figure(who: str, area: str) -> Msg:
    """The log's line of a start figure, made when the log is read (``tell``)."""
    return _("{who} places a start figure in {area}", who=who, area=area)
