"""The cards and tokens of *A Brief History of the World*: empire cards, event cards, area values, bonus tokens.

The records are read from ``hotw/data/brief/`` and checked by
:mod:`hotw.rulesets.brief.cardcheck`; :func:`load_content` gives them, checked
and cached per board. Every record says whether its facts come from the
rulebook (``documented``) or were written for this project (``authored``), and
names one or two references a teacher can look up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from hotw.references import Reference

__all__ = ["EPOCHS", "CARDS_PER_EPOCH", "EFFECT_KINDS", "AreaValues", "Content", "EmpireCard", "EmpirePart",
           "EventCard", "ROMAN"]

EPOCHS = 6
"""Epochs in a game."""

CARDS_PER_EPOCH = 7
"""Empires listed on each epoch's cards (one card may show two)."""

ROMAN = ("", "I", "II", "III", "IV", "V", "VI")

#: What an event card does, and the parameters each kind takes.
EFFECT_KINDS: Mapping[str, tuple[str, ...]] = {
    "dice": ("dice", "scope"),            # more attack dice, for the turn or one invasion
    "siegecraft": (),                      # a fort gives the defender no extra die
    "treachery": (),                       # the next invasion needs no dice
    "dial": ("dial",),                     # the next invasion starts with the dial at this value
    "reinforce": ("armies",),              # armies from supply onto the Array
    "forts": ("forts",),                   # forts built without spending armies
    "fleet": ("fleets", "astronomy"),      # a fleet where an active army touches water
    "kingdom": ("armies", "start"),        # a city and armies in a start-land, resigned at once
    "minor": ("armies", "start", "start_near", "capital", "fleets"),  # a small empire on the Array
    "civil_war": ("armies", "land", "city"),  # armies from supply invade anywhere, overruns allowed
    "plague": ("die",),                    # every other army in an area: removed on a low roll
}


@dataclass(frozen=True)
class EmpirePart:
    """One empire as its card describes it: armies, start-land, capital, fleets, feature."""

    name: str
    armies: int
    start: str
    capital: bool
    fleets: tuple[str, ...]
    #: None, "fear", "vikings" or "influence"
    feature: str | None = None
    #: the lands of Influence armies (France)
    influence: tuple[str, ...] = ()


@dataclass(frozen=True)
class EmpireCard:
    """An empire card: its place in the epoch's call order and the empire (or two) it shows."""

    id: str
    name: str
    epoch: int
    order: int
    parts: tuple[EmpirePart, ...]
    dates: str
    note: str
    provenance: str
    sources: tuple[Reference, ...] = ()

    @property
    def barbarian(self) -> bool:
        """True when the (first) empire receives no capital."""
        return not self.parts[0].capital


@dataclass(frozen=True)
class EventCard:
    """An event card: epoch and colour, cost in gold, continuous or one use, and its effect as data."""

    id: str
    name: str
    epoch: int
    #: "red": only in its epoch, at the start of the turn; "black": its epoch or later
    colour: str
    cost: int
    continuous: bool
    #: "start": only at the start of a turn, before the empire is established; "any": any permissible time
    timing: str
    effect: Mapping[str, object]
    text: str
    dates: str
    note: str
    provenance: str
    sources: tuple[Reference, ...] = ()

    @property
    def kind(self) -> str:
        """The effect's kind (a key of :data:`EFFECT_KINDS`)."""
        return str(self.effect["kind"])

    def param(self, name: str, default: object = None) -> object:
        """One parameter of the effect."""
        return self.effect.get(name, default)


@dataclass(frozen=True)
class AreaValues:
    """The Area value laid on an area in each epoch (None: no new value that epoch)."""

    area: str
    spiral: int
    values: tuple[int | None, ...]
    note: str
    sources: tuple[Reference, ...] = ()


@dataclass(frozen=True)
class Content:
    """Every card and token of a game, checked against the board."""

    empires: Mapping[str, EmpireCard]
    events: Mapping[str, EventCard]
    areas: Mapping[str, AreaValues]
    bonus: tuple[int, ...]
    #: every player's two starting cards (Leader, Weaponry): not in any epoch's deck
    starting: tuple[str, ...] = ("leader", "weaponry")

    def epoch_empires(self, epoch: int) -> tuple[str, ...]:
        """The epoch's empire cards in call order."""
        cards = [c for c in self.empires.values() if c.epoch == epoch]
        return tuple(c.id for c in sorted(cards, key=lambda c: c.order))

    def epoch_events(self, epoch: int) -> tuple[str, ...]:
        """The epoch's event cards (the starting cards excluded)."""
        return tuple(e.id for e in self.events.values() if e.epoch == epoch and e.id not in self.starting)

    def spiral(self) -> tuple[str, ...]:
        """The areas in the spiral order of their circles (Northern Europe first, South America last)."""
        return tuple(a.area for a in sorted(self.areas.values(), key=lambda a: a.spiral))
