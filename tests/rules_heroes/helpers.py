"""Helpers of the Heroes rule tests: games without automatic chance, set up as positions.

``start(n)`` plays the deal and the start figures (the first outcome of every draw,
the first area offered); ``laid(...)`` sets up a position by hand (the ``position``
rule option of :mod:`hotw.rulesets.heroes.position`, checked by the engine and kept
by save, load and undo), and ``playing(hero, ...)`` a position where the seat whose
turn it is plays ``hero``. Every step goes through ``Game.apply``; nothing here
writes a game.
"""

from __future__ import annotations

from typing import Any

import hotw
from hotw.rulesets.heroes.cards import BOX_COUNT, ERAS
from hotw.rulesets.heroes.game import FIGURES, HeroesGame

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve"]


def new(n: int = 3, seed: int = 0, **options: Any) -> HeroesGame:
    game = hotw.new_game("heroes", NAMES[:n], seed, auto_chance=False, options=options or None)
    assert isinstance(game, HeroesGame)
    return game


def chance(game: HeroesGame, *outcomes: str) -> None:
    """Resolve pending chance steps: with the given outcomes in order, then the first listed one."""
    todo = list(outcomes)
    while not game.is_over and game.decision.is_chance:
        game.apply(todo.pop(0) if todo else game.legal_actions()[0])


def place_starts(game: HeroesGame) -> None:
    chance(game)
    while game.phase == "start":
        game.apply(game.legal_actions()[0])
        chance(game)


def start(n: int = 3, seed: int = 0, **options: Any) -> HeroesGame:
    """A game at the first turn of antiquity (the oldest player to choose)."""
    game = new(n, seed, **options)
    place_starts(game)
    assert game.phase == "choose"
    return game


def laid(n: int = 3, seed: int = 0, options: dict[str, Any] | None = None, **fields: Any) -> HeroesGame:
    """A game from a position set up by hand: ``fields`` are the position's (``era`` 1 and ``turn`` 0 unless
    given; ``hands`` and ``played`` may be keyed by seat numbers)."""
    position: dict[str, Any] = {"era": 1, "turn": 0, **fields}
    for key in ("hands", "played"):
        if key in position:
            position[key] = {str(s): list(v) for s, v in position[key].items()}
    game = hotw.new_game("heroes", NAMES[:n], seed, auto_chance=False,
                         options={**(options or {}), "position": position})
    assert isinstance(game, HeroesGame)
    return game


def modern(n: int = 3, seed: int = 0, **fields: Any) -> HeroesGame:
    """A game at a turn of the modern age (seat ``turn``, 0 unless given), set up by hand."""
    return laid(n, seed, era=2, **fields)


def playing(hero: str, n: int = 3, seed: int = 0, **fields: Any) -> HeroesGame:
    """A position where the seat whose turn it is has taken ``hero`` and plays it (the game at its first value)."""
    seat = int(fields.get("turn", 0))
    hands = {int(s): list(v) for s, v in fields.pop("hands", {}).items()}
    hands[seat] = hands.get(seat, []) + [hero]
    game = laid(n, seed, step="play", hands=hands, **fields)
    game.apply(f"play:{hero}")
    return game


def full(figures: dict[str, list[int]], area: str, seat: int = 0) -> dict[str, list[int]]:
    """``figures`` with every figure of ``seat`` not on the board put in ``area`` (its reserve empty, so a hero
    places no population)."""
    n = len(next(iter(figures.values()))) if figures else 3
    out = {a: list(c) for a, c in figures.items()}
    out.setdefault(area, [0] * n)
    out[area][seat] += FIGURES * (2 if n == 2 else 1) - sum(c[seat] for c in out.values())
    return out


def complete(*areas: str, era: int = 1, taken: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Progress boxes with every box of ``areas`` full (tiles of ``era`` in bag order, none of ``taken``)."""
    content = new(3).content
    board = new(3).board
    tiles = [t for t in content.progress_of(ERAS[era - 1]) if t not in taken]
    out: dict[str, list[str]] = {}
    for area in areas:
        size = BOX_COUNT[board.spaces[area].era or ERAS[1]]
        out[area], tiles = tiles[:size], tiles[size:]
    return out


def legal(game: HeroesGame) -> list[str]:
    return [a.text() for a in game.legal_actions()]


def to_spend(game: HeroesGame) -> None:
    """Play the current turn on with the first legal action until the spending step."""
    while game.phase != "spend":
        if game.decision.is_chance:
            game.apply(game.legal_actions()[0])
        elif game.phase == "conquest":
            game.apply("no_conquest")
        else:
            game.apply(game.legal_actions()[0])


def finish_turn(game: HeroesGame) -> None:
    """Play the turn on to its end (no conquest, nothing spent) and the chance steps after it."""
    to_spend(game)
    game.apply("end_turn")
    chance(game)
