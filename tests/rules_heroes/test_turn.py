"""A player's turn: choose, play, population, progress (docs/rules-heroes.md, "This is how a player's turn works")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_heroes.helpers import chance, full, laid, legal, new, playing, start


def test_choose_one_of_the_three_face_up_heroes_or_the_top_of_the_deck() -> None:
    game = start(3)
    face_up = list(game.display)
    assert set(legal(game)) == {f"take:{h}" for h in face_up} | {"deck"}
    game.apply(f"take:{face_up[1]}")
    assert face_up[1] in game.hands[0] and len(game.hands[0]) == 3 and game.phase == "play"
    other = start(3)
    other.apply("deck")
    assert other.decision.is_chance and len(other.chance_outcomes()) == len(other.deck)
    chance(other)
    assert len(other.hands[0]) == 3


def test_a_hero_is_played_from_the_hand_for_all_to_see() -> None:
    game = start(3)
    game.apply("deck")
    chance(game)
    assert set(legal(game)) == {f"play:{h}" for h in game.hands[0]}
    with pytest.raises(IllegalActionError, match="your own hand"):
        game.apply(f"play:{game.display[0]}")
    hero = game.hands[0][0]
    game.apply(f"play:{hero}")
    assert game.played[0] == [hero] and hero not in game.hands[0] and len(game.hands[0]) == 2


def test_population_figures_go_only_in_the_heroes_areas_of_influence() -> None:
    game = playing("julius_caesar")  # Mediterranean and Africa, population 5
    assert set(legal(game)) == {"place:mediterranean", "place:africa"}
    with pytest.raises(IllegalActionError, match="influence in Mediterranean and Africa only"):
        game.apply("place:china")


def test_the_population_value_gives_that_many_figures_divided_as_desired() -> None:
    # The rulebook's example: Charles the Great divides his figures, 3 in Europe and 1 in the Mediterranean.
    game = playing("charlemagne", era=2)
    before = game.reserve[game.active]
    for area in ("europe", "europe", "europe", "mediterranean"):
        assert game.phase == "population"
        game.apply(f"place:{area}")
    assert game.phase != "population"
    assert game.figures["europe"][game.active] == 3 and game.figures["mediterranean"][game.active] == 1
    assert game.reserve[game.active] == before - 4


def test_the_hero_values_are_used_top_to_bottom() -> None:
    game = playing("julius_caesar", figures={"mediterranean": [1, 2, 0]})
    seen = [game.phase]
    while game.phase != "spend":
        act = game.legal_actions()[0] if game.phase != "conquest" else game.legal_actions()[0]
        game.apply(act)
        if game.phase not in seen:
            seen.append(game.phase)
    order = ["population", "progress_draw", "progress_tile", "progress_box", "conquest", "defender", "die", "spend"]
    assert [p for p in order if p in seen] == [p for p in seen if p in order]
    assert seen.index("population") < seen.index("progress_draw") < seen.index("conquest") < seen.index("spend")


def test_actions_with_a_value_of_zero_are_ignored() -> None:
    game = playing("pericles", figures={"mediterranean": [2, 2, 0]})  # conquest 0
    while game.phase not in ("spend", "conquest"):
        game.apply(game.legal_actions()[0])
    assert game.phase == "spend"  # no conquest step, though an opponent stands beside him


def test_progress_is_drawn_from_the_bag_and_placed_in_an_empty_box_of_the_hero() -> None:
    game = playing("julius_caesar")  # progress 1
    while game.phase == "population":
        game.apply("place:africa")
    assert game.phase == "progress_draw" and game.decision.is_chance
    assert len(game.chance_outcomes()) == len(game.bag)
    tile = game.bag[0]
    game.apply(f"draw:{tile}")
    assert tile not in game.bag and set(legal(game)) == {"box:africa", "box:mediterranean"}
    game.apply("box:africa")
    assert game.boxes["africa"] == [tile]


def test_no_figures_are_needed_to_place_progress() -> None:
    game = playing("confucius", figures=full({}, "india"))  # China only; every figure in India, none in reserve
    chance(game)
    game.apply(f"tile:{game.drawn[0]}")
    assert game.figures["china"][0] == 0 and legal(game) == ["box:china"]


def test_only_one_progress_per_area_in_a_turn() -> None:
    game = playing("confucius")  # China only, progress 3
    while game.phase == "population":
        game.apply("place:china")
    chance(game)  # three tiles drawn
    assert len(game.drawn) == 3
    game.apply(f"tile:{game.drawn[0]}")
    game.apply("box:china")
    assert len(game.boxes["china"]) == 1
    assert game.phase != "progress_box"  # China had its tile this turn; no other area of Confucius
    assert len(game.bag) == 23  # the two left over went back into the bag


def test_the_player_decides_which_tiles_to_place_when_not_all_fit() -> None:
    game = playing("confucius")
    while game.phase == "population":
        game.apply("place:china")
    chance(game)
    drawn = sorted(game.drawn)
    assert set(legal(game)) == {f"tile:{t}" for t in drawn}
    game.apply(f"tile:{drawn[-1]}")
    game.apply("box:china")
    assert game.boxes["china"] == [drawn[-1]] and set(drawn[:-1]) <= set(game.bag)


def test_a_full_area_takes_no_more_progress() -> None:
    game = playing("zhang_qian", boxes={"china": ["writing", "pottery"], "india": ["music", "theater", "weaving"]},
                   valued=["india"])  # China, India, Middle East
    while game.phase == "population":
        game.apply("place:china")
    chance(game)
    game.apply(f"tile:{game.drawn[0]}")
    assert "box:india" not in legal(game)
    with pytest.raises(IllegalActionError, match="no empty progress box"):
        game.apply("box:india")


def test_in_antiquity_no_figures_or_progress_go_to_the_modern_areas() -> None:
    game = new(3)
    chance(game)
    assert game.phase == "start"
    with pytest.raises(IllegalActionError, match="area of the modern age"):
        game.apply("place:europe")
    game = playing("julius_caesar")
    with pytest.raises(IllegalActionError, match="area of the modern age"):
        game.apply("place:europe")
    game2 = playing("charlemagne", era=2)
    assert "place:europe" in legal(game2)


def test_after_the_actions_the_face_up_heroes_are_completed_and_the_player_on_the_left_plays() -> None:
    game = start(3)
    game.apply(f"take:{game.display[0]}")
    game.apply(f"play:{game.hands[0][0]}")
    while game.phase != "spend":
        if game.decision.is_chance:
            game.apply(game.legal_actions()[0])
        else:
            game.apply("no_conquest" if game.phase == "conquest" else game.legal_actions()[0])
    assert len(game.display) == 2
    game.apply("end_turn")
    assert game.phase == "refill" and game.decision.is_chance
    chance(game)
    assert len(game.display) == 3 and game.active == 1 and game.phase == "choose"
    assert len(game.turn_scores) == 1


def test_a_player_with_no_hero_left_passes_and_the_era_ends_when_all_do() -> None:
    every = {s: list(heroes) for s, heroes in enumerate(_split(new(3).content.heroes_of("antiquity"), 3))}
    game = laid(played=every)  # every hero of antiquity played: no hand, no face-up hero, an empty deck
    chance(game)
    assert game.era == 2  # every player passed: antiquity is over
    assert sum("has no hero card left" in line for line in game.log) == 3


def _split(items: tuple[str, ...], n: int) -> list[list[str]]:
    return [list(items[i::n]) for i in range(n)]
