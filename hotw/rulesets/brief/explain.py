"""What each decision asks, and why an action is not legal now, in sentences a student understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, Msg

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["Explain"]

_ = Domain("brief")
_n = _.plural


class Explain:
    """Prompts and reasons."""

    def prompt(self: "BriefGame", step: str) -> Msg:
        """The question of a pending player step."""
        force, inv = self.force, self.invasion
        if step == "allocate_first":
            return _("both sets of cards reach you at once: choose which to look at (and pick from) first")
        if step == "allocate_empire":
            return _n("choose an empire card ({n} left) and pass the rest on",
                      "choose an empire card ({n} left) and pass the rest on", len(self.empires_left))
        if step == "allocate_event":
            return _n("choose an event card ({n} left) and pass the rest on",
                      "choose an event card ({n} left) and pass the rest on", len(self.events_left))
        if step == "bonus_pick":
            return _n("choose a Bonus token ({n} left) and pass the rest on",
                      "choose a Bonus token ({n} left) and pass the rest on", len(self.bonus_drawn))
        if step == "turn_start":
            return _("play an event that belongs to the start of your turn, or establish your empire")
        if step == "minor_start":
            return _("choose the land where the minor empire starts")
        if step == "expand" and force is not None:
            return _("place an army ({array} on the Array, Invasion dial +{dial}), build a fort, play an event, "
                     "or end", array=force.array, dial=force.dial)
        if step == "after_fail" and inv is not None:
            return _("the invasion of {land} failed: continue it (spend an Array army, dial +1) or abandon it",
                     land=self.name(inv.target))
        if step == "overrun" and inv is not None:
            return _n("{n} invasion point left: overrun a land next to {land}, or stop",
                      "{n} invasion points left: overrun a land next to {land}, or stop", inv.points,
                      land=self.name(inv.last))
        if step == "monument":
            return _("a second resource symbol is taken: build a monument, or not")
        if step == "civil_target":
            return _("choose the land held by another player where the event's army rises")
        if step == "plague_area":
            return _("choose the area the plague strikes")
        if step == "fleet_place":
            return _("choose the sea or ocean for the fleet")
        return _("decide")

    def explain_illegal(self: "BriefGame", action: Action) -> Msg:
        """A sentence on why ``action`` is not legal now."""
        if self._over():
            return _("The game is over: no more moves can be made.")
        k, t = action.kind, action.target
        d = self._decision()
        if d.is_chance:
            return _("'{action}' is not possible now: the next step is chance ({prompt}).", action=action.text(),
                     prompt=d.prompt)
        if k in ("expand", "invade", "surrender") and self.phase == "expand":
            return self._why_not_place(k, t)
        if k == "overrun" and self.phase == "overrun":
            return self._why_not_overrun(t)
        if k == "play":
            if t not in self.content.events or self.turn_colour is None or t not in self.hands[self.turn_colour]:
                return _("You do not hold the event card '{card}'.", card=t)
            if self.phase in ("roll", "after_fail", "overrun"):
                return _("A new Event card may never be played after dice have been rolled, nor during overruns.")
            window = "start" if self.phase == "turn_start" else "expand"
            reason = self.why_not_playable(self.turn_colour, t, window)
            if reason:
                return reason
        if k == "fort" and self.phase == "expand" and self.force is not None:
            if t in self.forts:
                return _("{land} already has a fort: a land may never hold more than one.", land=self._label(t))
            if t not in self.force.active:
                return _("A fort is built only in a land of your standing armies; {land} is not one.",
                         land=self._label(t))
            if len(self.forts) >= self.opts["forts"]:
                return _("Every fort is on the map.")
            return _("A fort is built by spending an army from the Array, and the Array is empty.")
        if k == "end_turn" and self.phase == "expand":
            return _("Your turn ends when every army on the Array is used: place or spend them first.")
        if k == "continue" and self.phase == "after_fail":
            return _("Continuing spends an army from the Array, and there is none left.")
        return _("'{action}' is not possible now: {prompt}.", action=action.text(), prompt=d.prompt)

    def _label(self: "BriefGame", sid: str) -> str:
        return self.name(sid) if sid in self.board.spaces else f"'{sid}'"

    def _why_not_place(self: "BriefGame", kind: str, land: str) -> Msg:
        force = self.force
        assert force is not None
        if land not in self.board.spaces:
            return _("There is no land called '{land}' on the board.", land=land)
        space = self.board.spaces[land]
        if space.kind == "barren":
            return _("{land} is barren: no army may be placed there.", land=space.name)
        if space.is_water:
            return _("{land} is water: armies are placed in lands; fleets only carry them.", land=space.name)
        if not force.array:
            return _("There are no armies left on the Array.")
        if land in force.active or land in self.standing:
            return _("{land} already holds one of your standing armies (one army per land).", land=space.name)
        if force.kind == "event":
            return _("The event's armies only invade where the card says; they do not expand.")
        target = self.targets(force).get(land)
        if target is None:
            if land in force.influence or any(land in self.nbrs[i] for i in force.influence):
                return _("No army may expand from an Influence army; {land} is next to no other standing army.",
                         land=space.name)
            return _("{land} is not next to a land of your standing armies, and none of your fleets reaches its "
                     "coast.", land=space.name)
        what = target[0]
        occupant = self.owner.get(land)
        if what == "expand":
            return _("{land} is empty: expand into it.", land=space.name)
        if what == "surrender":
            return _("{land} holds your own resigned army: surrender it (no dice).", land=space.name)
        if kind == "expand" and occupant is not None:
            return _("{land} holds {player}'s army: invade it to take it.", land=space.name, player=self.who(occupant))
        return _("{land} holds another player's army: invading is the only way in.", land=space.name)

    def _why_not_overrun(self: "BriefGame", land: str) -> Msg:
        inv, force = self.invasion, self.force
        assert inv is not None and force is not None
        if land not in self.board.spaces:
            return _("'{land}' is not a land that can be overrun.", land=land)
        if not self.board.spaces[land].is_land:
            return _("{land} is not a land that can be overrun.", land=self.name(land))
        name = self.name(land)
        occupant = self.owner.get(land)
        if occupant is None:
            return _("{land} is empty: an overrun takes a land of the defender, {player}.", land=name,
                     player=self.who(inv.defender))
        if occupant != inv.defender:
            return _("{land} belongs to a different player: an overrun only takes lands of the defender, {player}.",
                     land=name, player=self.who(inv.defender))
        if land not in self.nbrs[inv.last]:
            sea = set(self.board.spaces[land].waters) & set(self.board.spaces[inv.last].waters)
            if sea:
                return _("{land} is not next to {last}, the land just taken (it is across a sea, and fleets may not "
                         "be used during overruns).", land=name, last=self.name(inv.last))
            return _("{land} is not next to {last}, the land just taken.", land=name, last=self.name(inv.last))
        if land in self.forts:
            return _("{land} contains a fort: a fort is a barrier to overruns.", land=name)
        if self.cost(land) > inv.points:
            return _n("{land} costs {cost} invasion points and {n} is left.",
                      "{land} costs {cost} invasion points and {n} are left.", inv.points, land=name,
                      cost=self.cost(land))
        return _("There is no army left on the Array to place.")
