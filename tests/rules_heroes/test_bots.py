"""The Heroes bots: legal choices from the seat's observation, deterministic by seed, a line on why."""

from __future__ import annotations

import pytest

import hotw
from hotw.rulesets import get_ruleset
from hotw.rulesets.heroes.bots import BOTS, LEVELS


@pytest.mark.parametrize("spec", sorted(LEVELS))
def test_every_level_plays_legal_moves_to_the_end(spec: str) -> None:
    game = hotw.new_game("heroes", ["A", "B", "C"], 4)
    bots = [BOTS[spec](i) for i in range(3)]
    while not game.is_over:
        bot = bots[game.decision.player]
        action = bot.choose(game)
        assert action in game.legal_actions() and bot.explain()
        game.apply(action)
    assert len(game.epoch_scores) == 2


def test_the_same_seed_plays_the_same_game() -> None:
    def run() -> list[str]:
        game = hotw.new_game("heroes", ["A", "B"], 9)
        bots = [BOTS["heuristic:hard"](i) for i in range(2)]
        while not game.is_over:
            game.apply(bots[game.decision.player].choose(game))
        return [a.text() for a in game.history]

    assert run() == run()


def test_the_ruleset_lists_its_bots() -> None:
    assert {"greedy", "heuristic", "heuristic:easy", "heuristic:medium", "heuristic:hard"} <= set(
        get_ruleset("heroes").bots())
