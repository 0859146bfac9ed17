"""What one seat may see of a game: the table, the score track and its own hand, nothing hidden.

Bots decide from an :class:`Observation`, never from the game itself, so they
cannot read another player's cards, the face-down decks, the seed or the dice
still to come. An observation is a thin read-only view (no copying), cheap enough
to make for every decision of a simulation; it belongs to one decision, so make a
new one once the game has moved on.

This base names what every ruleset of the family shows (players, epochs, the
board, the score track, the pending decision, the seat's own hand). A ruleset
adds what its own table shows in a subclass, which its game class names in
``observation_class``; :func:`observation` builds that one (the base if the game
names none).

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
from hotw.game import Decision

if TYPE_CHECKING:
    from hotw.board import Board

__all__ = ["Observation", "observation"]


class Observation:
    """The game as seat ``seat`` sees it; every attribute is public information or the seat's own."""

    __slots__ = ("_decision", "_game", "_to_decide", "seat", "step")

    #: the pending step (``decision.step``, without formatting the prompt): a plain attribute, read at every
    #: decision of a simulation (a property costs about 600 machine instructions more a read in Python 3.11)
    step: str

    def __init__(self, game: Any, seat: int, decision: Decision | None = None,
                 to_decide: tuple[int, str] | None = None) -> None:
        if not 0 <= seat < len(game.players):
            raise ValueError(f"seat {seat} is not at this table of {len(game.players)}")
        self._game = game
        self.seat = seat
        self._decision = decision  # the game's pending decision, if the caller has it already
        if to_decide is None:
            to_decide = (decision.player, decision.step) if decision is not None else game.to_decide
        self._to_decide = to_decide  # (player, step) of that decision
        self.step = to_decide[1]

    # -- the table: public to everyone ------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(self._game.players)

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self._game.players)

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
    def score(self) -> tuple[int, ...]:
        """Points on the score track, by seat."""
        return tuple(self._game.score)

    @property
    def decision(self) -> Decision:
        """Who must decide what now."""
        if self._decision is None:
            self._decision = self._game.decision
        return self._decision

    @property
    def to_decide(self) -> tuple[int, str]:
        """(player, step) of the pending decision, without formatting the prompt."""
        return self._to_decide

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._game.is_over

    # -- the seat's own, private information ------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own cards (empty in a game without hands)."""
        hands = getattr(self._game, "hands", None)
        return tuple(hands[self.seat]) if hands is not None else ()

    def _unseen(self) -> frozenset[str]:
        """Cards in play that another seat keeps face down from this one, for :attr:`log_seen` (private: a
        bot must not read them). None in the base; a ruleset that deals cards face down names them."""
        return frozenset()

    @property
    def log_seen(self) -> tuple[str, ...]:
        """The game log as this seat reads it: a line naming a card hidden from it reads in the public words
        (the game's own ``log`` may name them)."""
        g = self._game
        secret = getattr(g, "secret_lines", None)
        if not secret:
            return tuple(g.log)
        unseen = self._unseen()
        return tuple(secret[i][1] if i in secret and secret[i][0] in unseen else line for i, line in enumerate(g.log))

    def legal_actions(self) -> list[Action]:
        """The legal actions if this seat is to decide (the cards offered in a draft included), else []."""
        g = self._game
        if g.is_over or self._to_decide[0] != self.seat:
            return []
        return g.legal_actions()

    # -- words -------------------------------------------------------------------------
    def label(self, action: Action) -> str:
        """An action in words, naming a land or sea rather than its id (a ruleset adds its cards)."""
        target = action.target
        spaces = self.board.spaces
        if target in spaces:
            return f"{action.kind.replace('_', ' ')} {spaces[target].name}"
        return action.text().replace("_", " ")


def observation(game: Any, seat: int | None = None) -> Observation:
    """What seat ``seat`` (default: the seat to decide now) may see of ``game``, in its ruleset's class."""
    cls = game.observation_class or Observation
    if seat is None and cls.__init__ is _INIT:
        # A bot's observation at every decision of a simulation: its slots set here, without the type call and
        # __init__ (about 1,500 machine instructions less); the seat is the game's own, so nothing to check.
        whose = game.to_decide
        obs = _NEW(cls)
        obs._game = game
        obs.seat = whose[0]
        obs._decision = None
        obs._to_decide = whose
        obs.step = whose[1]
        return obs
    if seat is None:
        whose = game.to_decide
        return cls(game, whose[0], to_decide=whose)
    return cls(game, seat)


_INIT, _NEW = Observation.__init__, object.__new__
