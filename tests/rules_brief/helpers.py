"""Situations for the Brief History rule tests: a game at the start of a chosen empire's turn, pieces set down by hand.

The rule tests play the turn itself through ``apply`` with the dice they choose
(``auto_chance=False``); only the position before the turn is set down here.
"""

from __future__ import annotations

from typing import Iterable

import hotw
from hotw.rulesets.brief import BriefGame

PLAYERS = ("Ada", "Ben", "Cy")


def new(players: Iterable[str] = PLAYERS, seed: int = 0) -> BriefGame:
    """A new game waiting for its lots (chance left to the test)."""
    return hotw.new_game("brief", list(players), seed, auto_chance=False)  # type: ignore[return-value]


def turn(empire: str, colour: int = 0, players: Iterable[str] = PLAYERS, gold: Iterable[int] | None = None,
         hand: Iterable[str] = ()) -> BriefGame:
    """A game at the start of ``empire``'s turn, played by ``colour`` (before establishing)."""
    g = new(players)
    card = g.content.empires[empire]
    g.epoch = card.epoch
    for area in g.content.spiral():
        for e in range(card.epoch):
            v = g.content.areas[area].values[e]
            if v is not None:
                g.area_values[area] = v
    for c, value in enumerate(gold if gold is not None else [10 * (c + 1) for c in range(g.nc)]):
        g.track.set(c, value)
    g.empire_of = [None] * g.nc
    g.empire_of[colour] = empire
    g.hands[colour] = list(hand)
    g.call_index = card.order - 1
    g.part = 0
    g.begin_turn(colour)
    return g


def established(empire: str, colour: int = 0, **kwargs) -> BriefGame:  # type: ignore[no-untyped-def]
    """A game just after ``empire`` is established (expanding)."""
    g = turn(empire, colour, **kwargs)
    g.apply("establish")
    return g


def put(g: BriefGame, land: str, colour: int, structure: str | None = None, fort: bool = False,
        monument: bool = False, standing: bool = False) -> str:
    """Set an army of ``colour`` (resigned unless ``standing``) and pieces in a land; returns its id."""
    land = g.board.resolve(land)
    g.owner[land] = colour
    if structure:
        g.structures[land] = structure
    if fort:
        g.forts.add(land)
    if monument:
        g.monuments.add(land)
    if standing:
        g.standing.add(land)
        assert g.force is not None
        g.force.active.add(land)
    g.supply[colour] -= 1
    return land


def roll(g: BriefGame, *dice: int) -> None:
    """Apply dice in order (the attacker's first)."""
    for d in dice:
        g.apply(f"roll:{d}")


def acts(g: BriefGame, kind: str) -> set[str]:
    """Targets of the legal actions of one kind."""
    return {a.target for a in g.legal_actions() if a.kind == kind}


def no_monuments(g: BriefGame) -> None:
    """Decline any monument the last move earned."""
    while g.phase == "monument":
        g.apply("no_monument")
