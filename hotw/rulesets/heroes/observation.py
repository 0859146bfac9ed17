"""What one seat may see of a game of Heroes of the World: the whole board, its own hand, nothing hidden.

Public: figures per area, the progress boxes, which tiles are still in the bag (every
tile placed is seen, so what is left is known, though not which comes next), the
face-up heroes, the heroes each player has played, wonders, coins, scores. Hidden:
the other players' hands (only their sizes show) and the order of the deck.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain, Msg
from hotw.observation import Observation

if TYPE_CHECKING:
    from hotw.rulesets.heroes.cards import Content

__all__ = ["HeroesObservation", "action_words"]

_ = Domain("heroes")

# An action in words (the bots' explanations): its kind as a verb, then what it names.
_NAMED = {
    "place": lambda t: _("place {target}", target=t), "box": lambda t: _("box {target}", target=t),
    "conquer": lambda t: _("conquer {target}", target=t), "flee": lambda t: _("flee {target}", target=t),
    "migrate": lambda t: _("migrate {target}", target=t), "move": lambda t: _("move {target}", target=t),
    "area": lambda t: _("area {target}", target=t), "from": lambda t: _("from {target}", target=t),
    "to": lambda t: _("to {target}", target=t), "take": lambda t: _("take {target}", target=t),
    "play": lambda t: _("play {target}", target=t), "tile": lambda t: _("tile {target}", target=t),
    "build": lambda t: _("build {target}", target=t), "wonder": lambda t: _("wonder {target}", target=t),
}
_BARE = {
    "deck": lambda: _("draw a hero card from the deck"), "no_conquest": lambda: _("no conquest"),
    "end_turn": lambda: _("end turn"), "buy": lambda: _("buy a civilization point"),
    "stop": lambda: _("stop migrating"),
}
_VALUED = {
    "count": lambda t: _("choose {target}", target=t),
    "ajanta": lambda t: (_("use the Ajanta Caves") if t == "use" else _("keep the Ajanta Caves for later")
                         if t == "keep" else t),
    "gardens": lambda t: (_("use the Hanging Gardens") if t == "use" else _("keep the Hanging Gardens for later")
                          if t == "keep" else t),
}


class HeroesObservation(Observation):
    """The Heroes table as seat ``seat`` sees it."""

    __slots__ = ()

    @property
    def content(self) -> "Content":
        """Every card's printed values (public), not where the cards are."""
        return self._game.content  # type: ignore[no-any-return]

    @property
    def era(self) -> int:
        return int(self._game.era)

    @property
    def active(self) -> int:
        """The seat whose turn it is."""
        return int(self._game.active)

    @property
    def open_areas(self) -> tuple[str, ...]:
        return tuple(self._game.open_areas)

    @property
    def figures(self) -> Mapping[str, tuple[int, ...]]:
        """Area -> each seat's figures there."""
        return MappingProxyType({a: tuple(f) for a, f in self._game.figures.items()})

    @property
    def boxes(self) -> Mapping[str, tuple[str, ...]]:
        """Area -> the progress tiles in its boxes."""
        return MappingProxyType({a: tuple(b) for a, b in self._game.boxes.items()})

    @property
    def capacity(self) -> Mapping[str, int]:
        return MappingProxyType(self._game.capacity)

    @property
    def bag(self) -> tuple[str, ...]:
        """The tiles still in the bag (which one comes next is unknown)."""
        return tuple(sorted(self._game.bag))

    @property
    def drawn(self) -> tuple[str, ...]:
        """Tiles drawn this turn and not yet placed (on the table)."""
        return tuple(self._game.drawn)

    @property
    def display(self) -> tuple[str, ...]:
        return tuple(self._game.display)

    @property
    def deck_size(self) -> int:
        return len(self._game.deck)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._game.hands)

    @property
    def played(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(p) for p in self._game.played)

    @property
    def hero(self) -> str | None:
        """The hero played this turn (face up)."""
        return self._game.hero  # type: ignore[no-any-return]

    @property
    def coins(self) -> tuple[int, ...]:
        return tuple(self._game.coins)

    @property
    def reserve(self) -> tuple[int, ...]:
        return tuple(self._game.reserve)

    @property
    def wonders(self) -> Mapping[str, int]:
        """Wonder -> the seat that built it."""
        return MappingProxyType(dict(self._game.wonders))

    @property
    def used(self) -> frozenset[str]:
        """Wonders whose ability was used this era (face down)."""
        return frozenset(self._game.used)

    @property
    def valued(self) -> tuple[str, ...]:
        """Areas valued this era, in order."""
        return tuple(self._game.valued)

    @property
    def valuations_left(self) -> int:
        return max(0, int(self._game.valuation_limit()) - len(self._game.valued))

    @property
    def effect(self) -> Mapping[str, Any] | None:
        """The pending step of a wonder or a migration, if any."""
        eff = self._game.effect
        return MappingProxyType(dict(eff)) if eff is not None else None

    @property
    def conquest(self) -> Mapping[str, Any] | None:
        c = self._game.conquest
        return MappingProxyType(dict(c)) if c is not None else None

    @property
    def losses(self) -> tuple[tuple[int, str, int, str], ...]:
        return tuple(self._game.losses)

    @property
    def placed_here(self) -> frozenset[str]:
        return frozenset(self._game.placed_here)

    @property
    def pending_value(self) -> str | None:
        return self._game.pending_value  # type: ignore[no-any-return]

    def table_now(self) -> tuple[Any, ...]:
        """What a bot weighing every action of a decision reads, as the game holds it, in one call and without
        copies: the figures (area -> a list per seat), the boxes (area -> tile ids), :attr:`capacity`,
        :attr:`open_areas`, :attr:`valued`, :attr:`valuations_left`, the bag (not sorted), :attr:`played` (a list
        per seat), :attr:`active` and :attr:`score`. Read them, never change them; they hold until the next action."""
        g = self._game
        return (g.figures, g.boxes, g.capacity, g.open_areas, g.valued, self.valuations_left, g.bag, g.played, g.active,
                g.score)

    def hero_areas(self) -> list[str]:
        return list(self._game.hero_areas())

    def progress_sums(self) -> list[int]:
        return list(self._game.progress_sums())

    def neighbours(self, area: str) -> list[str]:
        return list(self._game.neighbours(area))

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own hero cards."""
        return tuple(self._game.hands[self.seat])

    def label(self, action: Any) -> Msg | str:
        """An action in words, naming areas, heroes, tiles and wonders."""
        return action_words(self._game, action)


def action_words(g: Any, action: Any) -> Msg | str:
    """``action`` in words, naming areas, heroes, tiles and wonders ("place Europe", "end turn")."""
    target, kind = action.target, action.kind
    for table in (g.board.spaces, g.content.heroes, g.content.progress, g.content.wonders):
        if target in table:
            named = _NAMED.get(kind)
            name = table[target].name
            return named(name) if named else f"{kind.replace('_', ' ')} {name}"
    if not target and kind in _BARE:
        return _BARE[kind]()
    if kind in ("defender", "seat") and target.isdigit() and int(target) < len(g.players):
        who = g.players[int(target)]
        return _("attack {player}", player=who) if kind == "defender" else _("choose {player}", player=who)
    if target and kind in _VALUED:
        return _VALUED[kind](target)
    return action.text().replace("_", " ")
