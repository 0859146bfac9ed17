"""Invading: the dice, invasion points, continuing or abandoning, overruns, taking control and reduction.

The attacker rolls two dice (one fewer across a fleet, more with events), the
defender one (two in a fort); each keeps the highest; the attacker adds the
Invasion dial. The margin is the invasion points: a clear land costs 1, a
mountain or forest 2. Spare points overrun further lands of the same defender,
each next to the land just taken, never into a fort and never by fleet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, Msg, plural_name
from hotw.rulesets.brief.odds import Roll, points
from hotw.rulesets.brief.pieces import LAND_COST, WAIT, Invasion, InvasionRecord

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame
    from hotw.rulesets.brief.pieces import Force

__all__ = ["Invasions"]

_ = Domain("brief")
_n = _.plural


class Invasions:
    """Invasions, overruns and what taking a land does."""

    def cost(self: "BriefGame", land: str) -> int:
        """Invasion points to take a land: 1 clear, 2 mountain or forest."""
        return LAND_COST[self.board.spaces[land].terrain]

    def dice_for(self: "BriefGame", land: str, naval: bool) -> tuple[int, int]:
        """(attacker's dice, defender's dice) for invading ``land`` now."""
        attack = 2 + int(self.effects.get("turn_dice", 0)) + int(self.effects.get("invasion_dice", 0))
        attack = max(1, attack - (1 if naval else 0))
        defend = 2 if land in self.forts and not self.effects.get("siegecraft") else 1
        return attack, defend

    def roll_rule(self: "BriefGame", force: "Force", land: str, naval: bool, dial: int | None = None) -> Roll:
        """What turns the dice into points for this force invading ``land``."""
        return Roll(force.dial if dial is None else dial, self.cost(land), force.feature == "fear",
                    5 if force.feature == "vikings" and naval else 0)

    # -- the invasion ----------------------------------------------------------------------
    def do_invade(self: "BriefGame", land: str, naval: bool | None = None) -> None:
        force = self.force
        assert force is not None
        if naval is None:
            naval = self.place(land)
        else:
            force.array -= 1
        attack, defend = self.dice_for(land, naval)
        if self.effects.get("dial"):
            force.dial = max(force.dial, int(self.effects.pop("dial")))
        inv = Invasion(land, self.owner[land], attack, defend, naval, self.cost(land),
                       treachery=bool(self.effects.pop("treachery", False)))
        self.invasion = inv
        self.tell(_invades, force.name, self.name(land), self.who(inv.defender), inv.treachery, naval, attack, defend)
        if inv.treachery:
            self.resolve(inv.cost, True, "treachery")
        else:
            self.phase = "roll"

    def roll_step(self: "BriefGame") -> object:
        inv = self.invasion
        assert inv is not None
        if len(inv.rolls) < inv.attack_dice + inv.defend_dice:
            return WAIT
        force = self.force
        assert force is not None
        a, d = max(inv.rolls[:inv.attack_dice]), max(inv.rolls[inv.attack_dice:])
        pts, taken = points(a, d, self.roll_rule(force, inv.target, inv.naval))
        margin = a + force.dial - d
        note = ""
        if taken and force.feature == "fear":
            note = "fear"
        if taken and margin + (1 if note else 0) < inv.cost:
            note = "vikings"
        self.resolve(pts, taken, note)
        return None

    def do_roll(self: "BriefGame", target: str) -> None:
        if self.phase == "plague_roll":
            self.plague_die(int(target))
            return
        assert self.invasion is not None
        self.invasion.rolls.append(int(target))

    def resolve(self: "BriefGame", pts: int, taken: bool, note: str) -> None:
        inv, force = self.invasion, self.force
        assert inv is not None and force is not None
        k = inv.attack_dice
        self.last_roll = InvasionRecord(force.colour, inv.defender, inv.target, tuple(inv.rolls[:k]),
                                        tuple(inv.rolls[k:]), force.dial, pts, inv.cost, taken, note)
        self.tell(_resolved, tuple(inv.rolls[:k]), force.dial, tuple(inv.rolls[k:]), self.name(inv.target), pts,
                  inv.cost, taken, inv.treachery, note)
        if not taken:
            if force.can_continue and force.array > 0:
                self.phase = "after_fail"
            else:
                self.do_abandon("")
            return
        self.supply[inv.defender] += 1
        self.owner.pop(inv.target)
        inv.waiting = False
        self.take_control(inv.target, "invade")
        force.dial = 0
        inv.points, inv.last, inv.taken = pts - inv.cost, inv.target, [inv.target]
        self.proceed("overrun")

    def legal_after_fail(self: "BriefGame") -> list[Action]:
        return [Action("continue"), Action("abandon")]

    def do_continue(self: "BriefGame", _target: str) -> None:
        force, inv = self.force, self.invasion
        assert force is not None and inv is not None
        force.array -= 1
        self.supply[force.colour] += 1
        force.dial = min(force.dial + 1, int(self.opts["dial_max"]))
        inv.rolls = []
        inv.attack_dice, inv.defend_dice = self.dice_for(inv.target, inv.naval)
        self.tell(_continues, self.name(inv.target), force.dial)
        self.phase = "roll"

    def do_abandon(self: "BriefGame", _target: str) -> None:
        force, inv = self.force, self.invasion
        assert force is not None and inv is not None
        self.supply[force.colour] += 1
        inv.waiting = False
        force.dial = 0
        self.tell(_removed, self.name(inv.target))
        self.conclude()

    def conclude(self: "BriefGame") -> None:
        """The invasion is over (taken and overrun, or abandoned): one-invasion events are discarded."""
        self.invasion = None
        card = self.effects.pop("invasion_card", None)
        self.effects.pop("invasion_dice", None)
        if card is not None and card == self.in_play:
            self.discards.append(card)
            self.in_play = None
        force = self.force
        assert force is not None
        self.proceed("force_end" if force.kind == "event" else "expand")

    # -- overruns -----------------------------------------------------------------------------------
    def overrun_targets(self: "BriefGame") -> list[str]:
        """Lands the spare invasion points may overrun now."""
        inv, force = self.invasion, self.force
        if inv is None or force is None or inv.points <= 0 or force.array <= 0:
            return []
        return sorted(land for land in self.nbrs[inv.last]
                      if self.owner.get(land) == inv.defender and land not in self.forts
                      and land not in self.standing and self.cost(land) <= inv.points)

    def overrun_step(self: "BriefGame") -> object:
        inv = self.invasion
        if inv is not None and self.overrun_targets():
            return WAIT
        if inv is not None and inv.points > 0:
            self.tell(_points_lost, inv.points)
        self.conclude()
        return None

    def legal_overrun(self: "BriefGame") -> list[Action]:
        return [Action("overrun", land) for land in self.overrun_targets()] + [Action("stop")]

    def do_overrun(self: "BriefGame", land: str) -> None:
        inv, force = self.invasion, self.force
        assert inv is not None and force is not None
        force.array -= 1
        inv.points -= self.cost(land)
        self.supply[inv.defender] += 1
        self.owner.pop(land)
        self.tell(_overruns, force.name, self.name(land), self.cost(land), inv.points)
        self.take_control(land, "overrun")
        inv.last = land
        inv.taken.append(land)
        self.proceed("overrun")

    def do_stop_overrun(self: "BriefGame", _target: str) -> None:
        inv = self.invasion
        assert inv is not None
        self.tell(_points_lost, inv.points)
        inv.points = 0
        self.phase = "overrun"

    # -- taking control -----------------------------------------------------------------------------
    def take_control(self: "BriefGame", land: str, how: str) -> None:
        """The force's army now stands in ``land``: reduction, the fort goes, resource symbols counted."""
        force = self.force
        assert force is not None
        if how != "start":
            self.reduce(land, keep_monument=force.feature == "fear" and how in ("invade", "overrun"))
        self.forts.discard(land)
        self.owner[land] = force.colour
        self.standing.add(land)
        force.active.add(land)
        if force.city and land == force.start and land not in self.structures:
            self.structures[land] = "city"
            self.tell(_city_placed, self.name(land))
        force.resources += self.board.spaces[land].resources
        earned = force.resources // 2
        if earned > force.monuments_earned:
            force.monuments_due += earned - force.monuments_earned
            force.monuments_earned = earned

    def reduce(self: "BriefGame", land: str, keep_monument: bool = False) -> None:
        """Reduction: capital to city, a city removed, else a lone monument removed (a barbarian gains 1 gold)."""
        force = self.force
        assert force is not None
        kind = self.structures.get(land)
        if kind == "capital":
            self.structures[land] = "city"
        elif kind == "city":
            del self.structures[land]
        elif land in self.monuments and not keep_monument:
            self.monuments.discard(land)
            kind = "monument"
        else:
            if land in self.monuments:
                self.say(_("Fear: the monument in {land} is not reduced", land=self.name(land)))
            return
        self.tell(_reduced, kind, self.name(land))
        if force.barbarian:
            self.track.move(force.colour, 1)
            self.say(_("{player} gains 1 gold for a barbarian reduction", player=self.who(force.colour)))


