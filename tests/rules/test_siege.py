"""Sieges with the catapult: +1, +2, +3, then armies to supply; ends on win, tie or retreat."""

from __future__ import annotations

import pytest
from helpers import act, free_land_next_to, free_lands, roll, turn_of

import hotw


CLEAR = free_land_next_to("nile_delta", want=lambda s: s.terrain == "clear")
EGYPTIAN_ARMIES = 4  # printed on the card


def _armies(count: int) -> dict:
    """The Egyptians' card with ``count`` armies (a what-if card change)."""
    return {"content_changes": {"empires": {"egyptians": {"armies": count}}}}


def _far_lands(count: int) -> list[str]:
    """Lands far from the Nile for P0's resigned armies: they empty P0's supply and take no part."""
    return free_lands(count, want=lambda s: s.region in ("north_america", "south_america", "australasia", "nippon", "china"))


def _lost_battle(extra_armies: int = 6, own_elsewhere: int = 0):
    """The Egyptians (with ``extra_armies`` more on their card) lose a battle against a P1 army next to the Nile.

    ``own_elsewhere`` of P0's armies stand resigned on far lands, out of its supply.
    """
    armies = {CLEAR: 1, **{land: 0 for land in _far_lands(own_elsewhere)}}
    g = turn_of("Egyptians", options=_armies(EGYPTIAN_ARMIES + extra_armies), armies=armies)
    act(g, f"invade:{CLEAR}")
    roll(g, 1, 1, 6)
    assert g.decision.step == "siege_or_retreat"
    return g, CLEAR


def test_siege_adds_catapult_bonus_round_by_round() -> None:
    g, t = _lost_battle()
    for expected in (1, 2, 3, 3, 3):
        act(g, "siege")
        assert g.battle.setup.invader_bonus == expected
        roll(g, 1, 1, 6)
        assert g.decision.step == "siege_or_retreat"
    assert g.battle.catapult == 3  # the 4th and 5th armies went to supply instead


def test_siege_win_returns_catapult_armies_to_supply() -> None:
    g, t = _lost_battle()
    act(g, "siege")
    roll(g, 1, 1, 6)
    act(g, "siege")
    supply = g.supply[0]
    roll(g, 5, 1, 6)  # 5 + 2 beats 6
    assert g.owner[t] == 0
    assert g.battle is None
    assert g.supply[0] == supply + 2 + 0  # two catapult armies back; the defender's army to P1's supply
    assert g.decision.step == "invade"


def test_siege_tie_ends_siege_and_empties_territory() -> None:
    g, t = _lost_battle()
    act(g, "siege")
    roll(g, 5, 1, 6)  # 5 + 1 ties 6
    assert t not in g.owner and g.battle is None


def test_siege_needs_an_unused_army() -> None:
    g, t = _lost_battle(extra_armies=2 - EGYPTIAN_ARMIES)  # one army established, one invading: none left
    assert g.actor.armies == 0 and g.actor.tokens == 0
    assert [a.kind for a in g.legal_actions()] == ["retreat"]
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError, match="unused army"):
        act(g, "siege")
    assert g.state_key() == before


def test_siege_tokens_are_used_for_sieges_only() -> None:
    # 23 of P0's 25 armies stand on the board: the card's 4 armies come as 2 armies and 2 siege tokens.
    g, t = _lost_battle(extra_armies=0, own_elsewhere=23)
    assert g.supply[0] == 0
    assert g.actor.armies == 0 and g.actor.tokens == 2
    assert [a.kind for a in g.legal_actions()] == ["siege", "retreat"]
    act(g, "siege")
    assert g.actor.tokens == 1 and g.battle.setup.invader_bonus == 1
    act_armies = g.actor.armies
    roll(g, 1, 1, 6)
    act(g, "retreat")
    invade = [a for a in g.legal_actions() if a.kind == "invade"]
    assert act_armies == 0 and invade == []  # tokens never invade


def test_supply_shortfall_becomes_siege_tokens() -> None:
    g = turn_of("Egyptians", armies={land: 0 for land in _far_lands(23)})  # only two armies left for P0
    card = g.content.empires[g.actor.card].armies
    assert g.actor.tokens == card - 2
    assert g.actor.armies == 1  # one of the two went to the Nile


def test_siege_setup_previews_the_next_round() -> None:
    g, t = _lost_battle()
    preview = g.siege_setup()
    assert preview is not None and preview.invader_bonus == 1
    act(g, "siege")
    assert g.battle.setup == preview
    assert g.siege_setup() is None  # dice are due, no siege choice now
