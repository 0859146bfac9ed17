"""Establish and Invade: where armies may go, and what happens when they arrive."""

from __future__ import annotations

import pytest
from helpers import act, land_neighbours, roll, turn_of

import hotw


def test_establish_places_army_and_capitol_in_start_territory() -> None:
    g = turn_of("Egyptians")
    start = g.content.empires[g.actor.card].start[0]
    assert g.owner[start] == 0 and start in g.actor.active
    assert g.tokens[start] == "capitol"
    assert g.actor.armies == g.content.empires[g.actor.card].armies - 1


def test_invade_only_next_to_active_armies() -> None:
    g = turn_of("Egyptians")
    start = g.actor.starts[0]
    targets = {a.target for a in g.legal_actions() if a.kind == "invade"}
    lands = {t for t in g.board.neighbours(start) if g.board.spaces[t].kind == "land"}
    assert targets == lands
    far = "new_zealand"
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError, match="not next to"):
        act(g, f"invade:{far}")
    assert g.state_key() == before


def test_invade_empty_territory_occupies_it() -> None:
    g = turn_of("Egyptians")
    target = sorted(t for t in g.board.neighbours(g.actor.starts[0]) if g.board.spaces[t].kind == "land")[0]
    armies = g.actor.armies
    act(g, f"invade:{target}")
    assert g.owner[target] == 0 and target in g.actor.active
    assert g.actor.armies == armies - 1


def test_invade_own_resigned_army_returns_it_to_supply() -> None:
    t = land_neighbours("nile_delta")[0]
    g = turn_of("Egyptians", armies={t: 0})
    supply = g.supply[0]
    act(g, f"invade:{t}")
    assert g.owner[t] == 0 and t in g.actor.active
    assert g.supply[0] == supply + 1  # the resigned army went back to supply
    assert g.battle is None


def test_invading_opponent_army_starts_a_battle() -> None:
    g = turn_of("Egyptians", armies={"palestine": 1})
    act(g, "invade:palestine")
    assert g.decision.is_chance and g.decision.step == "roll"
    assert g.battle is not None and g.battle.defender == 1


def test_barren_land_cannot_be_entered() -> None:
    g = turn_of("Egyptians")
    barren = [t for t in g.board.neighbours("nile_delta") if g.board.spaces[t].kind == "barren"]
    assert barren, "the Nile Delta borders the Sahara"
    with pytest.raises(hotw.IllegalActionError, match="barren"):
        act(g, f"invade:{barren[0]}")


def test_no_invasion_without_armies_on_the_card() -> None:
    one = {"content_changes": {"empires": {"egyptians": {"armies": 1}}}}  # the army that establishes, no more
    g = turn_of("Egyptians", options=one)
    assert g.actor.armies == 0 and g.owner["nile_delta"] == 0
    assert not any(a.kind == "invade" for a in g.legal_actions())
    with pytest.raises(hotw.IllegalActionError, match="no armies left"):
        act(g, "invade:libya")
    assert any(a.kind == "invade" for a in turn_of("Egyptians").legal_actions())


def test_start_territory_held_by_opponent_is_fought_for() -> None:
    g = turn_of("Egyptians", armies={"nile_delta": 2})
    assert g.battle is not None and g.battle.establishing and g.battle.target == "nile_delta"
    roll(g, 6, 6, 1)  # win
    assert g.owner["nile_delta"] == 0
    assert g.tokens["nile_delta"] == "capitol"
    assert g.decision.step == "invade"


def test_start_territory_lost_at_establish_stays_a_target() -> None:
    g = turn_of("Egyptians", armies={"nile_delta": 2})
    roll(g, 1, 1, 6)  # the establishing battle is lost
    act(g, "retreat")
    assert g.decision.step == "invade"
    assert [a.target for a in g.legal_actions() if a.kind == "invade"] == ["nile_delta"]
    act(g, "invade:nile_delta")
    roll(g, 6, 6, 1)
    assert g.owner["nile_delta"] == 0 and g.tokens["nile_delta"] == "capitol"


def test_mesoamericans_second_start_established_after_a_retreat_from_the_first() -> None:
    first, second = turn_of("Mesoamericans").actor.starts
    g = turn_of("Mesoamericans", armies={first: 2})
    assert g.battle is not None and g.battle.target == first
    roll(g, 1, 1, 6)
    act(g, "retreat")
    assert g.owner[second] == 0 and g.tokens[second] == "capitol"  # the other start is still established
    assert first in g.targets()
