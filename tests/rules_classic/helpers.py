"""Helpers for the classic rule tests: a game with chance left to the test, and positions set by hand."""

from __future__ import annotations

from typing import Any, Iterable

import hotw
from hotw.actions import Action

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"]


def new(n: int = 3, **options: Any) -> Any:
    """A classic game for ``n`` players whose chance steps the test applies."""
    return hotw.new_game("classic", NAMES[:n], 0, auto_chance=False, options=options or None)


def deal(game: Any, hands: dict[int, list[str]] | None = None) -> None:
    """Deal the event cards: the listed ones to each seat first, then the first card left of each pile."""
    wanted = {p: list(h) for p, h in (hands or {}).items()}
    while game.phase == "deal":
        seat, pile = game.dealing()
        legal = [a.target for a in game.legal_actions()]
        mine = [c for c in wanted.get(seat, []) if c in legal and game.content.events[c].kind == pile]
        card = mine[0] if mine else next(c for c in legal if c not in sum(wanted.values(), []))
        if mine:
            wanted[seat].remove(card)
        game.apply(Action("draw", card))


def draw_keep(game: Any, empires: Iterable[str]) -> None:
    """Each drawer in turn draws the next of ``empires`` and keeps it."""
    for e in empires:
        game.apply(Action("draw", e))
        if game.phase == "keep_or_give":
            game.apply(Action("keep"))


def start(n: int = 3, empires: Iterable[str] = ("egypt", "babylonia", "shang"), first: int = 0,
          hands: dict[int, list[str]] | None = None, **options: Any) -> Any:
    """A game at the first empire's turn of Epoch I: dealt, first player chosen, ``empires`` drawn and kept in order."""
    game = new(n, **options)
    deal(game, hands)
    game.apply(Action("draw", str(first)))
    draw_keep(game, empires)
    return game


def roll(game: Any, *faces: int) -> None:
    """Apply dice (each a chance step)."""
    for f in faces:
        game.apply(Action("roll", str(f)))


def act(game: Any, *texts: str) -> None:
    """Apply actions given as text."""
    for t in texts:
        game.apply(t)


def begin_with(game: Any, lands: dict[str, int] | None = None) -> Any:
    """Set armies on the board by hand (land -> seat), then begin the current empire; returns its actor."""
    for land, seat in (lands or {}).items():
        game.owner[land] = seat
    game.apply("begin")
    return game.actor
