"""Coins received and spent (docs/rules-heroes.md, "Coins received and expenses")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_heroes.helpers import laid, legal, modern, playing, start, to_spend


def test_the_treasure_value_brings_coins_from_the_reserve() -> None:
    game = playing("solon")  # treasure 4
    bank = game.bank
    to_spend(game)
    assert game.coins[0] == 1 + 4 and game.bank == bank - 4


def test_coins_can_be_spent_only_in_the_treasure_step() -> None:
    game = laid(coins=[9, 1, 1], hands={0: ["pericles"]}, step="play")
    with pytest.raises(IllegalActionError, match="only in the treasure step"):
        game.apply("buy")
    game.apply("play:pericles")
    with pytest.raises(IllegalActionError, match="only in the treasure step"):
        game.apply("build:parthenon")
    to_spend(game)
    game.apply("buy")
    assert game.score[0] == 1


def test_a_civilization_point_costs_two_coins_as_often_as_wanted() -> None:
    game = playing("pericles", coins=[5, 1, 1])  # treasure 2: 7 coins
    to_spend(game)
    for _ in range(3):
        game.apply("buy")
    assert game.score[0] == 3 and game.coins[0] == 1 and "buy" not in legal(game)
    with pytest.raises(IllegalActionError, match="costs 2 coins; you have 1"):
        game.apply("buy")


def test_migration_costs_two_coins_and_moves_up_to_four_figures_to_neighbouring_areas() -> None:
    game = playing("pericles", figures={"mediterranean": [6, 0, 0]}, coins=[2, 0, 0])  # treasure 2 -> 4 coins
    to_spend(game)
    game.apply("migrate:mediterranean")
    assert game.coins[0] == 2 and set(legal(game)) == {"move:africa", "move:middle_east"}  # not Europe, not Russia
    for _ in range(4):
        game.apply("move:africa")
    assert game.phase == "spend" and game.figures["africa"][0] == 4


def test_the_rulebook_example_migrates_from_europe_to_the_mediterranean_and_america() -> None:
    # Charles the Great brings no coins (treasure 0); with 3 coins blue pays 2 and moves 4 figures from
    # Europe to the Mediterranean and America.
    me = 1
    counts = [0, 0, 0]
    counts[me] = 6
    game = playing("charlemagne", era=2, turn=me, figures={"europe": counts}, coins=[1, 3, 1])
    to_spend(game)
    assert game.coins[me] == 3
    game.apply("migrate:europe")
    for dest in ("mediterranean", "mediterranean", "america", "america"):
        game.apply(f"move:{dest}")
    assert game.coins[me] == 1 and game.phase == "spend"
    assert game.figures["mediterranean"][me] >= 2 and game.figures["america"][me] == 2


def test_areas_are_adjacent_when_they_share_a_border_europe_america_russia_southeast_asia() -> None:
    game = modern(3)
    assert "america" in game.neighbours("europe")
    assert {"russia", "southeast_asia_pacific"} <= set(game.neighbours("america"))


def test_a_wonder_costs_seven_coins_and_gives_three_points_at_once() -> None:
    game = playing("pericles", coins=[12, 1, 1])
    to_spend(game)
    assert {f"build:{w}" for w in game.content.wonders_of("antiquity")} <= set(legal(game))
    game.apply("build:parthenon")
    assert game.coins[0] == 7 and game.score[0] == 3 and game.wonders == {"parthenon": 0}
    game.apply("build:great_wall")  # as many wonders as the money allows
    assert game.coins[0] == 0 and game.score[0] == 6


def test_only_this_eras_wonders_not_yet_built() -> None:
    game = playing("pericles", coins=[30, 1, 1], wonders={"parthenon": 1})
    to_spend(game)
    with pytest.raises(IllegalActionError, match="built already"):
        game.apply("build:parthenon")
    with pytest.raises(IllegalActionError, match="other era"):
        game.apply("build:kremlin")
    later = playing("victoria", era=2, coins=[30, 1, 1])
    to_spend(later)
    assert {a for a in legal(later) if a.startswith("build:")} == {
        f"build:{w}" for w in later.content.wonders_of("modern")}


def test_a_wonder_cannot_be_stolen_or_destroyed() -> None:
    game = playing("pericles", coins=[9, 1, 1])
    to_spend(game)
    game.apply("build:parthenon")
    assert all(not a.startswith(("build:parthenon",)) for a in legal(game))
    assert not any("parthenon" in a for a in legal(game) if not a.startswith("wonder:"))
