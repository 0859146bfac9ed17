"""What one seat may see of a classic game: the board, the scores, its own hand; never another hand, the decks,
the dice to come or any pre-eminence marker's value (not even its own: the markers stay face down until the end).

Bots decide from a :class:`ClassicObservation` only.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from hotw.actions import Action
from hotw.game import Decision

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.classic.cards import Content
    from hotw.rulesets.classic.game import ClassicGame
    from hotw.rulesets.classic.pieces import Actor

__all__ = ["ClassicObservation"]


class ClassicObservation:
    """The classic game as seat ``seat`` sees it; every attribute is public or the seat's own."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: "ClassicGame", seat: int) -> None:
        if not 0 <= seat < len(game.players):
            raise ValueError(f"seat {seat} is not at this table of {len(game.players)}")
        self._game = game
        self.seat = seat

    # -- the table ---------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._game.players)

    @property
    def n(self) -> int:
        return self._game.n

    @property
    def board(self) -> "Board":
        return self._game.board

    @property
    def content(self) -> "Content":
        """The printed cards (public: every player may read the rules and the card list)."""
        return self._game.content

    @property
    def epoch(self) -> int:
        return self._game.epoch

    @property
    def score(self) -> tuple[int, ...]:
        """Points so far (pre-eminence markers are added only at the end)."""
        return tuple(self._game.score)

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
    def step(self) -> Mapping[str, Any] | None:
        s = self._game.step
        return None if s is None else MappingProxyType(dict(s))

    # -- the seat's own --------------------------------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self._game.hands[self.seat])

    @property
    def drawn_card(self) -> str | None:
        """The empire card this seat has just drawn and must keep or give (None otherwise)."""
        g = self._game
        return g.pending_card if g.drawing == self.seat else None

    # -- the decision ------------------------------------------------------------------------
    @property
    def decision(self) -> Decision:
        return self._game.decision

    def legal_actions(self) -> list[Action]:
        if self._game.decision.player != self.seat:
            return []
        return self._game.legal_actions()

    def targets(self) -> dict[str, int]:
        """Lands the acting force may enter -> the defender's dice (public: the board and the cards in force)."""
        return self._game.targets()

    def strength(self, empire: str) -> int:
        return self._game._strength(empire)

    def score_breakdown(self, seat: int) -> Any:
        """What ``seat`` would score now (public: the board and the chart)."""
        return self._game.score_breakdown(seat)
