"""Rules of expansion and battle (docs/rules-classic.md, section 4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hotw.actions import Action
from hotw.errors import IllegalActionError
from hotw.rulesets.classic.battle import battle_odds, conquest_odds

from tests.rules_classic.helpers import act, begin_with, begun, called, roll, start


def egypt(**fields: object) -> object:
    """Egypt's turn (seat 0), begun, with the capitol in the Nile Delta; ``fields`` lay out the board first."""
    return begun("egypt", **fields)


def first_roll_odds(game: object) -> list[Fraction]:
    return [p for _, p in game.chance_outcomes()]


def test_the_capitol_goes_on_the_start_land_with_one_army() -> None:
    game = egypt()
    assert game.owner["nile_delta"] == 0 and game.structures["nile_delta"] == "capitol"
    assert game.actor.armies == 5 - 1 and game.actor.lands == {"nile_delta"}


def test_an_occupied_start_land_is_attacked_first() -> None:
    game = called("egypt", armies={"nile_delta": 2})
    begin_with(game)
    assert game.decision.step == "roll" and game.battle.target == "nile_delta"
    roll(game, 6, 1)
    assert game.owner["nile_delta"] == 0 and game.structures["nile_delta"] == "capitol"


def test_armies_expand_into_adjacent_lands() -> None:
    game = egypt()
    assert {"libya", "palestine", "upper_nile"} <= set(game.targets())
    act(game, "invade:libya")
    assert game.owner["libya"] == 0 and game.actor.armies == 3


def test_one_army_per_land() -> None:
    game = egypt()
    assert "nile_delta" not in game.targets()
    with pytest.raises(IllegalActionError, match="one army per land"):
        game.apply("invade:nile_delta")


def test_barren_land_cannot_be_entered() -> None:
    game = egypt()
    with pytest.raises(IllegalActionError, match="barren"):
        game.apply("invade:sahara")


def test_a_sea_move_goes_through_a_sea_with_a_fleet() -> None:
    game = egypt()
    assert game.targets()["crete"] == 3          # across the Eastern Mediterranean, where Egypt has a fleet
    inland = begun("babylonia")  # no navigation
    act(inland, "invade:upper_tigris", "invade:east_anatolia")  # a coast of the Eastern Mediterranean
    assert "east_anatolia" in inland.actor.lands and "crete" not in inland.targets()  # no fleet: no sea move


def test_a_fleet_on_each_listed_sea() -> None:
    game = egypt()
    assert game.fleets == {"red_sea", "eastern_mediterranean"}


def test_a_listed_ocean_puts_fleets_on_all_its_adjacent_seas() -> None:
    game = egypt()
    assert game.fleet_spaces(("atlantic_ocean",)) == {"atlantic_ocean", "north_sea", "caribbean_sea",
                                                       "western_mediterranean"}


def test_the_attacker_rolls_two_dice_and_the_defender_one() -> None:
    game = egypt(armies={"libya": 1})
    assert game.targets()["libya"] == 1
    act(game, "invade:libya")
    assert first_roll_odds(game) == [Fraction(k, 36) for k in (1, 3, 5, 7, 9, 11)]
    roll(game, 6)
    assert first_roll_odds(game) == [Fraction(1, 6)] * 6


def test_the_defender_rolls_two_dice_across_a_strait() -> None:
    game = begun("greeks", 1, armies={"crete": 0})  # from Morea; by sea it would be three dice
    assert game.targets()["crete"] == 2


def test_the_defender_rolls_two_dice_in_a_forest() -> None:
    assert begun("goths", 1, armies={"baltic_seaboard": 0}).targets()["baltic_seaboard"] == 2  # from Danubia


def test_the_defender_rolls_two_dice_across_a_mountain_border() -> None:
    game = begun("babylonia", armies={"zagros": 0, "upper_tigris": 2})
    assert game.targets()["zagros"] == 2          # the Zagros border
    assert game.targets()["upper_tigris"] == 1    # no feature on that border


