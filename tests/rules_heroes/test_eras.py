"""The end of antiquity, the modern age, the end of the game (docs/rules-heroes.md)."""

from __future__ import annotations

from typing import Any

from hotw.rulesets.heroes.cards import BOX_COUNT, ERAS
from hotw.rulesets.heroes.game import HeroesGame
from tests.rules_heroes.helpers import (
    chance,
    complete,
    finish_turn,
    full,
    legal,
    modern,
    playing,
    start,
    to_spend,
)

MODERN_SEVEN = ["africa", "china", "india", "mediterranean", "middle_east", "russia", "america"]


def _fill(area: str, hero: str, n: int = 3, *, spare: str | None = "africa",
          valued: tuple[str, ...] | list[str] = (), **fields: Any) -> HeroesGame:
    """A position where the seat to play completes ``area`` with ``hero``: every box of it but one is full, the
    ``valued`` areas are full and valued, and (with a ``spare`` area) the seat's figures are all on the board
    there, so the hero places no population (else it places them first-offered)."""
    era, seat = int(fields.get("era", 1)), int(fields.get("turn", 0))
    boxes = {a: list(t) for a, t in fields.pop("boxes", {}).items()}
    boxes.update(complete(*valued, era=era, taken=tuple(t for ts in boxes.values() for t in ts)))
    taken = tuple(t for ts in boxes.values() for t in ts)
    size = BOX_COUNT[ERAS[0] if area in ("africa", "china", "india", "mediterranean", "middle_east") else ERAS[1]]
    left = size - 1 - len(boxes.get(area, []))
    boxes[area] = boxes.get(area, []) + complete(area, era=era, taken=taken)[area][:left]
    figures = fields.pop("figures", {area: [0] * n})
    if spare is not None:
        figures = full(figures, spare, seat)
    game = playing(hero, n, boxes=boxes, figures=figures, valued=list(valued), **fields)
    while game.phase in ("population", "progress_draw", "progress_tile", "progress_box", "ajanta"):
        if game.phase == "progress_box" and f"box:{area}" in legal(game):
            game.apply(f"box:{area}")
        else:
            game.apply(game.legal_actions()[0])
    return game


def test_antiquity_ends_with_the_turn_of_its_fourth_valuation() -> None:
    game = _fill("china", "confucius", valued=["africa", "india", "middle_east"], spare="mediterranean",
                 figures={"china": [1, 0, 0]})
    assert len(game.valued) == 4 and game.era_over and game.era == 1
    finish_turn(game)
    assert game.era == 2 and game.phase == "start"


def test_when_the_last_two_beige_areas_are_completed_in_one_turn_only_the_one_the_player_chooses_is_valued() -> None:
    boxes = {"china": ["pottery", "music"], "middle_east": ["weaving", "theater"]}
    boxes.update(complete("africa", "india", "mediterranean", taken=("pottery", "music", "weaving", "theater")))
    game = playing("zhang_qian", boxes=boxes, valued=["africa", "india", "mediterranean"],  # China, India, Middle East
                   figures=full({}, "africa"))  # progress 3, no population to place
    chance(game)
    game.apply(f"tile:{sorted(game.drawn)[0]}")
    game.apply("box:middle_east")  # chosen first: valued, the era's last valuation
    game.apply(f"tile:{sorted(game.drawn)[0]}") if game.phase == "progress_tile" else None
    game.apply("box:china")  # completed, not valued
    assert game.valued[-1] == "middle_east" and "china" not in game.valued
    assert len(game.boxes["china"]) == 3
    assert any("China is complete but is not valued" in line for line in game.log)


def test_the_modern_age_keeps_the_best_progress_of_each_beige_area_and_brings_the_orange_bag() -> None:
    game = _fill("mediterranean", "aristotle", options={"antiquity_valuations": 1}, spare="middle_east",
                 boxes={"china": ["pottery", "writing", "music"], "india": ["theater"], "africa": []},
                 played={0: ["confucius"]}, hands={1: ["ashoka", "buddha"]})
    hand_before = list(game.hands[1])
    assert game.era_over
    to_spend(game)
    game.apply("end_turn")
    assert game.era == 2 and game.decision.is_chance  # the modern deal
    assert game.boxes["china"] == ["writing"] and game.boxes["india"] == ["theater"] and game.boxes["africa"] == []
    assert len(game.boxes["mediterranean"]) == 1
    assert all(game.content.progress[t].era == "modern" for t in game.bag) and len(game.bag) == 29
    assert game.played[0] == ["confucius", "aristotle"]  # the heroes played stay in front of the players
    chance(game)
    assert all(h not in game.hands[1] for h in hand_before)
    assert all(game.content.heroes[h].era == "modern" for hand in game.hands for h in hand)
    assert all(len(h) == 2 for h in game.hands) and len(game.display) == 3
    assert all(game.content.heroes[h].era == "modern" for h in game.deck + game.display)


def test_the_modern_start_figures_go_in_the_orange_areas_from_the_player_whose_turn_it_is() -> None:
    game = _fill("china", "confucius", turn=1, options={"antiquity_valuations": 1}, spare=None)
    finish_turn(game)
    assert game.phase == "start" and game.decision.player == 2
    assert set(legal(game)) == {f"place:{a}" for a in game.era_areas["modern"]}
    order = []
    while game.phase == "start":
        order.append(game.decision.player)
        game.apply(legal(game)[0])
        chance(game)
    assert order == [2, 0, 1] * 7 and game.active == 2 and game.phase == "choose"


def test_the_modern_age_is_played_on_all_nine_areas() -> None:
    game = modern(3)
    assert len(game.open_areas) == 9
    game = playing("ibn_battuta", era=2)  # Africa, the Middle East, India, China
    assert set(legal(game)) == {"place:africa", "place:middle_east", "place:india", "place:china"}


def test_the_game_ends_with_the_turn_of_the_eighth_valuation_of_the_modern_age() -> None:
    game = _fill("europe", "isaac_newton", era=2, valued=MODERN_SEVEN, figures={"europe": [3, 3, 3]})
    assert game.era_over and not game.is_over
    finish_turn(game)
    assert game.is_over and len(game.epoch_scores) == 1  # the position started in the modern age


def test_the_most_civilization_points_win() -> None:
    game = _fill("europe", "isaac_newton", era=2, valued=MODERN_SEVEN, scores=[10, 30, 20])
    finish_turn(game)
    assert game.is_over and "Ben" in game.log[-1] and "game is over" in game.log[-1]


def test_two_players_have_two_colours_of_figures_the_third_place_is_ignored_and_no_lighthouse() -> None:
    game = start(2)
    assert game.reserve == [130 - 7, 130 - 7]
    game = playing("pericles", 2, coins=[30, 1])
    to_spend(game)
    assert "build:lighthouse" not in legal(game) and "build:parthenon" in legal(game)


def test_two_players_the_ajanta_caves_still_give_the_third_places_points() -> None:
    game = playing("cai_lun", 2, figures=full({"china": [3, 2]}, "africa"), boxes={"china": ["writing", "music"]},
                   wonders={"ajanta_caves": 1})
    game.apply("draw:pottery")
    chance(game)
    game.apply("tile:pottery")
    game.apply("box:china")
    game.apply("ajanta:use")
    v = game.valuations[-1]
    assert [p.points for p in v.placings] == [6, 3] and v.ajanta == (1, 1)
