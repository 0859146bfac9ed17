"""The table host: plays the bots' seats of every table, whether or not any page is open.

One loop over the store: for each playing table, catch up from the log; when a
seat given to a bot is to decide, the bot chooses from the game as it stands and
the move goes through :meth:`LiveGame.move` like a person's (the same checks, the
same atomic append). A host that is stopped and started again reads everything
back from the store and goes on; a move it was making when it stopped either
landed whole or not at all.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any

from hotw.bots import make_bot
from hotw.classroom.store import GameStore, StaleMoveError
from hotw.classroom.table import LiveGame
from hotw.errors import HotwError

__all__ = ["TableHost"]

log = logging.getLogger(__name__)


class TableHost:
    """Plays every bot seat of every table in ``store``; ``delay`` seconds between a table's moves (0: at once)."""

    def __init__(self, store: GameStore, delay: float = 0.6, poll: float = 0.2) -> None:
        self.store = store
        self.delay = delay
        self.poll = poll
        self.live: dict[str, LiveGame] = {}
        self._bots: dict[tuple[str, int, str], Any] = {}
        self._seats: dict[str, tuple[int, dict[int, str]]] = {}
        self._last_move: dict[str, float] = {}
        self.moves = 0
        self.failures: list[str] = []

    def _bot_seats(self, live: LiveGame) -> dict[int, str]:
        """Seat -> bot spec at this table (read again only when the table's seats change)."""
        cached = self._seats.get(live.table_id)
        if cached is None or cached[0] != live.revision:
            bots = {s.seat: s.bot for s in self.store.seats(live.table_id) if s.kind == "bot"}
            cached = (live.revision, bots)
            self._seats[live.table_id] = cached
        return cached[1]

    def _bot(self, live: LiveGame, seat: int, spec: str) -> Any:
        key = (live.table_id, seat, spec)
        if key not in self._bots:
            self._bots[key] = make_bot(spec, f"{live.record.seed}:{seat}", live.record.ruleset)
        return self._bots[key]

    def step(self) -> int:
        """One pass over the tables: at most one bot move per table; the number of moves made."""
        moved = 0
        now = time.monotonic()
        for record in self.store.tables():
            if record.state != "playing":
                continue
            live = self.live.get(record.table_id)
            if live is None:
                live = self.live[record.table_id] = LiveGame(self.store, record.table_id)
            before = live.length
            live.catch_up()
            if live.length != before:
                self._last_move[record.table_id] = now
            game = live.game
            if game.is_over or live.state != "playing":
                continue
            seat = game.decision.player
            spec = self._bot_seats(live).get(seat)
            # a table whose bots never moved: at once
            if spec is None or now - self._last_move.get(record.table_id, -math.inf) < self.delay:
                continue
            try:
                action = self._bot(live, seat, spec).choose(game)
                live.move(seat, action)
            except StaleMoveError:
                continue  # the table moved on or was paused meanwhile: look again next pass
            except HotwError as err:  # a bot's illegal choice: recorded, the table waits for the teacher
                self.failures.append(f"{record.table_id} seat {seat}: {err}")
                log.error("bot at %s seat %s: %s", record.table_id, seat, err)
                continue
            self._last_move[record.table_id] = time.monotonic()
            moved += 1
        self.moves += moved
        return moved

    def run(self, stop: threading.Event) -> None:
        """Play until ``stop`` is set (waiting ``poll`` seconds when no bot had a move)."""
        while not stop.is_set():
            try:
                moved = self.step()
            except Exception:  # noqa: BLE001 - a host keeps the class running; the error goes to the log
                log.exception("the table host's pass failed")
                moved = 0
            if not moved:
                stop.wait(self.poll)

    def start(self) -> tuple[threading.Thread, threading.Event]:
        """Run in a background thread; set the returned event to stop it."""
        stop = threading.Event()
        thread = threading.Thread(target=self.run, args=(stop,), name="hotw-table-host", daemon=True)
        thread.start()
        return thread, stop
