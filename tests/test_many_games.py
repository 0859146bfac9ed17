"""The many-games path: worker processes play exactly the games a serial run plays, game by game.

Each game of a parallel run is checked against the same game played on its own, with the
seed the documented handout gives it (game ``i`` of a run seeded ``s`` has the seed
``s * 1_000_003 + i``, its bots ``f"{seed}:{seat}"``), written out here rather than read
from ``game_seed``, so a handout broken anywhere (the formula, a chunk's offset, a
worker's copy) makes these tests fail; the last test breaks it on purpose to show so.
"""

from __future__ import annotations

from typing import Any

import json
import multiprocessing

import pytest

import hotw.simulation
from hotw.errors import ScenarioError
from hotw.rulesets import get_ruleset
from hotw.scenario import Scenario
from hotw.simulation import _chunks, _rows, play_game, run_games

BOTS = ["heuristic:hard", "heuristic:easy", "greedy", "random"]
SEED = 5
GAMES = 10  # chunks of one or two games: the workers take turns through the run


def _handed_out(index: int) -> tuple[int, list[str]]:
    """The seed and the seating of game ``index`` (the run is rotated: each game turns the seats by one)."""
    k = index % len(BOTS)
    return SEED * 1_000_003 + index, BOTS[len(BOTS) - k:] + BOTS[: len(BOTS) - k]


def _per_game(run: Any) -> dict[int, tuple[Any, ...]]:
    """What a user reads of each game: its seed, the bots by seat, scores, winner, empire turns, empires played
    and points after each epoch."""
    games: dict[int, list[tuple[Any, ...]]] = {}
    for row in run.rows:
        games.setdefault(row[0], []).append(row)
    return {index: (rows[0][1], [r[4] for r in rows], [r[6] for r in rows], [r[2] for r in rows if r[8]], rows[0][9],
                    [r[5] for r in rows], [r[11:] for r in rows]) for index, rows in games.items()}


def _alone(index: int) -> tuple[Any, ...]:
    """Game ``index`` played on its own, in this process, from its seed and seating."""
    seed, specs = _handed_out(index)
    game, result = play_game("hotw2018", 4, seed, specs)
    rows = _rows(index, seed, specs, game, get_ruleset("hotw2018").epochs)
    (mine,) = _per_game(hotw.simulation.Run("hotw2018", list(game.players), specs, 1, SEED, 0, rows, 0, 0.0)).values()
    assert mine[2] == list(result.scores) and mine[3] == [result.winner]
    return mine


@pytest.fixture(scope="module")
def alone() -> dict[int, tuple[Any, ...]]:
    return {i: _alone(i) for i in range(GAMES)}


def test_the_chunks_cover_every_game_once_and_shrink_towards_the_end() -> None:
    for games, parts in ((0, 2), (1, 2), (10, 2), (1_000, 2), (10_000, 2), (777, 3), (50, 1)):
        chunks = _chunks(games, parts)
        assert [g for a, b in chunks for g in range(a, b)] == list(range(games)), (games, parts)
        sizes = [b - a for a, b in chunks]
        assert all(1 <= s <= 50 for s in sizes) and sizes == sorted(sizes, reverse=True), (games, parts)
    assert _chunks(1_000, 2)[-1] == (999, 1_000)  # the last games go one at a time


@pytest.mark.parametrize("workers", [1, 2])
def test_each_game_is_the_game_of_its_seed_played_alone(alone: dict, workers: int) -> None:
    run = run_games(players=4, bots=BOTS, games=GAMES, seed=SEED, workers=workers, rotate=True, progress=False)
    assert _per_game(run) == alone
    assert run.empire_turns == sum(game[4] for game in alone.values())


@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="only forked workers see the handout broken in this process"))])
def test_a_broken_seed_handout_is_caught(alone: dict, monkeypatch, workers: int) -> None:
    monkeypatch.setattr(hotw.simulation, "game_seed", lambda seed, index: seed * 1_000_003 + index // 2 * 2)
    run = run_games(players=4, bots=BOTS, games=GAMES, seed=SEED, workers=workers, rotate=True, progress=False)
    wrong = [i for i, game in _per_game(run).items() if game != alone[i]]
    assert wrong == [i for i in range(GAMES) if i % 2], wrong


@pytest.mark.parametrize("method", sorted({"spawn", "forkserver"} & set(multiprocessing.get_all_start_methods())))
def test_workers_started_without_fork_play_the_same_games(alone: dict, monkeypatch, method: str) -> None:
    # Python 3.14 starts workers from a fork server on Linux; spawn is the default on macOS and Windows.
    context = multiprocessing.get_context(method)
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: context)
    run = run_games(players=4, bots=BOTS, games=4, seed=SEED, workers=2, rotate=True, progress=False)
    assert _per_game(run) == {i: alone[i] for i in range(4)}


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief", "heroes"])
def test_a_saved_start_checked_once_gives_the_games_of_a_start_checked_every_time(ruleset: str) -> None:
    # Scenario.starts replays a saved start unchecked after the first game: every game must be the game
    # new_game makes (which checks every action), at the start and after bots have played it out.
    rs = get_ruleset(ruleset)
    players = [f"P{i}" for i in range(max(3, rs.min_players))]
    bots = ["heuristic:hard" if "heuristic:hard" in rs.bots() else "random"] * len(players)
    whole, _ = play_game(ruleset, players, 11, bots)
    cut = len(whole.history) // 2
    while whole.history[cut - 1].is_chance:  # the save ends on a seat's decision: chance could draw it again
        cut -= 1
    half = rs.new_game(players, 11, auto_chance=False)
    for action in whole.history[:cut]:
        half.apply(action)
    scenario = Scenario.from_dict({"ruleset": ruleset, "start": {"save": half.to_json()}})
    start = scenario.starts(players)
    for seed in (1, 2, 3):
        fast, checked = start(seed), scenario.new_game(players, seed)
        assert fast.to_json() == checked.to_json() and fast.state_key() == checked.state_key(), seed
        hotw.simulation._play(fast, bots, seed)
        hotw.simulation._play(checked, bots, seed)
        assert fast.to_json() == checked.to_json(), seed
    doc = json.loads(half.to_json())
    doc["actions"][len(doc["actions"]) // 2] = "invade:atlantis"  # a save that cannot be replayed is still refused
    with pytest.raises(ScenarioError, match="cannot be replayed"):
        Scenario.from_dict({"ruleset": ruleset, "start": {"save": doc}}).starts(players)(1)
