"""A game log of a real game (tests/data/classic-logs) opened in the notebook game: it plays as a replay.

Skipped like the other browser tests when chromium, Playwright or Voila is missing.
"""

from __future__ import annotations

from pathlib import Path

import voila_driver as drv

LOG = Path(__file__).resolve().parent.parent / "data" / "classic-logs" / "game001.txt"


def _caption(page) -> dict[str, str]:
    return page.evaluate("() => ({...document.querySelector('.hotw-replay-caption [data-step]').dataset})")


def test_an_imported_game_log_opens_in_the_replay(new_page, voila_url) -> None:
    page = new_page
    page.goto(voila_url + "classic.ipynb", timeout=120_000)
    drv.wait_for_map(page)

    page.locator(".hotw-save-fold").click()
    with page.expect_file_chooser() as chooser:
        page.locator(".hotw-load").click()
    chooser.value.set_files(str(LOG))
    page.locator(".hotw-replay-caption [data-step='0']").wait_for(timeout=60_000)
    page.wait_for_function("() => /Imported the game log game001.txt/.test("
                           "document.querySelector('.hotw-message').innerText)", timeout=30_000)
    assert "Player1" in page.locator(".hotw-message").inner_text()

    # Epoch by epoch through the real game: the map fills with the players' empires.
    for epoch in (2, 3):
        page.locator(".hotw-replay-epoch-next").click()
        page.wait_for_function("(e) => document.querySelector('.hotw-replay-caption [data-step]').dataset.epoch"
                               " === e", arg=str(epoch), timeout=30_000)
    for _ in range(12):  # into Epoch III's first turns
        step = int(_caption(page)["step"])
        page.locator(".hotw-replay-next").click()
        page.wait_for_function("(s) => document.querySelector('.hotw-replay-caption [data-step]').dataset.step"
                               " === s", arg=str(step + 1), timeout=30_000)
    assert page.locator(".hotw-marker[data-owner]").count() > 10
    assert int(page.locator(".hotw-status-line").get_attribute("data-epoch") or 0) == 3
    drv.screenshot(page, "replay-log.png")

    # Back to the game: the finished imported game, its summary shown.
    page.locator(".hotw-replay-leave").click()
    page.locator(".hotw-summary").wait_for(timeout=30_000)
    assert page.locator(".hotw-replay-bar").is_hidden()
    assert page.locator(".hotw-error").is_hidden()
