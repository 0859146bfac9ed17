"""Load test of a class: 8 tables of 4 seats, each seat a scripted client of the store, as a page is.

Each table runs in a process of its own, each seat a thread with its own store
connection and its own copy of the game, doing what a seat's page does: look at the
store every ``--poll`` seconds (``TableWatcher.sync``), and on its turn choose a
move (a random bot) and send it with the length its screen showed
(``LiveGame.move``), then send the same move again as a doubled click would. With
``--pages`` each client holds the real seat page (``SeatView``, widgets without a
browser) and redraws it on every update as the kernel of a page does.

Printed: moves per second held, the time from a move's commit to the moment every
seat of its table has it (median, p95, max), doubled clicks refused, and the two
checks: nothing lost (every move a client was told had landed is in the log, at its
place) and the log replays to the same game (each client's copy, and a fresh
replay of the log, give the same save file).

    python scripts/bench_classroom.py --seconds 30 [--pages] [--store postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RULESETS = ("hotw2018", "classic", "brief", "heroes")


def _seat(where: str, tid: str, seat: int, args: dict[str, Any], stop_at: float, out: dict[str, Any],
          barrier: threading.Barrier) -> None:
    """One seat's client: poll, move on its turn, send each move twice."""
    from hotw.bots import RandomBot
    from hotw.classroom import open_store
    from hotw.classroom.store import StaleMoveError
    from hotw.classroom.table import LiveGame

    store = open_store(where)
    live = LiveGame(store, tid)
    view = None
    if args["pages"]:
        from hotw.classroom.pages.seatview import SeatView

        view = SeatView(live, seat)
    bot = RandomBot(f"{tid}:{seat}")
    seen: dict[int, float] = {}
    moves: list[tuple[int, list[str], float]] = []
    doubles = refused = 0
    while time.time() < stop_at:
        if view is not None:
            view.sync()
        else:
            live.catch_up()
        seen.setdefault(live.length, time.time())
        game = live.game
        if game.is_over or live.state != "playing":
            break
        if game.decision.player == seat:
            if args["think"]:
                time.sleep(args["think"])
            shown = live.length
            action = bot.choose(game)
            if view is not None:
                if not view.act(action):
                    raise RuntimeError(f"{tid} seat {seat}: {view.message.value}")
            else:
                live.move(seat, action, expected=shown)
            done = time.time()
            moves.append((shown, [a.text() for a in live.game.history[shown:]], done))
            seen.setdefault(live.length, done)
            doubles += 1
            try:  # the same click again, from the same screen
                live.move(seat, action, expected=shown)
            except StaleMoveError:
                refused += 1
            continue
        time.sleep(args["poll"])
    barrier.wait()  # every seat of the table has made its last move: each copy catches up once more
    if view is not None:
        view.sync()
    else:
        live.catch_up()
    out[seat] = {"seen": seen, "moves": moves, "doubles": doubles, "refused": refused,
                 "save": live.game.to_json()}


