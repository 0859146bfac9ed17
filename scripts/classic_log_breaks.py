"""Where each player's running total first leaves a game log's, and why: the classic log replay's first breaks.

    .venv/bin/python scripts/classic_log_breaks.py                 # the per-log table and every first break
    .venv/bin/python scripts/classic_log_breaks.py --same          # only the "same play, other score" breaks
    .venv/bin/python scripts/classic_log_breaks.py --compare tie_rule=both_die   # turns an option gains and loses
    .venv/bin/python scripts/classic_log_breaks.py --heldout --table  # the held-out logs instead, the table only

Each log of tests/data/classic-logs/ (with --heldout, of tests/data/classic-logs/heldout/, the logs nothing is fitted
to: their figures are reported apart and never added to the ten's) is replayed under ONLINE_OPTIONS (hotw/rulesets/classic/logreplay.py), as
``hotw import-log`` does. A turn matches when its points and the running total are the log's. A player's first
break is the first turn whose total is not the log's; it is "same play, other score" when every line of that turn
was played as logged (no note), otherwise the kind of its first note. For each first break the engine's breakdown
is printed beside the log's points: each area's count, the best opponent, the level and the values, the structures,
and every land the player holds with its force, capitol or city and monuments.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from hotw.board import load_board
from hotw.rulesets import get_ruleset
from hotw.rulesets.classic import logreplay
from hotw.rulesets.classic.cardcheck import load_content
from hotw.rulesets.classic.logparse import parse_log

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "classic-logs"
HELDOUT = LOGS / "heldout"

KINDS = (("is not next to", "sea move"), ("monument", "monuments"), ("turn had ended", "board already differs"),
         ("already hold", "board already differs"), ("is empty in the engine", "board already differs"),
         ("the engine's battle is in", "board already differs"), ("fort", "board already differs"),
         ("army left for this battle", "event"))


class _Recorder(logreplay._Driver):
    """The replay's driver, keeping the position at each turn's score."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.positions: list[dict[str, Any]] = []

    def _check(self, turn: Any) -> None:
        super()._check(turn)
        g = self.game
        p = self.checks[-1].player
        self.positions.append({"breakdown": g.turn_scores[-1][3], "turn": turn, "held": {
            t: (g.land_force.get(t), g.structures.get(t), g.monuments.get(t, 0)) for t, q in g.owner.items() if q == p}})


def replay(path: Path, options: dict[str, Any]) -> tuple[Any, Any, list[dict[str, Any]]]:
    """(game, checks and notes, positions) of one log, the forts found in passes as :func:`replay_log` does."""
    board = load_board(get_ruleset("classic").board_path())
    log = parse_log(path.read_text(encoding="utf-8"), board, load_content(board), path.name)
    d = logreplay.played(log, options, _Recorder)
    return d.game, d, d.positions


def first_breaks(d: Any) -> list[tuple[int, Any, str, list[Any]]]:
    """(check index, check, kind, the turn's notes) of each player's first break."""
    seen: set[int] = set()
    out = []
    for i, c in enumerate(d.checks):
        if c.player in seen or c.total == c.log_total:
            continue
        seen.add(c.player)
        turn = d.positions[i]["turn"]
        notes = [n for n in d.notes if turn.play.line <= n.line <= c.line]
        kind = "same play, other score"
        if notes:
            kind = next((k for key, k in KINDS if key in notes[0].why), "other")
        out.append((i, c, kind, notes))
    return out


def show(name: str, game: Any, d: Any, positions: list[dict[str, Any]], only_same: bool) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for i, c, kind, notes in first_breaks(d):
        kinds[kind] += 1
        if only_same and kind != "same play, other score":
            continue
        pos = positions[i]
        print(f"{name} line {c.line}: Epoch {c.epoch} {c.empire} (Player{c.player + 1}): log {c.log_points}, engine "
              f"{c.points} (log minus engine {c.log_points - c.points:+d}) [{kind}]")
        for n in notes[:3]:
            print(f"    note, line {n.line}: {n.why}")
        bd = pos["breakdown"]
        for r in bd.regions:
            if r.armies or r.points:
                level = r.tier if r.level >= 0 else "-"
                print(f"    {r.name:20s} {r.armies} lands, best opponent {r.best_opponent}: {level} of {r.values} = "
                      f"{r.points}")
        print("    " + ", ".join(f"{s.count} {s.kind} = {s.points}" for s in bd.structures) + f"; total {bd.total}")
        by_area: dict[str, list[str]] = {}
        for t, (force, kind_, mon) in sorted(pos["held"].items()):
            extra = "".join(f", {x}" for x in (kind_, f"{mon} monument(s)" if mon else None) if x)
            by_area.setdefault(game.board.spaces[t].region or "-", []).append(f"{t} ({force}{extra})")
        for area, lands in sorted(by_area.items()):
            print(f"      {area}: " + "; ".join(lands))
    return kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--same", action="store_true", help="print only the 'same play, other score' first breaks")
    ap.add_argument("--compare", nargs="*", default=None, metavar="OPTION=VALUE",
                    help="replay with these options changed (JSON values) and list the turns gained and lost")
    ap.add_argument("--heldout", action="store_true", help="the held-out logs (tests/data/classic-logs/heldout/), "
                    "reported apart from the ten")
    ap.add_argument("--table", action="store_true", help="print only the per-log table and the first breaks' count")
    args = ap.parse_args()
    base = dict(logreplay.ONLINE_OPTIONS)
    files = sorted((HELDOUT if args.heldout else LOGS).glob("*.txt"))
    if args.compare is not None:
        other = dict(base)
        for kv in args.compare:
            k, v = kv.split("=", 1)
            try:
                other[k] = json.loads(v)
            except json.JSONDecodeError:
                other[k] = v
        gained, lost, total = [], [], [0, 0]
        for f in files:
            a, b = replay(f, base)[1], replay(f, other)[1]
            total[0] += sum(c.matches for c in a.checks)
            total[1] += sum(c.matches for c in b.checks)
            for x, y in zip(a.checks, b.checks):
                if x.matches != y.matches:
                    (gained if y.matches else lost).append(f"{f.name} line {y.line} {y.empire} ({x.points} -> "
                                                           f"{y.points}, log {y.log_points})")
        print(f"turns as logged: {total[0]} -> {total[1]}")
        print("gained:", *gained or ["none"], sep="\n  ")
        print("lost:", *lost or ["none"], sep="\n  ")
        return
    kinds: Counter[str] = Counter()
    rows = []
    for f in files:
        game, d, positions = replay(f, base)
        rows.append((f.name, sum(c.matches for c in d.checks), len(d.checks)))
        if args.table:
            kinds += Counter(kind for _i, _c, kind, _notes in first_breaks(d))
        else:
            kinds += show(f.name, game, d, positions, args.same)
    print("held-out logs (nothing is fitted to them):" if args.heldout else "")
    for name, m, n in rows:
        print(f"{name:22s} {m:3d}/{n}")
    print(f"{'all':22s} {sum(r[1] for r in rows):3d}/{sum(r[2] for r in rows)}")
    print("first breaks:", dict(kinds))


if __name__ == "__main__":
    main()
