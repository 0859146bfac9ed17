"""Brief positions set up by hand (the ``position`` rule option): part of the game, checked with one clear line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotw
from hotw.errors import OptionError
from hotw.rulesets.brief.position import FIELDS

ROMANS = {
    "epoch": 3,
    "turn": ["romans", 0],
    "empires": {"1": "han", "2": "celts"},
    "gold": [25, 31, 18],
    "armies": {"balkans": 1, "danubia": 1, "western_anatolia": 1, "levant": 1, "crete": 1, "pindus": 1,
               "lower_rhine": 2},
    "structures": {"levant": "capital", "crete": "city"},
    "monuments": ["nile_delta"],
    "forts": ["pindus"],
    "hands": {"0": ["leader", "siege_craft"], "1": []},
    "bonus": {"1": [5], "2": [2, 3]},
    "active": ["dalmatia"],
    "array": 6,
    "dial": 2,
    "fleets": ["black_sea"],
}


def _game(position: dict, players: int = 3, **kw: object) -> hotw.Game:
    return hotw.new_game("brief", [f"P{i}" for i in range(players)], 4, options={"position": position}, **kw)


def test_a_position_opens_exactly_as_prepared() -> None:
    g = _game(ROMANS, auto_chance=False)
    assert g.epoch == 3 and g.phase == "turn_start" and g.empire_card() == "romans" and g.decision.player == 0
    assert g.gold == [25, 31, 18] and g.empire_of == ["romans", "han", "celts"]
    assert g.owner["balkans"] == 1 and g.owner["lower_rhine"] == 2 and "pindus" in g.forts
    assert g.structures == {"levant": "capital", "crete": "city"} and g.monuments == {"nile_delta"}
    assert g.hands == [["leader", "siege_craft"], [], ["leader", "weaponry"]]
    assert g.bonus_held == [[], [5], [2, 3]] and len(g.bonus_pool) == 18 - 3
    assert g.area_values["southern_europe"] == 3  # the Area values of Epochs I to III are laid
    assert [g.army_count(c) for c in range(3)] == [35, 35, 35]


def test_the_acting_empire_takes_its_active_lands_array_dial_and_fleets_on_establishing() -> None:
    g = _game(ROMANS, auto_chance=False)
    g.apply("establish")
    f = g.force
    assert f.active == {"southern_italia", "dalmatia"} and g.owner["dalmatia"] == 0 and "dalmatia" in g.standing
    assert f.array == 6 and f.dial == 2 and "black_sea" in f.waters
    assert g.structures["southern_italia"] == "capital"  # established as printed
    assert [g.army_count(c) for c in range(3)] == [35, 35, 35]
    assert "balkans" in {a.target for a in g.legal_actions() if a.kind == "invade"}
    g.apply("invade:balkans")  # the dial counts: two dice at +2 against one
    assert g.invasion.attack_dice == 2 and g.force.dial == 2


def test_save_load_undo_and_replay_keep_the_position() -> None:
    g = _game(ROMANS)
    start = g.state_key()
    g.apply("establish")
    g.apply(g.legal_actions()[0])
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key()
    g.undo()
    g.undo()
    assert g.state_key() == start
    assert json.loads(g.to_json())["options"]["position"]["forts"] == ["pindus"]
    assert g.replay(list(g.history)).state_key() == g.state_key()


def test_a_position_plays_on_to_the_end_and_later_epochs_deal_as_printed() -> None:
    g = _game({"epoch": 5, "turn": ["spanish", 1], "empires": {"0": "mongols", "2": "france"}})
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.epoch == 6 and any("Epoch VI" in line for line in g.log)
    assert all(len(held) == 2 for held in g.bonus_held)  # tokens of the end of Epochs V and VI


def test_the_end_of_an_epoch_as_a_position() -> None:
    g = _game({"epoch": 2, "stage": "epoch_end", "gold": [9, 9, 4]}, auto_chance=False)
    assert g.decision.step == "bonus_draw"
    assert g.gold == [9, 10, 4]  # the stack is undone first: the top marker (Blue, laid last) moves on


def test_a_two_player_position_names_four_colours() -> None:
    g = _game({"epoch": 1, "turn": ["minoans", 2], "armies": {"crete": 3}, "gold": [1, 2, 3, 4]}, players=2)
    assert g.nc == 4 and g.decision.player == 0 and g.owner["crete"] == 3  # colour 2 is the first player's


@pytest.mark.parametrize("position, message", [
    ({"epoch": 7, "turn": ["romans", 0]}, "position.epoch: must be an epoch from 1 to 6, not 7"),
    ({"epoch": 3}, "position.turn: is needed"),
    ({"epoch": 3, "turn": ["caesar", 0]}, "position.turn: there is no empire card 'caesar'"),
    ({"epoch": 2, "turn": ["romans", 0]}, "the Romans card belongs to Epoch 3, not Epoch 2"),
    ({"epoch": 3, "turn": ["romans", 0], "armies": {"sahara": 1}},
     "position.armies.sahara: Sahara is barren land; no army or piece may stand there"),
    ({"epoch": 3, "turn": ["romans", 0], "armies": {"Balkans": 1}},
     "position.armies.Balkans: 'Balkans' is not a land id of the board; write its id 'balkans'"),
    ({"epoch": 3, "turn": ["romans", 0], "forts": ["pindus", "pindus"]},
     "position.forts: Pindus is listed twice (one fort per land)"),
    ({"epoch": 3, "turn": ["romans", 0], "monuments": ["north_sea"]},
     "position.monuments: North Sea is water"),
    ({"epoch": 3, "turn": ["romans", 0], "structures": {"levant": "palace"}},
     "position.structures.levant: must be 'capital' or 'city', not 'palace'"),
    ({"epoch": 3, "turn": ["romans", 0], "fleets": ["levant"]},
     "position.fleets: 'levant' is not a sea or ocean"),
    ({"epoch": 3, "turn": ["romans", 0], "active": ["dalmatia"], "armies": {"dalmatia": 1}},
     "position.active: Dalmatia already holds a resigned army"),
    ({"epoch": 3, "turn": ["romans", 0], "active": ["southern_italia"]},
     "Southern Italia is the Romans' start-land"),
    ({"epoch": 3, "turn": ["romans", 0], "empires": {"1": "romans"}},
     "position.empires.1: the Romans card is held by colour 0 already"),
    ({"epoch": 3, "turn": ["romans", 0], "empires": {"0": "han"}}, "colour 0 already plays the Romans"),
    ({"epoch": 3, "turn": ["romans", 0], "hands": {"1": ["treachery", "bogus"]}},
     "position.hands.1: there is no event card 'bogus'"),
    ({"epoch": 3, "turn": ["romans", 0], "hands": {"1": ["leader", "leader"]}},
     "position.hands.1: a colour has one Leader card, not 2"),
    ({"epoch": 3, "turn": ["romans", 0], "hands": {"1": ["siege_craft"], "2": ["siege_craft"]}},
     "position.hands.2: Siege-craft is held by colour 1 already"),
    ({"epoch": 3, "turn": ["romans", 0], "bonus": {"1": [8, 8]}}, "there is 1 Bonus token of 8, not 2"),
    ({"epoch": 1, "turn": ["minoans", 0], "bonus": {"1": [1]}},
     "only 0 are handed out before Epoch 1"),
    ({"epoch": 3, "turn": ["romans", 5]}, "position.turn: names colour 5, but this table plays colours 0 to 2"),
    ({"epoch": 3, "turn": ["romans", 0], "gold": [1, 2]}, "position.gold: needs one space per colour (3), not 2"),
    ({"epoch": 3, "turn": ["romans", 0], "dial": 4}, "position.dial: the Invasion dial goes up to 3, not 4"),
    ({"epoch": 3, "turn": ["romans", 0], "array": 40}, "P0 (orange) would have 41 armies; a colour has 35"),
    ({"epoch": 3, "stage": "epoch_end", "turn": ["romans", 0]}, "position.turn: has no place at the end of an epoch"),
    ({"epoch": 3, "turn": ["romans", 0], "capitals": {}}, "position.capitals: is not a position field"),
])
def test_an_invalid_position_is_refused_in_one_line_naming_the_land_or_piece(position: dict, message: str) -> None:
    with pytest.raises(OptionError) as err:
        _game(position)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_refused_position_leaves_nothing_behind_and_the_box_limits_follow_the_options() -> None:
    pos = {"epoch": 3, "turn": ["romans", 0], "monuments": ["levant", "crete"]}
    with pytest.raises(OptionError, match="position.monuments: the box has 1 monuments, not 2"):
        hotw.new_game("brief", ["A", "B", "C"], 0, options={"position": pos, "monuments": 1})
    assert _game(pos).monuments == {"levant", "crete"}


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(
    ["romans", "han", "balkans", "levant", "sahara", "north_sea", "leader", "kerma", "capital", "city", "0", "1", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["0", "1", "2", "levant", "x"]),
                                                                 inner, max_size=3), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(list(FIELDS)), _JSON, max_size=6), st.sampled_from([2, 3]))
def test_any_json_is_a_game_or_one_line_naming_the_field(fields: dict, players: int) -> None:
    position = {"epoch": 3, "turn": ["romans", 0], **fields}
    try:
        g = _game(position, players)
    except OptionError as err:
        assert "\n" not in str(err) and str(err).startswith("position")
    else:
        assert hotw.load_game(g.to_json()).state_key() == g.state_key()


def test_simulations_and_comparisons_start_from_a_brief_position() -> None:
    from hotw.rulesets.brief.demos import romans_example

    frame = hotw.simulate("brief", players=3, games=3, seed=2, start=romans_example(), workers=1)
    assert len(frame) == 9 and frame["empires"].str.startswith("romans").any()
    both = hotw.compare(None, {"rules": {"forts": 5}}, ruleset="brief", players=3, games=2, seed=2,
                        start=romans_example(), workers=1)
    assert len(both) > 0
