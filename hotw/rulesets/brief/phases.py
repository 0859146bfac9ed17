"""*A Brief History of the World* as a table of phases: who decides in each, and what it is.

:mod:`hotw.rulesets.brief.game` runs the flow from it: a phase decided by a player
or by chance waits for that decision; an automatic phase runs its step and moves on.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PHASES", "Phase"]


@dataclass(frozen=True)
class Phase:
    """One phase: its name, who decides in it ("player", "chance", "automatic"), and what happens."""

    name: str
    decides: str
    what: str


PHASES: tuple[Phase, ...] = (
    Phase("lots", "chance", "lots are drawn: that colour's gold marker goes on 1, the next on 2, and so on"),
    Phase("epoch_start", "automatic", "the epoch's Area values are laid in their circles"),
    Phase("deal_empires", "chance", "the epoch's empire cards are counted out, one per colour"),
    Phase("deal_events", "chance", "the epoch's event cards are counted out, one per colour"),
    Phase("allocate", "player", "least gold chooses an empire while most gold chooses an event, passing the rest on"),
    Phase("call", "automatic", "the next empire on the epoch's list is called: played if held, skipped if not"),
    Phase("turn_start", "player", "play events that belong to the start of the turn, then establish the empire"),
    Phase("minor_start", "player", "choose where a minor empire starts"),
    Phase("establish", "automatic", "armies to the Array, the start-land cleared and taken, capital, fleets"),
    Phase("expand", "player", "place an army (expand, invade, surrender), build a fort, play an event, or end"),
    Phase("roll", "chance", "the invasion's dice, the attacker's first, one die at a time"),
    Phase("after_fail", "player", "a failed invasion: continue it (an Array army spent, dial +1) or abandon it"),
    Phase("overrun", "player", "spend spare invasion points on the defender's lands next to the land just taken"),
    Phase("monument", "player", "a second resource symbol taken: build a monument, or not"),
    Phase("fleet_place", "player", "choose the sea or ocean for an event's fleet"),
    Phase("civil_target", "player", "choose the land an event's armies invade"),
    Phase("plague_area", "player", "choose the area a plague strikes"),
    Phase("plague_roll", "chance", "a die for each army the plague strikes"),
    Phase("force_end", "automatic", "an event's armies or a minor empire are done: resigned, the card discarded"),
    Phase("reorganise", "automatic", "fleets removed, armies resigned, card discarded; gold collected"),
    Phase("epoch_end", "automatic", "markers on top of others move forward, lower spaces first"),
    Phase("bonus_draw", "chance", "three Bonus tokens are turned up for the epoch's leaders (face down to others)"),
    Phase("bonus_pick", "player", "most gold picks a Bonus token, then second; third takes the last"),
    Phase("game_over", "chance", "the game is over: Bonus tokens added, most gold wins, a tie is a tie"),
)
