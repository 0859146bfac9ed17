"""The play notebook served by Voila, driven in a real (headless) chromium.

The Voila server is shared with the other browser tests (``conftest.py``), which
skip them when chromium, Playwright or Voila is missing.
Screenshots go to test-artifacts/ (or to $HOTW_SCREENSHOT_DIR, e.g. docs/screenshots).
"""

from __future__ import annotations

import json

import pytest

import voila_driver as drv

REQUIRE, _missing = drv.REQUIRE, drv.missing  # for the other browser tests that import them from here
SHOTS = drv.SHOTS
#: Voila's icon font, which other tests once allowed to leave the machine; the app's page template
#: no longer asks for it (nothing leaves the machine), so a filter by this name keeps nothing.
FONTAWESOME = "fontawesome"


@pytest.fixture(scope="module")
def page_and_blocker(voila_url):
    with drv.browser_page() as (page, blocker):
        page.goto(voila_url + "01_play.ipynb", timeout=120_000)
        drv.wait_for_map(page)
        yield page, blocker


def _wait_step_change(page, before: tuple[str, int]) -> None:
    """Wait until the decision changed and is Ada's again (instant bots play theirs in between)."""
    page.wait_for_function(
        "(s) => { const e = document.querySelector('.hotw-status-line');"
        " return e && (e.dataset.step + ':' + e.dataset.player) !== s && e.dataset.player === '0'; }",
        arg=f"{before[0]}:{before[1]}", timeout=30_000,
    )


def _play_draft(page) -> None:
    """Make Ada's card choices with the buttons until her empire invades."""
    for _ in range(12):
        step = drv.step(page)
        if step == ("invade", 0):
            return
        assert step[1] == 0, f"a bot decision is pending with instant bots: {step}"
        button = page.locator(".hotw-skip" if step[0] == "kingdom" else ".hotw-choice").first
        button.click()
        _wait_step_change(page, step)
    raise AssertionError(f"no invade step for Ada; last step {drv.step(page)}")


def _screenshot(page, name: str) -> None:
    """The whole app (see ``voila_driver.screenshot``)."""
    drv.screenshot(page, name)


def _log_lines(page) -> int:
    return page.locator(".hotw-log li").count()


def test_play_a_turn_in_voila(page_and_blocker) -> None:
    page, blocker = page_and_blocker
    features = json.loads((drv.ROOT / "geodata" / "world.geojson").read_text())["features"]
    assert page.locator(drv.PATHS).count() == len(features), "one path per territory and water space"
    assert page.locator(".hotw-error").is_hidden()

    _play_draft(page)
    classes = drv.path_classes(page)
    assert set(classes) == {f["properties"]["id"] for f in features}
    targets = [sid for sid, cls in classes.items() if "hotw-target" in cls]
    assert targets, "the empire's legal targets are highlighted"

    # An illegal click (open water) explains itself and changes nothing.
    water = next(sid for sid, cls in classes.items() if "hotw-ocean" in cls)
    lines = _log_lines(page)
    drv.click_space(page, water)
    message = page.locator(".hotw-message")
    page.wait_for_function("() => /water/i.test(document.querySelector('.hotw-message').innerText)")
    assert "water" in message.inner_text().lower()
    assert drv.path_classes(page) == classes and _log_lines(page) == lines
    # Water under the mouse keeps its thin outline: it is never a target.
    width = page.evaluate("(sid) => getComputedStyle(document.querySelector('path.hotw-id-' + sid)).strokeWidth",
                          water)
    assert width == "0.6px", width

    # Hovering a target shows the facts of the territory and what a click does.
    x, y = drv.point_inside(page, targets[0])
    page.mouse.move(x, y)
    page.wait_for_function("() => /Click to invade/.test(document.querySelector('.hotw-hover').innerText)")

    # A click on an empty highlighted target places an army: the path, the marker and the log show it.
    target = next(sid for sid in targets if "hotw-free" in classes[sid])
    latency = drv.click_space(page, target, expect="hotw-owner-0")
    marker = page.locator(f'.hotw-marker[data-space="{target}"][data-owner="0"]')
    marker.wait_for(timeout=10_000)
    assert "hotw-active" in drv.path_classes(page)[target]
    # The map's style and the log travel in separate widget messages: wait for the log too.
    page.wait_for_function("() => /invades? .*: empty, taken/.test(document.querySelector('.hotw-log').innerText)",
                           timeout=20_000)
    handler = page.locator(".hotw-timing-value").get_attribute("data-ms")
    print(f"\nclick-to-restyled latency in the browser: {latency:.0f} ms (Python handler {handler} ms)")

    # The screenshot of a turn: targets lit, the hover facts of one of them.
    classes = drv.path_classes(page)
    lit = [sid for sid, cls in classes.items() if "hotw-target" in cls]
    if lit:
        x, y = drv.point_inside(page, next((s for s in lit if "hotw-owner-" in classes[s]), lit[0]))
        page.mouse.move(x, y)
        page.wait_for_function("() => /Click to invade/.test(document.querySelector('.hotw-hover').innerText)")
    _screenshot(page, "play.png")

    # Ending the invasions scores the turn: the breakdown table explains Ada's points.
    step = drv.step(page)
    page.locator(".hotw-end").click()
    _wait_step_change(page, step)
    table = page.locator('.hotw-breakdown .hotw-bd-table[data-seat="0"]')
    table.wait_for(timeout=30_000)
    assert "Total" in table.inner_text()
    assert int(table.get_attribute("data-total") or -1) >= 0
    assert page.locator(".hotw-error").is_hidden()

    # Nothing leaves the machine: a classroom may be offline.
    assert blocker.blocked == [], blocker.blocked


