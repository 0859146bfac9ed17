"""The game store on a PostgreSQL server (psycopg 3), for a school that hosts many classes on one server.

The same tables as the SQLite store, in a schema of their own per class
(``schema``), so many classes share one database. "Append if the history is still
N long" is one UPDATE whose WHERE checks the length: PostgreSQL locks the table's
row, and a second writer waiting on that lock sees the new length when it gets
it, changes nothing and is refused.
"""

from __future__ import annotations

import json
import re
import threading
import time
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

__all__ = ["PostgresStore"]

_TABLE_COLUMNS = "id, name, ruleset, players, seed, options, state, length"
_SCHEMA = """
CREATE SCHEMA IF NOT EXISTS {s};
CREATE SEQUENCE IF NOT EXISTS {s}.table_numbers;
CREATE TABLE IF NOT EXISTS {s}.tables (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, ruleset TEXT NOT NULL, players TEXT NOT NULL,
    seed TEXT NOT NULL, options TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'playing',
    length INTEGER NOT NULL, revision INTEGER NOT NULL DEFAULT 0, created DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS {s}.actions (
    table_id TEXT NOT NULL REFERENCES {s}.tables(id), n INTEGER NOT NULL, action TEXT NOT NULL,
    seat INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS {s}.seats (
    table_id TEXT NOT NULL REFERENCES {s}.tables(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL, secret TEXT NOT NULL UNIQUE, bot TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS {s}.settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class PostgresStore(GameStore):
    """A :class:`GameStore` on the PostgreSQL server of ``dsn`` ("host=... dbname=..."), in schema ``schema``."""

    def __init__(self, dsn: str, schema: str = "hotw_class") -> None:
        import psycopg

        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,40}", schema):
            raise StoreError(f"a schema name is lower-case letters, digits and _, not {schema!r}")
        self.schema = schema
        self._lock = threading.Lock()
        self._db = psycopg.connect(dsn, autocommit=True)
        with self._lock, self._db.transaction():
            # Two processes opening a new class at once: the advisory lock lets one create the tables.
            self._db.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (schema,))
            for statement in _SCHEMA.format(s=schema).split(";"):
                if statement.strip():
                    self._db.execute(statement)

    def __repr__(self) -> str:
        return f"PostgresStore(schema={self.schema!r})"

    def _t(self, name: str) -> str:
        return f"{self.schema}.{name}"

    def _read(self, sql: str, args: tuple[Any, ...] = (), one: bool = False) -> Any:
        with self._lock:
            cur = self._db.execute(sql, args)
            return cur.fetchone() if one else cur.fetchall()

    def _write(self, fn: Any) -> Any:
        """Run ``fn(connection)`` in one transaction (rolled back if it raises)."""
        with self._lock, self._db.transaction():
            return fn(self._db)

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, name: str, ruleset: str, players: list[str], seed: int | str,
                     options: dict[str, Any], first: list[str], teacher: str = "") -> str:
        def write(db: Any) -> str:
            tid = f"t{db.execute('SELECT nextval(%s)', (self._t('table_numbers'),)).fetchone()[0]}"
            now = time.time()
            db.execute(f"INSERT INTO {self._t('tables')} ({_TABLE_COLUMNS}, created) "
                       "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                       (tid, name, ruleset, json.dumps(list(players)), json.dumps(seed), encode_options(options),
                        "playing", len(first), now))
            with db.cursor() as cur:
                cur.executemany(f"INSERT INTO {self._t('actions')} VALUES (%s,%s,%s,%s,%s)",
                                [(tid, i, a, -1, now) for i, a in enumerate(first)])
                cur.executemany(f"INSERT INTO {self._t('seats')} VALUES (%s,%s,%s,%s,%s,%s)",
                                [(tid, s, p, "open", new_secret(), "") for s, p in enumerate(players)])
            return tid

        return self._write(write)

    def tables(self) -> list[TableRecord]:
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM {self._t('tables')} ORDER BY created, id")
        return [record_of(r) for r in rows]

    def table(self, table_id: str) -> TableRecord:
        row = self._read(f"SELECT {_TABLE_COLUMNS} FROM {self._t('tables')} WHERE id=%s", (table_id,), one=True)
        if row is None:
            raise StoreError(f"there is no table {table_id!r}")
        return record_of(row)

    def status(self, table_id: str) -> TableStatus:
        row = self._read(f"SELECT length, state, revision FROM {self._t('tables')} WHERE id=%s", (table_id,),
                         one=True)
        if row is None:
            raise StoreError(f"there is no table {table_id!r}")
        return TableStatus(*row)

    def set_state(self, table_id: str, state: str) -> None:
        self._check_state(state)

        def write(db: Any) -> None:
            if db.execute(f"UPDATE {self._t('tables')} SET state=%s, revision=revision+1 WHERE id=%s",
                          (state, table_id)).rowcount != 1:
                raise StoreError(f"there is no table {table_id!r}")

        self._write(write)

    # -- the log -----------------------------------------------------------------------------
    def actions(self, table_id: str, since: int = 0) -> list[str]:
        rows = self._read(f"SELECT action FROM {self._t('actions')} WHERE table_id=%s AND n>=%s ORDER BY n",
                          (table_id, since))
        return [r[0] for r in rows]

    def append(self, table_id: str, expected: int, actions: list[str], seat: int = -1) -> int:
        if not actions:
            raise StoreError("nothing to append")

        def write(db: Any) -> int:
            done = db.execute(f"UPDATE {self._t('tables')} SET length=length+%s "
                              "WHERE id=%s AND length=%s AND state='playing'",
                              (len(actions), table_id, expected)).rowcount
            if done != 1:
                row = db.execute(f"SELECT length, state, revision FROM {self._t('tables')} WHERE id=%s",
                                 (table_id,)).fetchone()
                raise self.stale_error(TableStatus(*row) if row else None, expected)
            now = time.time()
            with db.cursor() as cur:
                cur.executemany(f"INSERT INTO {self._t('actions')} VALUES (%s,%s,%s,%s,%s)",
                                [(table_id, expected + i, a, seat, now) for i, a in enumerate(actions)])
            return expected + len(actions)

        return self._write(write)

    # -- seats -------------------------------------------------------------------------------
    def seats(self, table_id: str) -> list[Seat]:
        rows = self._read(f"SELECT table_id, seat, name, kind, secret, bot FROM {self._t('seats')} "
                          "WHERE table_id=%s ORDER BY seat", (table_id,))
        return [Seat(*r) for r in rows]

    def set_seat(self, table_id: str, seat: int, kind: str, bot: str = "") -> Seat:
        self._check_kind(kind, bot)
        secret = new_secret()

        def write(db: Any) -> Seat:
            if db.execute(f"UPDATE {self._t('seats')} SET kind=%s, bot=%s, secret=%s WHERE table_id=%s AND seat=%s",
                          (kind, bot, secret, table_id, seat)).rowcount != 1:
                raise StoreError(f"there is no seat {seat} at table {table_id!r}")
            db.execute(f"UPDATE {self._t('tables')} SET revision=revision+1 WHERE id=%s", (table_id,))
            return Seat(*db.execute(f"SELECT table_id, seat, name, kind, secret, bot FROM {self._t('seats')} "
                                    "WHERE table_id=%s AND seat=%s", (table_id, seat)).fetchone())

        return self._write(write)

    def seat_by_secret(self, secret: str) -> Seat | None:
        row = self._read(f"SELECT table_id, seat, name, kind, secret, bot FROM {self._t('seats')} WHERE secret=%s",
                         (secret,), one=True)
        return Seat(*row) if row else None

    def teacher_key(self) -> str:
        def write(db: Any) -> str:
            db.execute(f"INSERT INTO {self._t('settings')} VALUES ('teacher', %s) ON CONFLICT (key) DO NOTHING",
                       (new_secret(),))
            return str(db.execute(f"SELECT value FROM {self._t('settings')} WHERE key='teacher'").fetchone()[0])

        return self._write(write)

    def close(self) -> None:
        with self._lock:
            self._db.close()
