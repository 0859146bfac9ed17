"""The bot ladder: play a line-up of bots with rotating seats and print win rates and head-to-head results.

Every bot meets every other in every game; "A beats B" counts the games where A
finished with more points than B. The ladder holds when hard beats easy in at
least 75% of their meetings and medium beats easy in more than half.

Run: .venv/bin/python scripts/tournament.py [--games 400] [--players 4] [--workers N]
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hotw.simulation import simulate, wilson  # noqa: E402

LINEUP = "heuristic:hard,heuristic:medium,heuristic:easy,greedy"
#: (stronger, weaker, least share of meetings the stronger must win)
GOALS = [("heuristic:hard", "heuristic:easy", 0.75), ("heuristic:medium", "heuristic:easy", 0.5)]


def head_to_head(frame, bots: list[str]) -> dict[tuple[str, str], tuple[int, int]]:
    """(a, b) -> (games where a finished ahead of b, games where they met)."""
    out = {}
    points = frame.pivot_table(index="game", columns="bot", values="points", aggfunc="max")
    for a, b in itertools.permutations(bots, 2):
        if a in points and b in points:
            met = points[[a, b]].dropna()
            out[(a, b)] = (int((met[a] > met[b]).sum()), len(met))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default=LINEUP, help="comma-separated line-up, one bot per seat")
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    if len(bots) != args.players:
        parser.error(f"--bots needs one bot per seat: {len(bots)} bots for {args.players} players")
    frame = simulate(players=args.players, bots=bots, games=args.games, seed=args.seed, workers=args.workers,
                     rotate=True)
    print(f"{args.games} games of {args.players} players, seats rotating, seed {args.seed}, "
          f"{os.cpu_count()} cores")
    print()
    print(f"{'bot':<18} {'win rate':>9} {'95% interval':>15} {'mean points':>12}")
    for bot in bots:
        part = frame[frame.bot == bot]
        wins, n = int(part.winner.sum()), len(part)
        low, high = wilson(wins, n)
        print(f"{bot:<18} {wins / n:>9.1%} {f'{low:.0%}-{high:.0%}':>15} {part.points.mean():>12.1f}")
    print()
    h2h = head_to_head(frame, bots)
    width = max(len(b) for b in bots) + 2
    print("row beats column (share of the games where both played)")
    print(" " * width + "".join(f"{b.split(':')[-1]:>10}" for b in bots))
    for a in bots:
        cells = "".join(f"{'-':>10}" if a == b else f"{h2h[(a, b)][0] / h2h[(a, b)][1]:>10.0%}" for b in bots)
        print(f"{a:<{width}}{cells}")
    print()
    ok = True
    for strong, weak, goal in GOALS:
        if (strong, weak) not in h2h:
            continue
        won, met = h2h[(strong, weak)]
        low, high = wilson(won, met)
        passed = won / met >= goal if goal >= 0.75 else won / met > goal
        ok &= passed
        print(f"{'PASS' if passed else 'FAIL'}: {strong} beats {weak} in {won / met:.1%} of {met} meetings "
              f"(95% interval {low:.1%}-{high:.1%}; goal {'>=' if goal >= 0.75 else '>'} {goal:.0%})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
