"""Kingdoms and enhancements (event cards)."""

from __future__ import annotations

import pytest
from helpers import act, turn_of

import hotw


def _kingdom(g, epoch=1):
    return next(c.id for c in g.content.events_of_epoch(epoch) if c.kind == "kingdom")


def _enhancement(g, epoch=1, saveable=None):
    return next(c.id for c in g.content.events_of_epoch(epoch) if c.kind == "enhancement"
                and (saveable is None or c.saveable == saveable))


def test_kingdom_is_played_before_the_empire() -> None:
    probe = turn_of("Egyptians")
    k = _kingdom(probe)
    g = turn_of("Egyptians", event=k)
    assert g.decision.step == "kingdom"
    assert [a.kind for a in g.legal_actions()] == ["play_kingdom", "skip_kingdom"]
    act(g, f"play_kingdom:{k}")
    assert g.actor.kingdom and g.actor.name == g.content.events[k].kingdom.name
    start = g.content.events[k].kingdom.start[0]
    assert g.owner.get(start) == 0
    # No event may be played while resolving a kingdom.
    assert not any(a.kind == "play_event" for a in g.legal_actions())
    act(g, "end_invasions")
    assert not g.actor.kingdom  # the empire follows
    assert start not in g.actor.active  # the kingdom's armies are resigned
    assert g.owner.get(start) == 0


def test_kingdom_scored_with_the_empire() -> None:
    probe = turn_of("Egyptians")
    k = _kingdom(probe)
    g = turn_of("Egyptians", event=k)
    act(g, f"play_kingdom:{k}")
    act(g, "end_invasions")
    act(g, "end_invasions")
    epoch, card, player, bd = g.turn_scores[-1]
    start = g.content.events[k].kingdom.start[0]
    region = g.board.spaces[start].region
    row = next(r for r in bd.regions if r.region == region)
    assert row.armies >= 1  # the kingdom's army counts in the empire's Gain Points step


def test_kingdom_not_played_is_lost_at_epoch_end() -> None:
    probe = turn_of("Egyptians")
    k = _kingdom(probe)
    g = turn_of("Egyptians", event=k)
    act(g, "skip_kingdom")
    assert k in g.hands[0]
    g._end_epoch()
    assert k not in g.hands[0]


def test_saveable_enhancement_is_kept_other_cards_are_lost() -> None:
    g = turn_of("Egyptians")
    keep = _enhancement(g, saveable=True) if any(
        c.saveable for c in g.content.events.values() if c.epoch == 1) else None
    lose = _enhancement(g, saveable=False)
    g.hands[0] = [c for c in (keep, lose) if c]
    g._end_epoch()
    assert lose not in g.hands[0]
    if keep:
        assert keep in g.hands[0]


def test_enhancement_played_during_invade_step_applies_this_turn() -> None:
    probe = turn_of("Egyptians")
    weaponry = next(c.id for c in probe.content.events_of_epoch(1) if c.name == "Weaponry")
    g = turn_of("Egyptians", event=weaponry)
    act(g, f"play_event:{weaponry}")
    assert weaponry not in g.hands[0]
    t = next(x for x in sorted(g.board.neighbours("nile_delta")) if g.board.spaces[x].kind == "land")
    g.owner[t] = 1
    g.supply[1] -= 1
    act(g, f"invade:{t}")
    assert g.battle.setup.invader_bonus == 1


def test_enhancement_cannot_be_played_during_an_invasion() -> None:
    probe = turn_of("Egyptians")
    weaponry = next(c.id for c in probe.content.events_of_epoch(1) if c.name == "Weaponry")
    g = turn_of("Egyptians", event=weaponry)
    t = next(x for x in sorted(g.board.neighbours("nile_delta")) if g.board.spaces[x].kind == "land")
    g.owner[t] = 1
    g.supply[1] -= 1
    act(g, f"invade:{t}")
    act(g, "roll:1")
    act(g, "roll:1")
    act(g, "roll:6")
    assert g.decision.step == "siege_or_retreat"
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError, match="during an invasion"):
        act(g, f"play_event:{weaponry}")
    assert g.state_key() == before


def test_empire_ability_does_not_apply_to_kingdom() -> None:
    probe = turn_of("Egyptians")
    k = _kingdom(probe)
    g = turn_of("Egyptians", event=k)
    act(g, f"play_kingdom:{k}")
    assert g.actor.effects == []
