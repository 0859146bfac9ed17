"""Reduction, forts and monuments (rulebook: "Reduction", "Building forts", "Building monuments")."""

from __future__ import annotations

from tests.rules_brief.helpers import acts, established, no_monuments, position, put, roll


def take(g, land, *dice):  # type: ignore[no-untyped-def]
    g.apply(f"invade:{land}")
    roll(g, *(dice or (6, 6, 1)))


def romans_against(land: str = "northern_italia", **pieces):  # type: ignore[no-untyped-def]
    """The Romans established; Blue holds ``land`` with ``pieces``."""
    pos = position("romans", 0)
    put(pos, land, 1, **pieces)
    return established(pos)


def test_a_capital_is_reduced_to_a_city() -> None:
    g = romans_against(structure="capital")
    take(g, "northern_italia")
    assert g.structures["northern_italia"] == "city"


def test_a_city_is_removed() -> None:
    g = romans_against(structure="city")
    take(g, "northern_italia")
    assert "northern_italia" not in g.structures


def test_a_lone_monument_is_removed() -> None:
    g = romans_against(monument=True)
    take(g, "northern_italia")
    assert "northern_italia" not in g.monuments


def test_with_a_capital_and_a_monument_the_capital_is_reduced_and_the_monument_stays() -> None:
    g = romans_against(structure="capital", monument=True)
    take(g, "northern_italia")
    assert g.structures["northern_italia"] == "city" and "northern_italia" in g.monuments
    g2 = romans_against(structure="city", monument=True)
    take(g2, "northern_italia")
    assert "northern_italia" not in g2.structures and "northern_italia" in g2.monuments


def test_a_fort_always_goes_on_a_change_of_control() -> None:
    g = romans_against(fort=True)
    take(g, "northern_italia", 6, 6, 1, 1)
    assert "northern_italia" not in g.forts


def test_a_failed_invasion_reduces_nothing() -> None:
    g = romans_against(structure="capital", fort=True)
    take(g, "northern_italia", 1, 1, 6, 6)
    g.apply("abandon")
    assert g.structures["northern_italia"] == "capital" and "northern_italia" in g.forts


def test_a_barbarian_empire_gains_one_gold_for_each_reduction_at_once() -> None:
    pos = position("huns", 0)
    put(pos, "massif", 1, structure="capital")
    g = established(pos)
    no_monuments(g)
    gold = g.gold[0]
    take(g, "massif", 6, 6, 1)  # mountains: 5 points, 2 to take it; nothing of Blue's to overrun
    assert g.gold[0] == gold + 1 and g.structures["massif"] == "city"


def test_an_empire_with_a_capital_gains_nothing_for_a_reduction() -> None:
    g = romans_against(structure="capital")
    gold = g.gold[0]
    take(g, "northern_italia")
    assert g.gold[0] == gold


def test_a_monument_on_every_second_resource_symbol_capital_first() -> None:
    g = established("romans", 0)  # Southern Italia has one resource symbol
    assert g.phase == "expand"
    g.apply("expand:northern_italia")  # the second symbol
    assert g.phase == "monument" and acts(g, "monument") == {"southern_italia"}  # the capital first
    g.apply("monument:southern_italia")
    assert "southern_italia" in g.monuments and g.phase == "expand"
    g.apply("expand:shatts_plateau")  # the third: no monument yet
    assert g.phase == "expand"


def test_a_monument_goes_to_a_city_before_a_resource_land() -> None:
    pos = position("huns", 0)  # barbarian: no capital
    put(pos, "lower_rhine", 1, structure="capital")  # one resource symbol
    g = established(pos)  # Northern Gaul: one symbol
    take(g, "lower_rhine")  # the second symbol; the capital is reduced to a city
    assert acts(g, "monument") == {"lower_rhine"}  # the city, not Northern Gaul's symbol


def test_resource_symbols_under_resigned_armies_do_not_count() -> None:
    pos = position("romans", 0)
    put(pos, "northern_italia", 0)  # resigned, one symbol
    g = established(pos)
    assert g.force.resources == 1 and g.phase == "expand"  # only Rome's symbol counts


def test_no_monument_without_a_suitable_land_or_a_piece_left() -> None:
    pos = position("romans", 0, monuments=["nile_delta", "levant"])
    g = established(pos, options={"monuments": 2})  # both pieces of a two-monument box are on the map
    g.apply("expand:northern_italia")
    assert g.phase == "expand" and g.force.monuments_due == 0


def test_a_land_never_holds_more_than_one_monument() -> None:
    g = established("romans", 0)
    g.apply("expand:northern_italia")  # the second symbol: a monument in Rome
    g.apply("monument:southern_italia")
    g.apply("expand:shatts_plateau")  # the third
    g.apply("expand:crete")  # the fourth: Rome has one already, so a resource land
    assert acts(g, "monument") == {"northern_italia", "shatts_plateau", "crete"}
