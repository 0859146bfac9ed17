"""The Heroes of the World bot ladder, measured with hotw.simulate: seats rotate over the games.

Prints each bot's win share (ties shared) and mean points, and for each pair of bots
how often the first finished ahead of the second (a tie counts half), and the bots'
time per player turn.

Usage: python scripts/tournament_heroes.py [BOTS] [GAMES] [WORKERS]
       python scripts/tournament_heroes.py heuristic:hard,heuristic:medium,greedy,heuristic:easy 400 2
"""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hotw  # noqa: E402

LADDER = "heuristic:hard,heuristic:medium,greedy,heuristic:easy"


def main() -> None:
    specs = (sys.argv[1] if len(sys.argv) > 1 else LADDER).split(",")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else (os.cpu_count() or 1)
    table = hotw.simulate("heroes", players=len(specs), bots=specs, games=games, seed=2024, workers=workers,
                          rotate=True, progress=False)
    best = table.groupby("game")["points"].transform("max")
    top = table.points == best
    share = top / top.groupby(table.game).transform("sum")
    print(f"{games} games of {len(specs)} players, seats rotated, seed 2024")
    print(f"{'bot':18s} {'win share':>9s} {'mean points':>11s}")
    for spec, rows in sorted(table.groupby("bot"), key=lambda kv: -share[kv[1].index].sum()):
        print(f"{spec:18s} {share[rows.index].sum() / games:9.1%} {rows.points.mean():11.1f}")
    points = table.pivot(index="game", columns="bot", values="points")
    for a, b in itertools.combinations(specs, 2):
        ahead = ((points[a] > points[b]) + 0.5 * (points[a] == points[b])).mean()
        print(f"{a} ahead of {b}: {ahead:.1%}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
