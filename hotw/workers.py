"""Where a simulation's games are played: this process, local worker processes, or a Dask cluster.

Local workers are forked (or spawned) once per run and each is sent chunks of games
(``play(task)`` yields one result per game); two chunks stay queued at each worker so
it never waits for the parent between chunks, and its results come back in batches at
most every ``SEND_EVERY`` seconds (a pipe message a batch, not a game), so the parent
wakes a few times a second however short the games are. The standard process pool's
workers caught Ctrl-C and played every remaining game, and outlived a killed parent.
Here each worker ignores SIGINT (the parent decides what an interrupt stops, ends its
workers and keeps the finished results), exits by itself as soon as the parent is gone
(a lifeline pipe closes, however the parent ended). A worker that dies is one
SimulationError line.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
import time
import warnings
from typing import Any, Callable, Iterable

from hotw.errors import HotwError, SimulationError
from hotw.files import one_line, quote

__all__ = ["gather", "run_in_processes"]

#: A worker sends its finished games at most this often (and at the end of each chunk).
SEND_EVERY = 0.1
#: Chunks queued at each worker: the next one is there when it finishes one.
QUEUED = 2

Play = Callable[[Any], Iterable[tuple[Any, ...]]]

#: The collector's first threshold while games are played (CPython's is 700): a game's own objects are freed by
#: reference counting, but the bots' and the engine's memos grow by a few tracked objects a turn, so at 700 the
#: collector runs about once every 40 hard-bot turns, scanning what the memos added each time: 5.5 µs of a
#: 4-player turn's 362 (1.5%; at 10,000, 0.9 µs; 100 games in one process, docs/architecture.md). Cyclic garbage
#: still goes, in collections 14 times rarer.
COLLECT_AFTER = 10_000


def _collect_rarely() -> tuple[int, ...]:
    """The collector's first threshold raised to ``COLLECT_AFTER``; the thresholds before."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], COLLECT_AFTER), *old[1:])
    return old


@contextlib.contextmanager
def _rarer_collections() -> Any:
    """The collector's first threshold raised to ``COLLECT_AFTER`` while games are played in this process (and
    set back after: the process may be a notebook's kernel)."""
    old = _collect_rarely()
    try:
        yield
    finally:
        gc.set_threshold(*old)


def gather(play: Play, tasks: list[Any], workers: int, backend: str, address: Any,
           done: Callable[..., None], meanwhile: Callable[[], None] | None = None) -> None:
    """Run ``play(task)`` for every task in this process, local worker processes or on a Dask cluster;
    ``done(*result)`` is called in this process for each result (one a game). ``meanwhile()`` is called in this
    process once the first results of local workers are in, while they play (work this process would do after the
    games: done then, it would wait for them; done here, it does not)."""
    if backend not in ("local", "dask"):
        raise ValueError(f"backend must be 'local' or 'dask', not {quote(backend)}")
    if sys.platform == "emscripten" and (backend == "dask" or workers > 1):
        # Python in a web page (the static page, Pyodide) starts no processes and reaches no cluster.
        warnings.warn(f"this Python runs in a web page, which cannot start worker processes or reach a Dask "
                      f"cluster: the games are played one after another in this process "
                      f"(workers={workers}, backend={backend!r} asked for)", RuntimeWarning, stacklevel=4)
        backend, workers = "local", 1
    if backend == "dask":
        _gather_dask(play, tasks, address, done)
    elif workers <= 1 or len(tasks) == 1:
        with _rarer_collections():
            for task in tasks:
                for result in play(task):
                    done(*result)
    else:
        run_in_processes(play, tasks, workers, done, meanwhile)


def _listed(play: Play, task: Any) -> list[tuple[Any, ...]]:
    """Every result of a task at once: the unit of work sent to a Dask worker."""
    return list(play(task))


def _gather_dask(play: Play, tasks: list[Any], address: Any, done: Callable[..., None]) -> None:
    from dask.distributed import Client, as_completed

    client = address if isinstance(address, Client) else Client(address) if address else Client()
    futures = []
    try:
        futures = client.map(functools.partial(_listed, play), tasks, pure=False)
        for future in as_completed(futures):
            for result in future.result():
                done(*result)
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        if not isinstance(address, Client):
            client.close()


def _worker(play: Play, conn: Any, lifeline: Any, lifeline_parent_end: Any) -> None:
    """A simulation worker process: plays the chunks the parent sends and reports each finished game.

    It ignores Ctrl-C (the parent decides what an interrupt stops and ends its
    workers) and exits as soon as the parent is gone, however the parent ended:
    ``lifeline`` is a pipe that only the parent writes to, and it never does, so
    reading it returns only when the parent's end has closed.
    """
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    lifeline_parent_end.close()  # this process's copy; the parent keeps its own

    def watch() -> None:
        try:
            lifeline.recv()
        except (EOFError, OSError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="hotw-parent-watch", daemon=True).start()
    _collect_rarely()  # a worker only plays games: the collector runs rarely for its whole life
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        batch: list[tuple[Any, ...]] = []
        sent = time.monotonic()
        try:
            for result in play(task):
                batch.append(result)
                if time.monotonic() - sent >= SEND_EVERY:
                    conn.send(("games", batch))
                    batch, sent = [], time.monotonic()
        except Exception as err:  # noqa: BLE001 - sent to the parent, which raises it
            conn.send(("games", batch))
            conn.send(("error", _portable(err)))
            return
        conn.send(("done", batch))


