"""Where pieces reach on a board: neighbouring lands, and what markers on water or barren land (fleets and the like) touch.

The tables are built once per board (a ruleset asks them at every invade decision)
and shared by every ruleset that moves armies over land and across markers.
"""

from __future__ import annotations

from hotw.board import Board

__all__ = ["land_neighbours", "marker_lands", "marker_reach", "touching"]


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
    """Space -> the lands a marker on it touches (borders, straits, coasts), once per board."""
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
    """Space -> the spaces touching it for markers (borders, straits, waters, coasts), once per board."""
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
    """The markers linked to an active army, directly or through one another."""
    reach = set()  # a loop, not a set comprehension: a marker or three, and a comprehension is a call (Python 3.11)
    for m in markers:
        if not touch[m].isdisjoint(active):
            reach.add(m)
    todo = list(reach)
    while todo:
        m = todo.pop()
        for other in markers - reach:
            if other in touch[m]:
                reach.add(other)
                todo.append(other)
    return reach
