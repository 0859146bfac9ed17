"""The static page (``make lite``: JupyterLite, Python in the browser) with every non-local request blocked.

The page is served from dist/lite by lite/serve.py on 127.0.0.1; chromium resolves no other host
(--host-resolver-rules), so nothing the page or its Python worker asks of the internet can load, and
the context's route counts any such request. Skipped when dist/lite is not built (``make lite``),
unless HOTW_REQUIRE_LITE=1 (CI sets it after building the page), in which case the tests fail.
Figures are printed (``-s``): time to first map cold and cached, click to restyle, folder size.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import threading
import time

import pytest

import voila_driver as drv
from test_voila import _play_draft

LITE = drv.ROOT / "dist" / "lite"
REQUIRE_LITE = os.environ.get("HOTW_REQUIRE_LITE") == "1"
NO_INTERNET = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"
#: Python starts in the page: the runtime and 29 wheels load, then the notebook's first cell runs.
START = 240_000

sys.path.insert(0, str(drv.ROOT / "lite"))
import serve  # noqa: E402  (lite/serve.py, the server `make lite-serve` runs)


def _missing() -> str | None:
    if not (LITE / "index.html").is_file():
        return "dist/lite is not built (make lite)"
    if drv.chromium_path() is None:
        return "chromium is not installed (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def lite_url():
    why = _missing()
    if why:
        if REQUIRE_LITE:
            pytest.fail(why)
        pytest.skip(why)
    httpd = serve.server(LITE, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(lite_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=drv.chromium_path(), args=[*drv.CHROMIUM_ARGS, NO_INTERNET],
                               headless=True)
        try:
            yield b
        finally:
            b.close()


class Watcher(drv.Blocker):
    """Aborts and counts requests off this machine (as the Voila tests do), and keeps the local ones."""

    def __init__(self) -> None:
        super().__init__()
        self.local: list[str] = []

    def __call__(self, route) -> None:
        self.local.append(route.request.url)
        super().__call__(route)

    def loaded_mib(self) -> float:
        """The size of the distinct files of the page that were asked for."""
        paths = {u.split("://", 1)[-1].split("/", 1)[-1].split("?")[0] for u in self.local if "://127.0.0.1" in u}
        return sum((LITE / p).stat().st_size for p in paths if (LITE / p).is_file()) / 2**20


def _context(browser):
    """A fresh browser profile (empty cache) whose requests off this machine are aborted and counted."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    blocker = Watcher()
    ctx.route("**/*", blocker)
    return ctx, blocker


def _run_notebook(ctx, url: str, name: str, ready: str = drv.PATHS) -> tuple[object, float]:
    """Open ``name`` in the page's notebook app, run every cell, wait for ``ready``; returns (page, seconds)."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start = time.monotonic()
    page.goto(f"{url}notebooks/index.html?path={name}", timeout=60_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    # The notebook's own kernel (Python (Pyodide)) starts by itself: no kernel dialog.
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()
    for attempt in range(3):  # a click on the menu while the page still settles can be lost: try again
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function("() => [...document.querySelectorAll('.jp-InputPrompt')]"
                                   ".some(p => /\\[(\\*|\\d+)\\]/.test(p.innerText))", timeout=30_000)
            break
        except Exception:
            if attempt == 2:
                raise
    try:
        page.wait_for_selector(ready, timeout=START)
    except Exception:
        page.screenshot(path=str(drv.SHOTS / f"lite-{name}-failed.png"))
        raise AssertionError(f"{name}: {ready} never appeared; page errors: {errors[-3:]}") from None
    return page, time.monotonic() - start


def _cells_done(page, timeout: float = START) -> None:
    """Wait until no cell is queued or running ([*]) and none shows an error."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-InputPrompt')].every(p => !p.innerText.includes('*'))",
        timeout=timeout)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
                          ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.first.inner_text()[:2000]


def _checked_outputs(notebook) -> list[str]:
    """The committed text outputs of the cells marked ``# NBVAL_CHECK_OUTPUT``."""
    cells = json.loads(notebook.read_text())["cells"]
    return ["".join(out["text"]) for c in cells if "NBVAL_CHECK_OUTPUT" in "".join(c["source"])
            for out in c.get("outputs", []) if out.get("output_type") == "stream"]


