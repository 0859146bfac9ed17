"""The conquest and the conquest die (docs/rules-heroes.md, "Procedure in a conquest", "Results of the dice")."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from hotw.errors import IllegalActionError
from hotw.rulesets.heroes.game import HeroesGame
from hotw.rulesets.heroes.conquest import FACES
from tests.rules_heroes.helpers import legal, playing


def _to_conquest(hero: str, **fields: Any) -> HeroesGame:
    """A position where ``hero`` is played, its figures and progress placed first-offered, up to the conquest."""
    game = playing(hero, **fields)
    while game.phase not in ("conquest", "spend"):
        game.apply(game.legal_actions()[0])
    return game


def _attack(hero: str, area: str, defender: int, face: str, **fields: Any) -> HeroesGame:
    game = _to_conquest(hero, **fields)
    game.apply(f"conquer:{area}")
    if game.phase == "defender":
        game.apply(f"defender:{defender}")
    game.apply(f"roll:{face}")
    return game


def test_the_die_has_six_faces_each_as_likely() -> None:
    game = _to_conquest("qin_shi_huang", figures=dict(china=[2, 5, 0]))
    game.apply("conquer:china")
    game.apply("defender:1")
    outcomes = game.chance_outcomes()
    assert [a.target for a, _ in outcomes] == list(FACES) and {p for _, p in outcomes} == {Fraction(1, 6)}


def test_a_conquest_needs_a_conquest_value_above_zero() -> None:
    game = _to_conquest("confucius", figures=dict(china=[2, 5, 0]))  # conquest 0
    assert game.phase == "spend"


def test_a_conquest_can_be_given_up() -> None:
    game = _to_conquest("qin_shi_huang", figures=dict(china=[2, 5, 0]))
    assert "no_conquest" in legal(game)
    game.apply("no_conquest")
    assert game.phase == "spend" and game.figures["china"][1] == 5


def test_only_in_the_heroes_areas_where_the_conqueror_has_a_figure_against_an_opponent() -> None:
    # Ban Chao: China and the Middle East, population 4 (placed in China first)
    game = _to_conquest("ban_chao", figures=dict(china=[0, 5, 0], india=[3, 2, 0], middle_east=[0, 3, 0]))
    assert set(legal(game)) == {"conquer:china", "no_conquest"}
    with pytest.raises(IllegalActionError, match="conquer only in China and Middle East"):
        game.apply("conquer:india")
    with pytest.raises(IllegalActionError, match="at least one figure in Middle East"):
        game.apply("conquer:middle_east")


def test_the_conqueror_chooses_the_defender_among_the_opponents_there() -> None:
    game = _to_conquest("qin_shi_huang", figures=dict(china=[1, 3, 2]))
    game.apply("conquer:china")
    assert set(legal(game)) == {"defender:1", "defender:2"}


def test_victorious_offensive_in_antiquity_costs_the_defender_the_conquest_value_plus_1() -> None:
    game = _attack("qin_shi_huang", "china", 1, "victory", figures=dict(china=[1, 9, 0]))  # conquest 4
    assert game.figures["china"][1] == 9 - 5 and game.reserve[1] == 65 - 9 + 5


def test_victorious_offensive_in_the_modern_age_the_rulebook_example() -> None:
    # Blue attacks green in the Mediterranean with Charles the Great: 6 figures against 9; green loses 6.
    blue, green = 0, 1
    counts = [0, 0, 0]
    counts[blue], counts[green] = 2, 9
    game = playing("charlemagne", era=2, turn=blue, figures={"mediterranean": counts})
    for area in ("mediterranean",) * 4:
        game.apply(f"place:{area}")
    while game.phase != "conquest":
        game.apply(game.legal_actions()[0])
    assert game.figures["mediterranean"][blue] == 6
    game.apply("conquer:mediterranean")
    game.apply(f"defender:{green}")
    game.apply("roll:victory")
    assert game.figures["mediterranean"][green] == 3 and game.figures["mediterranean"][blue] == 6


def test_casualties_are_at_most_the_figures_there() -> None:
    game = _attack("qin_shi_huang", "china", 1, "victory", figures=dict(china=[1, 2, 0]))
    assert game.figures["china"][1] == 0 and game.reserve[1] == 65


def test_deserters_in_antiquity_one_defender_figure_becomes_the_conquerors() -> None:
    game = _attack("qin_shi_huang", "china", 1, "deserters", figures=dict(china=[1, 5, 0]))
    mine = 1 + 4  # Qin Shi Huang's 4 figures went to China first
    assert game.figures["china"][1] == 4 and game.figures["china"][0] == mine + 1
    assert game.reserve[1] == 65 - 5 + 1


def test_deserters_in_the_modern_age_two() -> None:
    me = 0
    game = _attack("hernan_cortes", "america", (me + 1) % 3, "deserters", era=2, figures={"america": [5, 5, 5]})
    assert game.figures["america"][(me + 1) % 3] == 3 and game.figures["america"][me] == 5 + 4 + 2


def test_escape_moves_the_conquest_value_of_defender_figures_to_a_neighbour_of_the_conquerors_choice() -> None:
    game = _attack("qin_shi_huang", "china", 1, "escape", figures=dict(china=[1, 6, 0]))
    assert game.phase == "escape" and set(legal(game)) == {"flee:india"}  # not Russia nor Southeast Asia
    game.apply("flee:india")
    assert game.figures["china"][1] == 2 and game.figures["india"][1] == 4


def test_escape_in_the_modern_age_may_go_to_a_modern_area() -> None:
    me = 0
    game = _attack("kublai_khan", "china", (me + 1) % 3, "escape", era=2, figures={"china": [3, 3, 3]})
    assert set(legal(game)) == {"flee:india", "flee:russia", "flee:southeast_asia_pacific"}


def test_looting_takes_coins_from_the_defender_and_the_rest_from_the_reserve() -> None:
    game = _attack("qin_shi_huang", "china", 1, "looting", figures={"china": [1, 6, 0]}, coins=[0, 3, 1])  # conquest 4: 3 from the defender, 1 from the reserve
    assert game.coins[1] == 0
    assert game.coins[0] == 4 + 2  # and the hero's treasure 2 afterwards


def test_counterattack_both_lose_the_conquest_value_at_most_all_they_have() -> None:
    # 4 placed; both lose 4
    game = _attack("qin_shi_huang", "china", 1, "counterattack", figures=dict(china=[0, 6, 0]))
    assert game.figures["china"][0] == 0 and game.figures["china"][1] == 2


def test_resistance_the_conqueror_loses_the_conquest_value() -> None:
    game = _attack("han_wudi", "china", 1, "resistance", figures=dict(china=[3, 6, 0]))  # 3 + 4 = 7, loses 4
    assert game.figures["china"][0] == 3 and game.figures["china"][1] == 6
