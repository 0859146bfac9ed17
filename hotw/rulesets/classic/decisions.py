"""Who decides what in a classic game: each phase's decision and its step, the legal actions of the players' phases,
the weights of the chance steps and their seeded draws.

A mixin of :class:`~hotw.rulesets.classic.game.ClassicGame` (the shared :class:`~hotw.game.Game` protocol's hooks).
"""

from __future__ import annotations

from bisect import bisect_right

from hotw import rng
from hotw.actions import Action, ActionsOf
from hotw.game import CHANCE, Decision, Game
from hotw.i18n import Domain
from hotw.rulesets.classic.battle import highest_die_bounds
from hotw.rulesets.classic.pieces import ROMAN

__all__ = ["PLAYER_PHASES", "PhaseDecisions"]

_ = Domain("classic")
_n = _.plural

_CHANCE_PHASES = frozenset({"deal", "first_player", "draw", "battle", "event_roll", "preeminence", "game_over"})
PLAYER_PHASES = frozenset({"keep_or_give", "events", "event_step", "expand", "monuments"})
BEGIN = Action("begin")
KEEP = Action("keep")
#: the commonest steps' actions by target, each made once (actions are values)
_DRAW, _GIVE = ActionsOf("draw"), ActionsOf("give")
_PLAY_EVENT, _MONUMENT = ActionsOf("play_event"), ActionsOf("monument")

#: the step of each phase the acting player decides, and of each chance phase (as :meth:`PhaseDecisions._decision`)
_TURN_STEPS = {"events": "events", "event_step": "event_step", "expand": "expand", "monuments": "monument"}
_CHANCE_STEPS = {"game_over": "game_over", "deal": "deal", "first_player": "first_player", "draw": "draw_empire",
                 "battle": "roll", "event_roll": "roll", "preeminence": "preeminence"}


class PhaseDecisions:
    """The decision of each phase, its legal actions or chance weights, and the seeded draw of a chance step."""

    def _over(self) -> bool:
        return self.phase == "game_over"

    def _is_chance(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def _to_decide(self) -> tuple[int, str]:
        """``(decision.player, decision.step)`` without the decision's words (asked at every step of a game)."""
        ph = self.phase
        if ph == "battle":  # the commonest two first
            return CHANCE, "roll"
        if ph == "expand":
            return self.active_player, "expand"
        step = _TURN_STEPS.get(ph)
        if step is not None:
            return self.active_player, step
        step = _CHANCE_STEPS.get(ph)
        if step is not None:
            return CHANCE, step
        d = self._decision()
        return d.player, d.step

    def _decision(self) -> Decision:
        ph = self.phase
        if ph == "game_over":
            return Decision(CHANCE, "game_over", _("the game is over"))
        if ph == "deal":
            return Decision(CHANCE, "deal", _("deal the event cards"))
        if ph == "first_player":
            return Decision(CHANCE, "first_player", _("roll the dice for the first player"))
        if ph == "draw":
            return Decision(CHANCE, "draw_empire", _("draw an Epoch {epoch} empire card", epoch=ROMAN[self.epoch]))
        if ph in ("battle", "event_roll"):
            return Decision(CHANCE, "roll", _("roll the dice"))
        if ph == "preeminence":
            return Decision(CHANCE, "preeminence", _("the leader draws a pre-eminence marker"))
        if ph == "keep_or_give":
            p = self.drawing
            assert p is not None and self.pending_card is not None
            name = self.content.empires[self.pending_card].name
            # TRANSLATORS: {card} is the empire card drawn (other seats read "the empire card drawn" instead)
            return Decision(p, "keep_or_give", _("{player}: keep {card}, or give it to a player who has no empire",
                                                 player=self._who(p), card=name))
        p = self.active_player
        if ph == "events":
            return Decision(p, "events", _n("{player}: play an event card ({n} left) or begin {empire}",
                                            "{player}: play an event card ({n} left) or begin {empire}",
                                            2 - self.events_played, player=self._who(p),
                                            empire=self.content.empires[self.empire].name))
        if ph == "event_step":
            ev = self.content.events[self.step["card"]]
            if self.step.get("from"):  # the online Plague spreading on: not the card's first strike
                dice = int(self.step["spread"])
                return Decision(p, "event_step", _n(
                    "{player}: {event} spreads from {land}: choose a neighbouring army; it rolls {n} die and dies "
                    "if it shows 1",
                    "{player}: {event} spreads from {land}: choose a neighbouring army; it rolls {n} dice and dies "
                    "if any die shows 1", dice, player=self._who(p), event=ev.name, land=self._name(self.step["from"])))
            return Decision(p, "event_step", _("{player}: choose for {event}: {text}", player=self._who(p),
                                               event=ev.name, text=ev.text))
        if ph == "expand":
            a = self.actor
            assert a is not None
            return Decision(p, "expand", _n("{empire} ({player}): expand, attack, build a fort or end the turn "
                                            "({n} army left)",
                                            "{empire} ({player}): expand, attack, build a fort or end the turn "
                                            "({n} armies left)", a.armies, empire=a.name, player=self._who(p)))
        if ph == "monuments":
            return Decision(p, "monument", _n("{player}: choose where to build a monument for {empire} ({n} to build)",
                                              "{player}: choose where to build monuments for {empire} ({n} to build)",
                                              self.to_build, player=self._who(p), empire=self.actor.name))
        raise RuntimeError(f"no decision in phase {ph!r}")  # pragma: no cover

    def _chance_draw(self) -> Action:
        if self.phase == "battle":  # a die of a battle round: its value found by bisection, the draw unchanged
            b = self.battle
            totals, rolls = highest_die_bounds(b.attack_dice if b.attack_high is None else b.defend_dice)
            return self._ROLLS[bisect_right(totals, rng.draw(self._key, self._draws, rolls)) + 1]
        if self.phase == "deal":  # a card of the deal: the same draw, without the list of weights
            return self._deal_draw()
        return Game._chance_draw(self)  # type: ignore[arg-type]

    def _chance_weights(self) -> list[tuple[Action, int]]:
        ph = self.phase
        if ph == "battle":
            return self._dice_weights()
        if ph == "event_roll":
            return self._strike_weights()
        if ph == "deal":
            return self._deal_weights()
        if ph == "first_player":
            return [(_DRAW[str(p)], 1) for p in range(self.n)]
        if ph == "draw":
            return self._draw_weights()
        if ph == "preeminence":
            return self._marker_weights()
        return []

    def expand_choices(self) -> tuple[list[Action], dict[str, int]]:
        """The legal actions of the expand decision and :meth:`targets` (empty with no army to place), from one walk
        of the ways in: a bot weighs each target with its defender's dice."""
        a = self.actor
        assert a is not None and self.phase == "expand"
        targets = self.targets() if a.armies > 0 else {}
        return self._legal_expand(targets), targets

    def _legal(self) -> list[Action]:
        ph = self.phase
        if ph == "expand":
            return self._legal_expand()
        if ph == "keep_or_give":  # a player who holds an empire already (holders_draw) gives the card away
            gives = [_GIVE[str(q)] for q in self.receivers()]
            return gives if self.drawing in self.holder else [KEEP] + gives
        if ph == "events":
            return [*map(_PLAY_EVENT.__getitem__, self.playable_events()), BEGIN]
        if ph == "event_step":
            return self._legal_step()
        if ph == "monuments":
            return list(map(_MONUMENT.__getitem__, self.monument_lands()))
        return []
