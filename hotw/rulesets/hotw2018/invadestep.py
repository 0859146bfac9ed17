"""The 2018 game's legal actions: the invade step's choices (what the acting empire may invade, fortify or play,
as actions or as sets), then the other steps'.

A mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game` (see ``draft.py``). A simulation
asks the invade step's at every decision, so they are read from the targets memo (``targets.reach_memo``)
and kept in order there rather than made and sorted again.
"""

from __future__ import annotations

from typing import Collection, Mapping

from hotw.actions import Action, ActionsOf
from hotw.game import Game
from hotw.rulesets.hotw2018.pieces import LIMITS
from hotw.rulesets.hotw2018.targets import FORTIFY as _FORTIFY
from hotw.rulesets.hotw2018.targets import INVADE as _INVADE
from hotw.rulesets.hotw2018.targets import reach_memo

__all__ = ["END_INVASIONS", "InvadeStep"]

END_INVASIONS = Action("end_invasions")
_FORTS_IN_BOX = LIMITS["fort"]
_PLAY_EVENT = ActionsOf("play_event")
_SIEGE_OR_RETREAT = [Action("siege"), Action("retreat")]

_PICK_EVENT, _PICK_EMPIRE, _PLAY_KINGDOM = ActionsOf("pick_event"), ActionsOf("pick_empire"), ActionsOf("play_kingdom")
_SKIP_KINGDOM = Action("skip_kingdom")

# Order of action kinds in legal_actions().
_KIND_ORDER = {
    k: i
    for i, k in enumerate(
        ["pick_event", "pick_empire", "play_kingdom", "skip_kingdom", "invade", "fortify",
         "play_event", "end_invasions", "siege", "retreat", "score_tie"]
    )
}


