"""What one seat may see of a game: the table, the score track and its own hand, nothing hidden.

Bots decide from an :class:`Observation`, never from the game itself, so they
cannot read another player's event cards, the face-down decks, the seed or the
dice still to come. An observation is a thin read-only view (no copying), cheap
enough to make for every decision of a simulation; it belongs to one decision,
so make a new one once the game has moved on.

>>> import hotw
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> obs = observation(game, game.decision.player)
>>> obs.hand
()
>>> len(obs.legal_actions()) > 0
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from hotw.actions import Action
from hotw.rulesets.hotw2018.battle import BattleSetup
from hotw.game import Decision

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.hotw2018.cards import Content
    from hotw.rulesets.hotw2018 import Hotw2018Game
    from hotw.rulesets.hotw2018.pieces import Actor, Battle

__all__ = ["Observation", "observation"]


class Observation:
    """The game as seat ``seat`` sees it; every attribute is public information or the seat's own."""

    __slots__ = ("_decision", "_game", "_to_decide", "seat")

    def __init__(self, game: "Hotw2018Game", seat: int, decision: Decision | None = None,
                 to_decide: tuple[int, str] | None = None) -> None:
        if not 0 <= seat < len(game.players):
            raise ValueError(f"seat {seat} is not at this table of {len(game.players)}")
        self._game = game
        self.seat = seat
        self._decision = decision  # the game's pending decision, if the caller has it already
        if to_decide is None and decision is not None:
            to_decide = (decision.player, decision.step)
        self._to_decide = to_decide  # (player, step) of that decision, if known

    # -- the table: public to everyone ------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(self._game.players)

    @property
    def n(self) -> int:
        """Number of players."""
        return self._game.n

    @property
    def ruleset(self) -> str:
        """Name of the ruleset."""
        return self._game.ruleset.name

    @property
    def epochs(self) -> int:
        """Epochs in a game of this ruleset."""
        return self._game.ruleset.epochs

    @property
    def epoch(self) -> int:
        """The epoch being played (1 to ``epochs``)."""
        return self._game.epoch

    @property
    def opts(self) -> Mapping[str, Any]:
        """The rule options of this game (the printed rules unless a scenario changed them)."""
        return MappingProxyType(self._game.opts)

    @property
    def board(self) -> "Board":
        """The board (immutable)."""
        return self._game.board

    @property
    def content(self) -> "Content":
        """The card catalogue: every card's printed text is public, not which cards are in play."""
        return self._game.content

    @property
    def score(self) -> tuple[int, ...]:
        """Points on the score track, by seat."""
        return tuple(self._game.score)

    @property
    def supply(self) -> tuple[int, ...]:
        """Armies each seat has left in its supply."""
        return tuple(self._game.supply)

    @property
    def owner(self) -> Mapping[str, int]:
        """Land -> seat of the army standing on it."""
        return MappingProxyType(self._game.owner)

    @property
    def region_counts(self) -> Mapping[str, tuple[int, ...]]:
        """Region -> the armies each seat has standing in it."""
        g = self._game
        counts = getattr(g.owner, "counts", None)
        if counts is None:  # a plain dict put in place of the engine's map: count
            n = g.n
            counts = {}
            for region, reg in g.board.regions.items():
                c = [0] * n
                for land in reg.lands:
                    seat = g.owner.get(land)
                    if seat is not None:
                        c[seat] += 1
                counts[region] = tuple(c)
        return MappingProxyType(counts)

    @property
    def tokens(self) -> Mapping[str, str]:
        """Land -> "capitol" or "city"."""
        return MappingProxyType(self._game.tokens)

    @property
    def monuments(self) -> frozenset[str]:
        """Lands with a monument."""
        return frozenset(self._game.monuments)

    @property
    def forts(self) -> frozenset[str]:
        """Lands with a fort."""
        return frozenset(self._game.forts)

    @property
    def region_values(self) -> Mapping[str, tuple[int, int, int]]:
        """Region -> (presence, dominance, supremacy) points of the token lying on it."""
        return MappingProxyType(self._game.region_values)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many event cards each seat holds (the cards themselves are hidden)."""
        return tuple(len(h) for h in self._game.hands)

    @property
    def turn_order(self) -> tuple[int, ...]:
        """Seats in the call order of this epoch's empires (printed on the card backs)."""
        g = self._game
        return tuple(map(g.empire_of.index, g.call_order)) if g.phase != "draft" else ()

    @property
    def turn(self) -> int:
        """Index in ``turn_order`` of the empire playing now (-1 before the first)."""
        return self._game.turn

    @property
    def revealed_empires(self) -> dict[int, str]:
        """Seat -> empire card for empires that have taken the catapult this epoch, and the seat's own."""
        g = self._game
        out = {}
        if g.phase != "draft":
            for c in g.call_order[: g.turn + 1]:
                out[g.empire_of.index(c)] = c
        own = g.empire_of[self.seat]
        if own is not None:
            out[self.seat] = own
        return out

    @property
    def actor(self) -> "Actor | None":
        """The empire or kingdom taking its turn (its card, armies and markers lie on the table).

        Read it, never change it.
        """
        return self._game.actor

    @property
    def battle(self) -> "Battle | None":
        """The battle being fought, or None."""
        return self._game.battle

    @property
    def decision(self) -> Decision:
        """Who must decide what now."""
        if self._decision is None:
            self._decision = self._game.decision
        return self._decision

    @property
    def step(self) -> str:
        """The pending step (``decision.step``, without formatting the prompt)."""
        return self._whose()[1]

    def _whose(self) -> tuple[int, str]:
        if self._to_decide is None:
            self._to_decide = self._game.to_decide
        return self._to_decide

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._game.is_over

    def targets(self) -> dict[str, bool]:
        """Lands the acting empire may invade now, each mapped to True if the invasion is naval."""
        return self._game.targets()

    def invade_choices(self) -> tuple[dict[str, bool], list[str], list[str]]:
        """If this seat is at the invade step: lands to invade (-> naval), lands to fortify, events to play."""
        if self._whose()[0] != self.seat:
            return {}, [], []
        return self._game.invade_choices()

    def battle_setup(self, land: str, naval: bool, siege_round: int = 0) -> BattleSetup:
        """The dice of the acting empire attacking ``land`` (catapult bonus of ``siege_round`` included)."""
        return self._game.battle_setup(land, naval, siege_round)

    # -- the seat's own, private information ------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own event cards."""
        return tuple(self._game.hands[self.seat])

    @property
    def empire(self) -> str | None:
        """The empire card the seat drafted this epoch (None before the draft)."""
        return self._game.empire_of[self.seat]

    def legal_actions(self) -> list[Action]:
        """The legal actions if this seat is to decide (the cards offered in a draft included), else []."""
        g = self._game
        if g.is_over or self._whose()[0] != self.seat:
            return []
        return g.legal_actions()


def observation(game: Any, seat: int | None = None) -> Observation:
    """What seat ``seat`` (default: the seat to decide now) may see of ``game``, in the class its game names
    in ``observation_class`` (this one if it names none)."""
    cls = getattr(game, "observation_class", None) or Observation
    if seat is None:
        whose = game.to_decide
        return cls(game, whose[0], to_decide=whose)  # type: ignore[no-any-return]
    return cls(game, seat)  # type: ignore[no-any-return]
