"""Every difference between the classic replay and the ten game logs, each with its cause: check and write.

    .venv/bin/python scripts/classic_log_differences.py check    # differences without an entry, stale entries
    .venv/bin/python scripts/classic_log_differences.py write    # regenerate docs/classic-log-differences.md
    .venv/bin/python scripts/classic_log_differences.py measure  # what each single change does (measured.json)
    .venv/bin/python scripts/classic_log_differences.py update   # remove stale entries, add new ones to examine

Each log of tests/data/classic-logs/ is replayed under ONLINE_OPTIONS, as ``hotw import-log`` does. Two kinds of
difference need an entry in ``tests/data/classic-logs/differences/<log stem>.json``:

- a **first break**: a player's first turn whose running total is not the log's;
- a **line not played**: a log line the engine cannot play as logged (``hotw import-log --report``).

An entry is ``{"line", "what" ("first break" | "not played"), "turn", "log_minus_engine" (first breaks only),
"cause" (one of CAUSES), "explanation", "evidence" (log lines), "tried" (what was measured: required when the
cause is "unexplained"; an item "@key" names what ``differences/shared.json`` says once for many entries)}``. ``check`` lists the differences that have no entry, the entries whose difference no
longer occurs (stale: a fix removed it, so remove the entry) and the entries whose turn or amount changed; it exits
with 1 if there is any. Every other turn that does not match is classified from these: its points are the log's and
only its total is off (inherited from that player's first break), or its points differ too (the page names the
player's first break and the last line not played before it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "classic-logs"
DATA = LOGS / "differences"
PAGE = ROOT / "docs" / "classic-log-differences.md"
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
LEVELS = ("presence", "dominance", "control")

#: the causes an entry may give, each with the definition the page prints
CAUSES: dict[str, str] = {
    "tie outcome": "A battle logged as a tie (\"destroyed each other\") leaves the land, or its capitol or city, "
                   "otherwise than the online tie rule the replay plays (the attacker's army enters, the capitol "
                   "or city stays): the log scores the land as empty, or without its capitol or city.",
    "area value": "The log's points fit an area's value (presence, dominance or control in that epoch) other "
                  "than the chart the replay uses, in this turn but not in others with the same position.",
    "land's area": "The log's points fit a land counted in another area than the world board puts it in. The "
                    "replay plays three such lands under the online options (Danubia, the Tarim Basin, the "
                    "Manchurian Plain: the classic rules, section 5); an entry of this cause names another, or one "
                    "of them that the log counts otherwise in that turn.",
    "area tie": "Two players hold as many lands of an area; the replay scores both at presence, as the rules "
                "say and as most logged turns do, but this turn's points fit dominance for the player.",
    "conquered city kept": "The player conquers a land with a city (or a capitol reduced to a city); the replay "
                           "removes the city as the rules say, the log's points count it.",
    "empty land or treachery keeps": "The known cost of two online rules kept because they gain far more turns: "
                                     "an empty land entered, or a land taken by Treachery, keeps its capitol or "
                                     "city (empty_keeps, treachery_keeps); this turn scores as logged without it.",
    "rebels keep": "Rebels take a capitol and the log's later scores count it as the rebels' capitol; in the "
                   "replay the revolt reduces it.",
    "disaster": "A Disaster (\"Volcano erupts in X. Earthquake strikes Y\") struck a capitol or city the player holds. "
                "The printed card destroys only monuments; the online game reduces what it strikes (a capitol to a "
                "city, a city removed), which the replay plays under the online options (disaster_reduces). An entry "
                "of this cause is a turn that rule does not fit: the log keeps a struck city, or a struck land "
                "conquered later.",
    "capitol": "The log's points fit a capitol the empire's card does not give (or does not give there).",
    "board already differs": "An earlier difference (named) left the engine's board unlike the log's: an army, "
                             "a capitol, city or fort stands elsewhere when this line or turn comes.",
    "sea move": "The log's force crosses a sea the engine gives it no fleet on, or reaches a land the engine's "
                "board does not put on that sea (navigation, a coast).",
    "missing link": "The log's force enters a land that no land of its player reaches on the engine's board.",
    "monuments": "The log builds monuments other than one per two resource symbols of the online board allows (and "
                 "one more for the Incas/Aztecs, online_monuments.json).",
    "card played outside its terms": "The log plays an event card in an epoch, or for an empire, its card text "
                                     "does not allow.",
    "event": "An event strikes, or fights, other than the card the replay plays allows.",
    "fort": "Forts are never logged; the replay's forts (found from the battle rounds) differ from the online game's "
            "here.",
    "unexplained": "No cause found: the entry says what was tried and what it measured (the option, the turns "
                   "gained and lost over the ten logs).",
}
WHAT = ("first break", "not played")


@dataclass(frozen=True)
class Difference:
    """A first break or a line not played, as the replay finds it now."""

    log: str
    line: int
    what: str
    turn: str
    log_minus_engine: int | None
    why: str  # the engine's breakdown note or the note's text

    def key(self) -> tuple[int, str]:
        return self.line, self.what


def replay_all(files: list[Path] | None = None) -> dict[str, Any]:
    """Log name -> its :class:`Replay` under ONLINE_OPTIONS (as ``hotw.import_log``)."""
    import hotw

    return {f.name: hotw.import_log(f) for f in files or sorted(LOGS.glob("*.txt"))}


def _turn_name(replay: Any, epoch: int, empire: str, player: int) -> str:
    content = replay.game.content
    name = content.empires[empire].name if empire in content.empires else empire
    return f"Epoch {ROMAN[epoch]}, {name} ({replay.log.players[player]})"


def _turn_of(replay: Any, line: int) -> tuple[int, Any]:
    for ep in replay.log.epochs:
        for t in ep.turns:
            if t.play.line <= line <= t.score.line:
                return ep.number, t
    raise LookupError(line)  # pragma: no cover - every note is a line of a turn


def first_break_checks(replay: Any) -> dict[int, int]:
    """Player -> the index in ``replay.checks`` of that player's first break."""
    out: dict[int, int] = {}
    for i, c in enumerate(replay.checks):
        if c.player not in out and c.total != c.log_total:
            out[c.player] = i
    return out


