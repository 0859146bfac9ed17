"""Whole games: 200 seeded random games keep the invariants; saves, loads, undo and options (docs/rules-heroes.md)."""

from __future__ import annotations

import json
import random

import pytest

import hotw
from hotw.errors import IllegalActionError, OptionError, SaveFileError
from hotw.rulesets.heroes.game import COINS_IN_BOX, FIGURES, HeroesGame
from tests.rules_heroes.helpers import NAMES, start


def _invariants(game: HeroesGame) -> None:
    n = game.n
    supply = FIGURES * (2 if n == 2 else 1)
    for s in range(n):
        assert game.reserve[s] >= 0 and game.reserve[s] + game.figures_on_board(s) == supply
        assert game.coins[s] >= 0
        assert game.score[s] == sum(game.ledger[s].values())
    assert all(c >= 0 for f in game.figures.values() for c in f)
    assert game.bank >= 0 and sum(game.coins) + game.bank == COINS_IN_BOX
    assert all(len(b) <= game.capacity[a] for a, b in game.boxes.items())
    tiles = game.bag + game.drawn + [t for b in game.boxes.values() for t in b]
    assert len(tiles) == len(set(tiles))
    eras = {game.content.progress[t].era for t in game.bag}
    assert eras <= {game.era_name}
    heroes = game.deck + game.display + [h for x in game.hands for h in x] + [h for x in game.played for h in x]
    assert len(heroes) == len(set(heroes))
    assert len(game.valued) <= game.valuation_limit() and len(set(game.valued)) == len(game.valued)
    assert all(a in game.open_areas for a in game.valued)


def _play(seed: int, n: int, check: bool = True) -> HeroesGame:
    game = hotw.new_game("heroes", NAMES[:n], seed)
    assert isinstance(game, HeroesGame)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        game.apply(rng.choice(legal))
        if check:
            _invariants(game)
    return game


@pytest.mark.parametrize("seed", range(200))
def test_random_games_keep_the_invariants_and_end_after_4_and_8_valuations(seed: int) -> None:
    n = 2 + seed % 4
    game = _play(seed, n, check=seed % 4 == 0)
    _invariants(game)
    per_era = [sum(1 for v in game.valuations if v.era == e) for e in (1, 2)]
    assert per_era == [4, 8] or any("no player has a hero" in line for line in game.log)
    others = sum(v.points_of(s) for v in game.valuations for s in range(n) if s != v.active)
    assert sum(game.score) == sum(bd.total for *_, bd in game.turn_scores) + others
    for s in range(n):
        assert game.ledger[s].get("valuation", 0) + game.ledger[s].get("Ajanta Caves", 0) == sum(
            v.points_of(s) for v in game.valuations)
    assert len(game.epoch_scores) == 2 and game.epoch_scores[-1] == game.score
    assert game.turns == len(game.turn_scores)


def test_a_save_loads_to_the_same_game_and_a_broken_one_is_refused() -> None:
    game = _play(7, 4, check=False)
    again = hotw.load_game(game.to_json())
    assert again.state_key() == game.state_key()
    doc = json.loads(game.to_json())
    doc["actions"][30] = "place:atlantis"
    with pytest.raises(SaveFileError, match="action 31"):
        hotw.load_game(json.dumps(doc))


def test_a_save_in_the_middle_of_a_game_loads_and_plays_on() -> None:
    game = hotw.new_game("heroes", NAMES[:3], 5)
    rng = random.Random(5)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()))
    again = hotw.load_game(game.to_json())
    assert again.state_key() == game.state_key() and again.legal_actions() == game.legal_actions()


def test_undo_takes_back_the_last_decision() -> None:
    game = hotw.new_game("heroes", NAMES[:3], 3)
    rng = random.Random(3)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    before = game.state_key()
    game.apply(game.legal_actions()[0])
    game.undo()
    assert game.state_key() == before


def test_an_illegal_action_changes_nothing_and_says_why() -> None:
    game = start(3)
    before = game.state_key()
    with pytest.raises(IllegalActionError, match="not possible now"):
        game.apply("place:china")
    with pytest.raises(IllegalActionError):
        game.apply("take:nobody")
    assert game.state_key() == before


def test_the_options_are_declared_and_checked() -> None:
    game = hotw.new_game("heroes", NAMES[:3], 1, options={"modern_valuations": 4, "start_coins": 3})
    assert game.coins == [3, 3, 3]
    with pytest.raises(OptionError, match="modern_valuations"):
        hotw.new_game("heroes", NAMES[:3], 1, options={"modern_valuations": 9})
    short = hotw.new_game("heroes", NAMES[:3], 2, options={"modern_valuations": 4})
    rng = random.Random(2)
    while not short.is_over:
        short.apply(rng.choice(short.legal_actions()))
    assert sum(1 for v in short.valuations if v.era == 2) == 4


def test_the_random_bot_and_the_simulation_play_it() -> None:
    from hotw.bots import RandomBot

    game = hotw.new_game("heroes", NAMES[:4], 2)
    bots = [RandomBot(i) for i in range(4)]
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    table = hotw.simulate("heroes", players=3, games=4, seed=1, bots="random", workers=1, progress=False)
    assert len(table) == 12 and table.groupby("game")["winner"].sum().eq(1).all()
