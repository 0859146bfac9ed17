"""Scenarios: validation that names the field, copies of the card data, new rule options, starting points."""

from __future__ import annotations

import json

import pytest

import hotw
from hotw.bots import make_bot
from hotw.rulesets.hotw2018.cardcheck import load_content
from hotw.scenario import Scenario, ScenarioError, load_scenario
from hotw.situations import act, roll, turn_of

BAD = [
    ({"empires": {"mongol": {"armies": 8}}}, "empires.mongol: there is no empire card 'mongol' (did you mean mongols"),
    ({"empires": {"mongols": {"armies": 0}}}, "empires.mongols.armies: must be a whole number"),
    ({"empires": {"mongols": {"armies": "8"}}}, "empires.mongols.armies"),
    ({"empires": {"mongols": {"colour": "red"}}}, "empires.mongols.colour: cannot be changed"),
    ({"empires": {"huns": {"epoch": 2}}}, "empires.huns: call order 4 in Epoch 2 is already used by macedonians"),
    ({"empires": {"romans": {"start": ["atlantic_ocean"]}}}, "empires.romans.start: 'atlantic_ocean' is ocean"),
    ({"empires": {"romans": {"start": ["latiumm"]}}}, "empires.romans.start: 'latiumm' is not a territory"),
    ({"empires": {"vikings": {"fleets": ["scandinavia"]}}}, "empires.vikings.fleets: 'scandinavia' is land"),
    ({"events": {"weaponry_1": {"armies": 2}}}, "events.weaponry_1.armies: cannot be changed; the only change"),
    ({"events": {"weaponry_1": {"remove": False}}}, "events.weaponry_1: the only change"),
    ({"rules": {"catapult": 2}}, "rules.catapult: is not a rule option (did you mean catapult_max?)"),
    ({"rules": {"tie_rule": "invader_wins"}}, "rules.tie_rule: must be one of both_removed, defender_holds"),
    ({"rules": {"structure_points": [2, 1]}}, "rules.structure_points"),
    ({"region_tokens": {"9": {"china": [1, 2, 3]}}}, "region_tokens.9: must be keyed by an epoch"),
    ({"region_tokens": {"1": {"china": [3, 2, 1]}}}, "region_tokens.1.china: must be three whole numbers"),
    ({"region_tokens": {"1": {"chine": [1, 2, 3]}}}, "region_tokens.1.chine: there is no region"),
    ({"start": {"epoch": 6}}, "start.epoch: must be an epoch from 1 to 5"),
    ({"start": {"turn": 2}}, "start.turn: is not a start field"),
    ({"start": {}}, "start: must be"),
    ({"start": None}, "start: must be"),
    ({"start": {"save": "{not json"}}, "start.save:"),
    ({"armies": 3}, "armies: is not a scenario field"),
    ({"name": ""}, "name: must be a non-empty text"),
    ({"": 1}, "scenario: '': is not a scenario field"),
    ({"ruleset": {}}, "ruleset: must be the name of a ruleset, not {}"),
    ({"region_tokens": {"\u00b2": {}}}, "region_tokens.'\u00b2': must be keyed by an epoch"),
    ({"empires": False}, "empires: must be an object"),
    ({"events": 0}, "events: must be an object"),
    ({"region_tokens": ""}, "region_tokens: must be an object"),
    ({"rules": None}, "rules: must be an object"),
    ({"name": "\ud800"}, "name: the text '\\ud800' has a character that is not valid Unicode"),
    ({"rules": {"player_armies": 10**5000}}, "rules.player_armies: the number <a number of about 5,001 digits>"),
    ({"rules": {"player_armies": 1.5}}, "rules.player_armies: must be a whole number from 1 to 200, not 1.5"),
    ({"empires": {"x" * 10**6: {}}}, "empires.'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...: there is no empire card"),
    ({"start": {"save": "../../etc/passwd"}}, "start.save: '../../etc/passwd': must be the name of a file in the same folder"),
    ({"start": {"save": "/etc/passwd"}}, "must be the name of a file in the same folder"),
]


