"""The cards and tokens of the 2018 edition: frozen records, per-epoch lookups, loading.

The data lives in ``hotw/data/hotw2018/`` as three JSON files (``empires.json``,
``events.json``, ``region_tokens.json``). Loading checks every record and collects
every problem before raising one :class:`~hotw.errors.ContentError` whose lines name
the file and the record id, e.g.
``empires.json: romans: start 'latium' is not a land on the board``.

Every note carries ``sources``, the references for its history (see
:mod:`hotw.references`); a documented record's ``source`` says instead where its
game numbers were read.

Board ids are checked against the world board (:func:`hotw.carddata.default_board_ids`);
tests pass their own :class:`~hotw.carddata.BoardIds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from hotw.i18n import Term
from hotw.i18n.content import term_fields
from hotw.references import Reference

__all__ = [
    "EFFECT_PARAMS",
    "EPOCHS",
    "Ability",
    "Content",
    "Effect",
    "EmpireCard",
    "EventCard",
    "Kingdom",
    "RegionToken",
    "nested_term",
    "readable",
]

EPOCHS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""The five epochs of the 2018 edition."""

CARDS_PER_EPOCH = 8
"""Empire cards and event cards per epoch (40 of each in all)."""

TOKEN_COUNT = 32
"""Region tokens in the box."""

EFFECT_PARAMS: Mapping[str, str | None] = MappingProxyType(
    {
        "battle_bonus": "value",
        "siege_bonus": "value",
        "extra_die": None,
        "wins_ties": None,
        "ignore_terrain": None,
        "ignore_forts": None,
        "extra_armies": "count",
        "free_forts": "count",
        "monument_rate": "per",
        "extra_monuments": "count",
        "no_naval_reroll": None,
    }
)
"""Every effect kind the engine implements, with the name of its one number (or None)."""


# --------------------------------------------------------------------------- words

def readable(table: str, rec: Mapping[str, Any]) -> dict[str, Any]:
    """The record's fields as it is built from them, its readable ones (name, leader, dates, text, note)
    as :class:`~hotw.i18n.Term` values of ``table`` ("hotw2018/empires"); an empty or null one as it is."""
    return {**rec, **term_fields(table, rec["id"], dict(rec))}


def nested_term(table: str, key: str, field: str, english: str) -> Term:
    """A readable text inside a record's block (an ability's name and text, a kingdom's name) as a Term."""
    return Term(table, key, field, english)


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Effect:
    """One rule change made by an ability or an enhancement (see EFFECT_PARAMS)."""

    kind: str
    value: int | None = None
    count: int | None = None
    per: int | None = None

    @property
    def amount(self) -> int | None:
        """The effect's one number (value, count or per), or None if it has none."""
        return next((n for n in (self.value, self.count, self.per) if n is not None), None)


@dataclass(frozen=True)
class Ability:
    """An empire's special ability: its name, the text students read, what it does."""

    name: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Kingdom:
    """The minor empire a kingdom event card establishes."""

    name: str
    armies: int
    start: tuple[str, ...]
    capitol: bool
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]


@dataclass(frozen=True)
class EmpireCard:
    """One empire card: armies, start, fleets/caravans, capitol or marauder, ability."""

    id: str
    name: str
    epoch: int
    order: int
    armies: int
    start: tuple[str, ...]
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]
    capitol: bool
    ability: Ability | None
    leader: str | None
    dates: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    @property
    def marauder(self) -> bool:
        """True for a torch-icon empire: no capitol, +1 point per structure reduced."""
        return not self.capitol

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The effects of the empire's ability (empty without one)."""
        return self.ability.effects if self.ability else ()


@dataclass(frozen=True)
class EventCard:
    """One event card: a kingdom (minor empire) or an enhancement."""

    id: str
    name: str
    epoch: int
    kind: str
    saveable: bool
    text: str
    effects: tuple[Effect, ...]
    kingdom: Kingdom | None
    leader: str | None
    dates: str
    note: str
    provenance: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    @property
    def is_kingdom(self) -> bool:
        """True if the card establishes a kingdom."""
        return self.kind == "kingdom"


@dataclass(frozen=True)
class RegionToken:
    """A region's points for presence, dominance and supremacy from its epoch on."""

    id: str
    region: str
    epoch: int
    values: tuple[int, int, int]
    provenance: str
    note: str
    authored_fields: tuple[str, ...] = ()
    source: str | None = None
    sources: tuple[Reference, ...] = ()

    @property
    def presence(self) -> int:
        """Points for at least one army in the region."""
        return self.values[0]

    @property
    def dominance(self) -> int:
        """Points for at least two armies and more than each opponent."""
        return self.values[1]

    @property
    def supremacy(self) -> int:
        """Points for at least three armies and no opponent."""
        return self.values[2]


@dataclass(frozen=True)
class Content:
    """A ruleset's validated cards and tokens, with per-epoch lookups."""

    ruleset: str
    empires: Mapping[str, EmpireCard]
    events: Mapping[str, EventCard]
    tokens: tuple[RegionToken, ...]

    def empires_of_epoch(self, epoch: int) -> tuple[EmpireCard, ...]:
        """The epoch's empire cards in call order."""
        return tuple(sorted((e for e in self.empires.values() if e.epoch == epoch),
                            key=lambda e: e.order))

    def events_of_epoch(self, epoch: int) -> tuple[EventCard, ...]:
        """The epoch's event cards in file order."""
        return tuple(e for e in self.events.values() if e.epoch == epoch)

    def tokens_of_epoch(self, epoch: int) -> tuple[RegionToken, ...]:
        """The region tokens placed at the start of the epoch."""
        return tuple(t for t in self.tokens if t.epoch == epoch)

    def region_token(self, region: str, epoch: int) -> RegionToken | None:
        """The token lying on a region during an epoch (the latest placed), or None."""
        placed = [t for t in self.tokens if t.region == region and t.epoch <= epoch]
        return max(placed, key=lambda t: t.epoch) if placed else None
