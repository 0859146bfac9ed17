"""What one seat may see of a classic game: the shared :class:`~hotw.observation.Observation` (the board, the
scores, its own hand) and the classic table; never another hand, the decks, the dice to come or any pre-eminence
marker's value (not even its own: the markers stay face down until the end).

The game names this class in ``observation_class``, so :func:`hotw.observation.observation` builds it; bots decide
from it only.

>>> import hotw
>>> from hotw.observation import observation
>>> game = hotw.new_game("classic", ["Ada", "Ben", "Cy"], 7)
>>> type(observation(game)).__name__
'ClassicObservation'
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from hotw.actions import Action
from hotw.game import Decision
from hotw.i18n import Domain, Msg
from hotw.observation import Observation

if TYPE_CHECKING:
    from hotw.rulesets.classic.cards import Content
    from hotw.rulesets.classic.game import ClassicGame
    from hotw.rulesets.classic.pieces import Actor

__all__ = ["HIDDEN_CARD", "ClassicObservation"]

_ = Domain("classic")

# TRANSLATORS: the keep-or-give prompt as the other seats read it, in place of the card's name
HIDDEN_CARD = _("the empire card drawn")
"""The words that stand for the empire card being drawn, to every seat but its drawer's."""


class ClassicObservation(Observation):
    """The classic game as seat ``seat`` sees it; every attribute is public or the seat's own."""

    __slots__ = ()
    _game: "ClassicGame"

    # -- the table ---------------------------------------------------------------------
    @property
    def content(self) -> "Content":
        """The printed cards (public: every player may read the rules and the card list)."""
        return self._game.content

    @property
    def owner(self) -> Mapping[str, int]:
        return MappingProxyType(self._game.owner)

    @property
    def region_counts(self) -> Mapping[str, tuple[int, ...]]:
        return MappingProxyType(self._game.owner.counts)

    @property
    def structures(self) -> Mapping[str, str]:
        return MappingProxyType(self._game.structures)

    @property
    def monuments(self) -> Mapping[str, int]:
        return MappingProxyType(self._game.monuments)

    def board_now(self) -> tuple[Mapping[str, int], Mapping[str, tuple[int, ...]], Mapping[str, str],
                                 Mapping[str, int]]:
        """:attr:`owner`, :attr:`region_counts`, :attr:`structures` and :attr:`monuments` as the game holds them, in
        one call and without the read-only views, whose every ``get`` costs a call more: what a bot weighing every
        target of a decision reads. Read them, never change them; they hold until the next action."""
        g = self._game
        owner = g.owner
        return owner, owner.counts, g.structures, g.monuments

    @property
    def forts(self) -> frozenset[str]:
        return frozenset(self._game.forts)

    @property
    def fleets(self) -> frozenset[str]:
        return frozenset(self._game.fleets)

    @property
    def holders(self) -> Mapping[int, str]:
        """This epoch's empire of each player who has one (kept face up)."""
        return MappingProxyType(dict(self._game.holder))

    @property
    def call_order(self) -> tuple[str, ...]:
        return tuple(self._game.call_order)

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def receivers(self) -> tuple[int, ...]:
        """Players who may be given the card being drawn."""
        return tuple(self._game.receivers()) if self._game.phase == "keep_or_give" else ()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._game.hands)

    @property
    def markers_held(self) -> tuple[int, ...]:
        """How many pre-eminence markers each player holds (their values stay hidden)."""
        return tuple(len(m) for m in self._game.preeminence)

    @property
    def actor(self) -> "Actor | None":
        return self._game.actor

    @property
    def effects(self) -> Mapping[str, Any]:
        """The events in force this turn (played face up)."""
        return MappingProxyType(dict(self._game.fx))

    @property
    def coins(self) -> int:
        return self._game.coins

    @property
    def event_step(self) -> Mapping[str, Any] | None:
        """The event being carried out, step by step (played face up); None between events."""
        s = self._game.step
        return None if s is None else MappingProxyType(dict(s))

    # -- the seat's own (its hand: the shared :attr:`~hotw.observation.Observation.hand`) ----------
    @property
    def drawn_card(self) -> str | None:
        """The empire card this seat has just drawn and must keep or give (None otherwise)."""
        g = self._game
        return g.pending_card if g.drawing == self.seat else None

    # -- the decision (``legal_actions``: the shared one) -------------------------------------
    @property
    def decision(self) -> Decision:
        """Who must decide what now; the empire card being drawn is named to its drawer only (another seat reads
        that a card is drawn)."""
        d = Observation.decision.fget(self)  # type: ignore[attr-defined]
        if d.step == "keep_or_give" and self._game.drawing != self.seat and isinstance(d.prompt, Msg):
            return dataclasses.replace(d, prompt=d.prompt.replace_args(card=HIDDEN_CARD))
        return d

    def targets(self) -> dict[str, int]:
        """Lands the acting force may enter -> the defender's dice (public: the board and the cards in force)."""
        return self._game.targets()

    def expand_choices(self) -> tuple[list[Action], dict[str, int]]:
        """``legal_actions()`` and, at this seat's expand decision, :meth:`targets` from the same walk of the board
        (empty when the acting force has no army left to place, and at any other decision)."""
        g = self._game
        if g.is_over or self._to_decide[0] != self.seat or self.step != "expand" or g.actor is None:
            return self.legal_actions(), {}
        return g.expand_choices()

    def strength(self, empire: str) -> int:
        return self._game._strength(empire)

    def capitol(self, empire: str) -> bool:
        """Whether ``empire`` founds a capitol in this game (its card, or the online game's under the options)."""
        return self._game.empire_capitol(empire)

    def monuments_more(self, empire: str) -> int:
        """The monuments ``empire`` builds beyond its resource symbols' (none, or the online game's under the
        options)."""
        return self._game.empire_monuments_more(empire)

    def resources(self, land: str) -> int:
        """The resource symbols of ``land`` as this game counts them: the world board's, or the online board's
        under ``online_resources`` (public: the board and the rules in force)."""
        return self._game.resources(land)

    def navigation(self, empire: str) -> tuple[str, ...]:
        """The seas and oceans where ``empire`` places fleets in this game (its card, or the online card's)."""
        return self._game.empire_navigation(empire)

    def area_values(self, region: str, epoch: int | None = None) -> tuple[int, int, int]:
        """``region``'s values in ``epoch`` (this one by default) as this game scores them: the chart's, or the
        online game's under ``online_areas`` (public: the rules in force)."""
        return self._game.area_values(region, epoch)

    def land_areas(self, land: str, for_holder: bool = True) -> tuple[str, ...]:
        """The areas ``land`` counts in for its holder (or against the other players) in this game."""
        return self._game.land_areas(land, for_holder)

    def score_breakdown(self, seat: int) -> Any:
        """What ``seat`` would score now (public: the board and the chart)."""
        return self._game.score_breakdown(seat)
