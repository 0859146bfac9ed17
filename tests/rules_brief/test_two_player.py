"""The two-player game (rulebook: "Two-player Game")."""

from __future__ import annotations

from tests.rules_brief.helpers import acts, established, new, position, put, roll


def test_each_player_plays_two_colours_with_two_gold_markers() -> None:
    g = new(["Ada", "Ben"])
    assert g.nc == 4 and g.colour_player == [0, 1, 0, 1]
    g.apply("draw:0")
    assert g.gold == [1, 2, 3, 4] and g.score == [4, 6]  # combined gold


def test_each_colour_gets_its_own_empire_and_event() -> None:
    g = new(["Ada", "Ben"])
    g.apply("draw:0")
    for card in g.content.epoch_empires(1)[:4]:
        g.apply(f"draw:{card}")
    for card in g.content.epoch_events(1)[:4]:
        g.apply(f"draw:{card}")
    while g.phase == "allocate":
        g.apply(g.legal_actions()[0])
    assert all(g.empire_of) and all(len(h) == 3 for h in g.hands)


def test_a_player_may_surrender_to_his_other_colour_or_invade_it() -> None:
    pos = position("romans", 0, players=["Ada", "Ben"])
    put(pos, "northern_italia", 2)  # Ada's other colour
    put(pos, "shatts_plateau", 1)  # Ben's
    g = established(pos, players=["Ada", "Ben"])
    assert "northern_italia" in acts(g, "surrender") and "northern_italia" in acts(g, "invade")
    assert "shatts_plateau" not in acts(g, "surrender")
    g.apply("surrender:northern_italia")
    assert g.owner["northern_italia"] == 0 and not any(a.kind == "roll" for a in g.history)


def test_otherwise_the_two_colours_are_separate_empires() -> None:
    pos = position("romans", 0, players=["Ada", "Ben"])
    put(pos, "northern_italia", 2)
    g = established(pos, players=["Ada", "Ben"])
    g.apply("invade:northern_italia")
    roll(g, 6, 6, 1)
    assert g.owner["northern_italia"] == 0
    assert g.decision.player == 0  # Ada decides for the colour that plays
