"""The classic view the notebook game asks: clicks, buttons, panels, hover, and hidden pre-eminence markers."""

from __future__ import annotations

import random

import hotw
from hotw.actions import Action
from hotw.ui.rulesetview import RulesetView, view_of

from tests.rules_classic.helpers import begin_with, begun, start


def test_the_ruleset_gives_a_view() -> None:
    assert isinstance(view_of(start(3)), RulesetView)


def test_a_click_on_a_target_moves_in_and_on_an_own_land_builds_a_fort() -> None:
    game = start(3)
    begin_with(game)
    v = view_of(game)
    assert v.click("libya") == Action("invade", "libya")
    assert v.click("nile_delta") == Action("fort", "nile_delta")
    assert "barren" in v.click("sahara")
    assert "computer" in v.click("libya", humans={1})
    assert "hotw-target" in v.styles()["libya"]["className"]
    assert "Click to move in" in v.hover("libya")


def test_the_hover_gives_the_exact_odds_of_an_attack() -> None:
    game = begun("egypt", armies={"libya": 1})
    assert "defender rolls 1 die" in view_of(game).hover("libya")
    assert "125/216" in view_of(game).hover("libya")


def test_buttons_for_keep_or_give_and_for_the_events() -> None:
    game = start(3, empires=())
    game.apply("draw:egypt")
    labels = [c.label for c in view_of(game).choices().buttons]
    assert labels[0] == "Keep Egypt" and "Give it to Ben" in labels


def test_a_whole_game_through_the_view_hides_marker_values_until_the_end() -> None:
    game = hotw.new_game("classic", ["Ada", "Ben", "Cy"], 4)
    rnd = random.Random(4)
    while not game.is_over:
        v = view_of(game)
        v.styles(), v.markers(), v.choices()
        panels = v.panels()
        if any(game.preeminence):
            assert "★×" in panels["score"] and "Pre-eminence markers" not in v.choices().prompt
        game.apply(rnd.choice(game.legal_actions()))
    final = view_of(game).choices().prompt
    assert "Pre-eminence markers" in final and "Final scores" in final
    assert view_of(game).scored_turns() == 21 and "Total" in view_of(game).breakdown()
