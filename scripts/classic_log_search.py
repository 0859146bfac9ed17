"""A systematic search for the Epoch V-VII excess of the classic game logs: every late turn's residual against a
broad table of features of its position, and the small integer formulas that fit it best.

    .venv/bin/python scripts/classic_log_search.py                 # the search on the ten logs, checked on the held-out
    .venv/bin/python scripts/classic_log_search.py --shuffles 20   # and the chance baseline (a minute of CPU)
    .venv/bin/python scripts/classic_log_search.py --table FILE    # write the feature table (tab-separated)
    .venv/bin/python scripts/classic_log_search.py --clean         # only the turns whose position is most likely right
    .venv/bin/python scripts/classic_log_search.py --records       # each area record re-scored on both sets of logs
    .venv/bin/python scripts/classic_log_search.py --cross 5       # the late chart fitted on the ten logs and half the
                                                                   # held-out ones, judged on the other half (5 splits)

The residual of a turn is the log's points minus the engine's, the turn's own points (``classic_log_excess.py``
rebuilds each scored turn's position). Each Epoch V-VII turn gets a row of features of its position. The search, on
the ten logs only, tries ``residual = a * f`` and ``a * f1 + b * f2`` (small integers a, b; the constant 1 is a
feature) and counts the late turns whose residual each gives exactly ("fit"; the engine, the formula 0, fits those
at 0). The best are measured unchanged on the held-out logs (tests/data/classic-logs/heldout/, never fitted to).
Chance baselines: the search on the ten logs' residuals shuffled among their turns, random formulas held out.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from classic_log_excess import (  # noqa: E402
    EVENT_FORCES, FROM, KINGDOMS, LOGS, Context, Position, hypotheses, measure, positions)

HELDOUT = LOGS / "heldout"
COEFS = (-2, -1, 1, 2)  # a and b of a pair
SINGLE_COEFS = (-3, -2, -1, 1, 2, 3)  # a of a single feature
Formula = tuple[tuple[int, str], ...]  # ((a, feature), ...)


# -- the features ----------------------------------------------------------------------------------------------------
def area_table(ctx: Context, p: Position) -> dict[str, tuple[int, int, int, int]]:
    """Area -> (the player's lands, the best opponent's, the level 0-2 or -1, the points it gives), as the engine
    scores the area for ``p``'s player (the online land areas included)."""
    from hotw.rulesets.classic.scoring import counts_seen_by
    from hotw.scoring import level_index

    counts = {r: [0] * p.players for r in ctx.board.regions}
    for t, q in p.owner.items():
        region = ctx.board.spaces[t].region
        if q is not None and q >= 0 and region in counts:
            counts[region][q] += 1
    counts = counts_seen_by(p.player, counts, p.owner, {t: ctx.board.spaces[t].region for t in ctx.moved},
                            ctx.moved)
    values, out = ctx.values(p.epoch), {}
    for region, c in counts.items():
        mine = c[p.player]
        best = max((v for i, v in enumerate(c) if i != p.player), default=0)
        lv = level_index(mine, best) if mine else -1
        out[region] = (mine, best, lv, values.get(region, (0, 0, 0))[lv] if lv >= 0 else 0)
    return out