def _portable(err: Exception) -> Exception:
    """``err`` as it can travel to the parent (with the worker's traceback for anything not a HotwError)."""
    import pickle
    import traceback

    if not isinstance(err, HotwError):
        err.add_note("".join(traceback.format_exception(err)).rstrip())
    try:
        pickle.loads(pickle.dumps(err))
        return err
    except Exception:  # noqa: BLE001
        return SimulationError(f"{type(err).__name__}: {one_line(str(err), 300)}")


def _how_it_ended(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        import signal

        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"killed by {name}" + (", perhaps for lack of memory" if name == "SIGKILL" else "")
    return f"exit code {exitcode}"


def import_holding_interrupts(module: str) -> None:
    """Import ``module``, an interrupt during the import held until it is done and then raised.

    A KeyboardInterrupt raised inside numpy's and pandas' imports can be lost: a C extension's import turns it into
    an ImportError ("PyCapsule_Import could not import module"), which an optional import guarded by ``except
    ImportError`` swallows, and a simulation importing pandas while its workers play would play on to its last game.
    So Ctrl-C (a notebook's interrupt) is only noted during the import and raised as it would have been after it.
    """
    import importlib
    import signal
    import threading

    if module in sys.modules or threading.current_thread() is not threading.main_thread():
        importlib.import_module(module)  # (signal handlers can only be set in the main thread)
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: held.append(signum))
    try:
        importlib.import_module(module)
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
    if held:
        signal.raise_signal(signal.SIGINT)  # handled by the handler in force: a KeyboardInterrupt, by default


def run_in_processes(play: Play, tasks: list[Any], workers: int, done: Callable[..., None],
                     meanwhile: Callable[[], None] | None = None) -> None:
    """Run ``play(task)`` for every task in local worker processes, each given the next task when it
    finishes one (``QUEUED`` at a time); ``done(*result)`` is called in this process for each result
    ``play`` yields, in batches.

    An interrupt or an error ends every worker within a second (none is left
    behind, and workers whose parent dies exit by themselves); a worker that dies
    is one SimulationError line.
    """
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context()
    if ctx.get_start_method() == "forkserver":  # the default from Python 3.14 on Linux
        # The server imports hotw once and forks every worker from itself: no worker imports it again.
        ctx.set_forkserver_preload(["hotw.simulation", "hotw.bots"])
    lifeline, lifeline_parent_end = ctx.Pipe(duplex=False)
    procs: list[Any] = []
    conns: list[Any] = []
    queue = list(reversed(tasks))
    try:
        for _ in range(min(workers, len(tasks))):
            parent_end, child_end = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(play, child_end, lifeline, lifeline_parent_end), daemon=True,
                               name="hotw-simulation-worker")
            proc.start()
            child_end.close()
            procs.append(proc)
            conns.append(parent_end)
        busy: dict[Any, Any] = {}  # connection -> its process, while it has chunks to play
        queued: dict[Any, int] = {}  # connection -> chunks sent and not yet finished
        for _ in range(QUEUED):
            for conn, proc in zip(conns, procs):
                if queue:
                    conn.send(queue.pop())
                    busy[conn], queued[conn] = proc, queued.get(conn, 0) + 1

        def handle(conn: Any) -> None:
            message = conn.recv()
            if message[0] == "error":
                raise message[1]
            for result in message[1]:
                done(*result)
            if message[0] == "done":
                if queue:
                    conn.send(queue.pop())
                else:
                    queued[conn] -= 1
                    if not queued[conn]:
                        del busy[conn]

        while busy:
            sentinels = {proc.sentinel: conn for conn, proc in busy.items()}
            for ready in wait(list(busy) + list(sentinels)):
                if ready in busy:
                    try:
                        handle(ready)
                    except (EOFError, OSError):
                        pass  # the worker died (its pipe broke); its sentinel says how
                    if meanwhile is not None:
                        # once the first results are in (an interrupt meanwhile keeps them), while the workers
                        # play the tasks queued: their next results wait in the pipes
                        meanwhile, later = None, meanwhile
                        later()
                elif ready in sentinels:
                    conn = sentinels[ready]
                    try:
                        while conn in busy and conn.poll(0):
                            handle(conn)
                    except (EOFError, OSError):
                        pass
                    if conn in busy:
                        busy[conn].join(0.5)
                        raise SimulationError(f"a simulation worker process stopped unexpectedly "
                                              f"({_how_it_ended(busy[conn].exitcode)})")
        for conn in conns:
            try:
                conn.send(None)
            except OSError:
                pass
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
        for conn in conns + [lifeline, lifeline_parent_end]:
            conn.close()
