"""Kingdoms and enhancements (event cards)."""

from __future__ import annotations

import pytest
from helpers import act, card_id, land_neighbours, turn_of

import hotw

KINGDOM = "phoenicia_1"  # an Epoch I kingdom card
WEAPONRY = card_id("Weaponry")
TARGET = land_neighbours("nile_delta")[0]


def _end_turn(g) -> None:
    act(g, "end_invasions")
    while g.decision.step == "score_tie":
        act(g, "score_tie:forward")


def test_kingdom_is_played_before_the_empire() -> None:
    g = turn_of("Egyptians", event=KINGDOM)
    assert g.content.events[KINGDOM].kind == "kingdom"
    assert g.decision.step == "kingdom"
    assert [a.kind for a in g.legal_actions()] == ["play_kingdom", "skip_kingdom"]
    act(g, f"play_kingdom:{KINGDOM}")
    assert g.actor.kingdom and g.actor.name == g.content.events[KINGDOM].kingdom.name
    start = g.content.events[KINGDOM].kingdom.start[0]
    assert g.owner.get(start) == 0
    # No event may be played while resolving a kingdom.
    assert not any(a.kind == "play_event" for a in g.legal_actions())
    act(g, "end_invasions")
    assert not g.actor.kingdom  # the empire follows
    assert start not in g.actor.active  # the kingdom's armies are resigned
    assert g.owner.get(start) == 0


def test_kingdom_scored_with_the_empire() -> None:
    g = turn_of("Egyptians", event=KINGDOM)
    act(g, f"play_kingdom:{KINGDOM}")
    act(g, "end_invasions")
    act(g, "end_invasions")
    epoch, card, player, bd = g.turn_scores[-1]
    start = g.content.events[KINGDOM].kingdom.start[0]
    region = g.board.spaces[start].region
    row = next(r for r in bd.regions if r.region == region)
    assert row.armies >= 1  # the kingdom's army counts in the empire's Gain Points step


def test_kingdom_not_played_is_lost_at_epoch_end() -> None:
    g = turn_of("Egyptians", event=KINGDOM)  # the only empire of the epoch: its turn ends the epoch
    act(g, "skip_kingdom")
    assert KINGDOM in g.hands[0]
    _end_turn(g)
    assert g.epoch_scores  # the epoch is over
    assert KINGDOM not in g.hands[0]


def test_saveable_enhancement_is_kept_other_cards_are_lost() -> None:
    keep, lose = card_id("City Walls"), WEAPONRY
    g = turn_of("Egyptians", hands={0: [keep, lose]})
    assert g.content.events[keep].saveable and not g.content.events[lose].saveable
    _end_turn(g)
    assert g.epoch_scores  # the epoch is over
    assert lose not in g.hands[0] and keep in g.hands[0]


def test_enhancement_played_during_invade_step_applies_this_turn() -> None:
    g = turn_of("Egyptians", event=WEAPONRY, armies={TARGET: 1})
    act(g, f"play_event:{WEAPONRY}")
    assert WEAPONRY not in g.hands[0]
    act(g, f"invade:{TARGET}")
    assert g.battle.setup.invader_bonus == 1


def test_enhancement_cannot_be_played_during_an_invasion() -> None:
    g = turn_of("Egyptians", event=WEAPONRY, armies={TARGET: 1})
    act(g, f"invade:{TARGET}")
    act(g, "roll:1")
    act(g, "roll:1")
    act(g, "roll:6")
    assert g.decision.step == "siege_or_retreat"
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError, match="during an invasion"):
        act(g, f"play_event:{WEAPONRY}")
    assert g.state_key() == before


def test_empire_ability_does_not_apply_to_kingdom() -> None:
    g = turn_of("Egyptians", event=KINGDOM)
    assert g.content.empires["egyptians"].ability is not None  # the empire itself has one
    act(g, f"play_kingdom:{KINGDOM}")
    assert g.actor.effects == []


def test_an_ability_that_adds_armies_takes_them_from_supply_onto_the_card() -> None:
    # The Immortals (Persians): "When you establish your empire, take 2 more armies from your supply onto this card."
    g = turn_of("Persians")
    card = g.content.empires["persians"]
    assert [e.kind for e in card.effects] == ["extra_armies"]
    on_board = sum(1 for seat in g.owner.values() if seat == 0)
    assert g.actor.armies + len(g.actor.active) == card.armies + 2  # the card's armies and the two more
    assert g.supply[0] + g.actor.armies + on_board == 25  # each player's 25 armies: the two came from supply


def test_legionary_forts_make_the_first_two_forts_free() -> None:
    # Legionary Forts (Romans): "Your first 2 forts this turn cost no army."
    g = turn_of("Romans")
    start = g.content.empires["romans"].start[0]
    armies = g.actor.armies
    act(g, f"fortify:{start}")
    assert start in g.forts and g.actor.armies == armies and g.actor.free_forts == 1
    land = next(a.target for a in g.legal_actions() if a.kind == "invade" and a.target not in g.owner)
    act(g, f"invade:{land}")
    act(g, f"fortify:{land}")
    assert g.actor.armies == armies - 1 and g.actor.free_forts == 0  # the invasion's army; the fort was free
    third = next(a.target for a in g.legal_actions() if a.kind == "invade" and a.target not in g.owner)
    act(g, f"invade:{third}")
    act(g, f"fortify:{third}")
    assert g.actor.armies == armies - 3  # the third fort costs an army
