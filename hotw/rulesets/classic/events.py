"""The classic event cards: which may be played now, and how each is resolved before the empire acts.

A mixin of :class:`~hotw.rulesets.classic.game.ClassicGame` (see ``draw.py``). A
card that needs choices (a sea, lands, an area) opens an event step whose picks
are ``target:<id>`` decisions (``done`` ends it early); event battles use the
turn's battle, and a disease rolls one chance step per army it strikes.
"""

from __future__ import annotations

from typing import Any

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, plural_name
from hotw.rulesets.classic.battle import route_dice
from hotw.rulesets.classic.draw import WAIT
from hotw.rulesets.classic.links import online_starts
from hotw.rulesets.classic.pieces import Actor, Battle

_ = Domain("classic")

DONE = Action("done")
_TARGET = ActionsOf("target")  # an event step's targets' actions, each made once
_FLAGS = ("leader", "naval_power", "siegecraft", "elite", "wins_ties", "reallocation")


def lowest_counts(dice: int) -> tuple[int, ...]:
    """Rolls of ``dice`` dice whose lowest die is 1, 2, ..., 6 (out of ``6**dice``).

    >>> lowest_counts(1), sum(lowest_counts(4)), lowest_counts(4)[0]
    ((1, 1, 1, 1, 1, 1), 1296, 671)
    """
    return tuple((7 - m) ** dice - (6 - m) ** dice for m in range(1, 7))


