"""The lesson builder of the other rulesets in a real (headless) chromium: a Heroes of the World position built
by mouse and keyboard (figures, progress, a wonder, a hand), a refused figure, saved, loaded again in a fresh
kernel, played on with bots, and a what-if run from it; then a simulation from the saved position. And a
classic position (armies, a fort, monuments, a hand, a refused fort) played on.

Screenshots go to test-artifacts/ (or to $HOTW_SCREENSHOT_DIR, e.g. docs/screenshots).
"""

from __future__ import annotations

import base64
import json
import tempfile
from pathlib import Path

import voila_driver as drv
from test_lesson_builder import EDITOR, GAME, _focus_outline, _message, _piece, _screenshot, _seat, _wait_message

import hotw
from hotw.ui.positionspec import position_spec

PAGE = "editor_heroes.ipynb"


def _open(page, url: str, name: str = PAGE) -> None:
    page.goto(url + name, timeout=120_000)
    page.wait_for_selector(f"{EDITOR} path.hotw-space", timeout=120_000)


def _figures(page, times: int, sid: str, expect: str) -> None:
    for _ in range(times):
        before = _message(page)
        drv.click_space(page, sid, scope=EDITOR)
        page.wait_for_function("(b) => document.querySelector('.hotw-editor-message').innerText !== b",
                               arg=before, timeout=20_000)
    assert expect in _wait_message(page, expect)


def test_build_a_heroes_position_save_it_reload_it_play_on_and_simulate(voila_url) -> None:
    with drv.browser_page(width=1300, height=1000) as (page, _blocker):
        _open(page, voila_url)
        assert page.locator(".hotw-error:visible").count() == 0
        assert "Antiquity" in page.locator(".hotw-editor-epoch select").inner_text()

        # By mouse: Player 3's figures in China (the map marks the leader there), Player 1's in India,
        # two progress tiles in China and the Great Wall built by Player 3.
        _seat(page, 2)
        _piece(page, "Figure +1")
        _figures(page, 3, "china", "Player 3 has 3 figures in China.")
        page.wait_for_function("() => document.querySelector('.hotw-editor path.hotw-id-china')"
                               ".classList.contains('hotw-owner-2')", timeout=20_000)
        _seat(page, 0)
        _figures(page, 2, "india", "Player 1 has 2 figures in India.")
        _piece(page, "Progress +1")
        _figures(page, 2, "china", "China: Agriculture, Architecture.")
        _seat(page, 2)
        _piece(page, "Wonder")
        _figures(page, 1, "china", "Player 3 built Great Wall of China.")

        # By keyboard: the Figure +1 button, then the Mediterranean in the land list and Place / remove.
        _seat(page, 1)
        button = page.locator(".hotw-editor-piece button", has_text="Figure +1").first
        button.focus()
        style, width = _focus_outline(page)
        assert style != "none" and width >= 2, (style, width)
        page.keyboard.press("Enter")
        page.locator(".hotw-editor-land select").focus()
        page.keyboard.type("Mediterranean")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.innerText.includes('Place')")
        page.keyboard.press("Enter")
        assert "Player 2 has 1 figure in Mediterranean." in _wait_message(page, "Mediterranean")

        # Refused: a figure in an area of the modern age, one line naming the area; the map keeps its look.
        before = page.evaluate("() => document.querySelector('.hotw-editor path.hotw-id-europe').getAttribute('class')")
        drv.click_space(page, "europe", scope=EDITOR)
        text = _wait_message(page, "Refused")
        assert "Refused: Europe is an area of the modern age, not open in antiquity" in text
        assert page.evaluate("() => document.querySelector('.hotw-editor path.hotw-id-europe')"
                             ".getAttribute('class')") == before

        # A hand: Player 2 holds Confucius and Cai Lun; the turn starts with Player 2 playing a hero taken.
        labels = dict((v, k) for k, v in position_spec("heroes").hand_choices({"era": 1, "turn": 0}))
        page.locator(".hotw-editor-hand select").select_option(label=[labels["confucius"], labels["cai_lun"]])
        _wait_message(page, "Player 2 holds")
        page.locator(".hotw-editor-turn-seat select").select_option(index=1)
        _wait_message(page, "played by Player 2")
        page.locator(".hotw-editor-turn select").select_option(label="playing a hero already taken")
        _wait_message(page, "playing a hero already taken")
        score = page.locator(".hotw-editor-score-0 input")
        score.fill("6")
        score.press("Enter")
        _wait_message(page, "Scores set to 6, 0, 0")
        shot = _screenshot(page, "lesson_builder_heroes.png", EDITOR)
        assert shot.stat().st_size > 20_000

        # Save as lesson.
        page.locator(".hotw-editor-save").click()
        link = page.locator(".hotw-editor-download")
        link.wait_for(timeout=10_000)
        lesson = json.loads(base64.b64decode((link.get_attribute("href") or "").split(",", 1)[1]))
        position = lesson["rules"]["position"]
        assert lesson["ruleset"] == "heroes" and position["turn"] == 1 and position["step"] == "play"
        assert position["figures"] == {"china": [0, 0, 3], "india": [2, 0, 0], "mediterranean": [0, 1, 0]}
        assert position["boxes"] == {"china": ["agriculture", "architecture"]}
        assert position["wonders"] == {"great_wall": 2} and position["hands"] == {"1": ["cai_lun", "confucius"]}
        saved = Path(tempfile.mkdtemp(prefix="hotw-lesson-")) / "Han China.json"
        saved.write_text(json.dumps(lesson), encoding="utf-8")

        # A fresh kernel: the page opened again (a blank table), the lesson loaded from the file.
        _open(page, voila_url)
        assert page.locator(".hotw-editor .hotw-marker .hotw-army").count() == 0  # no figure on the blank table
        with page.expect_file_chooser() as chooser:
            page.locator(".hotw-editor-load").click()
        chooser.value.set_files(str(saved))
        _wait_message(page, "Loaded Han China.json")
        page.wait_for_function("() => document.querySelector('.hotw-editor path.hotw-id-china')"
                               ".classList.contains('hotw-owner-2')", timeout=20_000)

        # Play on from here: Player 2 is a person and plays Confucius; bots play the other seats.
        page.locator(".hotw-editor-who-1 select").select_option("person")
        page.locator(".hotw-editor-who-0 select").select_option("heuristic:easy")
        page.locator(".hotw-editor-play").click()
        page.wait_for_selector(f"{GAME} path.hotw-space", timeout=60_000)
        status = page.locator(f"{GAME} .hotw-status-line").first
        status.wait_for(timeout=30_000)
        assert status.get_attribute("data-step") == "play" and status.get_attribute("data-player") == "1"
        page.locator(f"{GAME} button.hotw-play", has_text="Confucius").first.click()
        page.wait_for_function("() => document.querySelector('.hotw-editor-game .hotw-status-line')"
                               ".getAttribute('data-step') === 'population'", timeout=30_000)
        drv.click_space(page, "china", scope=GAME)
        page.wait_for_function("() => /places a figure in China/.test(document.querySelector("
                               "'.hotw-editor-game .hotw-log-list').innerText)", timeout=30_000)
        _screenshot(page, "lesson_builder_heroes_play_on.png", GAME)

        # What if? Both games from the loaded position against the usual start.
        page.locator(".hotw-whatif-change select").select_option(label="Start from the editor's position")
        page.locator(".hotw-whatif-run").click()
        page.wait_for_function("() => /Done/.test(document.querySelector('.hotw-whatif-status').innerText)",
                               timeout=180_000)
        assert page.locator(".hotw-whatif-table tr[data-seat]").count() == 3
        assert page.locator(".hotw-error:visible").count() == 0

    # A simulation from the saved lesson's position, as a teacher would run it in a cell.
    table = hotw.simulate("heroes", games=6, bots="heuristic:easy", workers=1, progress=False, start=position)
    assert len(table) == 18 and (table["start"] == table["seat"].map(dict(enumerate([6, 0, 0])))).all()


