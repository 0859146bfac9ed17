"""What each decision asks, and why an action is not legal now, in sentences a student understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["Explain"]


class Explain:
    """Prompts and reasons."""

    def prompt(self: "BriefGame", step: str) -> str:
        """The question of a pending player step."""
        force, inv = self.force, self.invasion
        if step == "allocate_first":
            return "both sets of cards reach you at once: choose which to look at (and pick from) first"
        if step == "allocate_empire":
            return f"choose an empire card ({len(self.empires_left)} left) and pass the rest on"
        if step == "allocate_event":
            return f"choose an event card ({len(self.events_left)} left) and pass the rest on"
        if step == "bonus_pick":
            return f"choose a Bonus token ({len(self.bonus_drawn)} left) and pass the rest on"
        if step == "turn_start":
            return "play an event that belongs to the start of your turn, or establish your empire"
        if step == "minor_start":
            return "choose the land where the minor empire starts"
        if step == "expand" and force is not None:
            return (f"place an army ({force.array} on the Array, Invasion dial +{force.dial}), build a fort, "
                    "play an event, or end")
        if step == "after_fail" and inv is not None:
            return (f"the invasion of {self.name(inv.target)} failed: continue it (spend an Array army, dial +1) "
                    "or abandon it")
        if step == "overrun" and inv is not None:
            return (f"{inv.points} invasion point{'s' if inv.points != 1 else ''} left: overrun a land next to "
                    f"{self.name(inv.last)}, or stop")
        if step == "monument":
            return "a second resource symbol is taken: build a monument, or not"
        if step == "civil_target":
            return "choose the land held by another player where the event's army rises"
        if step == "plague_area":
            return "choose the area the plague strikes"
        if step == "fleet_place":
            return "choose the sea or ocean for the fleet"
        return "decide"

    def explain_illegal(self: "BriefGame", action: Action) -> str:
        """A sentence on why ``action`` is not legal now."""
        if self._over():
            return "The game is over: no more moves can be made."
        k, t = action.kind, action.target
        d = self._decision()
        if d.is_chance:
            return f"'{action.text()}' is not possible now: the next step is chance ({d.prompt})."
        if k in ("expand", "invade", "surrender") and self.phase == "expand":
            return self._why_not_place(k, t)
        if k == "overrun" and self.phase == "overrun":
            return self._why_not_overrun(t)
        if k == "play":
            if t not in self.content.events or self.turn_colour is None or t not in self.hands[self.turn_colour]:
                return f"You do not hold the event card '{t}'."
            if self.phase in ("roll", "after_fail", "overrun"):
                return "A new Event card may never be played after dice have been rolled, nor during overruns."
            window = "start" if self.phase == "turn_start" else "expand"
            reason = self.why_not_playable(self.turn_colour, t, window)
            if reason:
                return reason[0].upper() + reason[1:] + "."
        if k == "fort" and self.phase == "expand" and self.force is not None:
            if t in self.forts:
                return f"{self._label(t)} already has a fort: a land may never hold more than one."
            if t not in self.force.active:
                return f"A fort is built only in a land of your standing armies; {self._label(t)} is not one."
            if len(self.forts) >= self.opts["forts"]:
                return "Every fort is on the map."
            return "A fort is built by spending an army from the Array, and the Array is empty."
        if k == "end_turn" and self.phase == "expand":
            return "Your turn ends when every army on the Array is used: place or spend them first."
        if k == "continue" and self.phase == "after_fail":
            return "Continuing spends an army from the Array, and there is none left."
        return f"'{action.text()}' is not possible now: {d.prompt}."

    def _label(self: "BriefGame", sid: str) -> str:
        return self.name(sid) if sid in self.board.spaces else f"'{sid}'"

    def _why_not_place(self: "BriefGame", kind: str, land: str) -> str:
        force = self.force
        assert force is not None
        if land not in self.board.spaces:
            return f"There is no land called '{land}' on the board."
        space = self.board.spaces[land]
        if space.kind == "barren":
            return f"{space.name} is barren: no army may be placed there."
        if space.is_water:
            return f"{space.name} is water: armies are placed in lands; fleets only carry them."
        if not force.array:
            return "There are no armies left on the Array."
        if land in force.active or land in self.standing:
            return f"{space.name} already holds one of your standing armies (one army per land)."
        if force.kind == "event":
            return "The event's armies only invade where the card says; they do not expand."
        target = self.targets(force).get(land)
        if target is None:
            if land in force.influence or any(land in self.nbrs[i] for i in force.influence):
                return f"No army may expand from an Influence army; {space.name} is next to no other standing army."
            return (f"{space.name} is not next to a land of your standing armies, and none of your fleets "
                    "reaches its coast.")
        what = target[0]
        occupant = self.owner.get(land)
        if what == "expand":
            return f"{space.name} is empty: expand into it."
        if what == "surrender":
            return f"{space.name} holds your own resigned army: surrender it (no dice)."
        if kind == "expand" and occupant is not None:
            return f"{space.name} holds {self.who(occupant)}'s army: invade it to take it."
        return f"{space.name} holds another player's army: invading is the only way in."

    def _why_not_overrun(self: "BriefGame", land: str) -> str:
        inv, force = self.invasion, self.force
        assert inv is not None and force is not None
        if land not in self.board.spaces or not self.board.spaces[land].is_land:
            return f"'{land}' is not a land that can be overrun."
        name = self.name(land)
        occupant = self.owner.get(land)
        if occupant is None:
            return f"{name} is empty: an overrun takes a land of the defender, {self.who(inv.defender)}."
        if occupant != inv.defender:
            return (f"{name} belongs to a different player: an overrun only takes lands of the defender, "
                    f"{self.who(inv.defender)}.")
        if land not in self.nbrs[inv.last]:
            sea = set(self.board.spaces[land].waters) & set(self.board.spaces[inv.last].waters)
            return (f"{name} is not next to {self.name(inv.last)}, the land just taken"
                    + (" (it is across a sea, and fleets may not be used during overruns)." if sea else "."))
        if land in self.forts:
            return f"{name} contains a fort: a fort is a barrier to overruns."
        if self.cost(land) > inv.points:
            return f"{name} costs {self.cost(land)} invasion points and {inv.points} are left."
        return "There is no army left on the Array to place."
