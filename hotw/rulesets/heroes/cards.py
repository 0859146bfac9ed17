"""The cards of Heroes of the World: heroes, progress tiles and wonders of the world, as frozen records.

The data lives in ``hotw/data/heroes/`` (``heroes.json``, ``progress.json``,
``wonders.json``); :mod:`.cardcheck` reads and checks it. Every record says where its
game numbers come from (``documented``: the rulebook gives them; ``authored``: written
for this project) and carries a one-line history note with its ``sources``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from hotw.references import Reference

__all__ = ["ALIGNMENTS", "BOX_COUNT", "ERAS", "Content", "Hero", "Progress", "Wonder", "EFFECTS"]

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
