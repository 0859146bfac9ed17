"""The 2018 bots remember what they weighed from one decision to the next: never at the cost of a choice.

A bot keeps its context (weights and memos) while the same empire plays; these tests check
that a bot with that memory chooses and explains exactly as a bot weighing from scratch,
and that the memory is dropped when what it was made for changes.
"""

from __future__ import annotations

import pytest

import hotw
from hotw.bots import make_bot


@pytest.mark.parametrize("seed,specs", [
    (3, ["heuristic:hard"] * 3),
    (8, ["heuristic:hard"] * 6),
    (5, ["heuristic:hard", "heuristic:medium", "greedy", "heuristic:hard"]),
])
def test_a_bot_with_memory_chooses_as_one_weighing_from_scratch(seed: int, specs: list[str]) -> None:
    game = hotw.new_game(players=[f"P{i}" for i in range(len(specs))], seed=seed)
    bots = [make_bot(spec, f"{seed}:{i}") for i, spec in enumerate(specs)]
    compared = 0
    while not game.is_over:
        seat = game.decision.player
        action = bots[seat].choose(game)
        fresh = make_bot(specs[seat], f"{seed}:{seat}")  # no memory; hard, medium and greedy play no hunches
        assert fresh.choose(game) == action, (game.decision.step, action)
        assert fresh.explain() == bots[seat].explain()
        compared += game.decision.step == "invade"
        game.apply(action)
    assert compared > 50


def test_the_context_is_made_again_when_the_scores_change_within_a_turn() -> None:
    game = hotw.new_game(players=["A", "B", "C", "D"], seed=2)
    bots = [make_bot("heuristic:hard", f"2:{i}") for i in range(4)]
    while not (game.decision.step == "invade" and game.invade_choices()[0] and game.actor.armies > 1):
        game.apply(bots[game.decision.player].choose(game))
    bot = bots[game.decision.player]
    bot.choose(game)
    kept = bot._ctx
    assert bot.choose(game) is not None and bot._ctx is kept  # the same empire, the same scores: kept
    game.score[(game.decision.player + 1) % 4] += 7  # the same actor, other scores: other weights
    chosen = bot.choose(game)
    assert bot._ctx is not kept
    assert bot._ctx.k == make_bot("heuristic:hard", "x")._context(hotw.observation.observation(game)).k
    assert chosen == make_bot("heuristic:hard", "x").choose(game)
