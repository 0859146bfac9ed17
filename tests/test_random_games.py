"""Seeded random games: invariants after every step, replay, and illegal actions rejected."""

from __future__ import annotations

import os
import random

import pytest

import hotw
from hotw.actions import Action
from hotw.rulesets.hotw2018 import LIMITS

GAMES = int(os.environ.get("HOTW_RANDOM_GAMES", "200"))
PROBES = [Action("invade", "sahara"), Action("invade", "atlantic_ocean"), Action("fortify", "nowhere"),
          Action("siege"), Action("pick_empire", "atlantis"), Action("play_event", "no_such_card"),
          Action("score_tie", "sideways"), Action("end_invasions")]


def check_invariants(game: hotw.Game) -> None:
    """Rules that must hold in every position."""
    g = game
    for p in range(g.n):
        assert g.army_count(p) == g.opts["player_armies"], f"player {p} has {g.army_count(p)} armies"
        assert g.supply[p] >= 0
    for land, owner in g.owner.items():
        assert g.board.spaces[land].kind == "land", f"army on {land}"
        assert 0 <= owner < g.n
    assert len(g.tokens) <= LIMITS["capitol_city"]
    assert len(g.monuments) <= LIMITS["monument"]
    assert len(g.forts) <= LIMITS["fort"]
    if g.tie is None:
        assert len(set(g.score)) == g.n, f"two markers share a space: {g.score}"
    if not g.is_over:
        assert g.legal_actions(), "no legal action before the end"
    if g.actor is not None:
        assert g.actor.armies >= 0 and g.actor.tokens >= 0
        assert all(g.owner.get(t) == g.actor.player for t in g.actor.active)


def _probe_illegal(game: hotw.Game, rng: random.Random) -> None:
    legal = set(game.legal_actions())
    probe = rng.choice(PROBES)
    if probe in legal:
        return
    before = game.state_key()
    with pytest.raises(hotw.IllegalActionError):
        game.apply(probe)
    assert game.state_key() == before


@pytest.mark.parametrize("block", range(10))
def test_random_games(block: int) -> None:
    per_block = max(GAMES // 10, 1)
    for i in range(per_block):
        seed = block * per_block + i
        n_players = 3 + seed % 4
        rng = random.Random(seed)
        game = hotw.new_game("hotw2018", [f"P{k}" for k in range(n_players)], seed)
        try:
            steps = 0
            while not game.is_over:
                check_invariants(game)
                if steps % 7 == 0:
                    _probe_illegal(game, rng)
                game.apply(rng.choice(game.legal_actions()))
                steps += 1
                if steps % 97 == 0:
                    again = hotw.load_game(game.to_json())
                    assert again.state_key() == game.state_key()
            check_invariants(game)
            assert game.winner is not None
            again = hotw.load_game(game.to_json())
            assert again.state_key() == game.state_key()
            assert again.score == game.score
        except AssertionError as err:
            raise AssertionError(f"random game with seed {seed} ({n_players} players): {err}") from err