# -- the log's lines of an invasion, made when the log is read (``tell``): functions of the values alone -----------
def _invades(empire: str, land: str, player: str, treachery: bool, naval: bool, attack: int, defend: int) -> Msg:
    if not plural_name(empire):  # "the Romans invade", "Israel invades"
        return _invades_one(empire, land, player, treachery, naval, attack, defend)
    if treachery:
        if naval:
            return _("the {empire} invade {land}, held by {player} (from the sea): treachery, no dice",
                     empire=empire, land=land, player=player)
        return _("the {empire} invade {land}, held by {player}: treachery, no dice", empire=empire, land=land,
                 player=player)
    if naval:
        return _n("the {empire} invade {land}, held by {player} (from the sea): {n} die against {defend}",
                  "the {empire} invade {land}, held by {player} (from the sea): {n} dice against {defend}",
                  attack, empire=empire, land=land, player=player, defend=defend)
    return _n("the {empire} invade {land}, held by {player}: {n} die against {defend}",
              "the {empire} invade {land}, held by {player}: {n} dice against {defend}", attack,
              empire=empire, land=land, player=player, defend=defend)


def _invades_one(empire: str, land: str, player: str, treachery: bool, naval: bool, attack: int, defend: int) -> Msg:
    if treachery:
        if naval:
            return _("{empire} invades {land}, held by {player} (from the sea): treachery, no dice",
                     empire=empire, land=land, player=player)
        return _("{empire} invades {land}, held by {player}: treachery, no dice", empire=empire, land=land,
                 player=player)
    if naval:
        return _n("{empire} invades {land}, held by {player} (from the sea): {n} die against {defend}",
                  "{empire} invades {land}, held by {player} (from the sea): {n} dice against {defend}",
                  attack, empire=empire, land=land, player=player, defend=defend)
    return _n("{empire} invades {land}, held by {player}: {n} die against {defend}",
              "{empire} invades {land}, held by {player}: {n} dice against {defend}", attack,
              empire=empire, land=land, player=player, defend=defend)


