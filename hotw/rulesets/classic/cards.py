"""The cards, charts and border features of the classic edition: frozen records and per-epoch lookups.

The data lives in ``hotw/data/classic/``: ``empires.json`` (seven empire cards per
epoch), ``events.json`` (the greater and lesser event cards, one record per kind
of card with its number of copies), ``areas.json`` (each area's base value per
epoch), ``preeminence.json`` (the pre-eminence markers) and ``borders.json`` (the
mountain borders and the Great Wall, per border of the world board). Every
record is ``documented`` (with a ``source``) or ``authored``, and every note has
``sources`` (see :mod:`hotw.references`). :mod:`hotw.rulesets.classic.cardcheck`
reads and checks them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from hotw.i18n import DEFAULT, Term, language
from hotw.references import Reference

__all__ = ["EPOCHS", "AreaChart", "Border", "Content", "Effect", "EmpireCard", "EventCard", "MinorEmpire", "NamePart"]

_COLON = re.compile(r"\s*[:：]\s*")


class NamePart(Term):
    """The part of a card's name after its colon ("Kingdom: Kush" -> "Kush"), in every language: the people a
    Kingdom card or a Minor Empire card brings in, read from the card's translated name."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (NamePart, (self.table, self.key, self.field, str.__str__(self)))

    def render(self, lang: str | None = None) -> str:
        lang = language() if lang is None else lang
        if lang == DEFAULT:
            return str.__str__(self)
        from hotw.i18n import content

        found = content.lookup(self.table, self.key, self.field, lang)
        return str.__str__(self) if found is None else _COLON.split(found)[-1]


def name_part(name: str) -> str:
    """The part of ``name`` after its colon, a :class:`NamePart` when ``name`` is a card's Term."""
    tail = name.split(": ")[-1]
    if isinstance(name, Term):
        return NamePart(name.table, name.key, name.field, tail)
    return tail

EPOCHS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
"""The seven epochs of the classic edition."""

CARDS_PER_EPOCH = 7
"""Empire cards per epoch (49 in all)."""

HAND = {"major": 3, "minor": 7}
"""Event cards dealt to each player at the start: 3 greater (major) and 7 lesser (minor)."""

DECK_SIZE = {"major": 22, "minor": 49}
"""Greater and lesser event cards in the box (Hasbro 2001)."""

#: Every effect kind the engine implements, with its parameters (name -> required).
EFFECT_PARAMS: Mapping[str, Mapping[str, bool]] = {
    "minor_empire": {},
    "kingdom": {"land": True},
    "leader": {},
    "weaponry": {"value": True},
    "reallocation": {},
    "armies": {"count": True, "needs_capitol": False},
    "forts": {"count": True, "needs_capitol": False},
    "fleet": {},
    "naval_power": {},
    "siegecraft": {},
    "elite": {},
    "wins_ties": {},
    "treachery": {},
    "expert": {"feature": True},
    "migrants": {"region": True, "count": True},
    "disaster": {"lands": True},
    "raid": {"origin": True, "armies": True, "until_loss": False, "attack_dice": False, "bonus": False,
             "prize": False},
    "uprising": {"lands": True},
    "pestilence": {"scope": True, "dice": True, "neighbour_dice": False, "picks": True},
}

FEATURES = ("forest", "mountain", "strait")
"""What Expert Troops may ignore."""


@dataclass(frozen=True)
class Effect:
    """One rule change an event card makes (see EFFECT_PARAMS)."""

    kind: str
    params: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        """A parameter's value, or ``default``."""
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class EmpireCard:
    """One empire card: strength (2001 and 1993), start lands, capitol or not, navigation, card order."""

    id: str
    name: str
    epoch: int
    order: int
    armies: int
    armies_1993: int
    start: tuple[str, ...]
    capitol: bool
    navigation: tuple[str, ...]
    leader: str | None
    dates: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    def strength(self, edition: str = "2001") -> int:
        """Armies on the card in that edition's card set."""
        return self.armies_1993 if edition == "1993" else self.armies


@dataclass(frozen=True)
class MinorEmpire:
    """The small empire a Minor Empire card brings in before its player's empire."""

    name: str
    armies: int
    start: tuple[str, ...]
    capitol: bool
    navigation: tuple[str, ...]


@dataclass(frozen=True)
class EventCard:
    """One kind of event card: greater (major) or lesser (minor), its copies, the epochs it may be played in."""

    id: str
    name: str
    kind: str
    copies: int
    epochs: tuple[int, int]
    effects: tuple[Effect, ...]
    empire: MinorEmpire | None
    text: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    @property
    def effect(self) -> Effect:
        """The card's (first) effect."""
        return self.effects[0]

    @property
    def people(self) -> str:
        """The people the card names after its colon ("Kingdom: Kush" -> "Kush"), in the reader's language."""
        return name_part(self.name)


@dataclass(frozen=True)
class AreaChart:
    """An area's base value per epoch: presence scores it, dominance twice, control three times."""

    id: str
    region: str
    base: tuple[int, ...]
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    def values(self, epoch: int) -> tuple[int, int, int]:
        """(presence, dominance, control) in ``epoch``."""
        b = self.base[epoch - 1]
        return (b, 2 * b, 3 * b)


@dataclass(frozen=True)
class Border:
    """A border feature between two neighbouring lands: a mountain border or the Great Wall."""

    id: str
    a: str
    b: str
    feature: str
    note: str
    provenance: str
    sources: tuple[Reference, ...] = ()


@dataclass(frozen=True)
class Content:
    """The classic edition's validated cards, charts, markers and border features."""

    empires: Mapping[str, EmpireCard]
    events: Mapping[str, EventCard]
    areas: Mapping[str, AreaChart]
    markers: tuple[int, ...]
    borders: Mapping[frozenset[str], str]
    border_records: tuple[Border, ...] = ()

    def empires_of_epoch(self, epoch: int) -> tuple[EmpireCard, ...]:
        """The epoch's empire cards in card order (the order they are called)."""
        return tuple(sorted((e for e in self.empires.values() if e.epoch == epoch), key=lambda e: e.order))

    def deck(self, kind: str) -> dict[str, int]:
        """Event card id -> copies, for the greater ("major") or lesser ("minor") pile."""
        return {e.id: e.copies for e in self.events.values() if e.kind == kind}

    def border(self, a: str, b: str) -> str | None:
        """The feature on the border between lands ``a`` and ``b`` ("mountain", "great_wall"), or None."""
        return self.borders.get(frozenset((a, b)))
