"""A hero's life on the map and the Heroes walkthrough, served by Voila, in a real (headless) chromium.

Skipped like ``test_voila.py`` when chromium, Playwright or Voila is missing (unless
HOTW_REQUIRE_BROWSER=1). Screenshots go to test-artifacts/ (or $HOTW_SCREENSHOT_DIR).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

import voila_driver as drv
from hotw.rulesets.heroes.cardcheck import load_content
from test_voila import FONTAWESOME, REQUIRE, _missing

SHOTS = Path(os.environ.get("HOTW_SCREENSHOT_DIR") or drv.ROOT / "test-artifacts")
WALKTHROUGH = drv.ROOT / "notebooks" / "05_heroes_walkthrough.ipynb"


def _skip_without_browser() -> None:
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)


def _wait(until, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if until():
            return
        time.sleep(0.2)
    raise AssertionError("the page did not change in time")


def test_a_heros_life_on_the_map(tmp_path: Path) -> None:
    _skip_without_browser()
    notebook = tmp_path / "hero_life.ipynb"
    cell = {"cell_type": "code", "execution_count": None, "id": "a", "metadata": {}, "outputs": [],
            "source": ["from hotw.ui import lesson\n", 'lesson.HeroLife("charlemagne")']}
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
                        encoding="utf-8")
    with drv.voila_server(notebook) as url, drv.browser_page(1300, 900) as (page, blocker):
        page.goto(url, timeout=120_000)
        drv.wait_for_map(page)
        page.wait_for_selector(".hotw-life-pin", timeout=60_000)
        pins = lambda: page.locator(".hotw-life-pin").all_inner_texts()  # noqa: E731
        assert pins() == ["1", "2", "3", "4", "5"]
        assert "hotw-filled" in drv.path_classes(page)["europe"]
        assert "Einhard" in page.locator(".hotw-life").inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "hero_life_charlemagne.png"), full_page=True)
        zheng_he = load_content().heroes["zheng_he"]
        page.locator(".hotw-hero-pick select").select_option(label=f"{zheng_he.name} ({zheng_he.dates})")
        _wait(lambda: "Malindi" in page.locator(".hotw-life").inner_text())
        assert len(pins()) == 5 and "hotw-filled" in drv.path_classes(page)["africa"]
        page.wait_for_timeout(800)  # the map's move to the new places
        page.screenshot(path=str(SHOTS / "hero_life_zheng_he.png"), full_page=True)
        assert not [u for u in blocker.blocked if FONTAWESOME not in u], blocker.blocked  # Voila's own icon font


def test_the_heroes_walkthrough(tmp_path: Path) -> None:
    _skip_without_browser()
    with drv.voila_server(WALKTHROUGH) as url, drv.browser_page(1300, 1000) as (page, _):
        page.goto(url, timeout=180_000)
        page.wait_for_selector(".hotw-heroes-demo", timeout=120_000)
        _wait(lambda: len(page.locator(".hotw-heroes-demo").all()) == 10, timeout=120)
        text = page.content()
        assert "Europe worth 12: Ben 12, Cy 6, Dee 2, Ada 0" in text
        assert "the conquest die shows Victorious offensive" in text
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "heroes_walkthrough.png"), full_page=True)
