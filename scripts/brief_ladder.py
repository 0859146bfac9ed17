"""Measure the Brief History bots against each other: seats rotate game by game; win share and mean gold.

    python scripts/brief_ladder.py [games] [bot,bot,...]

The default table is random, heuristic:easy, greedy, heuristic:medium and heuristic:hard
(five seats). A tie shares the win. Figures are in docs/rules-brief.md ("Bots").
"""

from __future__ import annotations

import sys
import time

import hotw
from hotw.bots import make_bot


def play(seed: int, specs: list[str]) -> list[int]:
    """One game, a bot per seat; the final gold per seat."""
    game = hotw.new_game("brief", [f"P{i}" for i in range(len(specs))], seed)
    bots = [make_bot(s, f"{seed}:{i}", "brief") for i, s in enumerate(specs)]
    while not game.is_over:
        game.apply_legal(bots[game.to_decide[0]].choose(game))
    return list(game.score)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    specs = (sys.argv[2] if len(sys.argv) > 2 else
             "random,heuristic:easy,greedy,heuristic:medium,heuristic:hard").split(",")
    wins = dict.fromkeys(specs, 0.0)
    gold = dict.fromkeys(specs, 0)
    start = time.perf_counter()
    for i in range(games):
        seats = specs[i % len(specs):] + specs[: i % len(specs)]
        score = play(i, seats)
        best = [p for p, s in enumerate(score) if s == max(score)]
        for p, spec in enumerate(seats):
            gold[spec] += score[p]
            wins[spec] += (1 / len(best)) if p in best else 0.0
    print(f"{games} games of {len(specs)} seats in {time.perf_counter() - start:.0f} s")
    for spec in sorted(specs, key=lambda s: -wins[s]):
        print(f"  {spec:18s} wins {wins[spec] / games:5.1%}   mean gold {gold[spec] / games:6.1f}")


if __name__ == "__main__":
    main()
