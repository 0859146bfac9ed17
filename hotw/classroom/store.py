"""The game store of a class: every table's action history as an append-only log, its seats and its state.

The action history is the game (``hotw/game.py``), so a table is stored as the
facts of its game (ruleset, players, seed, options) and the list of its actions,
chance outcomes included. ``append`` adds actions only if the history is still
exactly ``expected`` long, in one transaction: of two seats clicking at once, or one
click sent twice, exactly one lands and the other gets :class:`StaleMoveError`,
with the store unchanged. Every page and the bot host catch up from the log, so a
reloaded page, a restarted kernel or a restarted host resumes exactly.

:class:`GameStore` is the interface; ``hotw.classroom.sqlite`` (one file, the
default) and ``hotw.classroom.postgres`` (a school's server) implement it.
"""

from __future__ import annotations

import json
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from hotw.errors import StaleMoveError, StoreError
from hotw.i18n import Domain

_ = Domain("hotw")

__all__ = ["GameStore", "Seat", "StaleMoveError", "StoreError", "TableRecord", "TableStatus",
           "SEAT_KINDS", "TABLE_STATES", "new_secret"]

#: who plays a seat: a person with the seat's secret, the computer, or nobody yet
SEAT_KINDS = ("open", "human", "bot")
#: a table's state: moves are taken only while it is "playing"
TABLE_STATES = ("playing", "paused", "ended")


def new_secret() -> str:
    """A seat's secret: 10 characters a teacher can read out or put in a link."""
    return secrets.token_urlsafe(8)[:10]


@dataclass(frozen=True)
class TableRecord:
    """One table: its id and name, the facts of its game, and whether it is playing, paused or ended."""

    table_id: str
    name: str
    ruleset: str
    players: tuple[str, ...]
    seed: int | str
    options: dict[str, Any]
    state: str
    length: int


@dataclass(frozen=True)
class TableStatus:
    """What a page polls: the history's length, the table's state and a counter of seat changes."""

    length: int
    state: str
    revision: int


@dataclass(frozen=True)
class Seat:
    """One seat at a table: the player's name, who plays it, its secret and the bot's spec (for a bot)."""

    table_id: str
    seat: int
    name: str
    kind: str
    secret: str
    bot: str


def encode_options(options: dict[str, Any]) -> str:
    """Rule options as JSON text (tuples become lists; ``Game`` checks them again when it is built)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


class GameStore(ABC):
    """Tables, seats and action logs of a class, shared by every page and the bot host."""

    # -- tables ------------------------------------------------------------------------------
    @abstractmethod
    def create_table(self, name: str, ruleset: str, players: list[str], seed: int | str,
                     options: dict[str, Any], first: list[str], teacher: str = "") -> str:
        """Store a new table whose history starts with ``first`` (the chance steps of the set-up); its id.

        Every seat starts open with a fresh secret.
        """

    @abstractmethod
    def tables(self) -> list[TableRecord]:
        """Every table, oldest first."""

    @abstractmethod
    def table(self, table_id: str) -> TableRecord:
        """One table (StoreError if there is none)."""

    @abstractmethod
    def status(self, table_id: str) -> TableStatus:
        """Length of the history, state, revision: one cheap read for a page's poll."""

    @abstractmethod
    def set_state(self, table_id: str, state: str) -> None:
        """Pause, play on or end a table (one of :data:`TABLE_STATES`)."""

    # -- the log -----------------------------------------------------------------------------
    @abstractmethod
    def actions(self, table_id: str, since: int = 0) -> list[str]:
        """The action texts of the history from number ``since`` on."""

    @abstractmethod
    def append(self, table_id: str, expected: int, actions: list[str], seat: int = -1) -> int:
        """Add ``actions`` if the history is still ``expected`` long and the table is playing; the new length.

        Atomic: otherwise StaleMoveError and the store is unchanged.
        """

    # -- seats -------------------------------------------------------------------------------
    @abstractmethod
    def seats(self, table_id: str) -> list[Seat]:
        """The seats of a table in order."""

    @abstractmethod
    def set_seat(self, table_id: str, seat: int, kind: str, bot: str = "") -> Seat:
        """Give a seat to a person (a new secret: the old link stops working), a bot, or nobody."""

    @abstractmethod
    def seat_by_secret(self, secret: str) -> Seat | None:
        """The seat a secret opens (None for an unknown or replaced secret)."""

    @abstractmethod
    def teacher_key(self) -> str:
        """The class's teacher secret (made once, kept in the store)."""

    def close(self) -> None:
        """Release the connection."""

    # -- shared checks -----------------------------------------------------------------------
    @staticmethod
    def _check_state(state: str) -> None:
        if state not in TABLE_STATES:
            raise StoreError(f"a table is {', '.join(TABLE_STATES)}, not {state!r}")

    @staticmethod
    def _check_kind(kind: str, bot: str) -> None:
        if kind not in SEAT_KINDS:
            raise StoreError(f"a seat is {', '.join(SEAT_KINDS)}, not {kind!r}")
        if (kind == "bot") != bool(bot):
            raise StoreError("a bot seat needs the bot's name, and only a bot seat has one")

    @staticmethod
    def stale_error(status: TableStatus | None, expected: int) -> StaleMoveError:
        """The refusal of a move sent from a screen showing ``expected`` moves, given the table as it is."""
        if status is None:
            return StaleMoveError(_("This table no longer exists."))
        if status.state == "paused":
            return StaleMoveError(_("The teacher has paused this table: wait until it plays on."))
        if status.state == "ended":
            return StaleMoveError(_("The teacher has ended this game: no more moves can be made."))
        return StaleMoveError(_("The game moved on before your move arrived (it has {moves} moves, your screen showed "
                                "{shown}): look again and choose anew.", moves=status.length, shown=expected))


def record_of(row: tuple[Any, ...]) -> TableRecord:
    """A TableRecord from a row (id, name, ruleset, players, seed, options, state, length)."""
    tid, name, ruleset, players, seed, options, state, length = row
    return TableRecord(tid, name, ruleset, tuple(json.loads(players)), json.loads(seed), json.loads(options),
                       state, int(length))
