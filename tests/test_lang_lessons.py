"""The 2018 lessons in Japanese and Spanish: every walkthrough demo's rule, story and score, the odds, the timeline."""

from __future__ import annotations

import re

import pytest

from hotw.i18n import speaking
from hotw.ui import lesson
from tests.i18n_check import english_runs, untranslated

LANGS = ("ja", "es")

#: English words Spanish never writes: a run of Latin words with one of them is English left over.
ENGLISH_ONLY = frozenset("the of and to is on with your you from this for by are have can now or it its not "
                         "which when who click army armies land lands card cards win tie lose gain points".split())


def english_left(html: str, lang: str) -> list[str]:
    """English runs in ``html`` (its style sheets left out); in Spanish only runs with an English-only word."""
    text = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    runs = english_runs(text)
    if lang == "es":
        runs = [r for r in runs if ENGLISH_ONLY & set(r.lower().split())]
    return runs


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(lesson.ALL_DEMOS))
def test_a_demo_is_told_in_the_language(name: str, lang: str) -> None:
    demo = lesson.ALL_DEMOS[name]()
    for said in (demo.title, demo.explanation, *demo.happened):
        assert not untranslated(said, lang), (said, untranslated(said, lang))
    with speaking(lang):
        rule, after = lesson.demo_html(demo)
    html = rule + after
    assert not english_left(html, lang), english_left(html, lang)
    # the story's lines are said without their epoch, and each seat is its symbol, as on the map
    assert "Epoch" not in html and not re.search(r"[(（]P\d[)）]", re.sub(r"<[^>]+>", "", html)), html


@pytest.mark.parametrize("lang", LANGS)
def test_odds_and_sieges_are_said_in_the_language(lang: str) -> None:
    with speaking(lang):
        texts = [lesson.odds_text(), lesson.siege_text(armies=3), lesson.demo_points("marauder"),
                 lesson.timeline_view().value]
    for text in texts:
        assert not english_left(text, lang), english_left(text, lang)
