"""`make play` in JupyterLab: the URL it prints opens the game notebook itself, which is not marked modified."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time

import pytest

import voila_driver as drv


def test_make_play_opens_the_notebook_and_leaves_it_unmodified(browser) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = drv.free_port()
    proc = subprocess.Popen(["make", "-s", "play", f"PORT={port}"], cwd=drv.ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        url = None
        deadline = time.monotonic() + 120
        assert proc.stderr is not None
        for line in proc.stderr:
            found = re.search(r"(http://127\.0\.0\.1:\d+/\S+)", line)
            if found:
                url = found.group(1)
                break
            if time.monotonic() > deadline:
                break
        assert url and "/lab/tree/01_play.ipynb" in url, url
        page, _blocker = drv.open_page(browser)
        try:
            page.goto(url, timeout=120_000)
            page.wait_for_selector(".jp-NotebookPanel", timeout=120_000)
            current = page.locator(".lm-TabBar-tab.jp-mod-current").first
            assert "01_play.ipynb" in current.inner_text()
            # The kernel starts and reports its name and language; the file already holds them.
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
            page.wait_for_timeout(3000)
            assert page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0, "the notebook is marked modified"
        finally:
            page.close()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
