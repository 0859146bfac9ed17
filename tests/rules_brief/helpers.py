"""Situations for the Brief History rule tests: positions (the ``position`` rule option), then moves.

A test writes down the position it needs (:func:`position` and :func:`put`), then
opens a game on it (:func:`turn` at the start of the empire's turn, :func:`established`
just after establishing) and plays the turn through ``apply`` with the dice it
chooses (``auto_chance=False``). Nothing here writes a game's state.
"""

from __future__ import annotations

from typing import Any, Iterable

import hotw
from hotw.rulesets.brief import BriefGame
from hotw.rulesets.brief.boardmap import brief_board
from hotw.rulesets.brief.cardcheck import load_content

PLAYERS = ("Ada", "Ben", "Cy")
BOARD = brief_board()
CONTENT = load_content(BOARD)


def new(players: Iterable[str] = PLAYERS, seed: int = 0, **options: Any) -> BriefGame:
    """A new game waiting for its lots (chance left to the test)."""
    return hotw.new_game("brief", list(players), seed, options=options or None,  # type: ignore[return-value]
                         auto_chance=False)


def position(empire: str, colour: int = 0, players: Iterable[str] = PLAYERS, gold: Iterable[int] | None = None,
             hand: Iterable[str] = (), **fields: Any) -> dict[str, Any]:
    """A position at the start of ``empire``'s turn, played by ``colour`` holding ``hand`` (gold 10, 20, 30 ...)."""
    nc = 4 if len(list(players)) == 2 else len(list(players))
    epoch = CONTENT.empires[empire].epoch
    pos: dict[str, Any] = {"epoch": epoch, "turn": [empire, colour],
                           "gold": list(gold) if gold is not None else [10 * (c + 1) for c in range(nc)],
                           "hands": {str(colour): list(hand)}}
    pos.update(fields)
    return pos


def put(pos: dict[str, Any], land: str, colour: int, structure: str | None = None, fort: bool = False,
        monument: bool = False, standing: bool = False) -> str:
    """Write an army of ``colour`` (resigned unless ``standing``) and pieces in a land into ``pos``; its id."""
    land = BOARD.resolve(land)
    if standing:
        assert colour == pos["turn"][1], "standing armies are the acting empire's"
        pos.setdefault("active", []).append(land)
    else:
        pos.setdefault("armies", {})[land] = colour
    if structure:
        pos.setdefault("structures", {})[land] = structure
    if fort:
        pos.setdefault("forts", []).append(land)
    if monument:
        pos.setdefault("monuments", []).append(land)
    return land


def open_game(pos: dict[str, Any], players: Iterable[str] = PLAYERS, **options: Any) -> BriefGame:
    """A game opened on ``pos`` (chance left to the test)."""
    return new(players, position=pos, **options)


def turn(empire: str | dict[str, Any], colour: int = 0, players: Iterable[str] = PLAYERS,
         options: dict[str, Any] | None = None, **fields: Any) -> BriefGame:
    """A game at the start of ``empire``'s turn (before establishing); ``empire`` may be a whole position."""
    pos = empire if isinstance(empire, dict) else position(empire, colour, players, **fields)
    return open_game(pos, players, **(options or {}))


def established(empire: str | dict[str, Any], colour: int = 0, players: Iterable[str] = PLAYERS,
                options: dict[str, Any] | None = None, **fields: Any) -> BriefGame:
    """A game just after ``empire`` is established (expanding)."""
    g = turn(empire, colour, players, options, **fields)
    g.apply("establish")
    return g


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
