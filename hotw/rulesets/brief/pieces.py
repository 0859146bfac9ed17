"""The pieces of a turn in play: the force using the Array, an invasion under way, and its record.

A *force* is what the Array is serving: the empire of the turn, a minor empire or
kingdom played from an event card, or the armies of an event such as Civil War.
Forces stack: an event's force sits on top of the empire's until it is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hotw.i18n import Domain

_ = Domain("brief")

__all__ = ["COLOURS", "LAND_COST", "WAIT", "Force", "Invasion", "InvasionRecord"]

WAIT = object()
"""Returned by an automatic step that waits for a decision."""

#: The colours of the armies and gold markers, by colour index (each a word the game can say in any language).
COLOURS = (_("orange"), _("blue"), _("green"), _("vermilion"), _("purple"), _("sky blue"))

#: Invasion points to take a land, by its terrain.
LAND_COST = {"clear": 1, "mountain": 2, "forest": 2}


@dataclass
class Force:
    """Armies acting together from the Array: an empire, a minor empire or kingdom, or an event's armies."""

    #: "empire", "minor" or "event"
    kind: str
    colour: int
    name: str
    card: str
    part: int = 0
    array: int = 0
    dial: int = 0
    #: seas and oceans whose coasts the force reaches (a named ocean's neighbouring seas included)
    waters: set[str] = field(default_factory=set)
    #: waters reached only through the Vikings' Atlantic fleet
    atlantic: set[str] = field(default_factory=set)
    atlantic_used: bool = False
    barbarian: bool = False
    #: None, "fear", "vikings" or "influence"
    feature: str | None = None
    start: str | None = None
    #: lands of the force's standing armies
    active: set[str] = field(default_factory=set)
    #: lands of Influence armies: active, but no army may expand from them
    influence: set[str] = field(default_factory=set)
    #: resource symbols in the lands the force has taken control of
    resources: int = 0
    #: monuments earned so far (one for every second resource symbol)
    monuments_earned: int = 0
    monuments_due: int = 0
    #: an event's armies may not continue a failed invasion (they come from supply, not the Array)
    can_continue: bool = True
    #: a city is placed in the start-land when it is taken (kingdoms, Israel)
    city: bool = False


@dataclass
class Invasion:
    """An invasion under way: the land, the defender, the dice, and after it the points to overrun with."""

    target: str
    defender: int
    attack_dice: int
    defend_dice: int
    naval: bool
    cost: int
    rolls: list[int] = field(default_factory=list)
    points: int = 0
    #: the land overruns go on from (the land just taken)
    last: str = ""
    #: lands taken in this invasion, the invaded one first, then each overrun
    taken: list[str] = field(default_factory=list)
    treachery: bool = False
    #: True while the attacker's army stands in the contested land beside the defender's
    waiting: bool = True


@dataclass(frozen=True)
class InvasionRecord:
    """A decided roll of an invasion, as the view shows it."""

    colour: int
    defender: int
    target: str
    attack: tuple[int, ...]
    defend: tuple[int, ...]
    dial: int
    points: int
    cost: int
    taken: bool
    #: how the result came about beyond the dice ("fear", "vikings", "treachery"), '' otherwise
    note: str = ""

    @property
    def result(self) -> str:
        """"taken" or "failed", as a lesson marks the roll."""
        return "taken" if self.taken else "failed"
