"""The classroom's game store, on SQLite and on a real PostgreSQL server: an append-only log with an atomic append."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest

from hotw.classroom import open_store
from hotw.classroom.store import GameStore, StaleMoveError, StoreError
from hotw.classroom.table import LiveGame, new_table
from hotw.errors import IllegalActionError

from pgserver import Server


@pytest.fixture(scope="module")
def pg_server() -> Iterator[Server]:
    server = Server()
    yield server
    server.stop()


_schemas = iter(range(10_000))


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], GameStore]:
    """A function opening a new connection to one fresh store (each call: another process's view of it)."""
    if request.param == "sqlite":
        path = tmp_path / "class.sqlite"
        return lambda: open_store(path)
    server = request.getfixturevalue("pg_server")
    url = f"{server.url}#class_{next(_schemas)}"
    return lambda: open_store(url)


@pytest.fixture
def store(opener: Callable[[], GameStore]) -> Iterator[GameStore]:
    s = opener()
    yield s
    s.close()


def _table(store: GameStore, players: int = 3, ruleset: str = "hotw2018") -> str:
    return new_table(store, "Rome", [f"P{i}" for i in range(players)], seed=7, ruleset=ruleset)


def test_a_new_table_holds_its_set_up_and_open_seats(store: GameStore) -> None:
    tid = _table(store)
    record = store.table(tid)
    assert record.players == ("P0", "P1", "P2") and record.state == "playing" and record.seed == 7
    assert record.length == len(store.actions(tid)) == store.status(tid).length
    seats = store.seats(tid)
    assert [s.kind for s in seats] == ["open"] * 3
    assert len({s.secret for s in seats}) == 3
    assert store.table(tid) in store.tables()


def test_append_only_if_the_history_is_still_n_long(store: GameStore) -> None:
    tid = _table(store)
    n = store.status(tid).length
    assert store.append(tid, n, ["a:x", "b:y"], seat=0) == n + 2
    with pytest.raises(StaleMoveError, match="moved on"):
        store.append(tid, n, ["a:z"], seat=1)
    assert store.actions(tid, n) == ["a:x", "b:y"]
    assert store.status(tid).length == n + 2


def test_a_paused_or_ended_table_takes_no_move(store: GameStore) -> None:
    tid = _table(store)
    n = store.status(tid).length
    before = store.status(tid).revision
    store.set_state(tid, "paused")
    with pytest.raises(StaleMoveError, match="paused"):
        store.append(tid, n, ["a:x"])
    store.set_state(tid, "ended")
    with pytest.raises(StaleMoveError, match="ended"):
        store.append(tid, n, ["a:x"])
    assert store.status(tid).length == n and store.status(tid).revision == before + 2
    with pytest.raises(StoreError):
        store.set_state(tid, "asleep")


def test_two_writers_at_once_exactly_one_lands(opener: Callable[[], GameStore]) -> None:
    """Eight connections append at the same length at the same moment: one succeeds, seven are refused."""
    first = opener()
    tid = _table(first)
    n = first.status(tid).length
    stores = [opener() for _ in range(8)]
    barrier = threading.Barrier(len(stores))
    results: list[Any] = [None] * len(stores)

    def go(i: int) -> None:
        barrier.wait()
        try:
            results[i] = stores[i].append(tid, n, [f"move:{i}"], seat=i % 3)
        except StaleMoveError as err:
            results[i] = err

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wins = [r for r in results if isinstance(r, int)]
    assert wins == [n + 1]
    assert sum(isinstance(r, StaleMoveError) for r in results) == 7
    assert len(first.actions(tid, n)) == 1
    for s in stores + [first]:
        s.close()


def _append_from_process(path: str, tid: str, n: int, i: int, out: Any) -> None:
    store = open_store(path)
    try:
        store.append(tid, n, [f"move:{i}"])
        out.put("ok")
    except StaleMoveError:
        out.put("stale")


def test_processes_racing_on_one_sqlite_file(tmp_path: Path) -> None:
    """Kernels are processes: four of them append at the same length; one lands."""
    path = str(tmp_path / "class.sqlite")
    store = open_store(path)
    tid = _table(store)
    n = store.status(tid).length
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_append_from_process, args=(path, tid, n, i, out)) for i in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    got = sorted(out.get(timeout=5) for _ in procs)
    assert got == ["ok", "stale", "stale", "stale"]
    assert store.status(tid).length == n + 1


def test_seats_are_claimed_by_secret_and_a_new_secret_replaces_the_old(store: GameStore) -> None:
    tid = _table(store)
    old = store.seats(tid)[1]
    assert store.seat_by_secret(old.secret) == old
    given = store.set_seat(tid, 1, "human")
    assert given.kind == "human" and given.secret != old.secret
    assert store.seat_by_secret(old.secret) is None  # the old link no longer opens the seat
    assert store.seat_by_secret(given.secret) == given
    bot = store.set_seat(tid, 2, "bot", "random")
    assert bot.bot == "random"
    with pytest.raises(StoreError):
        store.set_seat(tid, 2, "bot")
    with pytest.raises(StoreError):
        store.set_seat(tid, 9, "human")
    assert store.seat_by_secret("nonsense") is None


def test_the_teacher_key_is_made_once(opener: Callable[[], GameStore]) -> None:
    a, b = opener(), opener()
    assert a.teacher_key() == b.teacher_key() and len(a.teacher_key()) >= 8


def test_a_reopened_store_resumes_exactly(opener: Callable[[], GameStore]) -> None:
    """A restarted kernel or host opens the store again and rebuilds the same game."""
    store = opener()
    tid = _table(store)
    live = LiveGame(store, tid)
    for _ in range(12):
        game = live.game
        live.move(game.decision.player, game.legal_actions()[0])
    saved = live.game.to_json()
    store.close()
    again = LiveGame(opener(), tid)
    assert again.game.to_json() == saved


def test_a_move_is_refused_for_another_seat_stale_or_illegal_and_changes_nothing(store: GameStore) -> None:
    tid = _table(store)
    live = LiveGame(store, tid)
    other = LiveGame(store, tid)  # a second page on the same table
    n = live.length
    seat = live.game.decision.player
    legal = live.game.legal_actions()
    with pytest.raises(IllegalActionError, match="not your turn"):
        live.move((seat + 1) % 3, legal[0])
    with pytest.raises(IllegalActionError):
        live.move(seat, "invade:nowhere")
    assert store.status(tid).length == n and live.length == n
    live.move(seat, legal[0], expected=n)
    with pytest.raises(StaleMoveError):  # the same click again, from a screen showing n moves
        other.move(seat, legal[0], expected=n)
    assert other.length == store.status(tid).length  # the refused page caught up
    assert other.game.to_json() == live.game.to_json()


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief", "heroes"])
def test_every_ruleset_replays_from_the_log(tmp_path: Path, ruleset: str) -> None:
    import hotw
    from hotw.bots import RandomBot

    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["A", "B", "C"], seed=3, ruleset=ruleset)
    live = LiveGame(store, tid)
    bot = RandomBot(1)
    for _ in range(60):
        if live.game.is_over:
            break
        live.move(live.game.decision.player, bot.choose(live.game))
    text = live.game.to_json()
    assert hotw.load_game(text).to_json() == text
    assert LiveGame(open_store(tmp_path / "c.sqlite"), tid).game.to_json() == text
