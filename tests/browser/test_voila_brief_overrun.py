"""An overrun on the map in Voila: the rulebook's Romans example played by clicks in headless chromium.

Ada's Romans stand in Dalmatia with the Invasion dial at +2 (a position); a click invades the
Balkans, the seeded dice give the rulebook's five points, and the overrun goes on land by land:
Western Anatolia, then the Levant. At each step the map shows the lands taken so far (outlined and
numbered), the lands the spare points can still take, and the points left. Skipped like
tests/browser/test_voila.py when chromium, Playwright or Voila is missing.
"""

from __future__ import annotations

import pytest

import voila_driver as drv
from test_voila import _screenshot


@pytest.fixture(scope="module")
def page(voila_url):
    with drv.browser_page() as (page, _blocker):  # the shared Voila server (conftest.py) serves this page
        page.set_viewport_size({"width": 1400, "height": 1500})  # the screenshot's height: no resize under the mouse
        page.goto(voila_url + "brief_overrun.ipynb", timeout=120_000)
        drv.wait_for_map(page)
        yield page


def _wait_step(page, want: str) -> None:
    page.wait_for_function(
        "(s) => { const e = document.querySelector('.hotw-status-line');"
        " return e && e.dataset.step === s && e.dataset.player === '0'; }", arg=want, timeout=60_000)


def _taken(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries([...document.querySelectorAll('.hotw-marker[data-taken]')]"
                         ".map(m => [m.dataset.space, m.dataset.taken]))")


def _hover(page, sid: str, text: str) -> None:
    """Point at a land, entering it from outside as a hand does, until the hover panel says ``text``."""
    drv.settle(page, sid)
    x, y = drv.point_inside(page, sid)
    page.mouse.move(x - 30, y + 30)
    page.mouse.move(x, y, steps=6)
    page.wait_for_function("(t) => document.querySelector('.hotw-hover').innerText.includes(t)", arg=text,
                           timeout=10_000)


def test_the_romans_overrun_shows_on_the_map_as_it_happens(page) -> None:
    assert drv.step(page) == ("turn_start", 0)
    page.locator(".hotw-choice-establish").first.click()
    _wait_step(page, "expand")
    assert page.locator(".hotw-dial").get_attribute("data-dial") == "2"
    drv.click_space(page, "balkans")
    page.wait_for_function("() => ['monument', 'overrun'].includes("
                           "document.querySelector('.hotw-status-line').dataset.step)", timeout=60_000)
    if drv.step(page)[0] == "monument":  # the Balkans' resource symbol is the second: a monument may be built
        page.locator(".hotw-choice-no_monument").first.click()
        _wait_step(page, "overrun")
    assert page.locator("div.hotw-points").get_attribute("data-points") == "3"
    assert _taken(page) == {"balkans": "1"}
    classes = drv.path_classes(page)
    targets = {sid for sid, cls in classes.items() if "hotw-target" in cls}
    assert targets == {"danubia", "western_anatolia"}, "only Ben's lands next to the Balkans, no fort, no sea"
    drv.click_space(page, "western_anatolia", expect="hotw-owner-0")
    page.wait_for_function("() => document.querySelector('div.hotw-points')?.dataset.points === '1'", timeout=60_000)
    assert _taken(page) == {"balkans": "1", "western_anatolia": "2"}
    assert {sid for sid, cls in drv.path_classes(page).items() if "hotw-target" in cls} == {"levant"}
    assert "Taken so far: Balkans → Western Anatolia" in page.locator(".hotw-overrun-path").first.inner_text()
    assert page.locator('.hotw-marker[data-space="western_anatolia"] .hotw-taken').inner_text() == "2"
    assert "overrun it" in page.locator(".hotw-choices").first.inner_text()
    _hover(page, "levant", "Click to overrun it for 1 of your 1 point (no dice)")
    _screenshot(page, "brief-overrun.png")  # sizes the page to the app: the map may move under the mouse
    _hover(page, "levant", "Click to overrun it for 1 of your 1 point (no dice)")
    page.screenshot(path=str(drv.SHOTS / "brief-overrun.png"))  # the same size again, the hover in place
    drv.click_space(page, "levant", expect="hotw-owner-0")
    page.wait_for_function("() => ['monument', 'expand'].includes("
                           "document.querySelector('.hotw-status-line').dataset.step)", timeout=60_000)
    if drv.step(page)[0] == "monument":  # the Levant's symbol is the fourth: a second monument may be built
        page.locator(".hotw-choice-no_monument").first.click()
        _wait_step(page, "expand")
    assert _taken(page) == {}  # the invasion is over
    assert page.locator(".hotw-error").is_hidden()
