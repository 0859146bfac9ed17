"""How strong each kept online-data fit is: a chance baseline over every candidate of its kind.

    .venv/bin/python scripts/classic_log_baseline.py              # area values and lands' areas (re-scored)
    .venv/bin/python scripts/classic_log_baseline.py --capitols  # and the capitols (replayed, about a minute)

A record of ``hotw/data/classic/online_areas.json`` was kept because it gains turns scored as logged and loses few
or none over the ten game logs. When many hypotheses of one kind are screened, some gain a few turns with no loss by
chance. For each kept record this prints its own gain and loss (the replay with the record, against the same replay
without it) and how many candidates of its kind do at least as well (gain as many turns or more, lose as many or
fewer), each candidate measured against the replay as it is (all records in):

- **an area value**: one cell of the chart (an area, an epoch, presence, dominance or control) set to any value from
  0 to 12 other than the one the replay uses;
- **a land's area**: one land counted, for its holder, in one other area as well (as Danubia, the Tarim Basin and
  the Manchurian Plain count under the online options).

Neither kind of change alters the play (area values and the area a land counts in only score), so every turn is
re-scored from the board as it stood when the turn scored, not replayed, exactly as ``classic_log_differences.py
measure`` rescores its area values. A turn is scored as logged when its points and its player's running total are
the log's.

A capitol changes the play (a capitol is defended and reduced), so the third kind is replayed, not re-scored:

- **a capitol**: one empire whose card has none founding one in its start land, as the Seljuk Turks do under
  ``online_capitols`` (``online_capitols.json``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "classic-logs"
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
LEVELS = ("presence", "dominance", "control")
VALUES = range(13)  # the area values a candidate may take


@dataclass(frozen=True)
class Turn:
    """One scored turn: whose, its points and total in the log, and the engine's points as replayed."""

    player: int
    points: int
    log_points: int
    log_total: int


def tally(logs: Iterable[Sequence[Turn]], new_points: Callable[[int, int, Turn], int]) -> tuple[int, int]:
    """(turns gained, turns lost) when each turn scores ``new_points(log index, turn index, turn)`` instead.

    A turn is scored as logged when its points are the log's and so is its player's running total (summed over that
    log's turns in order, from 0)."""
    gained = lost = 0
    for i, turns in enumerate(logs):
        before: dict[int, int] = {}
        after: dict[int, int] = {}
        for j, t in enumerate(turns):
            p = new_points(i, j, t)
            before[t.player] = before.get(t.player, 0) + t.points
            after[t.player] = after.get(t.player, 0) + p
            was = t.points == t.log_points and before[t.player] == t.log_total
            now = p == t.log_points and after[t.player] == t.log_total
            gained += now and not was
            lost += was and not now
    return gained, lost


def as_good(gain: int, loss: int, candidates: Iterable[tuple[int, int]]) -> int:
    """How many candidates (gained, lost) gain at least ``gain`` turns and lose at most ``loss``."""
    return sum(g >= gain and lo <= loss for g, lo in candidates)


# -- the replay, with the board of every scoring kept ------------------------------------------------------------
@dataclass
class Snapshot:
    """What a turn's score is computed from, so that it can be computed again under other area data."""

    player: int
    epoch: int
    counts: dict[str, list[int]]
    holders: dict[str, int]
    values: dict[str, tuple[int, int, int]]
    structures: dict[str, int]
    game: Any