class Features:
    """The feature table's columns, computed from one game's context (the board, cards and online data)."""

    def __init__(self, ctx: Context, cards: Sequence[str] = ()) -> None:
        from hotw.rulesets.classic.links import online_resources

        self.ctx, self.cards = ctx, tuple(cards)
        self.hypotheses = [h for h in hypotheses() if "unchanged" not in h[0]]
        board = ctx.board
        self.regions = sorted(board.regions)
        self.resources = {t: s.resources for t, s in board.spaces.items() if s.kind == "land"}
        self.resources.update(online_resources(board))
        self.sea_coast = {t for w in ctx.seas for t in ctx.coasts[w]}
        self.ocean_coast = {t for w, c in ctx.coasts.items() if w not in ctx.seas for t in c}
        self.ocean_coast |= {t for t, s in board.spaces.items() if s.kind == "land"
                             and any(w not in ctx.seas for w in s.waters)}

    def row(self, p: Position) -> dict[str, int]:
        """Feature name -> value for the turn ``p`` (integers; counts, 0/1 flags, values of the chart)."""
        ctx, board, f = self.ctx, self.ctx.board, {}
        held = p.held()
        areas = area_table(ctx, p)
        prev = p.history[-2] if len(p.history) > 1 else None
        mine_before = [q for q in p.history[:-1] if q.player == p.player]
        own_prev = mine_before[-1] if mine_before else None
        totals: dict[int, int] = {}
        for q in p.history[:-1]:
            totals[q.player] = q.total
        before = totals.get(p.player, 0)
        values = ctx.values(p.epoch)
        empire = ctx.content.empires[p.empire]
        f["one"] = 1
        f["epoch 6"] = int(p.epoch == 6)
        f["epoch 7"] = int(p.epoch == 7)
        f["epoch - 4"] = p.epoch - 4
        f["lands"] = len(held)
        f["lands of the acting empire"] = sum(1 for t in held if p.force.get(t) == empire.name)
        f["lands of the player's other forces"] = sum(1 for t in held if p.force.get(t) != empire.name)
        f["lands of the player's forces of earlier epochs"] = sum(
            1 for t in held if ctx.card_epoch.get(p.force.get(t, ""), p.epoch) < p.epoch)
        f["capitols"], f["cities"], f["monuments"] = (p.structures[k] for k in ("capitol", "city", "monument"))
        f["capitols and cities"] = f["capitols"] + f["cities"]
        f["areas present"] = sum(1 for a in areas.values() if a[2] >= 0)
        f["areas dominated"] = sum(1 for a in areas.values() if a[2] >= 1)
        f["areas controlled"] = sum(1 for a in areas.values() if a[2] == 2)
        f["areas with no opponent"] = sum(1 for a in areas.values() if a[0] and not a[1])
        f["areas tied"] = sum(1 for a in areas.values() if a[0] and a[0] == a[1])
        f["areas behind"] = sum(1 for a in areas.values() if a[0] and a[0] < a[1])
        f["areas one short of the next level"] = sum(
            1 for a in areas.values() if a[0] and ((a[2] == 0 and a[0] + 1 > a[1] and a[0] + 1 >= 2)
                                                 or (a[2] == 1 and a[1] == 0 and a[0] == 2)))
        f["area points"] = sum(a[3] for a in areas.values())
        f["presence values of the areas present"] = sum(values.get(r, (0, 0, 0))[0] for r, a in areas.items()
                                                       if a[2] >= 0)
        f["areas worth 0 where present"] = sum(1 for a in areas.values() if a[2] >= 0 and not a[3])
        f["best opponent's lands"] = max((sum(1 for q in p.owner.values() if q == s) for s in range(p.players)
                                          if s != p.player), default=0)
        f["opponents' lands"] = sum(1 for q in p.owner.values() if q is not None and q >= 0 and q != p.player)
        f["players"] = p.players
        f["lands on a sea's coast"] = sum(1 for t in held if t in self.sea_coast)
        f["lands on an ocean's coast"] = sum(1 for t in held if t in self.ocean_coast)
        f["seas touched"] = sum(1 for w in ctx.seas if ctx.coasts[w] & set(held))
        f["oceans touched"] = sum(1 for w in ctx.coasts if w not in ctx.seas and any(
            w in board.spaces[t].waters for t in held))
        f["fleets on seas"] = len(p.seas & ctx.seas)
        f["fleets on oceans"] = len(p.seas - ctx.seas)
        f["coins"] = p.coins
        f["forces on the board"] = len({p.force.get(t) for t in held})
        f["islands"] = sum(1 for t in held if not board.spaces[t].adjacent)
        f["lands with a strait"] = sum(1 for t in held if board.spaces[t].straits)
        f["mountain lands"] = sum(1 for t in held if board.spaces[t].terrain == "mountain")
        f["forest lands"] = sum(1 for t in held if board.spaces[t].terrain == "forest")
        f["resource symbols"] = sum(self.resources.get(t, 0) for t in held)
        f["resource lands"] = sum(1 for t in held if self.resources.get(t, 0))
        f["kingdom lands"] = sum(1 for t in held if p.force.get(t) in KINGDOMS)
        f["event army lands"] = sum(1 for t in held if p.force.get(t) in EVENT_FORCES)
        f["lands of minor empires, kingdoms and event armies"] = sum(1 for t in held if p.force.get(t) not in ctx.card_epoch
                                                  or p.force.get(t) in KINGDOMS)
        f["score before the turn"] = before
        f["rank before the turn (1 = leader)"] = 1 + sum(1 for s, v in totals.items() if s != p.player and v > before)
        f["behind the leader"] = max(totals.values(), default=0) - before
        f["leader"] = int(before >= max(totals.values(), default=0))
        f["last"] = int(before <= min((v for s, v in totals.items() if s != p.player), default=before))
        f["strength (1993)"] = empire.strength("1993")
        f["navigation (seas and oceans)"] = len(ctx.game.empire_navigation(p.empire))
        f["the card has a capitol"] = int(empire.capitol)
        f["lands taken this turn"] = sum(1 for t in held if prev is None or prev.owner.get(t) != p.player)
        f["lands taken from another player"] = sum(
            1 for t in held if prev is not None and prev.owner.get(t) not in (None, -1, p.player))
        f["lands lost since the player's last turn"] = sum(
            1 for t, q in (own_prev.owner.items() if own_prev else ()) if q == p.player and p.owner.get(t) != p.player)
        f["monuments since the player's last turn"] = p.structures["monument"] - (
            own_prev.structures["monument"] if own_prev else 0)
        f["cards played"] = len(p.cards)
        f["lands the log gives another holder"] = sum(
            1 for t, q in p.owner.items() if p.log_owner.get(t, -1) >= 0 and p.log_owner[t] != q
            and p.player in (q, p.log_owner[t]))
        for what, extra, start in self.hypotheses:  # every hypothesis of classic_log_excess.py, as points
            f[f"hypothesis: {what}"] = extra(ctx, p) if p.epoch >= start else 0
        for card in self.cards:
            f[f"card: {card}"] = int(card in p.cards)
        for r in self.regions:
            mine, best, lv, pts = areas[r]
            f[f"{r}: lands"] = mine
            f[f"{r}: present"] = int(lv >= 0)
            f[f"{r}: dominated"] = int(lv >= 1)
            f[f"{r}: controlled"] = int(lv == 2)
            f[f"{r}: best opponent"] = best
            f[f"{r}: points"] = pts
            for e in range(FROM, 8):  # a cell of the chart: the area at the player's level in one epoch
                for k, level in enumerate(("present", "dominated", "controlled")):
                    f[f"{r}: {level} in Epoch {e}"] = int(lv == k and p.epoch == e)
        for name in [k for k in f if ":" not in k and k not in ("one", "epoch 6", "epoch 7", "leader", "last")]:
            v = f[name]
            f[f"{name} > 0"] = int(v > 0)
            f[f"{name} // 2"] = v // 2
            f[f"{name} // 3"] = v // 3
        return f


