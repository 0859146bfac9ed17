"""The notebook game with a choice of game system: a menu of the registered rulesets above the game.

``start`` opens a game of the chosen ruleset at once (the default: ``hotw.new_game``'s);
choosing another ruleset and pressing *New game* replaces it with a fresh game of
that one, same players, bots and seed.
"""

from __future__ import annotations

import inspect
from typing import Any

import ipywidgets as w

import hotw
from hotw.rulesets import get_ruleset, names
from hotw.ui.app import GameView, play

__all__ = ["DEFAULT", "GameChooser", "start"]

DEFAULT: str = inspect.signature(hotw.new_game).parameters["ruleset"].default
"""The ruleset ``hotw.new_game`` plays when none is named: the menu's first entry and its default."""


class GameChooser(w.VBox):
    """A ruleset menu and a *New game* button above a :class:`GameView`."""

    def __init__(self, players: list[str] | None = None, bots: dict[int | str, Any] | None = None,
                 seed: int | str = 0, ruleset: str = DEFAULT, **kwargs: Any) -> None:
        super().__init__()
        self.add_class("hotw-chooser")
        self._args = dict(players=players, bots=bots, seed=seed, **kwargs)
        offered = [DEFAULT] + [n for n in names() if n != DEFAULT]
        self.menu = w.Dropdown(options=[(get_ruleset(n).title, n) for n in offered], value=ruleset,
                               description="Game:", layout=w.Layout(width="460px"))
        self.menu.add_class("hotw-ruleset-menu")
        self.button = w.Button(description="New game", button_style="primary")
        self.button.add_class("hotw-new-game")
        self.button.on_click(lambda _b: self.new_game())
        self.game_view: GameView = play(ruleset=ruleset, **self._args)
        self.children = (w.HBox([self.menu, self.button]), self.game_view)

    def new_game(self) -> None:
        """Replace the game with a new one of the ruleset chosen in the menu."""
        self.game_view = play(ruleset=self.menu.value, **self._args)
        self.children = (self.children[0], self.game_view)


def start(players: list[str] | None = None, bots: dict[int | str, Any] | None = None, seed: int | str = 0,
          *, ruleset: str = DEFAULT, **kwargs: Any) -> GameChooser:
    """The notebook game with its ruleset menu: ``start(["Ada", "Ben", "Cy"], bots={1: "random"}, seed=7)``."""
    return GameChooser(players, bots, seed, ruleset, **kwargs)
