"""Start of epoch: region tokens replaced; draft order from the score track; cards returned."""

from __future__ import annotations

import random

from helpers import act, card_id, turn_of

import hotw


def _play_until(g, cond, seed=0):
    rng = random.Random(seed)
    while not cond(g):
        g.apply(rng.choice(g.legal_actions()))


def test_region_tokens_replaced_each_epoch() -> None:
    g = hotw.new_game(players=["A", "B", "C"], seed=6)
    first = {t.region: tuple(t.values) for t in g.content.tokens_of_epoch(1)}
    assert g.region_values == first
    _play_until(g, lambda g: g.epoch == 2)
    for tok in g.content.tokens_of_epoch(2):
        assert g.region_values[tok.region] == tuple(tok.values)  # replaced
    for region, values in first.items():
        if region not in {t.region for t in g.content.tokens_of_epoch(2)}:
            assert g.region_values[region] == values  # not updated this epoch: the old token stays
    assert "region tokens" in " ".join(g.log)


def test_next_draft_order_follows_the_score_track() -> None:
    g = hotw.new_game(players=["A", "B", "C", "D"], seed=8)
    _play_until(g, lambda g: g.epoch == 2 and g.phase == "draft")
    by_points = sorted(range(4), key=lambda p: g.score[p])
    assert g.empire_order == by_points  # fewest points picks the empire first
    assert g.event_order == by_points[::-1]  # most points picks the event first


def test_played_cards_are_returned_at_resign() -> None:
    weaponry = card_id("Weaponry")
    g = turn_of("Egyptians", event=weaponry)
    act(g, f"play_event:{weaponry}")
    act(g, "end_invasions")
    assert weaponry not in g.hands[0]
    assert not any(weaponry in h for h in g.hands)


def test_catapult_marks_the_active_player() -> None:
    g = turn_of("Egyptians")
    assert any("take the catapult" in line and "Egyptians" in line for line in g.log)
    assert g.decision.player == g.actor.player == 0


def test_fleet_and_caravan_markers_removed_at_resign() -> None:
    g = turn_of("Minoans", later=["Greeks"])  # the Greeks, with a fleet of their own, play next
    minoan = g.actor
    assert minoan.fleets and minoan.active
    held = set(minoan.active)
    act(g, "end_invasions")
    while g.decision.step == "score_tie":
        act(g, "score_tie:forward")
    assert not minoan.active  # armies laid down (resigned) ...
    assert all(g.owner[t] == 0 for t in held)  # ... but they stay on the board
    nxt = g.actor
    assert nxt is not minoan and nxt.card == "greeks"
    assert nxt.fleets == tuple(g.content.empires[nxt.card].fleets)
