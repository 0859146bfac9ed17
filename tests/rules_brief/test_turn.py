"""Empire turns (rulebook: "Determining the order of play", "Establishing your empire", "Expanding your empire",
"Surrendering", "Reorganising your empire")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_brief.helpers import acts, established, no_monuments, position, put, turn


def test_the_empires_are_called_in_card_order_and_unheld_ones_skipped() -> None:
    # the Minoans are fourth on epoch I's list; the Sumerians first (their call has passed), the Hittites seventh
    g = established("minoans", 1, empires={"0": "sumerians", "2": "hittites"}, array=0)  # reorganise at once
    skipped = [line for line in g.log if "skipped" in line]
    assert any("Babylonians" in line for line in skipped) and any("Shang" in line for line in skipped)
    assert g.turn_colour == 2 and g.phase == "turn_start" and g.empire_card() == "hittites"


def test_establishing_sets_the_dial_to_0_fills_the_array_and_takes_the_start_land() -> None:
    pos = position("romans", 0)
    put(pos, "southern_italia", 1, structure="capital", fort=True, monument=True)
    g = turn(pos)
    supply = g.supply[0]
    g.apply("establish")
    f = g.force
    assert f.dial == 0 and f.array == 10 and g.supply[0] == supply - 11
    assert g.owner["southern_italia"] == 0 and "southern_italia" in g.standing
    assert g.structures["southern_italia"] == "capital"  # the Romans' own capital
    assert "southern_italia" not in g.forts and "southern_italia" not in g.monuments  # all cleared
    assert g.supply[1] == g.opts["player_armies"]  # Blue's army back in its supply


def test_a_barbarian_empire_receives_no_capital() -> None:
    g = established("huns", 0)
    assert "northern_gaul" not in g.structures and g.force.barbarian


def test_an_ocean_fleet_may_be_used_in_each_sea_next_to_it() -> None:
    g = established("spanish", 0)
    assert {"atlantic_ocean", "north_sea", "western_mediterranean", "caribbean_sea"} <= g.force.waters
    assert "eastern_mediterranean" not in g.force.waters
    assert "albion" in acts(g, "expand")  # on the North Sea, by the Atlantic fleet


def test_expand_next_to_an_active_army_or_a_fleet_and_across_straits() -> None:
    g = established("romans", 0)
    targets = acts(g, "expand")
    assert "northern_italia" in targets  # next to Rome
    assert "shatts_plateau" in targets  # across the strait of Sicily
    assert "crete" in targets  # by the Mediterranean fleet
    assert "upper_tigris" not in targets
    with pytest.raises(IllegalActionError, match="not next to a land of your standing armies"):
        g.apply("expand:upper_tigris")


def test_no_army_may_be_placed_in_a_barren_land() -> None:
    g = established("macedonians", 0)
    g.apply("expand:dalmatia")
    no_monuments(g)
    assert "alps" not in acts(g, "expand")
    with pytest.raises(IllegalActionError, match="barren"):
        g.apply("expand:alps")


def test_surrendering_your_own_resigned_army_needs_no_dice() -> None:
    pos = position("romans", 0)
    put(pos, "northern_italia", 0, structure="city")
    g = established(pos)
    assert acts(g, "surrender") == {"northern_italia"} and "northern_italia" not in acts(g, "invade")
    g.apply("surrender:northern_italia")
    assert not g.decision.is_chance
    assert g.owner["northern_italia"] == 0 and "northern_italia" in g.standing
    assert "northern_italia" not in g.structures  # reduction also takes place on a surrender


def test_an_invasion_is_placing_in_another_players_land() -> None:
    pos = position("romans", 0)
    put(pos, "northern_italia", 2)
    g = established(pos)
    assert "northern_italia" in acts(g, "invade") and "northern_italia" not in acts(g, "expand")
    with pytest.raises(IllegalActionError, match="invade it"):
        g.apply("expand:northern_italia")


def test_reorganising_removes_fleets_resigns_armies_discards_the_card() -> None:
    g = established("romans", 0, array=2)
    g.apply("expand:northern_italia")
    no_monuments(g)
    g.apply("expand:shatts_plateau")  # the last army on the Array
    assert not g.forces and not g.standing  # fleets gone with the force; every army resigned
    assert g.owner["northern_italia"] == 0 and g.turn_scores[-1][1] == "romans"


def test_the_incas_and_aztecs_card_plays_the_incas_then_the_aztecs() -> None:
    g = turn("incas_aztecs", 0, array=0)  # the Incas use no army beyond their start-land
    g.apply("establish")
    assert g.owner["northern_andes"] == 0 and g.turn_scores[-1][1] == "incas_aztecs"
    assert g.turn_colour == 0 and g.part == 1 and g.phase == "turn_start"
    g.apply("establish")
    assert g.force.name == "Aztecs" and g.owner["mexican_valley"] == 0
    assert g.force.array > 0  # the position's Array was the Incas' only
    assert [t[1] for t in g.turn_scores] == ["incas_aztecs"]  # gold collected after the Incas' own turn


def test_you_must_use_the_array_before_ending_while_an_army_can_be_placed() -> None:
    g = established("romans", 0)
    assert "end_turn" not in {a.kind for a in g.legal_actions()}
    with pytest.raises(IllegalActionError, match="every army on the Array is used"):
        g.apply("end_turn")


def test_forts_from_the_array_one_per_land_never_back_into_armies() -> None:
    g = established("romans", 0)
    array = g.force.array
    g.apply("fort:southern_italia")
    assert "southern_italia" in g.forts and g.force.array == array - 1
    assert "southern_italia" not in acts(g, "fort")
    with pytest.raises(IllegalActionError, match="already has a fort"):
        g.apply("fort:southern_italia")
    with pytest.raises(IllegalActionError, match="land of your standing armies"):
        g.apply("fort:northern_italia")
