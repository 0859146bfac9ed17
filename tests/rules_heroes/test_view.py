"""The Heroes view: the nine-area map, clicks, buttons and panels; and the notebook game playing it headless."""

from __future__ import annotations

import random

import pytest

import hotw
from hotw.ui.rulesetview import PANELS, view_of
from hotw.rulesets.heroes.bots import HeroesBot
from hotw.rulesets.heroes.view import HeroesView
from tests.rules_heroes.helpers import laid, playing, start


def test_the_view_draws_nine_areas_with_figures_and_progress() -> None:
    game = laid(figures={"china": [7, 2, 0]}, boxes={"china": ["writing"]})
    v = view_of(game)
    assert isinstance(v, HeroesView) and v.board_file().name == "heroes.geojson"
    styles = v.styles()
    assert len(styles) == 9 and "hotw-closed" in styles["europe"]["className"]
    assert "hotw-owner-0" in styles["china"]["className"]
    marks = v.markers()
    assert "1 rider + 2" in marks["china"] and "1/3" in marks["china"]
    assert "Writing 4" in v.hover("china") and "not in play in antiquity" in v.hover("europe")


def test_a_click_plays_the_areas_action_or_says_why_not() -> None:
    game = playing("julius_caesar")
    v = view_of(game)
    assert v.click("africa").text() == "place:africa"
    assert "influence in Mediterranean and Africa only" in v.click("china")
    assert "modern age" in v.click("europe")
    assert {"hotw-target"} <= set(v.styles()["africa"]["className"].split())


def test_the_buttons_and_the_panels() -> None:
    game = start(3)
    v = view_of(game)
    labels = [c.label for c in v.choices().buttons]
    assert "Draw from the deck" in labels and any(label.startswith("Take ") for label in labels)
    found = v.panels(frozenset({1, 2}))
    assert set(found) <= set(PANELS)
    for face in ("Victorious offensive", "Deserters", "Escape", "Looting", "Counterattack", "Resistance"):
        assert face in found["battle"]
    assert "Ajanta Caves" in found["legend"] and "data-area=\"china\"" in found["legend"] and "antiquity" in found["region_key"]


def test_valuations_and_turn_breakdowns_show() -> None:
    game = hotw.new_game("heroes", ["A", "B", "C"], 3)
    rng = random.Random(3)
    while len(game.valuations) < 2:
        game.apply(rng.choice(game.legal_actions()))
    v = view_of(game)
    assert "hotw-valuation" in v.panels()["regions"] and v.scored_turns() == len(game.turn_scores)
    scored = next(i for i, t in enumerate(game.turn_scores) if t[3].regions)
    assert "hotw-valuation" in v.breakdown(scored) and "Turn" in v.turn_caption(scored)


def test_the_notebook_game_plays_heroes_headless() -> None:
    pytest.importorskip("ipyleaflet")
    from hotw.ui.app import GameView

    game = hotw.new_game("heroes", ["Ada", "Ben", "Cy"], 7)
    gv = GameView(game, bots={"Ben": "greedy", "Cy": "heuristic:hard"}, speed="instant")
    assert isinstance(gv.view, HeroesView)
    assert {f["id"] for f in gv.board_layer.data["features"]} == set(game.board.spaces)
    while game.decision.player == 0 and game.phase == "start":
        area = game.legal_actions()[0].target
        gv.board_layer._handle_mouse_events(None, {"event": "click", "properties": {"id": area}, "id": area}, [])
    assert game.phase == "choose" and game.decision.player == 0
    gv.run("end")  # the stand-in bot, found by name among the Heroes bots, plays Ada's seat to the end
    assert isinstance(gv._stand_in, HeroesBot) and gv._stand_in.name == "heuristic:medium"
    assert game.is_over and "Final scores" in gv.choices.children[0].value
    assert not gv.errors, gv.errors
