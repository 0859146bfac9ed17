"""Where each player's running total first leaves a game log's, and why: the classic log replay's first breaks.

    .venv/bin/python scripts/classic_log_breaks.py                 # the per-log table and every first break
    .venv/bin/python scripts/classic_log_breaks.py --same          # only the "same play, other score" breaks
    .venv/bin/python scripts/classic_log_breaks.py --compare tie_rule=both_die   # turns an option gains and loses
    .venv/bin/python scripts/classic_log_breaks.py --heldout --table  # the held-out logs instead, the table only
    .venv/bin/python scripts/classic_log_breaks.py --drift         # where the engine's board differs from the log's

Each log of tests/data/classic-logs/ (with --heldout, of tests/data/classic-logs/heldout/, the logs nothing is fitted
to: their figures are reported apart and never added to the ten's) is replayed under ONLINE_OPTIONS (hotw/rulesets/classic/logreplay.py), as
``hotw import-log`` does. A turn matches when its points and the running total are the log's. A player's first
break is the first turn whose total is not the log's; it is "same play, other score" when every line of that turn
was played as logged (no note), otherwise the kind of its first note. For each first break the engine's breakdown
is printed beside the log's points: each area's count, the best opponent, the level and the values, the structures,
and every land the player holds with its force, capitol or city and monuments.

With --drift, each place the engine's board provably differs from the log's, by file and line: a battle whose
defender (``The A defeated the B in L``) is not the force the engine has in L (the B's force, as the engine names
the people that acts in the log's lines as the B), an expansion (``A expand into L``: L is empty in the log) into a
land where the engine has a force, and a turn whose monuments line (``have built no monuments``, or
the monuments it lists) is not what the engine built. The log names a land that rebels, a kingdom or an event's
army (migrants, the Jewish revolt, crusaders) took last by another people (docs/rules-classic.md section 5,
"Rebels"): there the engine's force must be that rebels', kingdom's or event's. A turn whose score follows such a
difference compares boards that differ, not scores.
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
from hotw.rulesets.classic.logparse import EVENT_FORCES, parse_log

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


#: the engine's force for the log's names of event armies (the Barbarians and the migrants' are named alike)
EVENT_NAMES = {"Jewish Uprising": "Jewish Revolt", "jewish_revolt": "Jewish Revolt", "Crusaders": "Crusade",
               "migrants": "Migrants"}


class _Drift(_Recorder):
    """The recorder, also keeping each battle's named defender beside the engine's force there, the engine's name of
    each people the log's lines act as, and each turn's monuments as logged and as built (--drift)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.names: dict[str, set[str]] = {}
        self.defenders: list[tuple[int, str, str, str | None]] = []
        self.monuments: list[tuple[int, Counter[str], Counter[str]]] = []

    def _check(self, turn: Any) -> None:
        super()._check(turn)
        for e in turn.body:  # the engine's name of each force appearing or each kingdom, where it appeared
            force = self.game.land_force.get(e.get("space") or e.get("land"))
            if e.kind in ("appeared", "kingdom") and force:
                self.names.setdefault(e.get("name"), set()).add(force)

    def _attack(self, e: Any, kind: str, land: str | None, result: str) -> None:
        g, people = self.game, str(e.get("people", ""))
        if g.actor is not None and people != e.get("foe") and not people.startswith("Rebel ") \
                and people not in EVENT_FORCES:
            self.names.setdefault(people, set()).add(g.actor.name)
        if land is not None and (e.get("foe") or e.kind == "expand") and g.phase != "battle":
            self.defenders.append((e.line, e.get("foe"), land, g.land_force.get(land)))
        super()._attack(e, kind, land, result)

    def _monuments(self, lines: Any) -> None:
        before = dict(self.game.monuments)
        super()._monuments(lines)
        e = next((x for x in self.body if x.kind == "monuments"), None)
        built = Counter({t: n - before.get(t, 0) for t, n in self.game.monuments.items() if n > before.get(t, 0)})
        if e is not None and Counter(e.get("lands")) != built:
            self.monuments.append((e.line, Counter(e.get("lands")), built))


def replay(path: Path, options: dict[str, Any], driver: type = _Recorder) -> tuple[Any, Any, list[dict[str, Any]]]:
    """(game, checks and notes, positions) of one log, the forts found in passes as :func:`replay_log` does."""
    board = load_board(get_ruleset("classic").board_path())
    log = parse_log(path.read_text(encoding="utf-8"), board, load_content(board), path.name)
    d = logreplay.played(log, options, driver)
    return d.game, d, d.positions


def _taken_by(log: Any) -> list[tuple[int, str, str]]:
    """(line, land, who) of each line of the log giving a land to a force, ``who`` the people (an appearing force's
    name), or the engine's name of the rebels, the kingdom or the event army: the log names their lands by another
    people later. A tie whose next line in its land fights the same defender was against a fort: it gives nothing."""
    lines = [e for ep in log.epochs for t in ep.turns for e in t.body]
    out: list[tuple[int, str, str]] = []
    for i, e in enumerate(lines):
        people = str(e.get("people", e.get("name", "")))
        if e.kind == "tie" and next((x.kind in ("win", "lose", "tie") and x.get("foe") == e.get("foe")
                                     for x in lines[i + 1:] if x.get("land") == e.get("land")), False):
            continue
        if e.kind in ("appeared", "expand", "win", "tie", "treachery", "absorbed"):
            rebels = people.startswith("Rebel ") or people == e.get("foe")
            who = "Rebels" if rebels else EVENT_NAMES.get(people, people)
            out.append((e.line, e.get("land") or e.get("space"), who))
        elif e.kind in ("kingdom", "jewish_revolt", "migrants"):
            who = e.get("name") or EVENT_NAMES[e.kind]
            out += [(e.line, land, who) for land in e.get("lands") or [e.get("land")]]
    return out


def drift(name: str, d: Any) -> list[str]:
    """Each place of one replay (a :class:`_Drift`) where the engine's board differs from the log's, by line."""
    found: list[tuple[int, str]] = []
    taken = _taken_by(d.log)
    for line, foe, land, force in d.defenders:
        if foe is None:  # an expansion: the log's land is empty
            if force is not None:
                found.append((line, f"expansion: the log's {land} is empty, the engine has the {force} there"))
            continue
        last = [x for x in taken if x[0] < line and x[1] == land]
        who = last[-1][2] if last else None  # the log's own last holder, by the name it took the land under
        if force not in d.names.get(foe, set()) | d.names.get(who, set()) | {EVENT_NAMES.get(foe, foe), who}:
            found.append((line, f"defender: the log's {foe} in {land}, the engine's {force or 'nobody'}"
                                + (f" (the log's last line taking it: {last[-1][0]})" if last else "")))
    for line, logged, built in d.monuments:
        found.append((line, f"monuments: the log builds {dict(logged) or 'none'}, "
                            f"the engine {dict(built) or 'none'}"))
    return [f"{name} line {line}: {what}" for line, what in sorted(found)]


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
    ap.add_argument("--drift", action="store_true", help="list where the engine's board differs from the log's: "
                    "a battle's defender, a turn's monuments")
    args = ap.parse_args()
    base = dict(logreplay.ONLINE_OPTIONS)
    files = sorted((HELDOUT if args.heldout else LOGS).glob("*.txt"))
    if args.drift:
        found = [x for f in files for x in drift(f.name, replay(f, base, _Drift)[1])]
        print(*found, sep="\n")
        print("held-out logs: " if args.heldout else "", dict(Counter(x.split(": ")[1] for x in found)), sep="")
        return
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
