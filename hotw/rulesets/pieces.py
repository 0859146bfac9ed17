"""Pieces of a History of the World turn shared by its rulesets: the acting empire,
battles, and the per-board tables that say where armies, fleets and caravans reach.

The tables are built once per board (``targets()`` runs at every invade decision).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from hotw.board import Board
from hotw.combat import BattleSetup
from hotw.content import Effect


@dataclass
class Actor:
    """The empire or kingdom whose turn it is, with what is on its card."""

    card: str
    name: str
    player: int
    kingdom: bool
    capitol: bool
    starts: tuple[str, ...]
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]
    armies: int = 0
    tokens: int = 0
    free_forts: int = 0
    effects: list[dict[str, Any]] = field(default_factory=list)
    active: set[str] = field(default_factory=set)
    to_establish: list[str] = field(default_factory=list)
    missed_starts: set[str] = field(default_factory=set)
    played: list[str] = field(default_factory=list)
    #: what ``effects`` does to the dice, read by _setup_for while ``effects`` stays the same list at
    #: the same length (the engine only appends to it, when an event is played)
    _dice_effects: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def marauder(self) -> bool:
        """An empire card with the torch icon: no capitol, a point per structure reduced."""
        return not self.kingdom and not self.capitol

    def total(self, kind: str, param: str) -> int:
        """Sum of one parameter over the effects of ``kind`` in force."""
        return sum(int(e.get(param, 0)) for e in self.effects if e["kind"] == kind)

    def has(self, kind: str) -> bool:
        """True if an effect of ``kind`` is in force."""
        return any(e["kind"] == kind for e in self.effects)


_PRINTED_DICE = BattleSetup()


@dataclass(frozen=True)
class BattleRecord:
    """A battle that has been decided: where, who, the dice and the result (for the UI and the log)."""

    epoch: int
    invader: int
    empire: str
    target: str
    defender: int
    round: int
    invader_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    rerolled_from: tuple[int, ...] | None
    setup: BattleSetup
    result: str


@dataclass
class Battle:
    """A battle (and the siege that may follow it) for one territory."""

    target: str
    defender: int
    naval: bool
    establishing: bool
    round: int = 0
    catapult: int = 0
    setup: BattleSetup = _PRINTED_DICE  # replaced by the setup of this battle when it starts
    inv: list[int] = field(default_factory=list)
    dfn: list[int] = field(default_factory=list)
    reroll: int | None = None
    lost: bool = False



_NEIGHBOURS: dict[int, tuple[Board, dict[str, tuple[str, ...]]]] = {}


def land_neighbours(board: Board) -> dict[str, tuple[str, ...]]:
    """Land -> the lands one step away (borders and straits), computed once per board.

    ``targets()`` runs for every invade decision; going through ``Board.neighbours``
    (which resolves names) there was the engine's hottest path.
    """
    hit = _NEIGHBOURS.get(id(board))
    if hit is None or hit[0] is not board:
        spaces = board.spaces
        table = {
            s.id: tuple(sorted(n for n in s.adjacent | s.straits if spaces[n].kind == "land"))
            for s in spaces.values()
        }
        hit = _NEIGHBOURS[id(board)] = (board, table)
    return hit[1]


_MARKER_LANDS: dict[int, tuple[Board, dict[str, tuple[str, ...]]]] = {}


def marker_lands(board: Board) -> dict[str, tuple[str, ...]]:
    """Space -> the lands a fleet or caravan on it touches (borders, straits, coasts), once per board."""
    hit = _MARKER_LANDS.get(id(board))
    if hit is None or hit[0] is not board:
        spaces = board.spaces
        table = {}
        for s in spaces.values():
            touch = s.adjacent | s.straits | s.waters | s.coasts
            table[s.id] = tuple(t for t in touch if spaces[t].kind == "land")
        hit = _MARKER_LANDS[id(board)] = (board, table)
    return hit[1]


_TOUCHING: dict[int, tuple[Board, dict[str, frozenset[str]]]] = {}


def touching(board: Board) -> dict[str, frozenset[str]]:
    """Space -> the spaces touching it for fleets and caravans (borders, straits, waters, coasts), once per board."""
    hit = _TOUCHING.get(id(board))
    if hit is None or hit[0] is not board:
        table = {
            s.id: frozenset(s.adjacent) | frozenset(s.straits) | frozenset(s.waters)
            | frozenset(getattr(s, "coasts", ()) or ())
            for s in board.spaces.values()
        }
        hit = _TOUCHING[id(board)] = (board, table)
    return hit[1]


def marker_reach(touch: dict[str, frozenset[str]], markers: set[str], active: set[str]) -> set[str]:
    """The fleets or caravans linked to an active army, directly or through one another."""
    reach = {m for m in markers if not touch[m].isdisjoint(active)}
    todo = list(reach)
    while todo:
        m = todo.pop()
        for other in markers - reach:
            if other in touch[m]:
                reach.add(other)
                todo.append(other)
    return reach


def effect_dict(e: Any) -> dict[str, Any]:
    """An effect record as a plain dict with ``kind`` and its parameters."""
    if isinstance(e, dict):
        return dict(e)
    params = getattr(e, "params", None)
    if params is not None:
        return {"kind": e.kind, **dict(params)}
    # Card effects are frozen values: convert each once (dataclasses.asdict is slow), copy the result.
    hit = _EFFECT_DICTS.get(e) if isinstance(e, Effect) else None
    if hit is None:
        fields = dataclasses.asdict(e) if dataclasses.is_dataclass(e) else vars(e)
        hit = {k: v for k, v in fields.items() if v is not None}
        if isinstance(e, Effect):
            _EFFECT_DICTS[e] = hit
    return dict(hit)


_EFFECT_DICTS: dict[Effect, dict[str, Any]] = {}


