"""The ruleset registry: each game system is a registered Ruleset over shared mechanisms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from hotw.game import Game


@dataclass(frozen=True)
class Ruleset:
    """Fixed facts of one game system: its name, player counts, epochs and game class."""

    name: str
    title: str
    min_players: int
    max_players: int
    epochs: int
    game_factory: Callable[..., "Game"]
    options: dict[str, Any] = field(default_factory=dict)

    def new_game(self, players: list[str], seed: int | str = 0, **kwargs: Any) -> "Game":
        """A new game of this ruleset at its initial state."""
        return self.game_factory(self, players, seed, **kwargs)


_REGISTRY: dict[str, Callable[[], Ruleset]] = {}
_LOADED: dict[str, Ruleset] = {}


def register(name: str, loader: Callable[[], Ruleset]) -> None:
    """Register a ruleset under ``name``; ``loader`` builds it on first use."""
    _REGISTRY[name] = loader


def names() -> list[str]:
    """Names of the registered rulesets."""
    return sorted(_REGISTRY)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; raises ValueError naming the known ones."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown ruleset {name!r}; known rulesets: {', '.join(names())}")
    if name not in _LOADED:
        _LOADED[name] = _REGISTRY[name]()
    return _LOADED[name]


def _load_hotw2018() -> Ruleset:
    from hotw.rulesets.hotw2018 import RULESET

    return RULESET


register("hotw2018", _load_hotw2018)
