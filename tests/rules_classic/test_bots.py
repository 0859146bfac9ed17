"""The classic bots: legal moves from the observation only, and a ladder where hard beats easy."""

from __future__ import annotations

import pytest

import hotw
from hotw.rulesets import get_ruleset
from hotw.rulesets.classic.bots import BOTS
from hotw.rulesets.classic.observation import ClassicObservation


def play(seed: int, specs: list[str]) -> hotw.Game:
    game = hotw.new_game("classic", [f"P{i}" for i in range(len(specs))], seed)
    bots = [BOTS[s](seed * 10 + i) for i, s in enumerate(specs)]
    while not game.is_over:
        bot = bots[game.decision.player]
        action = bot.choose(game)
        assert action in game.legal_actions()
        assert bot.explain()
        game.apply(action)
    return game


def test_the_ruleset_lists_its_bots() -> None:
    assert set(get_ruleset("classic").bots()) == set(BOTS)


@pytest.mark.parametrize("spec", sorted(BOTS))
def test_every_bot_plays_a_whole_game(spec: str) -> None:
    game = play(3, [spec] * 4)
    assert game.is_over and len(game.turn_scores) == 28


def test_the_observation_hides_other_hands_and_every_marker_value() -> None:
    game = play(1, ["greedy"] * 3)
    obs = ClassicObservation(game, 0)
    assert obs.hand == tuple(game.hands[0]) and obs.hand_sizes == tuple(len(h) for h in game.hands)
    assert obs.markers_held == tuple(len(m) for m in game.preeminence)
    assert not any(name.startswith(("preeminence", "hands", "deck", "piles", "seed")) for name in dir(obs))


def test_hard_finishes_ahead_of_easy() -> None:
    ahead = 0
    for seed in range(12):
        specs = ["heuristic:hard", "heuristic:easy", "greedy"]
        specs = specs[seed % 3:] + specs[:seed % 3]
        game = play(seed, specs)
        ahead += game.score[specs.index("heuristic:hard")] > game.score[specs.index("heuristic:easy")]
    assert ahead >= 9
