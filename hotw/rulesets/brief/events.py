"""Event cards: when each may be played, paying for it, and what it does.

One event is in play at a time. A card showing a red epoch is played only at the
start of its holder's turn in that epoch (or discarded); a black one in its epoch
or later, at any permissible time: never once the dice of an invasion are rolled,
nor during overruns (those phases offer no events at all). Continuous cards stay
in play until the turn ends (or their holder discards them); the others are
discarded once used. Armies an event places come from the supply, never the Array.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, Msg, plural_name
from hotw.rulesets.brief.pieces import WAIT, Force

if TYPE_CHECKING:
    from hotw.rulesets.brief.cards import EventCard
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["Events"]

_ = Domain("brief")
_n = _.plural

#: Effects that need the empire on the map, so are not offered before it is established.
_ON_THE_MAP = frozenset({"reinforce", "forts", "fleet"})


class Events:
    """Playing event cards and carrying out their effects."""

    def playable(self: "BriefGame", colour: int, window: str) -> list[str]:
        """The cards ``colour`` may play now: ``window`` is "start" (before establishing) or "expand"."""
        if self.in_play is not None:
            return []
        out = []
        for card in sorted(set(self.hands[colour])):
            if self.unplayable(colour, card, window) is None:
                out.append(card)
        return out

    def unplayable(self: "BriefGame", colour: int, card: str, window: str) -> str | None:
        """Why a held card may not be played in this window now, as a reason's key (None if it may)."""
        ev = self.content.events[card]
        if self.in_play is not None:
            return "in_play"
        if ev.cost > self.gold[colour]:
            return "cost"
        if ev.epoch > self.epoch:
            return "later"
        if ev.colour == "red" and ev.epoch != self.epoch:
            return "red"
        if (ev.colour == "red" or ev.timing == "start") and window != "start":
            return "start"
        if window == "start" and ev.kind in _ON_THE_MAP:
            return "on_the_map"
        if ev.kind == "civil_war" and ev.param("land") is None and not self.civil_lands(colour):
            return "civil_war"
        if ev.kind == "fleet" and not self.fleet_waters():
            return "fleet"
        return None

    def why_not_playable(self: "BriefGame", colour: int, card: str, window: str) -> Msg | None:
        """Why a held card may not be played in this window now, in a sentence (None if it may)."""
        why = self.unplayable(colour, card, window)
        ev = self.content.events[card]
        if why == "in_play":
            return _("Only one Event card may be in play at a time, and {card} is in play.",
                     card=self.content.events[self.in_play or ""].name)
        if why == "cost":
            return _n("{card} costs {cost} gold and you have {n}.", "{card} costs {cost} gold and you have {n}.",
                      self.gold[colour], card=ev.name, cost=ev.cost)
        if why == "later":
            return _("{card} belongs to epoch {epoch}; it cannot be played before then.", card=ev.name, epoch=ev.epoch)
        if why == "red":
            return _("{card} shows a red epoch number: it could only be played in epoch {epoch}.", card=ev.name,
                     epoch=ev.epoch)
        if why == "start":
            return _("{card} may only be played at the start of your turn, before the empire is established.",
                     card=ev.name)
        if why == "on_the_map":
            return _("{card} needs your empire on the map: play it after establishing.", card=ev.name)
        if why == "civil_war":
            return _("No other player has an army on the map to rise against.")
        if why == "fleet":
            return _("No sea or ocean touches a land of your standing armies.")
        return None

    def do_play(self: "BriefGame", card: str) -> None:
        colour = self.turn_colour
        assert colour is not None
        ev = self.content.events[card]
        self.track.move(colour, -ev.cost)
        self.hands[colour].remove(card)
        self.in_play = card
        self.events_played.append((self.epoch, colour, card))
        self.tell(_plays, self.who(colour), ev.name, ev.cost)
        _EFFECTS[ev.kind](self, ev)

    def do_discard(self: "BriefGame", card: str) -> None:
        self.discards.append(card)
        self.in_play = None
        for key in ("turn_dice", "siegecraft"):
            self.effects.pop(key, None)
        self.say(_("{card} is discarded", card=self.content.events[card].name))

    def used(self: "BriefGame") -> None:
        """The card in play has done its work: discard it."""
        if self.in_play is not None:
            self.discards.append(self.in_play)
            self.in_play = None

    # -- the effects ------------------------------------------------------------------------------
    def _dice(self: "BriefGame", ev: "EventCard") -> None:
        if ev.param("scope") == "turn":
            self.effects["turn_dice"] = int(ev.param("dice", 1))  # type: ignore[arg-type]
        else:
            self.effects["invasion_dice"] = int(ev.param("dice", 1))  # type: ignore[arg-type]
            self.effects["invasion_card"] = ev.id

    def _siegecraft(self: "BriefGame", ev: "EventCard") -> None:
        self.effects["siegecraft"] = True

    def _treachery(self: "BriefGame", ev: "EventCard") -> None:
        self.effects["treachery"] = True
        self.effects["invasion_card"] = ev.id

    def _dial(self: "BriefGame", ev: "EventCard") -> None:
        self.effects["dial"] = int(ev.param("dial", 2))  # type: ignore[arg-type]
        self.effects["invasion_card"] = ev.id

    def _reinforce(self: "BriefGame", ev: "EventCard") -> None:
        force = self.force
        assert force is not None
        k = min(int(ev.param("armies", 1)), self.supply[force.colour])  # type: ignore[arg-type]
        self.supply[force.colour] -= k
        force.array += k
        self.say(_n("{n} army from supply joins the Array", "{n} armies from supply join the Array", k))
        self.used()

    def _forts(self: "BriefGame", ev: "EventCard") -> None:
        self.effects["free_forts"] = self.effects.get("free_forts", 0) + int(ev.param("forts", 1))  # type: ignore[arg-type]
        self.used()

    def _fleet(self: "BriefGame", ev: "EventCard") -> None:
        if ev.param("astronomy"):
            self.effects["astronomy"] = True
        self.phase = "fleet_place"

    def _kingdom(self: "BriefGame", ev: "EventCard") -> None:
        self._minor(ev, kingdom=True)

    def _minor(self: "BriefGame", ev: "EventCard", kingdom: bool = False) -> None:
        colour = self.turn_colour
        assert colour is not None
        capital = bool(ev.param("capital", False))
        force = Force("minor", colour, ev.name, ev.id, barbarian=not capital and not kingdom, city=kingdom,
                      start=ev.param("start"))  # type: ignore[arg-type]
        self.set_waters(force, list(ev.param("fleets", ())))  # type: ignore[arg-type]
        force.array = min(int(ev.param("armies", 1)), self.supply[colour])  # type: ignore[arg-type]
        self.supply[colour] -= force.array
        self.forces.append(force)
        if force.start is None:
            self.phase = "minor_start"
        else:
            self.found_minor(force.start)

    def found_minor(self: "BriefGame", land: str) -> None:
        force = self.force
        assert force is not None
        force.start = land
        if force.array:
            self.clear_start(land)
            force.array -= 1
            self.take_control(land, "start")
            if not force.city and not force.barbarian:
                self.structures[land] = "capital"
            self.tell(_start_in, force.name, self.name(land))
        self.proceed("expand")

    def _civil_war(self: "BriefGame", ev: "EventCard") -> None:
        colour = self.turn_colour
        assert colour is not None
        force = Force("event", colour, ev.name, ev.id, can_continue=False, city=bool(ev.param("city")),
                      start=ev.param("land"))  # type: ignore[arg-type]
        force.array = min(int(ev.param("armies", 1)), self.supply[colour])  # type: ignore[arg-type]
        self.supply[colour] -= force.array
        self.forces.append(force)
        if force.start is None:
            self.phase = "civil_target"
        else:
            self.civil_enter(force.start)

    def civil_lands(self: "BriefGame", colour: int) -> list[str]:
        """Lands held by another player's army: where an event's armies may rise."""
        return sorted(land for land, c in self.owner.items() if not self.same_player(c, colour))

    def civil_enter(self: "BriefGame", land: str) -> None:
        force = self.force
        assert force is not None
        if not force.array:
            self.phase = "force_end"
            return
        occupant = self.owner.get(land)
        if occupant is None or self.same_player(occupant, force.colour):
            force.array -= 1
            if occupant is not None:
                self.owner.pop(land)
                self.supply[occupant] += 1
            self.take_control(land, "expand" if occupant is None else "surrender")
            self.proceed("force_end")
        else:
            self.do_invade(land, naval=False)

    def _plague(self: "BriefGame", ev: "EventCard") -> None:
        self.phase = "plague_area"

    # -- the decisions events ask for ----------------------------------------------------------------
    def legal_minor_start(self: "BriefGame") -> list[Action]:
        return [Action("start", land) for land in self.minor_starts()]

    def minor_starts(self: "BriefGame") -> list[str]:
        """Lands a minor empire without a named start-land may start in."""
        force = self.force
        assert force is not None
        ev = self.content.events[force.card]
        near = ev.param("start_near")
        spaces = self.board.spaces
        if near == "barren":
            found = {n for s in self.board.barren_lands() for n in spaces[s].adjacent if spaces[n].kind == "land"}
        else:
            found = {n for n in spaces[str(near)].coasts if spaces[n].kind == "land"}
        return sorted(found)

    def do_minor_start(self: "BriefGame", land: str) -> None:
        self.found_minor(land)

    def legal_civil_target(self: "BriefGame") -> list[Action]:
        assert self.turn_colour is not None
        return [Action("target", land) for land in self.civil_lands(self.turn_colour)]

    def do_civil_target(self: "BriefGame", land: str) -> None:
        assert self.force is not None
        self.force.start = land
        self.civil_enter(land)

    def fleet_waters(self: "BriefGame") -> list[str]:
        """Seas and oceans touching a land of the force's standing armies (where an event's fleet may go)."""
        force = self.force
        if force is None:
            return []
        return sorted({w for land in force.active for w in self.board.spaces[land].waters})

    def legal_fleet_place(self: "BriefGame") -> list[Action]:
        return [Action("fleet", w) for w in self.fleet_waters()]

    def do_fleet(self: "BriefGame", water: str) -> None:
        assert self.force is not None
        self.set_waters(self.force, [water])
        self.say(_("a fleet is placed in the {sea}", sea=self.name(water)))
        self.used()
        self.phase = "expand"

    def legal_plague_area(self: "BriefGame") -> list[Action]:
        return [Action("area", a) for a in self.content.spiral()]

    def do_plague_area(self: "BriefGame", area: str) -> None:
        colour = self.turn_colour
        assert colour is not None
        self.plague_lands = sorted(land for land in self.board.regions[area].lands
                                   if land in self.owner and not self.same_player(self.owner[land], colour))
        self.say(_n("the plague strikes {area}: {n} army rolls", "the plague strikes {area}: {n} armies roll",
                    len(self.plague_lands), area=self.region_names[area]))
        self.phase = "plague_roll"

    def plague_step(self: "BriefGame") -> object:
        if self.plague_lands:
            return WAIT
        self.used()
        self.phase = "expand" if self.established else "turn_start"
        return None

    def plague_die(self: "BriefGame", die: int) -> None:
        land = self.plague_lands.pop(0)
        limit = int(self.content.events[self.in_play or ""].param("die", 2))  # type: ignore[arg-type]
        if die <= limit:
            colour = self.owner.pop(land)
            self.supply[colour] += 1
            self.say(_("plague: {die} in {land}, {player}'s army dies", die=die, land=self.name(land),
                       player=self.who(colour)))


_EFFECTS = {
    "dice": Events._dice, "siegecraft": Events._siegecraft, "treachery": Events._treachery, "dial": Events._dial,
    "reinforce": Events._reinforce, "forts": Events._forts, "fleet": Events._fleet, "kingdom": Events._kingdom,
    "minor": Events._minor, "civil_war": Events._civil_war, "plague": Events._plague,
}


# -- the log's lines of events, made when the log is read (``tell``): functions of the values alone ---------------
def _plays(player: str, card: str, cost: int) -> Msg:
    if cost:
        return _("{player} plays {card} for {cost} gold", player=player, card=card, cost=cost)
    return _("{player} plays {card}", player=player, card=card)


def _start_in(empire: str, land: str) -> Msg:
    if plural_name(empire):
        return _("the {empire} start in {land}", empire=empire, land=land)
    return _("{empire} starts in {land}", empire=empire, land=land)
