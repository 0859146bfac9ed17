"""The play page in Japanese and Spanish (``?lang=ja``, ``?lang=es``), driven in a real chromium.

The page's address chooses the language (Voila hands the query string to the kernel); the page marks its
``<html lang>``; the app's buttons, sections and messages are in that language; a click that invades adds a
log line. Japanese glyphs must render (a CJK font in the app's font stack and on the machine): the test
measures a Japanese label's width against a box of "tofu" and saves a screenshot of each language
(``game-ja.png``, ``game-es.png`` in $HOTW_SCREENSHOT_DIR or test-artifacts/).
"""

from __future__ import annotations

import re

import pytest

import voila_driver as drv


from hotw.i18n import LANGUAGES, Msg  # noqa: E402

#: A word of the app in each language, as its catalog says it.
NEXT_STEP = {lang: Msg("hotw", "Next step").render(lang) for lang in ("ja", "es")}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _play_to_invasion(page) -> None:
    """Ada's card choices with the buttons until her empire invades (instant bots play their seats)."""
    for _ in range(12):
        step = drv.step(page)
        if step == ("invade", 0):
            return
        assert step[1] == 0, f"a bot decision is pending with instant bots: {step}"
        page.locator(".hotw-skip" if step[0] == "kingdom" else ".hotw-choice").first.click()
        page.wait_for_function(
            "(s) => { const e = document.querySelector('.hotw-status-line');"
            " return e && (e.dataset.step + ':' + e.dataset.player) !== s && e.dataset.player === '0'; }",
            arg=f"{step[0]}:{step[1]}", timeout=30_000)
    raise AssertionError(f"no invade step for Ada; last step {drv.step(page)}")


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_play_page_speaks_the_language_of_its_address(new_page, voila_url: str, lang: str) -> None:
    page = new_page
    page.goto(voila_url + f"01_play.ipynb?lang={lang}", timeout=120_000)
    drv.wait_for_map(page)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang, timeout=30_000)
    assert page.locator(".hotw-next button, button.hotw-next").first.inner_text().strip() == NEXT_STEP[lang]
    assert page.locator(".hotw-language select").input_value() == LANGUAGES[lang]  # the menu names it in itself
    assert page.locator(".hotw-error").is_hidden()

    _play_to_invasion(page)
    classes = drv.path_classes(page)
    target = sorted(sid for sid, cls in classes.items() if "hotw-target" in cls)[0]
    lines = page.locator(".hotw-log li").count()
    drv.click_space(page, target)
    page.wait_for_function("(n) => document.querySelectorAll('.hotw-log li').length > n", arg=lines, timeout=30_000)
    newest = page.locator(".hotw-log li").first.inner_text()
    assert newest.strip()
    # the invasion's log line in the page's language, its epoch as that language writes it
    assert newest.strip().startswith({"ja": "第I時代", "es": "Época I"}[lang]), newest
    assert JAPANESE.search(newest) if lang == "ja" else not re.search(r"\bEpoch\b", newest), newest

    if lang == "ja":  # the glyphs are drawn from a font that has them: two kanji differ, as boxes would not
        pixels = page.evaluate(
            """() => { const font = getComputedStyle(document.querySelector('.hotw-app')).fontFamily;
               const c = document.createElement('canvas'); c.width = c.height = 40; const g = c.getContext('2d');
               const draw = t => { g.clearRect(0, 0, 40, 40); g.font = '28px ' + font; g.fillText(t, 4, 32);
                                   return Array.from(g.getImageData(0, 0, 40, 40).data).join(); };
               return [draw('得'), draw('時'), draw('\\u{10FFFD}'), font]; }""")
        kanji_a, kanji_b, box, fonts = pixels
        assert kanji_a != kanji_b and box not in (kanji_a, kanji_b), "Japanese is drawn as boxes"
        assert "Noto Sans CJK JP" in fonts
    drv.screenshot(page, f"game-{lang}.png")


def test_the_language_menu_switches_the_page(new_page, voila_url: str) -> None:
    page = new_page
    page.goto(voila_url + "01_play.ipynb?lang=es", timeout=120_000)
    drv.wait_for_map(page)
    next_step = page.locator(".hotw-next button, button.hotw-next").first
    assert next_step.inner_text().strip() == NEXT_STEP["es"]
    menu = page.locator(".hotw-language select")
    menu.focus()  # reachable and labelled: a select with its label
    assert page.locator(".hotw-language label").inner_text().strip() == Msg("hotw", "Language").render("es")
    menu.select_option(label="日本語")
    page.wait_for_function("(t) => [...document.querySelectorAll('button')].some(b => b.innerText.trim() === t)",
                           arg=NEXT_STEP["ja"], timeout=30_000)
    page.wait_for_function("() => document.documentElement.lang === 'ja'", timeout=30_000)
    menu.select_option(label="English")
    page.wait_for_function("() => [...document.querySelectorAll('button')].some(b => b.innerText.trim() === 'Next step')",
                           timeout=30_000)
    assert page.locator(".hotw-error").is_hidden()