def _resolved(attack_rolls: tuple[int, ...], dial: int, defend_rolls: tuple[int, ...], land: str, pts: int,
              cost: int, taken: bool, treachery: bool, note: str) -> Msg:
    attack, defend = str(list(attack_rolls)), str(list(defend_rolls))
    # TRANSLATORS: the dice of an invasion: the attacker's, the Invasion dial, the defender's
    # ("[6, 2] +1 against [4]")
    dice = (_("{attack} +{dial} against {defend}", attack=attack, dial=dial, defend=defend) if dial
            else _("{attack} against {defend}", attack=attack, defend=defend))
    if not taken:
        return _n("{dice}: {n} invasion point, not enough to take {land} (costs {cost})",
                  "{dice}: {n} invasion points, not enough to take {land} (costs {cost})", pts, dice=dice,
                  land=land, cost=cost)
    if treachery:
        return _n("{n} invasion point: {land} is taken", "{n} invasion points: {land} is taken", pts, land=land)
    if note == "fear":
        return _n("{dice}: {n} invasion point (Fear +1): {land} is taken",
                  "{dice}: {n} invasion points (Fear +1): {land} is taken", pts, dice=dice, land=land)
    if note == "vikings":
        return _n("{dice}: {n} invasion point (an actual 5 or 6 from the sea: automatic success): {land} is "
                  "taken",
                  "{dice}: {n} invasion points (an actual 5 or 6 from the sea: automatic success): {land} is "
                  "taken", pts, dice=dice, land=land)
    return _n("{dice}: {n} invasion point: {land} is taken", "{dice}: {n} invasion points: {land} is taken",
              pts, dice=dice, land=land)


def _overruns(empire: str, land: str, cost: int, left: int) -> Msg:
    if not plural_name(empire):
        return _n("{empire} overruns {land} for {n} point ({left} left)",
                  "{empire} overruns {land} for {n} points ({left} left)", cost, empire=empire, land=land, left=left)
    return _n("the {empire} overrun {land} for {n} point ({left} left)",
              "the {empire} overrun {land} for {n} points ({left} left)", cost, empire=empire, land=land, left=left)


def _reduced(kind: str, land: str) -> Msg:
    if kind == "capital":
        return _("reduction in {land}: the capital becomes a city", land=land)
    if kind == "city":
        return _("reduction in {land}: the city is removed", land=land)
    return _("reduction in {land}: the monument is removed", land=land)


def _continues(land: str, dial: int) -> Msg:
    return _("the invasion of {land} continues: an army from the Array is spent, the Invasion dial shows +{dial}",
             land=land, dial=dial)


def _removed(land: str) -> Msg:
    return _("the invading army is removed from {land}", land=land)


def _points_lost(n: int) -> Msg:
    return _n("{n} unused invasion point lost", "{n} unused invasion points lost", n)


def _city_placed(land: str) -> Msg:
    return _("a city is placed in {land}", land=land)
