"""Brief's expand step asks for one target's way in (``target_of``) where it used to make every target again:
at every expand decision of seeded games it says what ``targets()`` says for each of them (kind, by fleet
only, by the Atlantic only)."""

from __future__ import annotations

import pytest

import hotw
from hotw.bots import make_bot


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_target_is_what_all_the_targets_say_of_it(players: int) -> None:
    checked = naval = 0
    for seed in range(3):
        game = hotw.new_game("brief", [f"P{i}" for i in range(players)], seed)
        bots = [make_bot("heuristic:hard" if i % 2 else "greedy", f"{seed}:{i}", "brief") for i in range(players)]
        while not game.is_over:
            force = game.force
            if game.phase == "expand" and force is not None:
                for land, target in game.targets(force).items():
                    assert game.target_of(force, land) == target, land
                    checked += 1
                    naval += target[1]
            game.apply_legal(bots[game.to_decide[0]].choose(game))
    assert checked > 300 and naval > 0
