"""The 2018 game as a table of phases: who decides in each, and what it is.

:mod:`hotw.rulesets.hotw2018.game` runs the flow from it: a phase decided by a
player or by chance waits for that decision; an automatic phase runs its step
(``game._AUTOMATIC``) and moves on.
"""

from __future__ import annotations

from hotw.game import Phase

__all__ = ["PHASES", "Phase"]


PHASES: tuple[Phase, ...] = (
    Phase("markers", "chance", "score markers drawn at random onto spaces 1 to n"),
    Phase("epoch_start", "automatic", "the epoch's region tokens are laid"),
    Phase("trim_empires", "chance", "the epoch's empire cards for this game are drawn (one per player)"),
    Phase("trim_events", "chance", "the epoch's event cards for this game are drawn (one per player)"),
    Phase("draft", "player", "most points picks an event first, fewest points an empire first, alternating"),
    Phase("next_turn", "automatic", "the next empire in call order takes the catapult"),
    Phase("kingdom", "player", "its holder may play a kingdom card before the empire"),
    Phase("establish_empire", "automatic", "the empire's card: armies from supply, abilities"),
    Phase("establish", "automatic", "an army (and capitol) in each start territory; a defended one means a battle"),
    Phase("invade", "player", "invade, fortify, play an event, or end invasions"),
    Phase("battle", "chance", "the dice of a battle, one die at a time (a naval reroll included)"),
    Phase("siege_or_retreat", "player", "after a lost battle: siege with another army, or retreat"),
    Phase("after_invasions", "automatic", "build monuments, resign, gain points"),
    Phase("epoch_end", "automatic", "unplayed events are lost unless saveable; the epoch's scores are kept"),
    Phase("game_over", "chance", "the game is over (no decision)"),
)
"""The 2018 game as a table: every phase, who decides in it, what happens. A ``score_tie``
decision (a marker landing on a taken space) can interrupt any phase."""