def differences(name: str, replay: Any) -> list[Difference]:
    """The first breaks and the lines not played of one replayed log, in line order."""
    out = []
    for i in first_break_checks(replay).values():
        c = replay.checks[i]
        out.append(Difference(name, c.line, "first break", _turn_name(replay, c.epoch, c.empire, c.player),
                              c.log_points - c.points, f"log {c.log_points}, engine {c.points}"))
    for n in replay.notes:
        epoch, t = _turn_of(replay, n.line)
        out.append(Difference(name, n.line, "not played", _turn_name(replay, epoch, t.empire, t.player), None,
                              n.why))
    return sorted(out, key=lambda d: (d.line, d.what))


def classify(replay: Any) -> list[dict[str, Any]]:
    """Every turn of the log: matched, points match (total inherited from the named first break), or points differ
    (the first break itself, lines not played in the turn, or after the player's first break)."""
    breaks = {replay.checks[i].player: replay.checks[i].line for i in first_break_checks(replay).values()}
    notes = sorted(n.line for n in replay.notes)
    starts = {t.score.line: t.play.line for ep in replay.log.epochs for t in ep.turns}
    rows = []
    for c in replay.checks:
        row: dict[str, Any] = {"line": c.line, "turn": _turn_name(replay, c.epoch, c.empire, c.player),
                               "log": (c.log_points, c.log_total), "engine": (c.points, c.total)}
        own = [n for n in notes if starts[c.line] <= n <= c.line]
        before = [n for n in notes if n < starts[c.line]]
        if c.matches:
            row["class"], row["why"] = "matched", ""
        elif c.points == c.log_points:
            row["class"], row["why"] = "points match", f"total off since the first break at line {breaks[c.player]}"
        else:
            row["class"] = "points differ"
            if own:
                row["why"] = "lines not played in this turn: " + ", ".join(map(str, own))
            elif breaks.get(c.player) == c.line:
                row["why"] = "first break"
            else:
                row["why"] = f"after the first break at line {breaks[c.player]}"
            if before and not own:
                row["why"] += f"; last line not played before it: {before[-1]}"
        rows.append(row)
    return rows


