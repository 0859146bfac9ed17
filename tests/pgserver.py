"""A throw-away PostgreSQL server for the store tests: initdb into a temporary folder, started on a free port.

PostgreSQL refuses to run as root, so as root (CI) the server runs as the
``postgres`` user that Debian's package creates. Without the server's binaries the
tests skip with the reason, unless HOTW_REQUIRE_POSTGRES is set (CI sets it, after
installing the package), where a missing server fails the test instead.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REQUIRED = bool(os.environ.get("HOTW_REQUIRE_POSTGRES"))


def _binaries() -> tuple[str, str] | None:
    """(initdb, pg_ctl) of the newest PostgreSQL found, or None."""
    found = []
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2])
                         if p.split("/")[-2].isdigit() else 0, reverse=True):
        if os.access(f"{folder}/initdb", os.X_OK) and os.access(f"{folder}/pg_ctl", os.X_OK):
            found.append((f"{folder}/initdb", f"{folder}/pg_ctl"))
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl:
        found.append((initdb, pg_ctl))
    return found[0] if found else None


def _missing(reason: str, hint: str = "install Debian's postgresql package to run this test") -> None:
    if REQUIRED:
        pytest.fail(f"HOTW_REQUIRE_POSTGRES is set but {reason}")
    pytest.skip(f"{reason} ({hint})")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running PostgreSQL server; ``dsn`` connects to its ``postgres`` database as the superuser ``hotw``."""

    def __init__(self) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            _missing("psycopg is not installed", "pip install -e '.[test]'")
        bins = _binaries()
        if bins is None:
            _missing("no PostgreSQL server binaries (initdb, pg_ctl) were found")
        assert bins is not None
        self.initdb, self.pg_ctl = bins
        self.user = None if os.geteuid() != 0 else "postgres"
        if self.user is not None:
            try:
                pw = pwd.getpwnam(self.user)
            except KeyError:
                _missing("running as root and there is no 'postgres' user to run the server as")
        self.folder = Path(tempfile.mkdtemp(prefix="hotw-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        if self.user is not None:
            os.chown(self.folder, pw.pw_uid, pw.pw_gid)
        self._run([self.initdb, "-D", str(self.data), "-U", "hotw", "--auth=trust", "-E", "UTF8", "--no-sync"])
        self._run([self.pg_ctl, "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "60",
                   "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=on", "start"])
        self.dsn = f"host=127.0.0.1 port={self.port} user=hotw dbname=postgres"
        self.url = f"postgresql://hotw@127.0.0.1:{self.port}/postgres"

    def _run(self, cmd: list[str]) -> None:
        out = subprocess.run(cmd, capture_output=True, text=True, user=self.user, cwd=self.folder)
        if out.returncode:
            raise RuntimeError(f"{' '.join(cmd[:1])} failed: {out.stdout}\n{out.stderr}")

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        finally:
            time.sleep(0.1)
            shutil.rmtree(self.folder, ignore_errors=True)
