"""Coins received and spent: the treasure, migration, wonders of the world, points bought, the end of a turn.

Coins come from the reserve for the hero's treasure value and can be spent only in
this last step of the turn: 2 coins to migrate up to 4 figures to neighbouring
areas, 7 to build a wonder of the era (3 points at once and its ability), 2 for a
civilization point, as often as the coins allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, Msg
from hotw.rulesets.heroes.wonders import Wonders

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["MIGRATION_COST", "MIGRANTS", "POINT_COST", "Spending"]

_ = Domain("heroes")
_n = _.plural

_MIGRATE, _MOVE = ActionsOf("migrate"), ActionsOf("move")  # each action made once

MIGRATION_COST = 2
MIGRANTS = 4
POINT_COST = 2


class Spending(Wonders):
    """The treasure step and the spending that ends a turn."""

    def take_treasure(self: "HeroesGame") -> None:
        card = self.hero_card
        self.conquest = None
        self.window = "spend"
        if card is not None and card.treasure:
            got = min(card.treasure, self.bank)
            self.coins[self.active] += got
            self.tell(_treasure, self.who(self.active), got, got == card.treasure)
        self.phase = "spend"

    def buildable(self: "HeroesGame") -> list[str]:
        """Wonders of this era nobody has built (the Lighthouse is not used with two players)."""
        return [w for w in self.content.wonders_of(self.era_name)
                if w not in self.wonders and not (self.n == 2 and self.content.wonders[w].effect == "lighthouse")]

    def migration_sources(self: "HeroesGame") -> list[str]:
        me = self.active
        return [a for a in self.open_areas if self.figures[a][me] > 0 and self.neighbours(a)]

    def legal_spend(self: "HeroesGame") -> list[Action]:
        coins = self.coins[self.active]
        out = [Action("end_turn")]
        if coins >= POINT_COST:
            out.append(Action("buy"))
        if coins >= int(self.opts["wonder_cost"]):
            out += [Action("build", w) for w in self.buildable()]
        if coins >= MIGRATION_COST:
            out += map(_MIGRATE.__getitem__, self.migration_sources())
        return out + self.usable_wonders()

    def apply_spend(self: "HeroesGame", action: Action) -> None:
        me, kind = self.active, action.kind
        if kind == "end_turn":
            self.end_turn()
        elif kind == "buy":
            self.coins[me] -= POINT_COST
            self.gain(me, 1, "points bought")
            self.tell(_buys, self.who(me))
        elif kind == "build":
            wonder = self.content.wonders[action.target]
            self.coins[me] -= int(self.opts["wonder_cost"])
            self.wonders[action.target] = me
            self.gain(me, wonder.points, "wonders built", wonder.points)
            self.say(_("{who} builds the {wonder} for {cost} coins (+{points} points)", who=self.who(me),
                       wonder=wonder.name, cost=self.opts["wonder_cost"], points=wonder.points))
        elif kind == "migrate":
            self.coins[me] -= MIGRATION_COST
            self.effect = {"kind": "migration", "from": action.target, "moved": 0}
            self.say(_("{who} pays {cost} coins to migrate from {area}", who=self.who(me), cost=MIGRATION_COST,
                       area=self.area_name(action.target)))
            self.phase = "migrate"
        else:
            self.start_wonder(action.target)

    def end_turn(self: "HeroesGame") -> None:
        self.phase = "refill" if (not self.era_over and len(self.display) < 3 and self.deck) else "turn_end"

    def apply_refill(self: "HeroesGame", action: Action) -> None:
        self.deck.remove(action.target)
        self.display.append(action.target)
        if len(self.display) >= 3 or not self.deck:
            self.phase = "turn_end"

    # -- migration --------------------------------------------------------------------------
    def legal_migrate(self: "HeroesGame") -> list[Action]:
        eff = self.effect
        assert eff is not None
        out = [Action("stop")] if eff["moved"] else []
        return out + list(map(_MOVE.__getitem__, self.neighbours(eff["from"])))

    def apply_migrate(self: "HeroesGame", action: Action) -> None:
        eff = self.effect
        assert eff is not None
        me, source = self.active, eff["from"]
        if action.kind == "move":
            self.figures[source][me] -= 1
            self.figures[action.target][me] += 1
            eff["moved"] += 1
            self.tell(_migrant, self.who(me), self.area_name(source), self.area_name(action.target))
        if action.kind == "stop" or eff["moved"] >= MIGRANTS or self.figures[source][me] == 0:
            self.effect = None
            self.phase = "spend"


# -- the log's lines of spending, made when the log is read (``tell``): functions of the values alone -------------
def _treasure(who: str, got: int, whole: bool) -> Msg:
    if whole:
        return _n("{who} takes {n} coin from the reserve", "{who} takes {n} coins from the reserve", got, who=who)
    return _n("{who} takes {n} coin from the reserve (the reserve ran out)",
              "{who} takes {n} coins from the reserve (the reserve ran out)", got, who=who)


def _buys(who: str) -> Msg:
    return _("{who} buys a civilization point for {cost} coins", who=who, cost=POINT_COST)


def _migrant(who: str, area: str, to: str) -> Msg:
    return _("{who} moves a figure from {area} to {to}", who=who, area=area, to=to)
