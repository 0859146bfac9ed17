"""Empire features (rulebook: "Empire Features" and "Miscellaneous": Fear, the Vikings, France, Astronomy)."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_brief.helpers import acts, established, no_monuments, position, put, roll, turn


def assyrians(monument: bool = False):  # type: ignore[no-untyped-def]
    """The Assyrians standing in East Anatolia and Middle Tigris; Blue in the Levant (a monument if asked)."""
    pos = position("assyrians", 0)
    put(pos, "east_anatolia", 0, standing=True)
    put(pos, "middle_tigris", 0, standing=True)
    put(pos, "levant", 1, monument=monument)
    put(pos, "lower_tigris", 1)
    g = established(pos)
    no_monuments(g)
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
    g = assyrians(monument=True)
    g.apply("invade:levant")
    roll(g, 6, 2, 4)
    assert "levant" in g.monuments


def test_fear_leaves_a_monument_in_the_start_land_of_gaul() -> None:
    pos = position("huns", 0)
    put(pos, "Gaul", 1, monument=True, structure="city")
    g = established(pos)
    assert g.force.start == g.board.resolve("Gaul") and "northern_gaul" in g.monuments
    assert "northern_gaul" not in g.structures


def test_without_fear_a_start_land_loses_its_monument() -> None:
    pos = position("franks", 0)
    put(pos, "northern_gaul", 1, monument=True)
    g = established(pos)
    assert "northern_gaul" not in g.monuments


def vikings(*blue: str):  # type: ignore[no-untyped-def]
    """The Vikings established (monuments left out: the box is empty); Blue holds the lands ``blue``."""
    pos = position("vikings", 0)
    for land in blue:
        put(pos, land, 1)
    return established(pos, options={"monuments": 0})


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
    g = vikings("appalachia", "deep_south")
    g.apply("invade:appalachia")
    roll(g, 1, 6)
    g.apply("abandon")
    assert "deep_south" not in acts(g, "invade")


def test_a_viking_invasion_from_the_sea_succeeds_automatically_on_an_actual_5_or_6() -> None:
    g = vikings("albion")
    g.apply("invade:albion")
    assert g.invasion.naval and g.invasion.attack_dice == 1
    roll(g, 5, 6)
    assert g.last_roll.taken and g.last_roll.note == "vikings" and g.owner["albion"] == 0
    g2 = vikings("albion")
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
