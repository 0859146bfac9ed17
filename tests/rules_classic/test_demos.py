"""The classic walkthrough's demos show what the rules say (notebooks/07_classic_walkthrough.ipynb)."""

from __future__ import annotations

import pytest

from hotw.rulesets.classic import demos


def test_keep_or_give_gives_the_card_away_and_the_giver_keeps_the_second_draw() -> None:
    d = demos.keep_or_give()
    assert d.game.holder == {1: "babylonia", 2: "shang", 0: "egypt"}
    assert d.happened[:3] == ["Epoch I, Ada draws Babylonia and gives it to Ben",
                              "Epoch I, Cy draws Shang Dynasty and keeps it",
                              "Epoch I, Ada draws Egypt and keeps it"]


def test_the_border_battle_gives_the_defender_two_dice() -> None:
    d = demos.battle_border()
    record = d.battles[0]
    assert (record.attack_dice, record.defend_dice, record.result) == (2, 2, "win")
    assert d.game.owner["zagros"] == 1


def test_a_tie_removes_both_armies_and_the_next_army_walks_in() -> None:
    d = demos.battle_tie()
    assert d.battles[0].result == "tie" and d.game.actor.lost == 1
    assert d.happened == ["Epoch I, both armies die in Libya", "Epoch I, Egypt expands into Libya"]
    assert d.game.owner["libya"] == 0


def test_the_fort_adds_one_and_falls_first() -> None:
    d = demos.fort()
    first, second = d.battles[0], d.battles[1]
    assert (first.attack_high, first.defend_high, first.fort) == (5, 4, True)  # 5 against 4 + 1: a tie
    assert "fort of Libya falls" in d.happened[0] and second.result == "win"
    assert d.game.owner["libya"] == 0 and "libya" in d.game.forts  # Egypt's own fort now


def test_a_conquered_capitol_becomes_a_city() -> None:
    d = demos.capitol_flip()
    assert d.game.structures["libya"] == "city" and d.game.owner["libya"] == 0


def test_scoring_shows_presence_dominance_and_control() -> None:
    d = demos.scoring()
    assert d.scored and d.happened[-1] == "Epoch I, Ada scores 12 (12 in all)"
    tiers = {r.region: (r.tier, r.points) for r in d.game.turn_scores[-1][3].regions if r.points}
    assert tiers == {"north_africa": ("control", 3), "middle_east": ("dominance", 4), "india": ("presence", 1)}


def test_the_leader_takes_a_marker_and_the_lowest_draws_first() -> None:
    d = demos.preeminence()
    assert [len(m) for m in d.game.preeminence] == [1, 0, 0]
    assert d.happened[-1] == "Epoch II, the epoch begins; drawing order: Ben, Cy, Ada"


@pytest.mark.parametrize("name", list(demos.DEMOS))
def test_every_demo_is_the_same_story_every_time(name: str) -> None:
    assert demos.DEMOS[name]().story() == demos.DEMOS[name]().story()


def test_the_lesson_shows_a_classic_demo_with_its_dice_and_its_score() -> None:
    lesson = pytest.importorskip("hotw.ui.lesson")
    rule, after = lesson.demo_html(demos.battle_tie())
    assert "A tie removes both armies" in rule and "hotw-lesson-battle" in after
    rule, after = lesson.demo_html(demos.scoring())
    assert "Middle East" in after and "dominance" in after.lower()
    lesson.demo_view(demos.fort())  # the small map is drawn through the classic view


def test_the_odds_table_is_the_engines_conquest_odds() -> None:
    from hotw.rulesets.classic.battle import conquest_odds

    rows = demos.odds_text().splitlines()
    assert len(rows) == 7 and rows[1].split()[-3:] == [f"{float(conquest_odds(2, 1)[k]):.0%}" for k in ("win", "tie", "lose")]
    assert rows[-1].startswith("3 dice (from the sea) + fort")
