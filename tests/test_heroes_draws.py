"""Heroes draws a card or a tile by its index (every one equally likely) instead of walking the weights of
every card left: at every chance step of seeded games it draws what the general walk (``Game._chance_draw``)
draws, so seeds keep their games."""

from __future__ import annotations

import pytest

import hotw
from hotw.game import Game


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_draw_by_index_is_the_draw_the_weights_give(players: int) -> None:
    drawn: dict[str, int] = {}
    for seed in range(3):
        game = hotw.new_game("heroes", [f"P{i}" for i in range(players)], seed, auto_chance=False)
        while not game.is_over:
            if game.decision.is_chance:
                mine = game.seeded_outcome()  # what the game draws: HeroesGame._chance_draw
                assert mine == Game._chance_draw(game) and mine in game.legal_actions()
                drawn[game.phase] = drawn.get(game.phase, 0) + 1
                game.apply(mine)
            else:
                game.apply(game.legal_actions()[0])
    assert {"deal", "deck_draw", "progress_draw", "die"} <= set(drawn)
