"""Bots: players that choose among the legal actions, seeing only what their seat may see.

This module is what every ruleset's bots share: the :class:`Bot` protocol, the
``random`` bot (any legal action, uniformly; it plays every ruleset) and the
registry :func:`make_bot`, which finds a bot among these and the ruleset's own
(``hotw/rulesets/<name>/bots.py``, listed by :meth:`hotw.rulesets.Ruleset.bots`).

Every bot decides from :func:`hotw.observation.observation` of its seat, never
from the game itself, and draws any randomness from its own seeded generator.
``bot.explain()`` says in one line why it made its last move, for the teaching UI.

>>> import hotw
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> bot = make_bot("heuristic:hard", seed=1)
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from hotw.actions import Action
from hotw.errors import BotError
from hotw.files import quote
from hotw.game import Game
from hotw.i18n import Domain, joined
from hotw.observation import observation

_ = Domain("hotw")

__all__ = ["GENERIC_BOTS", "Bot", "RandomBot", "bot_names", "make_bot"]


class Bot(Protocol):
    """What every bot offers: a name, a choice for the pending decision, and why."""

    name: str

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""

    def explain(self) -> str:
        """One line on why the last action was chosen."""


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))
        self._why = "no move yet"

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""
        obs = observation(game)
        legal = obs.legal_actions()
        action = self.rng.choice(legal)
        how = "the only legal action" if len(legal) == 1 else f"chosen at random among {len(legal)} legal actions"
        self._why = f"{obs.label(action)}: {how}"
        return action

    def explain(self) -> str:
        """One line on why the last action was chosen."""
        return self._why


#: name -> factory(seed) of the bots that play any ruleset
GENERIC_BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot}


def _bots(ruleset: str) -> tuple[str, dict[str, Callable[..., Any]]]:
    """The ruleset's title, and every bot that plays it by name: the generic ones, then its own."""
    from hotw.rulesets import get_ruleset

    rs = get_ruleset(ruleset)
    return rs.title, {**GENERIC_BOTS, **rs.bots()}


def bot_names(ruleset: str = "hotw2018") -> list[str]:
    """Every bot spec ``make_bot`` accepts for ``ruleset``."""
    return sorted(_bots(ruleset)[1])


def make_bot(spec: str, seed: int | str = 0, ruleset: str = "hotw2018") -> Any:
    """A bot of ``ruleset`` from its spec (for 2018: ``random``, ``greedy``, ``heuristic:easy|medium|hard``).

    Specs ignore case and surrounding spaces; BotError naming the known bots if there is none.
    """
    title, bots = _bots(ruleset)
    key = str(spec).strip().lower()
    if key not in bots:
        raise BotError(_("unknown bot {name} for {game}; known bots: {known}", name=quote(spec), game=title,
                         known=joined(sorted(bots))))
    return bots[key](seed)
