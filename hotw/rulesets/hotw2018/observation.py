"""What one seat may see of a 2018 game: the shared :class:`~hotw.observation.Observation` and the 2018 table.

The 2018 table adds the armies on the board and what stands with them (capitols
and cities, monuments, forts), the region tokens, the call order of the drafted
empires, the acting empire or kingdom and its battle; the seat's own event cards
and empire. Other hands, the face-down decks and the dice to come stay hidden.

>>> import hotw
>>> from hotw.observation import observation
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> type(observation(game)).__name__
'Hotw2018Observation'
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Collection, Mapping

from hotw.actions import Action
from hotw.i18n import Domain
from hotw.observation import Observation
from hotw.rulesets.hotw2018.invadestep import InvadeStep

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.battle import BattleSetup
    from hotw.rulesets.hotw2018.cards import Content
    from hotw.rulesets.hotw2018.pieces import Actor, Battle

__all__ = ["Hotw2018Observation"]


class Hotw2018Observation(Observation):
    """A 2018 game as seat ``seat`` sees it; every attribute is public information or the seat's own."""

    __slots__ = ()

    # -- the table: public to everyone ------------------------------------------------
    @property
    def content(self) -> "Content":
        """The card catalogue: every card's printed text is public, not which cards are in play."""
        return self._game.content

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

    def armies_copy(self) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
        """Copies of :attr:`owner` and :attr:`region_counts` as plain dicts, in one call (a bot reads both at
        every decision; a plain dict reads faster than a view, and a copy cannot change under it)."""
        owner = self._game.owner
        counts = getattr(owner, "counts", None)
        if counts is None:
            return owner.copy(), dict(self.region_counts)
        return owner.copy(), counts.copy()

    def standing(self) -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
        """What stands on the lands, in one call: a copy of :attr:`structures` as a plain dict,
        :attr:`monuments` and :attr:`forts` (a bot reads all three at every invade decision)."""
        g = self._game
        return g.tokens.copy(), frozenset(g.monuments), frozenset(g.forts)

    def board_now(self) -> tuple[Mapping[str, int], Mapping[str, tuple[int, ...]], Mapping[str, str],
                                 Collection[str], Collection[str]]:
        """:meth:`armies_copy` and :meth:`standing` without the copies, in one call: the owners, the region counts,
        the structures, monuments and forts as the game holds them. Read them, never change them; they hold
        until the next action (a bot weighing one decision keeps none of them)."""
        g = self._game
        owner = g.owner
        counts = getattr(owner, "counts", None)
        if counts is None:
            counts = self.region_counts
        return owner, counts, g.tokens, g.monuments, g.forts

    def land(self, land: str, region: str) -> tuple[int, tuple[int, ...], str | None, bool, bool, int]:
        """What a bot reads of one land, in one call: the seat of its army (-1: none), the army counts of its
        ``region``, its structure, whether it has a monument and a fort; and how many monuments stand."""
        g = self._game
        owner = g.owner
        counts = getattr(owner, "counts", None)
        cnt = counts[region] if counts is not None else self.region_counts[region]
        monuments = g.monuments
        return owner.get(land, -1), cnt, g.tokens.get(land), land in monuments, land in g.forts, len(monuments)

    @property
    def structures(self) -> Mapping[str, str]:
        """Land -> "capitol" or "city" standing on it."""
        return MappingProxyType(self._game.tokens)

    @property
    def tokens(self) -> Mapping[str, str]:
        """:attr:`structures` by the 2018 game's name (land -> "capitol" or "city")."""
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
        return _seats_in_call_order(self._game)

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

    def targets(self) -> dict[str, bool]:
        """Lands the acting empire may invade now, each mapped to True if the invasion is naval."""
        return self._game.targets()

    def invade_choices(self, sort_forts: bool = True) -> tuple[Mapping[str, bool], Collection[str], list[str]]:
        """If this seat is at the invade step: lands to invade (-> naval), lands to fortify, events to play.

        ``sort_forts=False``: the lands to fortify as an unsorted set (cheaper, when their order does not matter).
        The lands to invade are a read-only view and the unsorted lands to fortify may be the engine's own set:
        both are valid until the next action (copy them to keep them).
        """
        if self._to_decide[0] != self.seat:
            return {}, [], []
        return _INVADE_CHOICES(self._game, True, sort_forts)

    def invade_now(self) -> tuple[Any, ...]:
        """What an invade decision reads, in one call (a bot's commonest decision): :meth:`invade_choices` unsorted
        (the lands to invade, to fortify, the events to play), :meth:`acting` (the acting empire, the scores) and
        :meth:`board_now` (owners, region counts, structures, monuments, forts), as one tuple of ten. The same
        objects as those calls give, under the same terms: read them, never change them, and keep none past the
        next action (the three calls cost about 900 machine instructions more)."""
        g = self._game
        if self._to_decide[0] != self.seat:
            lands, forts, events = {}, [], []
        else:
            lands, forts, events = _INVADE_CHOICES(g, True, False)
        owner = g.owner
        counts = getattr(owner, "counts", None)
        if counts is None:
            counts = self.region_counts
        return lands, forts, events, g.actor, tuple(g.score), owner, counts, g.tokens, g.monuments, g.forts

    def legal_actions(self) -> list[Action]:
        """The legal actions if this seat is to decide (the cards offered in a draft included), else []."""
        g = self._game
        if g.is_over or self._to_decide[0] != self.seat:
            return []
        return _LEGAL_ACTIONS(g)

    def acting(self) -> tuple["Actor | None", tuple[int, ...]]:
        """The acting empire or kingdom and the scores by seat, in one call (a bot checks both at every decision)."""
        g = self._game
        return g.actor, tuple(g.score)

    def weighing(self) -> tuple[int, dict[str, tuple[int, int, int]], tuple[int, ...], int, tuple[int, ...],
                                Mapping[str, Any]]:
        """What a bot's weights read, in one call (a bot makes its weights at every new turn): the epoch, the
        region values (a copy), ``turn_order``, ``turn``, the scores and the rule options (the game's own: read
        them, never change them)."""
        g = self._game
        return g.epoch, g.region_values.copy(), _seats_in_call_order(g), g.turn, tuple(g.score), g.opts

    def battle_setup(self, land: str, naval: bool, siege_round: int = 0) -> "BattleSetup":
        """The dice of the acting empire attacking ``land`` (catapult bonus of ``siege_round`` included)."""
        return self._game.battle_setup(land, naval, siege_round)

    def _unseen(self) -> frozenset[str]:
        """The empire cards other seats drafted this epoch and have not yet called (face down to this seat)."""
        known = self.revealed_empires
        return frozenset(e for p, e in enumerate(self._game.empire_of) if e is not None and p not in known)

    # -- the seat's own, private information ------------------------------------------
    @property
    def empire(self) -> str | None:
        """The empire card the seat drafted this epoch (None before the draft)."""
        return self._game.empire_of[self.seat]

    # -- words -------------------------------------------------------------------------
    def label(self, action: Action) -> str:
        """An action in words: names of lands and cards rather than ids."""
        t = action.target
        content = self._game.content
        said = _LABELS.get(action.kind)
        for table in (self._game.board.spaces, content.empires, content.events):
            if t in table:
                if said is None:
                    return f"{action.kind.replace('_', ' ')} {table[t].name}"
                return said.replace_args(name=table[t].name)
        bare = _BARE.get(action.text())
        return action.text().replace("_", " ") if bare is None else bare


