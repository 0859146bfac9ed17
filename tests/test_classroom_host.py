"""The table host plays bot seats with no page open, survives a restart, and obeys pause and end."""

from __future__ import annotations

from pathlib import Path

import pytest

import hotw
from hotw.classroom import open_store
from hotw.classroom.host import TableHost
from hotw.classroom.table import LiveGame, new_table


def _all_bots(store, tid: str, spec: str = "random") -> None:
    for seat in store.seats(tid):
        store.set_seat(tid, seat.seat, "bot", spec)


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief", "heroes"])
def test_bots_play_a_table_to_the_end_without_any_page(tmp_path: Path, ruleset: str) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["A", "B", "C"], seed=5, ruleset=ruleset)
    _all_bots(store, tid)
    host = TableHost(store, delay=0)
    for _ in range(20_000):
        if not host.step():
            break
    assert not host.failures
    game = LiveGame(store, tid).game
    assert game.is_over
    assert hotw.load_game(game.to_json()).to_json() == game.to_json()  # the log replays to the same game


def test_a_restarted_host_goes_on_where_the_store_stands(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    store = open_store(path)
    tid = new_table(store, "T", ["A", "B", "C"], seed=5)
    _all_bots(store, tid)
    first = TableHost(store, delay=0)
    for _ in range(40):
        first.step()
    stopped_at = store.status(tid).length
    store.close()
    again = TableHost(open_store(path), delay=0)  # a new process after a crash: nothing but the file
    assert again.step() == 1
    assert again.live[tid].length > stopped_at
    assert again.live[tid].game.history[:stopped_at] == LiveGame(open_store(path), tid).game.history[:stopped_at]


def test_bots_wait_for_a_person_and_for_a_paused_table(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["A", "B", "C"], seed=5)
    host = TableHost(store, delay=0)
    assert host.step() == 0  # every seat open: people play them
    _all_bots(store, tid)
    store.set_state(tid, "paused")
    assert host.step() == 0
    store.set_state(tid, "playing")
    assert host.step() == 1
    store.set_state(tid, "ended")
    n = store.status(tid).length
    assert host.step() == 0 and store.status(tid).length == n


def test_a_bot_waits_its_delay_after_the_last_move(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["A", "B", "C"], seed=5)
    _all_bots(store, tid)
    host = TableHost(store, delay=60)
    assert host.step() == 1  # the first move of a table the host has just found comes at once
    assert host.step() == 0  # the next waits a minute


_KILLED_CLIENT = """
import sys
from hotw.bots import RandomBot
from hotw.classroom import open_store
from hotw.classroom.table import LiveGame
live = LiveGame(open_store(sys.argv[1]), sys.argv[2])
bot = RandomBot(1)
while not live.game.is_over:
    n = live.move(live.game.decision.player, bot.choose(live.game))
    print(n, flush=True)  # the move is answered: it must survive whatever happens next
"""


def test_a_killed_process_loses_no_answered_move(tmp_path: Path) -> None:
    """A kernel killed in the middle of moves (kill -9): every move it was told had landed is in the log."""
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "c.sqlite"
    store = open_store(path)
    tid = new_table(store, "T", ["A", "B", "C"], seed=5)
    proc = subprocess.Popen([sys.executable, "-c", _KILLED_CLIENT, str(path), tid], stdout=subprocess.PIPE, text=True)
    answered = []
    end = time.monotonic() + 60
    while len(answered) < 30 and time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        answered.append(int(line))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(answered) == 30
    again = LiveGame(open_store(path), tid)  # what a restarted kernel reads
    assert again.length >= answered[-1]
    assert hotw.load_game(again.game.to_json()).to_json() == again.game.to_json()
