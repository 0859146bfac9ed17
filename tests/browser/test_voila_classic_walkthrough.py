"""The classic rules walkthrough (notebook 06) served by Voila and read in a real (headless) chromium.

Skipped like tests/browser/test_voila.py when chromium, Playwright or Voila is missing.
"""

from __future__ import annotations

import pytest

import voila_driver as drv
from test_voila import REQUIRE, SHOTS, _missing

NOTEBOOK = drv.ROOT / "notebooks" / "07_classic_walkthrough.ipynb"


def test_every_classic_demo_draws_its_map_dice_and_score() -> None:
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    with drv.voila_server(NOTEBOOK) as url, drv.browser_page(1200, 1000) as (page, _blocker):
        page.goto(url, timeout=120_000)
        page.wait_for_function("document.querySelectorAll('.hotw-demo').length >= 7", timeout=120_000)
        demos = page.locator(".hotw-demo")
        for i in range(7):  # each demo's small map has its lands drawn
            demos.nth(i).locator(".leaflet-container path.hotw-space").first.wait_for(state="attached",
                                                                                      timeout=60_000)
        assert page.locator(".hotw-lesson-battle").count() == 5  # border, tie, fort (two rounds), capitol
        assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
        assert "the defender rolls" in page.locator("pre").filter(has_text="the defender rolls").first.inner_text()
        scoring = demos.nth(5)
        assert "dominance" in scoring.inner_text() and "control" in scoring.inner_text()
        scoring.scroll_into_view_if_needed()
        page.wait_for_timeout(1500)  # the map tiles of the scored turn settle
        SHOTS.mkdir(parents=True, exist_ok=True)
        scoring.screenshot(path=str(SHOTS / "07_classic_walkthrough.png"))
