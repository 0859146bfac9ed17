"""Every difference between the classic replay and the ten game logs has an entry with its cause, and the docs page
that lists them is current (scripts/classic_log_differences.py; docs/classic-log-differences.md).

A fix that removes a first break or a line not played leaves a stale entry, and a change that adds one leaves a
difference without an entry: either fails here until ``scripts/classic_log_differences.py check`` is clean and
``write`` has regenerated the page. The ten replays are shared with test_logs.py (helpers.replay_of).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.rules_classic.helpers import LOGS, load_script, replay_of

cld = load_script("classic_log_differences")


@pytest.fixture(scope="module")
def replays() -> dict[str, Any]:
    return {f.name: replay_of(f) for f in sorted(LOGS.glob("*.txt"))}


def test_every_difference_has_an_entry_and_no_entry_is_stale(replays: dict[str, Any]) -> None:
    assert cld.check(replays) == []


def test_the_differences_page_is_current(replays: dict[str, Any]) -> None:
    assert cld.PAGE.read_text(encoding="utf-8") == cld.render(replays), \
        "run .venv/bin/python scripts/classic_log_differences.py write"


def test_every_turn_that_does_not_match_is_classified(replays: dict[str, Any]) -> None:
    for name, replay in replays.items():
        rows = cld.classify(replay)
        assert len(rows) == len(replay.checks)
        assert sum(r["class"] == "matched" for r in rows) == sum(c.matches for c in replay.checks), name
        breaks = {d.line for d in cld.differences(name, replay) if d.what == "first break"}
        for r, c in zip(rows, replay.checks):
            assert r["class"] in ("matched", "points match", "points differ")
            if r["class"] == "points match":  # only the total is off: an earlier first break of that player
                assert c.points == c.log_points and int(r["why"].rsplit(" ", 1)[1]) in breaks
                assert int(r["why"].rsplit(" ", 1)[1]) < c.line
            if r["class"] == "points differ":
                assert r["why"]


def test_a_fix_that_removes_a_difference_leaves_a_stale_entry(replays: dict[str, Any]) -> None:
    name = "game004.txt"  # a log with lines the replay cannot play (monuments 333, a fort 432)
    r = replays[name]
    gone = r.notes[0].line  # a line the replay cannot play, played after a fix
    fixed = dataclasses.replace(r, notes=[n for n in r.notes if n.line != gone])
    assert cld.check({**replays, name: fixed}) == [
        f"{name} line {gone} (not played): stale, the difference no longer occurs (remove the entry)"]
    first = min(cld.first_break_checks(r).values())  # a player's first break, and that player's later turns
    player, line = r.checks[first].player, r.checks[first].line
    checks = [dataclasses.replace(c, points=c.log_points, total=c.log_total) if c.player == player else c
              for c in r.checks]
    problems = cld.check({**replays, name: dataclasses.replace(r, checks=checks)})
    assert f"{name} line {line} (first break): stale, the difference no longer occurs (remove the entry)" in problems


def test_a_change_that_adds_a_difference_is_a_difference_without_an_entry(replays: dict[str, Any]) -> None:
    name = "game005.txt"  # a log with lines the replay cannot play (monuments 337, 571)
    r = replays[name]
    line = r.checks[0].line - 1  # a line of the first turn, played as logged
    note = dataclasses.replace(r.notes[0], line=line, why="an example")
    problems = cld.check({**replays, name: dataclasses.replace(r, notes=[note, *r.notes])})
    assert problems == [f"game005.txt line {line} (not played): no entry ("
                        f"{cld._turn_name(r, 1, r.checks[0].empire, r.checks[0].player)}; an example)"]
    c = r.checks[0]
    assert c.matches
    checks = [dataclasses.replace(c, points=c.points + 1, total=c.total + 1), *r.checks[1:]]
    problems = cld.check({**replays, name: dataclasses.replace(r, checks=checks)})
    assert any(p.startswith(f"game005.txt line {c.line} (first break): no entry") for p in problems)


def test_an_entry_needs_a_known_cause_and_an_unexplained_one_what_was_tried() -> None:
    good = {"line": 1, "what": "first break", "turn": "t", "log_minus_engine": 1, "cause": "tie outcome",
            "explanation": "x", "evidence": ["game001.txt line 1"]}
    assert cld.entry_problems(good) == []
    assert cld.entry_problems({**good, "cause": "bad luck"}) == ["unknown cause 'bad luck'"]
    assert cld.entry_problems({**good, "cause": "unexplained"}) == ["'unexplained' without what was tried ('tried')"]
    assert cld.entry_problems({**good, "what": "not played"}) == [
        "'log_minus_engine' belongs to first breaks, and only to them"]
    # what was tried for many entries alike is said once (shared.json) and named by its key
    assert cld.entry_problems({**good, "cause": "unexplained", "tried": ["@late-causes"]}) == []
    assert cld.entry_problems({**good, "cause": "unexplained", "tried": ["@no-such"]}) == [
        "'tried' names '@no-such', which shared.json does not hold"]


def test_the_page_says_what_was_tried_for_many_entries_once() -> None:
    page = cld.PAGE.read_text(encoding="utf-8")
    shared = cld.load_shared()
    assert shared and all(page.count(v["text"]) == 1 for v in shared.values())
    assert page.count("(#tried-for-many-entries)") >= len(shared)


def test_update_removes_stale_entries_and_adds_new_differences_to_examine(replays: dict[str, Any], tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    for f in cld.DATA.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(cld, "DATA", tmp_path)
    monkeypatch.setattr(cld, "MEASURED", tmp_path / "measured.json")
    monkeypatch.setattr(cld, "SHARED", tmp_path / "shared.json")
    name = "game004.txt"  # a log with lines the replay cannot play
    r = replays[name]
    line, gone = r.checks[0].line - 1, r.notes[0].line
    changed = dataclasses.replace(r, notes=[dataclasses.replace(r.notes[0], line=line, why="an example"),
                                            *[n for n in r.notes if n.line != gone]])
    others = {**replays, name: changed}
    review = cld.update(others)
    assert f"{name} line {gone} (not played): removed, the difference no longer occurs" in review
    assert f"{name} line {line} (not played): new, added as not yet examined" in review
    assert cld.check(others) == []
    new = next(e for e in cld.load_entries(name) if e["line"] == line)
    assert new["cause"] == "unexplained" and new["tried"] and "an example" in new["explanation"]
