"""Overruns (rulebook: "Overruns"), including the worked Romans example on the board."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_brief.helpers import acts, established, position, put, roll


def romans_example(array: int = 6, hands: dict | None = None, **extra: int):  # type: ignore[no-untyped-def]
    """The rulebook's Romans turn: Blue holds the Balkans and the lands around it, Green the Rhineland.

    The Romans stand in Dalmatia and have continued this invasion twice (the dial at +2);
    monuments are not part of this example (the box is empty). ``extra``: more resigned armies.
    """
    pos = position("romans", 0, array=array, dial=2)
    pos["hands"].update(hands or {})
    put(pos, "Dalmatia", 0, standing=True)
    for land in ("Balkans", "Danubia", "Anatolia", "Levant", "Crete"):
        put(pos, land, 1)
    put(pos, "Pindus", 1, fort=True)
    put(pos, "Rhineland", 2)
    for land, colour in extra.items():
        put(pos, land, colour)
    return established(pos, options={"monuments": 0})


def test_the_romans_example_plays_out_as_the_rulebook_says() -> None:
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)  # 6 + 2 = 8 against 3: five invasion points
    assert g.owner["balkans"] == 0 and g.invasion.points == 3  # the Balkans' mountains cost two
    assert acts(g, "overrun") == {"danubia", "western_anatolia"}
    for land, why in (("lower_rhine", "belongs to a different player"), ("pindus", "contains a fort"),
                      ("crete", "across a sea")):
        with pytest.raises(IllegalActionError, match=why):
            g.apply(f"overrun:{land}")
    g.apply(f"overrun:{g.board.resolve('Anatolia')}")  # two points: mountains
    assert g.invasion.points == 1 and g.owner["western_anatolia"] == 0
    assert acts(g, "overrun") == {"levant"}
    with pytest.raises(IllegalActionError, match="not next to Western Anatolia"):
        g.apply("overrun:danubia")
    g.apply("overrun:levant")
    assert g.owner["levant"] == 0 and g.phase == "expand" and g.invasion is None
    assert g.owner["danubia"] == 1 and g.owner["pindus"] == 1


def test_unused_points_are_lost_and_no_dice_are_rolled_in_an_overrun() -> None:
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    history = len(g.history)
    g.apply("stop")
    assert len(g.history) == history + 1 and g.invasion is None and g.phase == "expand"
    assert "3 unused invasion points lost" in g.log[-1]
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    history = len(g.history)
    g.apply("overrun:danubia")
    assert len(g.history) == history + 1 and not g.decision.is_chance  # no dice rolled
    assert g.owner["danubia"] == 0 and g.invasion is None  # nothing next to Danubia to overrun: 2 points lost
    assert "2 unused invasion points lost" in g.log[-1]


def test_no_event_card_may_be_played_while_overrunning() -> None:
    g = romans_example(hands={"0": ["leader"]})
    assert "leader" in acts(g, "play")  # before the invasion it may be played
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    assert g.phase == "overrun" and acts(g, "play") == set()
    with pytest.raises(IllegalActionError, match="overrun"):
        g.apply("play:leader")
    assert g.invasion.points == 3 and "leader" in g.hands[0]  # the game exactly as before


def test_an_overrun_costs_two_points_in_mountains_and_needs_enough_points() -> None:
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 4, 1, 3)  # 4 + 2 - 3 = 3 points; the Balkans cost 2: one left
    assert g.invasion.points == 1
    assert acts(g, "overrun") == {"danubia"}  # Anatolia's mountains would cost two
    with pytest.raises(IllegalActionError, match="costs 2 invasion points and 1 is left"):
        g.apply("overrun:western_anatolia")


def test_an_overrun_takes_an_army_from_the_array() -> None:
    g = romans_example(array=1)  # the one army on the Array invades the Balkans
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    assert g.owner["balkans"] == 0 and g.owner["danubia"] == 1  # no army left to overrun with
    assert any("3 unused invasion points lost" in line for line in g.log) and g.turn_scores[-1][1] == "romans"


def test_an_overrun_never_takes_a_third_players_land() -> None:
    g = romans_example(dnieper=2, baltic_seaboard=1)  # Green and Blue, both next to Danubia
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    g.apply("overrun:danubia")
    assert acts(g, "overrun") == {"baltic_seaboard"}
    with pytest.raises(IllegalActionError, match="belongs to a different player"):
        g.apply("overrun:dnieper")
