"""Battles: invader 2 dice vs 1, highest die each; win, lose, tie."""

from __future__ import annotations

from helpers import act, free_land_next_to, roll, turn_of

CLEAR = free_land_next_to("nile_delta", want=lambda s: s.terrain == "clear")


def _at_battle():
    """Egyptians attack a resigned P1 army in a clear territory next to the Nile Delta."""
    g = turn_of("Egyptians", armies={CLEAR: 1})
    act(g, f"invade:{CLEAR}")
    return g, CLEAR


def test_battle_win_removes_defender_and_occupies() -> None:
    g, t = _at_battle()
    supply1 = g.supply[1]
    roll(g, 2, 5, 4)  # highest 5 beats 4
    assert g.owner[t] == 0 and t in g.actor.active
    assert g.supply[1] == supply1 + 1
    assert "5" in g.log[-1] and "win" in g.log[-1]


def test_battle_lose_offers_siege_or_retreat() -> None:
    g, t = _at_battle()
    roll(g, 1, 3, 4)
    assert g.decision.step == "siege_or_retreat"
    assert [a.kind for a in g.legal_actions()] == ["siege", "retreat"]
    supply0 = g.supply[0]
    act(g, "retreat")
    assert g.owner[t] == 1
    assert g.supply[0] == supply0 + 1  # the invading army goes back to supply


def test_battle_tie_removes_both_and_leaves_territory_empty() -> None:
    g, t = _at_battle()
    s0, s1 = g.supply[0], g.supply[1]
    roll(g, 4, 2, 4)
    assert t not in g.owner
    assert g.supply[0] == s0 + 1 and g.supply[1] == s1 + 1
    assert "tie" in g.log[-1]


def test_highest_die_counts_not_the_sum() -> None:
    g, t = _at_battle()
    roll(g, 3, 3, 4)  # 3+3 would beat 4; only the highest die counts
    assert g.decision.step == "siege_or_retreat"


def test_last_battle_is_recorded_for_the_ui() -> None:
    g, t = _at_battle()
    roll(g, 2, 5, 4)
    rec = g.last_battle
    assert rec is not None and rec.target == t and rec.result == "win"
    assert rec.invader_dice == (2, 5) and rec.defender_dice == (4,) and rec.defender == 1


def test_no_empire_acts_between_turns() -> None:
    g = turn_of("Egyptians", armies={CLEAR: 1}, later=["Minoans"])
    act(g, f"invade:{CLEAR}")
    roll(g, 2, 5, 4)
    act(g, "end_invasions")
    while g.decision.step == "score_tie":
        act(g, "score_tie:forward")
    assert g.actor is None or g.actor.card != "egyptians"