class EventPlay:
    """Playing and resolving event cards."""

    # -- what may be played --------------------------------------------------------------------
    def playable_events(self) -> list[str]:
        """Event cards in the active player's hand that may be played now (each kind once in the list)."""
        if self.events_played >= 2:
            return []
        return [c for c in sorted(set(self.hands[self.active_player])) if self._can_play(c)]

    def _can_play(self, cid: str) -> bool:
        ev = self.content.events[cid]
        (first, last), terms = self.event_terms(cid)
        if not first <= self.epoch <= last:
            return False
        eff, p = ev.effect, self.active_player
        card = self.content.empires[self.call_order[self.turn]]
        k = eff.kind
        if k == "kingdom":
            return eff.get("land") not in self.owner or self.opts["start_land"] == "take"
        if k == "reallocation":
            return bool(card.navigation)
        if k in ("armies", "forts") and eff.get("needs_capitol"):
            # the card's capitol or the online game's (online_capitols); or played to no effect (online_events)
            return self.empire_capitol(card.id) or terms.without_capitol
        if k == "migrants":
            return bool(self._empty_lands(str(eff.get("region"))))
        if k == "disaster":
            return bool(self._disaster_lands())
        if k == "uprising":
            return any(q != p for q in self.owner.values())
        if k == "pestilence":
            return bool(self.owner)
        if k == "raid" and eff.get("origin") != "barren":
            return bool(self._raid_targets({"origin": eff.get("origin"), "lands": set(), "player": p}))
        return True

    def _disaster_lands(self) -> list[str]:
        """The lands a Disaster may strike: those with monuments, and under ``disaster_reduces`` also those with a
        capitol, a city or a fort (the online card reduces them as a conquest does)."""
        lands = {t for t, n in self.monuments.items() if n}
        if self.opts["disaster_reduces"]:
            lands |= set(self.structures) | set(self.forts)
        return sorted(lands)

    def _empty_lands(self, region: str) -> list[str]:
        return [t for t in self.board.regions[region].lands if t not in self.owner]

    # -- playing a card ------------------------------------------------------------------------
    def _play_event(self, cid: str) -> None:
        p = self.active_player
        ev = self.content.events[cid]
        self.hands[p].remove(cid)
        self.events_played += 1
        self.events_used[p].append(cid)
        self._tell(_plays, self._who(p), ev.name)
        eff = ev.effect
        k = eff.kind
        fx = self.fx
        if k in _FLAGS:
            fx[k] = True
        elif k == "weaponry":
            fx["weaponry"] = fx.get("weaponry", 0) + int(eff.get("value", 1))
        elif k == "treachery":
            fx["treachery"] = "ready"
        elif k == "expert":
            fx["expert"] = tuple(sorted(set(fx.get("expert", ())) | {str(eff.get("feature"))}))
        elif k in ("armies", "forts"):
            empire = self.call_order[self.turn]
            if eff.get("needs_capitol") and not self.empire_capitol(empire):  # online_events: played to no effect
                name = self.content.empires[empire].name
                self._say(_("{event} builds nothing: {empire} have no capitol", event=ev.name, empire=name)
                          if plural_name(name) else
                          _("{event} builds nothing: {empire} has no capitol", event=ev.name, empire=name))
            else:
                fx[k] = fx.get(k, 0) + int(eff.get("count", 0))
        elif k == "kingdom":
            land = str(eff.get("land"))
            if land in self.owner:
                self._remove_army(land)
            self.owner[land] = p
            self.land_force[land] = ev.people
            self._conquer(land, False)
            self.structures[land] = "city"
            self._say(_("the kingdom of the {people} appears in {land}", people=ev.people, land=self._name(land)))
        elif k == "minor_empire":
            m = ev.empire
            assert m is not None
            start = online_starts(self.board).get(cid, m.start) if self.opts["online_starts"] else m.start
            self._start_actor(Actor(cid, m.name, p, m.armies, m.capitol, start, m.navigation, minor=True,
                                    to_start=list(start)))
            return
        else:
            self._open_step(cid, eff)
            return
        self.phase = "events"

    def _open_step(self, cid: str, eff: Any) -> None:
        step: dict[str, Any] = {"card": cid, "kind": eff.kind, "player": self.active_player}
        step.update(dict(eff.params))
        if eff.kind == "migrants":
            step["left"] = eff.get("count")
        elif eff.kind == "disaster":
            step["left"] = eff.get("lands")
        elif eff.kind == "uprising":
            step.update(left=eff.get("lands"), foe=None)
        elif eff.kind == "pestilence":
            step["left"] = eff.get("picks")
            step["picked"] = []
            if cid == "plague" and self.opts["plague_spreads"]:
                step["spread"] = 3  # the online card: the plague travels on with 3 dice while armies die
        elif eff.kind == "raid":
            # the online Barbarians (online_events) have no army limit: they go on until a battle is lost or tied
            until = self.event_terms(cid)[1].until_it_loses
            step.update(lands=set(), left=len(self.board.spaces) if until else eff.get("armies"))
            if eff.get("origin") == "barren":
                step["kind"] = "raid_origin"
        self.step = step
        self.strikes = []
        self.phase = "event_step"

    # -- event steps ---------------------------------------------------------------------------
    def step_targets(self) -> list[str]:
        """What the pending event step may pick now."""
        s = self.step
        assert s is not None
        k, p = s["kind"], s["player"]
        if k == "fleet":
            return sorted(w for w in self.board.waters() if w not in self.fleets | self.extra_fleets)
        if k == "migrants":
            return self._empty_lands(s["region"])
        if k == "disaster":
            return self._disaster_lands()
        if k == "raid_origin":
            return sorted(self.board.barren_lands())
        if k == "raid":
            return sorted(self._raid_targets(s))
        if k == "uprising":
            foe = s["foe"]
            return sorted(t for t, q in self.owner.items() if q != p and (foe is None or q == foe))
        if k == "pestilence":
            if s["scope"] == "region":
                return sorted(r for r, c in self.owner.counts.items() if sum(c) and r not in s["picked"])
            if s.get("from"):
                return sorted(n for n in self._land_nbrs[s["from"]] if n in self.owner)
            return sorted(self.owner)
        return []

    def _legal_step(self) -> list[Action]:
        out = list(map(_TARGET.__getitem__, self.step_targets()))
        if self.step["kind"] != "raid_origin" and not (self.step.get("from") and out):  # a spreading plague must go on
            out.append(DONE)
        return out

    def _step_pick(self, t: str) -> None:
        s = self.step
        k, p = s["kind"], s["player"]
        if k == "fleet":
            self.extra_fleets.add(t)
            self.fleets.add(t)
            self._say(_("a fleet is placed on {sea}", sea=self._name(t)))
            self._close_step()
            return
        if k == "migrants":
            self.owner[t] = p
            self.land_force[t] = _("Migrants")
            self._say(_("migrants settle {land}", land=self._name(t)))
        elif k == "disaster":
            self.monuments.pop(t, None)
            self._say(_("disaster: the monuments of {land} are destroyed", land=self._name(t)))
            if self.opts["disaster_reduces"]:  # the online card, as the 1993 Volcano and Fire: a conquest's loss too
                kind = self.structures.get(t)
                self._conquer(t, False)
                if kind == "capitol":
                    self._say(_("disaster: the capitol of {land} is reduced to a city", land=self._name(t)))
                elif kind == "city":
                    self._say(_("disaster: the city of {land} is destroyed", land=self._name(t)))
        elif k == "raid_origin":
            s["origin"] = t
            s["kind"] = "raid"
            self._say(_("barbarians come out of {land}", land=self._name(t)))
            self._step_continue()
            return
        elif k == "raid":
            self._raid(t)
            return
        elif k == "uprising":
            s["foe"] = self.owner[t]
            forest = self.board.spaces[t].terrain == "forest"
            self._fight(Battle(t, p, self.owner[t], "uprising", 2, route_dice("land", forest, None),
                               0, self._fort_counts(t)), back="event_step")
            s["left"] -= 1
            return
        elif k == "pestilence":
            self._strike(t)
            s["left"] -= 1
            return
        s["left"] -= 1
        self._step_continue()

    def _step_continue(self) -> None:
        s = self.step
        if s is None:
            return
        if s.get("left", 1) <= 0 or not self.step_targets():
            self._close_step()
        else:
            self.phase = "event_step"

    def _close_step(self) -> None:
        self.step = None
        self.phase = "events"

    # -- raids: barbarians, crusades, revolts ---------------------------------------------------
    def _raid_targets(self, s: dict[str, Any]) -> set[str]:
        spaces, p, origin = self.board.spaces, s["player"], s["origin"]
        if origin in self.board.regions or origin is None or origin == "barren":
            return set()
        if spaces[origin].kind == "land":
            cand = {origin} if not s["lands"] else set()
        elif spaces[origin].kind == "barren":
            cand = {t for t in spaces[origin].adjacent if spaces[t].kind == "land"}
        else:
            cand = set(self._touch_lands[origin])
        for land in s["lands"]:
            cand.update(self._land_nbrs[land])
        return {t for t in cand if self.owner.get(t) != p}

    def _raid_dice(self, s: dict[str, Any], t: str) -> int:
        spaces, expert = self.board.spaces, self._expert()
        forest = spaces[t].terrain == "forest"
        origin = spaces[s["origin"]]
        ways = []
        if origin.kind == "land":
            ways.append(route_dice("land", forest, None, expert))
        elif origin.kind == "barren" and t in origin.adjacent:
            ways.append(route_dice("land", forest, None, expert))
        elif origin.kind != "barren" and t in self._touch_lands[origin.id]:
            ways.append(route_dice("sea", forest, None, expert, bool(self.fx.get("naval_power"))))
        for land in s["lands"]:
            if t in self._land_nbrs[land]:
                route = "strait" if t in spaces[land].straits else "land"
                ways.append(route_dice(route, forest, self.content.border(land, t), expert))
        return min(ways)

    def _raid(self, t: str) -> None:
        s = self.step
        s["left"] -= 1
        owner = self.owner.get(t)
        if owner is None:
            self._raid_take(t)
            self._step_continue()
            return
        self._fight(Battle(t, s["player"], owner, "raid", int(s.get("attack_dice", 2)), self._raid_dice(s, t),
                           int(s.get("bonus", 0)), self._fort_counts(t)), back="event_step")

    def _raid_take(self, t: str) -> None:
        s = self.step
        self._conquer(t, False)
        self.owner[t] = s["player"]
        self.land_force[t] = self.content.events[s["card"]].name
        s["lands"].add(t)
        force = self.content.events[s["card"]].name  # "Barbarians take Nile Delta", "Crusade takes Palestine"
        self._say(_("{event} take {land}", event=force, land=self._name(t)) if plural_name(force) else
                  _("{event} takes {land}", event=force, land=self._name(t)))
        if s.get("prize") == t and (s["card"] != "jewish_revolt" or self.opts["revolt_builds"]):
            self.structures[t] = "city"  # the online Jewish Revolt builds nothing (revolt_builds=False)
            self.forts.add(t)

    def _event_battle_over(self, b: Battle, result: str) -> None:
        s = self.step
        if result == "win":
            if b.source == "raid":
                self._raid_take(b.target)
            else:
                self._conquer(b.target, False)
                self.owner[b.target] = b.attacker
                self.land_force[b.target] = _("Rebels")
        elif b.source == "raid" and s.get("until_loss"):
            s["left"] = 0
        self._step_continue()

    # -- diseases ------------------------------------------------------------------------------
    def _strike(self, t: str) -> None:
        s = self.step
        if s["scope"] == "region":
            s["picked"].append(t)
            self.strikes = [(land, int(s["dice"])) for land in self.board.regions[t].lands if land in self.owner]
            self._say(_("{event} strikes {area}", event=self.content.events[s["card"]].name,
                        area=self.board.regions[t].name))
        else:
            self.strikes = [(t, int(s["spread"] if s.get("from") else s["dice"]))]
            if s["scope"] == "land_and_neighbours":
                self.strikes += [(n, int(s["neighbour_dice"])) for n in self._land_nbrs[t] if n in self.owner]
            self._say(_("{event} strikes {land}", event=self.content.events[s["card"]].name, land=self._name(t)))
        self.phase = "event_roll"

    def _strike_weights(self) -> list[tuple[Action, int]]:
        dice = self.strikes[0][1]
        return [(self._ROLLS[m], w) for m, w in enumerate(lowest_counts(dice), start=1)]

    def _strike_roll(self, lowest: int) -> None:
        land = self.strikes.pop(0)[0]
        if lowest == 1:
            self._remove_army(land)
            self._say(_("the army in {land} dies", land=self._name(land)))
            if self.step is not None and self.step.get("spread"):
                self.step.update(left=1, **{"from": land})  # the plague spreads to a neighbouring army
        if not self.strikes:
            self._step_continue()

    def _event_rolls(self) -> object:
        if self.strikes:
            return WAIT
        self._step_continue()
        return None


def _plays(player: str, event: str) -> str:
    """The log's line of a card played, made when the log is read (``_tell``)."""
    return _("{player} plays {event}", player=player, event=event)
