"""The conquest: an area of the hero's influence, a defender, the conquest die, and what each face does.

The die's six faces (the rulebook's "results of the dice of conquest"): a victorious
offensive (the defender loses the conquest value +1 figures, +2 in the modern age),
deserters (one defender figure becomes the conqueror's, two in the modern age),
escape (the conquest value's worth of defender figures move to a neighbouring area),
looting (the conquest value in coins from the defender, the rest from the reserve),
counterattack (both lose the conquest value in figures) and resistance (the conqueror
loses it). The owner of the Hanging Gardens may ignore a loss of figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, Msg

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["FACES", "FACE_TEXT", "LOSS_WORDS", "ConquestRecord", "Conquests"]

_ = Domain("heroes")
_n = _.plural

_CONQUER, _FLEE = ActionsOf("conquer"), ActionsOf("flee")  # each action made once
_NO_CONQUEST = Action("no_conquest")

FACES = ("victory", "deserters", "escape", "looting", "counterattack", "resistance")
"""The faces of the conquest die, each as likely as the others."""

FACE_TEXT: dict[str, tuple[Msg, Msg]] = {
    "victory": (_("Victorious offensive"),
                _("the defender loses the conquest value +1 figures (+2 in the modern age)")),
    "deserters": (_("Deserters"), _("1 defender figure (2 in the modern age) is replaced by one of the conqueror's")),
    "escape": (_("Escape"), _("the conquest value's worth of defender figures move to a neighbouring area "
                              "the conqueror chooses (in antiquity, not to a modern-age area)")),
    "looting": (_("Looting"), _("the conqueror takes the conquest value in coins from the defender, "
                                "the rest from the reserve")),
    "counterattack": (_("Counterattack"), _("conqueror and defender each lose the conquest value in figures there")),
    "resistance": (_("Resistance"), _("the conqueror loses the conquest value in figures there")),
}
"""Each face: its name and its effect in one line."""

LOSS_WORDS: dict[str, Msg] = {
    # TRANSLATORS: why figures are lost, in brackets after the loss: "Ada loses 2 figures in Europe (casualties)"
    "casualties": _("casualties"), "deserters": _("deserters"), "counterattack": _("counterattack"),
    "resistance": _("resistance"),
}
"""Why figures are lost, as the log says it (a wonder that removes figures is named instead)."""


@dataclass
class ConquestRecord:
    """One conquest as it happened, for the view: who, where, the hero's value, the face and its results."""

    era: int
    conqueror: int
    hero: str
    area: str
    defender: int
    value: int
    face: str = ""
    results: list[Msg] = field(default_factory=list)


