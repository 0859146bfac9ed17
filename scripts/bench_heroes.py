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
    """Wall time and processor time per player turn (the engine's share included), best of three runs.

    On a shared machine the wall time grows with the load; the processor time much less.
    """
    import hotw
    from hotw.bots import make_bot

    best = None
    for _ in range(3):
        start, cpu, turns = time.perf_counter(), time.process_time(), 0
        for g in range(games):
            game = hotw.new_game("heroes", [f"P{i}" for i in range(players)], seed + g)
            bots = [make_bot(bot, f"{g}:{i}", ruleset="heroes") for i in range(players)]
            while not game.is_over:
                game.apply_legal(bots[game.to_decide[0]].choose(game))
            turns += game.turns
        run = (time.perf_counter() - start, time.process_time() - cpu, turns)
        if best is None or run[1] < best[1]:
            best = run
    seconds, cpu, turns = best
    print(f"heroes, {bot} bots, {players} players, {games} games, 1 process ({os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f}): {1000 * seconds / turns:.2f} ms/turn wall, {1000 * cpu / turns:.2f} ms/turn "
          f"processor ({turns} player turns)")


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
    for bot in ("heuristic:hard", "heuristic:medium", "greedy"):
        bench_bots(bot)
    bench_save()


if __name__ == "__main__":
    main()
