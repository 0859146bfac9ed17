"""Fortify, and the defender effects: terrain, naval, fortified (combinable)."""

from __future__ import annotations

import pytest
from helpers import act, first_land, free_land_next_to, free_lands, roll, turn_of

import hotw


def test_fortify_turns_a_card_army_into_a_fort() -> None:
    g = turn_of("Egyptians")
    armies, supply = g.actor.armies, g.supply[0]
    act(g, "fortify:nile_delta")
    assert "nile_delta" in g.forts
    assert g.actor.armies == armies - 1 and g.supply[0] == supply + 1
    with pytest.raises(hotw.IllegalActionError, match="already has a fort"):
        act(g, "fortify:nile_delta")


def test_fortify_only_where_you_have_an_active_army() -> None:
    g = turn_of("Egyptians")
    with pytest.raises(hotw.IllegalActionError, match="active army"):
        act(g, "fortify:palestine")


def test_fort_limit_is_14() -> None:
    g = turn_of("Egyptians", forts=free_lands(14, taken={"nile_delta"}))
    assert not any(a.kind == "fortify" for a in g.legal_actions())
    assert any(a.kind == "fortify" for a in turn_of("Egyptians", forts=free_lands(13, taken={"nile_delta"})).legal_actions())


def _battle_against(land_filter, fort=False, empire="Egyptians"):
    """The empire invades a resigned P1 army on the first land matching ``land_filter``, from a land it holds next to it."""
    t = first_land(land_filter, taken={"nile_delta"})
    foothold = free_land_next_to(t, taken={"nile_delta"})
    g = turn_of(empire, armies={t: 1}, active=[foothold], forts=[t] if fort else [])
    act(g, f"invade:{t}")
    return g, t


def test_fortified_defender_rolls_two_dice_and_fort_falls_on_win() -> None:
    g, t = _battle_against(lambda s: s.terrain == "clear", fort=True)
    assert g.battle.setup.defender_dice == 2
    roll(g, 6, 1, 2, 5)  # 6 beats max(2, 5)
    assert g.owner[t] == 0 and t not in g.forts


def test_fort_removed_on_tie() -> None:
    g, t = _battle_against(lambda s: s.terrain == "clear", fort=True)
    roll(g, 5, 1, 5, 2)
    assert t not in g.owner and t not in g.forts


def test_terrain_adds_one_to_defender() -> None:
    g, t = _battle_against(lambda s: s.terrain == "mountain")
    assert g.battle.setup.terrain
    roll(g, 5, 1, 4)  # 5 vs 4 + 1: a tie
    assert t not in g.owner
    g, t = _battle_against(lambda s: s.terrain == "forest")
    assert g.battle.setup.terrain


def test_naval_invasion_gives_defender_a_reroll() -> None:
    by_sea = sorted(t for t, naval in turn_of("Minoans").targets().items() if naval)
    assert by_sea, "the Minoan fleet reaches lands across the Eastern Mediterranean"
    t = by_sea[0]
    g = turn_of("Minoans", armies={t: 1})
    act(g, f"invade:{t}")
    assert g.battle.setup.naval
    roll(g, 5, 1, 3)  # defender loses with 3: rerolls
    assert g.decision.step == "roll"
    roll(g, 6)  # the reroll comes up 6 and holds
    assert g.owner[t] == 1
    assert "naval reroll" in g.log[-1]


def test_effects_combine() -> None:
    g, t = _battle_against(lambda s: s.terrain in ("mountain", "forest"), fort=True)
    s = g.battle.setup
    assert s.fortified and s.terrain
