"""The what-if layer plays the classic edition: simulate, scenarios with its rule options, compare."""

from __future__ import annotations

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