def test_the_defender_rolls_two_dice_across_the_great_wall() -> None:
    assert begun("hsiung_nu", 1, armies={"yellow_river": 0}).targets()["yellow_river"] == 2  # from Mongolia


def test_the_defender_rolls_three_dice_against_an_attack_from_the_sea() -> None:
    game = egypt(armies={"crete": 1})
    act(game, "invade:crete")
    roll(game, 6)
    assert first_roll_odds(game)[-1] == Fraction(91, 216)


def test_the_highest_die_wins() -> None:
    game = egypt(armies={"libya": 1, "palestine": 2})
    act(game, "invade:libya")
    roll(game, 5, 4)
    assert game.owner["libya"] == 0
    act(game, "invade:palestine")
    roll(game, 3, 4)
    assert game.owner["palestine"] == 2 and game.actor.lost == 1


def test_a_tie_kills_both_armies_and_the_next_army_may_enter() -> None:
    game = egypt(armies={"libya": 1})
    act(game, "invade:libya")
    roll(game, 4, 4)
    assert "libya" not in game.owner and game.actor.armies == 3
    act(game, "invade:libya")  # empty now: no battle
    assert game.owner["libya"] == 0 and game.decision.step == "expand"


def test_the_1993_rule_rolls_a_tie_again() -> None:
    game = egypt(armies={"libya": 1}, options={"tie_rule": "reroll"})
    act(game, "invade:libya")
    roll(game, 4, 4)
    assert game.decision.step == "roll" and game.owner["libya"] == 1


def test_an_unplaced_army_becomes_a_fort_at_any_time() -> None:
    game = egypt()
    act(game, "fort:nile_delta")
    assert "nile_delta" in game.forts and game.actor.armies == 3


def test_a_fort_adds_one_to_the_defender() -> None:
    game = egypt(armies={"libya": 1}, forts=["libya"])
    act(game, "invade:libya")
    roll(game, 5, 5)  # 5 against 5 + 1: the attacker loses
    assert game.owner["libya"] == 1 and "libya" in game.forts and game.actor.lost == 1


def test_a_fort_whose_defender_loses_or_ties_is_removed_and_the_battle_goes_on() -> None:
    game = egypt(armies={"libya": 1}, forts=["libya"])
    act(game, "invade:libya")
    roll(game, 5, 4)  # 5 against 4 + 1: a tie, so only the fort goes
    assert "libya" not in game.forts and game.owner["libya"] == 1 and game.decision.step == "roll"
    roll(game, 6, 2)
    assert game.owner["libya"] == 0


def test_conquering_a_capitol_flips_it_to_a_city() -> None:
    game = egypt(armies={"libya": 1}, structures={"libya": "capitol"})
    act(game, "invade:libya")
    roll(game, 6, 1)
    assert game.structures["libya"] == "city"


def test_conquering_a_city_removes_it() -> None:
    game = egypt(armies={"libya": 1}, structures={"libya": "city"})
    act(game, "invade:libya")
    roll(game, 6, 1)
    assert "libya" not in game.structures


def test_monuments_stay_when_a_land_is_conquered() -> None:
    game = egypt(armies={"libya": 1}, monuments={"libya": 1})
    act(game, "invade:libya")
    roll(game, 6, 1)
    assert game.monuments["libya"] == 1


def test_exact_odds_use_the_shared_dice() -> None:
    assert battle_odds(2, 1) == {"win": Fraction(125, 216), "tie": Fraction(36, 216), "lose": Fraction(55, 216)}
    with_fort = conquest_odds(2, 1, fort=True)
    assert sum(with_fort.values()) == 1 and with_fort["win"] < battle_odds(2, 1)["win"]
    assert battle_odds(2, 1, tie_rule="reroll")["tie"] == 0


def test_an_illegal_action_changes_nothing() -> None:
    game = egypt()
    before = game.state_key()
    with pytest.raises(IllegalActionError):
        game.apply(Action("invade", "crete_x"))
    assert game.state_key() == before
