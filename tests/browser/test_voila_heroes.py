"""The Heroes of the World notebook served by Voila, driven in a real (headless) chromium.

Skipped like ``test_voila.py`` when chromium, Playwright or Voila is missing (unless
HOTW_REQUIRE_BROWSER=1). A screenshot goes to test-artifacts/ (or $HOTW_SCREENSHOT_DIR).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import voila_driver as drv
SHOTS = Path(os.environ.get("HOTW_SCREENSHOT_DIR") or drv.ROOT / "test-artifacts")


@pytest.fixture(scope="module")
def page(voila_url):
    with drv.browser_page(1400, 1300) as (pg, _):  # the shared Voila server (conftest.py) serves this page
        pg.goto(voila_url + "heroes.ipynb", timeout=120_000)
        drv.wait_for_map(pg)
        yield pg


def _wait(page, until, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if until():
            return
        time.sleep(0.2)
    raise AssertionError("the page did not change in time")


def test_place_start_figures_and_play_a_hero(page) -> None:  # type: ignore[no-untyped-def]
    classes = drv.path_classes(page)
    assert len(classes) == 9 and all("hotw-area" in c for c in classes.values())
    assert "hotw-closed" in classes["europe"] and "hotw-target" in classes["china"]
    while drv.step(page)[0] == "start":
        before = len(page.locator(".hotw-log-list li").all())
        drv.click_space(page, "china")
        _wait(page, lambda: len(page.locator(".hotw-log-list li").all()) > before)
        _wait(page, lambda: drv.step(page) != ("start", 1) and drv.step(page) != ("start", 2))
    assert drv.step(page) == ("choose", 0)
    page.get_by_role("button", name="Draw from the deck").click()
    _wait(page, lambda: drv.step(page)[0] == "play")
    page.locator("button.hotw-play").first.click()
    _wait(page, lambda: drv.step(page)[0] != "play")
    assert "The conquest die" in page.content() and "Victorious offensive" in page.content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "heroes_turn.png"), full_page=True)
