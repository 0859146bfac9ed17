"""Invading (rulebook: "Invading", "Number of dice", "The dice roll", "Taking control of the land",
"Continuing the invasion")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hotw.errors import IllegalActionError
from tests.rules_brief.helpers import acts, established, no_monuments, position, put, roll


def romans(fort: bool = False, **fields: int):  # type: ignore[no-untyped-def]
    """The Romans established; Blue holds Northern Italia (a fort there if ``fort``) and Crete."""
    pos = position("romans", 0, **fields)
    put(pos, "northern_italia", 1, fort=fort)
    put(pos, "crete", 1)
    return established(pos)


def test_the_attacker_rolls_two_dice_and_the_defender_one() -> None:
    g = romans()
    g.apply("invade:northern_italia")
    assert (g.invasion.attack_dice, g.invasion.defend_dice) == (2, 1)
    assert g.decision.is_chance and len(g.chance_outcomes()) == 6


def test_a_fleet_invasion_rolls_one_die_fewer() -> None:
    g = romans()
    g.apply("invade:crete")  # reached only by the Romans' Mediterranean fleet
    assert g.invasion.naval and g.invasion.attack_dice == 1


def test_a_fort_gives_the_defender_two_dice() -> None:
    g = romans(fort=True)
    g.apply("invade:northern_italia")
    assert g.invasion.defend_dice == 2


def test_the_highest_single_die_is_the_score_and_the_margin_is_the_points() -> None:
    g = romans(fort=True)
    g.apply("invade:northern_italia")
    roll(g, 6, 2, 4, 3)  # the rulebook's example: 6 against 4, two points
    assert g.last_roll.points == 2 and g.last_roll.taken
    assert g.owner["northern_italia"] == 0
    assert "northern_italia" not in g.forts  # a fort goes on a change of control


def test_the_rulebooks_continued_invasion_earns_one_point_with_the_dial() -> None:
    g = romans()
    array = g.force.array
    g.apply("invade:northern_italia")
    roll(g, 4, 1, 5)  # fails
    assert g.phase == "after_fail" and acts(g, "continue") == {""}
    g.apply("continue")
    assert g.force.array == array - 2 and g.force.dial == 1  # an Array army spent, dial +1
    roll(g, 6, 2, 6)  # 6 + 1 = 7 against 6
    assert g.last_roll.points == 1 and g.owner["northern_italia"] == 0
    no_monuments(g)
    assert g.force.dial == 0  # reset on success


def test_a_tie_earns_no_point_and_the_attacker_must_remove_or_continue() -> None:
    g = romans()
    supply = g.supply[0]
    g.apply("invade:northern_italia")
    roll(g, 3, 3, 3)
    assert g.phase == "after_fail"
    g.apply("abandon")
    assert g.owner["northern_italia"] == 1 and g.supply[0] == supply + 1  # back to supply
    assert g.force.dial == 0 and g.phase == "expand"


def test_mountain_and_forest_cost_two_points_clear_land_one() -> None:
    pos = position("macedonians", 0)
    put(pos, "dalmatia", 1)  # mountains
    g = established(pos)
    g.apply("invade:dalmatia")
    roll(g, 5, 1, 4)  # one point: not enough
    assert not g.last_roll.taken and g.last_roll.cost == 2
    g.apply("continue")
    roll(g, 5, 1, 4)  # 5 + 1 - 4 = 2 points: enough
    assert g.last_roll.taken and g.owner["dalmatia"] == 0


def test_the_dial_goes_no_higher_than_three() -> None:
    g = romans(array=8)
    g.apply("invade:northern_italia")
    for _ in range(4):
        roll(g, 1, 1, 6)
        g.apply("continue")
    assert g.force.dial == 3


def test_without_an_army_on_the_array_a_failed_invasion_cannot_continue() -> None:
    g = romans(array=1)
    g.apply("invade:northern_italia")
    roll(g, 1, 1, 6)
    assert g.owner["northern_italia"] == 1
    assert any("the invading army is removed" in line for line in g.log)
    assert g.turn_scores[-1][1] == "romans"  # the Array is used up: the Romans reorganise at once


def test_the_defenders_army_returns_to_its_supply() -> None:
    g = romans()
    before = g.supply[1]
    g.apply("invade:northern_italia")
    roll(g, 6, 6, 1)
    assert g.supply[1] == before + 1


def test_only_one_army_per_land_and_armies_never_move() -> None:
    g = romans()
    with pytest.raises(IllegalActionError, match="already holds one of your standing armies"):
        g.apply("expand:southern_italia")
    assert not any(a.kind == "move" for a in g.legal_actions())


def test_exact_odds_of_taking_a_land_include_the_dial() -> None:
    from hotw.rulesets.brief.odds import take_odds
    # enumerate every roll of 2 attack dice against 1 with a +2 dial on a mountain (cost 2)
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) for d in range(1, 7) if max(a, b) + 2 - d >= 2)
    assert take_odds(2, 1, dial=2, cost=2) == Fraction(wins, 216)
    assert take_odds(2, 2, dial=0, cost=1) < take_odds(2, 1, dial=0, cost=1) < take_odds(3, 1, dial=0, cost=1)