def replay_with_snapshots(files: Sequence[Path] | None = None) -> dict[str, tuple[Any, list[Snapshot]]]:
    """Log name -> (its replay under the online options, a snapshot per scored turn in order)."""
    import hotw
    from hotw.rulesets.classic import turn as turn_mod
    from hotw.rulesets.classic.links import online_area_values

    taken: list[Snapshot] = []
    original = turn_mod.EmpireTurn.score_breakdown

    def score_breakdown(self: Any, p: int) -> Any:
        held = [t for t, q in self.owner.items() if q == p]
        structures = {"capitol": 0, "city": 0, "monument": 0}
        for t in held:
            if self.structures.get(t):
                structures[self.structures[t]] += 1
            structures["monument"] += self.monuments.get(t, 0)
        values = {r: c.values(self.epoch) for r, c in self.content.areas.items()}
        values.update({r: v for (r, e), v in online_area_values(self.board).items() if e == self.epoch})
        taken.append(Snapshot(p, self.epoch, {r: list(c) for r, c in self.owner.counts.items()},
                              dict(self.owner.items()), values, structures, self))
        return original(self, p)

    out = {}
    turn_mod.EmpireTurn.score_breakdown = score_breakdown  # type: ignore[method-assign]
    try:
        for f in files or sorted(LOGS.glob("*.txt")):
            taken.clear()
            replay = hotw.import_log(f)
            snaps = [s for s in taken]
            # a turn's score is the last breakdown asked for before it is recorded; keep one per scored turn
            scored = [ts[3] for ts in replay.game.turn_scores]
            out[f.name] = (replay, _match(snaps, scored))
    finally:
        turn_mod.EmpireTurn.score_breakdown = original  # type: ignore[method-assign]
    return out


def _match(snaps: list[Snapshot], scored: list[Any]) -> list[Snapshot]:
    """The snapshot of each scored turn: breakdowns are also asked for outside scoring (the view)."""
    out, k = [], 0
    for bd in scored:
        while snaps[k].player != bd.player or rescore(snaps[k]) != bd.total:
            k += 1
        out.append(snaps[k])
        k += 1
    return out


def rescore(s: Snapshot, values: Mapping[str, tuple[int, int, int]] | None = None,
            moved: Mapping[str, tuple[Sequence[str], Sequence[str]]] | None = None) -> int:
    """The turn's points with ``values`` (area -> its three values this epoch) and ``moved`` (land -> the areas it
    counts in for its holder, and for the others) in place of the online data."""
    from hotw.rulesets.classic.links import online_land_areas
    from hotw.rulesets.classic.scoring import breakdown, counts_seen_by

    g = s.game
    moved = online_land_areas(g.board) if moved is None else moved
    home = {t: g.board.spaces[t].region for t in moved}
    counts = counts_seen_by(s.player, s.counts, s.holders, home, moved)
    return breakdown(s.player, counts, g._region_names, {**s.values, **(values or {})}, g._region_sizes,
                     s.structures, g.opts["structure_points"], g.opts["area_rule"]).total


# -- the two kinds of change -------------------------------------------------------------------------------------
def area_effects(logs: list[list[Turn]], snaps: list[list[Snapshot]]) -> dict[tuple[str, int, int, int], tuple[int, int]]:
    """(area, epoch, level, value) -> (gained, lost) for every single cell set to every other value."""
    # the level each turn's player stands at in each area (only scoring areas change with a value)
    where = [[{r: lvl for r, lvl in _levels(s).items()} for s in ss] for ss in snaps]
    areas = sorted(snaps[0][0].values)
    out = {}
    for area in areas:
        for epoch in range(1, 8):
            now = next((s.values[area] for ss in snaps for s in ss if s.epoch == epoch), None)
            if now is None:
                continue
            for level in range(3):
                for value in VALUES:
                    if value == now[level]:
                        continue
                    delta = value - now[level]
                    out[area, epoch, level, value] = tally(logs, lambda i, j, t: t.points + (
                        delta if snaps[i][j].epoch == epoch and where[i][j].get(area) == level else 0))
    return out


