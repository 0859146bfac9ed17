"""Rule situations as positions: a game stopped at the start of a chosen empire's turn.

Used by the rule tests and the walkthrough demos, so both show the rules the
engine plays. A situation is set up the way a teacher sets up a table in the
lesson builder: as the 2018 ``position`` rule option (see
:mod:`hotw.rulesets.hotw2018.position`), checked by the engine, kept by save,
load and undo. Nothing here writes a game's state; the land-choosing helpers
read the board only.

>>> g = turn_of("Egyptians", armies={"palestine": 1}, forts=["palestine"])
>>> g.decision.step, g.owner["palestine"], sorted(g.forts)
('invade', 1, ['palestine'])
>>> free_land_next_to("nile_delta", taken={"nile_delta"}, want=lambda s: s.terrain == "clear")
'libya'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import hotw
from hotw.actions import Action
from hotw.board import Board, Space, load_board
from hotw.rulesets.hotw2018 import Hotw2018Game
from hotw.rulesets.hotw2018.cards import Content

__all__ = ["act", "card_id", "first_land", "free_land_next_to", "free_lands", "land_neighbours", "new", "next_empires",
           "position", "roll", "turn_of"]


@lru_cache(maxsize=1)
def _world() -> tuple[Board, Content]:
    from hotw.rulesets.hotw2018.draft import content_for

    board = load_board()
    return board, content_for(board)


def card_id(name: str) -> str:
    """The id of the empire or event card called ``name`` (an id is returned as it is)."""
    content = _world()[1]
    if name in content.empires or name in content.events:
        return name
    for table in (content.empires, content.events):
        for cid, c in table.items():
            if c.name == name:
                return cid
    raise ValueError(f"no card called {name!r}")


def next_empires(empire: str, count: int = 2) -> list[str]:
    """The ids of up to ``count`` empires called after ``empire`` in its epoch (the printed cards)."""
    content = _world()[1]
    card = content.empires[card_id(empire)]
    return [c.id for c in content.empires_of_epoch(card.epoch) if c.order > card.order][:count]


def position(
    empire: str,
    *,
    n_players: int = 3,
    event: str | None = None,
    armies: Mapping[str, int] | None = None,
    active: Iterable[str] = (),
    structures: Mapping[str, str] | None = None,
    forts: Iterable[str] = (),
    monuments: Iterable[str] = (),
    hands: Mapping[int | str, Sequence[str]] | None = None,
    scores: Sequence[int] | None = None,
    later: Sequence[str | tuple[str, int] | list[Any]] = (),
) -> dict[str, Any]:
    """The ``position`` option of a game where seat 0 plays ``empire`` (its name or id) first.

    ``armies`` are resigned armies on the board (land -> seat); ``active`` lands the
    empire has already taken from its card this turn; ``structures`` land -> capitol
    or city; ``hands`` seat -> event cards (``event`` is added to seat 0's hand);
    ``scores`` one score-track space per seat (``n_players`` of them); ``later`` the
    empires still to play this epoch, each a name (seats 1, 2, ... in turn) or an
    (empire, seat) pair. Names may be card names or ids.
    """
    content = _world()[1]
    first = card_id(empire)
    pos: dict[str, Any] = {"epoch": content.empires[first].epoch, "turn": [first, 0]}
    if later:
        pairs = []
        for i, item in enumerate(later, start=1):
            name, seat = (item, i) if isinstance(item, str) else (item[0], int(item[1]))
            pairs.append([card_id(name), seat])
        pos["later"] = pairs
    if scores is not None:
        if len(scores) != n_players:
            raise ValueError(f"{len(scores)} scores for {n_players} players")
        pos["scores"] = list(scores)
    if armies:
        pos["armies"] = dict(armies)
    for key, lands in (("active", active), ("forts", forts), ("monuments", monuments)):
        lands = list(lands)
        if lands:
            pos[key] = lands
    if structures:
        pos["structures"] = dict(structures)
    held: dict[str, list[str]] = {str(seat): [card_id(c) for c in cards] for seat, cards in (hands or {}).items()}
    if event is not None:
        held.setdefault("0", []).append(card_id(event))
    if held:
        pos["hands"] = held
    return pos


def turn_of(
    empire: str,
    *,
    n_players: int = 3,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    auto_chance: bool = False,
    **laid_out: Any,
) -> Hotw2018Game:
    """A game where seat 0 plays ``empire`` first, stopped at its first decision (chance under the caller's control).

    ``laid_out`` are the fields of :func:`position` (``event``, ``armies``, ``active``,
    ``structures``, ``forts``, ``monuments``, ``hands``, ``scores``, ``later``);
    ``options`` other rule options (e.g. ``{"tie_rule": "defender_holds"}`` or card
    changes as ``{"content_changes": {...}}``). Players are ``P0``, ``P1``, ...
    """
    pos = position(empire, n_players=n_players, **laid_out)
    game = hotw.new_game("hotw2018", [f"P{i}" for i in range(n_players)], seed, auto_chance=auto_chance,
                         options={**dict(options or {}), "position": pos})
    assert isinstance(game, Hotw2018Game)
    return game


def new(n_players: int = 3, seed: int = 0) -> Hotw2018Game:
    """A game before its first card draw with chance under the caller's control, P0 on space 1, P1 on 2, ..."""
    game = hotw.new_game("hotw2018", [f"P{i}" for i in range(n_players)], seed, auto_chance=False)
    assert isinstance(game, Hotw2018Game)
    for p in range(n_players):
        game.apply(Action("draw", str(p)))
    return game


# -- choosing lands: the board only, never a game ----------------------------------------------


def land_neighbours(target: str, board: Board | None = None) -> list[str]:
    """The lands (not water, not barren) next to ``target``, sorted by id."""
    board = board or _world()[0]
    return sorted(t for t in board.neighbours(target) if board.spaces[t].kind == "land")


def free_land_next_to(target: str, taken: Collection[str] = (), *, want: Callable[[Space], bool] | None = None,
                      board: Board | None = None) -> str:
    """The first land (by id) next to ``target``, not in ``taken``, whose Space satisfies ``want``."""
    board = board or _world()[0]
    for land in land_neighbours(target, board):
        if land not in taken and (want is None or want(board.spaces[land])):
            return land
    raise ValueError(f"no free land next to {target}")


def free_lands(count: int, want: Callable[[Space], bool] | None = None, taken: Collection[str] = (),
               board: Board | None = None) -> list[str]:
    """The first ``count`` lands (by id) not in ``taken`` whose Space satisfies ``want``."""
    board = board or _world()[0]
    found = [t for t in sorted(board.lands()) if t not in taken and (want is None or want(board.spaces[t]))]
    if len(found) < count:
        raise ValueError(f"only {len(found)} lands fit, not {count}")
    return found[:count]


def first_land(want: Callable[[Space], bool], taken: Collection[str] = (), board: Board | None = None) -> str:
    """The first land (by id) not in ``taken`` whose Space satisfies ``want``."""
    return free_lands(1, want, taken, board)[0]


# -- playing ------------------------------------------------------------------------------------


def roll(game: hotw.Game, *dice: int) -> None:
    """Apply dice outcomes in order (invader dice first, then defender, then any reroll)."""
    for d in dice:
        game.apply(Action("roll", str(d)))


def act(game: hotw.Game, text: str) -> None:
    """Apply an action given as text, e.g. ``invade:nile_delta``."""
    game.apply(Action.parse(text))
