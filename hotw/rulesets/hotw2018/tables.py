"""The 2018 game's tables: the board's, made once per board, and what a game's table reads (the scores, the
winner, a seat's armies, the key of the position).

:class:`TableReads` is a mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game` (see ``draft.py``):
read-only views for the UI and tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hotw.board import Board, load_board
from hotw.scoring import regions_of

if TYPE_CHECKING:
    from hotw.rulesets import Ruleset

__all__ = ["ROUGH", "TableReads", "board_for", "board_tables"]


_BOARDS: dict[str, Board] = {}

ROUGH = ("mountain", "forest")
"""The terrains that give the defender +1."""


def board_for(ruleset: Ruleset) -> Board:
    """The ruleset's board: a board named by the ruleset is looked up once (a file's path is resolved each time)."""
    name = ruleset.board
    if name.endswith(".geojson"):
        return load_board(ruleset.board_path())
    board = _BOARDS.get(name)
    if board is None:
        board = _BOARDS[name] = load_board(ruleset.board_path())
    return board


_TABLES: dict[int, tuple[Board, tuple[Any, ...]]] = {}


def board_tables(board: Board) -> tuple[Any, ...]:
    """(region -> its lands, region -> its name, land -> its resource icons, land -> the regions listing it, the
    lands of rough terrain (mountain, forest: the defender's +1)), once per board: every game of a simulation
    shares them, and none writes them."""
    hit = _TABLES.get(id(board))
    if hit is None or hit[0] is not board:
        region_lands = {r: tuple(reg.lands) for r, reg in board.regions.items()}
        hit = _TABLES[id(board)] = (board, (
            region_lands, {r: reg.name for r, reg in board.regions.items()},
            {land: space.resources for land, space in board.spaces.items()}, regions_of(region_lands),
            frozenset(land for land, space in board.spaces.items() if space.terrain in ROUGH)))
    return hit[1]


class TableReads:
    """Read-only views of a 2018 game for the UI and tests."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    @property
    def scores(self) -> dict[str, int]:
        """Points on the score track, by player name."""
        return {self.players[p]: self.score[p] for p in range(self.n)}

    @property
    def winner(self) -> str | None:
        """The player with most points once the game is over (the track has no ties)."""
        if not self.is_over:
            return None
        return self.players[max(range(self.n), key=lambda p: self.score[p])]

    def army_count(self, p: int) -> int:
        """All armies of player ``p``: supply, card, board and catapult (always 25)."""
        on_board = sum(1 for o in self.owner.values() if o == p)
        a, b = self.actor, self.battle
        card = a.armies if a is not None and a.player == p else 0
        cat = 0
        if b is not None and a is not None and a.player == p:
            cat = b.catapult + 1  # the invading army waits in the contested territory
        return self.supply[p] + on_board + card + cat

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for comparing two games."""
        a = self.actor
        return (
            self.phase, self.epoch, tuple(self.score), tuple(self.supply), tuple(sorted(self.owner.items())),
            tuple(sorted(self.tokens.items())), tuple(sorted(self.monuments)), tuple(sorted(self.forts)),
            tuple(tuple(h) for h in self.hands), tuple(self.empire_of), tuple(self.call_order), self.turn,
            None if a is None else (a.card, a.armies, a.tokens, a.free_forts, tuple(sorted(a.active)),
                                    tuple(a.to_establish), tuple(sorted(a.missed_starts)),
                                    tuple(map(str, a.effects))),
            None if self.battle is None else (self.battle.target, self.battle.round, self.battle.catapult,
                                              tuple(self.battle.inv), tuple(self.battle.dfn)),
            self.tie, tuple(sorted(self.region_values.items())), self._draws,
        )
