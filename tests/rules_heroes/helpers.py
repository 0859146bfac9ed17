"""Helpers of the Heroes rule tests: games without automatic chance, set up position by position.

``start(n)`` deals with the first outcome of every draw and places the start figures
in the first area offered, so the test then sets the table it needs with ``table``
and plays a hero with ``play``. Every step still goes through ``Game.apply``.
"""

from __future__ import annotations

from typing import Any

import hotw
from hotw.rulesets.heroes.game import HeroesGame

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


def modern(n: int = 3, seed: int = 0, **options: Any) -> HeroesGame:
    """A game at the first turn of the modern age (antiquity ended by hand after no valuation)."""
    game = start(n, seed, **options)
    end_era(game)
    place_starts(game)
    return game


def end_era(game: HeroesGame) -> None:
    """End the era at the end of the turn under way, as its last valuation would."""
    game.era_over = True
    game.phase = "turn_end"
    game._advance()


def table(game: HeroesGame, figures: dict[str, list[int]] | None = None,
          boxes: dict[str, list[str]] | None = None, coins: list[int] | None = None) -> None:
    """Set figures (reserves adjusted), progress boxes (tiles taken out of the bag) and coins."""
    for area, counts in (figures or {}).items():
        for seat, c in enumerate(counts):
            game.reserve[seat] += game.figures[area][seat] - c
            game.figures[area][seat] = c
    for area, tiles in (boxes or {}).items():
        game.bag = sorted(set(game.bag) | set(game.boxes[area]))
        game.boxes[area] = list(tiles)
        game.bag = [t for t in game.bag if t not in tiles]
    if coins is not None:
        game.coins = list(coins)


def clear(game: HeroesGame) -> None:
    """Take every figure off the board (back to the reserves)."""
    table(game, {a: [0] * game.n for a in game.figures})


def hand(game: HeroesGame, *heroes: str) -> None:
    """Give the active player exactly these heroes, the game at the play step."""
    for h in heroes:
        for pile in (game.deck, game.display, *game.hands):
            if h in pile:
                pile.remove(h)
    game.hands[game.active] = list(heroes)
    game.phase = "play"


def play(game: HeroesGame, hero: str) -> None:
    """The active player plays ``hero`` (put in the hand first)."""
    hand(game, hero)
    game.apply(f"play:{hero}")


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
