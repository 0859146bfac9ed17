"""Monuments, structure reduction, marauders and component limits."""

from __future__ import annotations

from helpers import act, free_land_next_to, free_lands, land_neighbours, roll, turn_of


def _end_turn(g):
    act(g, "end_invasions")


def test_monuments_one_per_two_resource_icons_capitol_first() -> None:
    start = turn_of("Hittites").actor.starts[0]
    # The Hittites hold active armies on lands worth 4 icons in all, one of them the capitol.
    lands = [start] + free_lands(3, taken={start})
    g = turn_of("Hittites", active=lands[1:])
    assert g.actor.active == set(lands)
    spaces = g.board.spaces
    icons = sum(spaces[t].resources for t in lands)
    _end_turn(g)
    built = [t for t in lands if t in g.monuments]
    assert len(built) == min(icons // 2, len([t for t in lands if spaces[t].resources or t == start]))
    if built:
        assert start in built  # the capitol territory comes first


def test_pyramids_one_monument_per_icon() -> None:
    """The Egyptians' Pyramids: a monument for every resource icon, not every two (3 icons: 3 monuments, not 1)."""
    lands = free_lands(3, want=lambda s: s.resources == 1, taken={"nile_delta"})
    g = turn_of("Egyptians", active=lands)
    assert any(e["kind"] == "monument_rate" for e in g.actor.effects)
    assert sum(g.board.spaces[t].resources for t in g.actor.active) == 5  # the Nile Delta's 2 icons too
    _end_turn(g)
    assert sorted(t for t in lands if t in g.monuments) == sorted(lands)  # printed rate: 5 // 2 = 2
    assert len(g.monuments) == 4  # one on each of the four lands (a land holds one monument)


def test_monument_limit_is_20() -> None:
    g = turn_of("Egyptians", monuments=free_lands(20, taken={"nile_delta"}))
    _end_turn(g)
    assert "nile_delta" not in g.monuments
    g = turn_of("Egyptians", monuments=free_lands(19, taken={"nile_delta"}))
    _end_turn(g)
    assert "nile_delta" in g.monuments


def _win_against(g, t):
    act(g, f"invade:{t}")
    roll(g, 6, 6, 1)


NEXT_TO_NILE = land_neighbours("nile_delta")


def test_reduction_capitol_to_city_to_nothing_then_monument() -> None:
    t = NEXT_TO_NILE[0]
    g = turn_of("Egyptians", armies={t: 1}, structures={t: "capitol"}, monuments=[t])
    _win_against(g, t)
    assert g.tokens[t] == "city" and t in g.monuments  # one structure only


def test_reduction_city_removed_then_monument() -> None:
    a, b = NEXT_TO_NILE[0], NEXT_TO_NILE[1]
    g = turn_of("Egyptians", armies={a: 1, b: 1}, structures={a: "city"}, monuments=[a, b])
    _win_against(g, a)
    assert a not in g.tokens and a in g.monuments
    _win_against(g, b)
    assert b not in g.monuments


def test_reduction_on_tie_too() -> None:
    t = free_land_next_to("nile_delta", want=lambda s: s.terrain == "clear")
    g = turn_of("Egyptians", armies={t: 1}, structures={t: "city"})
    act(g, f"invade:{t}")
    roll(g, 3, 3, 3)
    assert t not in g.owner and t not in g.tokens


def test_marauders_get_no_capitol_and_a_point_per_reduction() -> None:
    start = turn_of("Vedics").actor.starts[0]
    t = free_land_next_to(start, want=lambda s: s.terrain == "clear")
    g = turn_of("Vedics", armies={t: 1}, structures={t: "city"})
    assert g.actor.marauder and start not in g.tokens
    score = g.score[0]
    _win_against(g, t)
    assert g.score[0] in (score + 1, score + 2)  # +1, then a step forward if the space was taken
    assert "marauders" in " ".join(g.log[-3:])


def test_capitols_and_cities_share_24_tokens() -> None:
    g = turn_of("Egyptians", structures={land: "city" for land in free_lands(24, taken={"nile_delta"})})
    assert "nile_delta" not in g.tokens
    assert "no capitol left" in " ".join(g.log)
    g = turn_of("Egyptians", structures={land: "city" for land in free_lands(23, taken={"nile_delta"})})
    assert g.tokens["nile_delta"] == "capitol"