# -- the table and the search ----------------------------------------------------------------------------------------
def late_turns(logs: dict[str, list[Position]], clean: bool = False) -> list[Position]:
    """The Epoch V-VII turns; ``clean``: only those played as logged on a running total that was the log's."""
    return [p for ps in logs.values() for p in ps if p.epoch >= FROM and (not clean or is_clean(p))]


def is_clean(p: Position) -> bool:
    return p.as_played and all(q.total == q.log_total for q in p.history[:-1] if q.player == p.player)


def table(feat: Features, ps: Sequence[Position]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(feature names, the features (features x turns), the residuals) of the turns ``ps``; a feature constant over
    the turns (or the same as one before it) is left out."""
    rows = [feat.row(p) for p in ps]
    names, columns, seen = [], [], set()
    for name in rows[0]:
        col = tuple(r[name] for r in rows)
        if name != "one" and (len(set(col)) < 2 or col in seen):
            continue
        seen.add(col)
        names.append(name)
        columns.append(col)
    return names, np.array(columns, dtype=np.int64), np.array([p.off for p in ps], dtype=np.int64)


def columns_of(feat: Features, ps: Sequence[Position], names: Sequence[str]) -> np.ndarray:
    rows = [feat.row(p) for p in ps]
    return np.array([[r.get(n, 0) for r in rows] for n in names], dtype=np.int64)


def search(names: Sequence[str], F: np.ndarray, r: np.ndarray, top: int = 10) -> list[tuple[int, int, Formula]]:
    """The ``top`` formulas (fit, turns at 0 changed, formula) of one feature or two: most turns fit, then fewest
    turns at 0 changed."""
    zero = r == 0
    found: list[tuple[int, int, Formula]] = []
    for i, name in enumerate(names):
        for a in SINGLE_COEFS:
            pred = a * F[i]
            found.append((int((pred == r).sum()), int((zero & (pred != 0)).sum()), ((a, name),)))
    coefs = np.array(COEFS)[:, None, None]
    bF = coefs * F[None, :, :]  # (b, feature, turn)
    for i in range(len(names)):
        for a in COEFS:
            rest = r - a * F[i]
            fit = (bF == rest).sum(axis=2)  # (b, feature)
            fit[:, : i + 1] = -1
            floor = sorted((x[0] for x in found), reverse=True)[top - 1] if len(found) >= top else 0
            for bi, j in zip(*np.nonzero(fit >= max(floor, 1)), strict=True):
                pred = a * F[i] + COEFS[bi] * F[j]
                found.append((int(fit[bi, j]), int((zero & (pred != 0)).sum()),
                              ((a, names[i]), (COEFS[bi], names[j]))))
            if len(found) > 20 * top:
                found = sorted(found, key=lambda x: (-x[0], x[1]))[:top]
    return sorted(found, key=lambda x: (-x[0], x[1]))[:top]


def best_fits(F: np.ndarray, r: np.ndarray) -> tuple[int, int]:
    """(the best fit of one feature, of two) over the whole table: the chance baseline's statistic."""
    single = max(int((a * F == r).sum(axis=1).max()) for a in SINGLE_COEFS)
    coefs = np.array(COEFS)[:, None, None]
    bF = coefs * F[None, :, :]
    pair = max(int((bF == (r - a * F[i])).sum(axis=2).max()) for i in range(len(F)) for a in COEFS)
    return single, pair


def predict(formula: Formula, names: Sequence[str], F: np.ndarray) -> np.ndarray:
    index = {n: i for i, n in enumerate(names)}
    return sum((a * F[index[n]] for a, n in formula), np.zeros(F.shape[1], dtype=np.int64))


def show(formula: Formula) -> str:
    return " ".join(f"{'+' if a > 0 else '-'} {abs(a)}*[{n}]" for a, n in formula).lstrip("+ ")


def turns_as_logged(ctx: Context, logs: dict[str, list[Position]], pred: dict[int, int]) -> tuple[int, int]:
    """(turns gained, turns lost) scored as logged (points and running total) when each late turn adds ``pred``."""
    g, lo, *_ = measure(ctx, logs, lambda c, p: pred.get(id(p), 0))
    return g, lo


def per_card(ps: Sequence[Position], hps: Sequence[Position]) -> None:
    """The mean residual of each empire card on each set of logs, and how the two agree within each epoch."""
    mean = [{k: float(np.mean([p.off for p in q if (p.epoch, p.empire) == k])) for k in {(p.epoch, p.empire)
                                                                                         for p in q}} for q in (ps, hps)]
    for e in range(FROM, 8):
        cards = sorted(k for k in mean[0] if k[0] == e and k in mean[1])
        r = _corr(np.array([[mean[0][k] for k in cards]]), np.array([mean[1][k] for k in cards]))[0]
        print(f"Epoch {e}, each card's mean residual, ten/held out (r {r:+.2f}): "
              + ", ".join(f"{k[1]} {mean[0][k]:+.1f}/{mean[1][k]:+.1f}" for k in cards))


def records(sets: Sequence[tuple[str, Context, dict[str, list[Position]]]]) -> None:
    """Each area record of ``online_areas.json`` (a chart row, a land's areas), re-scored without it on each set of
    logs: the turns scored as logged it gains and loses there."""
    print("each area record of online_areas.json, re-scored without it: the turns scored as logged it gains/loses")
    for (region, epoch), values in sorted(sets[0][1].online_values.items(), key=lambda x: x[0][::-1]):
        def without(c: Context, p: Position, cell: tuple[str, int] = (region, epoch)) -> int:
            if p.epoch != cell[1]:
                return 0
            kept, now = c.online_values, c.area_points(p)
            c.online_values = {k: v for k, v in kept.items() if k != cell}
            try:
                return c.area_points(p) - now
            finally:
                c.online_values = kept
        print(f"  {region}, Epoch {epoch}, {values}: " + "; ".join(
            "{} +{}/-{}".format(name, *_record(c, logs, without)) for name, c, logs in sets))
    for land in sorted(sets[0][1].moved):
        def elsewhere(c: Context, p: Position, land: str = land) -> int:
            trial = {k: v for k, v in c.moved.items() if k != land}
            return c.area_points(p, moved=trial) - c.area_points(p) if land in p.owner else 0
        print(f"  {land}'s areas: " + "; ".join(
            "{} +{}/-{}".format(name, *_record(c, logs, elsewhere)) for name, c, logs in sets))


def _record(ctx: Context, logs: dict[str, list[Position]], without: Any) -> tuple[int, int]:
    """(gained, lost) of a record: the turns its removal loses and gains, over every epoch."""
    g, lo, *_ = measure(ctx, logs, without, start=1)
    return lo, g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shuffles", type=int, default=0, help="runs of the search on shuffled residuals")
    ap.add_argument("--random", type=int, default=200, help="random formulas of the held-out baseline")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--power", type=int, default=0, help="trials of a feature planted on the shuffled residuals")
    ap.add_argument("--clean", action="store_true", help="only the turns whose position is most likely the log's")
    ap.add_argument("--records", action="store_true", help="only each area record's turns on both sets of logs")
    ap.add_argument("--table", type=Path, help="write the late-turn table of both sets here (tab-separated)")
    ap.add_argument("--cross", type=int, default=0,
                    help="splits of the held-out logs: fit the late chart on the ten and half of them, judge it on "
                         "the other half")
    args = ap.parse_args(argv)
    if args.cross:
        cross(args.cross)
        return 0
    ctx, logs = positions()
    hctx, hlogs = positions(sorted(HELDOUT.glob("*.txt")))
    if args.records:
        records([("the ten logs", ctx, logs), ("the held-out logs", hctx, hlogs)])
        return 0
    ps, hps = late_turns(logs, args.clean), late_turns(hlogs, args.clean)
    cards = sorted({c for p in ps for c in p.cards})
    feat, hfeat = Features(ctx, cards), Features(hctx, cards)
    names, F, r = table(feat, ps)
    H, hr = columns_of(hfeat, hps, names), np.array([p.off for p in hps], dtype=np.int64)
    if args.table:
        with args.table.open("w", encoding="utf-8") as out:
            out.write("\t".join(["set", "log", "line", "epoch", "empire", "residual", *names]) + "\n")
            for which, turns, cols in (("ten", ps, F), ("held-out", hps, H)):
                for k, p in enumerate(turns):
                    out.write("\t".join([which, p.log, str(p.line), str(p.epoch), p.empire, str(p.off),
                                         *(str(v) for v in cols[:, k])]) + "\n")
    print(f"Epoch V-VII turns: {len(ps)} in the ten logs ({int((r == 0).sum())} at residual 0), {len(hps)} held "
          f"out ({int((hr == 0).sum())} at 0); {len(names)} features")
    print("the best formulas on the ten logs (fit: late turns whose residual it gives; changed: turns at 0 it moves), "
          "and the same formula on the held-out logs (fit there against the engine's; turns scored as logged "
          "gained/lost):")
    best = search(names, F, r, args.top)
    base_ten, base_held = int((r == 0).sum()), int((hr == 0).sum())
    hfits = []
    for fit, changed, formula in best:
        pred, hpred = predict(formula, names, F), predict(formula, names, H)
        g, lo = turns_as_logged(ctx, logs, {id(p): int(v) for p, v in zip(ps, pred, strict=True)})
        hg, hlo = turns_as_logged(hctx, hlogs, {id(p): int(v) for p, v in zip(hps, hpred, strict=True)})
        hfit = int((hpred == hr).sum())
        hfits.append(hfit - base_held)
        print(f"  ten {fit:3d} ({fit - base_ten:+d}, changed {changed:2d}; as logged +{g}/-{lo})  held out "
              f"{hfit:3d} ({hfit - base_held:+d}; as logged +{hg}/-{hlo})  {show(formula)}")
    consts = {c: int((hr == c).sum()) - base_held for c in range(-2, 4)}
    print("held-out reference, the same constant added to every late turn: "
          + ", ".join(f"{c:+d}: {g:+d}" for c, g in consts.items()))
    rng = random.Random(15)
    if args.random:
        gains = []
        for _ in range(args.random):
            size = rng.choice((1, 2))
            formula = tuple((rng.choice(COEFS), rng.choice(names)) for _ in range(size))
            gains.append(int((predict(formula, names, H) == hr).sum()) - base_held)
        gains.sort()
        print(f"held-out baseline, {args.random} random formulas of one or two features: gain over the engine's "
              f"{base_held} median {gains[len(gains) // 2]:+d}, best {gains[-1]:+d}, 90th percentile "
              f"{gains[int(0.9 * len(gains))]:+d}; the ten best above: {sorted(hfits, reverse=True)}")
    if args.shuffles:
        runs = []
        for _ in range(args.shuffles):
            shuffled = r.copy()
            np.random.default_rng(rng.randrange(2**32)).shuffle(shuffled)
            runs.append(best_fits(F, shuffled))
        single, pair = best_fits(F, r)
        print(f"chance baseline, {args.shuffles} shuffles of the ten logs' residuals among their late turns: the best "
              f"single feature fits {sorted(s for s, _ in runs)} (the real residuals: {single}), the best pair "
              f"{sorted(p for _, p in runs)} (real: {pair})")
    if args.power:
        power(names, F, r, np.random.default_rng(rng.randrange(2**32)), args.power)
    per_card(ps, hps)
    correlations(names, F, r, H, hr, rng, args.shuffles, args.top)
    ridge(names, F, r, H, hr, rng, args.shuffles, args.top)
    cells = [i for i, n in enumerate(names) if " in Epoch " in n]
    d = chart_l1(F[cells], r)
    moved = {names[cells[j]]: int(d[j]) for j in np.nonzero(d)[0]}
    print(f"a whole late chart fitted to the ten logs (each cell -3..+3, least absolute error; {len(moved)} cells "
          f"moved): fits {int((d @ F[cells] == r).sum())} of the ten's {len(r)} late turns "
          f"(absolute error {int(np.abs(r - d @ F[cells]).sum())}, the engine's {int(np.abs(r).sum())}); on the "
          f"held-out logs {int((d @ H[cells] == hr).sum())} (absolute error {int(np.abs(hr - d @ H[cells]).sum())}; "
          f"the engine's {int((hr == 0).sum())} and {int(np.abs(hr).sum())}, 1 added to every turn "
          f"{int((hr == 1).sum())} and {int(np.abs(hr - 1).sum())}); each move alone, turns as logged:")
    for j in np.nonzero(d)[0]:
        g = [turns_as_logged(c, L, {id(p): int(d[j] * x) for p, x in zip(q, M[cells[j]], strict=True)})
             for c, L, q, M in ((ctx, logs, ps, F), (hctx, hlogs, hps, H))]
        print(f"  {names[cells[j]]} {int(d[j]):+d}: ten +{g[0][0]}/-{g[0][1]}, held out +{g[1][0]}/-{g[1][1]}")
    return 0


def cross(splits: int, seed: int = 15) -> list[dict[str, tuple[int, int]]]:
    """The late chart fitted (``chart_l1``) on more logs than the ten: the ten and 15 of the 31 held-out logs, drawn
    at random, and judged on the other 16, against the engine's chart, one point added to every late turn, each
    epoch's median residual (of the fitting logs) added, and each empire card's; ``splits`` draws. Per split and
    predictor: (late turns whose residual it gives exactly, the sum of the absolute residuals left)."""
    from collections import defaultdict

    held, ten = sorted(HELDOUT.glob("*.txt")), sorted(LOGS.glob("*.txt"))
    rng, out = random.Random(seed), []
    for split in range(splits):
        drawn = held[:]
        rng.shuffle(drawn)
        (fctx, flogs), (jctx, jlogs) = positions(ten + drawn[:15]), positions(drawn[15:])
        ps, jps = late_turns(flogs), late_turns(jlogs)
        cards = sorted({c for p in ps for c in p.cards})
        names, F, r = table(Features(fctx, cards), ps)
        J, jr = columns_of(Features(jctx, cards), jps, names), np.array([p.off for p in jps], dtype=np.int64)
        cells = [i for i, n in enumerate(names) if " in Epoch " in n]
        d = chart_l1(F[cells], r)
        by_epoch, by_card = defaultdict(list), defaultdict(list)
        for p, x in zip(ps, r, strict=True):
            by_epoch[p.epoch].append(int(x))
            by_card[p.empire].append(int(x))
        med = {k: int(round(float(np.median(v)))) for k, v in {**by_epoch, **by_card}.items()}
        preds = {"the engine's chart": np.zeros_like(jr), "one point more": np.ones_like(jr),
                 "each epoch's median": np.array([med.get(p.epoch, 0) for p in jps]),
                 "each card's median": np.array([med.get(p.empire, 0) for p in jps]),
                 "the fitted chart": d @ J[cells]}
        scores = {k: (int((v == jr).sum()), int(np.abs(jr - v).sum())) for k, v in preds.items()}
        out.append(scores)
        print(f"split {split + 1}: fitted on {len(ps)} late turns of {10 + 15} logs ({int((d != 0).sum())} cells "
              f"moved), judged on {len(jr)} of {len(drawn) - 15} logs: "
              + "; ".join(f"{k} {a} exact, error {e}" for k, (a, e) in scores.items()))
    return out


def chart_l1(X: np.ndarray, r: np.ndarray, rounds: int = 10) -> np.ndarray:
    """Integer changes -3..+3 of the chart cells (rows of ``X``: a cell's 0/1 per turn) that make the sum of the
    turns' absolute residuals least, one cell at a time (the smaller change on a tie) until none moves."""
    d = np.zeros(len(X), dtype=np.int64)
    for _ in range(rounds):
        moved = False
        for j in range(len(X)):
            rest = r - d @ X + d[j] * X[j]
            best = min(range(-3, 4), key=lambda v: (int(np.abs(rest - v * X[j]).sum()), abs(v)))
            moved |= best != d[j]
            d[j] = best
        if not moved:
            break
    return d


def power(names: Sequence[str], F: np.ndarray, r: np.ndarray, gen: np.random.Generator, trials: int) -> None:
    """Whether the search would see a real rule: a random feature added to the residuals shuffled among the turns
    (so that it gives the points of as many turns as the engine does now), then the search's best formula."""
    found, fits = 0, []
    for _ in range(trials):
        i = int(gen.integers(1, len(names)))
        noise = r.copy()
        gen.shuffle(noise)
        fit, _changed, formula = search(names, F, F[i] + noise, top=1)[0]
        found += any(n == names[i] for _a, n in formula)
        fits.append(fit)
    print(f"power: a feature planted on the shuffled residuals ({trials} trials) is in the best formula {found} "
          f"times, which fits {sorted(fits)} turns")


def ridge_fit(F: np.ndarray, r: np.ndarray, H: np.ndarray, lam: float = 300.0) -> tuple[np.ndarray, np.ndarray]:
    """(the weights of the standardised features, the prediction for the turns of ``H``) of a ridge regression of
    ``r`` on every feature of ``F`` at once (penalty ``lam``)."""
    X, Xh = F.T.astype(float), H.T.astype(float)
    mu, sd = X.mean(axis=0), X.std(axis=0) + 1e-9
    Z, Zh = (X - mu) / sd, (Xh - mu) / sd
    w = np.linalg.solve(Z.T @ Z + lam * np.eye(Z.shape[1]), Z.T @ (r - r.mean()))
    return w, Zh @ w + r.mean()


def ridge(names: Sequence[str], F: np.ndarray, r: np.ndarray, H: np.ndarray, hr: np.ndarray,
          rng: random.Random, shuffles: int, top: int) -> None:
    """Every feature at once: a ridge regression fitted on the ten logs, its prediction's correlation with the
    held-out residuals and its rounded prediction's fit there (against 0 and the ten logs' mean, rounded)."""
    w, pred = ridge_fit(F, r, H)
    flat = int(round(float(r.mean())))
    mse, flat_mse = float(((hr - pred) ** 2).mean()), float(((hr - hr.mean()) ** 2).mean())
    print(f"every feature at once (ridge regression fitted on the ten logs): on the held-out logs r "
          f"{_corr(pred[None, :], hr)[0]:+.2f}, mean squared error {mse:.2f} (the held-out logs' own mean: "
          f"{flat_mse:.2f}); the rounded prediction fits {int((np.rint(pred) == hr).sum())} turns (0: "
          f"{int((hr == 0).sum())}, {flat:+d} everywhere: {int((hr == flat).sum())}); the largest weights: "
          + "; ".join(f"{names[i]} {w[i]:+.2f}" for i in np.argsort(-np.abs(w))[:top]))
    epoch, hepoch = F[names.index("epoch - 4")], H[names.index("epoch - 4")]
    r_in, hr_in = within_epochs(r, epoch), within_epochs(hr, hepoch)
    board = [i for i, n in enumerate(names) if n.startswith("hypothesis: the board as the log's lines")]
    alone = _corr(ridge_fit(F[board], r_in, H[board])[1][None, :], hr_in)[0]
    print(f"  with each epoch's mean taken out of the residuals: held-out r "
          f"{_corr(ridge_fit(F, r_in, H)[1][None, :], hr_in)[0]:+.2f}; the log's board alone {alone:+.2f}")
    if shuffles:
        runs = []
        for _ in range(shuffles):
            shuffled = r.copy()
            np.random.default_rng(rng.randrange(2**32)).shuffle(shuffled)
            runs.append(float(_corr(ridge_fit(F, shuffled, H)[1][None, :], hr)[0]))
        print(f"chance baseline: the same regression fitted on shuffled residuals, r on the held-out logs: "
              + ", ".join(f"{x:+.2f}" for x in sorted(runs)))


def within_epochs(r: np.ndarray, epoch: np.ndarray) -> np.ndarray:
    """``r`` less the mean of its epoch's turns."""
    return r - np.array([r[epoch == e].mean() for e in epoch])


def _corr(F: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The correlation of each feature (row of ``F``) with ``r`` (0 for a feature constant over the turns)."""
    x = F - F.mean(axis=1, keepdims=True)
    y = r - r.mean()
    den = np.sqrt((x * x).sum(axis=1) * (y * y).sum())
    return np.divide((x * y).sum(axis=1), den, out=np.zeros(len(F)), where=den > 0)


def correlations(names: Sequence[str], F: np.ndarray, r: np.ndarray, H: np.ndarray, hr: np.ndarray,
                 rng: random.Random, shuffles: int, top: int) -> None:
    """The features most correlated with the residual on the ten logs, their correlation on the held-out logs,
    and (with ``shuffles``) the largest correlation shuffled residuals give."""
    c, hc = _corr(F, r), _corr(H, hr)
    order = np.argsort(-np.abs(c))[:top]
    print("the features most correlated with the residual on the ten logs (r there; r on the held-out logs):")
    for i in order:
        print(f"  {c[i]:+.2f}  held out {hc[i]:+.2f}  {names[i]}")
    both = sorted(range(len(names)), key=lambda i: -min(abs(c[i]), abs(hc[i])) if c[i] * hc[i] > 0 else 0)[:top]
    print("the features correlated the same way on both sets, by the smaller of the two: "
          + "; ".join(f"{names[i]} {c[i]:+.2f}/{hc[i]:+.2f}" for i in both))
    if shuffles:
        runs = []
        for _ in range(shuffles):
            shuffled = r.copy()
            np.random.default_rng(rng.randrange(2**32)).shuffle(shuffled)
            runs.append(float(np.abs(_corr(F, shuffled)).max()))
        print(f"chance baseline: the largest |r| of any feature with shuffled residuals, {shuffles} shuffles: "
              + ", ".join(f"{x:.2f}" for x in sorted(runs)))


if __name__ == "__main__":
    sys.exit(main())