def chart_effects(logs: list[list[Turn]], snaps: list[list[Snapshot]]
                  ) -> dict[tuple[str, int, tuple[int, int, int]], tuple[int, int]]:
    """(area, epoch, values) -> (gained, lost) for one area's three values in one epoch set to any presence <=
    dominance <= control from 0 to 12 other than the replay's (the kind of the kept records, which set two or three
    cells at once)."""
    where = [[_levels(s) for s in ss] for ss in snaps]
    triples = [(a, b, c) for a in VALUES for b in VALUES for c in VALUES if a <= b <= c]
    out = {}
    for area in sorted(snaps[0][0].values):
        for epoch in range(1, 8):
            now = next((s.values[area] for ss in snaps for s in ss if s.epoch == epoch), None)
            if now is None:
                continue
            hit = [[where[i][j].get(area) if s.epoch == epoch else None for j, s in enumerate(ss)]
                   for i, ss in enumerate(snaps)]
            for new in triples:
                if new == tuple(now):
                    continue
                delta = [n - o for n, o in zip(new, now)]
                out[area, epoch, new] = tally(logs, lambda i, j, t: t.points + (
                    0 if hit[i][j] is None else delta[hit[i][j]]))
    return out


def _levels(s: Snapshot) -> dict[str, int]:
    """Area -> the level (0-2) the turn's player stands at there, for the areas where they have lands."""
    from hotw.rulesets.classic.links import online_land_areas
    from hotw.rulesets.classic.scoring import breakdown, counts_seen_by

    g = s.game
    moved = online_land_areas(g.board)
    home = {t: g.board.spaces[t].region for t in moved}
    counts = counts_seen_by(s.player, s.counts, s.holders, home, moved)
    bd = breakdown(s.player, counts, g._region_names, s.values, g._region_sizes, s.structures,
                   g.opts["structure_points"], g.opts["area_rule"])
    ids = {name: r for r, name in g._region_names.items()}
    return {ids[r.name]: r.level for r in bd.regions if r.armies and r.level >= 0}


def land_effects(logs: list[list[Turn]], snaps: list[list[Snapshot]]) -> dict[tuple[str, str], tuple[int, int]]:
    """(land, area) -> (gained, lost) for every land counted, for its holder, in one other area as well."""
    from hotw.rulesets.classic.links import online_land_areas

    board = snaps[0][0].game.board
    moved = online_land_areas(board)
    lands = sorted(t for t, sp in board.spaces.items() if sp.region in board.regions)
    out = {}
    for land in lands:
        home = board.spaces[land].region
        mine, others = moved.get(land, ((home,), (home,)))
        for area in sorted(board.regions):
            if area == home or area in mine:
                continue
            trial = {**moved, land: (tuple(mine) + (area,), tuple(others))}
            out[land, area] = tally(logs, lambda i, j, t: rescore(snaps[i][j], moved=trial)
                                    if snaps[i][j].holders.get(land) == snaps[i][j].player else t.points)
    return out


def record_effects(logs: list[list[Turn]], snaps: list[list[Snapshot]]) -> list[tuple[str, str, int, int]]:
    """Each kept record of online_areas.json: (id, kind, gained, lost) against the replay without it."""
    import json

    from hotw.rulesets.classic.links import AREAS_FILE, online_land_areas

    data = json.loads(AREAS_FILE.read_text(encoding="utf-8"))
    board = snaps[0][0].game.board
    out = []
    for rec in data["area_values"]:
        area, epoch = rec["region"], rec["epoch"]
        chart = next(s.game.content.areas[area].values(epoch) for ss in snaps for s in ss)
        g, lo = tally(logs, lambda i, j, t: rescore(snaps[i][j], values={area: chart})
                      if snaps[i][j].epoch == epoch else t.points)
        out.append((rec["id"], "area value", lo, g))  # the record's gain is what removing it loses
    moved = online_land_areas(board)
    for rec in data["land_areas"]:
        land = rec["land"]
        without = {k: v for k, v in moved.items() if k != land}
        g, lo = tally(logs, lambda i, j, t: rescore(snaps[i][j], moved=without)
                      if land in snaps[i][j].holders else t.points)
        out.append((rec["id"], "land's area", lo, g))
    return out


