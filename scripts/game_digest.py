"""A digest of seeded 2018 games: every action, log line and score, to show a change plays the same games.

    python scripts/game_digest.py [TREE]      # TREE: another checkout of hotw (default: this one)

84 games, 12 seeds each: hard bots at 3, 4, 5 and 6 players, a hard/medium/greedy/easy table, and
the engine alone (the first legal action) at 3 and 6 players. For each game it hashes the save
file (the whole history), every log line in English, Japanese and Spanish, the face-down lines
the other seats read, every turn's score breakdown, and the scores. Two checkouts that print the
same digest played the same games, wrote the same log and said it the same way: a before/after
check for changes to the engine's speed.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

TABLES = [("hard", ["heuristic:hard"] * n) for n in (3, 4, 5, 6)] + [
    ("mixed", ["heuristic:hard", "heuristic:medium", "greedy", "heuristic:easy"])] + [
    ("first", ["first"] * n) for n in (3, 6)]
SEEDS = 12


def digest(tree: Path | None = None) -> str:
    if tree is not None:
        sys.path.insert(0, str(tree))
    import hotw
    from hotw.bots import make_bot
    from hotw.i18n import render

    whole = hashlib.sha256()
    for name, specs in TABLES:
        for seed in range(SEEDS):
            game = hotw.new_game("hotw2018", [f"P{i}" for i in range(len(specs))], seed)
            bots = [None if spec == "first" else make_bot(spec, f"{seed}:{i}") for i, spec in enumerate(specs)]
            while not game.is_over:
                bot = bots[game.to_decide[0]]
                game.apply_legal(game.legal_actions()[0] if bot is None else bot.choose(game))
            one = hashlib.sha256()
            one.update(game.to_json().encode())
            one.update("\n".join(game.log).encode())
            one.update(repr(sorted((i, c, str(line)) for i, (c, line) in game.secret_lines.items())).encode())
            one.update(repr(game.scores).encode())
            one.update(repr([(e, c, p, bd.player, bd.regions, bd.structures, bd.total, bd.extra)
                             for e, c, p, bd in game.turn_scores]).encode())
            for lang in ("ja", "es"):
                one.update("\n".join(render(line, lang) for line in game.log).encode())
                one.update("\n".join(render(line, lang) for _c, line in game.secret_lines.values()).encode())
            whole.update(one.digest())
            print(f"{name} {len(specs)}p seed {seed}: {one.hexdigest()[:16]}", file=sys.stderr)
    return whole.hexdigest()


if __name__ == "__main__":
    print(digest(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else None))