class Conquests:
    """The conquest steps, the losses of figures (with the Hanging Gardens) and the die."""

    def conquest_areas(self: "HeroesGame") -> list[str]:
        """Areas of the hero where the player has a figure and an opponent has one too."""
        card = self.hero_card
        if card is None or card.conquest <= 0:
            return []
        me = self.active
        return [a for a in self.hero_areas()
                if self.figures[a][me] > 0 and any(c > 0 for s, c in enumerate(self.figures[a]) if s != me)]

    def go_conquest(self: "HeroesGame") -> None:
        self.phase = "conquest" if self.conquest_areas() else "treasure"

    def legal_conquest(self: "HeroesGame") -> list[Action]:
        return [*map(_CONQUER.__getitem__, self.conquest_areas()), _NO_CONQUEST]

    def apply_conquest(self: "HeroesGame", action: Action) -> None:
        if action.kind == "no_conquest":
            self.tell(_gives_up, self.who(self.active))
            self.phase = "treasure"
            return
        self.conquest = {"area": action.target}
        self.phase = "defender"

    def defenders(self: "HeroesGame") -> list[int]:
        assert self.conquest is not None
        area = self.conquest["area"]
        return [s for s, c in enumerate(self.figures[area]) if s != self.active and c > 0]

    def legal_defender(self: "HeroesGame") -> list[Action]:
        return [Action("defender", str(s)) for s in self.defenders()]

    def apply_defender(self: "HeroesGame", action: Action) -> None:
        assert self.conquest is not None and self.hero_card is not None
        seat = int(action.target)
        self.conquest["defender"] = seat
        area = self.conquest["area"]
        self.last_conquest = ConquestRecord(self.era, self.active, self.hero_card.name, area, seat,
                                            self.hero_card.conquest)
        self.tell(_attacks, self.who(self.active), self.who(seat), self.area_name(area), self.hero_card.name,
                  self.hero_card.conquest)
        self.phase = "die"

    def die_weights(self: "HeroesGame") -> list[tuple[Action, int]]:
        return [(Action("roll", f), 1) for f in FACES]

    def apply_die(self: "HeroesGame", action: Action) -> None:
        assert self.conquest is not None and self.hero_card is not None and self.last_conquest is not None
        face = action.target
        me, area, them = self.active, self.conquest["area"], self.conquest["defender"]
        value = self.hero_card.conquest
        modern = self.era >= 2
        self.conquest["face"] = face
        self.last_conquest.face = face
        self.tell(_die_shows, FACE_TEXT[face][0])
        self.after_losses = "treasure"
        self.phase = "losses"
        if face == "victory":
            self.losses = [(them, area, value + (2 if modern else 1), "casualties")]
        elif face == "deserters":
            count = min(2 if modern else 1, self.figures[area][them], self.reserve[me])
            self.losses = [(them, area, count, "deserters")] if count else []
            if not count:
                self.note_result(_("{who} has no figure in reserve to take the deserters' place", who=self.who(me)))
        elif face == "escape":
            if self.neighbours(area):
                self.phase = "escape"
            else:
                self.note_result(_("no neighbouring area to escape to"))
        elif face == "looting":
            self.loot(them, value)
        elif face == "counterattack":
            self.losses = [(me, area, value, "counterattack"), (them, area, value, "counterattack")]
        else:
            self.losses = [(me, area, value, "resistance")]

    def note_result(self: "HeroesGame", text: Msg) -> None:
        if self.last_conquest is not None and self.conquest is not None:
            self.last_conquest.results.append(text)
        self.say(text)

    def loot(self: "HeroesGame", them: int, value: int) -> None:
        me = self.active
        taken = min(value, self.coins[them])
        self.coins[them] -= taken
        extra = min(value - taken, self.bank)
        self.coins[me] += taken + extra
        if extra:
            self.note_result(_n("{who} loots {n} coin from {defender} and {extra} from the reserve",
                                "{who} loots {n} coins from {defender} and {extra} from the reserve", taken,
                                who=self.who(me), defender=self.who(them), extra=extra))
        else:
            self.note_result(_n("{who} loots {n} coin from {defender}", "{who} loots {n} coins from {defender}",
                                taken, who=self.who(me), defender=self.who(them)))

    def legal_escape(self: "HeroesGame") -> list[Action]:
        assert self.conquest is not None
        return list(map(_FLEE.__getitem__, self.neighbours(self.conquest["area"])))

    def apply_escape(self: "HeroesGame", action: Action) -> None:
        assert self.conquest is not None and self.hero_card is not None
        area, them = self.conquest["area"], self.conquest["defender"]
        count = min(self.hero_card.conquest, self.figures[area][them])
        self.figures[area][them] -= count
        self.figures[action.target][them] += count
        self.note_result(_("{n} of {who}'s figures escape from {area} to {to}", n=count, who=self.who(them),
                           area=self.area_name(area), to=self.area_name(action.target)))
        self.phase = "treasure"

    # -- losses, and the Hanging Gardens -------------------------------------------------------
    def resolve_losses(self: "HeroesGame") -> None:
        while self.losses:
            seat, area, count, why = self.losses[0]
            count = min(count, self.figures[area][seat])
            if count <= 0:
                self.losses.pop(0)
                continue
            self.losses[0] = (seat, area, count, why)
            if self.wonder_ready(seat, "hanging_gardens"):
                self.phase = "gardens"
                return
            self.losses.pop(0)
            self.lose(seat, area, count, why)
        self.phase = self.after_losses

    def lose(self: "HeroesGame", seat: int, area: str, count: int, why: str) -> None:
        self.figures[area][seat] -= count
        self.reserve[seat] += count
        if why == "deserters":
            me = self.active
            swap = min(count, self.reserve[me])
            self.figures[area][me] += swap
            self.reserve[me] -= swap
            self.note_result(_("{n} of {who}'s figures in {area} desert to {to}", n=count, who=self.who(seat),
                               area=self.area_name(area), to=self.who(me)))
        else:
            self.note_result(_n("{who} loses {n} figure in {area} ({why})", "{who} loses {n} figures in {area} ({why})",
                                count, who=self.who(seat), area=self.area_name(area), why=LOSS_WORDS.get(why, why)))

    def legal_gardens(self: "HeroesGame") -> list[Action]:
        return [Action("gardens", "keep"), Action("gardens", "use")]

    def apply_gardens(self: "HeroesGame", action: Action) -> None:
        seat, area, count, why = self.losses.pop(0)
        if action.target == "use":
            wid = self.wonder_ready(seat, "hanging_gardens")
            assert wid is not None
            self.used.add(wid)
            self.note_result(_n("{who} uses the Hanging Gardens and ignores the loss of {n} figure in {area}",
                                "{who} uses the Hanging Gardens and ignores the loss of {n} figures in {area}",
                                count, who=self.who(seat), area=self.area_name(area)))
        else:
            self.lose(seat, area, count, why)
        self.phase = "losses"


# -- the log's lines of a conquest, made when the log is read (``tell``): functions of the values alone -----------
def _gives_up(who: str) -> Msg:
    return _("{who} gives up the conquest", who=who)


def _attacks(who: str, defender: str, area: str, hero: str, value: int) -> Msg:
    return _("{who} attacks {defender} in {area} with {hero} (conquest {value})", who=who, defender=defender,
             area=area, hero=hero, value=value)


def _die_shows(face: Msg) -> Msg:
    return _("the conquest die shows {face}", face=face)
