"""The conquest and the conquest die (docs/rules-heroes.md, "Procedure in a conquest", "Results of the dice")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hotw.errors import IllegalActionError
from hotw.rulesets.heroes.conquest import FACES
from tests.rules_heroes.helpers import clear, legal, modern, play, start, table


def _to_conquest(game, hero: str) -> None:  # type: ignore[no-untyped-def]
    """Play ``hero`` with its figures and progress placed first-offered, up to the conquest step."""
    play(game, hero)
    while game.phase not in ("conquest", "spend"):
        game.apply(game.legal_actions()[0])


def _attack(game, hero: str, area: str, defender: int, face: str) -> None:  # type: ignore[no-untyped-def]
    _to_conquest(game, hero)
    game.apply(f"conquer:{area}")
    if game.phase == "defender":
        game.apply(f"defender:{defender}")
    game.apply(f"roll:{face}")


def _antiquity(**figures: list[int]):  # type: ignore[no-untyped-def]
    game = start(3)
    clear(game)
    table(game, figures=figures)
    game.reserve = [65 - game.figures_on_board(s) for s in range(3)]
    return game


def test_the_die_has_six_faces_each_as_likely() -> None:
    game = _antiquity(china=[2, 5, 0])
    _to_conquest(game, "qin_shi_huang")
    game.apply("conquer:china")
    game.apply("defender:1")
    outcomes = game.chance_outcomes()
    assert [a.target for a, _ in outcomes] == list(FACES) and {p for _, p in outcomes} == {Fraction(1, 6)}


def test_a_conquest_needs_a_conquest_value_above_zero() -> None:
    game = _antiquity(china=[2, 5, 0])
    _to_conquest(game, "confucius")  # conquest 0
    assert game.phase == "spend"


def test_a_conquest_can_be_given_up() -> None:
    game = _antiquity(china=[2, 5, 0])
    _to_conquest(game, "qin_shi_huang")
    assert "no_conquest" in legal(game)
    game.apply("no_conquest")
    assert game.phase == "spend" and game.figures["china"][1] == 5


def test_only_in_the_heroes_areas_where_the_conqueror_has_a_figure_against_an_opponent() -> None:
    game = _antiquity(china=[0, 5, 0], india=[3, 2, 0], middle_east=[0, 3, 0])
    _to_conquest(game, "ban_chao")  # China and the Middle East, population 4 (placed in China first)
    assert set(legal(game)) == {"conquer:china", "no_conquest"}
    with pytest.raises(IllegalActionError, match="conquer only in China and Middle East"):
        game.apply("conquer:india")
    with pytest.raises(IllegalActionError, match="at least one figure in Middle East"):
        game.apply("conquer:middle_east")


def test_the_conqueror_chooses_the_defender_among_the_opponents_there() -> None:
    game = _antiquity(china=[1, 3, 2])
    _to_conquest(game, "qin_shi_huang")
    game.apply("conquer:china")
    assert set(legal(game)) == {"defender:1", "defender:2"}


def test_victorious_offensive_in_antiquity_costs_the_defender_the_conquest_value_plus_1() -> None:
    game = _antiquity(china=[1, 9, 0])
    _attack(game, "qin_shi_huang", "china", 1, "victory")  # conquest 4
    assert game.figures["china"][1] == 9 - 5 and game.reserve[1] == 65 - 9 + 5


def test_victorious_offensive_in_the_modern_age_the_rulebook_example() -> None:
    # Blue attacks green in the Mediterranean with Charles the Great: 6 figures against 9; green loses 6.
    game = modern(3)
    blue = game.active
    green = (blue + 1) % 3
    clear(game)
    counts = [0, 0, 0]
    counts[blue], counts[green] = 2, 9
    table(game, figures={"mediterranean": counts})
    play(game, "charlemagne")
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
    game = _antiquity(china=[1, 2, 0])
    _attack(game, "qin_shi_huang", "china", 1, "victory")
    assert game.figures["china"][1] == 0 and game.reserve[1] == 65


def test_deserters_in_antiquity_one_defender_figure_becomes_the_conquerors() -> None:
    game = _antiquity(china=[1, 5, 0])
    _attack(game, "qin_shi_huang", "china", 1, "deserters")
    mine = 1 + 4  # Qin Shi Huang's 4 figures went to China first
    assert game.figures["china"][1] == 4 and game.figures["china"][0] == mine + 1
    assert game.reserve[1] == 65 - 5 + 1


def test_deserters_in_the_modern_age_two() -> None:
    game = modern(3)
    me = game.active
    clear(game)
    counts = [5, 5, 5]
    table(game, figures={"america": counts})
    _attack(game, "hernan_cortes", "america", (me + 1) % 3, "deserters")
    assert game.figures["america"][(me + 1) % 3] == 3 and game.figures["america"][me] == 5 + 4 + 2


def test_escape_moves_the_conquest_value_of_defender_figures_to_a_neighbour_of_the_conquerors_choice() -> None:
    game = _antiquity(china=[1, 6, 0])
    _attack(game, "qin_shi_huang", "china", 1, "escape")
    assert game.phase == "escape" and set(legal(game)) == {"flee:india"}  # not Russia nor Southeast Asia
    game.apply("flee:india")
    assert game.figures["china"][1] == 2 and game.figures["india"][1] == 4


def test_escape_in_the_modern_age_may_go_to_a_modern_area() -> None:
    game = modern(3)
    me = game.active
    clear(game)
    table(game, figures={"china": [3, 3, 3]})
    _attack(game, "kublai_khan", "china", (me + 1) % 3, "escape")
    assert set(legal(game)) == {"flee:india", "flee:russia", "flee:southeast_asia_pacific"}


def test_looting_takes_coins_from_the_defender_and_the_rest_from_the_reserve() -> None:
    game = _antiquity(china=[1, 6, 0])
    game.coins = [0, 3, 1]
    _attack(game, "qin_shi_huang", "china", 1, "looting")  # conquest 4: 3 from the defender, 1 from the reserve
    assert game.coins[1] == 0
    assert game.coins[0] == 4 + 2  # and the hero's treasure 2 afterwards


def test_counterattack_both_lose_the_conquest_value_at_most_all_they_have() -> None:
    game = _antiquity(china=[0, 6, 0])
    _attack(game, "qin_shi_huang", "china", 1, "counterattack")  # 4 placed; both lose 4
    assert game.figures["china"][0] == 0 and game.figures["china"][1] == 2


def test_resistance_the_conqueror_loses_the_conquest_value() -> None:
    game = _antiquity(china=[3, 6, 0])
    _attack(game, "han_wudi", "china", 1, "resistance")  # 3 + 4 = 7, loses 4
    assert game.figures["china"][0] == 3 and game.figures["china"][1] == 6
