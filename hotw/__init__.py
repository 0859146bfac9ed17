"""hotw: History of the World and its relatives, as a pure-Python rules engine.

>>> import hotw
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> game.decision.step
'pick_event'
"""

from __future__ import annotations

from typing import Any

from hotw.actions import Action
from hotw.rulesets.hotw2018.battle import BattleSetup, battle_odds, siege_odds
from hotw.errors import (
    BoardError,
    ContentError,
    HotwError,
    IllegalActionError,
    SaveFileError,
)
from hotw.game import CHANCE, Decision, Game
from hotw.save import load_game

__all__ = [
    "CHANCE",
    "Action",
    "BattleSetup",
    "BoardError",
    "ContentError",
    "Decision",
    "Game",
    "HotwError",
    "IllegalActionError",
    "SaveFileError",
    "battle_odds",
    "compare",
    "import_log",
    "import_log_data",
    "load_game",
    "new_game",
    "siege_odds",
    "simulate",
]
__version__ = "0.1.0"


def new_game(
    ruleset: str = "hotw2018",
    players: list[str] | None = None,
    seed: int | str = 0,
    *,
    auto_chance: bool = True,
    options: dict[str, Any] | None = None,
) -> Game:
    """Start a game of ``ruleset`` for ``players`` (names, in seat order) with a seed."""
    from hotw.rulesets import get_ruleset

    rs = get_ruleset(ruleset)
    if players is None:
        players = ["Ada", "Ben", "Cy"]
    return rs.new_game(list(players), seed, auto_chance=auto_chance, options=options)


def import_log(path: Any, options: dict[str, Any] | None = None) -> Any:
    """A game log of the online classic game (a text file) replayed as a classic game, with a report.

    Returns a record with ``.game`` (its options mark the dice as chosen to give the
    logged outcomes), ``.notes`` (lines not played as logged, each with its number)
    and ``.checks`` (every turn's score against the log's). GameLogError, naming the
    line, if the file cannot be read as a log.
    """
    from hotw.rulesets.classic.logimport import import_log as run

    return run(path, options)


def import_log_data(data: str | bytes, source: str = "game log", options: dict[str, Any] | None = None) -> Any:
    """The same as :func:`import_log`, from the log's contents (e.g. an uploaded file) named ``source``."""
    from hotw.rulesets.classic.logimport import import_log_data as run

    return run(data, source, options)


def __getattr__(name: str) -> Any:
    """``hotw.simulate`` and ``hotw.compare``, imported on first use (they need pandas)."""
    if name in ("simulate", "compare"):
        import importlib

        value = getattr(importlib.import_module("hotw.simulation"), name)
        globals()[name] = value  # the function, not the module of the same name
        return value
    raise AttributeError(f"module 'hotw' has no attribute {name!r}")
