"""Components and setup (docs/rules-heroes.md, "Components" and "Setup")."""

from __future__ import annotations

import pytest

import hotw
from hotw.errors import OptionError
from hotw.rulesets.heroes.game import COINS_IN_BOX, FIGURES
from tests.rules_heroes.helpers import NAMES, chance, legal, new, start


def test_three_to_five_players_and_two_with_the_special_rules() -> None:
    for n in (2, 3, 4, 5):
        assert hotw.new_game("heroes", NAMES[:n], 1).n == n
    for n in (1, 6):
        with pytest.raises(OptionError, match="2-5 players"):
            hotw.new_game("heroes", [f"P{i}" for i in range(n)], 1)


def test_nine_areas_five_beige_for_antiquity_four_orange_for_the_modern_age() -> None:
    game = new(3)
    assert game.era_areas["antiquity"] == ("africa", "china", "india", "mediterranean", "middle_east")
    assert game.era_areas["modern"] == ("america", "europe", "russia", "southeast_asia_pacific")
    assert game.open_areas == game.era_areas["antiquity"]


def test_three_progress_boxes_in_an_antiquity_area_four_in_a_modern_one() -> None:
    game = new(3)
    assert {game.capacity[a] for a in game.era_areas["antiquity"]} == {3}
    assert {game.capacity[a] for a in game.era_areas["modern"]} == {4}


def test_each_player_has_25_figures_and_8_riders_of_five() -> None:
    game = new(4)
    assert FIGURES == 65 and game.reserve == [65] * 4


def test_score_starts_at_zero_and_the_beige_progress_is_in_the_bag() -> None:
    game = new(3)
    assert game.score == [0, 0, 0]
    assert game.bag and all(game.content.progress[t].era == "antiquity" for t in game.bag)
    assert len(game.bag) == len(game.content.progress_of("antiquity"))


def test_one_coin_each_and_the_rest_in_the_reserve() -> None:
    game = new(5)
    assert game.coins == [1] * 5 and game.bank == COINS_IN_BOX - 5


def test_two_beige_heroes_each_face_down_and_three_face_up() -> None:
    game = new(4)
    chance(game)
    assert all(len(h) == 2 for h in game.hands) and len(game.display) == 3
    dealt = [h for hand in game.hands for h in hand] + game.display
    assert all(game.content.heroes[h].era == "antiquity" for h in dealt)
    assert len(game.deck) == 38 - 11
    assert all(game.content.heroes[h].era == "antiquity" for h in game.deck)


def test_every_deal_is_a_chance_decision_over_the_deck() -> None:
    game = new(3)
    assert game.decision.is_chance
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 38 and sum(p for _, p in outcomes) == 1


def test_seven_figures_placed_one_at_a_time_in_beige_areas_from_the_oldest_clockwise() -> None:
    game = new(3)
    chance(game)
    order = []
    while game.phase == "start":
        order.append(game.decision.player)
        assert set(legal(game)) == {f"place:{a}" for a in game.era_areas["antiquity"]}
        game.apply(legal(game)[0])
    assert order == [0, 1, 2] * 7
    assert [65 - r for r in game.reserve] == [7, 7, 7]


def test_the_oldest_player_starts() -> None:
    game = start(4)
    assert game.phase == "choose" and game.decision.player == 0
