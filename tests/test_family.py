"""The engine is a family: a ruleset added from outside the package plays through every shared layer.

*The Isles* (``tests/family/isles.py``) is written by following "Adding a ruleset" in
``docs/architecture.md``; nothing in ``hotw`` knows it.
"""

from __future__ import annotations

import json
import random

import pytest

import hotw
from hotw.bots import make_bot
from hotw.errors import OptionError, SaveFileError
from hotw.observation import observation
from tests.family import isles


@pytest.fixture(autouse=True, scope="module")
def _registered() -> None:
    isles.install()


def _play(seed: int, players: int = 3) -> hotw.Game:
    game = hotw.new_game("isles", [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_it_is_registered_and_plays_to_the_end_on_its_own_board() -> None:
    from hotw.rulesets import names

    assert "isles" in names()
    game = _play(1)
    assert len(game.board.lands()) == 6 and set(game.board.regions) == {"north", "south"}
    assert game.epoch == 2 and len(game.epoch_scores) == 2 and len(game.turn_scores) == 6
    assert sum(game.score) == sum(bd.total for *_, bd in game.turn_scores)


@pytest.mark.parametrize("seed", range(30))
def test_random_games_keep_the_invariants(seed: int) -> None:
    game = hotw.new_game("isles", ["A", "B"], seed)
    rng = random.Random(seed)
    while not game.is_over:
        assert game.legal_actions()
        for p in range(2):
            on_board = sum(1 for s in game.owner.values() if s == p)
            in_battle = 1 if game.battle and game.battle["attacker"] == p else 0
            assert game.supply[p] + on_board + in_battle == isles.ARMIES
        game.apply(rng.choice(game.legal_actions()))


def test_chance_is_an_actor_with_exact_odds() -> None:
    game = hotw.new_game("isles", ["A", "B"], 0, auto_chance=False)
    game.apply("place:north_cape")
    game.apply("end_turn")
    game.apply("place:misty_hills")
    game.apply("invade:north_cape")
    assert game.decision.is_chance
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 6 and sum(p for _, p in outcomes) == 1


def test_its_option_is_declared_and_checked() -> None:
    game = hotw.new_game("isles", ["A", "B"], 0, options={"moves": 4})
    assert game.moves == 4
    with pytest.raises(OptionError, match="moves"):
        hotw.new_game("isles", ["A", "B"], 0, options={"moves": 9})
    with pytest.raises(OptionError, match="unknown rule option"):
        hotw.new_game("isles", ["A", "B"], 0, options={"catapult_max": 2})


def test_save_load_and_undo() -> None:
    game = _play(7)
    again = hotw.load_game(game.to_json())
    assert again.state_key() == game.state_key()
    doc = json.loads(game.to_json())
    doc["actions"][0] = "place:atlantis"
    with pytest.raises(SaveFileError, match="action 1"):
        hotw.load_game(json.dumps(doc))
    mid = hotw.new_game("isles", ["A", "B"], 3)
    mid.apply(mid.legal_actions()[-1])
    before = mid.state_key()
    mid.apply(mid.legal_actions()[-1])
    mid.undo()
    assert mid.state_key() == before


def test_the_generic_bot_and_observation_serve_it() -> None:
    game = hotw.new_game("isles", ["A", "B", "C"], 2)
    bots = [make_bot("random", seed=i, ruleset="isles") for i in range(3)]
    while not game.is_over:
        seat = game.decision.player
        obs = observation(game, seat)
        assert obs.legal_actions() == game.legal_actions()
        game.apply(bots[seat].choose(game))
    assert game.is_over


def test_simulate_plays_it() -> None:
    table = hotw.simulate("isles", players=2, games=6, seed=1, bots="random", workers=1, progress=False)
    assert len(table) == 12 and table.groupby("game")["winner"].sum().eq(1).all()
