"""The Heroes of the World bot ladder: seats rotate over the games; win share (ties shared) and mean points.

Usage: python scripts/tournament_heroes.py heuristic:hard,heuristic:medium,greedy,heuristic:easy 60
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hotw  # noqa: E402
from hotw.bots import RandomBot  # noqa: E402
from hotw.rulesets.heroes.bots import BOTS  # noqa: E402


def main() -> None:
    specs = sys.argv[1].split(",") if len(sys.argv) > 1 else ["heuristic:hard", "heuristic:medium", "greedy",
                                                                "heuristic:easy"]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    n = len(specs)
    wins = dict.fromkeys(specs, 0.0)
    points = dict.fromkeys(specs, 0)
    start, turns = time.time(), 0
    for g in range(games):
        order = specs[g % n:] + specs[:g % n]
        game = hotw.new_game("heroes", [f"P{i}" for i in range(n)], 1000 + g)
        bots = [RandomBot(i) if s == "random" else BOTS[s](f"{g}:{i}") for i, s in enumerate(order)]
        while not game.is_over:
            game.apply_legal(bots[game.to_decide[0]].choose(game))
        turns += game.turns
        best = max(game.score)
        winners = [i for i in range(n) if game.score[i] == best]
        for i, s in enumerate(order):
            points[s] += game.score[i]
            if i in winners:
                wins[s] += 1 / len(winners)
    seconds = time.time() - start
    for s in sorted(specs, key=lambda s: -wins[s]):
        print(f"{s:18s} win share {wins[s] / games:.3f}  mean points {points[s] / games:.1f}")
    print(f"{games} games of {n} players, {seconds:.1f} s, {seconds / turns * 1000:.2f} ms per player turn")


if __name__ == "__main__":
    main()