def test_bots_animate_pause_and_play_the_rest_of_the_epoch(page_and_blocker) -> None:
    page, _ = page_and_blocker
    epoch = page.locator(".hotw-status-line").get_attribute("data-epoch")
    log = page.locator(".hotw-log li")
    lines = log.count()

    # At a visible speed the bots move one at a time, and Pause stops them mid-epoch.
    page.locator(".hotw-speed select").select_option("normal")
    page.locator(".hotw-epoch").click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.hotw-log li').length >= n + 2", arg=lines, timeout=30_000)
    page.locator(".hotw-pause").click()
    page.wait_for_function("() => /Paused/.test(document.querySelector('.hotw-message').innerText)",
                           timeout=30_000)
    paused = log.count()
    assert paused > lines
    assert page.locator(".hotw-status-line").get_attribute("data-epoch") == epoch
    page.wait_for_timeout(1200)
    assert log.count() == paused, "no bot moves after Pause"

    # Instantly, the rest of the epoch is played at once.
    page.locator(".hotw-speed select").select_option("instant")
    page.locator(".hotw-epoch").click()
    page.wait_for_function(
        "(e) => document.querySelector('.hotw-status-line').dataset.epoch !== e", arg=epoch, timeout=60_000,
    )
    assert page.locator(".hotw-marker[data-owner]").count() > 0
    assert page.locator(".hotw-error").is_hidden()
    regions = json.loads((drv.ROOT / "geodata" / "world.geojson").read_text())["hotw"]["regions"]
    assert page.locator(".hotw-region-key [data-region]").count() == len(regions)
    _screenshot(page, "midgame.png")

    # Saving offers the game as a JSON download link (works without a server-side file), always the game
    # as it is now: after another move the link is made again.
    page.locator(".hotw-save-fold").click()
    link = page.locator(".hotw-save-link a")
    link.wait_for(timeout=10_000)
    assert (link.get_attribute("href") or "").startswith("data:application/json;base64,")
    moves = int(link.get_attribute("data-moves") or 0)
    page.locator(".hotw-next").click()
    page.wait_for_function("(n) => { const a = document.querySelector('.hotw-save-link a');"
                           " return a && Number(a.dataset.moves) > n; }", arg=moves, timeout=30_000)


def test_a_map_dragged_off_the_board_comes_back(page_and_blocker) -> None:
    """Leaflet lets a map be dragged into empty grey; the game brings it back onto the board once the pan ends."""
    page, _ = page_and_blocker
    page.locator(".hotw-map").scroll_into_view_if_needed()
    centre = ("() => { const r = document.querySelector('.hotw-map').getBoundingClientRect();"
              " const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
              " return !!(e && e.closest('.hotw-map path.leaflet-interactive')); }")
    for _ in range(3):  # to the south-east, three times: the map's centre far to the north-west of the board
        box = page.locator(".hotw-map").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x - 250, y - 150)
        page.mouse.down()
        page.mouse.move(x + 250, y + 150, steps=10)
        page.mouse.up()
        page.wait_for_timeout(300)
    page.wait_for_function(centre, timeout=15_000)  # a land or sea of the board under the map's centre again
    assert page.locator(".hotw-error").is_hidden()
    _screenshot(page, "map-kept-on-board.png")