def capitol_effects(replays: Mapping[str, Any]) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """(each record of online_capitols.json -> its (gained, lost) against the replay without it, each empire whose
    card has no capitol and no record -> (gained, lost) with one), every log replayed under the online options."""
    import hotw
    from hotw.rulesets.classic import game as game_mod

    first = next(iter(replays.values()))
    board, content = first.game.board, first.game.content
    kept = game_mod.online_capitols(board)
    original = game_mod.online_capitols

    def effect(empires: frozenset[str]) -> tuple[int, int]:
        game_mod.online_capitols = lambda _board: empires  # type: ignore[assignment]
        try:
            gained = lost = 0
            for name, base in replays.items():
                other = hotw.import_log(LOGS / name)
                for x, y in zip(base.checks, other.checks):
                    gained += y.matches and not x.matches
                    lost += x.matches and not y.matches
            return gained, lost
        finally:
            game_mod.online_capitols = original

    records = {}
    for card in sorted(kept):
        lost, gained = effect(kept - {card})  # the record's gain is what the replay without it loses
        records[card] = gained, lost
    others = {e: effect(kept | {e}) for e, card in sorted(content.empires.items())
              if not card.capitol and e not in kept}
    return records, others


def _name(key: tuple[Any, ...]) -> str:
    if len(key) == 4:
        area, epoch, level, value = key
        return f"{area} {ROMAN[epoch]} {LEVELS[level]} {value}"
    if len(key) == 3:
        area, epoch, values = key
        return f"{area} {ROMAN[epoch]} {list(values)}"
    return f"{key[0]} in {key[1]}"


def main() -> int:
    replays = replay_with_snapshots()
    logs = [[Turn(c.player, c.points, c.log_points, c.log_total) for c in r.checks] for r, _s in replays.values()]
    snaps = [s for _r, s in replays.values()]
    for turns, ss in zip(logs, snaps):  # the re-scorer gives the replay's own points, turn by turn
        assert len(turns) == len(ss) and all(rescore(s) == t.points for t, s in zip(turns, ss))
    areas, charts, lands = area_effects(logs, snaps), chart_effects(logs, snaps), land_effects(logs, snaps)
    pools = {"area value": [(areas, "single-cell changes of an area value"),
                            (charts, "changes of one area's three values in one epoch")],
             "land's area": [(lands, "lands counted in one other area as well")]}
    for rid, kind, g, lo in record_effects(logs, snaps):
        for cands, what in pools[kind]:
            better = [_name(k) for k, (cg, cl) in cands.items() if cg >= g and cl <= lo]
            print(f"{rid}: +{g}/-{lo}; {len(better)} of {len(cands)} {what} do as well"
                  + (f": {', '.join(better[:8])}" + (" ..." if len(better) > 8 else "") if better else ""))
    if "--capitols" in sys.argv:
        records, others = capitol_effects({n: r for n, (r, _s) in replays.items()})
        for card, (g, lo) in records.items():
            better = [e for e, (cg, cl) in others.items() if cg >= g and cl <= lo]
            print(f"{card} (capitol): +{g}/-{lo}; {len(better)} of {len(others)} empires without a capitol on their "
                  f"card, given one, do as well{': ' + ', '.join(better) if better else ''}")
        print("capitols: " + ", ".join(f"{e} +{g}/-{lo}" for e, (g, lo) in others.items()))
    for kind, pool in pools.items():
        for cands, what in pool:
            best = sorted(cands.items(), key=lambda kv: (kv[1][1] - kv[1][0], kv[1][1]))[:5]
            print(f"{what}: {as_good(1, 0, cands.values())} gain a turn and lose none; "
                  f"how many gain n turns and lose none: "
                  f"{ {n: as_good(n, 0, cands.values()) for n in range(1, 7)} }; the best: "
                  + ", ".join(f"{_name(k)} +{g}/-{lo}" for k, (g, lo) in best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
