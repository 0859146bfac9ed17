"""Play whole games with bots, headless, for statistics and benchmarks."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from hotw.bots import make_bot
from hotw.game import Game


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return seed * 1_000_003 + index


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    seed: int
    scores: tuple[int, ...]
    winner: int
    empire_turns: int
    actions: int


def play_game(ruleset: str, n_players: int, seed: int, bot: str = "random") -> tuple[Game, GameResult]:
    """Play one game to the end with one bot per seat; deterministic for a seed."""
    import hotw

    players = [f"Player {i + 1}" for i in range(n_players)]
    game = hotw.new_game(ruleset, players, seed)
    bots = [make_bot(bot, f"{seed}:{i}") for i in range(n_players)]
    steps = 0
    while not game.is_over:
        d = game.decision
        game.apply(bots[d.player].choose(game))
        steps += 1
    scores = tuple(game.score)  # type: ignore[attr-defined]
    winner = max(range(n_players), key=lambda p: scores[p])
    turns = len(game.turn_scores)  # type: ignore[attr-defined]
    return game, GameResult(seed, scores, winner, turns, len(game.history))


def simulate_summary(ruleset: str, n_players: int, games: int, seed: int, bot: str = "random") -> dict[str, Any]:
    """Play ``games`` games and summarise them as a JSON-ready dict."""
    start = time.perf_counter()
    results = [play_game(ruleset, n_players, game_seed(seed, i), bot)[1] for i in range(games)]
    seconds = time.perf_counter() - start
    wins = [0] * n_players
    finals: list[int] = []
    for r in results:
        wins[r.winner] += 1
        finals.extend(r.scores)
    turns = sum(r.empire_turns for r in results)
    return {
        "ruleset": ruleset,
        "players": n_players,
        "games": games,
        "seed": seed,
        "bot": bot,
        "seconds": round(seconds, 3),
        "wins_per_seat": wins,
        "final_points": {
            "mean": round(sum(finals) / len(finals), 2) if finals else None,
            "min": min(finals, default=None),
            "max": max(finals, default=None),
        },
        "empire_turns": turns,
        "ms_per_game": round(1000 * seconds / games, 3) if games else None,
        "ms_per_empire_turn": round(1000 * seconds / turns, 4) if turns else None,
    }
