"""The ruleset registry: each game system of the family is a registered :class:`Ruleset`.

A ruleset is a package ``hotw/rulesets/<name>/`` that builds its :class:`Ruleset`
record (fixed facts, declared options, a game factory, and where its bots and its
view for the notebook game live) and is registered here by name with a loader, so
nothing of it is imported until a game of it is made. A test or a notebook may
register a ruleset of its own with :func:`register`; ``docs/architecture.md``
("Adding a ruleset") walks through it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from hotw.board import board_file
from hotw.errors import RulesetError
from hotw.options import Option, check_options, quoted

if TYPE_CHECKING:
    from hotw.game import Game

__all__ = ["Ruleset", "get_ruleset", "names", "register"]


@dataclass(frozen=True)
class Ruleset:
    """Fixed facts of one game system: name, player counts, epochs, options, game class, bots and view."""

    name: str
    title: str
    min_players: int
    max_players: int
    epochs: int
    game_factory: Callable[..., "Game"]
    #: every rule option the ruleset understands, with its default and range
    options: tuple[Option, ...] = ()
    #: the board its games are played on: a shipped board's name ("world", "heroes") or a GeoJSON file's path
    board: str = "world"
    #: module with ``BOTS`` ({name: factory(seed)}) of the bots that know this ruleset's game
    bots_module: str | None = None
    #: module with ``view(game)``, what the notebook game shows and what a click means
    view_module: str | None = None

    def board_path(self) -> Path:
        """The GeoJSON file of the ruleset's board."""
        if self.board.endswith(".geojson"):
            return Path(self.board)
        return board_file(self.board)

    @property
    def defaults(self) -> dict[str, Any]:
        """Each option's default: the printed rules."""
        return {o.name: o.default for o in self.options}

    def check_options(self, options: Any) -> dict[str, Any]:
        """The given options checked and normalised (OptionError otherwise); only those given."""
        return check_options(self.options, options)

    def new_game(self, players: list[str], seed: int | str = 0, **kwargs: Any) -> "Game":
        """A new game of this ruleset at its initial state (the game checks players, seed and options first)."""
        return self.game_factory(self, players, seed, **kwargs)

    def bots(self) -> dict[str, Callable[..., Any]]:
        """This ruleset's own bots by name (imported on first use); empty if it has none."""
        if self.bots_module is None:
            return {}
        return dict(getattr(importlib.import_module(self.bots_module), "BOTS"))

    def view(self, game: "Game") -> Any:
        """The ruleset's view of ``game`` for the notebook game (imported on first use)."""
        if self.view_module is None:
            raise RulesetError(f"{self.title} has no view for the notebook game yet")
        return importlib.import_module(self.view_module).view(game)


_REGISTRY: dict[str, Callable[[], Ruleset]] = {}
_LOADED: dict[str, Ruleset] = {}


def register(name: str, loader: Callable[[], Ruleset]) -> None:
    """Register a ruleset under ``name``; ``loader`` builds it on first use (a later call replaces it)."""
    _REGISTRY[name] = loader
    _LOADED.pop(name, None)


def names() -> list[str]:
    """Names of the registered rulesets."""
    return sorted(_REGISTRY)


def get_ruleset(name: Any) -> Ruleset:
    """The ruleset called ``name``; RulesetError naming the known ones."""
    if not isinstance(name, str) or name not in _REGISTRY:
        raise RulesetError(f"unknown ruleset {quoted(name)}; known rulesets: {', '.join(names())}")
    if name not in _LOADED:
        _LOADED[name] = _REGISTRY[name]()
    return _LOADED[name]


def _load_hotw2018() -> Ruleset:
    return importlib.import_module("hotw.rulesets.hotw2018").RULESET  # type: ignore[no-any-return]


def _load_classic() -> Ruleset:
    return importlib.import_module("hotw.rulesets.classic").RULESET  # type: ignore[no-any-return]


def _load_heroes() -> Ruleset:
    return importlib.import_module("hotw.rulesets.heroes").RULESET  # type: ignore[no-any-return]


def _load_brief() -> Ruleset:
    return importlib.import_module("hotw.rulesets.brief").RULESET  # type: ignore[no-any-return]


register("hotw2018", _load_hotw2018)
register("classic", _load_classic)
register("heroes", _load_heroes)
register("brief", _load_brief)
