"""Rules of the event cards (docs/rules-classic.md, section 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hotw.actions import Action
from hotw.errors import IllegalActionError

from tests.rules_classic.helpers import act, called, roll

HAND = ["leader", "weaponry", "hittites", "population_explosion", "canaanites", "engineering", "plague",
        "astronomy"]


def egypt_with(cards: list[str] | None = None, **fields: object) -> object:
    """Egypt called (seat 0), holding ``cards``; ``fields`` lay out the rest of the position."""
    return called("egypt", hands={0: cards or HAND}, **fields)


def test_up_to_two_event_cards_before_the_turn() -> None:
    game = egypt_with()
    act(game, "play_event:leader", "play_event:weaponry")
    assert [a for a in game.legal_actions() if a.kind == "play_event"] == []
    with pytest.raises(IllegalActionError, match="two event cards"):
        game.apply("play_event:engineering")


def test_events_are_resolved_before_the_empire_acts() -> None:
    game = egypt_with()
    act(game, "play_event:population_explosion")
    assert game.actor is None and game.fx["armies"] == 2
    act(game, "begin")
    assert game.actor.armies == 5 + 2 - 1


def test_greater_events_minor_empire_leader_weaponry_reallocation() -> None:
    game = egypt_with()
    kinds = {game.content.events[c].kind for c in ("leader", "weaponry", "hittites", "reallocation")}
    assert kinds == {"major"}


def test_a_minor_empire_starts_and_expands_before_the_empire() -> None:
    game = egypt_with()
    act(game, "play_event:hittites")
    assert game.actor.name == "Hittites" and game.owner["east_anatolia"] == 0
    assert game.structures["east_anatolia"] == "capitol"
    act(game, "invade:western_anatolia", "invade:levant")
    assert game.decision.step == "events" and game.actor is None  # its armies spent: back to the events
    act(game, "begin")
    assert game.actor.name == "Egypt"


def test_a_leader_gives_three_attack_dice() -> None:
    game = egypt_with(armies={"libya": 1})
    act(game, "play_event:leader", "begin")
    act(game, "invade:libya")
    assert game.chance_outcomes()[-1][1] == Fraction(91, 216)


def test_weaponry_adds_one_to_the_attack() -> None:
    game = egypt_with(armies={"libya": 1})
    act(game, "play_event:weaponry", "begin")
    act(game, "invade:libya")
    roll(game, 4, 4)
    assert game.owner["libya"] == 0


def test_reallocation_trades_fleets_for_coins_that_buy_back_defeated_armies() -> None:
    game = egypt_with(["reallocation"], armies={"libya": 1})
    act(game, "play_event:reallocation", "begin")
    act(game, "invade:libya")
    roll(game, 1, 6)
    assert game.actor.lost == 1 and Action("buy_army") not in game.legal_actions()
    act(game, "trade_fleet:red_sea")
    assert game.coins == 1 and "red_sea" not in game.fleets
    armies = game.actor.armies
    act(game, "buy_army")
    assert game.actor.armies == armies + 1 and game.coins == 0 and game.actor.lost == 0


def test_reallocation_needs_navigation() -> None:
    game = called("babylonia", 0, hands={0: ["reallocation"]})
    assert game.content.empires[game.empire].name == "Babylonia" and "reallocation" in game.hands[0]
    assert Action("play_event", "reallocation") not in game.legal_actions()


def test_a_kingdom_places_an_army_and_a_city() -> None:
    game = egypt_with()
    act(game, "play_event:canaanites")
    assert game.owner["palestine"] == 0 and game.structures["palestine"] == "city"


def test_engineering_gives_forts_without_spending_armies() -> None:
    game = egypt_with()
    act(game, "play_event:engineering", "begin", "fort:nile_delta")
    assert "nile_delta" in game.forts and game.actor.armies == 4


def test_astronomy_places_a_fleet_on_a_chosen_sea() -> None:
    game = egypt_with()
    act(game, "play_event:astronomy", "target:black_sea", "begin")
    assert "black_sea" in game.fleets and "dnieper" in game.targets()


def test_plague_kills_an_army_on_a_one() -> None:
    game = egypt_with(armies={"levant": 1})
    act(game, "play_event:plague", "target:levant")
    assert game.chance_outcomes()[0][1] == Fraction(671, 1296)  # any 1 on 4 dice
    roll(game, 1)
    assert "levant" not in game.owner and game.decision.step == "events"


def test_an_event_out_of_its_epochs_cannot_be_played() -> None:
    game = egypt_with(["phoenicia"])
    assert Action("play_event", "phoenicia") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="only be played in epochs II to II"):
        game.apply("play_event:phoenicia")
