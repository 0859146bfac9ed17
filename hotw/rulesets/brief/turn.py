"""An empire turn: the call, the start of the turn, establishing, expanding, forts, monuments, reorganising, gold.

The Array serves one *force* at a time (:class:`~hotw.rulesets.brief.pieces.Force`):
the empire, or a minor empire, kingdom or event's armies stacked on top of it.
Where a force may place its next army is :meth:`EmpireTurn.targets`: lands next to
one of its standing armies (Influence armies excepted), or on the coast of a
water one of its fleets reaches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, Msg, plural_name
from hotw.rulesets.brief.gold import breakdown
from hotw.rulesets.brief.pieces import WAIT, Force
from hotw.rulesets.brief.position import take_force

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["EmpireTurn", "Target"]

_ = Domain("brief")
_n = _.plural
_INVADE, _SURRENDER, _EXPAND, _FORT = ActionsOf("invade"), ActionsOf("surrender"), ActionsOf("expand"), ActionsOf("fort")
_PLACE = {"expand": _EXPAND, "surrender": _SURRENDER, "invade": _INVADE}

Target = tuple[str, bool, bool]
"""(what placing an army there is: "expand" | "invade" | "surrender" | "both", by fleet only, by the Vikings' Atlantic fleet only)."""


class EmpireTurn:
    """The steps of an empire turn."""

    # -- the call ------------------------------------------------------------------------
    def call_next(self: "BriefGame") -> object:
        order = self.content.epoch_empires(self.epoch)
        self.call_index += 1
        if self.call_index >= len(order):
            self.say(_("all seven empires have been called"))
            self.phase = "epoch_end"
            return None
        card = order[self.call_index]
        if card not in self.empire_of:
            self.tell(_skipped, self.content.empires[card].name)
            return None
        self.part = 0
        self.begin_turn(self.empire_of.index(card))
        return None

    def begin_turn(self: "BriefGame", colour: int) -> None:
        card = self.content.empires[self.empire_of[colour] or ""]
        self.turn_colour, self.established = colour, False
        self.in_play, self.effects, self.forces, self.invasion = None, {}, [], None
        self.tell(_declares, self.who(colour), card.parts[self.part].name)
        self.phase = "turn_start"

    def empire_card(self: "BriefGame") -> str:
        """The id of the empire card being played."""
        assert self.turn_colour is not None
        return self.empire_of[self.turn_colour] or ""

    # -- the start of the turn --------------------------------------------------------------
    def legal_turn_start(self: "BriefGame") -> list[Action]:
        assert self.turn_colour is not None
        out = [Action("play", c) for c in self.playable(self.turn_colour, "start")]
        if self.in_play is not None and self.content.events[self.in_play].continuous:
            out.append(Action("discard", self.in_play))
        return out + [Action("establish")]

    def do_establish(self: "BriefGame", _target: str) -> None:
        colour = self.turn_colour
        assert colour is not None
        red = [c for c in self.hands[colour] if self.content.events[c].colour == "red"
               and self.content.events[c].epoch == self.epoch]
        for card in red:
            self.hands[colour].remove(card)
            self.discards.append(card)
            self.say(_("{player} did not play {card} at the start of the turn: discarded", player=self.who(colour),
                       card=self.content.events[card].name))
        self.phase = "establish"

    def establish(self: "BriefGame") -> object:
        colour = self.turn_colour
        assert colour is not None
        card = self.content.empires[self.empire_card()]
        part = card.parts[self.part]
        force = Force("empire", colour, part.name, card.id, self.part, barbarian=not part.capital,
                      feature=part.feature if self.part == 0 else None, start=part.start)
        self.set_waters(force, part.fleets)
        force.array = min(part.armies, self.supply[colour])
        self.supply[colour] -= force.array
        self.forces.append(force)
        self.established = True
        if part.capital:
            self.tell(_established, part.name, self.name(part.start), force.array)
        else:
            self.tell(_established_barbarian, part.name, self.name(part.start), force.array)
        if force.array:
            self.clear_start(part.start, keep_monument=force.feature == "fear")
            force.array -= 1
            self.take_control(part.start, "start")
            if part.capital:
                self.structures[part.start] = "capital"
            for land in (part.influence if self.part == 0 else ()):
                occupant = self.owner.get(land)
                if force.array and (occupant is None or (occupant == colour and land not in self.standing)):
                    force.array -= 1
                    if occupant is not None:
                        self.owner.pop(land)
                        self.supply[colour] += 1
                    force.influence.add(land)
                    self.take_control(land, "expand" if occupant is None else "surrender")
                    self.say(_("an Influence army in {land}", land=self.name(land)))
        if self.position_force:
            take_force(self, force)
        self.proceed("expand")
        return None

    def set_waters(self: "BriefGame", force: Force, fleets: tuple[str, ...] | list[str]) -> None:
        """A force's fleets: each named sea, and each named ocean with the seas next to it."""
        atlantic: set[str] = set()
        for water in fleets:
            reach = {water}
            if self.board.spaces[water].kind == "ocean":
                reach |= {s for s in self.board.spaces[water].adjacent if self.board.spaces[s].kind == "sea"}
            force.waters |= reach
            if water == "atlantic_ocean" and force.feature == "vikings":
                atlantic = reach
        others = set()
        for water in fleets:
            if water != "atlantic_ocean":
                others.add(water)
        force.atlantic = atlantic - others

    def clear_start(self: "BriefGame", land: str, keep_monument: bool = False) -> None:
        """Remove every army, capital, city, monument and fort from a start-land."""
        occupant = self.owner.get(land)
        if occupant is not None:
            self.owner.pop(land)
            self.supply[occupant] += 1
            self.standing.discard(land)
        self.structures.pop(land, None)
        self.forts.discard(land)
        if not keep_monument:
            self.monuments.discard(land)

    # -- where the next army may go -------------------------------------------------------------
    def targets(self: "BriefGame", force: Force | None = None) -> dict[str, Target]:
        """Land -> (kind, by fleet only, by the Atlantic only) for every land the force may place its next army in."""
        force = force or self.force
        if force is None or force.kind == "event":
            return {}
        sources = force.active if self.effects.get("astronomy") else force.active - force.influence
        by_land: set[str] = set()
        for land in sources:
            by_land.update(self.nbrs[land])
        atlantic_only: dict[str, bool] = {}
        coasts = coast_lands(self.board)
        for water in force.waters:
            if force.atlantic_used and water in force.atlantic:
                continue
            via_atlantic = water in force.atlantic
            for land in coasts[water]:
                atlantic_only[land] = atlantic_only.get(land, True) and via_atlantic
        out: dict[str, Target] = {}
        colour = force.colour
        for land in by_land | set(atlantic_only):
            if land in self.standing:
                continue
            occupant = self.owner.get(land)
            if occupant is None:
                kind = "expand"
            elif occupant == colour:
                kind = "surrender"
            elif self.same_player(occupant, colour):
                kind = "both"
            else:
                kind = "invade"
            naval = land not in by_land
            out[land] = (kind, naval, naval and atlantic_only.get(land, False))
        return out

    def target_of(self: "BriefGame", force: Force, land: str) -> Target:
        """``targets(force)[land]`` for one of the targets, without making the others."""
        sources = force.active if self.effects.get("astronomy") else force.active - force.influence
        nbrs = self.nbrs
        naval = not any(land in nbrs[s] for s in sources)
        atlantic = None
        if naval:
            coasts = coast_lands(self.board)
            for water in force.waters:
                if not (force.atlantic_used and water in force.atlantic) and land in coasts[water]:
                    atlantic = (True if atlantic is None else atlantic) and water in force.atlantic
        occupant = self.owner.get(land)
        if occupant is None:
            kind = "expand"
        elif occupant == force.colour:
            kind = "surrender"
        elif self.same_player(occupant, force.colour):
            kind = "both"
        else:
            kind = "invade"
        return kind, naval, bool(naval and atlantic)

    def expand_choices(self: "BriefGame") -> tuple[list[Action], dict[str, Target]]:
        """The legal actions of the expand decision and :meth:`targets`, from one walk of the force's reach: a bot
        weighs each placement by how it is reached."""
        targets = self.targets(self.force)
        return self.legal_expand(targets), targets

    def legal_expand(self: "BriefGame", targets: dict[str, Target] | None = None) -> list[Action]:
        force = self.force
        assert force is not None
        out: list[Action] = []
        if targets is None:
            targets = self.targets(force)
        if force.array:
            for land, (kind, _naval, _atl) in sorted(targets.items()):
                if kind in _PLACE:
                    out.append(_PLACE[kind][land])
                else:
                    out += [_INVADE[land], _SURRENDER[land]]
        out += map(_FORT.__getitem__, self.fort_sites(force))
        out += [Action("play", c) for c in self.playable(force.colour, "expand")]
        if self.in_play is not None and self.content.events[self.in_play].continuous:
            out.append(Action("discard", self.in_play))
        if not force.array or not targets:
            out.append(Action("end_turn"))
        return out

    def fort_sites(self: "BriefGame", force: Force) -> list[str]:
        """Lands of the force's standing armies where it may build a fort now."""
        if not (force.array or self.effects.get("free_forts")) or len(self.forts) >= self.opts["forts"]:
            return []
        return sorted(force.active - self.forts)

    def expand_step(self: "BriefGame") -> object:
        force = self.force
        assert force is not None
        if force.array:
            return WAIT
        self.phase = "reorganise" if force.kind == "empire" else "force_end"
        return None

    def place(self: "BriefGame", land: str) -> bool:
        """One army from the Array into a land; returns True if it went by fleet only."""
        force = self.force
        assert force is not None
        _kind, naval, atlantic = self.target_of(force, land)
        if atlantic:
            force.atlantic_used = True
            self.say(_("the one army of the {empire} that may cross the Atlantic goes to {land}", empire=force.name,
                       land=self.name(land)))
        force.array -= 1
        return naval

    def do_expand(self: "BriefGame", land: str) -> None:
        self.place(land)
        self.take_control(land, "expand")
        self.proceed("expand")

    def do_surrender(self: "BriefGame", land: str) -> None:
        self.place(land)
        resigned = self.owner.pop(land)
        self.supply[resigned] += 1
        self.tell(_surrenders, self.who(resigned), self.name(land))
        self.take_control(land, "surrender")
        self.proceed("expand" if self.force is not None and self.force.kind != "event" else "force_end")

    def do_fort(self: "BriefGame", land: str) -> None:
        force = self.force
        assert force is not None
        if self.effects.get("free_forts"):
            self.effects["free_forts"] -= 1
        else:
            force.array -= 1
            self.supply[force.colour] += 1
        self.forts.add(land)
        self.tell(_fort, self.name(land))

    def do_end_turn(self: "BriefGame", _target: str) -> None:
        force = self.force
        assert force is not None
        if force.array:
            self.tell(_back_to_supply, force.array)
        self.supply[force.colour] += force.array
        force.array = 0
        self.phase = "reorganise" if force.kind == "empire" else "force_end"

    # -- monuments --------------------------------------------------------------------------------
    def proceed(self: "BriefGame", phase: str) -> None:
        """Go on to ``phase``, building any monument earned first."""
        self.resume = phase
        self.phase = "monument"

    def monument_sites(self: "BriefGame", force: Force) -> list[str]:
        """Where a monument may go: the force's lands with a capital, else a city, else a resource symbol."""
        lands = force.active - self.monuments
        for wanted in ("capital", "city"):
            found = sorted(land for land in lands if self.structures.get(land) == wanted)
            if found:
                return found
        return sorted(land for land in lands if self.board.spaces[land].resources)

    def monument_step(self: "BriefGame") -> object:
        force = self.force
        if force is not None and force.monuments_due > 0:
            if len(self.monuments) < self.opts["monuments"] and self.monument_sites(force):
                return WAIT
            self.say(_("a monument is earned but there is no land for it (or none left in the box)"))
            force.monuments_due = 0
        self.phase = self.resume
        return None

    def legal_monument(self: "BriefGame") -> list[Action]:
        assert self.force is not None
        return [Action("monument", land) for land in self.monument_sites(self.force)] + [Action("no_monument")]

    def do_monument(self: "BriefGame", land: str) -> None:
        assert self.force is not None
        self.force.monuments_due -= 1
        self.monuments.add(land)
        self.tell(_monument, self.name(land))

    def do_no_monument(self: "BriefGame", _target: str) -> None:
        assert self.force is not None
        self.force.monuments_due -= 1

    # -- the end of a force and of the turn ------------------------------------------------------------
    def end_force(self: "BriefGame") -> object:
        force = self.forces.pop()
        self.supply[force.colour] += force.array
        self.standing -= force.active
        if self.in_play is not None:
            self.discards.append(self.in_play)
            self.in_play = None
        self.tell(_resigned, force.name)
        self.phase = "expand" if self.established else "turn_start"
        return None

    def reorganise(self: "BriefGame") -> object:
        force = self.forces.pop()
        colour = force.colour
        self.supply[colour] += force.array
        self.standing.clear()
        if self.in_play is not None:
            self.discards.append(self.in_play)
            self.in_play = None
        self.effects = {}
        card = self.content.empires[force.card]
        bd = breakdown(colour, self.owner.counts, self.region_names, self.area_values, self.structures,
                       self.monuments, self.owner, self.colour_player[colour])
        self.track.move(colour, bd.total)
        self.turn_scores.append((self.epoch, force.card, self.colour_player[colour], bd))
        self.turn_colours.append(colour)
        self.tell(_reorganise, force.name, self.who(colour), bd.total, self.gold[colour])
        if self.part + 1 < len(card.parts):
            self.part += 1
            self.begin_turn(colour)
        else:
            self.turn_colour = None
            self.phase = "call"
        return None


# -- the log's lines of a turn, made when the log is read (``tell``): functions of the values alone ---------------
def _declares(player: str, empire: str) -> Msg:
    if plural_name(empire):
        return _("{player} declares the {empire}", player=player, empire=empire)
    return _("{player} declares {empire}", player=player, empire=empire)


def _established(empire: str, land: str, array: int) -> Msg:
    if not plural_name(empire):
        return _n("{empire} is established in {land} with {n} army on the Array and a capital",
                  "{empire} is established in {land} with {n} armies on the Array and a capital",
                  array, empire=empire, land=land)
    return _n("the {empire} are established in {land} with {n} army on the Array and a capital",
              "the {empire} are established in {land} with {n} armies on the Array and a capital",
              array, empire=empire, land=land)


def _established_barbarian(empire: str, land: str, array: int) -> Msg:
    if not plural_name(empire):
        return _n("{empire} is established in {land} with {n} army on the Array (barbarian: no capital)",
                  "{empire} is established in {land} with {n} armies on the Array (barbarian: no capital)",
                  array, empire=empire, land=land)
    return _n("the {empire} are established in {land} with {n} army on the Array (barbarian: no capital)",
              "the {empire} are established in {land} with {n} armies on the Array (barbarian: no capital)",
              array, empire=empire, land=land)


def _fort(land: str) -> Msg:
    return _("a fort is built in {land}", land=land)


def _back_to_supply(n: int) -> Msg:
    return _n("{n} army left on the Array goes back to supply", "{n} armies left on the Array go back to supply", n)


def _monument(land: str) -> Msg:
    return _("a monument is built in {land}", land=land)


def _reorganise(empire: str, player: str, gold: int, total: int) -> Msg:
    if not plural_name(empire):
        return _("{empire} reorganises; {player} collects {gold} gold (now {total})", empire=empire, player=player,
                 gold=gold, total=total)
    return _("the {empire} reorganise; {player} collects {gold} gold (now {total})", empire=empire, player=player,
             gold=gold, total=total)


_COASTS: dict[int, tuple[Any, dict[str, tuple[str, ...]]]] = {}


def coast_lands(board: Any) -> dict[str, tuple[str, ...]]:
    """Water -> the lands on its coast (in the board's order), made once per board: ``targets`` asks at every
    decision of the expand step."""
    hit = _COASTS.get(id(board))
    if hit is None or hit[0] is not board:
        spaces = board.spaces
        table = {w: tuple(t for t in s.coasts if spaces[t].kind == "land") for w, s in spaces.items()}
        hit = _COASTS[id(board)] = (board, table)
    return hit[1]


def _skipped(empire: str) -> Msg:
    return _("{empire}: no one holds this card; skipped", empire=empire)


def _surrenders(player: str, land: str) -> Msg:
    return _("{player}'s resigned army in {land} surrenders", player=player, land=land)


def _resigned(empire: str) -> Msg:
    if str(empire).endswith("s"):  # "the Romans' armies", "the United States' armies", "Israel's armies"
        return _("the {empire}' armies are resigned", empire=empire)
    return _("{empire}'s armies are resigned", empire=empire)