def _seats_in_call_order(g: Any) -> tuple[int, ...]:
    """``turn_order``: the seats in the call order of this epoch's empires (none in the draft)."""
    return tuple(map(g.empire_of.index, g.call_order)) if g.phase != "draft" else ()


#: the game's invade_choices and legal_actions as plain functions: made so when a method looked up on the game (whose
#: attributes then lived in a dict) cost about 300 more machine instructions a call; with the game's state in slots
#: a method call costs about the same (docs/performance.md, "objects CPython reads fast")
_INVADE_CHOICES, _LEGAL_ACTIONS = InvadeStep.invade_choices, InvadeStep.legal_actions

_ = Domain("hotw2018")
# TRANSLATORS: an action as a bot's explanation names it; {name} is a land or a card
_LABELS = {
    "pick_event": _("pick event {name}"), "pick_empire": _("pick empire {name}"),
    "play_kingdom": _("play kingdom {name}"), "invade": _("invade {name}"), "fortify": _("fortify {name}"),
    "play_event": _("play event {name}"),
}
_BARE = {
    "skip_kingdom": _("skip kingdom"), "end_invasions": _("end invasions"), "siege": _("siege"),
    "retreat": _("retreat"), "score_tie:forward": _("score tie:forward"), "score_tie:back": _("score tie:back"),
}
