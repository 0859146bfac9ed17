"""The abilities of the wonders of the world a player uses in their own turn, step by step.

Each ability can be used once per era; using it turns the card over until the modern
age turns it up again. The Great Wall, the Great Lighthouse, the Kremlin, the Moais,
the Parthenon and Tenochtitlan are used at the start of the owner's turn or in its
spending step; the Palace of Versailles (it spends coins) in the spending step only.
The Ajanta Caves (in a valuation) and the Hanging Gardens (against a loss) are asked
of their owner when their moment comes (:mod:`.turn`, :mod:`.conquest`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["IN_TURN", "REMOVE_UP_TO", "Wonders"]

_ = Domain("heroes")
_n = _.plural

#: Abilities used in the owner's turn, each with its first step.
IN_TURN = {"great_wall": "area", "tenochtitlan": "area", "kremlin": "area", "moai": "from",
           "parthenon": "tile", "versailles": "count", "lighthouse": "seat"}
#: Figures the Great Wall and Tenochtitlan remove at most.
REMOVE_UP_TO = {"great_wall": 3, "tenochtitlan": 6}
KREMLIN_FIGURES = 5
LIGHTHOUSE_COINS = 3


class Wonders:
    """Using a wonder's ability: which can be used now, and their steps."""

    def usable_wonders(self: "HeroesGame") -> list[Action]:
        """``wonder:<id>`` for each wonder of the active player whose ability can be used now."""
        me, out = self.active, []
        for wid, owner in self.wonders.items():
            if owner != me or wid in self.used:
                continue
            effect = self.content.wonders[wid].effect
            if effect not in IN_TURN or (effect == "versailles" and self.phase != "spend"):
                continue
            if self._wonder_steps({"kind": effect, "step": IN_TURN[effect], "wonder": wid}):
                out.append(Action("wonder", wid))
        return out

    def start_wonder(self: "HeroesGame", wid: str) -> None:
        effect = self.content.wonders[wid].effect
        self.used.add(wid)
        self.effect = {"kind": effect, "step": IN_TURN[effect], "wonder": wid, "taken": 0}
        self.window = self.phase
        self.say(_("{who} uses the {wonder}", who=self.who(self.active), wonder=self.content.wonders[wid].name))
        self.phase = "wonder"

    def legal_wonder(self: "HeroesGame") -> list[Action]:
        assert self.effect is not None
        return self._wonder_steps(self.effect)

    def _wonder_steps(self: "HeroesGame", eff: dict[str, Any]) -> list[Action]:
        """The actions of the pending step of an ability (empty: it cannot be used)."""
        me, kind, step = self.active, eff["kind"], eff["step"]
        fig = self.figures
        if kind in REMOVE_UP_TO:
            if step == "area":
                return [Action("area", a) for a in self.open_areas if any(c for s, c in enumerate(fig[a]) if s != me)]
            if step == "seat":
                return [Action("seat", str(s)) for s, c in enumerate(fig[eff["area"]]) if c and s != me]
            most = min(REMOVE_UP_TO[kind], fig[eff["area"]][eff["seat"]])
            return [Action("count", str(k)) for k in range(1, most + 1)]
        if kind == "kremlin":
            if not self.reserve[me]:
                return []
            return [Action("area", a) for a in self.open_areas if fig[a][me]]
        if kind == "moai":
            if step == "from":
                return [Action("from", a) for a in self.open_areas if fig[a][me] and self.neighbours(a)]
            if step == "to":
                return [Action("to", a) for a in self.neighbours(eff["from"])]
            return [Action("count", str(k)) for k in range(1, fig[eff["from"]][me] + 1)]
        if kind == "parthenon":
            sources = [a for a in self.open_areas if self.boxes[a] and a not in self.valued]
            if step == "tile":
                targets = [a for a in self.open_areas if self.free_boxes(a)]
                return [Action("tile", t) for a in sources for t in self.boxes[a]
                        if any(b != a for b in targets)]
            return [Action("box", b) for b in self.open_areas if self.free_boxes(b) and b != eff["from"]]
        if kind == "versailles":
            return [Action("count", str(k)) for k in range(1, self.coins[me] + 1)]
        # the Great Lighthouse: a coin at a time from the other players
        return [Action("seat", str(s)) for s in range(self.n) if s != me and self.coins[s]]

    def apply_wonder(self: "HeroesGame", action: Action) -> None:
        eff = self.effect
        assert eff is not None
        me, kind, target = self.active, eff["kind"], action.target
        if kind in REMOVE_UP_TO:
            if eff["step"] == "area":
                eff.update(area=target, step="seat")
            elif eff["step"] == "seat":
                eff.update(seat=int(target), step="count")
            else:
                self.losses = [(eff["seat"], eff["area"], int(target), self.content.wonders[eff["wonder"]].name)]
                self.after_losses = self.window
                self.effect = None
                self.phase = "losses"
            return
        if kind == "kremlin":
            count = min(KREMLIN_FIGURES, self.reserve[me])
            self.figures[target][me] += count
            self.reserve[me] -= count
            self.say(_n("{who} places {n} figure in {area}", "{who} places {n} figures in {area}", count,
                        who=self.who(me), area=self.area_name(target)))
            self._wonder_done()
        elif kind == "moai":
            if eff["step"] == "from":
                eff.update({"from": target, "step": "to"})
            elif eff["step"] == "to":
                eff.update(to=target, step="count")
            else:
                count = int(target)
                self.figures[eff["from"]][me] -= count
                self.figures[eff["to"]][me] += count
                self.say(_n("{who} moves {n} figure from {area} to {to}", "{who} moves {n} figures from {area} to {to}",
                            count, who=self.who(me), area=self.area_name(eff["from"]), to=self.area_name(eff["to"])))
                self._wonder_done()
        elif kind == "parthenon":
            self._parthenon(eff, target)
        elif kind == "versailles":
            count = int(target)
            self.coins[me] -= count
            self.gain(me, count, "Versailles")
            self.say(_n("{who} exchanges {n} coin for {n} civilization point",
                        "{who} exchanges {n} coins for {n} civilization points", count, who=self.who(me)))
            self._wonder_done()
        else:
            seat = int(target)
            self.coins[seat] -= 1
            self.coins[me] += 1
            eff["taken"] += 1
            self.say(_("{who} takes a coin from {other}", who=self.who(me), other=self.who(seat)))
            if eff["taken"] >= LIGHTHOUSE_COINS or not self._wonder_steps(eff):
                self._wonder_done()

    def _parthenon(self: "HeroesGame", eff: dict[str, Any], target: str) -> None:
        if eff["step"] == "tile":
            source = next(a for a in self.open_areas if target in self.boxes[a])
            eff.update({"tile": target, "from": source, "step": "box"})
            return
        self.boxes[eff["from"]].remove(eff["tile"])
        self.boxes[target].append(eff["tile"])
        self.say(_("{who} moves {tile} from {area} to {to}", who=self.who(self.active), tile=self.tile_name(eff["tile"]),
                   area=self.area_name(eff["from"]), to=self.area_name(target)))
        window = self.window
        self.effect = None
        if self.free_boxes(target) == 0:
            self.area_completed(target, window)
        else:
            self.phase = window

    def _wonder_done(self: "HeroesGame") -> None:
        self.effect = None
        self.phase = self.window
