"""Serve a notebook with Voila and open it in Debian's chromium through Playwright.

Shared by tests/browser/test_voila.py and scripts/bench_ui.py. Playwright's own
browser download cannot work offline, so the system chromium is launched.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01_play.ipynb"
CHROMIUM_PATHS = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
LOCAL_HOSTS = ("127.0.0.1", "localhost")
#: Fail, not skip, when the browser tests cannot run (CI sets it after installing chromium).
REQUIRE = os.environ.get("HOTW_REQUIRE_BROWSER") == "1"
#: The classroom app's Voila settings and page template (as ``make app`` uses them).
VOILA_ENV = {"JUPYTER_PATH": str(ROOT / "share" / "jupyter"),
             "JUPYTER_CONFIG_PATH": str(ROOT / "share" / "jupyter" / "config")}
#: The process id of the Voila server behind each URL served now.
SERVERS: dict[str, int] = {}
SHOTS = Path(os.environ.get("HOTW_SCREENSHOT_DIR") or ROOT / "test-artifacts")


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    import importlib.util

    if chromium_path() is None:
        return "chromium is not installed (apt-get install chromium)"
    for module in ("playwright", "voila"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[notebook,test]')"
    return None


def chromium_path() -> str | None:
    """The system chromium, or None if it is not installed."""
    for path in CHROMIUM_PATHS:
        if os.path.exists(path):
            return path
    return None


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, timeout: float = 60.0) -> None:
    """Block until something accepts connections on ``port`` (any HTTP answer means up)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout:.0f} s")


def _edited(notebook: Path, source_edit: tuple[str, str] | None) -> dict[str, Any]:
    """The notebook's JSON, with one text replacement in its sources if given."""
    doc = json.loads(notebook.read_text(encoding="utf-8"))
    if source_edit is not None:
        old, new = source_edit
        sources = ["".join(c["source"]) for c in doc["cells"]]
        if not any(old in src for src in sources):
            raise ValueError(f"{old!r} is not in {notebook}")
        for cell, src in zip(doc["cells"], sources):
            cell["source"] = src.replace(old, new)
    return doc


def code_notebook(*cells: str) -> dict[str, Any]:
    """A notebook of code cells (for a page the tests build themselves)."""
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": src} for src in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@contextmanager
def _serve(target: str, tmp: Path) -> Iterator[str]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **VOILA_ENV)
    log = (tmp / "voila.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", target, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=log,
    )
    url = f"http://127.0.0.1:{port}/"
    SERVERS[url] = proc.pid
    try:
        wait_for_port(port)
        yield url
    finally:
        SERVERS.pop(url, None)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def voila_server(notebook: Path = NOTEBOOK, source_edit: tuple[str, str] | None = None) -> Iterator[str]:
    """Serve a temporary copy of ``notebook`` (optionally with one text replacement); yields its URL."""
    tmp = Path(tempfile.mkdtemp(prefix="hotw-voila-"))
    (tmp / notebook.name).write_text(json.dumps(_edited(notebook, source_edit)), encoding="utf-8")
    with _serve(str(tmp / notebook.name), tmp) as url:
        yield url


@contextmanager
def voila_pages(notebooks: dict[str, dict[str, Any]]) -> Iterator[str]:
    """Serve several notebooks (name -> notebook JSON) from one Voila server; yields the URL that renders
    them: ``url + name`` is a page, each visit a fresh kernel."""
    tmp = Path(tempfile.mkdtemp(prefix="hotw-voila-"))
    for name, doc in notebooks.items():
        (tmp / name).write_text(json.dumps(doc), encoding="utf-8")
    with _serve(str(tmp), tmp) as url:
        SERVERS[url + "voila/render/"] = SERVERS[url]
        try:
            yield url + "voila/render/"
        finally:
            SERVERS.pop(url + "voila/render/", None)


def kernels(url: str) -> int:
    """How many kernels the Voila server behind ``url`` runs now (its child processes running ipykernel)."""
    pid = SERVERS[url]
    count = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == pid and b"ipykernel" in cmd and stat[0] != "Z":
            count += 1
    return count


class Blocker:
    """Counts and aborts every request that leaves this machine."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def __call__(self, route: Any) -> None:
        url = route.request.url
        host = url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium, headless, through Playwright."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError("chromium is not installed")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser: Any, width: int = 1400, height: int = 1000) -> tuple[Any, Blocker]:
    """A new page of ``browser`` with external requests blocked (and counted)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    blocker = Blocker()
    page.route("**/*", blocker)
    return page, blocker


