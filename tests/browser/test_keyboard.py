"""A whole turn by keyboard alone, the board as text, and the classroom app's server hygiene (reloads, offline)."""

from __future__ import annotations

import time

import voila_driver as drv

PLAY = "01_play.ipynb"

#: What a focused control must show: a thick ring (the app's CSS), never the browser's faint default.
RING = "() => { const e = document.activeElement; const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }"


def tab_to(page, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element is (inside) ``selector``; fail if it never is."""
    for _ in range(limit):
        if page.evaluate("(sel) => !!(document.activeElement && document.activeElement.closest(sel))", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {selector}")


def wait_for_person(page, before: tuple[str, int]) -> None:
    page.wait_for_function(
        "(s) => { const e = document.querySelector('.hotw-status-line');"
        " return e && (e.dataset.step + ':' + e.dataset.player) !== s && e.dataset.player === '0'; }",
        arg=f"{before[0]}:{before[1]}", timeout=30_000)


def test_a_whole_turn_by_keyboard_alone(new_page, voila_url) -> None:
    page = new_page
    page.goto(voila_url + PLAY, timeout=120_000)
    drv.wait_for_map(page)
    page.locator("body").focus()

    # The draft: each card is a button; Tab reaches it and Enter chooses it.
    for _ in range(12):
        step = drv.step(page)
        if step == ("invade", 0):
            break
        tab_to(page, ".hotw-skip" if step[0] == "kingdom" else ".hotw-choice")
        assert page.evaluate(RING) == ["solid", "3px"], "a focused button shows the focus ring"
        page.keyboard.press("Enter")
        wait_for_person(page, step)
    assert drv.step(page) == ("invade", 0)

    # The lands to invade are a list: arrow keys choose one, its odds are read out, Tab and Enter invade.
    tab_to(page, ".hotw-target-list select")
    assert page.evaluate(RING)[1] == "3px"
    texts = page.evaluate("() => [...document.querySelectorAll('.hotw-target-list option')].map(o => o.text.replace(/\u00a0/g, ' '))")
    assert texts and all(o.startswith(("Invade ", "Build a fort in ")) for o in texts), texts
    page.keyboard.press("ArrowDown")
    chosen = page.evaluate("() => { const s = document.querySelector('.hotw-target-list select');"
                           " return s.options[s.selectedIndex].text.replace(/\u00a0/g, ' '); }")
    land = chosen.split(": ", 1)[0].removeprefix("Invade ").removesuffix(" by fleet")
    page.wait_for_function("(name) => document.querySelector('.hotw-hover').innerText.includes(name)", arg=land)
    go = page.locator(".hotw-target-go")
    page.wait_for_function("() => !document.querySelector('.hotw-target-go').disabled")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('hotw-target-go')")
    assert go.inner_text().startswith("Invade ")
    drv.screenshot(page, "keyboard.png")
    lines = page.locator(".hotw-log li").count()
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('.hotw-log li').length > n", arg=lines, timeout=30_000)
    newest = page.locator(".hotw-log li").first.inner_text()
    # "Romans (Ada) invade ...", "Han Dynasty (Ada) invades ..."
    assert f"invade {land}" in newest or f"invades {land}" in newest
    # The focus goes on to the next decision (the list of lands, or its buttons), not back to the page.
    page.wait_for_function("() => !!(document.activeElement && document.activeElement.closest("
                           "'.hotw-targets, .hotw-choices'))", timeout=30_000)

    # The board as a table for a screen reader: a real button opens it, and it says who holds the land.
    tab_to(page, ".hotw-board-fold")
    page.keyboard.press("Enter")
    row = page.locator(".hotw-board-text tr", has_text=land).first
    row.wait_for(timeout=10_000)
    assert "Ada" in row.inner_text()

    # Ending the turn by keyboard scores it: the breakdown explains Ada's points.
    step = drv.step(page)
    tab_to(page, ".hotw-end")
    page.keyboard.press("Enter")
    wait_for_person(page, step)
    page.locator('.hotw-breakdown .hotw-bd-table[data-seat="0"]').wait_for(timeout=30_000)
    assert page.locator(".hotw-error").is_hidden()


def test_reloading_leaves_no_kernel_behind_and_asks_nothing_outside(new_page, voila_url) -> None:
    page = new_page
    before = drv.kernels(voila_url)  # the kernels of other tests' pages on this shared server
    page.goto(voila_url + PLAY, timeout=120_000)
    drv.wait_for_map(page)
    for _ in range(5):
        page.reload(timeout=120_000)
        drv.wait_for_map(page)
    deadline = time.monotonic() + 20
    while drv.kernels(voila_url) > before + 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    left = drv.kernels(voila_url) - before
    assert left <= 1, f"{left} kernels of this page after five reloads"
    assert page.blocker.blocked == [], page.blocker.blocked
