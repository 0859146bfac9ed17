"""The Epoch V-VII excess of the classic game logs: each turn's log-minus-engine points, and what they track.

    .venv/bin/python scripts/classic_log_excess.py            # the residual table and every hypothesis's figures
    .venv/bin/python scripts/classic_log_excess.py --areas    # and every land moved to another area (30 s of CPU)
    .venv/bin/python scripts/classic_log_excess.py LOG...     # the same over other logs of the online game

From Epoch V on the logs mostly score 1-4 points more than the engine (docs/rules-classic.md, section 5, "The Epoch
V-VII excess"). This replays the ten logs of tests/data/classic-logs/ under ONLINE_OPTIONS, as ``hotw import-log``
does, and keeps the position at each scored turn: who holds each land and with which force, the capitols, cities
and monuments, the fleets and coins of the acting empire at its score, the event cards played. Then:

- **the residual table**: per epoch, how many turns score each log-minus-engine difference; how many of the turns
  whose player's running total is still the log's before the turn, and whose lines were all played as logged, are
  off; per empire card, the difference in each log;
- **each hypothesis** (a number of points a turn would score on top of the engine's, from Epoch V unless it says
  otherwise): the turns scored as logged it gains and loses over the ten logs (points and running total, as
  ``classic_log_baseline.py`` counts them), how many of the Epoch V-VII turns whose points are off it makes the
  log's ("explains"), how many whose points are the log's it changes ("disturbs"), and its correlation with the
  difference.

Nothing changes the play: each hypothesis re-scores the positions kept (checked first against every turn's points).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import correlation
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from classic_log_baseline import Turn, tally  # noqa: E402

from hotw.rulesets.classic.logparse import holdings  # noqa: E402

LOGS = ROOT / "tests" / "data" / "classic-logs"
FROM = 5  # the first epoch of the excess
KINGDOMS = ("Canaanites", "Etruscans", "Kush", "Tiahuanaco", "Mali", "Thai", "Zimbabwe")
EVENT_FORCES = ("Barbarians", "Migrants", "Rebels", "Crusade", "Jewish Revolt")


@dataclass
class Position:
    """One scored turn: the log's and the engine's points, and the board the engine scored."""

    log: str
    line: int
    epoch: int
    player: int
    empire: str
    cards: list[str]
    points: int
    total: int
    log_points: int
    log_total: int
    as_played: bool  # every line of the turn was played as logged
    owner: dict[str, int]
    force: dict[str, str]
    structures: dict[str, int]  # "capitol" / "city" / "monument" -> how many the player holds
    seas: set[str]  # the seas and oceans the acting empire still has a fleet on when it scores
    coins: int
    players: int
    log_owner: dict[str, int] = field(default_factory=dict)  # who holds each land, followed through the log's lines
    history: list[Position] = field(default_factory=list, repr=False)  # the log's turns up to this one

    @property
    def off(self) -> int:  # log minus engine, the turn's own points
        return self.log_points - self.points

    def held(self) -> list[str]:  # the player's lands
        return [t for t, q in self.owner.items() if q == self.player]


class Context:
    """The board, cards and online data the rescorer reads (one replayed game's)."""

    def __init__(self, game: Any) -> None:
        from hotw.rulesets.classic.links import online_area_values, online_coasts, online_land_areas

        self.game, self.board, self.content = game, game.board, game.content
        self.moved = online_land_areas(self.board)
        self.online_values = online_area_values(self.board)
        self.coasts: dict[str, set[str]] = {w: set(s.coasts) for w, s in self.board.spaces.items()
                                            if s.kind in ("sea", "ocean")}
        for land, sea in online_coasts(self.board):
            self.coasts[sea].add(land)
        self.seas = {w for w, s in self.board.spaces.items() if s.kind == "sea"}
        self.card_epoch = {e.name: e.epoch for e in self.content.empires.values()}

    def values(self, epoch: int) -> dict[str, tuple[int, int, int]]:
        out = {r: c.values(epoch) for r, c in self.content.areas.items()}
        out.update({r: v for (r, e), v in self.online_values.items() if e == epoch})
        return out

    def area_points(self, p: Position, owner: dict[str, int] | None = None,
                    level: Callable[[int, int, int], int] | None = None,
                    moved: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None) -> int:
        """The areas' points of ``p``'s player with ``owner`` (land -> seat), ``level`` (mine, best opponent, the
        area's lands -> 0, 1, 2 or -1) and ``moved`` (land -> the areas it counts in for its holder, and for the
        others) in place of the position's, the summary's and the online data's."""
        from hotw.rulesets.classic.scoring import counts_seen_by
        from hotw.scoring import level_index

        owner = p.owner if owner is None else owner
        counts = {r: [0] * p.players for r in self.board.regions}
        for t, q in owner.items():
            region = self.board.spaces[t].region
            if q is not None and q >= 0 and region in counts:
                counts[region][q] += 1
        moved = self.moved if moved is None else moved
        counts = counts_seen_by(p.player, counts, owner, {t: self.board.spaces[t].region for t in moved}, moved)
        values, total = self.values(p.epoch), 0
        for region, c in counts.items():
            mine = c[p.player]
            best = max((v for i, v in enumerate(c) if i != p.player), default=0)
            lv = level(mine, best, self.game._region_sizes.get(region, 0)) if level else level_index(mine, best)
            total += values.get(region, (0, 0, 0))[lv] if lv >= 0 and mine else 0
        return total

    def structure_points(self, p: Position) -> int:
        pts = self.game.opts["structure_points"]
        return sum(p.structures[k] * pts[i] for i, k in enumerate(("capitol", "city", "monument")))


# -- the replay, keeping each scored turn's position ---------------------------------------------------------------
def positions(files: Sequence[Path] | None = None) -> tuple[Context, dict[str, list[Position]]]:
    """The context and, per log, the position of every scored turn in order (the rescorer checked on each)."""
    from hotw.board import load_board
    from hotw.rulesets import get_ruleset
    from hotw.rulesets.classic import logreplay
    from hotw.rulesets.classic import turn as turn_mod
    from hotw.rulesets.classic.cardcheck import load_content
    from hotw.rulesets.classic.logparse import parse_log

    at_score: list[tuple[set[str], int]] = []
    original = turn_mod.EmpireTurn._score_turn

    def _score_turn(self: Any) -> None:
        at_score.append((set(self.fleets), self.coins))
        original(self)

    class Recorder(logreplay._Driver):  # type: ignore[misc,name-defined]
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            self.kept: list[dict[str, Any]] = []

        def _check(self, turn: Any) -> None:
            super()._check(turn)
            g, c = self.game, self.checks[-1]
            held = [t for t, q in g.owner.items() if q == c.player]
            structures = {"capitol": 0, "city": 0, "monument": 0}
            for t in held:
                if g.structures.get(t):
                    structures[g.structures[t]] += 1
                structures["monument"] += g.monuments.get(t, 0)
            seas, coins = at_score[-1]
            self.kept.append(dict(line=c.line, epoch=c.epoch, player=c.player, empire=c.empire, cards=list(turn.cards),
                                  points=c.points, total=c.total, log_points=c.log_points, log_total=c.log_total,
                                  first=turn.play.line, owner=dict(g.owner.items()), force=dict(g.land_force),
                                  structures=structures, seas=seas, coins=coins, players=len(g.score)))

    board = load_board(get_ruleset("classic").board_path())
    content = load_content(board)
    out: dict[str, list[Position]] = {}
    ctx = None
    turn_mod.EmpireTurn._score_turn = _score_turn  # type: ignore[method-assign]
    try:
        for f in files or sorted(LOGS.glob("*.txt")):
            log = parse_log(f.read_text(encoding="utf-8"), board, content, f.name)
            d = logreplay.played(log, dict(logreplay.ONLINE_OPTIONS), Recorder)
            ctx = ctx or Context(d.game)
            noted = [n.line for n in d.notes]
            followed = log_holdings(log)
            history: list[Position] = []
            for k in d.kept:
                first = k.pop("first")
                p = Position(f.name, as_played=not any(first <= n <= k["line"] for n in noted), history=history,
                             log_owner=followed.get(k["line"], {}), **k)
                history = history + [p]
                p.history = history
            out[f.name] = history
    finally:
        turn_mod.EmpireTurn._score_turn = original  # type: ignore[method-assign]
    assert ctx is not None
    for ps in out.values():
        for p in ps:
            assert ctx.area_points(p) + ctx.structure_points(p) == p.points, (p.log, p.line)
    return ctx, out


def log_holdings(log: Any) -> dict[int, dict[str, int]]:
    """Score line -> who holds each land then, as the log's own lines give it (``logparse.holdings``)."""
    return {t.score.line: dict(owner) for t, e, owner in holdings(log) if e is None and t.score is not None}


# -- the measures ----------------------------------------------------------------------------------------------------
Extra = Callable[[Context, Position], int]


def measure(ctx: Context, logs: dict[str, list[Position]], extra: Extra, start: int = FROM
            ) -> tuple[int, int, int, int, float]:
    """(turns gained, turns lost, turns explained, turns disturbed, correlation) of ``extra`` points from Epoch
    ``start`` on; explained and disturbed count Epoch V-VII turns, the correlation is with their difference."""
    ps = list(logs.values())
    turns = [[Turn(p.player, p.points, p.log_points, p.log_total) for p in x] for x in ps]
    more = [[extra(ctx, p) if p.epoch >= start else 0 for p in x] for x in ps]
    gained, lost = tally(turns, lambda i, j, t: t.points + more[i][j])
    late = [(p.off, more[i][j]) for i, x in enumerate(ps) for j, p in enumerate(x) if p.epoch >= FROM]
    explained = sum(1 for off, m in late if off and m == off)
    disturbed = sum(1 for off, m in late if not off and m)
    return gained, lost, explained, disturbed, _correlation([m for _o, m in late], [o for o, _m in late])


def _correlation(xs: list[int], ys: list[int]) -> float:
    return correlation(xs, ys) if len(set(xs)) > 1 and len(set(ys)) > 1 else 0.0


def fleets_of(ctx: Context, p: Position, *, before: bool = False, epoch_only: bool = False) -> set[str]:
    """The seas (not oceans) on which the player's empires, this one's included unless ``before``, still had a
    fleet when each scored, over the log so far (this epoch's only with ``epoch_only``)."""
    turns = p.history[:-1] if before else p.history
    return {w for q in turns if q.player == p.player and (not epoch_only or q.epoch == p.epoch)
            for w in q.seas if w in ctx.seas}


def fleets_left(ctx: Context, p: Position, keep: int | None = None) -> dict[str, list[int]]:
    """Sea -> the seats whose fleets are on it at ``p``'s score, each turn's fleets staying on the board (the
    last ``keep`` placed on each sea only, if given)."""
    on: dict[str, list[int]] = defaultdict(list)
    for q in p.history:
        for w in sorted(q.seas & ctx.seas):
            on[w] = (on[w] + [q.player])[-keep:] if keep else on[w] + [q.player]
    return on


def _level(dominance: Callable[[int, int, int], bool], control: Callable[[int, int, int], bool]
           ) -> Callable[[int, int, int], int]:
    return lambda m, b, n: -1 if not m else 2 if control(m, b, n) else 1 if dominance(m, b, n) else 0


def _area_change(level: Callable[[int, int, int], int] | None = None,
                 keep: Callable[[Context, Position, str], bool] | None = None) -> Extra:
    """The change of a turn's area points under another ``level`` rule, or with only the opponents' lands ``keep``
    lets count."""
    def extra(ctx: Context, p: Position) -> int:
        owner = p.owner if keep is None else {t: q for t, q in p.owner.items()
                                              if q == p.player or keep(ctx, p, t)}
        return ctx.area_points(p, owner, level) - ctx.area_points(p)
    return extra


def _by_force(ctx: Context, p: Position) -> int:
    """Each of the player's forces scores each area on its own, at the level its own lands reach."""
    from hotw.scoring import level_index

    values = ctx.values(p.epoch)
    counts: dict[str, list[int]] = {r: [0] * p.players for r in ctx.board.regions}
    mine: dict[str, Counter[str]] = defaultdict(Counter)
    for t, q in p.owner.items():
        region = ctx.board.spaces[t].region
        if region in counts:
            counts[region][q] += 1
            if q == p.player:
                mine[region][p.force.get(t, "")] += 1
    total = 0
    for region, forces in mine.items():
        best = max((v for i, v in enumerate(counts[region]) if i != p.player), default=0)
        for n in forces.values():
            lv = level_index(n, best)
            total += values.get(region, (0, 0, 0))[lv] if lv >= 0 else 0
    return total - ctx.area_points(p)


def _extra_presence(ctx: Context, p: Position) -> int:
    """Each force of the player beyond the first in an area adds the area's presence value."""
    values = ctx.values(p.epoch)
    forces: dict[str, set[str]] = defaultdict(set)
    for t in p.held():
        forces[ctx.board.spaces[t].region].add(p.force.get(t, ""))
    return sum((len(f) - 1) * values[r][0] for r, f in forces.items() if r in values)


def hypotheses() -> list[tuple[str, Extra, int]]:
    """(what it says, the points it adds to a turn, the first epoch it applies in)."""
    def count(pred: Callable[[Context, Position, str], bool]) -> Extra:
        return lambda ctx, p: sum(1 for t in p.held() if pred(ctx, p, t))

    def opponents_of_old_empires(age: int) -> Callable[[Context, Position, str], bool]:
        return lambda ctx, p, t: p.epoch - ctx.card_epoch.get(p.force.get(t, ""), p.epoch) < age

    def sole(keep: int | None) -> Extra:
        return lambda ctx, p: sum(1 for seats in fleets_left(ctx, p, keep).values() if set(seats) == {p.player})

    def with_fleet(keep: int | None) -> Extra:
        return lambda ctx, p: sum(1 for seats in fleets_left(ctx, p, keep).values() if p.player in seats)

    from hotw.rulesets.classic.scoring import level_1993
    from hotw.scoring import level_index

    return [
        ("fleets: every sea where any of the player's empires placed a fleet it kept, 1 each",
         lambda ctx, p: len(fleets_of(ctx, p)), FROM),
        ("fleets: the same, the player's earlier empires only", lambda c, p: len(fleets_of(c, p, before=True)), FROM),
        ("fleets: the same, this epoch's empires only", lambda c, p: len(fleets_of(c, p, epoch_only=True)), FROM),
        ("fleets: every fleet stays; a sea with the player's fleet and no other's, 1 each", sole(None), FROM),
        ("fleets: 2 fleets a sea (the last placed); a sea with one of the player's, 1 each", with_fleet(2), FROM),
        ("fleets: 2 fleets a sea; a sea with only the player's, 1 each", sole(2), FROM),
        ("fleets: the acting empire's seas touching a land of the player, 1 each",
         lambda ctx, p: sum(1 for w in p.seas & ctx.seas if ctx.coasts[w] & set(p.held())), FROM),
        ("fleets: 1 if the acting empire has any fleet left", lambda ctx, p: int(bool(p.seas)), FROM),
        ("coins left at the score, 1 each", lambda ctx, p: p.coins, FROM),
        ("kingdom lands (an army and a city from a kingdom card), 1 each",
         count(lambda ctx, p, t: p.force.get(t) in KINGDOMS), FROM),
        ("lands with no land border (islands), 1 each", count(lambda ctx, p, t: not ctx.board.spaces[t].adjacent),
         FROM),
        ("lands with a strait, 1 each", count(lambda ctx, p, t: bool(ctx.board.spaces[t].straits)), FROM),
        ("lands on a sea's coast, 1 each",
         count(lambda ctx, p, t: any(t in ctx.coasts[w] for w in ctx.seas)), FROM),
        ("lands held by event armies (barbarians, migrants, rebels, crusaders, the revolt), 1 each",
         count(lambda ctx, p, t: p.force.get(t) in EVENT_FORCES), FROM),
        ("the player's forces (empires, minor empires, kingdoms, event armies) on the board, 1 each beyond the first",
         lambda ctx, p: max(0, len({p.force.get(t) for t in p.held()}) - 1), FROM),
        ("each force of the player beyond the first in an area adds its presence value", _extra_presence, FROM),
        ("each force of the player scores each area on its own (not pooled)", _by_force, FROM),
        ("the opponents' lands of empires two or more epochs old do not count against the player",
         _area_change(keep=opponents_of_old_empires(2)), FROM),
        ("the same, three or more epochs old", _area_change(keep=opponents_of_old_empires(3)), FROM),
        ("the opponents' lands of event armies, kingdoms and minor empires do not count",
         _area_change(keep=lambda ctx, p, t: p.force.get(t) in ctx.card_epoch), FROM),
        ("the empire card: 1 a sea or ocean of its navigation",
         lambda ctx, p: len(ctx.game.empire_navigation(p.empire)), FROM),
        ("the empire card: 1 per 5 armies (1993 strength)",
         lambda ctx, p: ctx.content.empires[p.empire].strength("1993") // 5, FROM),
        ("the event cards played this turn, 1 each", lambda ctx, p: len(p.cards), FROM),
        ("1 a turn", lambda ctx, p: 1, FROM),
        ("areas: the 1993 levels (dominance 3 lands, control every land)",
         _area_change(level=level_1993), FROM),
        ("areas: control is every land of the area", _area_change(level=_level(
            lambda m, b, n: m >= 2 and m > b, lambda m, b, n: m == n)), FROM),
        ("areas: control also with every land of the area", _area_change(level=_level(
            lambda m, b, n: m >= 2 and m > b, lambda m, b, n: m == n or (m >= 3 and not b))), FROM),
        ("areas: control with 2 lands and no other player", _area_change(level=_level(
            lambda m, b, n: m >= 2 and m > b, lambda m, b, n: m >= 2 and not b)), FROM),
        ("areas: dominance with 2 lands and as many as any other", _area_change(level=_level(
            lambda m, b, n: m >= 2 and m >= b, lambda m, b, n: m >= 3 and not b)), FROM),
        ("areas: dominance with 1 land and more than any other", _area_change(level=_level(
            lambda m, b, n: m > b, lambda m, b, n: m >= 3 and not b)), FROM),
        ("areas: dominance with half the area's lands", _area_change(level=_level(
            lambda m, b, n: m >= 2 and 2 * m >= n, lambda m, b, n: m >= 3 and not b)), FROM),
        ("the board as the log's lines give it: each land the engine holds, given to the log's player where the log "
         "names one", lambda ctx, p: ctx.area_points(p, {t: p.log_owner[t] if p.log_owner.get(t, -1) >= 0 else q
                                                         for t, q in p.owner.items()}) - ctx.area_points(p), FROM),
        ("areas: the summary's levels (unchanged; a check that measures nothing)",
         _area_change(level=lambda m, b, n: level_index(m, b)), FROM),
    ]


def land_screen(ctx: Context, logs: dict[str, list[Position]]) -> list[tuple[int, int, str, str]]:
    """(gained, lost, land, area) for each land counted in another area (or none, "") for every player."""
    out = []
    lands = sorted(t for t, s in ctx.board.spaces.items() if s.region in ctx.board.regions)
    for land in lands:
        home = ctx.board.spaces[land].region
        for area in [a for a in sorted(ctx.board.regions) if a != home] + [""]:
            trial = {**ctx.moved, land: ((area,), (area,)) if area else ((), ())}

            def extra(c: Context, p: Position, land: str = land, trial: Any = trial) -> int:
                return c.area_points(p, moved=trial) - c.area_points(p) if land in p.owner else 0
            g, lo, *_ = measure(ctx, logs, extra, start=1)
            out.append((g, lo, land, area))
    return sorted(out, key=lambda r: (r[1] - r[0], r[1]))


def levels(ctx: Context, p: Position) -> dict[str, int]:
    """Area -> the level (0-2) ``p``'s player stands at there, for the areas where they have lands."""
    from hotw.rulesets.classic.scoring import counts_seen_by
    from hotw.scoring import level_index

    counts = {r: [0] * p.players for r in ctx.board.regions}
    for t, q in p.owner.items():
        region = ctx.board.spaces[t].region
        if region in counts:
            counts[region][q] += 1
    counts = counts_seen_by(p.player, counts, p.owner, {t: ctx.board.spaces[t].region for t in ctx.moved},
                            ctx.moved)
    return {r: level_index(c[p.player], max((v for i, v in enumerate(c) if i != p.player), default=0))
            for r, c in counts.items() if c[p.player]}


def chart_fit(ctx: Context, logs: dict[str, list[Position]], epoch: int) -> tuple[int, int, dict[tuple[str, int], int]]:
    """(turns of ``epoch`` whose points are the log's, the same after the fit, the fit): every cell of the epoch's
    chart (an area and a level) moved by -4 to +4 points, one cell at a time, keeping each move that makes more of
    the epoch's turns score their logged points, until none does. A fit to the very turns it is judged on, so an
    upper bound of what the chart alone could explain (running totals are not asked for)."""
    turns = [(levels(ctx, p), p.off) for ps in logs.values() for p in ps if p.epoch == epoch]
    cells = sorted({(r, lv) for lv_of, _o in turns for r, lv in lv_of.items()})
    fit: dict[tuple[str, int], int] = {}

    def fitted(f: dict[tuple[str, int], int]) -> int:
        return sum(1 for lv_of, off in turns if sum(f.get((r, lv), 0) for r, lv in lv_of.items()) == off)

    best, better = fitted(fit), True
    while better:
        better = False
        for cell in cells:
            for d in range(-4, 5):
                trial = {**fit, cell: d}
                n = fitted(trial)
                if n > best:
                    best, fit, better = n, {k: v for k, v in trial.items() if v}, True
    return fitted({}), best, fit


def table(logs: dict[str, list[Position]]) -> None:
    """The residual table: per epoch, per empire card, and the turns whose position is most likely the log's."""
    every = [p for ps in logs.values() for p in ps]
    print("log minus engine, a turn's own points, per epoch (difference: turns):")
    for epoch in range(1, 8):
        ps = [p for p in every if p.epoch == epoch]
        c = Counter(p.off for p in ps)
        print(f"  Epoch {epoch}: {sum(1 for p in ps if p.off)} of {len(ps)} off; "
              + ", ".join(f"{k:+d}: {c[k]}" for k in sorted(c)))
    clean = [p for ps in logs.values() for j, p in enumerate(ps) if p.as_played
             and all(q.total == q.log_total for q in ps[:j] if q.player == p.player)]
    for lo, hi in ((1, 4), (FROM, 7)):
        ps = [p for p in clean if lo <= p.epoch <= hi]
        c = Counter(p.off for p in ps)
        print(f"  Epochs {lo}-{hi}, turns played as logged whose player's total was the log's before them: "
              f"{sum(1 for p in ps if p.off)} of {len(ps)} off; " + ", ".join(f"{k:+d}: {c[k]}" for k in sorted(c)))
    print("per empire card, Epochs IV-VII (each log's difference, in log order):")
    cards: dict[tuple[int, str], list[int]] = defaultdict(list)
    for p in every:
        if p.epoch >= 4:
            cards[p.epoch, p.empire].append(p.off)
    for (epoch, empire), offs in sorted(cards.items()):
        print(f"  {epoch} {empire:18s} " + " ".join(f"{o:+d}" for o in offs))
    pairs: list[tuple[int, int]] = []
    for ps in logs.values():
        for seat in {p.player for p in ps}:
            offs = [p.off for p in ps if p.player == seat and p.epoch >= FROM]
            pairs += zip(offs, offs[1:])
    chance = sum(sum(1 for _x, y in pairs if y == x) for x, _y in pairs) / len(pairs)
    print(f"a player's consecutive Epoch V-VII turns ({len(pairs)} pairs): correlation "
          f"{_correlation([x for x, _ in pairs], [y for _, y in pairs]):+.2f}, the same difference in "
          f"{sum(1 for x, y in pairs if x == y)} (by chance {chance:.1f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--areas", action="store_true", help="also every land counted in another area (30 s of CPU)")
    ap.add_argument("logs", nargs="*", type=Path, help="other logs of the online game (default: the ten)")
    args = ap.parse_args(argv)
    ctx, logs = positions(args.logs or None)
    table(logs)
    late = [p for ps in logs.values() for p in ps if p.epoch >= FROM]
    print(f"\neach hypothesis over the ten logs: turns gained/lost; of the {sum(1 for p in late if p.off)} Epoch "
          f"V-VII turns off, how many it makes the log's; of the {sum(1 for p in late if not p.off)} that are the "
          f"log's, how many it changes; correlation with the difference")
    for what, extra, start in hypotheses():
        g, lo, ex, dis, r = measure(ctx, logs, extra, start)
        print(f"  +{g}/-{lo}  explains {ex}, disturbs {dis}, r {r:+.2f}  {what}")
    print("\nthe best chart fitted to each epoch's own turns (each cell moved -4..+4; points only, not totals):")
    for epoch in range(FROM, 8):
        before, after, fit = chart_fit(ctx, logs, epoch)
        n = sum(1 for ps in logs.values() for p in ps if p.epoch == epoch)
        print(f"  Epoch {epoch}: {before} -> {after} of {n} turns with {len(fit)} cells changed")
    if args.areas:
        screen = land_screen(ctx, logs)
        print(f"\na land counted in another area for every player ({len(screen)} pairs, the last area of each land "
              f"'' = none): the best " + ", ".join(f"{land} in {area or 'none'} +{g}/-{lo}"
                                                  for g, lo, land, area in screen[:6]))
        print("  how many gain n turns and lose none: "
              + str({n: sum(1 for g, lo, *_ in screen if g >= n and not lo) for n in range(1, 6)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
