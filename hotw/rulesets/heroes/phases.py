"""Heroes of the World as a table of phases: who decides in each, and what it is.

:mod:`hotw.rulesets.heroes.game` runs the flow from it: a phase decided by a player or
by chance waits for that decision; an automatic phase runs its step and moves on.
A player's turn runs top to bottom: choose a hero, play one, population, progress,
conquest, treasure.
"""

from __future__ import annotations

from hotw.game import Phase

__all__ = ["PHASES", "Phase", "WAITING"]


PHASES: tuple[Phase, ...] = (
    Phase("deal", "chance", "hero cards dealt from the era's deck: two to each player, then three face up"),
    Phase("start", "player", "each player in turn places one of the era's start figures in an area of the era"),
    Phase("turn_start", "automatic", "a player's turn begins (a player with no hero to take or play passes)"),
    Phase("choose", "player", "take a face-up hero or draw from the deck (or first use a wonder)"),
    Phase("deck_draw", "chance", "the top card of the hero deck"),
    Phase("play", "player", "play a hero card from the hand"),
    Phase("population", "player", "place the hero's population figures, one at a time, in its areas"),
    Phase("progress_start", "automatic", "how many progress tiles to draw: the hero's value, if a box is free"),
    Phase("progress_draw", "chance", "progress tiles drawn from the bag"),
    Phase("progress_next", "automatic", "the next tile to place, or the rest go back to the bag"),
    Phase("progress_tile", "player", "which drawn tile to place next"),
    Phase("progress_box", "player", "the area whose empty box takes the tile (one tile per area a turn)"),
    Phase("ajanta", "player", "the owner of the Ajanta Caves decides whether to use them in this valuation"),
    Phase("conquest", "player", "choose an area to conquer, or give up the conquest"),
    Phase("defender", "player", "choose the opponent to attack in that area"),
    Phase("die", "chance", "the conquest die"),
    Phase("escape", "player", "the area the defender's figures escape to"),
    Phase("losses", "automatic", "figures lost, one player at a time (the Hanging Gardens may stop a loss)"),
    Phase("gardens", "player", "the owner of the Hanging Gardens decides whether to ignore this loss"),
    Phase("treasure", "automatic", "coins from the reserve for the hero's treasure value"),
    Phase("spend", "player", "migrate, build wonders, buy points, use wonders, or end the turn"),
    Phase("migrate", "player", "move the migrating figures (up to 4) to areas next to the one they leave"),
    Phase("wonder", "player", "the steps of a wonder's ability"),
    Phase("refill", "chance", "the face-up heroes completed to three from the deck"),
    Phase("turn_end", "automatic", "the turn is scored; the era ends, or the next player on the left plays"),
    Phase("new_era", "automatic", "the modern age is prepared"),
    Phase("over", "automatic", "the game is over (no decision)"),
)

WAITING = frozenset(p.name for p in PHASES if p.decides != "automatic") | {"over"}
"""Phases where the flow stops: a player or chance decides next (or the game is over)."""
