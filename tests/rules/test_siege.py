"""Sieges with the catapult: +1, +2, +3, then armies to supply; ends on win, tie or retreat."""

from __future__ import annotations

import pytest
from helpers import act, place, roll, turn_of

import hotw


def _lost_battle(extra_armies: int = 6):
    holder = {}

    def prep(g):
        t = next(t for t in sorted(g.board.neighbours("nile_delta"))
                 if g.board.spaces[t].kind == "land" and g.board.spaces[t].terrain == "clear")
        holder["t"] = t
        place(g, t, 1)

    g = turn_of("Egyptians", prepare=prep)
    g.supply[0] -= extra_armies
    g.actor.armies += extra_armies
    act(g, f"invade:{holder['t']}")
    roll(g, 1, 1, 6)
    assert g.decision.step == "siege_or_retreat"
    return g, holder["t"]


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
    g, t = _lost_battle(extra_armies=0)
    g.supply[0] += g.actor.armies
    g.actor.armies = 0
    assert [a.kind for a in g.legal_actions()] == ["retreat"]
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError, match="unused army"):
        act(g, "siege")
    assert g.state_key() == before


def test_siege_tokens_are_used_for_sieges_only() -> None:
    g, t = _lost_battle(extra_armies=0)
    g.supply[0] += g.actor.armies
    g.actor.armies = 0
    g.actor.tokens = 2
    assert [a.kind for a in g.legal_actions()] == ["siege", "retreat"]
    act(g, "siege")
    assert g.actor.tokens == 1 and g.battle.setup.invader_bonus == 1
    act_armies = g.actor.armies
    roll(g, 1, 1, 6)
    act(g, "retreat")
    invade = [a for a in g.legal_actions() if a.kind == "invade"]
    assert act_armies == 0 and invade == []  # tokens never invade


def test_supply_shortfall_becomes_siege_tokens() -> None:
    def prep(g):
        g.supply[0] = 2  # only two armies left in the box for P0

    g = turn_of("Egyptians", prepare=prep)
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
