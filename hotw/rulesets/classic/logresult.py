"""What a replayed game log gives: the game, each line not played as logged (:class:`Note`) and each turn's score
against the log's (:class:`TurnCheck`), as :class:`Replay` (made by :mod:`~hotw.rulesets.classic.logreplay`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hotw.rulesets.classic.logparse import LogGame

__all__ = ["Note", "Replay", "ReplayStuck", "TurnCheck"]


@dataclass(frozen=True)
class Note:
    """A log line the engine could not play as logged, and why."""

    line: int
    text: str
    why: str


@dataclass(frozen=True)
class TurnCheck:
    """One turn's score in the engine and in the log."""

    line: int
    epoch: int
    player: int
    empire: str
    points: int
    total: int
    log_points: int
    log_total: int

    @property
    def matches(self) -> bool:
        """True if the turn's points and the running total are the log's."""
        return self.points == self.log_points and self.total == self.log_total


@dataclass
class Replay:
    """A replayed log: the game, what could not be played as logged, and each turn's score check."""

    game: Any
    log: LogGame
    notes: list[Note] = field(default_factory=list)
    checks: list[TurnCheck] = field(default_factory=list)

    @property
    def share_matching(self) -> float:
        """The share of turns whose points and total are the log's."""
        return sum(c.matches for c in self.checks) / max(1, len(self.checks))


class ReplayStuck(Exception):
    """The engine cannot go on with the log at ``line`` (a GameLogError naming the line, for a user)."""

    def __init__(self, line: int, why: Any) -> None:
        super().__init__(line, why)
        self.line, self.why = line, why
