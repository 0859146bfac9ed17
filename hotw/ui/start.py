"""The notebook game with a choice of game system: a menu of the registered rulesets above the game.

``start`` opens a game of the chosen ruleset at once (the default: ``hotw.new_game``'s);
choosing another ruleset and pressing *New game* replaces it with a fresh game of
that one, same players, bots and seed.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from hotw.rulesets import get_ruleset, names
from hotw.ui.app import GameView, play

__all__ = ["GameChooser", "start"]

#: Rulesets offered in the menu, in this order (others registered later are added after them).
SHIPPED = ("hotw2018", "classic")


class GameChooser(w.VBox):
    """A ruleset menu and a *New game* button above a :class:`GameView`."""

    def __init__(self, players: list[str] | None = None, bots: dict[int | str, Any] | None = None,
                 seed: int | str = 0, ruleset: str = "hotw2018", **kwargs: Any) -> None:
        super().__init__()
        self.add_class("hotw-chooser")
        self._args = dict(players=players, bots=bots, seed=seed, **kwargs)
        offered = [n for n in SHIPPED if n in names()] + [n for n in names() if n not in SHIPPED]
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
          *, ruleset: str = "hotw2018", **kwargs: Any) -> GameChooser:
    """The notebook game with its ruleset menu: ``start(["Ada", "Ben", "Cy"], bots={1: "random"}, seed=7)``."""
    return GameChooser(players, bots, seed, ruleset, **kwargs)