def load_entries(name: str) -> list[dict[str, Any]]:
    path = DATA / (Path(name).stem + ".json")
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def load_shared() -> dict[str, dict[str, str]]:
    """What was tried for many entries alike, said once: key -> {"title", "text"}. An entry's "tried" names one as
    "@key" (the page prints each once, under "Tried for many entries")."""
    return json.loads(SHARED.read_text(encoding="utf-8"))["tried"] if SHARED.exists() else {}


def _tried(item: str, shared: dict[str, dict[str, str]]) -> str:
    """One item of an entry's "tried" as the page says it: a shared one by its title and where it is."""
    if not item.startswith("@"):
        return item
    return f"{shared[item[1:]]['title']} ([measured for many entries alike](#tried-for-many-entries))"


def entry_problems(entry: dict[str, Any], shared: dict[str, dict[str, str]] | None = None) -> list[str]:
    """What is wrong with one entry's own fields (not whether its difference occurs); ``shared``: what
    :func:`load_shared` read, if the caller has it."""
    out = []
    if entry.get("what") not in WHAT:
        out.append(f"'what' must be one of {WHAT}")
    if entry.get("cause") not in CAUSES:
        out.append(f"unknown cause {entry.get('cause')!r}")
    if not str(entry.get("explanation", "")).strip():
        out.append("no explanation")
    if not entry.get("evidence"):
        out.append("no evidence")
    if entry.get("cause") == "unexplained" and not entry.get("tried"):
        out.append("'unexplained' without what was tried ('tried')")
    shared = load_shared() if shared is None else shared
    out += [f"'tried' names {t!r}, which {SHARED.name} does not hold" for t in entry.get("tried", [])
            if t.startswith("@") and t[1:] not in shared]
    if (entry.get("what") == "first break") != ("log_minus_engine" in entry):
        out.append("'log_minus_engine' belongs to first breaks, and only to them")
    return out


def check(replays: dict[str, Any]) -> list[str]:
    """Problems: differences without an entry, stale entries, changed ones, bad fields. Empty when all is well."""
    out = []
    names = set(replays)
    measured = load_measured().get("turns as logged")
    shared = load_shared()
    if measured != _matched(replays):
        out.append(f"{MEASURED.name}: measured at {measured} turns as logged, now {_matched(replays)}: run measure")
    for path in sorted(DATA.glob("*.json")):
        if path.stem + ".txt" not in names and path not in (MEASURED, SHARED):
            out.append(f"{path.name}: no such log")
    for name, replay in sorted(replays.items()):
        found = {d.key(): d for d in differences(name, replay)}
        entries = load_entries(name)
        seen: set[tuple[int, str]] = set()
        for e in entries:
            key = (e.get("line"), e.get("what"))
            where = f"{name} line {e.get('line')} ({e.get('what')})"
            if key in seen:
                out.append(f"{where}: two entries")
            seen.add(key)  # type: ignore[arg-type]
            out += [f"{where}: {p}" for p in entry_problems(e, shared)]
            d = found.get(key)  # type: ignore[arg-type]
            if d is None:
                out.append(f"{where}: stale, the difference no longer occurs (remove the entry)")
                continue
            if e.get("turn") != d.turn:
                out.append(f"{where}: the turn is now {d.turn!r}, not {e.get('turn')!r}")
            if d.what == "first break" and e.get("log_minus_engine") != d.log_minus_engine:
                out.append(f"{where}: log minus engine is now {d.log_minus_engine:+d}, not {e.get('log_minus_engine')}")
        for key, d in found.items():
            if key not in seen:
                out.append(f"{name} line {d.line} ({d.what}): no entry ({d.turn}; {d.why})")
    return out


