"""Performance figures for `make bench` (goals live here, never in timed unit tests).

Goals (issue 5), each printed with the machine's core count:
* heuristic:hard bots, one process: <= 1.0 ms per empire turn;
* 10,000 full 4-player games of heuristic:hard bots on all cores: <= 60 s;
* exact odds of any battle or siege: <= 1 ms (scripts/bench_odds.py).

``--games N`` changes the size of the all-cores run (default 10,000).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_random_games(games: int = 50, players: int = 4, seed: int = 1) -> None:
    """Full games with random bots: ms per game and per empire turn, single process."""
    from hotw.simulation import simulate_summary

    simulate_summary("hotw2018", players, 2, seed)  # warm caches (board, content)
    s = simulate_summary("hotw2018", players, games, seed)
    print(f"random bots, {players} players, {games} games: {s['ms_per_game']:.1f} ms/game, "
          f"{s['ms_per_empire_turn']:.3f} ms/empire-turn ({s['empire_turns']} empire turns, {s['seconds']:.2f} s)")


def bench_bot_turns(bot: str = "heuristic:hard", games: int = 40, players: int = 4, seed: int = 1,
                    goal_ms: float = 1.0) -> None:
    """Full games of one bot at every seat, single process: ms per game and per empire turn (best of 3)."""
    from hotw.simulation import simulate_summary

    simulate_summary("hotw2018", players, 2, seed, bot)  # warm caches (board, content, odds)
    s = min((simulate_summary("hotw2018", players, games, seed, bot) for _ in range(3)),
            key=lambda r: r["ms_per_empire_turn"])
    verdict = "meets" if s["ms_per_empire_turn"] <= goal_ms else "misses"
    print(f"{bot} bots, {players} players, {games} games, 1 process ({os.cpu_count()} cores): "
          f"{s['ms_per_game']:.1f} ms/game, {s['ms_per_empire_turn']:.3f} ms/empire-turn "
          f"({verdict} the goal of {goal_ms} ms)")


def bench_all_cores(games: int = 10_000, bot: str = "heuristic:hard", players: int = 4, seed: int = 1,
                    goal_s: float = 60.0) -> None:
    """Many full games on every core (a process each), as hotw.simulate runs them by default."""
    from hotw.simulation import run_games

    cores = os.cpu_count() or 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    before = os.times()
    run = run_games("hotw2018", players, bot, games, seed, workers=cores, progress=False)
    after = os.times()
    s = run.summary()
    scaled = run.seconds * 10_000 / games if games else 0.0
    verdict = "meets" if scaled <= goal_s else "misses"
    note = "" if games == 10_000 else f", {scaled:.1f} s scaled to 10,000 games"
    # The worker processes' CPU time (counted once they have exited) over the wall time of every core.
    cpu = sum(getattr(after, f) - getattr(before, f) for f in ("children_user", "children_system"))
    busy = cpu / (run.seconds * cores) if run.seconds and cores > 1 else float("nan")
    print(f"{games:,} {bot} games of {players} players on {cores} cores: {run.seconds:.1f} s "
          f"({s['ms_per_game']:.2f} ms/game wall{note}; {verdict} the goal of {goal_s:.0f} s for 10,000); "
          f"workers busy {100 * busy:.0f}% of the cores, load average {load:.2f} before the run")


def bench_load_and_replay(seed: int = 3) -> None:
    """Save-file size and the time to replay a whole game from it."""
    import hotw
    from hotw.simulation import play_game

    game, _ = play_game("hotw2018", 4, seed)
    text = game.to_json()
    start = time.perf_counter()
    hotw.load_game(text)
    ms = 1000 * (time.perf_counter() - start)
    print(f"save file of a 4-player game: {len(text) / 1024:.1f} KB, {len(game.history)} actions, "
          f"replayed in {ms:.1f} ms")


def bench_classic(games: int = 40, players: int = 4, seed: int = 1) -> None:
    """The classic edition, single process: ms per game and per empire turn for random and hard bots, the save
    file and its replay, and the exact odds of an attack."""
    import hotw
    from hotw.rulesets.classic.battle import conquest_odds
    from hotw.rulesets.classic.bots import BOTS

    def play(bot: str, s: int) -> hotw.Game:
        game = hotw.new_game("classic", [f"P{i}" for i in range(players)], s)
        bots = [BOTS[bot](f"{s}:{i}") for i in range(players)]
        while not game.is_over:
            game.apply_legal(bots[game.decision.player].choose(game))
        return game

    play("random", 0)  # warm caches (board, content)
    for bot in ("random", "heuristic:hard"):
        start = time.perf_counter()
        turns = sum(len(play(bot, seed + g).turn_scores) for g in range(games))
        ms = 1000 * (time.perf_counter() - start)
        print(f"classic, {bot} bots, {players} players, {games} games, 1 process: {ms / games:.1f} ms/game, "
              f"{ms / turns:.3f} ms/empire-turn")
    game = play("heuristic:hard", seed)
    text = game.to_json()
    start = time.perf_counter()
    hotw.load_game(text)
    print(f"classic save file of a {players}-player game: {len(text) / 1024:.1f} KB, {len(game.history)} actions, "
          f"replayed in {1000 * (time.perf_counter() - start):.1f} ms")
    start = time.perf_counter()
    for attack in (2, 3):
        for defend in (1, 2, 3):
            conquest_odds(attack, defend, 1, True, False)
    print(f"classic exact odds of an attack (6 cases, fort included): {1000 * (time.perf_counter() - start) / 6:.3f} ms each")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="hotw performance figures")
    parser.add_argument("--games", type=int, default=10_000, help="games for the all-cores run (default 10,000)")
    args = parser.parse_args(argv)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    start = time.perf_counter()
    import hotw  # noqa: F401

    print(f"import hotw: {1000 * (time.perf_counter() - start):.1f} ms")
    bench_random_games()
    bench_load_and_replay()
    print("-- bots and simulation --")
    bench_bot_turns()
    bench_all_cores(args.games)
    print("-- the classic edition --")
    bench_classic()
    print("-- Heroes of the World (a turn is one player's turn) --")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_heroes.py")], check=True)
    print("-- odds --")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_odds.py")], check=True)
    print("-- A Brief History of the World --")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_brief.py")], check=True)
    print("-- notebook game (kernel, Voila and chromium) --")
    if shutil.which("chromium") or Path("/usr/lib/chromium/chromium").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_ui.py")], check=True)
    else:
        print("skipped: Debian chromium is not installed (apt-get install chromium)")


if __name__ == "__main__":
    main()