def _size(folder) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def test_play_offline_click_save_and_load(browser, lite_url, tmp_path) -> None:
    ctx, blocker = _context(browser)
    try:
        page, cold = _run_notebook(ctx, lite_url, "01_play.ipynb")
        _cells_done(page)
        # The route sees the Python worker's requests too (the runtime and the wheels), so it would see
        # any request of theirs off the machine.
        assert any(u.endswith("pyodide.asm.wasm") for u in blocker.local), "the runtime's requests are watched"
        assert any(u.endswith("hotw-0.1.0-py3-none-any.whl") for u in blocker.local), "the wheels' are watched"
        first_visit = blocker.loaded_mib()
        features = json.loads((drv.ROOT / "geodata" / "world.geojson").read_text())["features"]
        assert page.locator(drv.PATHS).count() == len(features), "one path per territory and water space"

        # A click invades and the map restyles.
        _play_draft(page)
        classes = drv.path_classes(page)
        target = next(sid for sid, cls in classes.items() if "hotw-target" in cls and "hotw-free" in cls)
        latency = drv.click_space(page, target, expect="hotw-owner-0")
        page.locator(f'.hotw-marker[data-space="{target}"][data-owner="0"]').wait_for(timeout=10_000)
        drv.screenshot(page, "lite-play.png")

        # A save downloads, and loads back through the upload button.
        page.locator(".hotw-save-fold").click()
        link = page.locator(".hotw-save-link a")
        link.wait_for(timeout=30_000)
        moves = int(link.get_attribute("data-moves") or 0)
        with page.expect_download() as download:
            link.click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        text = saved.read_text()
        assert text == base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode()
        assert len(json.loads(text)["actions"]) == moves
        page.locator(".hotw-next").click()  # one more step, so that loading visibly goes back
        page.wait_for_function("(n) => { const a = document.querySelector('.hotw-save-link a');"
                               " return a && Number(a.dataset.moves) > n; }", arg=moves, timeout=30_000)
        with page.expect_file_chooser() as chooser:
            page.locator(".hotw-load").click()
        chooser.value.set_files(str(saved))
        page.wait_for_function(
            "(n) => new RegExp('Loaded a game of .*\\\\(' + n + ' moves\\\\)').test("
            "document.querySelector('.hotw-message').innerText)", arg=moves, timeout=30_000)
        page.close()

        # The same profile again: the files come from the browser's cache.
        page, cached = _run_notebook(ctx, lite_url, "01_play.ipynb")
        page.close()
    finally:
        ctx.close()
    print(f"\nstatic page: first map {cold:.1f} s cold, {cached:.1f} s cached; click to restyle {latency:.0f} ms; "
          f"dist/lite {_size(LITE):.1f} MiB, of which a first visit loads {first_visit:.1f} MiB")
    assert blocker.blocked == [], blocker.blocked


@pytest.mark.parametrize("name, ready", [
    ("02_rules_walkthrough.ipynb", ".hotw-demo"),
    # Japanese in the browser's Python: the catalogs and Babel's lists and numbers ship in the page
    ("02_rules_walkthrough.ja.ipynb", ".hotw-demo"),
    ("03_history_classroom.ipynb", drv.PATHS),
    ("05_heroes.ipynb", drv.PATHS),
    ("05_heroes_walkthrough.ipynb", ".hotw-demo"),
    ("07_classic_walkthrough.ipynb", ".hotw-demo"),
])
def test_lessons_run_offline(browser, lite_url, name, ready) -> None:
    ctx, blocker = _context(browser)
    try:
        page, seconds = _run_notebook(ctx, lite_url, name, ready)
        _cells_done(page)
        # The outputs nbval checks (odds, a demo's score, Rome's lands) are the same in the browser's Python.
        shown = page.evaluate("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                              ".map(e => e.textContent).join('\\n')")
        expected = _checked_outputs(drv.ROOT / "notebooks" / name)
        assert expected or name == "05_heroes.ipynb", f"{name} has no checked outputs"
        for text in expected:
            assert text.strip() in shown, text
        page.wait_for_timeout(1000)
        page.screenshot(path=str(drv.SHOTS / f"lite-{name.removesuffix('.ipynb').replace('.', '-')}.png"),
                        full_page=False)
        print(f"\n{name}: every cell ran in {seconds:.1f} s")
    finally:
        ctx.close()
    assert blocker.blocked == [], blocker.blocked


def test_classroom_link_opens_the_game_without_code(browser, lite_url) -> None:
    """app.html: JupyterLite's REPL runs 01_play's code with the code hidden (the classroom link)."""
    ctx, blocker = _context(browser)
    try:
        page = ctx.new_page()
        start = time.monotonic()
        page.goto(f"{lite_url}app.html", timeout=60_000)
        page.wait_for_selector(drv.PATHS, timeout=START)
        seconds = time.monotonic() - start
        assert "hotw.ui.start" not in page.locator(".jp-CodeConsole").inner_text()
        page.wait_for_timeout(1000)
        page.screenshot(path=str(drv.SHOTS / "lite-app.png"))
        print(f"\napp.html: first map in {seconds:.1f} s")
    finally:
        ctx.close()
    assert blocker.blocked == [], blocker.blocked