def test_build_a_classic_position_with_a_hand_and_play_on(voila_url) -> None:
    with drv.browser_page(width=1300, height=1000) as (page, _blocker):
        _open(page, voila_url, "editor_classic.ipynb")
        assert "Epoch III: Romans (Player 1) about to be called" in page.locator(".hotw-summary").inner_text()
        _seat(page, 1)
        _piece(page, "Army")
        for land in ("libya", "shatts_plateau"):
            drv.click_space(page, land, expect="hotw-owner-1", scope=EDITOR)
        _piece(page, "Fort")
        drv.click_space(page, "libya", scope=EDITOR)
        page.locator('.hotw-editor .hotw-marker[data-space="libya"][data-fort="1"]').wait_for(timeout=10_000)
        _piece(page, "Monument")
        for _ in range(2):
            before = _message(page)
            drv.click_space(page, "shatts_plateau", scope=EDITOR)
            page.wait_for_function("(b) => document.querySelector('.hotw-editor-message').innerText !== b",
                                   arg=before, timeout=20_000)
        page.locator('.hotw-editor .hotw-marker[data-space="shatts_plateau"][data-monument="2"]').wait_for(
            timeout=10_000)
        _piece(page, "Fort")
        drv.click_space(page, "levant", scope=EDITOR)
        assert "Refused: a fort stands with an army; Levant has none in 'armies'" in _wait_message(
            page, "Refused")
        _seat(page, 0)
        labels = dict((v, k) for k, v in position_spec("classic").hand_choices({"epoch": 3}))
        page.locator(".hotw-editor-hand select").select_option(label=[labels["leader"], labels["weaponry"]])
        assert "Player 1 holds Leader" in _wait_message(page, "Player 1 holds")
        _screenshot(page, "lesson_builder_classic.png", EDITOR)

        page.locator(".hotw-editor-play").click()
        page.wait_for_selector(f"{GAME} path.hotw-space", timeout=60_000)
        status = page.locator(f"{GAME} .hotw-status-line").first
        status.wait_for(timeout=30_000)
        assert status.get_attribute("data-step") == "events" and status.get_attribute("data-player") == "0"
        assert "Leader" in page.locator(GAME).inner_text()
        page.get_by_role("button", name="Begin Romans").first.click()
        page.wait_for_function("() => document.querySelector('.hotw-editor-game .hotw-status-line')"
                               ".getAttribute('data-step') === 'expand'", timeout=30_000)
        assert "hotw-owner-0" in page.evaluate(
            "() => document.querySelector('.hotw-editor-game path.hotw-id-southern_italia').getAttribute('class')")
        assert page.locator(".hotw-error:visible").count() == 0
