"""A digest of seeded games: every action, log line and score, to show a change plays the same games.

    python scripts/game_digest.py [--ruleset NAME] [TREE]   # TREE: another checkout of hotw (default: this one)

For the 2018 game (the default): 84 games, 12 seeds each: hard bots at 3, 4, 5 and 6 players, a
hard/medium/greedy/easy table, and the engine alone (the first legal action) at 3 and 6 players.
For another ruleset (``classic``, ``brief``, ``heroes``): the same tables with its own bots, its
hard bots at every player count from 3 (2 for Heroes) to its most, 6 seeds each. For each game it
hashes the save file (the whole history), every log line in English, Japanese and Spanish, the
face-down lines the other seats read, every turn's score breakdown, and the scores. Two checkouts
that print the same digest played the same games, wrote the same log and said it the same way: a
before/after check for changes to the engine's speed.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

MIXED = ["heuristic:hard", "heuristic:medium", "greedy", "heuristic:easy"]
TABLES = [("hard", ["heuristic:hard"] * n) for n in (3, 4, 5, 6)] + [("mixed", MIXED)] + [
    ("first", ["first"] * n) for n in (3, 6)]
SEEDS = 12
OTHER_SEEDS = 6  # the other rulesets' games are longer: fewer seeds, every player count


def tables(ruleset: str) -> list[tuple[str, list[str]]]:
    """The tables of ``ruleset``'s digest (the 2018 game's are fixed: its printed digest must not move)."""
    if ruleset == "hotw2018":
        return TABLES
    from hotw.rulesets import get_ruleset

    rs = get_ruleset(ruleset)
    low, high = max(rs.min_players, 2 if ruleset == "heroes" else 3), min(rs.max_players, 6)
    return ([("hard", ["heuristic:hard"] * n) for n in range(low, high + 1)] + [("mixed", MIXED)]
            + [("first", ["first"] * n) for n in (low, high)])


def _breakdowns(game: Any) -> str:
    """Every turn's breakdown, as its fields say it (the rulesets' breakdowns differ in their fields)."""
    rows = []
    for row in game.turn_scores:
        *head, bd = row
        fields = getattr(bd, "__dataclass_fields__", None)
        said = [(f, repr(getattr(bd, f))) for f in fields] if fields else [("repr", repr(bd))]
        rows.append((tuple(head), said))
    return repr(rows)


def digest(tree: Path | None = None, ruleset: str = "hotw2018") -> str:
    if tree is not None:
        sys.path.insert(0, str(tree))
    import hotw
    from hotw.bots import make_bot
    from hotw.i18n import render

    whole = hashlib.sha256()
    for name, specs in tables(ruleset):
        for seed in range(SEEDS if ruleset == "hotw2018" else OTHER_SEEDS):
            game = hotw.new_game(ruleset, [f"P{i}" for i in range(len(specs))], seed)
            bots = [None if spec == "first" else make_bot(spec, f"{seed}:{i}", ruleset) for i, spec in enumerate(specs)]
            while not game.is_over:
                bot = bots[game.to_decide[0]]
                game.apply_legal(game.legal_actions()[0] if bot is None else bot.choose(game))
            one = hashlib.sha256()
            one.update(game.to_json().encode())
            one.update("\n".join(game.log).encode())
            one.update(repr(sorted((i, c, str(line)) for i, (c, line) in game.secret_lines.items())).encode())
            one.update(repr(game.scores if ruleset == "hotw2018" else (list(game.score), game.epoch_scores)).encode())
            if ruleset == "hotw2018":
                one.update(repr([(e, c, p, bd.player, bd.regions, bd.structures, bd.total, bd.extra)
                                 for e, c, p, bd in game.turn_scores]).encode())
            else:
                one.update(_breakdowns(game).encode())
            for lang in ("ja", "es"):
                one.update("\n".join(render(line, lang) for line in game.log).encode())
                one.update("\n".join(render(line, lang) for _c, line in game.secret_lines.values()).encode())
            whole.update(one.digest())
            print(f"{ruleset} {name} {len(specs)}p seed {seed}: {one.hexdigest()[:16]}", file=sys.stderr)
    return whole.hexdigest()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="a digest of seeded games of one ruleset")
    parser.add_argument("--ruleset", default="hotw2018", help="the ruleset (default hotw2018)")
    parser.add_argument("tree", nargs="?", type=Path, help="another checkout of hotw (default: this one)")
    args = parser.parse_args()
    print(digest(args.tree.resolve() if args.tree else None, args.ruleset))
