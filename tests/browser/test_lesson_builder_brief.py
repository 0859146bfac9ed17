"""The lesson builder of A Brief History in a real (headless) chromium: a two-player position (two colours a
player) built by mouse and keyboard, a refused army, gold set, and a what-if run from it.

Screenshots go to test-artifacts/ (or to $HOTW_SCREENSHOT_DIR, e.g. docs/screenshots).
"""

from __future__ import annotations

import voila_driver as drv
from test_lesson_builder import EDITOR, _classes, _message, _piece, _screenshot, _seat, _wait_message

PAGE = "editor_brief.ipynb"


def test_build_a_two_player_brief_position_refuse_an_army_and_ask_what_if(voila_url) -> None:
    with drv.browser_page(width=1300, height=1000) as (page, _blocker):
        page.goto(voila_url + PAGE, timeout=120_000)
        page.wait_for_selector(f"{EDITOR} path.hotw-space", timeout=120_000)
        assert page.locator(".hotw-error:visible").count() == 0
        seats = page.locator(".hotw-editor-seat button").all_inner_texts()
        assert [s.strip() for s in seats] == ["● Ada (orange)", "■ Ben (blue)", "▲ Ada (green)", "◆ Ben (vermilion)"]

        # By mouse: Ada's green army in the Balkans, Ben's blue one in Egypt's delta, a fort with it.
        _seat(page, 2)
        _piece(page, "Army")
        drv.click_space(page, "balkans", scope=EDITOR)
        assert "Laid an army of Ada (green) on Balkans." in _wait_message(page, "Balkans")
        page.wait_for_function("() => document.querySelector('.hotw-editor path.hotw-id-balkans')"
                               ".classList.contains('hotw-owner-2')", timeout=20_000)
        _seat(page, 1)
        drv.click_space(page, "nile_delta", scope=EDITOR)
        assert "Laid an army of Ben (blue) on Nile Delta." in _wait_message(page, "Nile Delta")
        _piece(page, "Fort")
        drv.click_space(page, "nile_delta", scope=EDITOR)
        assert "Laid a fort on Nile Delta." in _wait_message(page, "fort")

        # The keyboard path: a capital in Southern Italia from the land list, then Tab to Place / remove and Enter.
        _piece(page, "Capital")
        page.locator(".hotw-editor-land select").select_option(label="Southern Italia")
        page.locator(".hotw-editor-land select").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.innerText.includes('Place')")
        page.keyboard.press("Enter")
        assert "Laid a capital on Southern Italia." in _wait_message(page, "capital")

        # Refused: an army in the Sahara, one line naming the land; the map keeps its look.
        _piece(page, "Army")
        before = _classes(page, "sahara")
        drv.click_space(page, "sahara", scope=EDITOR)
        text = _wait_message(page, "Refused")
        assert "Refused: Sahara is barren land; no army or piece may stand there" in text
        assert "\n" not in text.strip() and _classes(page, "sahara") == before

        # Gold per colour: Ben's vermilion colour on 12.
        box = page.locator(".hotw-editor-score-3 input")
        box.fill("12")
        box.press("Enter")
        _wait_message(page, "Gold set to 1, 2, 3, 12")
        assert "Ben (vermilion) 12" in page.locator(".hotw-summary").inner_text()
        _screenshot(page, "lesson_builder_brief.png", EDITOR)

        # What if: the Brief bots, from the editor's position.
        assert "heuristic:hard" in page.locator(".hotw-whatif-bots select").inner_text()
        page.locator(".hotw-whatif-change select").select_option(label="Start from the editor's position")
        page.locator(".hotw-whatif-run").click()
        page.wait_for_function("() => document.querySelector('.hotw-whatif-status').innerText.startsWith('Done')",
                               timeout=120_000)
        assert page.locator(".hotw-whatif-table tr[data-seat]").count() == 2
        assert "unchanged" in page.locator(".hotw-whatif-result").inner_text() and _message(page)
