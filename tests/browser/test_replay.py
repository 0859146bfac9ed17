"""The end of a game and its replay in a real browser: the summary, the world in view, steps and epochs on the map."""

from __future__ import annotations

import voila_driver as drv

PLAY = "01_play.ipynb"


def _caption(page) -> dict[str, str]:
    return page.evaluate("() => ({...document.querySelector('.hotw-replay-caption [data-step]').dataset})")


def test_a_finished_game_is_summed_up_and_replayed(new_page, voila_url) -> None:
    page = new_page
    page.goto(voila_url + PLAY, timeout=120_000)
    drv.wait_for_map(page)

    page.locator(".hotw-to-end").click()
    summary = page.locator(".hotw-summary")
    summary.wait_for(timeout=120_000)
    assert "wins with" in summary.inner_text()
    assert page.locator(".hotw-summary svg.hotw-chart polyline").count() == 3
    assert page.locator(".hotw-summary-table tr[data-seat]").count() == 3
    # The whole world is in view: Alaska and New Zealand's lands are both inside the map.
    page.wait_for_function("""() => {  // the map zooms out (animated) until every land is inside it
        const m = document.querySelector('.hotw-map .leaflet-container').getBoundingClientRect();
        const boxes = [...document.querySelectorAll('path.hotw-land')].map(p => p.getBoundingClientRect());
        const west = Math.min(...boxes.map(b => b.left)), east = Math.max(...boxes.map(b => b.right));
        return west >= m.left - 2 && east <= m.right + 2; }""", timeout=15_000)
    drv_markers = page.locator(".hotw-marker[data-owner]").count()
    drv.screenshot(page, "game-over.png")

    # The replay starts at the beginning: almost nothing on the board.
    page.locator(".hotw-replay").click()
    page.locator(".hotw-replay-caption [data-step='0']").wait_for(timeout=30_000)
    page.wait_for_function("(n) => document.querySelectorAll('.hotw-marker[data-owner]').length < n",
                           arg=drv_markers, timeout=30_000)
    page.locator(".hotw-summary-box").wait_for(state="hidden", timeout=30_000)  # the page follows the kernel's messages
    page.wait_for_function("() => document.querySelector('.hotw-next button, button.hotw-next')?.disabled",
                           timeout=30_000)

    # Epoch by epoch, then move by move, the map follows the history.
    page.locator(".hotw-replay-epoch-next").click()
    page.wait_for_function("() => document.querySelector('.hotw-replay-caption [data-step]').dataset.epoch === '2'",
                           timeout=30_000)
    step = int(_caption(page)["step"])
    page.locator(".hotw-replay-next").click()
    page.wait_for_function("(s) => document.querySelector('.hotw-replay-caption [data-step]').dataset.step === s",
                           arg=str(step + 1), timeout=30_000)
    assert int(page.locator(".hotw-status-line").get_attribute("data-epoch") or 0) == 2
    drv.screenshot(page, "replay.png")

    # A click on the map in a replay changes nothing and says why.
    classes = drv.path_classes(page)
    land = next(sid for sid, cls in classes.items() if "hotw-land" in cls)
    drv.click_space(page, land)
    page.wait_for_function("() => /replay/i.test(document.querySelector('.hotw-message').innerText)")

    # Back to the game: the end again, with its summary.
    page.locator(".hotw-replay-leave").click()
    summary.wait_for(timeout=30_000)
    assert page.locator(".hotw-replay-bar").is_hidden()
    assert page.locator(".hotw-error").is_hidden()
