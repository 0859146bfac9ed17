"""The play notebook opened on the classic game in Voila, driven in a real (headless) chromium.

Skipped like tests/browser/test_voila.py when chromium, Playwright or Voila is missing.
"""

from __future__ import annotations

import pytest

import voila_driver as drv
from test_voila import _screenshot


@pytest.fixture(scope="module")
def page(voila_url):
    with drv.browser_page() as (page, _blocker):  # the shared Voila server (conftest.py) serves this page
        page.goto(voila_url + "classic.ipynb", timeout=120_000)
        drv.wait_for_map(page)
        yield page


def _wait_new_step(page, before: tuple[str, int]) -> None:
    page.wait_for_function(
        "(s) => { const e = document.querySelector('.hotw-status-line');"
        " return e && (e.dataset.step + ':' + e.dataset.player) !== s && e.dataset.player === '0'; }",
        arg=f"{before[0]}:{before[1]}", timeout=30_000,
    )


def test_play_a_classic_turn_in_voila(page) -> None:
    assert page.locator(".hotw-ruleset-menu").count() == 1, "the game menu offers the rulesets"
    assert "classic" in page.locator(".hotw-ruleset-menu select").inner_text()
    for _ in range(12):
        step = drv.step(page)
        if step == ("expand", 0):
            break
        assert step[1] == 0, f"a bot decision is pending with instant bots: {step}"
        button = {"keep_or_give": ".hotw-keep", "events": ".hotw-begin"}.get(step[0], ".hotw-choice")
        page.locator(button).first.click()
        _wait_new_step(page, step)
    assert drv.step(page) == ("expand", 0)
    page.wait_for_selector("path.hotw-target", timeout=30_000)
    page.wait_for_timeout(2000)  # the map pans to the empire as its turn begins: let it settle
    classes = drv.path_classes(page)
    targets = [sid for sid, cls in classes.items() if "hotw-target" in cls]
    assert targets, "the empire's targets are outlined"
    free = next(sid for sid in targets if "hotw-free" in classes[sid])
    drv.click_space(page, free, expect="hotw-owner-0")
    page.locator(f'.hotw-marker[data-space="{free}"][data-owner="0"]').wait_for(timeout=10_000)
    # The screenshot (it resizes the page, so it comes last): a target's odds under the mouse if one is left.
    lit = [sid for sid, cls in drv.path_classes(page).items() if "hotw-target" in cls]
    for sid in [s for s in lit if s != free][:4] if drv.step(page) == ("expand", 0) else []:
        x, y = drv.point_inside(page, sid)
        page.mouse.move(x - 30, y - 30)
        page.mouse.move(x, y, steps=6)  # entering the land from outside, as a hand does
        try:
            page.wait_for_function("() => /Click to/.test(document.querySelector('.hotw-hover').innerText)",
                                   timeout=3_000)
            break
        except Exception:  # the hover of a neighbouring sea came last: try the next land
            continue
    _screenshot(page, "classic.png")
    assert page.locator(".hotw-error").is_hidden()


def test_preeminence_markers_stay_hidden_until_the_end(page) -> None:
    step = drv.step(page)
    page.locator(".hotw-end").click()
    _wait_new_step(page, step)
    page.locator(".hotw-speed select").select_option("instant")
    epoch = page.locator(".hotw-status-line").get_attribute("data-epoch")
    page.locator(".hotw-epoch").click()
    page.wait_for_function(
        "(e) => document.querySelector('.hotw-status-line').dataset.epoch !== e", arg=epoch, timeout=60_000)
    score = page.locator(".hotw-score-table").inner_text()
    assert "★×" in score, "the leader's marker shows as a count"
    assert "Pre-eminence markers" not in page.locator(".hotw-app").inner_text()
    assert page.locator(".hotw-error").is_hidden()