def update(replays: dict[str, Any]) -> list[str]:
    """Bring the entries in line with the replay: remove the stale ones, refresh the turn and amount of the changed
    ones, and add each new difference as "unexplained", saying it is not yet examined. Returns what to review."""
    review = []
    for name, replay in sorted(replays.items()):
        found = {d.key(): d for d in differences(name, replay)}
        entries = []
        for e in load_entries(name):
            d = found.pop((e.get("line"), e.get("what")), None)  # type: ignore[arg-type]
            if d is None:
                review.append(f"{name} line {e.get('line')} ({e.get('what')}): removed, the difference no longer occurs")
                continue
            if e.get("turn") != d.turn or (d.what == "first break" and e.get("log_minus_engine") != d.log_minus_engine):
                review.append(f"{name} line {d.line} ({d.what}): turn or amount changed, review the explanation")
                e["turn"] = d.turn
                if d.what == "first break":
                    e["log_minus_engine"] = d.log_minus_engine
            entries.append(e)
        for d in found.values():
            review.append(f"{name} line {d.line} ({d.what}): new, added as not yet examined")
            e = {"line": d.line, "what": d.what, "turn": d.turn}
            if d.what == "first break":
                e["log_minus_engine"] = d.log_minus_engine
            entries.append({**e, "cause": "unexplained",
                            "explanation": f"A new difference, not yet examined ({d.why}).",
                            "evidence": [_key(name, d.line)],
                            "tried": ["nothing beyond 'measure' yet (for a first break, the line below)"]})
        entries.sort(key=lambda e: (e["line"], e["what"]))
        path = DATA / (Path(name).stem + ".json")
        path.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return review


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render(replays: dict[str, Any]) -> str:
    """The docs page: the causes, a table per log of every turn not matched, then each entry."""
    per_log = {name: (classify(r), load_entries(name), differences(name, r)) for name, r in sorted(replays.items())}
    causes: Counter[tuple[str, str]] = Counter((e["cause"], e["what"]) for _r, entries, _d in per_log.values()
                                                for e in entries)
    out = ["# The game logs, turn by turn: every difference and its cause", "",
           "Generated by `scripts/classic_log_differences.py write` from the replay of the ten game logs of",
           "`tests/data/classic-logs/` under the online options and the entries of",
           "`tests/data/classic-logs/differences/`; do not edit it by hand (`tests/rules_classic/test_differences.py`",
           "fails when it is not current). The summary, the options and what the figures mean are in",
           "[the classic rules, section 5](rules-classic.md#5-the-game-logs-replaying-real-games). Line numbers are",
           "lines of the file, as `hotw import-log --report` prints them.", "",
           "A turn **matches** when its points and the running total are the log's. A turn that does not match",
           "either scores the log's points and is off only by a total inherited from that player's **first break**",
           "(the first turn whose total leaves the log's), or scores other points: the first break itself, a turn",
           "with lines the engine cannot play as logged (**lines not played**), or a later turn of a player already",
           "off, on a board that may already differ. Each first break and each line not played has an entry below",
           "with its cause.", "", "## The turns, per log", "",
           "| log | turns | matched | points match, total inherited | points differ | of which: the first break "
           "| with lines not played | a later turn | first breaks | lines not played |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    sums = [0] * 9
    for name, (rows, _entries, diffs) in per_log.items():
        k = Counter(r["class"] for r in rows)
        why = Counter(r["why"].split(":")[0].split(";")[0].split(" at ")[0] for r in rows
                      if r["class"] == "points differ")
        v = [len(rows), k["matched"], k["points match"], k["points differ"], why["first break"],
             why["lines not played in this turn"], why["after the first break"],
             sum(d.what == "first break" for d in diffs), sum(d.what == "not played" for d in diffs)]
        sums = [a + b for a, b in zip(sums, v)]
        out.append(f"| {name} | " + " | ".join(map(str, v)) + " |")
    out += ["| **all** | " + " | ".join(f"**{x}**" for x in sums) + " |", "", "## The causes", "",
            "| cause | first breaks | lines not played | what it means |", "|---|---|---|---|"]
    out += [f"| {c} | {causes[c, WHAT[0]]} | {causes[c, WHAT[1]]} | {_cell(d)} |" for c, d in CAUSES.items()]
    measured = load_measured()
    fits: dict[str, list[str]] = {}
    out += ["", "## Changes measured", "",
            "`scripts/classic_log_differences.py measure` changes one rule option at a time (against the online",
            "options) and replays the ten logs, and for each first break computes every area value that alone would",
            "give the log's points (the value of the player's level in an area where it scores, changed by the",
            "difference; a replay's play never depends on an area's value, so the other turns are rescored, not",
            f"replayed). Measured at {measured.get('turns as logged')} turns as logged. Each option, with the turns it",
            "gains and loses and the first breaks whose points it makes the log's:", "",
            "| option changed | turns gained | turns lost | first breaks it gives the log's points |", "|---|---|---|---|"]
    for o in measured.get("options", []):
        for f in o["fits"]:
            fits.setdefault(f, []).append(f"{o['change']} (+{len(o['gained'])}/-{len(o['lost'])})")
        out.append(f"| `{o['change']}` | {len(o['gained'])} | {len(o['lost'])} | {', '.join(o['fits']) or '-'} |")
    shared = load_shared()
    cited = Counter(t[1:] for _r, entries, _d in per_log.values() for e in entries for t in e.get("tried", [])
                    if t.startswith("@"))
    if shared:
        out += ["", "## Tried for many entries", "",
                "Measured once for every first break it names (an entry below names it by its title):", ""]
        out += [f"- **{v['title']}** ({cited[k]} entries): {v['text']}" for k, v in shared.items()]
    for name, (rows, entries, _diffs) in per_log.items():
        out += ["", f"## {name}", "", "| line | turn | log (points, total) | engine | | why |", "|---|---|---|---|---|---|"]
        for r in rows:
            if r["class"] != "matched":
                out.append(f"| {r['line']} | {r['turn']} | {r['log'][0]}, {r['log'][1]} | {r['engine'][0]}, "
                           f"{r['engine'][1]} | {r['class']} | {r['why']} |")
        out += [""]
        for e in sorted(entries, key=lambda e: (e["line"], e["what"])):
            amount = f", log minus engine {e['log_minus_engine']:+d}" if "log_minus_engine" in e else ""
            tried = "; ".join(_tried(t, shared) for t in e.get("tried", []))
            out += [f"- **Line {e['line']}, {e['what']}** ({e['turn']}{amount}): *{e['cause']}*. {e['explanation']} "
                    f"Evidence: {'; '.join(e['evidence'])}." + (f" Tried: {tried}." if tried else "")]
            if e["what"] == "first break":
                key = _key(name, e["line"])
                areas = [f"{a['change']} (+{a['gained']}/-{a['lost']})" for a in measured.get("areas", {}).get(key, [])]
                out.append(f"  Measured: options giving the log's points: {', '.join(fits.get(key, [])) or 'none'}; "
                           f"area values, best first: {', '.join(areas[:3]) or 'none'}.")
    return "\n".join(out) + "\n"


#: the rule options changed one at a time by ``measure`` (each against ONLINE_OPTIONS)
TRIALS: tuple[tuple[str, Any], ...] = (
    ("tie_rule", "both_die"), ("empty_keeps", False), ("treachery_keeps", False), ("online_capitols", False),
    ("online_monuments", False),
    ("revolt_builds", True), ("siegecraft_ignores_forts", True), ("strengths", "2001"), ("ties_until_losses", 0),
    ("expand_from", "empire"), ("ocean_fleets", "adjacent"), ("plague_spreads", False), ("online_resources", False),
    ("online_starts", False), ("online_navigation", False), ("online_links", False), ("online_areas", False),
    ("area_rule", "1993"), ("structure_points", [2, 1, 0]), ("structure_points", [3, 1, 1]),
    ("structure_points", [2, 2, 1]), ("structure_points", [1, 1, 1]))
MEASURED = DATA / "measured.json"
SHARED = DATA / "shared.json"


def _matched(replays: dict[str, Any]) -> int:
    return sum(c.matches for r in replays.values() for c in r.checks)


def load_measured() -> dict[str, Any]:
    return json.loads(MEASURED.read_text(encoding="utf-8")) if MEASURED.exists() else {}


def _key(name: str, line: int) -> str:
    return f"{name} line {line}"


def measure_options(replays: dict[str, Any]) -> list[dict[str, Any]]:
    """Each option of TRIALS changed alone: the turns it gains and loses over the logs, and the first breaks whose
    points it makes the log's."""
    import hotw
    from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS

    breaks = {(n, d.line) for n, r in replays.items() for d in differences(n, r) if d.what == "first break"}
    out = []
    for option, value in TRIALS:
        gained, lost, fits = [], [], []
        for name, base in replays.items():
            other = hotw.import_log(LOGS / name, {**ONLINE_OPTIONS, option: value})
            for x, y in zip(base.checks, other.checks):
                if x.matches != y.matches:
                    (gained if y.matches else lost).append(_key(name, y.line))
                if (name, y.line) in breaks and y.points == y.log_points:
                    fits.append(_key(name, y.line))
        out.append({"change": f"{option}={json.dumps(value)}", "gained": gained, "lost": lost, "fits": fits})
    return out


def measure_areas(replays: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """For each first break: every area value that alone gives the log's points (the
    value of the player's level in an area where it scores, changed by the difference) and what that value gains
    and loses over the logs. The replay's play never depends on an area's value, so each turn's points change by the
    changed value wherever its player stands at that level in that area and epoch: no replay is needed."""
    turns = {n: list(zip(r.checks, (ts[3] for ts in r.game.turn_scores))) for n, r in replays.items()}

    def effect(area: str, epoch: int, level: int, value: int) -> tuple[int, int]:
        gained = lost = 0
        for rows in turns.values():
            totals: Counter[int] = Counter()
            for c, bd in rows:
                delta = sum(value - r.values[level] for r in bd.regions
                            if c.epoch == epoch and r.name == area and r.armies and r.level == level)
                totals[c.player] += c.points + delta
                now = c.points + delta == c.log_points and totals[c.player] == c.log_total
                gained += now and not c.matches
                lost += c.matches and not now
        return gained, lost

    out = {}
    for name, r in replays.items():
        breaks = {d.line for d in differences(name, r) if d.what == "first break"}
        for c, bd in turns[name]:
            if c.line not in breaks:
                continue
            found = []
            for reg in bd.regions:
                value = reg.values[reg.level] + c.log_points - c.points if reg.armies and reg.level >= 0 else -1
                if value >= 0:
                    g, lo = effect(reg.name, c.epoch, reg.level, value)
                    found.append({"change": f"{reg.name}, Epoch {ROMAN[c.epoch]}, {LEVELS[reg.level]}: {reg.values[reg.level]} "
                                            f"-> {value}", "gained": g, "lost": lo})
            out[_key(name, c.line)] = sorted(found, key=lambda x: (x["lost"] - x["gained"], x["lost"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("check", "write", "measure", "update"))
    args = ap.parse_args(argv)
    replays = replay_all()
    if args.command == "measure":
        options, areas = measure_options(replays), measure_areas(replays)
        lines = [f'{{"turns as logged": {_matched(replays)},', ' "options": [']
        lines += [f"  {json.dumps(o)}," for o in options]
        lines[-1] = lines[-1].rstrip(",")
        lines += [" ],", ' "areas": {']
        lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in areas.items()]
        lines[-1] = lines[-1].rstrip(",")
        lines += [" }", "}"]
        MEASURED.write_text("\n".join(lines) + "\n", encoding="utf-8")  # one line per change: short diffs
        print(f"wrote {MEASURED.relative_to(ROOT)}; run write to regenerate the page")
        return 0
    if args.command == "update":
        print(*update(replays) or ["nothing to update"], sep="\n")
        return 0
    problems = check(replays)
    if args.command == "write":
        PAGE.write_text(render(replays), encoding="utf-8")
        print(f"wrote {PAGE.relative_to(ROOT)}")
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
