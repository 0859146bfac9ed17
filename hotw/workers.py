"""Local worker processes for simulations: stopped at once by an interrupt, never outliving their parent.

The standard process pool's workers caught Ctrl-C and played every remaining game,
and outlived a killed parent. Here each worker ignores SIGINT (the parent decides
what an interrupt stops, ends its workers and keeps the finished results), exits by
itself as soon as the parent is gone (a lifeline pipe closes, however the parent
ended), and reports each result as soon as it has it. A worker that dies is one
SimulationError line.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable

from hotw.errors import HotwError, SimulationError
from hotw.files import one_line

__all__ = ["run_in_processes"]


def _worker(play: Callable[[Any], Iterable[tuple[Any, ...]]], conn: Any, lifeline: Any, lifeline_parent_end: Any) -> None:
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
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            for result in play(task):
                conn.send(("game", result))
        except Exception as err:  # noqa: BLE001 - sent to the parent, which raises it
            conn.send(("error", _portable(err)))
            return
        conn.send(("done",))


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


def run_in_processes(play: Callable[[Any], Iterable[tuple[Any, ...]]], tasks: list[Any], workers: int,
                     done: Callable[..., None]) -> None:
    """Run ``play(task)`` for every task in local worker processes, each given the next task when it
    finishes one; ``done(*result)`` is called in this process for each result ``play`` yields.

    An interrupt or an error ends every worker within a second (none is left
    behind, and workers whose parent dies exit by themselves); a worker that dies
    is one SimulationError line.
    """
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context()
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
        busy: dict[Any, Any] = {}  # connection -> its process, while it plays a chunk
        for conn, proc in zip(conns, procs):
            if queue:
                conn.send(queue.pop())
                busy[conn] = proc

        def handle(conn: Any) -> None:
            message = conn.recv()
            if message[0] == "game":
                done(*message[1])
            elif message[0] == "error":
                raise message[1]
            elif queue:
                conn.send(queue.pop())
            else:
                del busy[conn]

        while busy:
            sentinels = {proc.sentinel: conn for conn, proc in busy.items()}
            for ready in wait(list(busy) + list(sentinels)):
                if ready in busy:
                    try:
                        handle(ready)
                    except (EOFError, OSError):
                        pass  # the worker died (its pipe broke); its sentinel says how
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
