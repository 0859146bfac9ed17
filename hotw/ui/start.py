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
from hotw.i18n import Domain, render, speaking
from hotw.rulesets import get_ruleset, names
from hotw.ui.app import GameView, play

_ = Domain("hotw")
t = _.text

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
        self._offered = [DEFAULT] + [n for n in names() if n != DEFAULT]
        self.menu = w.Dropdown(options=self._offered, value=ruleset, layout=w.Layout(width="460px"))
        self.menu.add_class("hotw-ruleset-menu")
        self.button = w.Button(button_style="primary")
        self.button.add_class("hotw-new-game")
        self.button.on_click(lambda _b: self.new_game())
        self._show(play(ruleset=ruleset, **self._args))

    @property
    def lang(self) -> str:
        """The language of the game shown (its own menu changes it, and the words above it follow)."""
        return self.game_view.lang

    def _show(self, view: GameView) -> None:
        self.game_view = view
        view.language_menu.observe(lambda _c: self.label(), names="value")
        self.children = (w.HBox([self.menu, self.button]), view)
        self.label()

    def label(self) -> None:
        """The menu's and the button's words in the game's language."""
        with speaking(self.lang):
            value = self.menu.value
            self.menu.options = [(render(get_ruleset(n).title), n) for n in self._offered]
            self.menu.value = value
            self.menu.description = t("Game:")
            self.button.description = t("New game")

    def new_game(self) -> None:
        """Replace the game with a new one of the ruleset chosen in the menu, in the language shown now."""
        self._show(play(ruleset=self.menu.value, **{**self._args, "lang": self.lang}))


def start(players: list[str] | None = None, bots: dict[int | str, Any] | None = None, seed: int | str = 0,
          *, ruleset: str = DEFAULT, **kwargs: Any) -> GameChooser:
    """The notebook game with its ruleset menu: ``start(["Ada", "Ben", "Cy"], bots={1: "random"}, seed=7)``."""
    return GameChooser(players, bots, seed, ruleset, **kwargs)
