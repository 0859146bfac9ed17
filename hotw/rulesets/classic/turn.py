"""The classic empire turn: up to two events, fleets, the capitol, expansion and battles, monuments, scoring.

A mixin of :class:`~hotw.rulesets.classic.game.ClassicGame` (see ``draw.py``).
"""

from __future__ import annotations

from hotw.actions import Action, ActionsOf
from hotw.dice import high_counts
from hotw.i18n import Domain
from hotw.rulesets.classic import turnlog
from hotw.rulesets.classic.battle import Route, attack_dice, judge, route_dice, routes
from hotw.rulesets.classic.draw import WAIT
from hotw.rulesets.classic.links import online_resources
from hotw.rulesets.classic.pieces import FORT_LIMIT, Actor, Battle, BattleRecord
from hotw.rulesets.classic.scoring import breakdown, counts_seen_by
from hotw.rulesets.classic.targets import INVADE as _INVADE, invade_actions, kept_targets

_ = Domain("classic")

MAX_EVENTS = 2
"""Event cards a player may play before the turn."""

END_TURN = Action("end_turn")
_FORT, _TREACHERY, _TRADE_FLEET = ActionsOf("fort"), ActionsOf("treachery"), ActionsOf("trade_fleet")
_NO_EXPERT: frozenset[str] = frozenset()


