"""Performance figures for `make bench` (goals live here, never in timed unit tests)."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_random_games(games: int = 50, players: int = 4, seed: int = 1) -> None:
    """Full games with random bots: ms per game and per empire turn, single process."""
    from hotw.simulate import simulate_summary

    simulate_summary("hotw2018", players, 2, seed)  # warm caches (board, content)
    s = simulate_summary("hotw2018", players, games, seed)
    print(f"random bots, {players} players, {games} games: {s['ms_per_game']:.1f} ms/game, "
          f"{s['ms_per_empire_turn']:.3f} ms/empire-turn ({s['empire_turns']} empire turns, {s['seconds']:.2f} s)")


def bench_load_and_replay(seed: int = 3) -> None:
    """Save-file size and the time to replay a whole game from it."""
    import hotw
    from hotw.simulate import play_game

    game, _ = play_game("hotw2018", 4, seed)
    text = game.to_json()
    start = time.perf_counter()
    hotw.load_game(text)
    ms = 1000 * (time.perf_counter() - start)
    print(f"save file of a 4-player game: {len(text) / 1024:.1f} KB, {len(game.history)} actions, "
          f"replayed in {ms:.1f} ms")


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    start = time.perf_counter()
    import hotw  # noqa: F401

    print(f"import hotw: {1000 * (time.perf_counter() - start):.1f} ms")
    bench_random_games()
    bench_load_and_replay()
    print("-- odds --")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_odds.py")], check=True)


if __name__ == "__main__":
    main()