def _table(where: str, tid: str, args: dict[str, Any], stop_at: float, queue: Any) -> None:
    """One table's four clients, as threads of one process."""
    out: dict[int, Any] = {}
    barrier = threading.Barrier(4)
    threads = [threading.Thread(target=_seat, args=(where, tid, s, args, stop_at, out, barrier)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put((tid, out))


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def run(where: str, tables: int, seconds: float, poll: float, pages: bool, think: float = 0.0) -> dict[str, Any]:
    """Play ``tables`` tables for ``seconds``; the figures and checks."""
    import hotw
    from hotw.classroom import open_store
    from hotw.classroom.table import LiveGame, new_table

    store = open_store(where)
    ids = [new_table(store, f"T{i + 1}", ["Ada", "Ben", "Cy", "Dee"], seed=i + 1,
                     ruleset=RULESETS[i % len(RULESETS)]) for i in range(tables)]
    start_len = {t: store.status(t).length for t in ids}
    args = {"poll": poll, "pages": pages, "think": think}
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    warm = 20.0 if pages else 5.0  # the processes start (and import the widgets) before the clock runs
    t0 = time.time() + warm
    stop_at = t0 + seconds
    procs = [ctx.Process(target=_table, args=(where, t, args, stop_at, queue)) for t in ids]
    for p in procs:
        p.start()
    peak = 0.0
    results: dict[str, Any] = {}
    while len(results) < len(ids):
        try:
            tid, out = queue.get(timeout=1.0)
            results[tid] = out
        except Exception:  # noqa: BLE001 - queue.Empty: sample the memory meanwhile
            peak = max(peak, sum(_rss_mb(p.pid) for p in procs if p.is_alive()))
    for p in procs:
        p.join()
    latencies: list[float] = []
    total_moves = lost = doubles = refused = 0
    replay_ok = True
    for tid in ids:
        out = results[tid]
        log = store.actions(tid)
        for seat, r in out.items():
            doubles += r["doubles"]
            refused += r["refused"]
            for shown, batch, done in r["moves"]:
                total_moves += 1
                if log[shown:shown + len(batch)] != batch:
                    lost += 1
                if done < t0:
                    continue
                end = shown + len(batch)
                seen_by_all = [min((t for n, t in o["seen"].items() if int(n) >= end), default=None)
                               for o in out.values()]
                if all(s is not None for s in seen_by_all):
                    latencies.append(max(s for s in seen_by_all) - done)  # type: ignore[type-var]
        fresh = LiveGame(open_store(where), tid).game.to_json()
        saves = {r["save"] for r in out.values()}
        replay_ok &= saves == {fresh} and hotw.load_game(fresh).to_json() == fresh
    timed = sum(1 for out in results.values() for r in out.values() for m in r["moves"] if m[2] >= t0)
    latencies.sort()
    return {
        "tables": tables, "seats": tables * 4, "store": "postgresql" if where.startswith("postgres") else "sqlite",
        "pages": pages, "poll_s": poll, "think_s": think, "seconds": seconds, "moves": total_moves,
        "moves_per_s": round(timed / seconds, 1),
        "update_ms_median": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "update_ms_p95": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1) if latencies else None,
        "update_ms_max": round(1000 * latencies[-1], 1) if latencies else None,
        "doubled_clicks": doubles, "doubled_refused": refused, "lost": lost,
        "log_grew": sum(store.status(t).length - start_len[t] for t in ids),
        "replays_to_same_game": replay_ok, "clients_rss_mb_peak": round(peak),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--poll", type=float, default=0.25, help="seconds between two looks at the store")
    parser.add_argument("--pages", action="store_true", help="each client redraws the real seat page")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a seat thinks before its move")
    parser.add_argument("--store", default="", help="a postgresql:// address (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    where = args.store or os.path.join(tempfile.mkdtemp(prefix="hotw-bench-"), "class.sqlite")
    figures = run(where, args.tables, args.seconds, args.poll, args.pages, args.think)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"classroom load, {figures['tables']} tables x 4 seats ({figures['store']}, "
              f"{'seat pages redrawn' if figures['pages'] else 'store clients'}, poll {args.poll} s, "
              f"think {args.think} s, "
              f"{os.cpu_count()} cores): {figures['moves_per_s']} moves/s over {args.seconds:.0f} s; "
              f"move to every seat: median {figures['update_ms_median']} ms, p95 {figures['update_ms_p95']} ms, "
              f"max {figures['update_ms_max']} ms; doubled clicks refused {figures['doubled_refused']} of "
              f"{figures['doubled_clicks']}; lost {figures['lost']}; log replays to the same game: "
              f"{figures['replays_to_same_game']}; clients' memory at peak {figures['clients_rss_mb_peak']} MB")
    ok = figures["lost"] == 0 and figures["replays_to_same_game"] and figures["doubled_refused"] == figures[
        "doubled_clicks"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
