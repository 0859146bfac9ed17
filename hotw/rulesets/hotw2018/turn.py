"""The 2018 turn of an empire around its invasions: kingdom, establish, build, resign, gain points.

A mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game` (see ``draft.py``).
"""

from __future__ import annotations

from typing import Any

from hotw.i18n import Domain
from hotw.rulesets.hotw2018.actorlog import (
    builds, establishes, gains, none_to_establish, places, resigns, takes_catapult,
)
from hotw.rulesets.hotw2018.pieces import LIMITS, Actor, effect_dict
from hotw.rulesets.hotw2018.scoring import breakdown
from hotw.scoring import Breakdown, LandArmies

_ = Domain("hotw2018")
_MONUMENTS_IN_BOX = LIMITS["monument"]


class EmpireTurn:
    """The steps of an empire's (or kingdom's) turn that are not invasions."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    def _holder(self, empire: str) -> int:
        return self.empire_of.index(empire)

    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn >= len(self.call_order):
            self.phase = "epoch_end"
            return
        empire = self.call_order[self.turn]
        p = self.empire_of.index(empire)  # self._holder(empire)
        self.actor = None
        self._log_specs.append((self.epoch, takes_catapult,
                                (self.content.empires[empire].name, self.players[p])))
        events = self.content.events  # any(self._kingdoms(p)), as a loop: no list made before every turn
        self.phase = "establish_empire"
        for c in self.hands[p]:
            if events[c].kind == "kingdom":
                self.phase = "kingdom"
                break

    def _kingdoms(self, p: int) -> list[str]:
        return [c for c in self.hands[p] if self.content.events[c].kind == "kingdom"]

    def _make_actor(self, card: str, p: int, kingdom: bool) -> Actor:
        if kingdom:
            ev = self.content.events[card]
            k = ev.kingdom
            actor = Actor(card, k.name, p, True, bool(k.capitol), tuple(k.start), tuple(k.fleets),
                          tuple(k.caravans))
            self._take_armies(actor, k.armies)
        else:
            em = self.content.empires[card]
            actor = Actor(card, em.name, p, False, bool(em.capitol), tuple(em.start), tuple(em.fleets),
                          tuple(em.caravans))
            self._take_armies(actor, em.armies)
            if em.ability is not None:  # the Immortals' 2 armies, Legionary Forts, ...
                self._gain_effects(actor, em.ability.effects)
        actor.to_establish = list(actor.starts)
        return actor

    def _gain_effects(self, actor: Actor, effects: Any) -> None:
        """An ability's or an event card's effects: armies onto the card and free forts at once, the others kept
        for the rules that read them (``actor.effects``)."""
        for e in map(effect_dict, effects):
            if e["kind"] == "extra_armies":
                self._take_armies(actor, int(e.get("count", 0)))
            elif e["kind"] == "free_forts":
                actor.free_forts += int(e.get("count", 0))
            else:
                actor.effects.append(e)

    def _establish(self) -> None:
        """Place an army (and a capitol) in each start territory; a defended one means a battle."""
        a = self.actor
        assert a is not None
        while a.to_establish:
            land = a.to_establish[0]
            if a.armies == 0:
                self._tell(none_to_establish, self._actor_label(), self._name(land))
                a.to_establish.clear()
                break
            owner = self.owner.get(land)
            if owner is not None and owner != a.player:
                self._start_battle(land, naval=False, establishing=True)
                return
            a.to_establish.pop(0)
            if land not in a.active:  # a position set up by hand may have laid this empire's army there already
                _occupy(self, land, owner == a.player)  # (functions, not methods: see game.py's _invade)
            _place_capitol(self, land)
            self._log_specs.append((self.epoch, establishes,  # self._tell(...)
                                    (a.label or self._actor_label(), self.board.spaces[land].name)))
        markers = a.fleets + a.caravans
        if markers:
            self._tell(places, a.label or self._actor_label(), tuple(map(self._name, markers)))
        self.phase = "invade"

    def _occupy(self, land: str, own_resigned: bool = False) -> None:
        a = self.actor
        assert a is not None
        if own_resigned:
            self.supply[a.player] += 1
        a.armies -= 1
        self.owner[land] = a.player
        a.active.add(land)

    def _place_capitol(self, land: str) -> None:
        a = self.actor
        assert a is not None
        if not a.capitol:
            return
        if land not in self.tokens and len(self.tokens) >= LIMITS["capitol_city"]:
            self._say(_("no capitol left in the box for {empire}", empire=a.name))
            return
        self.tokens[land] = "capitol"

    def _build(self) -> None:
        a = self.actor
        assert a is not None
        resources = self._resources
        icons = sum(map(resources.__getitem__, a.active))
        per, extra = int(self.opts["monument_icons"]), 0
        if a.effects:  # an ability or event may change the rate (the lowest wins) or add monuments, in one loop
            rate = None
            for e in a.effects:
                kind = e["kind"]
                if kind == "monument_rate":
                    r = int(e.get("per", 2))
                    if rate is None or r < rate:
                        rate = r
                elif kind == "extra_monuments":
                    extra += int(e.get("count", 0))
            if rate is not None:
                per = rate
        count = (icons // per if per > 1 else icons) + extra  # icons // max(per, 1) + extra, and at most the box's
        left = _MONUMENTS_IN_BOX - len(self.monuments)
        if left < count:
            count = left
        if count <= 0:  # nothing to build: no need to rank the lands
            return
        # The lands that may take one, best first: a capitol, a city, then by resource icons (a land without
        # icons or structure takes none), then by id
        tokens, monuments = self.tokens, self.monuments
        ranked = []
        for t in a.active:
            if t not in monuments:
                tok = tokens.get(t)
                icons = resources[t]
                if tok == "capitol":
                    ranked.append((0, -icons, t))
                elif tok == "city":
                    ranked.append((1, -icons, t))
                elif icons:
                    ranked.append((2, -icons, t))
        if not ranked:
            return
        ranked.sort()
        built = [t for _c, _i, t in ranked[:count]]
        monuments.update(built)
        self._tell(builds, a.label or self._actor_label(), tuple(map(self._name, built)))

    def _resign(self) -> None:
        a = self.actor
        assert a is not None
        self.supply[a.player] += a.armies
        a.armies = a.tokens = 0
        a.active.clear()
        self._log_specs.append((self.epoch, resigns, (a.label or self._actor_label(),)))  # self._tell(...)

    def score_breakdown(self, player: int | str) -> Breakdown:
        """Points ``player`` would gain from the board as it stands now."""
        return self._breakdown(self.players.index(player) if isinstance(player, str) else int(player))

    def _breakdown(self, p: int) -> Breakdown:
        # score_breakdown of a seat number (the end of every turn asks here)
        owner = self.owner
        return breakdown(p, owner, self._region_lands, self._region_names, self.region_values, self.tokens,
                         self.monuments, self.n, self.opts["structure_points"],
                         owner.counts if isinstance(owner, LandArmies) else None)

    def _gain_points(self) -> None:
        a = self.actor
        assert a is not None
        bd = self._breakdown(a.player)
        self.turn_scores.append((self.epoch, a.card, a.player, bd))
        self._log_specs.append((self.epoch, gains,  # self._tell(...)
                                (a.label or self._actor_label(), bd.total)))
        self.phase = "next_turn"
        self.actor = None  # between turns no empire is acting
        self._move_score(a.player, bd.total)



# The steps a turn calls most, as functions (see ``game.py``: made so when a method looked up on the game was not
# specialised)
_occupy, _place_capitol = EmpireTurn._occupy, EmpireTurn._place_capitol
