"""Seeded random classic games: invariants at every step, the save round trip, undo."""

from __future__ import annotations

import random

import pytest

import hotw
from hotw.errors import IllegalActionError

N_GAMES = 200


def random_game(seed: int, check_every: bool = False) -> hotw.Game:
    n = 3 + seed % 4
    game = hotw.new_game("classic", [f"P{i}" for i in range(n)], seed)
    rnd = random.Random(seed)
    while not game.is_over:
        acts = game.legal_actions()
        assert acts, game.decision
        game.apply(rnd.choice(acts))
        if check_every:
            check_position(game)
    return game


def check_position(game: hotw.Game) -> None:
    spaces = game.board.spaces
    assert all(spaces[t].kind == "land" for t in game.owner), "armies stand on lands only"
    assert set(game.forts) <= set(game.owner), "a fort stands with an army"
    assert all(k in ("capitol", "city") and spaces[t].kind == "land" for t, k in game.structures.items())
    assert all(n > 0 for n in game.monuments.values())
    for region, counts in game.owner.counts.items():
        assert sum(counts) == sum(1 for t in game.board.regions[region].lands if t in game.owner)
    if game.actor is not None:
        assert game.actor.armies >= 0
        assert all(game.owner.get(t) == game.actor.player for t in game.actor.lands)
    assert game.events_played <= 2


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_the_invariants(block: int) -> None:
    for seed in range(block * N_GAMES // 4, (block + 1) * N_GAMES // 4):
        game = random_game(seed, check_every=seed % 10 == 0)
        check_position(game)
        n = game.n
        assert game.epoch == 7 and len(game.epoch_scores) == 7
        assert all(len(game.played[p]) == 7 for p in range(n)), "one empire a player each epoch"
        assert sum(len(m) for m in game.preeminence) == 7, "one marker each epoch"
        for p in range(n):
            assert len(game.hands[p]) + len(game.events_used[p]) == 10
            assert game.score[p] == game.epoch_scores[-1][p] + sum(game.preeminence[p])
            turns = [bd.total for _, _, q, bd in game.turn_scores if q == p]
            assert len(turns) == 7 and sum(turns) == game.epoch_scores[-1][p]
        called = [e for _, e, _, _ in game.turn_scores]
        for epoch in range(1, 8):
            orders = [game.content.empires[e].order for ep, e, _, _ in game.turn_scores if ep == epoch]
            assert orders == sorted(orders), "empires called in card order"
        assert len(set(called)) == 7 * n


def test_save_and_load_give_the_same_game() -> None:
    for seed in (1, 2, 3):
        game = random_game(seed)
        again = hotw.load_game(game.to_json())
        assert again.state_key() == game.state_key() and again.score == game.score


def test_a_game_saved_midway_goes_on_the_same() -> None:
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 9)
    rnd = random.Random(9)
    for _ in range(150):
        game.apply(rnd.choice(game.legal_actions()))
    again = hotw.load_game(game.to_json())
    assert again.state_key() == game.state_key()
    assert again.legal_actions() == game.legal_actions()


def test_undo_takes_back_the_last_decision() -> None:
    game = hotw.new_game("classic", ["A", "B", "C"], 4)
    rnd = random.Random(4)
    for _ in range(60):
        game.apply(rnd.choice(game.legal_actions()))
    before = game.state_key()
    game.apply(rnd.choice(game.legal_actions()))
    game.undo()
    assert game.state_key() == before


def test_options_change_the_game_and_are_saved() -> None:
    opts = {"draw_order": "strength", "tie_rule": "reroll", "area_rule": "1993", "strengths": "1993",
            "preeminence": False}
    game = hotw.new_game("classic", ["A", "B", "C"], 3, options=opts)
    rnd = random.Random(3)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    assert game.preeminence == [[], [], []]
    assert hotw.load_game(game.to_json()).state_key() == game.state_key()


def test_after_the_end_nothing_can_be_played() -> None:
    game = random_game(1)
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply("end_turn")