class InvadeStep:
    """The choices of the invade step, as legal actions (in their order) and as the bots read them."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    def invade_choices(self, with_targets: bool = True,
                       sort_forts: bool = True) -> tuple[Mapping[str, bool], Collection[str], list[str]]:
        """At the invade step: the lands to invade (-> True if naval), the lands to fortify, the events to play.

        The same choices as ``legal_actions()`` (plus end_invasions), without making an
        action for each: bots weigh every target at every decision of a simulation.
        Empty outside the invade step; ``with_targets=False`` leaves the lands out;
        ``sort_forts=False`` gives the lands to fortify unsorted (a bot need not pay for a sort at
        every decision). Both the lands to invade (a read-only view of the targets memo) and the
        unsorted lands to fortify (maybe the actor's own set) hold until the next action; the events are a list
        the game keeps (read it, never change it).
        """
        a = self.actor
        if a is None or self.tie is not None or self.phase != "invade":
            return {}, [], []
        lands: Mapping[str, bool] = reach_memo(self, a)[11] if a.armies > 0 and with_targets else {}  # no copy
        forts: Collection[str] = []
        if (a.armies > 0 or a.free_forts) and len(self.forts) < _FORTS_IN_BOX:
            # unsorted and no land of the actor's fortified (the commonest case): its active set, not copied
            forts = a.active if not sort_forts and self.forts.isdisjoint(a.active) else a.active.difference(self.forts)
            if sort_forts:
                forts = sorted(forts)
        events: list[str] = []
        if not a.kingdom:
            hand = self.hands[a.player]
            if hand:
                kept = self._event_actions[a.player]  # made once per hand, as in legal_actions (never changed)
                events = (kept if kept is not None and kept[0] == hand else self._events_of(a.player))[2]
        return lands, forts, events

    def _events_of(self, player: int) -> tuple[list[str], list[Action], list[str]]:
        """The player's hand as last asked, its play_event actions and its playable cards, both sorted by card id
        (no kingdom: a kingdom is played at its own step), kept until the hand changes."""
        hand = self.hands[player]
        cards = self.content.events
        ids = sorted(c for c in hand if cards[c].kind != "kingdom")
        kept = self._event_actions[player] = (list(hand), list(map(_PLAY_EVENT.__getitem__, ids)), ids)
        return kept

    def legal_actions(self) -> list[Action]:
        """The legal actions now, in order; those of the invade step (a simulation's commonest decision) made here
        in one call, those of the other steps by ``_legal_elsewhere``.

        The invade step's are built kind by kind in ``_KIND_ORDER``, each kind sorted by target:
        the same list the general sort in ``_legal`` gives (and the choices of ``invade_choices``),
        without formatting the decision's prompt."""
        if self.tie is not None or self.phase != "invade":
            return self._legal_elsewhere()
        a = self.actor
        assert a is not None
        out = []
        forts = self.forts
        if a.armies > 0:
            memo = a.reach_memo  # reach_memo(self, a), its test of an up-to-date memo written out
            if (memo is None or a.missed_starts or memo[1] or len(memo[0]) != len(a.active)
                    or not memo[0] <= a.active):
                memo = reach_memo(self, a)
            if memo[6] is None:  # the invade actions in target order, made once per change of the targets
                names = memo[7]
                if names is None:  # sorted once a turn, then kept in order as the targets change
                    names = memo[7] = sorted(memo[2])
                memo[6] = list(map(_INVADE.__getitem__, names))
            out = memo[6].copy()
            if len(forts) < _FORTS_IN_BOX:
                # sorted(active - forts): the active lands kept in order, those with a fort left out (seldom any)
                fortify = memo[9]
                if fortify is None:  # made once per change of the active lands
                    held = memo[8]
                    if held is None:
                        held = memo[8] = sorted(memo[0])
                    fortify = memo[9] = list(map(_FORTIFY.__getitem__, held))
                if forts.isdisjoint(memo[0]):
                    out += fortify
                else:
                    out += [f for f, land in zip(fortify, memo[8]) if land not in forts]
        elif a.free_forts and len(forts) < _FORTS_IN_BOX:
            out += map(_FORTIFY.__getitem__, sorted(a.active.difference(forts)))
        if not a.kingdom:
            hand = self.hands[a.player]
            if hand:
                kept = self._event_actions[a.player]  # (the hand, its play_event actions, their cards) when last asked
                if kept is None or kept[0] != hand:
                    kept = self._events_of(a.player)
                out += kept[1]
        out.append(END_INVASIONS)
        return out

    def _legal_elsewhere(self) -> list[Action]:
        # legal_actions() outside the invade step (see InvadeStep.legal_actions)
        if self.tie is None:
            ph = self.phase
            if ph == "siege_or_retreat":  # after every lost battle: siege (if an army or token is left) or retreat
                a = self.actor
                assert a is not None
                return list(_SIEGE_OR_RETREAT) if (a.armies > 0 or a.tokens > 0) else _SIEGE_OR_RETREAT[1:]
            if ph == "draft":  # the cards left, each kind sorted by target as the general sort in _legal does
                kind, _p, left = self._draft_turn()
                return list(map((_PICK_EVENT if kind == "event" else _PICK_EMPIRE).__getitem__, sorted(left)))
            if ph == "kingdom":  # before a turn whose player holds a kingdom: each by card id, then skip (as _legal)
                kingdoms = sorted(self._kingdoms(self._holder(self.call_order[self.turn])))
                return [*map(_PLAY_KINGDOM.__getitem__, kingdoms), _SKIP_KINGDOM]
        return Game.legal_actions(self)

    def _legal(self) -> list[Action]:
        if self.tie is None and self.phase == "invade":
            return self.legal_actions()
        if self.tie is None and self.phase == "siege_or_retreat":  # after every lost battle: no prompt needed
            a = self.actor
            assert a is not None
            return list(_SIEGE_OR_RETREAT) if (a.armies > 0 or a.tokens > 0) else _SIEGE_OR_RETREAT[1:]
        player, step = self._to_decide()
        out: list[Action] = []
        if step == "score_tie":
            p, s = self.tie  # type: ignore[misc]
            out.append(Action("score_tie", "forward"))
            back = s - 1
            while back >= 0 and self._occupied(back, p):
                back -= 1
            if back >= 0:
                out.append(Action("score_tie", "back"))
        elif step in ("pick_event", "pick_empire"):
            _kind, _p, left = self._draft_turn()
            out = list(map((_PICK_EVENT if step == "pick_event" else _PICK_EMPIRE).__getitem__, left))
        elif step == "kingdom":
            out = [*map(_PLAY_KINGDOM.__getitem__, self._kingdoms(player)), _SKIP_KINGDOM]
        out.sort(key=lambda x: (_KIND_ORDER.get(x.kind, 99), x.target))
        return out
