"""The walkthrough demos show what the rules say (so the tutorial cannot drift)."""

from __future__ import annotations

import pytest

from hotw import tutorial


def test_every_demo_runs_and_tells_its_story() -> None:
    for name, make in tutorial.DEMOS.items():
        demo = make()
        assert demo.happened, name
        assert demo.title in demo.story()
        assert all(f in demo.game.board.spaces for f in demo.focus), name


def test_invade_empty() -> None:
    d = tutorial.invade_empty()
    assert d.game.owner["upper_nile"] == 0 and "empty, taken" in d.happened[-1]


def test_battle_win_and_tie() -> None:
    assert tutorial.battle_win().game.owner["palestine"] == 0
    assert "palestine" not in tutorial.battle_tie().game.owner


def test_siege_won_on_the_second_siege_round() -> None:
    d = tutorial.siege()
    assert d.game.owner["palestine"] == 0
    assert sum("siege Palestine with" in line for line in d.happened) == 2
    assert d.game.battle is None


def test_each_battle_of_a_demo_keeps_the_engines_record_with_its_line() -> None:
    d = tutorial.siege()
    assert sorted(d.battles) == [0, 2, 4]  # the battles; the lines between say which army sieges
    for i, record in d.battles.items():
        line = d.happened[i]
        assert line.endswith(f", {record.result}") and f"{record.empire} (P{record.invader})" in line
        assert "-".join(map(str, record.invader_dice)) in line and record.target == "palestine"
    assert [r.round for r in d.battles.values()] == [0, 1, 2]
    assert d.game.apply.__func__ is type(d.game).apply  # the recording is gone after the demo
    assert tutorial.invade_empty().battles == {}
    naval = tutorial.naval()
    assert [r.rerolled_from for r in naval.battles.values()] == [(3,)]


def test_fort_falls() -> None:
    d = tutorial.fort()
    assert "nile_delta" in d.game.forts and "palestine" not in d.game.forts
    assert d.game.owner["palestine"] == 0


def test_terrain_turns_a_win_into_a_tie() -> None:
    d = tutorial.terrain()
    assert "pindus" not in d.game.owner and "tie" in d.happened[-1]


def test_naval_reroll_saves_the_defender() -> None:
    d = tutorial.naval()
    assert d.game.owner["levant"] == 1
    assert any("naval reroll" in line for line in d.happened)


def test_caravan_crossing_is_not_naval() -> None:
    d = tutorial.caravan()
    assert d.game.owner["upper_nile"] == d.game.actor.player
    assert d.game.actor.caravans == ("sahara",)


def test_monuments_built() -> None:
    d = tutorial.monument()
    icons = sum(d.game.board.spaces[t].resources for t in d.focus)
    built = [t for t in d.focus if t in d.game.monuments]
    assert icons >= 2 and len(built) == icons // 2
    assert "middle_tigris" in built  # the capitol's territory first
    assert "gain" in d.happened[-1]


def test_capitol_reduced_to_city() -> None:
    assert tutorial.capitol_reduction().game.tokens["palestine"] == "city"


def test_marauder_point() -> None:
    d = tutorial.marauder()
    assert "lower_indus" not in d.game.tokens
    assert any("as marauders" in line for line in d.happened)


def test_region_scoring_supremacy() -> None:
    d = tutorial.region_scoring()
    epoch, card, player, bd = d.game.turn_scores[-1]
    row = next(r for r in bd.regions if r.region == "north_africa")
    assert row.tier == "supremacy" and row.points == row.values[2]


@pytest.mark.parametrize("name", sorted(tutorial.DEMOS))
def test_demos_are_deterministic(name: str) -> None:
    a, b = tutorial.DEMOS[name](), tutorial.DEMOS[name]()
    assert a.happened == b.happened and a.game.state_key() == b.game.state_key()
