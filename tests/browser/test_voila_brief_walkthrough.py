"""The Brief walkthrough (notebook 08) served by Voila and read in a real (headless) chromium.

Skipped like tests/browser/test_voila.py when chromium, Playwright or Voila is missing.
"""

from __future__ import annotations

import voila_driver as drv


def test_every_brief_demo_draws_its_map_rolls_and_gold(voila_url, new_page) -> None:
    page = new_page
    page.set_viewport_size({"width": 1200, "height": 1000})
    page.goto(voila_url + "brief_walkthrough.ipynb", timeout=120_000)
    page.wait_for_function("document.querySelectorAll('.hotw-demo').length >= 7", timeout=120_000)
    demos = page.locator(".hotw-demo")
    for i in range(7):  # each demo's small map has its lands drawn
        demos.nth(i).locator(".leaflet-container path.hotw-space").first.wait_for(state="attached", timeout=60_000)
    assert page.locator(".hotw-lesson-battle").count() == 6  # points, the dial (two rolls), overrun twice, event
    assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    assert "mountain + fort" in page.locator("pre").filter(has_text="mountain + fort").first.inner_text()
    overrun = demos.nth(3)
    numbers = overrun.locator(".hotw-marker[data-taken] .hotw-taken")
    assert [numbers.nth(i).inner_text() for i in range(numbers.count())] == ["1", "2"]
    assert "Danubia is next to the Balkans, not to Anatolia" in overrun.inner_text()
    gold = demos.nth(5)
    assert "mastery" in gold.inner_text() and "dominance" in gold.inner_text()
    assert page.locator("pre").filter(has_text="'array'").count() == 1  # the position printed
    for i, name in ((3, "08_brief_walkthrough.png"), (5, "08_brief_walkthrough_gold.png")):
        demos.nth(i).scroll_into_view_if_needed()
        page.wait_for_timeout(1500)  # the small map settles
        drv.SHOTS.mkdir(parents=True, exist_ok=True)
        demos.nth(i).screenshot(path=str(drv.SHOTS / name))
