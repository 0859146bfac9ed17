"""The what-if layer plays the classic edition: simulate, scenarios with its rule options, compare."""

from __future__ import annotations

import re

import pytest

import hotw
from hotw.errors import ScenarioError
from hotw.scenario import Scenario

pytest.importorskip("pandas")


def test_simulate_plays_classic_games() -> None:
    table = hotw.simulate("classic", 3, "random", games=2, workers=1)
    assert len(table) == 6 and set(table["seed"]) and table["points"].min() > 0


def test_a_scenario_sets_classic_rule_options_and_compare_reads_both() -> None:
    printed = Scenario.from_dict({"name": "printed", "ruleset": "classic"})
    ties = Scenario.from_dict({"name": "1993 ties", "ruleset": "classic", "rules": {"tie_rule": "reroll"}})
    assert ties.new_game(["A", "B", "C"], seed=1).opts["tie_rule"] == "reroll"
    result = hotw.compare(printed, ties, games=2, players=3, bots="random", workers=1)
    assert set(result["measure"]) >= {"win rate", "mean points"}


def test_a_scenario_with_a_rule_the_classic_game_lacks_is_refused() -> None:
    with pytest.raises(ScenarioError, match="catapult_max"):
        Scenario.from_dict({"name": "x", "ruleset": "classic", "rules": {"catapult_max": 2}})


# -- the classic what-ifs: a later start and card changes -------------------------------------------------

CHANGES = {"empires": {"mongols": {"armies": 9}, "vikings": {"remove": True},
                       "romans": {"start": ["northern_italia"], "navigation": []}},
           "events": {"treachery": {"remove": True}}}


def _play_out(game: object, seed: int = 1) -> object:
    import random

    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    return game


def test_a_classic_game_may_start_in_a_later_epoch_on_an_empty_board() -> None:
    game = hotw.new_game("classic", ["A", "B", "C"], 3, options={"start_epoch": 4}, auto_chance=False)
    while game.decision.step == "deal":
        game.apply(game.legal_actions()[0])
    game.apply("draw:1")  # B rolls highest
    assert game.epoch == 4 and game.draw_order == [1, 2, 0]  # clockwise from the first player, as in Epoch I
    assert "the game starts in Epoch IV" in game.log[-2] and not game.owner
    assert {e.epoch for e in (game.content.empires[c] for c in game.deck)} == {4}
    _play_out(game)
    assert len(game.epoch_scores) == 4 and {t[0] for t in game.turn_scores} == {4, 5, 6, 7}


def test_a_classic_scenario_starts_in_a_later_epoch() -> None:
    scenario = Scenario.from_dict({"name": "late", "ruleset": "classic", "start": {"epoch": 6}})
    assert scenario.rules == {"start_epoch": 6}
    game = _play_out(scenario.new_game(["A", "B", "C"], seed=2))
    assert len(game.epoch_scores) == 2
    with pytest.raises(ScenarioError, match="start.epoch: must be an epoch from 1 to 7"):
        Scenario.from_dict({"ruleset": "classic", "start": {"epoch": 8}})


def test_classic_card_changes_build_a_changed_copy_and_leave_the_cards_alone() -> None:
    scenario = Scenario.from_dict({"name": "changed", "ruleset": "classic", **CHANGES})
    game = scenario.new_game(["A", "B", "C"], seed=1)
    cards = game.content
    assert cards.empires["mongols"].strength("2001") == cards.empires["mongols"].strength("1993") == 9
    assert cards.empires["romans"].start == ("northern_italia",) and cards.empires["romans"].navigation == ()
    assert "vikings" not in cards.empires and "treachery" not in cards.events
    assert "treachery" not in game.piles["minor"] and "treachery" not in game.piles["major"]
    printed = hotw.new_game("classic", ["A", "B", "C"]).content
    assert printed.empires["mongols"].armies == 18 and "vikings" in printed.empires


def test_a_changed_classic_game_saves_and_replays() -> None:
    game = _play_out(hotw.new_game("classic", ["A", "B", "C"], 4, options={"content_changes": CHANGES}))
    again = hotw.load_game(game.to_json())
    assert again.score == game.score and "vikings" not in again.content.empires


@pytest.mark.parametrize("changes, message", [
    ({"empires": {"mongol": {"armies": 9}}}, "empires.mongol: there is no empire card 'mongol' (did you mean mongols"),
    ({"empires": {"mongols": {"strength": 9}}}, "empires.mongols.strength: cannot be changed"),
    ({"empires": {"mongols": {"armies": 0}}}, "empires.mongols.armies: must be a whole number of armies"),
    ({"empires": {"romans": {"start": ["mediterranean"]}}}, "empires.romans.start: 'mediterranean' is not a territory"),
    ({"empires": {"romans": {"navigation": ["levant"]}}}, "empires.romans.navigation: 'levant' is land"),
    ({"empires": {"egypt": {"order": 5}}}, "empires.egypt: call order 5 in Epoch 1 is already used by babylonia"),
    ({"events": {"treachery": {"copies": 2}}}, "events.treachery: the only change to an event card"),
    ({"region_tokens": {}}, "region_tokens: is not a scenario field"),
])
def test_classic_card_changes_name_the_field_of_a_problem(changes: dict, message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        Scenario.from_dict({"ruleset": "classic", **changes})


def test_a_classic_change_that_leaves_too_few_cards_for_the_table_is_refused() -> None:
    five = {"empires": {"egypt": {"remove": True}, "shang": {"remove": True}}}
    scenario = Scenario.from_dict({"ruleset": "classic", **five})  # enough for three players
    with pytest.raises(ScenarioError, match="Epoch 1 keeps 5 empire card"):
        scenario.new_game(list("ABCDEF"))
    greater = [c.id for c in hotw.new_game("classic", ["A", "B", "C"]).content.events.values() if c.kind == "major"]
    with pytest.raises(ScenarioError, match="greater event card"):
        Scenario.from_dict({"ruleset": "classic", "events": {c: {"remove": True} for c in greater}})


def test_compare_runs_a_classic_what_if() -> None:
    printed = Scenario.from_dict({"name": "printed", "ruleset": "classic", "start": {"epoch": 6}})
    weak = Scenario.from_dict({"name": "weak Mongols", "ruleset": "classic", "start": {"epoch": 6},
                               "empires": {"mongols": {"armies": 4}}})
    result = hotw.compare(printed, weak, games=2, players=3, bots="random", workers=1)
    assert set(result["measure"]) >= {"win rate", "mean points"}


def test_a_classic_scenario_starts_from_a_saved_game_cut_at_an_epoch() -> None:
    saved = _play_out(hotw.new_game("classic", ["A", "B", "C"], 5))
    scenario = Scenario.from_dict({"ruleset": "classic", "start": {"save": saved.to_json(), "epoch": 3}})
    game = scenario.new_game(seed=9)
    assert game.epoch == 3 and len(game.epoch_scores) == 2 and not any(t[0] == 3 for t in game.turn_scores)
    assert len(game.holder) <= 1  # cut before the draw: the first card is drawn with fresh dice
    assert game.epoch_scores == saved.epoch_scores[:2]
    assert len(_play_out(game).epoch_scores) == 7