class EmpireTurn:
    """One empire's turn (and a minor empire's, played before it)."""

    # -- the turn's start --------------------------------------------------------------------
    def _next_turn(self) -> object:
        self.turn += 1
        if self.turn >= len(self.call_order):
            self.phase = "epoch_end"
            return None
        card = self.content.empires[self.call_order[self.turn]]
        self.active_player = self._holder(card.id)
        self.fx = {}
        self.events_played = 0
        self.coins = 0
        self.extra_fleets = set()
        self.fleets = set()
        self.actor = None
        self.phase = "events"
        return WAIT

    def _holder(self, empire: str) -> int:
        return next(p for p, e in self.holder.items() if e == empire)

    def _begin_empire(self) -> None:
        card = self.content.empires[self.call_order[self.turn]]
        armies = card.strength(self.opts["strengths"]) + int(self.fx.get("armies", 0))
        self._start_actor(Actor(card.id, card.name, self.active_player, armies, self.empire_capitol(card.id),
                                card.start, self.empire_navigation(card.id), to_start=list(card.start)))

    def _start_actor(self, actor: Actor) -> None:
        self.actor = actor
        self.fleets = self.fleet_spaces(actor.navigation) | self.extra_fleets
        if self.fleets:
            self._tell(turnlog.places_fleets, actor.name, tuple([self._name(s) for s in sorted(self.fleets)]))
        self.phase = "establish"

    def fleet_spaces(self, navigation: tuple[str, ...]) -> set[str]:
        """The seas and oceans that get a fleet: each listed one, and every sea next to a listed ocean (with
        ``ocean_fleets="connected"``, the online game's, every sea and ocean its waters lead to)."""
        out: set[str] = set()
        spaces = self.board.spaces
        for w in navigation:
            out.add(w)
            if spaces[w].kind != "ocean":
                continue
            if self.opts["ocean_fleets"] == "connected":
                todo = [w]
                while todo:
                    for s in spaces[todo.pop()].adjacent:
                        if spaces[s].kind in ("sea", "ocean") and s not in out:
                            out.add(s)
                            todo.append(s)
            else:
                out.update(s for s in spaces[w].adjacent if spaces[s].kind == "sea")
        return out

    # -- the start lands ---------------------------------------------------------------------
    def _establish(self) -> object:
        a = self.actor
        assert a is not None
        while a.to_start:
            land = a.to_start[0]
            owner = self.owner.get(land)
            if a.armies <= 0:
                a.to_start.pop(0)
                continue
            if owner is None or owner == a.player or self.opts["start_land"] == "take":
                a.armies -= 1
                if owner is not None and owner != a.player:
                    self._remove_army(land)
                self._tell(turnlog.appear, a.name, self._name(land))
                self._occupy(a, land, own=owner == a.player)
                continue
            a.armies -= 1
            self._fight(Battle(land, a.player, owner, "actor", self._attack_dice(), self._forest_dice(land),
                               self._attack_bonus(), self._fort_counts(land), self._wins_ties()),
                        back="establish")
            return WAIT
        self.phase = "expand"
        return None

    def _forest_dice(self, land: str) -> int:
        return route_dice("land", self.board.spaces[land].terrain == "forest", None, self._expert())

    def _occupy(self, a: Actor, land: str, own: bool = False, keep: bool = False) -> None:
        """``a`` takes ``land`` (empty now): a capitol there becomes a city, a city is removed, a fort is removed
        (``keep``: the capitol or city stays as it is, as after a tie under the online game's rule)."""
        self._conquer(land, own or keep)
        self.owner[land] = a.player
        self.land_force[land] = a.name
        a.lands.add(land)
        if land in a.to_start:
            a.to_start.remove(land)
            if a.capitol:
                self.structures[land] = "capitol"
                self._tell(turnlog.capitol, a.name, self._name(land))

    def _conquer(self, land: str, own: bool) -> None:
        if own:
            return
        kind = self.structures.get(land)
        if kind == "capitol":
            self.structures[land] = "city"
        elif kind == "city":
            del self.structures[land]
        self.forts.discard(land)

    # -- where the acting force may go -------------------------------------------------------
    def _expert(self) -> frozenset[str]:
        expert = self.fx.get("expert")
        return frozenset(expert) if expert else _NO_EXPERT

    def targets(self) -> dict[str, int]:
        """Lands the acting force may enter now -> the defender's dice by the best way in (for an empty or own
        land the number is what a defender would roll)."""
        a = self.actor
        if a is None or not a.lands:
            return {}
        expert = self._expert()
        sea = route_dice("sea", False, None, expert, bool(self.fx.get("naval_power"))) if self.fleets else 0
        seas = (self.fleets, sea, self._touch, self._touch_lands)
        return dict(kept_targets(a, self._bases(a), expert, self._routes()[0], seas))  # a copy: the memo's is kept

    def dice_into(self, land: str) -> int:
        """``targets()[land]`` for one of the targets, without making the others: the best way over land (1 or 2
        dice) when there is one, else from the sea (2 or 3, never fewer than over land)."""
        a = self.actor
        assert a is not None
        expert, bases, best = self._expert(), self._bases(a), 9
        for b, route, forest, feature, d in self._routes()[1].get(land, ()):
            if b in bases:
                if expert:
                    d = route_dice(route, forest, feature, expert)
                if d < best:
                    best = d
        if best == 9:
            return route_dice("sea", False, None, expert, bool(self.fx.get("naval_power")))
        return best

    def _routes(self) -> tuple[dict[str, tuple[Route, ...]], dict[str, tuple[Route, ...]]]:
        return routes(self.board.spaces, self._land_nbrs, self.content.border, self.content.borders)

    def _bases(self, a: Actor) -> set[str]:
        """The lands ``a`` expands from: its own (the default), or every land of its player's colour (the online
        game's rule, ``expand_from="colour"``)."""
        if self.opts["expand_from"] == "colour":
            return a.lands | {t for t, q in self.owner.items() if q == a.player}
        return a.lands

    def _attack_dice(self) -> int:
        return attack_dice(bool(self.fx.get("leader")), bool(self.fx.get("elite")))

    def _attack_bonus(self) -> int:
        return int(self.fx.get("weaponry", 0))

    def _fort_counts(self, land: str) -> bool:
        """A fort in ``land`` adds to its defender, unless Siegecraft was played (the printed card; the online
        game's forts count against it too: ``siegecraft_ignores_forts=False``)."""
        return land in self.forts and not (self.fx.get("siegecraft") and self.opts["siegecraft_ignores_forts"])

    def _wins_ties(self) -> bool:
        """Jihad wins this battle's tie: for the whole turn (the card here), or only until the turn's
        ``ties_until_losses``-th lost battle (the 1993 card and the online game: the second)."""
        until = int(self.opts["ties_until_losses"])
        return bool(self.fx.get("wins_ties")) and not (until and self.fx.get("battles_lost", 0) >= until)

    # -- the expand step ---------------------------------------------------------------------
    def _legal_expand(self, targets: dict[str, int] | None = None) -> list[Action]:
        a = self.actor
        assert a is not None
        out: list[Action] = []
        if a.armies > 0:
            if targets is None:
                targets = self.targets()
            if self.fx.get("treachery") == "ready":
                for t in sorted(targets):
                    out.append(_INVADE[t])
                    if self.owner.get(t, a.player) != a.player:
                        out.append(_TREACHERY[t])
            elif targets:  # the memo's actions in order (targets() brought it up to date)
                out += invade_actions(a)
        if (a.armies > 0 or self.fx.get("forts", 0)) and len(self.forts) < FORT_LIMIT:
            out += [_FORT[t] for t in sorted(a.lands) if t not in self.forts]
        if self.fx.get("reallocation"):
            out += map(_TRADE_FLEET.__getitem__, sorted(self.fleets))
            if self.coins > 0 and a.lost > 0:
                out.append(Action("buy_army"))
        out.append(END_TURN)
        return out

    def _nothing_left(self) -> bool:
        a = self.actor
        assert a is not None
        return (a.armies <= 0 and not self.fx.get("forts", 0)
                and not (self.fx.get("reallocation") and (self.fleets or (self.coins and a.lost))))

    def _invade(self, land: str) -> None:
        a = self.actor
        assert a is not None
        dice = self.dice_into(land)
        owner = self.owner.get(land)
        a.armies -= 1
        if owner is None or owner == a.player:  # the online game: entering an empty land is no conquest
            self._occupy(a, land, own=owner == a.player, keep=owner is None and bool(self.opts["empty_keeps"]))
            self._tell(turnlog.expand, a.name, self._name(land))
            return
        self._fight(Battle(land, a.player, owner, "actor", self._attack_dice(), dice, self._attack_bonus(),
                           self._fort_counts(land), self._wins_ties()), back="expand")

    def _treachery(self, land: str) -> None:
        a = self.actor
        assert a is not None
        a.armies -= 1
        self.fx["treachery"] = "used"
        self._remove_army(land)
        self._occupy(a, land, keep=bool(self.opts["treachery_keeps"]))  # the online game: no conquest, no flip
        self._tell(turnlog.treachery, self._name(land), a.name)

    def _fort(self, land: str) -> None:
        a = self.actor
        assert a is not None
        if self.fx.get("forts", 0):
            self.fx["forts"] -= 1
        else:
            a.armies -= 1
        self.forts.add(land)
        self._tell(turnlog.fort, a.name, self._name(land))

    def _trade_fleet(self, sea: str) -> None:
        self.fleets.discard(sea)
        self.extra_fleets.discard(sea)
        self.coins += 1
        self._say(_("the fleet on {sea} is traded for a coin", sea=self._name(sea)))

    def _buy_army(self) -> None:
        a = self.actor
        assert a is not None
        self.coins -= 1
        a.lost -= 1
        a.armies += 1
        self._tell(turnlog.buys_back, a.name)

    def _end_actor(self) -> None:
        a = self.actor
        assert a is not None
        if a.minor:
            self.actor = None
            self.fleets = set(self.extra_fleets)
            self.phase = "events"
            return
        held = [t for t in a.lands if self.owner.get(t) == a.player]
        per_land = int(self.opts.get("monument_lands", 0))
        if per_land:
            self.to_build = sum(1 for t in held if self.resources(t)) // per_land
        else:
            self.to_build = sum(self.resources(t) for t in held) // int(self.opts["monument_icons"])
        self.to_build += self.empire_monuments_more(a.card)
        self.phase = "monuments"

    # -- battles -----------------------------------------------------------------------------
    def _fight(self, battle: Battle, back: str) -> None:
        self.battle = battle
        self.battle_back = back
        self.phase = "battle"

    def _dice_weights(self) -> list[tuple[Action, int]]:
        b = self.battle
        assert b is not None
        n = b.attack_dice if b.attack_high is None else b.defend_dice
        return [(self._ROLLS[v], w) for v, w in enumerate(high_counts(n), start=1)]

    def _roll(self, value: int) -> None:
        b = self.battle
        assert b is not None
        if b.attack_high is None:
            b.attack_high = value
            return
        result = judge(b.attack_bonus, b.fort, b.wins_ties)(b.attack_high, value)
        self.last_battle = BattleRecord(b.target, b.attacker, b.defender, b.attack_dice, b.defend_dice,
                                        b.attack_high, value, b.attack_bonus, b.fort, result)
        b.attack_high = None
        b.rounds += 1
        if result == "tie" and self.opts["tie_rule"] == "reroll":
            return
        # the online tie: an empire's, or any at a fort (an event's army dies with it: game005.txt lines 236-242)
        enters = result == "tie" and self.opts["tie_rule"] == "attacker_enters" and (b.source == "actor" or b.fort)
        if enters and not b.fort and self._left_empty(b.target):
            enters = False  # an imported log's tie that left the land empty: both die, as printed
        if b.fort:
            if result == "win" or (result == "tie" and not enters):
                self.forts.discard(b.target)
                b.fort = False
                self._tell(turnlog.fort_falls, self._name(b.target))
                return
            if enters:  # the online game: the attacking army dies with the fort, the defender holds the land
                self.forts.discard(b.target)
                self._say(_("the fort of {land} falls with the attacking army", land=self._name(b.target)))
                self._battle_over(b, "lose", told=True)  # a tie, as the battle shows it: no "loses" line
                return
        elif enters:  # the online game: the defender dies and the attacker's army enters, the buildings unchanged
            result = "enter"
        self._battle_over(b, result)

    def _left_empty(self, land: str) -> bool:
        """Whether the acting empire's tie in ``land`` left it empty: an imported log shows it
        (``log_empty_ties``, read by the replay from the log's next line naming the land); never in a game played
        here, where the online tie rule always lets the attacker's army enter."""
        ties = self.opts["log_empty_ties"]
        return bool(ties) and self.actor is not None and land in ties.get(self.actor.card, ())

    def _battle_over(self, b: Battle, result: str, told: bool = False) -> None:
        """The battle decided (``result`` win, enter, tie or lose); ``told``: its line is already written."""
        self.battle = None
        where = self._name(b.target)
        attacker = self.players[b.attacker]
        if result == "enter":
            self._remove_army(b.target)
            self._tell(turnlog.enters, where, attacker)
        elif result == "win":
            self._remove_army(b.target)
            self._tell(turnlog.wins, attacker, where)
        elif result == "tie":
            self._remove_army(b.target)
            self._tell(turnlog.both_die, where)
        elif not told:
            self._tell(turnlog.loses, attacker, where)
        if b.source == "actor":
            a = self.actor
            assert a is not None
            if result in ("win", "enter"):
                self._occupy(a, b.target, keep=result == "enter")
            else:
                a.lost += 1
                self.fx.pop("elite", None)
                if self.opts["ties_until_losses"]:  # counted only where a rule reads it, so saves stay as they were
                    self.fx["battles_lost"] = self.fx.get("battles_lost", 0) + 1
            self.phase = self.battle_back
        else:
            self._event_battle_over(b, result)

    def _remove_army(self, land: str) -> None:
        """The army in ``land`` dies; a fort there goes with it (a fort never stands alone)."""
        self.forts.discard(land)
        if land in self.owner:
            del self.owner[land]
        self.land_force.pop(land, None)

    # -- monuments and scoring ---------------------------------------------------------------
    def resources(self, land: str) -> int:
        """The resource symbols of ``land``: the world board's, or the online board's under ``online_resources``."""
        if self.opts.get("online_resources"):
            return online_resources(self.board).get(land, self.board.spaces[land].resources)
        return self.board.spaces[land].resources

    def monument_lands(self) -> list[str]:
        """The lands of the acting empire a monument may go on: its capitol first, then cities, then resource lands."""
        a = self.actor
        assert a is not None
        rank = {"capitol": 0, "city": 1}
        return sorted((t for t in a.lands if self.owner.get(t) == a.player),
                      key=lambda t: (rank.get(self.structures.get(t, ""), 2), -self.resources(t), t))

    def _monuments_step(self) -> object:
        if self.to_build > 0 and self._a_monument_land():
            return WAIT
        self._score_turn()
        return None

    def _a_monument_land(self) -> bool:
        """Whether :meth:`monument_lands` has any, without ranking them (a land of the acting empire it still holds)."""
        a = self.actor
        assert a is not None
        owner = self.owner
        return any(owner.get(t) == a.player for t in a.lands)

    def _build_monument(self, land: str) -> None:
        self.monuments[land] = self.monuments.get(land, 0) + 1
        self.to_build -= 1
        self._tell(turnlog.monument, self.actor.name, self._name(land))

    def score_breakdown(self, p: int):  # type: ignore[no-untyped-def]
        """What player ``p`` would score now: areas, capitols, cities, monuments on the lands they hold."""
        owner = self.owner
        structures = {"capitol": 0, "city": 0, "monument": 0}
        for t, kind in self.structures.items():  # the few lands with a structure, not every land held
            if kind and owner.get(t) == p:
                structures[kind] += 1
        for t, n in self.monuments.items():
            if owner.get(t) == p:
                structures["monument"] += n
        kept = self._epoch_values
        if kept is None or kept[0] != self.epoch:  # the chart's, or the online game's: the same all epoch long
            kept = self._epoch_values = (self.epoch, {r: self.area_values(r) for r in self.content.areas})
        values = kept[1]
        counts = owner.counts
        moved = self.moved_lands()  # e.g. Danubia: Northern Europe for its holder, no area for others
        if moved:
            home = {t: self.board.spaces[t].region for t in moved}
            counts = counts_seen_by(p, counts, self.owner, home, moved)
        return breakdown(p, counts, self._region_names, values, self._region_sizes, structures,
                         self.opts["structure_points"], self.opts["area_rule"])

    def _score_turn(self) -> None:
        p = self.active_player
        bd = self.score_breakdown(p)
        self.score[p] += bd.total
        self.turn_scores.append((self.epoch, self.call_order[self.turn], p, bd))
        self._tell(turnlog.scores, self._who(p), bd.total, self.score[p])
        self.actor = None
        self.fleets = set()
        self.extra_fleets = set()
        self.fx = {}
        self.coins = 0
        self.phase = "next_turn"
