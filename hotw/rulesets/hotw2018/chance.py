"""The 2018 game's chance steps: score markers, card draws and dice, drawn from the seeded generator.

A mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game` (see ``draft.py``). Every chance
step of this game has equally likely outcomes, so the drawn index is the outcome; the
generator's values are made a block at a time (:func:`hotw.rng.raw_block`) and kept in
``_raw_draws`` (the first draw's number, the values, the key they were made for), which the dice (``Invasions._fight``)
and the card draws read: the same outcomes as ``rng.face`` and ``rng.draw`` draw by draw.
"""

from __future__ import annotations

from hotw import rng
from hotw.actions import Action, ActionsOf
from hotw.game import Game
from hotw.rng import BLOCK
from hotw.rulesets.hotw2018.invasion import Invasions

__all__ = ["CHANCE_PHASES", "DICE", "ChanceSteps", "WAITING_PHASES"]

#: Phases whose pending step is decided by chance (see ``Hotw2018Game._decision``).
CHANCE_PHASES = frozenset({"markers", "trim_empires", "trim_events", "battle", "game_over"})

#: Phases where ``Hotw2018Game._advance`` stops at once: a player or the dice decide next.
WAITING_PHASES = frozenset({"kingdom", "invade", "siege_or_retreat", "battle", "game_over"})

#: The six outcomes of one die, each as likely as the others.
_ROLLS = tuple((Action("roll", str(v)), 1) for v in range(1, 7))
DICE = tuple(a for a, _w in _ROLLS)
"""The ``roll`` actions, by face less one."""
_DRAW = ActionsOf("draw")


class ChanceSteps:
    """Drawing the outcome of each chance step, and playing them while ``auto_chance`` is on."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    def _chance_draw(self) -> Action:
        # Every chance step of this game has equally likely outcomes (a score marker, a card, a die's face):
        # the drawn index is the outcome, as Game._chance_draw would find it by walking the weights
        ph = self.phase
        if ph == "trim_empires" or ph == "trim_events":  # _chance_weights' outcomes, without making them all
            pile = self._pile("empire" if ph == "trim_empires" else "event")
            return _DRAW[pile[_drawn_index(self, len(pile))]]
        outcomes = self._chance_weights()
        return outcomes[self._drawn_index(len(outcomes))][0]

    def _drawn_index(self, count: int) -> int:
        """``rng.draw(key, draws, count)``, read from the block of the generator's values the dice use
        (see ``Invasions._fight``)."""
        n, key = self._draws, self._key
        first, raw, made_for = self._raw_draws
        if not 0 <= n - first < BLOCK or made_for != key:
            first, raw, made_for = self._raw_draws = n, rng.raw_block(key, n), key
        return rng.draw_of(key, n, count, raw[n - first])

    def _chance_weights(self) -> list[tuple[Action, int]]:
        ph = self.phase
        if ph == "markers":
            return [(_DRAW[str(p)], 1) for p in range(self.n) if p not in self.marker_order]
        if ph in ("trim_empires", "trim_events"):
            return [(_DRAW[c], 1) for c in self._pile("empire" if ph == "trim_empires" else "event")]
        if ph == "battle":
            return list(_ROLLS)
        return []

    def _run_chance(self) -> None:
        # Dice are the commonest steps of a game, several to a battle. Each is drawn and played
        # here as Game._run_chance would (the same draw: six equally likely faces, so the drawn
        # index is the face; the same record), without the general dispatch; other chance
        # steps go the general way.
        if not self.auto_chance:
            return
        while self.tie is None and self.phase in CHANCE_PHASES and self.phase != "game_over":
            if self.phase == "battle":
                b = self.battle
                if b is not None and not b.inv and not b.dfn:  # a battle's dice in one step, each recorded
                    _fight(self, DICE)  # (functions, not methods: see game.py's _invade)
                else:  # a battle begun die by die (a replay's, or a player's own dice)
                    face = rng.draw(self._key, self._draws, 6)
                    self._roll(face + 1)
                    self.history.append(DICE[face])
                    self._draws += 1
                if self.phase not in WAITING_PHASES:  # (the battle over, most often an invade step is next)
                    self._advance()
            elif self.phase == "markers":
                _do(self, _chance_draw(self))
            else:  # an epoch's empire or event card drawn: _do(self, _chance_draw(self)) written out
                empires = self.phase == "trim_empires"
                pile = self._pile("empire" if empires else "event")
                card = pile[_drawn_index(self, len(pile))]
                (self.deck_empires if empires else self.deck_events).append(card)
                self._advance()  # (a trim phase never waits: Hotw2018Game._apply would advance)
                self.history.append(_DRAW[card])
                self._draws += 1


# The chance steps called as functions (see ``game.py``: made so when a method looked up on the game was not
# specialised)
_chance_draw, _drawn_index, _do, _fight = ChanceSteps._chance_draw, ChanceSteps._drawn_index, Game._do, Invasions._fight
