"""Empire features (rulebook: "Empire Features" and "Miscellaneous": Fear, the Vikings, France, Astronomy)."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_brief.helpers import acts, established, no_monuments, put, roll, turn


def assyrians():  # type: ignore[no-untyped-def]
    g = established("assyrians", 0)
    put(g, "east_anatolia", 0, standing=True)
    put(g, "middle_tigris", 0, standing=True)
    put(g, "levant", 1)
    put(g, "lower_tigris", 1)
    g.force.monuments_earned = 99
    return g


def test_fear_adds_one_point_after_a_successful_invasion_as_in_the_rulebook() -> None:
    g = assyrians()
    g.apply("invade:levant")
    roll(g, 6, 2, 4)
    assert g.last_roll.points == 3 and g.last_roll.note == "fear"


def test_fear_gives_nothing_when_the_invasion_fails() -> None:
    g = assyrians()
    g.apply("invade:lower_tigris")
    roll(g, 4, 2, 4)
    assert not g.last_roll.taken and g.last_roll.points == 0


def test_fear_leaves_the_monument_of_an_invaded_land() -> None:
    g = assyrians()
    g.monuments.add("levant")
    g.apply("invade:levant")
    roll(g, 6, 2, 4)
    assert "levant" in g.monuments


def test_fear_leaves_a_monument_in_the_start_land_of_gaul() -> None:
    g = turn("huns", 0)
    put(g, "Gaul", 1, monument=True, structure="city")
    g.apply("establish")
    assert g.force.start == g.board.resolve("Gaul") and "northern_gaul" in g.monuments
    assert "northern_gaul" not in g.structures


def test_without_fear_a_start_land_loses_its_monument() -> None:
    g = turn("franks", 0)
    put(g, "northern_gaul", 1, monument=True)
    g.apply("establish")
    assert "northern_gaul" not in g.monuments


def vikings():  # type: ignore[no-untyped-def]
    g = established("vikings", 0)
    g.force.monuments_earned = 99
    return g


def test_only_one_viking_army_may_cross_the_atlantic() -> None:
    g = vikings()
    assert {"appalachia", "deep_south", "southern_iberia", "albion"} <= acts(g, "expand")
    g.apply("expand:appalachia")
    assert g.force.atlantic_used
    after = acts(g, "expand")
    assert "deep_south" in after  # by land from Appalachia
    assert "southern_iberia" not in after and "west_indies" not in after  # no second army across
    assert "albion" in after  # the North Sea fleet still serves


def test_a_failed_atlantic_invasion_still_uses_the_one_crossing() -> None:
    g = vikings()
    put(g, "appalachia", 1)
    put(g, "deep_south", 1)
    g.apply("invade:appalachia")
    roll(g, 1, 6)
    g.apply("abandon")
    assert "deep_south" not in acts(g, "invade")


def test_a_viking_invasion_from_the_sea_succeeds_automatically_on_an_actual_5_or_6() -> None:
    g = vikings()
    put(g, "albion", 1)
    g.apply("invade:albion")
    assert g.invasion.naval and g.invasion.attack_dice == 1
    roll(g, 5, 6)
    assert g.last_roll.taken and g.last_roll.note == "vikings" and g.owner["albion"] == 0
    g2 = vikings()
    put(g2, "albion", 1)
    g2.apply("invade:albion")
    roll(g2, 4, 4)
    assert not g2.last_roll.taken


def test_frances_influence_armies_take_part_but_no_army_expands_from_them() -> None:
    g = established("france", 0)
    assert g.owner["great_lakes"] == 0 and g.owner["eastern_ghats"] == 0
    assert {"great_lakes", "eastern_ghats"} <= g.force.influence
    assert "eastern_deccan" not in acts(g, "expand")
    with pytest.raises(IllegalActionError, match="Influence army"):
        g.apply("expand:eastern_deccan")


def test_astronomy_lets_armies_expand_from_the_influence_armies() -> None:
    g = established("france", 0, hand=["astronomy"])
    g.apply("play:astronomy")
    assert g.phase == "fleet_place"
    g.apply("fleet:north_sea")
    no_monuments(g)
    assert "eastern_deccan" in acts(g, "expand")
