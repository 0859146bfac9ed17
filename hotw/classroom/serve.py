"""``hotw classroom``: a class on the teacher's machine: the store, the table host and the pages' server.

One process runs the table host (the bots of every table); a Voila server, its
child, serves the two pages, each page a kernel of its own reading and writing the
same store. The command prints the teacher's address (the control room hands out
each seat's link) and runs until Ctrl-C, which stops both. Started again on the
same store file, the class goes on where it was.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from hotw.classroom import STORE_ENV, open_store
from hotw.classroom.host import TableHost
from hotw.classroom.pages import PAGES, URL_ENV
from hotw.i18n import Domain

_ = Domain("hotw")
t = _.text  # the command line's words: `hotw classroom` prints them in its language (--lang or LANG)

__all__ = ["lan_address", "serve", "voila_command"]

#: The page template and server settings of the classroom app (kernels shut down when a page is left),
#: where a checkout has them.
SHARE = Path(__file__).resolve().parents[2] / "share" / "jupyter"


def lan_address() -> str:
    """The address other machines on the network reach this one at (127.0.0.1 if there is no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))  # no packet is sent: this only picks the outgoing interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def voila_command(port: int, ip: str) -> list[str]:
    """The Voila server of the pages folder."""
    return [sys.executable, "-m", "voila", str(PAGES), "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
            "--show_tracebacks=False"]


def environment(store: str, url: str) -> dict[str, str]:
    """The server's environment: where the store is, the students' address, the page template."""
    env = dict(os.environ)
    env[STORE_ENV] = store
    env[URL_ENV] = url
    if SHARE.is_dir():
        env["JUPYTER_PATH"] = str(SHARE) + (os.pathsep + env["JUPYTER_PATH"] if env.get("JUPYTER_PATH") else "")
        env["JUPYTER_CONFIG_PATH"] = str(SHARE / "config")
    return env


def serve(store: str, port: int = 8866, ip: str = "0.0.0.0", bot_delay: float = 0.6) -> int:
    """Run a class until Ctrl-C: print the teacher's address, serve the pages, play the bots."""
    if not store.startswith(("postgresql://", "postgres://")):
        store = str(Path(store).resolve())
    opened = open_store(store)
    key = opened.teacher_key()
    where = lan_address() if ip in ("0.0.0.0", "") else ip
    url = f"http://{where}:{port}"
    # A session of its own: Ctrl-C reaches this process only, which stops the server in order (below).
    server = subprocess.Popen(voila_command(port, ip), env=environment(store, url), start_new_session=True)
    host = TableHost(opened, delay=bot_delay)
    thread, stop = host.start()
    print(t("The class's store: {store}", store=store), flush=True)
    teacher = url + "/voila/render/teacher.ipynb?key=" + key
    print(t("Teacher (control room and projector): {address}", address=teacher), flush=True)
    print(t("Students open the seat links the control room hands out. Ctrl-C stops the class; started again on the "
            "same store, it goes on where it was."), flush=True)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    try:
        while server.poll() is None and not stopping:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        thread.join(5)
        if server.poll() is None:
            server.terminate()  # on SIGTERM Voila shuts every page's kernel down, then exits
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        opened.close()
    return 0 if stopping or server.returncode in (0, -signal.SIGTERM, None) else 1
