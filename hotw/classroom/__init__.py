"""A class at one game: tables in a shared store, seats claimed by secret, bots played by a host.

The store (:mod:`hotw.classroom.store`) holds each table's action history as an
append-only log; every page (:mod:`hotw.classroom.pages`) and the table host
(:mod:`hotw.classroom.host`) rebuild the game from it. ``hotw classroom`` starts a
class on the teacher's machine (:mod:`hotw.classroom.serve`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hotw.classroom.store import GameStore

__all__ = ["STORE_ENV", "open_store"]

#: The environment variable that tells a page's kernel where the class's store is.
STORE_ENV = "HOTW_CLASSROOM_STORE"


def open_store(where: str | os.PathLike[str] | None = None) -> "GameStore":
    """The store at ``where``: a ``postgresql://`` address, or the path of a SQLite file (default: $HOTW_CLASSROOM_STORE)."""
    where = os.fspath(where) if where is not None else os.environ.get(STORE_ENV, "")
    if not where:
        raise ValueError(f"no classroom store given (set {STORE_ENV} or pass a file or a postgresql:// address)")
    if where.startswith(("postgresql://", "postgres://")):
        from hotw.classroom.postgres import PostgresStore

        address, _, schema = where.partition("#")
        return PostgresStore(address, schema or "hotw_class")
    from hotw.classroom.sqlite import SQLiteStore

    return SQLiteStore(where.removeprefix("sqlite:///").removeprefix("sqlite:"))
