"""A Brief History of the World in the play notebook, served by Voila and driven in headless chromium.

Skipped like tests/browser/test_voila.py when chromium, Playwright or Voila is missing.
Screenshots go to test-artifacts/ (or $HOTW_SCREENSHOT_DIR, e.g. docs/screenshots).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import voila_driver as drv
from test_voila import _missing, _screenshot

REQUIRE = os.environ.get("HOTW_REQUIRE_BROWSER") == "1"
SHOTS = Path(os.environ.get("HOTW_SCREENSHOT_DIR") or drv.ROOT / "test-artifacts")
BRIEF = ("seed=7)", 'seed=7, speed="instant", ruleset="brief")')


@pytest.fixture(scope="module")
def page():
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    with drv.voila_server(source_edit=BRIEF) as url, drv.browser_page() as (pg, _blocker):
        pg.goto(url, timeout=120_000)
        drv.wait_for_map(pg)
        yield pg


def _wait_change(pg, before: tuple[str, int]) -> None:
    pg.wait_for_function(
        "(s) => { const e = document.querySelector('.hotw-status-line');"
        " return e && (e.dataset.step + ':' + e.dataset.player) !== s && e.dataset.player === '0'; }",
        arg=f"{before[0]}:{before[1]}", timeout=60_000,
    )


def _until_expand(pg) -> None:
    """Ada's allocation choices and the start of her turn, by buttons, until she expands."""
    for _ in range(20):
        step = drv.step(pg)
        if step == ("expand", 0):
            return
        assert step[1] == 0, f"a bot decision is pending with instant bots: {step}"
        button = pg.locator(".hotw-choice-establish" if step[0] == "turn_start" else ".hotw-choice").first
        button.click()
        _wait_change(pg, step)
    raise AssertionError(f"Ada never expands; last step {drv.step(pg)}")


def test_a_brief_turn_in_the_browser(page) -> None:
    pg = page
    assert pg.locator(".hotw-error").is_hidden()
    _until_expand(pg)
    assert pg.locator(".hotw-array").count() == 1, "the Array panel shows the empire's armies"
    assert pg.locator(".hotw-dial").get_attribute("data-dial") == "0"
    assert pg.locator(".hotw-gold-track").count() == 1
    classes = drv.path_classes(pg)
    targets = [sid for sid, cls in classes.items() if "hotw-target" in cls]
    assert targets, "the lands a click places an army in are outlined"
    before = int(pg.locator(".hotw-array").get_attribute("data-armies") or 0)
    free = next(sid for sid in targets if "hotw-free" in classes[sid])
    drv.click_space(pg, free, expect="hotw-owner-0")
    pg.wait_for_function("(n) => +document.querySelector('.hotw-array')?.dataset.armies < n || "
                         "document.querySelector('.hotw-status-line').dataset.step !== 'expand'", arg=before)
    x, y = drv.point_inside(pg, free)
    pg.mouse.move(x, y)
    pg.wait_for_function("() => /invasion point/.test(document.querySelector('.hotw-hover').innerText)")
    _screenshot(pg, "brief-play.png")
    assert pg.locator(".hotw-error").is_hidden()