@pytest.mark.parametrize("data,message", BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_validation_names_the_field(data: dict, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        Scenario.from_dict(data)
    assert message in str(err.value)


def test_removing_too_many_cards_for_the_table_is_an_error() -> None:
    epoch1 = [e.id for e in load_content().empires_of_epoch(1)]
    scenario = Scenario.from_dict({"empires": {e: {"remove": True} for e in epoch1[:5]}})  # 3 left: 3 players ok
    with pytest.raises(ScenarioError, match="Epoch 1 keeps 3 empire card"):
        scenario.new_game([f"P{i}" for i in range(4)], seed=1)


def test_changes_build_a_copy_and_leave_the_shared_cards_alone() -> None:
    shared = load_content()
    scenario = Scenario.from_dict({"name": "half Mongols", "empires": {"mongols": {"armies": 8},
                                                                      "vikings": {"remove": True}},
                                   "region_tokens": {"1": {"middle_east": [1, 3, 5]}}})
    game = scenario.new_game(["A", "B", "C"], seed=1)
    assert game.content is not shared
    assert game.content.empires["mongols"].armies == 8 and "vikings" not in game.content.empires
    assert game.region_values["middle_east"] == (1, 3, 5)
    assert shared.empires["mongols"].armies == 16 and "vikings" in shared.empires
    assert hotw.new_game(players=["A", "B", "C"], seed=1).content is shared
    assert scenario.new_game(["A", "B", "C"], seed=2).content is game.content  # built once, shared by games


def test_scenario_game_saves_and_replays() -> None:
    scenario = Scenario.from_dict({"empires": {"assyrians": {"armies": 2, "start": ["zagros"]}},
                                   "rules": {"tie_rule": "defender_holds", "catapult_max": 2}})
    game = scenario.new_game(["A", "B", "C"], seed=4)
    bots = [make_bot("random", i) for i in range(3)]
    while game.epoch < 2 and not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    again = hotw.load_game(game.to_json())
    assert again.state_key() == game.state_key()
    assert again.content.empires["assyrians"].start == ("zagros",)


def test_bad_card_changes_in_a_save_file_are_a_save_error() -> None:
    doc = json.loads(hotw.new_game(players=["A", "B", "C"], seed=1).to_json())
    doc["options"] = {"content_changes": {"empires": {"atlantis": {"armies": 3}}}}
    with pytest.raises(hotw.SaveFileError, match="atlantis"):
        hotw.load_game(json.dumps(doc))


def test_changed_armies_change_the_games() -> None:
    from hotw.simulation import simulate

    epoch1 = [e.id for e in load_content().empires_of_epoch(1)]
    few = {"name": "one army each", "empires": {e: {"armies": 1} for e in epoch1}}
    base = simulate(players=3, bots="greedy", games=3, seed=5, workers=1)
    small = simulate(players=3, bots="greedy", games=3, seed=5, scenario=few, workers=1)
    for g in range(3):
        b = base[base.game == g].points_e1.sum()
        s = small[small.game == g].points_e1.sum()
        assert s < b, (g, s, b)


def test_start_epoch_plays_a_shorter_game() -> None:
    game = Scenario.from_dict({"start": {"epoch": 4}}).new_game(["A", "B", "C"], seed=3)
    assert game.epoch == 4 and game.region_values["middle_east"] == (3, 6, 9)  # epoch III token still lies there
    bots = [make_bot("random", i) for i in range(3)]
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    assert len(game.epoch_scores) == 2
    assert hotw.load_game(game.to_json()).state_key() == game.state_key()


def _saved_game(seed: int = 11) -> hotw.Game:
    game = hotw.new_game(players=["A", "B", "C"], seed=seed)
    bots = [make_bot("random", i) for i in range(3)]
    while game.epoch < 3:
        game.apply(bots[game.decision.player].choose(game))
    return game


def test_start_from_a_saved_position_with_fresh_dice(tmp_path) -> None:
    saved = _saved_game()
    path = tmp_path / "class.json"
    path.write_text(saved.to_json())
    (tmp_path / "what_if.json").write_text(json.dumps({"name": "from class", "start": {"save": "class.json"}}))
    scenario = Scenario.load(tmp_path / "what_if.json")
    assert scenario.players() == ["A", "B", "C"]
    a = scenario.new_game(seed=1)
    b = scenario.new_game(seed=2)
    n = len(saved.history)
    assert a.history[:n] == saved.history == b.history[:n]
    assert a.state_key()[:5] == saved.state_key()[:5]
    bots = [make_bot("random", i) for i in range(3)]
    for g in (a, b):
        while not g.is_over:
            g.apply(bots[g.decision.player].choose(g))
    assert a.history != b.history  # the dice after the saved position come from each game's own seed


def test_start_from_a_save_at_a_given_epoch() -> None:
    saved = _saved_game()
    scenario = Scenario.from_dict({"start": {"save": json.loads(saved.to_json()), "epoch": 2}})
    game = scenario.new_game(seed=7)
    assert game.epoch == 2 and len(game.epoch_scores) == 1
    assert game.epoch_scores[0] == saved.epoch_scores[0]
    with pytest.raises(ScenarioError, match="does not reach Epoch 5"):
        Scenario.from_dict({"start": {"save": saved.to_json(), "epoch": 5}})
    with pytest.raises(ScenarioError, match="has 3 players, not 4"):
        scenario.new_game(["A", "B", "C", "D"], seed=1)


def test_load_scenario_accepts_files_dicts_and_none(tmp_path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"name": "x", "rules": {"catapult_max": 2}}')
    assert load_scenario(path).rules == {"catapult_max": 2}
    assert load_scenario({"name": "y"}).name == "y"
    assert load_scenario(None).options() == {}
    (tmp_path / "broken.json").write_text('{"name": ')
    with pytest.raises(ScenarioError, match="broken.json: not valid JSON"):
        load_scenario(tmp_path / "broken.json")
    again = Scenario.from_dict(load_scenario(path).to_dict())
    assert again == load_scenario(path)


# -- the tie rule option, played by the engine ------------------------------------------------


DEFENDER_HOLDS = {"tie_rule": "defender_holds"}


def test_tie_rule_defender_holds_turns_a_tie_into_a_lost_battle() -> None:
    g = turn_of("Egyptians", options=DEFENDER_HOLDS, armies={"libya": 1})
    act(g, "invade:libya")
    s0, s1 = g.supply[0], g.supply[1]
    roll(g, 4, 2, 4)
    assert g.owner["libya"] == 1 and g.decision.step == "siege_or_retreat"
    assert (g.supply[0], g.supply[1]) == (s0, s1)
    assert "the defender holds on a tie" in g.log[-1]


def test_tie_rule_defender_holds_keeps_a_tied_naval_die() -> None:
    g = turn_of("Minoans", options=DEFENDER_HOLDS, armies={"palestine": 1})
    assert g.targets()["palestine"] is True
    act(g, "invade:palestine")
    roll(g, 3, 2, 3)  # a lone defender die tied at 3 would be rerolled under the printed rule
    assert g.decision.step == "siege_or_retreat" and g.owner["palestine"] == 1


def test_printed_tie_rule_is_unchanged() -> None:
    g = turn_of("Egyptians", armies={"libya": 1})
    act(g, "invade:libya")
    roll(g, 4, 2, 4)
    assert "libya" not in g.owner and g.decision.step == "invade"
