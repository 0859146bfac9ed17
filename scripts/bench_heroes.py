"""Performance figures of Heroes of the World for `make bench` (a "turn" here is one player's turn).

Random bots through hotw.simulate's single-process path, the heuristic:hard bots, and a
save file's size and replay time.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def bench_random(games: int = 50, players: int = 4, seed: int = 1) -> None:
    from hotw.simulation import simulate_summary

    simulate_summary("heroes", players, 2, seed)  # warm the caches (board, cards)
    s = simulate_summary("heroes", players, games, seed)
    print(f"heroes, random bots, {players} players, {games} games: {s['ms_per_game']:.1f} ms/game, "
          f"{s['ms_per_empire_turn']:.3f} ms/turn ({s['empire_turns']} player turns, {s['seconds']:.2f} s)")


def bench_bots(bot: str = "heuristic:hard", games: int = 20, players: int = 4, seed: int = 1) -> None:
    import hotw
    from hotw.bots import make_bot

    best = None
    for _ in range(3):
        start, turns = time.perf_counter(), 0
        for g in range(games):
            game = hotw.new_game("heroes", [f"P{i}" for i in range(players)], seed + g)
            bots = [make_bot(bot, f"{g}:{i}", ruleset="heroes") for i in range(players)]
            while not game.is_over:
                game.apply_legal(bots[game.to_decide[0]].choose(game))
            turns += game.turns
        seconds = time.perf_counter() - start
        if best is None or seconds < best[0]:
            best = (seconds, turns)
    seconds, turns = best
    print(f"heroes, {bot} bots, {players} players, {games} games, 1 process ({os.cpu_count()} cores): "
          f"{1000 * seconds / games:.1f} ms/game, {1000 * seconds / turns:.3f} ms/turn ({turns} player turns)")


def bench_save(seed: int = 3) -> None:
    import hotw
    from hotw.simulation import play_game

    game, _ = play_game("heroes", 4, seed)
    text = game.to_json()
    start = time.perf_counter()
    hotw.load_game(text)
    ms = 1000 * (time.perf_counter() - start)
    print(f"heroes save file of a 4-player game: {len(text) / 1024:.1f} KB, {len(game.history)} actions, "
          f"replayed in {ms:.1f} ms")


def main() -> None:
    bench_random()
    bench_bots()
    bench_save()


if __name__ == "__main__":
    main()
