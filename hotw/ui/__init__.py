"""The notebook game: an ipyleaflet map and ipywidgets panels over a hotw game.

What the map and panels show comes from the ruleset's view of the game
(``hotw.ui.rulesetview.RulesetView``, from the module ``Ruleset.view_module`` names), built
from the shared parts in ``hotw.ui.view`` and ``hotw.ui.panels``; all of these are
pure (no widget imports). The widgets live in ``hotw.ui.app`` and load only when
``play`` or ``GameView`` is used.

>>> import hotw.ui  # doctest: +SKIP
>>> hotw.ui.play(players=["Ada", "Ben", "Cy"], bots={1: "random", 2: "random"}, seed=7)  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hotw.ui.app import GameView

__all__ = ["GameView", "PositionEditor", "WhatIfPanel", "play", "start"]


def play(*args: Any, **kwargs: Any) -> "GameView":
    """Start a game and return its widget (see ``hotw.ui.app.play``)."""
    from hotw.ui.app import play as _play

    return _play(*args, **kwargs)


def start(*args: Any, **kwargs: Any) -> Any:
    """The game with a menu of the game systems above it (see ``hotw.ui.start.start``)."""
    from hotw.ui.start import start as _start

    return _start(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "GameView":
        from hotw.ui.app import GameView

        return GameView
    if name == "PositionEditor":  # the lesson builder's editor
        from hotw.ui.editor import PositionEditor

        return PositionEditor
    if name == "WhatIfPanel":
        from hotw.ui.whatif import WhatIfPanel

        return WhatIfPanel
    raise AttributeError(f"module 'hotw.ui' has no attribute {name!r}")
