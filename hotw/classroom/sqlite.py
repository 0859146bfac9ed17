"""The game store in one SQLite file (the standard library's ``sqlite3``; nothing to install).

Every page's kernel and the bot host open the same file. WAL mode lets readers
poll while a move is written; ``BEGIN IMMEDIATE`` takes the write lock before the
length is checked, and the length is checked inside the UPDATE itself, so "append
if the history is still N long" is one atomic step whatever the other processes
do. ``synchronous=FULL``: a move is on disk before the click is answered, so a
killed kernel, host or machine loses no move that was answered.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from hotw.classroom.store import (
    GameStore,
    Seat,
    StoreError,
    TableRecord,
    TableStatus,
    encode_options,
    new_secret,
    record_of,
)

__all__ = ["SQLiteStore"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, ruleset TEXT NOT NULL, players TEXT NOT NULL,
    seed TEXT NOT NULL, options TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'playing',
    length INTEGER NOT NULL, revision INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, action TEXT NOT NULL,
    seat INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL, secret TEXT NOT NULL UNIQUE, bot TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_TABLE_COLUMNS = "id, name, ruleset, players, seed, options, state, length"


class SQLiteStore(GameStore):
    """A :class:`GameStore` in the SQLite file ``path`` (created with its tables if new)."""

    def __init__(self, path: str | os.PathLike[str], timeout: float = 10.0) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    # -- helpers -----------------------------------------------------------------------------
    def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        with self._lock:
            return self._db.execute(sql, args).fetchone()

    def _write(self, fn: Any) -> Any:
        """Run ``fn(cursor)`` in one write transaction (the write lock taken first)."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                out = fn(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return out

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, name: str, ruleset: str, players: list[str], seed: int | str,
                     options: dict[str, Any], first: list[str], teacher: str = "") -> str:
        def write(db: sqlite3.Connection) -> str:
            count = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
            tid = f"t{count + 1}"
            now = time.time()
            db.execute(f"INSERT INTO tables ({_TABLE_COLUMNS}, created) VALUES (?,?,?,?,?,?,?,?,?)",
                       (tid, name, ruleset, json.dumps(list(players)), json.dumps(seed), encode_options(options),
                        "playing", len(first), now))
            db.executemany("INSERT INTO actions VALUES (?,?,?,?,?)",
                           [(tid, i, a, -1, now) for i, a in enumerate(first)])
            db.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?)",
                           [(tid, s, p, "open", new_secret(), "") for s, p in enumerate(players)])
            return tid

        return self._write(write)

    def tables(self) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables ORDER BY created, id").fetchall()
        return [record_of(r) for r in rows]

    def table(self, table_id: str) -> TableRecord:
        row = self._one(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))
        if row is None:
            raise StoreError(f"there is no table {table_id!r}")
        return record_of(row)

    def status(self, table_id: str) -> TableStatus:
        row = self._one("SELECT length, state, revision FROM tables WHERE id=?", (table_id,))
        if row is None:
            raise StoreError(f"there is no table {table_id!r}")
        return TableStatus(*row)

    def set_state(self, table_id: str, state: str) -> None:
        self._check_state(state)

        def write(db: sqlite3.Connection) -> None:
            if db.execute("UPDATE tables SET state=?, revision=revision+1 WHERE id=?",
                          (state, table_id)).rowcount != 1:
                raise StoreError(f"there is no table {table_id!r}")

        self._write(write)

    # -- the log -----------------------------------------------------------------------------
    def actions(self, table_id: str, since: int = 0) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT action FROM actions WHERE table_id=? AND n>=? ORDER BY n",
                                    (table_id, since)).fetchall()
        return [r[0] for r in rows]

    def append(self, table_id: str, expected: int, actions: list[str], seat: int = -1) -> int:
        if not actions:
            raise StoreError("nothing to append")

        def write(db: sqlite3.Connection) -> int:
            # The check and the change are one UPDATE, inside the write lock taken by BEGIN IMMEDIATE.
            done = db.execute("UPDATE tables SET length=length+? WHERE id=? AND length=? AND state='playing'",
                              (len(actions), table_id, expected)).rowcount
            if done != 1:
                row = db.execute("SELECT length, state, revision FROM tables WHERE id=?", (table_id,)).fetchone()
                raise self.stale_error(TableStatus(*row) if row else None, expected)
            now = time.time()
            db.executemany("INSERT INTO actions VALUES (?,?,?,?,?)",
                           [(table_id, expected + i, a, seat, now) for i, a in enumerate(actions)])
            return expected + len(actions)

        return self._write(write)

    # -- seats -------------------------------------------------------------------------------
    def seats(self, table_id: str) -> list[Seat]:
        with self._lock:
            rows = self._db.execute("SELECT table_id, seat, name, kind, secret, bot FROM seats WHERE table_id=? "
                                    "ORDER BY seat", (table_id,)).fetchall()
        return [Seat(*r) for r in rows]

    def set_seat(self, table_id: str, seat: int, kind: str, bot: str = "") -> Seat:
        self._check_kind(kind, bot)
        secret = new_secret()

        def write(db: sqlite3.Connection) -> Seat:
            if db.execute("UPDATE seats SET kind=?, bot=?, secret=? WHERE table_id=? AND seat=?",
                          (kind, bot, secret, table_id, seat)).rowcount != 1:
                raise StoreError(f"there is no seat {seat} at table {table_id!r}")
            db.execute("UPDATE tables SET revision=revision+1 WHERE id=?", (table_id,))
            return Seat(*db.execute("SELECT table_id, seat, name, kind, secret, bot FROM seats "
                                    "WHERE table_id=? AND seat=?", (table_id, seat)).fetchone())

        return self._write(write)

    def seat_by_secret(self, secret: str) -> Seat | None:
        row = self._one("SELECT table_id, seat, name, kind, secret, bot FROM seats WHERE secret=?", (secret,))
        return Seat(*row) if row else None

    def teacher_key(self) -> str:
        def write(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM settings WHERE key='teacher'").fetchone()
            if row:
                return str(row[0])
            key = new_secret()
            db.execute("INSERT INTO settings VALUES ('teacher', ?)", (key,))
            return key

        return self._write(write)

    def close(self) -> None:
        with self._lock:
            self._db.close()