def screenshot(page: Any, name: str) -> Path:
    """The whole app in ``SHOTS/name``: Voila scrolls inside the page, so a tall viewport stands in for full_page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("() => document.querySelector('.hotw-app').getBoundingClientRect().bottom + 40")
    page.set_viewport_size({"width": size["width"], "height": int(max(height, size["height"]))})
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / name))
    page.set_viewport_size(size)
    return SHOTS / name


@contextmanager
def browser_page(width: int = 1400, height: int = 1000) -> Iterator[tuple[Any, Blocker]]:
    """A Playwright page in headless chromium with external requests blocked."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError("chromium is not installed")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            blocker = Blocker()
            page.route("**/*", blocker)
            yield page, blocker
        finally:
            browser.close()


# -- reading and driving the page ------------------------------------------------------

PATHS = ".leaflet-container path.hotw-space"


def wait_for_map(page: Any, timeout: float = 120_000) -> None:
    """Wait until the board's paths are drawn."""
    page.wait_for_selector(PATHS, timeout=timeout)


def step(page: Any) -> tuple[str, int]:
    """The pending decision as shown by the page: (step name, seat)."""
    el = page.locator(".hotw-status .hotw-status-line").first
    return el.get_attribute("data-step") or "", int(el.get_attribute("data-player") or -9)


def path_classes(page: Any) -> dict[str, str]:
    """Every board path's class string, keyed by its space id."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('path.hotw-space')].map(p => {
            const c = p.getAttribute('class'); const m = c.match(/hotw-id-(\\S+)/);
            return [m ? m[1] : '?', c]; }))"""
    )


def point_inside(page: Any, sid: str, scope: str = "") -> tuple[float, float]:
    """A viewport point where the path of space ``sid`` (inside the CSS ``scope``) is the topmost element."""
    found = page.evaluate(
        """([sid, scope]) => {
          const p = document.querySelector((scope ? scope + ' ' : '') + 'path.hotw-id-' + sid);
          if (!p) return null;
          // Scroll the page to the map, not the path within the map: Leaflet undoes a scroll of its own container.
          (p.closest('.leaflet-container') || p).scrollIntoView({block: 'center', behavior: 'instant'});
          const r = p.getBoundingClientRect();
          const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
          let best = null, bestD = 1e9;
          for (let i = 1; i < 16; i++) for (let j = 1; j < 16; j++) {
            const x = r.x + r.width * i / 16, y = r.y + r.height * j / 16;
            if (document.elementFromPoint(x, y) === p) {
              const d = (x - cx) ** 2 + (y - cy) ** 2;
              if (d < bestD) { bestD = d; best = [x, y]; }
            }
          }
          return best;
        }""",
        [sid, scope],
    )
    if not found:
        raise AssertionError(f"no visible point of {sid} on the page")
    return float(found[0]), float(found[1])


def settle(page: Any, sid: str, scope: str = "", limit: float = 10.0) -> None:
    """Wait until the map stops moving under space ``sid`` (a new turn pans the map; a click during the pan
    lands on a neighbour): its path's box is the same twice, a quarter second apart, or ``limit`` s pass."""
    box = """([sid, scope]) => { const p = document.querySelector((scope ? scope + ' ' : '') + 'path.hotw-id-' + sid);
        if (!p) return null; const r = p.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(); }"""
    deadline = time.monotonic() + limit
    before = page.evaluate(box, [sid, scope])
    while time.monotonic() < deadline:
        page.wait_for_timeout(250)
        now = page.evaluate(box, [sid, scope])
        if now == before:
            return
        before = now


def click_space(page: Any, sid: str, expect: str | None = None, timeout: float = 45_000, scope: str = "") -> float:
    """Click space ``sid`` (inside the CSS ``scope``) once the map is still; if ``expect`` (a class) is given,
    wait until its path has it. Returns ms."""
    settle(page, sid, scope)
    x, y = point_inside(page, sid, scope)
    start = page.evaluate("performance.now()")
    page.mouse.click(x, y)
    if expect is None:
        return 0.0
    done = page.wait_for_function(
        """([sid, cls, scope]) => {
            const p = document.querySelector((scope ? scope + ' ' : '') + 'path.hotw-id-' + sid);
            return p && p.classList.contains(cls) ? performance.now() : false; }""",
        arg=[sid, expect, scope], timeout=timeout, polling="raf",
    )
    return float(done.json_value()) - float(start)
