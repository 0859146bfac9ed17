"""The Heroes walkthrough: each demo plays its rule through the engine, and shows what the rule says."""

from __future__ import annotations

import pytest

from hotw.rulesets.heroes.walkthrough import DEMOS


def test_every_demo_plays_its_rule() -> None:
    results = {name: demo().result for name, demo in DEMOS.items()}
    assert results["choose_and_play"].endswith("2 heroes in hand")
    assert results["population"] == "Europe 3, Mediterranean 1"  # the rulebook's example
    assert results["progress"] == "India's boxes: Writing"
    assert results["valuation"] == "Europe worth 12: Ben 12, Cy 6, Dee 2, Ada 0"  # the rulebook's example
    assert results["tie"] == "Ada 9 figures: 6, Cy 3 figures: 3, Ben 3 figures: 1"
    assert results["conquest"] == "Ben 6, Cy 3 figures in the Mediterranean"  # 9 - (4 + 2)
    assert results["migration"].startswith("1 coin left; America 2, Mediterranean 2")
    assert results["buy_points"] == "Ada 3 points, 0 coins"
    assert results["wonder"] == "Ada 3 points; Ben has 2 figures in Africa"
    assert results["modern_age"] == "China keeps Writing; 9 areas in play"


def test_the_story_is_the_games_log_and_the_same_every_time() -> None:
    demo = DEMOS["conquest"]()
    assert demo.happened == [line.split(": ", 1)[1] for line in demo.game.log[-len(demo.happened):]]
    assert "the conquest die shows Victorious offensive" in demo.happened
    assert DEMOS["conquest"]().happened == demo.happened
    assert all(a in demo.game.board.spaces for d in DEMOS.values() for a in d().focus)


def test_the_demo_widget_shows_the_rule_the_board_and_the_result() -> None:
    pytest.importorskip("ipyleaflet")
    from hotw.ui import lesson
    from hotw.ui.lessonheroes import heroes_demo_html
    from hotw.ui.lessonmap import LessonMap

    box = lesson.show_heroes_demo("valuation")
    small = next(c for c in box.children if isinstance(c, LessonMap))
    assert small.focus == ("europe",) and "hotw-focus" in small.styles()["europe"]["className"]
    rule, after = heroes_demo_html(DEMOS["valuation"]())
    assert "Teaching 2" in rule and "Europe worth 12" in after and "valuation 1 of the era" in after
    with pytest.raises(ValueError, match="no Heroes demo called"):
        lesson.show_heroes_demo("teleport")
