"""Setting up, the epoch, and allocation (rulebook: "Setting Up", "The Epoch", "Organisation and Allocation")."""

from __future__ import annotations

from hotw.observation import observation
from tests.rules_brief.helpers import new


def dealt(g, empires=None, events=None):  # type: ignore[no-untyped-def]
    """Draw lots (colour 0 first) and count out the cards (the first ones listed unless given)."""
    g.apply("draw:0")
    for card in empires or g.content.epoch_empires(g.epoch)[: g.nc]:
        g.apply(f"draw:{card}")
    for card in events or g.content.epoch_events(g.epoch)[: g.nc]:
        g.apply(f"draw:{card}")
    return g


def test_lots_put_the_first_marker_on_1_and_each_to_the_left_one_further() -> None:
    g = new(["A", "B", "C", "D"])
    assert g.decision.step == "lots" and len(g.chance_outcomes()) == 4
    g.apply("draw:2")
    assert g.gold == [3, 4, 1, 2]


def test_every_player_has_a_leader_and_a_weaponry_card() -> None:
    g = new(["A", "B", "C"])
    assert all(sorted(h) == ["leader", "weaponry"] for h in g.hands)
    assert all(c not in g.content.epoch_events(e) for c in ("leader", "weaponry") for e in range(1, 7))


def test_six_epochs_of_seven_empires_and_enough_events_for_six_players() -> None:
    g = new()
    for e in range(1, 7):
        assert len(g.content.epoch_empires(e)) == 7
        assert len(g.content.epoch_events(e)) >= 6
    assert len(g.content.bonus) == 18


def test_area_values_are_laid_each_epoch_and_an_old_one_stays_until_replaced() -> None:
    g = dealt(new())
    assert g.epoch == 1
    for area in g.content.spiral():
        first = g.content.areas[area].values[0]
        assert g.area_values.get(area) == first
    # an area with no value yet scores 0 (no value in its circle)
    assert "australasia" not in g.area_values


def test_cards_are_counted_out_one_per_colour_and_the_rest_removed() -> None:
    g = new(["A", "B", "C", "D"])
    g.apply("draw:0")
    assert g.decision.step == "deal_empires" and len(g.chance_outcomes()) == 7
    for card in g.content.epoch_empires(1)[:4]:
        g.apply(f"draw:{card}")
    assert g.decision.step == "deal_events"
    for card in g.content.epoch_events(1)[:4]:
        g.apply(f"draw:{card}")
    assert sorted(g.empires_left) == sorted(g.content.epoch_empires(1)[:4])


def test_least_gold_chooses_an_empire_while_most_gold_chooses_an_event() -> None:
    g = dealt(new(["A", "B", "C", "D"]))  # gold: A 1, B 2, C 3, D 4
    assert g.decision.player == 0 and g.decision.step == "allocate_empire"  # least gold: empires
    g.apply(g.legal_actions()[0])
    assert g.decision.player == 3 and g.decision.step == "allocate_event"  # at the same time, most gold: events
    g.apply(g.legal_actions()[0])
    assert (g.decision.player, g.decision.step) == (1, "allocate_empire")  # the rest passed on
    g.apply(g.legal_actions()[0])
    assert (g.decision.player, g.decision.step) == (2, "allocate_event")
    g.apply(g.legal_actions()[0])
    assert (g.decision.player, g.decision.step) == (2, "allocate_empire")
    assert len(g.legal_actions()) == 2


def test_the_middle_player_chooses_one_set_before_seeing_the_other() -> None:
    g = dealt(new(["A", "B", "C"]))
    g.apply(g.legal_actions()[0])  # A empire
    g.apply(g.legal_actions()[0])  # C event
    assert (g.decision.player, g.decision.step) == (1, "allocate_first")
    assert {a.text() for a in g.legal_actions()} == {"first:empire", "first:event"}
    g.apply("first:event")
    assert g.decision.step == "allocate_event"
    assert all(a.kind == "event" for a in g.legal_actions())  # the empires stay unseen


def test_cards_stay_hidden_from_the_other_players() -> None:
    g = dealt(new(["A", "B", "C"]))
    g.apply(g.legal_actions()[0])
    assert observation(g, 1).legal_actions() == []  # B sees no choice that is not B's


def test_the_last_card_of_a_set_is_taken_without_a_choice() -> None:
    g = dealt(new(["A", "B", "C"]))
    while g.phase == "allocate":
        g.apply(g.legal_actions()[0])
    assert all(e is not None for e in g.empire_of) and all(len(h) == 3 for h in g.hands)
