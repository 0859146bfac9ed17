"""Bots: players that choose among the legal actions."""

from __future__ import annotations

import random

from hotw.actions import Action
from hotw.game import Game


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""
        return self.rng.choice(game.legal_actions())


BOTS = {"random": RandomBot}


def make_bot(spec: str, seed: int | str = 0) -> RandomBot:
    """A bot from its name (``random``); raises ValueError naming the known bots."""
    name = spec.split(":")[0]
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed)
