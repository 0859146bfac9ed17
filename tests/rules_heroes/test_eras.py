"""The end of antiquity, the modern age, the end of the game (docs/rules-heroes.md)."""

from __future__ import annotations

from tests.rules_heroes.helpers import chance, clear, legal, modern, place_starts, play, start, table, to_spend


def _fill(game, area: str, hero: str) -> None:  # type: ignore[no-untyped-def]
    """The active player completes ``area`` (all but one box filled by hand) with ``hero``."""
    free = [t for t in game.bag][: game.capacity[area] - 1 - len(game.boxes[area])]
    table(game, boxes={area: game.boxes[area] + free})
    play(game, hero)
    game.reserve[game.active] = 0
    game.phase = "progress_start"
    game._advance()
    chance(game)
    while game.phase in ("progress_tile", "progress_box", "ajanta"):
        if game.phase == "progress_box" and f"box:{area}" in legal(game):
            game.apply(f"box:{area}")
        else:
            game.apply(game.legal_actions()[0])


def _finish_turn(game) -> None:  # type: ignore[no-untyped-def]
    to_spend(game)
    game.apply("end_turn")
    chance(game)


def test_antiquity_ends_with_the_turn_of_its_fourth_valuation() -> None:
    game = start(3)
    clear(game)
    game.valued = ["africa", "india", "middle_east"]
    table(game, figures={"china": [1, 0, 0]})
    _fill(game, "china", "confucius")
    assert len(game.valued) == 4 and game.era_over and game.era == 1
    _finish_turn(game)
    assert game.era == 2 and game.phase == "start"


def test_when_the_last_two_beige_areas_are_completed_in_one_turn_only_the_one_the_player_chooses_is_valued() -> None:
    game = start(3)
    game.valued = ["africa", "india", "mediterranean"]
    table(game, boxes={"china": ["pottery", "music"], "middle_east": ["weaving", "theater"]})
    play(game, "zhang_qian")  # China, India, Middle East; progress 3
    game.reserve[0] = 0
    game.phase = "progress_start"
    game._advance()
    chance(game)
    game.apply(f"tile:{sorted(game.drawn)[0]}")
    game.apply("box:middle_east")  # chosen first: valued
    game.apply(f"tile:{sorted(game.drawn)[0]}") if game.phase == "progress_tile" else None
    game.apply("box:china")  # completed, not valued
    assert game.valued[-1] == "middle_east" and "china" not in game.valued
    assert len(game.boxes["china"]) == 3


def test_the_modern_age_keeps_the_best_progress_of_each_beige_area_and_brings_the_orange_bag() -> None:
    game = start(3)
    table(game, boxes={"china": ["pottery", "writing", "music"], "india": ["music"] and ["theater"],
                       "africa": []})
    game.played[0] = ["confucius"]
    hand_before = list(game.hands[1])
    from tests.rules_heroes.helpers import end_era

    end_era(game)
    assert game.boxes["china"] == ["writing"] and game.boxes["india"] == ["theater"] and game.boxes["africa"] == []
    assert all(game.content.progress[t].era == "modern" for t in game.bag) and len(game.bag) == 29
    assert game.played[0] == ["confucius"]  # the heroes played stay in front of the players
    chance(game)
    assert all(h not in game.hands[1] for h in hand_before)
    assert all(game.content.heroes[h].era == "modern" for hand in game.hands for h in hand)
    assert all(len(h) == 2 for h in game.hands) and len(game.display) == 3
    assert all(game.content.heroes[h].era == "modern" for h in game.deck + game.display)


def test_the_modern_start_figures_go_in_the_orange_areas_from_the_player_whose_turn_it_is() -> None:
    game = start(3)
    game.active = 1
    from tests.rules_heroes.helpers import end_era

    end_era(game)
    chance(game)
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
    play(game, "ibn_battuta")  # Africa, the Middle East, India, China
    assert set(legal(game)) == {"place:africa", "place:middle_east", "place:india", "place:china"}


def test_the_game_ends_with_the_turn_of_the_eighth_valuation_of_the_modern_age() -> None:
    game = modern(3)
    game.valued = ["africa", "china", "india", "mediterranean", "middle_east", "russia", "america"]
    clear(game)
    table(game, figures={"europe": [3, 3, 3]})
    _fill(game, "europe", "isaac_newton")
    assert game.era_over and not game.is_over
    _finish_turn(game)
    assert game.is_over and game.epoch_scores and len(game.epoch_scores) == 2


def test_the_most_civilization_points_win() -> None:
    game = modern(3)
    game.score = [10, 30, 20]
    game.valued = ["africa", "china", "india", "mediterranean", "middle_east", "russia", "america"]
    _fill(game, "europe", "isaac_newton")
    _finish_turn(game)
    assert game.is_over and "Ben" in game.log[-1] and "game is over" in game.log[-1]


def test_once_the_eras_valuations_are_done_a_completed_area_is_not_valued() -> None:
    game = start(3)
    game.valued = ["africa", "india", "mediterranean", "middle_east"]
    game.era_over = True
    _fill(game, "china", "confucius")
    assert "china" not in game.valued and len(game.boxes["china"]) == 3
    assert any("is not valued" in line for line in game.log)


def test_two_players_have_two_colours_of_figures_the_third_place_is_ignored_and_no_lighthouse() -> None:
    game = start(2)
    assert game.reserve == [130 - 7, 130 - 7]
    game.coins[0] = 30
    play(game, "pericles")
    to_spend(game)
    assert "build:lighthouse" not in legal(game) and "build:parthenon" in legal(game)


def test_two_players_the_ajanta_caves_still_give_the_third_places_points() -> None:
    game = start(2)
    clear(game)
    table(game, figures={"china": [3, 2]}, boxes={"china": ["writing", "music"]})
    game.wonders["ajanta_caves"] = 1
    play(game, "cai_lun")
    game.reserve[0] = 0
    game.phase = "progress_start"
    game._advance()
    game.apply("draw:pottery")
    chance(game)
    game.apply("tile:pottery")
    game.apply("box:china")
    game.apply("ajanta:use")
    v = game.valuations[-1]
    assert [p.points for p in v.placings] == [6, 3] and v.ajanta == (1, 1)
    _ = place_starts
