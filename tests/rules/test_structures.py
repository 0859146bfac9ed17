"""Monuments, structure reduction, marauders and component limits."""

from __future__ import annotations

from helpers import act, place, roll, turn_of


def _end_turn(g):
    act(g, "end_invasions")


def test_monuments_one_per_two_resource_icons_capitol_first() -> None:
    g = turn_of("Hittites")
    start = g.actor.starts[0]
    g.actor.active.clear()
    # Give the Hittites active armies on lands worth 4 icons in all, one of them the capitol.
    lands = [start] + [t for t in g.board.lands() if t not in g.owner][:3]
    for t in lands[1:]:
        g.owner[t] = 0
        g.supply[0] -= 1
    g.actor.active.update(lands)
    spaces = g.board.spaces
    icons = sum(spaces[t].resources for t in lands)
    _end_turn(g)
    built = [t for t in lands if t in g.monuments]
    assert len(built) == min(icons // 2, len([t for t in lands if spaces[t].resources or t == start]))
    if built:
        assert start in built  # the capitol territory comes first


def test_pyramids_one_monument_per_icon() -> None:
    """The Egyptians' Pyramids: a monument for every resource icon, not every two (3 icons: 3 monuments, not 1)."""
    g = turn_of("Egyptians")
    assert any(e["kind"] == "monument_rate" for e in g.actor.effects)
    spaces = g.board.spaces
    one_icon = [t for t in g.board.lands() if spaces[t].resources == 1 and t not in g.owner and t != "nile_delta"]
    lands = one_icon[:3]
    g.actor.active.clear()
    for t in lands:
        g.owner[t] = 0
        g.supply[0] -= 1
    g.actor.active.update(lands)
    _end_turn(g)
    assert sorted(t for t in lands if t in g.monuments) == sorted(lands)  # printed rate: 3 // 2 = 1


def test_monument_limit_is_20() -> None:
    g = turn_of("Egyptians")
    g.monuments.update(f"x{i}" for i in range(20))
    _end_turn(g)
    assert "nile_delta" not in g.monuments


def _win_against(g, t, owner=1):
    place(g, t, owner)
    act(g, f"invade:{t}")
    roll(g, 6, 6, 1)


def test_reduction_capitol_to_city_to_nothing_then_monument() -> None:
    g = turn_of("Egyptians")
    t = next(x for x in sorted(g.board.neighbours("nile_delta")) if g.board.spaces[x].kind == "land")
    g.tokens[t] = "capitol"
    g.monuments.add(t)
    _win_against(g, t)
    assert g.tokens[t] == "city" and t in g.monuments  # one structure only


def test_reduction_city_removed_then_monument() -> None:
    g = turn_of("Egyptians")
    lands = [x for x in sorted(g.board.neighbours("nile_delta")) if g.board.spaces[x].kind == "land"]
    a, b = lands[0], lands[1]
    g.tokens[a] = "city"
    g.monuments.add(a)
    g.monuments.add(b)
    _win_against(g, a)
    assert a not in g.tokens and a in g.monuments
    _win_against(g, b)
    assert b not in g.monuments


def test_reduction_on_tie_too() -> None:
    g = turn_of("Egyptians")
    t = next(x for x in sorted(g.board.neighbours("nile_delta"))
             if g.board.spaces[x].kind == "land" and g.board.spaces[x].terrain == "clear")
    g.tokens[t] = "city"
    place(g, t, 1)
    act(g, f"invade:{t}")
    roll(g, 3, 3, 3)
    assert t not in g.owner and t not in g.tokens


def test_marauders_get_no_capitol_and_a_point_per_reduction() -> None:
    g = turn_of("Vedics")
    start = g.actor.starts[0]
    assert g.actor.marauder and start not in g.tokens
    t = next(x for x in sorted(g.board.neighbours(start))
             if g.board.spaces[x].kind == "land" and g.board.spaces[x].terrain == "clear")
    g.tokens[t] = "city"
    score = g.score[0]
    _win_against(g, t)
    assert g.score[0] in (score + 1, score + 2)  # +1, then a step forward if the space was taken
    assert "marauders" in " ".join(g.log[-3:])


def test_capitols_and_cities_share_24_tokens() -> None:
    def prep(g):
        for i in range(24):
            g.tokens[f"x{i}"] = "city"

    g = turn_of("Egyptians", prepare=prep)
    assert "nile_delta" not in g.tokens
    assert "no capitol left" in " ".join(g.log)
