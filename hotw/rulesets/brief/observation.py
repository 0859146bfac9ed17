"""What one seat may see of a Brief History game: the map, the gold track, its own cards and Bonus tokens.

Not what lies face down: the cards counted out but not yet allocated to it, other
players' hands and empire cards until they are played, the Area values of epochs to
come, other players' Bonus tokens, and the tokens still on the chart. Bots decide
from this, never from the game.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from hotw.actions import Action
from hotw.observation import Observation, observation
from hotw.rulesets.brief.odds import take_odds
from hotw.rulesets.brief.pieces import Force, Invasion

if TYPE_CHECKING:
    from hotw.rulesets.brief.cards import Content
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["BriefObservation", "brief_observation"]


class BriefObservation(Observation):
    """The game as seat ``seat`` sees it (read every attribute; never change what it returns)."""

    __slots__ = ()
    _game: "BriefGame"

    # -- the table ------------------------------------------------------------------------------
    @property
    def content(self) -> "Content":
        """The printed cards: every card's text is public, not which cards are in play or in a hand."""
        return self._game.content

    @property
    def nc(self) -> int:
        """Colours in play."""
        return self._game.nc

    @property
    def colours(self) -> tuple[int, ...]:
        """This seat's colours (two in a two-player game)."""
        return tuple(c for c in range(self._game.nc) if self._game.colour_player[c] == self.seat)

    @property
    def colour_player(self) -> tuple[int, ...]:
        """Colour -> seat."""
        return tuple(self._game.colour_player)

    @property
    def gold(self) -> tuple[int, ...]:
        """Each colour's gold."""
        return tuple(self._game.gold)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Colours from most gold to least."""
        return tuple(self._game.track.ranking())

    @property
    def supply(self) -> tuple[int, ...]:
        """Armies in each colour's supply."""
        return tuple(self._game.supply)

    @property
    def owner(self) -> Mapping[str, int]:
        """Land -> the colour of the army standing or lying there."""
        return MappingProxyType(self._game.owner)

    @property
    def region_counts(self) -> Mapping[str, tuple[int, ...]]:
        """Area -> each colour's armies in it."""
        return MappingProxyType(self._game.owner.counts)

    def board_now(self) -> tuple[Mapping[str, int], Mapping[str, tuple[int, ...]], Mapping[str, str],
                                 Mapping[str, int]]:
        """:attr:`owner`, :attr:`region_counts`, :attr:`structures` and :attr:`area_values` as the game holds them, in
        one call and without the read-only views, whose every ``get`` costs a call more: what a bot weighing every
        land of a decision reads. Read them, never change them; they hold until the next action."""
        g = self._game
        return g.owner, g.owner.counts, g.structures, g.area_values

    @property
    def standing(self) -> frozenset[str]:
        """Lands of the standing armies of the empire playing."""
        return frozenset(self._game.standing)

    @property
    def structures(self) -> Mapping[str, str]:
        """Land -> "capital" or "city"."""
        return MappingProxyType(self._game.structures)

    @property
    def area_values(self) -> Mapping[str, int]:
        """The Area values in their circles now (those of later epochs lie face down)."""
        return MappingProxyType(self._game.area_values)

    @property
    def turn_colour(self) -> int | None:
        """The colour playing its empire now."""
        return self._game.turn_colour

    @property
    def force(self) -> Force | None:
        """The force on the map now (its Array, dial and fleets are public)."""
        return self._game.force

    @property
    def invasion(self) -> Invasion | None:
        """The invasion under way, or None."""
        return self._game.invasion

    @property
    def in_play(self) -> str | None:
        """The event card in play (revealed when played)."""
        return self._game.in_play

    @property
    def effects(self) -> Mapping[str, Any]:
        """What the card in play does this turn."""
        return MappingProxyType(self._game.effects)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many event cards each colour holds."""
        return tuple(len(h) for h in self._game.hands)

    @property
    def bonus_counts(self) -> tuple[int, ...]:
        """How many Bonus tokens each colour holds (face down)."""
        return tuple(len(b) for b in self._game.bonus_held)

    @property
    def played_empires(self) -> dict[int, str]:
        """Colour -> the empire card it declared this epoch (those called so far), and this seat's own."""
        g = self._game
        order = g.content.epoch_empires(g.epoch) if g.epoch else ()
        called = set(order[: g.call_index + 1]) if g.call_index >= 0 else set()
        return {c: e for c, e in enumerate(g.empire_of) if e is not None and (e in called or c in self.colours)}

    # -- this seat's own ------------------------------------------------------------------------------
    @property
    def hands(self) -> dict[int, tuple[str, ...]]:
        """Colour -> its event cards, for this seat's colours."""
        return {c: tuple(self._game.hands[c]) for c in self.colours}

    @property
    def hand(self) -> tuple[str, ...]:
        """All this seat's event cards."""
        return tuple(card for c in self.colours for card in self._game.hands[c])

    @property
    def empire(self) -> str | None:
        """The empire card of this seat's (first) colour this epoch."""
        return self._game.empire_of[self.colours[0]]

    @property
    def bonus_tokens(self) -> dict[int, tuple[int, ...]]:
        """Colour -> its Bonus token values, for this seat's colours."""
        return {c: tuple(self._game.bonus_held[c]) for c in self.colours}

    @property
    def offered(self) -> tuple[str, ...]:
        """The cards or tokens handed to this seat for its pending choice (empty otherwise)."""
        return tuple(a.target for a in self.legal_actions())

    # -- reckoning helpers, from public information -------------------------------------------------------
    def targets(self) -> dict[str, tuple[str, bool, bool]]:  # type: ignore[override]
        """Where the force may place its next army: land -> (kind, by fleet only, by the Atlantic only)."""
        return self._game.targets()

    def expand_choices(self) -> tuple[list[Action], dict[str, tuple[str, bool, bool]] | None]:
        """``legal_actions()`` and, at this seat's expand decision, :meth:`targets` from the same walk of the board
        (None at any other decision)."""
        g = self._game
        if g.is_over or self._to_decide[0] != self.seat or self.step != "expand" or g.force is None:
            return self.legal_actions(), None
        return g.expand_choices()

    def cost(self, land: str) -> int:
        """Invasion points to take a land."""
        return self._game.cost(land)

    def odds(self, land: str, naval: bool | None = None) -> float:
        """The chance that invading ``land`` now takes it with one roll."""
        g, force = self._game, self._game.force
        if force is None or land not in g.owner:
            return 1.0
        if naval is None:
            naval = g.targets().get(land, ("", False, False))[1]
        a, d = g.dice_for(land, naval)
        rule = g.roll_rule(force, land, naval)
        return float(take_odds(a, d, rule.dial, rule.cost, rule.fear, rule.automatic))

    def legal_actions(self) -> list[Action]:
        """The legal actions if this seat decides now, else []."""
        g = self._game
        if g.is_over or self._to_decide[0] != self.seat:
            return []
        return g.legal_actions()


def brief_observation(game: "BriefGame", seat: int | None = None) -> BriefObservation:
    """What ``seat`` (default: the seat deciding now) may see of ``game``."""
    if seat is None:
        return observation(game)  # type: ignore[return-value]  # the game's observation_class: this one
    return BriefObservation(game, seat)
