"""The cards of Heroes of the World: heroes, progress tiles and wonders of the world, as frozen records.

The data lives in ``hotw/data/heroes/`` (``heroes.json``, ``progress.json``,
``wonders.json``); :mod:`.cardcheck` reads and checks it. Every record says where its
game numbers come from (``documented``: the rulebook gives them; ``authored``: written
for this project) and carries a one-line history note with its ``sources``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from hotw.i18n import Domain, Msg
from hotw.references import Reference

__all__ = ["ABILITIES", "ALIGNMENTS", "BOX_COUNT", "ERAS", "Content", "Hero", "Progress", "Wonder", "EFFECTS"]

ERAS = ("antiquity", "modern")
"""The two eras, in order: the beige cards and areas, then the orange ones."""

BOX_COUNT = {"antiquity": 3, "modern": 4}
"""Progress boxes per area, by the area's era."""

ALIGNMENTS = ("conqueror", "discoverer", "mixed")
"""A hero card's background: red for the conquerors, blue for the discoverers, green for both."""

HEROES_PER_ERA = 38
"""76 hero cards: the beige deck of antiquity and the orange deck of the modern age."""

PROGRESS_COUNT = 53
"""Progress tiles in the box."""

EFFECTS = ("ajanta", "great_wall", "lighthouse", "hanging_gardens", "parthenon", "kremlin", "moai",
           "versailles", "tenochtitlan")
"""Every wonder ability the engine implements, one per wonder."""

_ = Domain("heroes")

ABILITIES: dict[str, Msg] = {
    "ajanta": _("In an area assessment of your choice, you get as many points as if you had been in 3rd place. "
                "You don't need to have figures in that area."),
    "great_wall": _("Remove up to 3 figures from any player in an area of your choice. You don't need to have "
                    "figures in that area. You must play it during your turn."),
    "lighthouse": _("Take 3 coins from another player(s) of your choice. You must play it during your turn."),
    "hanging_gardens": _("You ignore the casualties of figures that you could suffer for the die of conquest, "
                         "whether you are a conqueror or a defender. The Great Wall of China and Tenochtitlan have "
                         "no effect."),
    "parthenon": _("Change a progress from one area of your choice to another of your choice. You must play it "
                   "during your turn."),
    "kremlin": _("Place 5 figures in any area of your choice where you already have figures. You must play it "
                 "during your turn."),
    "moai": _("Move as many figures as you want from one area to an adjacent area. You must play it during your "
              "turn."),
    "versailles": _("Exchange as many coins as you want for one civilization point each. You must play it during "
                    "your turn."),
    "tenochtitlan": _("Remove up to 6 figures of another player from an area of your choice. You don't need to "
                      "have figures in that area. You must play it during your turn."),
}
"""Each wonder's ability in the game's words, as ``wonders.json`` gives it (the card loader uses these, so the
ability is said in the reader's language; a test checks that they match the data)."""


@dataclass(frozen=True)
class Hero:
    """A hero card: who, when, the four values played top to bottom, alignment and areas of influence."""

    id: str
    name: str
    title: str
    dates: str
    #: the year of death (or the end of the reign), negative before Christ
    year: int
    era: str
    population: int
    progress: int
    conquest: int
    treasure: int
    alignment: str
    areas: tuple[str, ...]
    note: str
    sources: tuple[Reference, ...]
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None


@dataclass(frozen=True)
class Progress:
    """A progress tile: its name, its era (the bag it goes into) and its civilization points."""

    id: str
    name: str
    era: str
    points: int
    note: str
    sources: tuple[Reference, ...]
    provenance: str
    #: the names as the rulebook's list prints them (German or Spanish words kept)
    printed: str | None = None
    authored_fields: tuple[str, ...] = ()
    source: str | None = None


@dataclass(frozen=True)
class Wonder:
    """A wonder of the world: its era, the points it brings at once, its ability (``effect``) and text."""

    id: str
    name: str
    era: str
    #: the board area it stands in (for the map; the rules do not use it)
    area: str
    points: int
    effect: str
    ability: str
    note: str
    sources: tuple[Reference, ...]
    provenance: str
    printed: str | None = None
    authored_fields: tuple[str, ...] = ()
    source: str | None = None


@dataclass(frozen=True)
class Content:
    """Every card of the game, by id."""

    heroes: Mapping[str, Hero]
    progress: Mapping[str, Progress]
    wonders: Mapping[str, Wonder]

    def heroes_of(self, era: str) -> tuple[str, ...]:
        """The ids of one era's hero deck, sorted."""
        return tuple(sorted(h for h, card in self.heroes.items() if card.era == era))

    def progress_of(self, era: str) -> tuple[str, ...]:
        """The ids of one era's progress tiles (the bag's contents at the era's start), sorted."""
        return tuple(sorted(p for p, tile in self.progress.items() if tile.era == era))

    def wonders_of(self, era: str) -> tuple[str, ...]:
        """The ids of one era's wonders, in the order of the data."""
        return tuple(w for w, card in self.wonders.items() if card.era == era)
