"""Area valuations (docs/rules-heroes.md, "Assessment of the areas")."""

from __future__ import annotations

from typing import Any

from hotw.rulesets.heroes.game import HeroesGame
from tests.rules_heroes.helpers import chance, playing


def _complete(area: str, hero: str, tile: str, n: int = 3, **fields: Any) -> HeroesGame:
    """A position where the seat to play plays ``hero`` and puts ``tile`` in ``area``'s last empty box."""
    game = playing(hero, n, **fields)
    while game.phase == "population":
        game.apply(game.legal_actions()[0])
    while game.phase == "progress_draw":
        game.apply(f"draw:{tile}" if tile not in game.drawn else f"draw:{[t for t in game.bag if t != tile][0]}")
    if game.phase == "progress_tile":
        game.apply(f"tile:{tile}")
    game.apply(f"box:{area}")
    return game


def test_the_rulebook_example_europe_worth_12_scored_12_6_and_2() -> None:
    # Blue places Teaching and completes Europe: Banks 4, Physics 3, Painting 3, Teaching 2 = 12.
    # Blue 15 figures, green 12, red 8, yellow 4: blue 12, green 6, red 2 (the lowest progress), yellow 0.
    blue = 2
    green, red, yellow = [(blue + i) % 4 for i in (1, 2, 3)]
    counts = [0] * 4
    counts[blue], counts[green], counts[red], counts[yellow] = 15, 12, 8, 4
    game = playing("isaac_newton", 4, era=2, turn=blue, figures={"europe": counts},  # Europe only; 2 figures placed
                   boxes={"europe": ["banks", "physics", "painting"]})
    before = list(game.score)
    counts[blue] += 2
    while game.phase == "population":
        game.apply("place:europe")
    while game.phase == "progress_draw":
        game.apply("draw:teaching" if "teaching" in game.bag else f"draw:{game.bag[0]}")
    if game.phase == "progress_tile":
        game.apply("tile:teaching")
    game.apply("box:europe")
    gained = [game.score[s] - before[s] for s in range(4)]
    assert gained[blue] == 12 and gained[green] == 6 and gained[red] == 2 and gained[yellow] == 0
    record = game.valuations[-1]
    assert record.area == "europe" and record.total == 12 and [p.seat for p in record.placings] == [blue, green, red,
                                                                                                     yellow]


def test_the_area_is_valued_as_soon_as_its_last_box_is_filled() -> None:
    game = playing("confucius", figures={"china": [3, 1, 0]}, boxes={"china": ["writing", "pottery"]})
    while game.phase == "population":
        game.apply("place:china")
    assert not game.valuations
    game.apply("draw:music")
    chance(game)
    game.apply("tile:music")
    game.apply("box:china")
    assert [v.area for v in game.valuations] == ["china"]
    assert game.phase in ("spend", "conquest")  # the turn goes on


def test_second_place_gets_half_rounded_up_and_third_the_lowest_progress() -> None:
    game = playing("cai_lun", figures={"china": [1, 3, 2]}, boxes={"china": ["writing", "music"]})  # population 3
    while game.phase == "population":
        game.apply("place:china")  # 4, 3, 2
    game.apply("draw:mining")
    chance(game)
    game.apply("tile:mining")
    game.apply("box:china")  # Writing 4, Music 1, Mining 2 = 7: half is 3.5, rounded up 4
    v = game.valuations[-1]
    assert [(p.seat, p.points) for p in v.placings] == [(0, 7), (1, 4), (2, 1)]


def test_only_three_players_score_and_a_player_without_figures_is_not_placed() -> None:
    game = _complete("china", "cai_lun", "pottery", 5, figures={"china": [5, 4, 3, 2, 0]},
                     boxes={"china": ["writing", "music"]})
    v = game.valuations[-1]
    assert [p.seat for p in v.placings] == [0, 1, 2, 3]
    assert [p.points for p in v.placings] == [6, 3, 1, 0] and all(p.seat != 4 for p in v.placings)


def test_a_tie_in_figures_goes_to_the_higher_progress_of_heroes_played() -> None:
    game = _complete("china", "cai_lun", "pottery", figures={"china": [0, 4, 4]}, boxes={"china": ["writing", "music"]},
                     played={1: ["confucius"], 2: ["qin_shi_huang"]})  # progress 3 against 1
    v = game.valuations[-1]
    assert [p.seat for p in v.placings][:2] == [1, 2] and v.placings[1].tie == "progress of heroes played"


def test_then_to_the_player_with_more_heroes_played() -> None:
    game = _complete("china", "cai_lun", "pottery", figures={"china": [0, 4, 4]}, boxes={"china": ["writing", "music"]},
                     played={1: ["qin_shi_huang", "liu_bang"],  # 1 + 1 = 2 in two heroes
                             2: ["cleopatra"]})  # 2 in one hero
    v = game.valuations[-1]
    assert [p.seat for p in v.placings][:2] == [1, 2] and v.placings[1].tie == "heroes played"


def test_then_counterclockwise_from_the_active_player_as_the_best() -> None:
    game = _complete("china", "cai_lun", "pottery", 4, figures={"china": [0, 3, 3, 3]},
                     boxes={"china": ["writing", "music"]})  # seat 0 places 3 and has played Cai Lun (progress 3)
    v = game.valuations[-1]
    # 1, 2 and 3 tie on everything: counterclockwise from the active seat 0 comes 3, then 2, then 1.
    assert [p.seat for p in v.placings] == [0, 3, 2, 1]
    assert [p.tie for p in v.placings[2:]] == ["order from the active player"] * 2


def test_a_valued_area_and_its_figures_stay_in_play() -> None:
    game = _complete("china", "cai_lun", "pottery", figures={"china": [3, 2, 1]}, boxes={"china": ["writing", "music"]})
    assert game.boxes["china"] == ["writing", "music", "pottery"]
    assert game.figures["china"][0] >= 3 and game.figures["china"][1:] == [2, 1]
