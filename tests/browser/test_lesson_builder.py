"""The lesson builder in a real (headless) chromium: a position built by mouse and keyboard, refused pieces,
saved, loaded again in a fresh kernel, played on, and a what-if run and stopped from it.

Screenshots go to test-artifacts/ (or to $HOTW_SCREENSHOT_DIR, e.g. docs/screenshots).
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
from pathlib import Path

import voila_driver as drv

SHOTS = Path(os.environ.get("HOTW_SCREENSHOT_DIR") or drv.ROOT / "test-artifacts")
EDITOR = ".hotw-editor"
MAP = ".hotw-editor > .hotw-map"  # the editor's own map (the game played on from it has another)
GAME = ".hotw-editor-game"


def _open(page, url: str) -> None:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(f"{EDITOR} path.hotw-space", timeout=120_000)


def _message(page) -> str:
    return page.locator(".hotw-editor-message").inner_text()


def _wait_message(page, text: str) -> str:
    page.wait_for_function("(t) => document.querySelector('.hotw-editor-message').innerText.includes(t)",
                           arg=text, timeout=20_000)
    return _message(page)


def _piece(page, label: str) -> None:
    page.locator(".hotw-editor-piece button", has_text=label).first.click()


def _seat(page, index: int) -> None:
    page.locator(".hotw-editor-seat button").nth(index).click()


def _classes(page, sid: str) -> str:
    return page.evaluate("(sid) => document.querySelector('.hotw-editor path.hotw-id-' + sid).getAttribute('class')",
                         sid)


def _focus_outline(page) -> tuple[str, float]:
    """The outline style and width of the element that has the keyboard focus."""
    found = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                          " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    return str(found[0]), float(found[1])


def _screenshot(page, name: str, selector: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().bottom + 40", selector)
    page.set_viewport_size({"width": size["width"], "height": int(max(height, size["height"]))})
    page.wait_for_timeout(400)
    path = SHOTS / name
    page.locator(selector).first.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


def test_build_a_position_save_it_reload_it_play_on_and_ask_what_if(voila_url) -> None:
    with drv.browser_page(width=1300, height=1000) as (page, _blocker):
        _open(page, voila_url + "editor.ipynb")
        assert page.locator(".hotw-error:visible").count() == 0

        # By mouse: armies of Player 2 in Libya and the Shatts Plateau, a capitol in Libya.
        _seat(page, 1)
        _piece(page, "Army")
        for land in ("libya", "shatts_plateau"):
            drv.click_space(page, land, expect="hotw-owner-1", scope=EDITOR)
        page.locator('.hotw-editor .hotw-marker[data-space="libya"][data-owner="1"]').wait_for(timeout=10_000)
        _piece(page, "Capitol")
        drv.click_space(page, "libya", scope=EDITOR)
        page.locator('.hotw-editor .hotw-marker[data-space="libya"][data-capitol="1"]').wait_for(timeout=10_000)

        # By keyboard: the Fort button, then Libya in the land list and Place / remove, each with a visible focus.
        fort = page.locator(".hotw-editor-piece button", has_text="Fort").first
        fort.focus()
        style, width = _focus_outline(page)
        assert style != "none" and width >= 2, (style, width)
        page.keyboard.press("Enter")
        land = page.locator(".hotw-editor-land select")
        land.focus()
        assert _focus_outline(page)[0] != "none"
        page.keyboard.type("Levant")  # type-ahead in the focused list picks the land
        page.wait_for_function("() => document.querySelector('.hotw-editor-hover, .hotw-hover').innerText"
                               ".includes('Levant')", timeout=10_000)
        page.keyboard.press("Tab")  # to Place / remove
        assert page.evaluate("() => document.activeElement.innerText.includes('Place')")
        assert _focus_outline(page)[0] != "none"
        page.keyboard.press("Enter")
        page.locator('.hotw-editor .hotw-marker[data-space="levant"][data-fort="1"]').wait_for(timeout=10_000)
        assert "Laid a fort on Levant" in _wait_message(page, "Levant")

        # Refused pieces: each one line naming the land and the piece, and nothing changes on the map.
        before = {sid: _classes(page, sid) for sid in ("libya", "levant", "sahara", "north_sea")}
        _piece(page, "Army")
        drv.click_space(page, "sahara", scope=EDITOR)
        text = _wait_message(page, "Refused")
        assert "Refused: Sahara is barren land" in text and "\n" not in text.strip()
        _piece(page, "Fort")
        drv.click_space(page, "north_sea", scope=EDITOR)
        assert "Refused: North Sea is water" in _wait_message(page, "North Sea")
        assert {sid: _classes(page, sid) for sid in before} == before
        assert page.locator(".hotw-editor .hotw-marker[data-fort]").count() == 1

        # A score, typed in: two markers on one space are refused, a free space is taken.
        score = page.locator(".hotw-editor-score-1 input")
        score.fill("1")
        score.press("Enter")
        assert "Refused: Scores: must be one space of the score track" in _wait_message(page, "Refused: Scores")
        score.fill("9")
        score.press("Enter")
        _wait_message(page, "Scores set to 1, 9, 3")
        shot = _screenshot(page, "lesson_builder.png", EDITOR)
        assert shot.stat().st_size > 20_000

        # Save as lesson: a download link holding the scenario.
        page.locator(".hotw-editor-save").click()
        link = page.locator(".hotw-editor-download")
        link.wait_for(timeout=10_000)
        href = link.get_attribute("href") or ""
        lesson = json.loads(base64.b64decode(href.split(",", 1)[1]))
        position = lesson["rules"]["position"]
        assert position["armies"] == {"libya": 1, "shatts_plateau": 1} and position["forts"] == ["levant"]
        assert position["structures"] == {"libya": "capitol"} and position["scores"] == [1, 9, 3]
        saved = Path(tempfile.mkdtemp(prefix="hotw-lesson-")) / "Carthage fortified.json"
        saved.write_text(json.dumps(lesson), encoding="utf-8")

        # A fresh kernel: the page opened again, the lesson loaded from the file.
        _open(page, voila_url + "editor.ipynb")
        assert page.locator(".hotw-editor .hotw-marker").count() == 0
        with page.expect_file_chooser() as chooser:
            page.locator(".hotw-editor-load").click()
        chooser.value.set_files(str(saved))
        _wait_message(page, "Loaded Carthage fortified.json")
        page.locator('.hotw-editor .hotw-marker[data-space="levant"][data-fort="1"]').wait_for(timeout=10_000)
        assert "hotw-owner-1" in _classes(page, "libya")

        # Play on from here: Player 1 (a person) plays the Romans, bots the other seats.
        page.locator(".hotw-editor-play").click()
        page.wait_for_selector(f"{GAME} path.hotw-space", timeout=60_000)
        status = page.locator(f"{GAME} .hotw-status-line").first
        status.wait_for(timeout=30_000)
        assert status.get_attribute("data-step") == "invade" and status.get_attribute("data-player") == "0"
        game_classes = page.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('.hotw-editor-game path.hotw-space')].map("
            "p => [p.getAttribute('class').match(/hotw-id-(\\S+)/)[1], p.getAttribute('class')]))")
        assert "hotw-owner-1" in game_classes["libya"] and "hotw-owner-0" in game_classes["southern_italia"]
        target = next(s for s, c in game_classes.items() if "hotw-target" in c and "hotw-free" in c)
        drv.click_space(page, target, expect="hotw-owner-0", scope=GAME)
        _screenshot(page, "lesson_builder_play_on.png", GAME)

        # What if? Ties held by the defender, both games from the loaded position; then a run stopped at once.
        page.locator(".hotw-whatif-change select").select_option(label="A rule option")
        page.locator(".hotw-whatif-rule select").wait_for(timeout=10_000)
        page.locator(".hotw-whatif-rule select").select_option(label="tie rule")
        page.wait_for_function("() => [...document.querySelectorAll('.hotw-whatif-value option')]"
                               ".some(o => o.textContent === 'defender_holds')", timeout=10_000)
        page.locator(".hotw-whatif-value select").select_option(label="defender_holds")
        page.locator(".hotw-whatif-both input").check()
        page.locator(".hotw-whatif-run").click()
        page.wait_for_function("() => /Done/.test(document.querySelector('.hotw-whatif-status').innerText)",
                               timeout=120_000)
        rows = page.locator(".hotw-whatif-table tr[data-seat]")
        assert rows.count() == 3
        assert "tie_rule defender_holds" in page.locator(".hotw-whatif-output").inner_text()
        _screenshot(page, "lesson_builder_what_if.png", ".hotw-whatif")
        # The run to stop plays the most games the slider allows, by keyboard (End), so it cannot end before the
        # Stop click reaches the kernel, however busy the machine is (a short run could, and then reads "Done").
        handle = page.locator(".hotw-whatif-games .noUi-handle")
        handle.focus()
        handle.press("End")
        page.wait_for_function("() => document.querySelector('.hotw-whatif-games .widget-readout').innerText"
                               ".trim() === '1000'", timeout=10_000)
        page.locator(".hotw-whatif-run").click()
        page.locator(".hotw-whatif-stop").click()
        page.wait_for_function("() => /Stopped/.test(document.querySelector('.hotw-whatif-status').innerText)",
                               timeout=60_000)
        page.wait_for_function("() => !document.querySelector('.hotw-whatif-run').disabled", timeout=30_000)
        assert page.locator(".hotw-error:visible").count() == 0
