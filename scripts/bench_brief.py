"""Performance figures of A Brief History of the World for `make bench` (figures, not tests).

Random and heuristic:hard games in one process (ms per game and per empire turn), the
save file and its replay, and the exact odds of an invasion with the dial.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_games(bot: str, games: int, players: int = 4, seed: int = 1) -> None:
    from hotw.simulation import simulate_summary

    simulate_summary("brief", players, 2, seed, bot)  # warm caches
    s = min((simulate_summary("brief", players, games, seed, bot) for _ in range(3)),
            key=lambda r: r["ms_per_empire_turn"])
    print(f"brief, {bot} bots, {players} players, {games} games, 1 process: {s['ms_per_game']:.1f} ms/game, "
          f"{s['ms_per_empire_turn']:.3f} ms/empire-turn ({s['empire_turns']} empire turns)")


def bench_replay(seed: int = 3) -> None:
    import hotw
    from hotw.simulation import play_game

    game, _ = play_game("brief", 4, seed, "heuristic:hard")
    text = game.to_json()
    start = time.perf_counter()
    hotw.load_game(text)
    ms = 1000 * (time.perf_counter() - start)
    print(f"brief save file of a 4-player game: {len(text) / 1024:.1f} KB, {len(game.history)} actions, "
          f"replayed in {ms:.1f} ms")


def bench_odds(repeat: int = 2000) -> None:
    from hotw.rulesets.brief.odds import Roll, points_odds, take_odds, take_odds_continuing

    cases = [(a, d, dial, cost) for a in (1, 2, 3, 4) for d in (1, 2) for dial in range(4) for cost in (1, 2)]
    start = time.perf_counter()
    for i in range(repeat):
        a, d, dial, cost = cases[i % len(cases)]
        take_odds(a, d, dial, cost)
    one = 1000 * (time.perf_counter() - start) / repeat
    start = time.perf_counter()
    for i in range(repeat // 10):
        a, d, dial, cost = cases[i % len(cases)]
        take_odds_continuing(a, d, dial, cost, 6)
        points_odds(a, d, Roll(dial, cost))
    more = 1000 * (time.perf_counter() - start) / (repeat // 10)
    print(f"brief exact odds: one roll {one:.3f} ms; continuing with 6 armies and the points left {more:.3f} ms")


def main() -> None:
    bench_games("random", 50)
    bench_games("heuristic:hard", 20)
    bench_replay()
    bench_odds()


if __name__ == "__main__":
    main()
