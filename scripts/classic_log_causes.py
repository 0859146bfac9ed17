"""The lines of the classic game logs the replay cannot play as logged, each with its cause.

Usage: ``.venv/bin/python scripts/classic_log_causes.py [--lines] [LOG ...]`` (default: the ten logs in
tests/data/classic-logs/). Prints, per log, the turns scored as logged and the lines not played as logged,
then the lines by cause (``--lines``: every line with its cause).

The causes (docs/rules-classic.md, section 5):

- ``board already differs``: the engine's armies stand elsewhere than the log's when the line comes (a land
  the log's force holds, or could reach, is not the engine's): a consequence of an earlier difference;
- ``no army left``: the engine's force has placed all its armies (an earlier battle cost one more there);
- ``missing link``: no land the log's player holds at that point (followed through the log itself) reaches
  the land over a land border, a strait, a link of the online board, or a sea or ocean both touch;
- ``navigation``: a land of the log's player and the target touch one sea, but the engine's force has no
  fleet there;
- ``fort``: the replay's forts (forts are never logged) differ from the online game's;
- ``monuments``, ``event``, ``card``: a monument line, an event's strike, a card played, that the engine
  cannot follow as logged (see the note's words).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import hotw
from hotw.reach import land_neighbours, marker_reach, touching
from hotw.rulesets.classic.links import online_coasts, online_links, online_navigation, with_links
from hotw.rulesets.classic.logparse import holdings

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "classic-logs"


def _holdings(log):  # type: ignore[no-untyped-def]
    """Line -> {land: player} as the log has it just before that line (event armies as -1)."""
    return {e.line: dict(owner) for _t, e, owner in holdings(log) if e is not None}


def _navigation(game) -> dict[str, tuple[str, ...]]:  # type: ignore[no-untyped-def]
    """The name of every force (empire or minor empire) -> its seas and oceans in the replay's options."""
    online = online_navigation(game.board) if game.opts["online_navigation"] else {}
    out = {e.name: online.get(e.id, e.navigation) for e in game.content.empires.values()}
    out.update({ev.empire.name: ev.empire.navigation for ev in game.content.events.values() if ev.empire})
    return out


def _cause(note, replay, before, board, nbrs, touch, lands_of, navigation) -> str:  # type: ignore[no-untyped-def]
    why = note.why
    if "army left for this battle" in why:
        return "event: an event's battle the engine has no army for"
    if "cannot be played now" in why:
        return "card played out of its epochs or terms"
    if "no army left" in why or "have no armies left" in why:
        return "no army left"
    if "already hold" in why or "is empty in the engine" in why or "turn had ended" in why \
            or "calls" in why or "does not start there" in why:
        return "board already differs"
    if "fort" in why:
        return "fort"
    if "monument" in why:
        return "monuments"
    if "no roll gives" in why:
        return "card: Jihad's ties"
    if "struck" in why or "chosen for this card" in why:
        return "event"
    if "treachery" in why:
        return "board already differs"
    if "is not next to" not in why:
        return "other"
    line = note.line
    land = next(e.get("land") for ep in replay.log.epochs for t in ep.turns for e in t.body if e.line == line)
    turn = next(t for ep in replay.log.epochs for t in ep.turns if t.play.line < line <= t.score.line)
    held = {t for t, p in before.get(line, {}).items() if p == turn.player}
    held |= {e.get("land") or e.get("space") for e in turn.body if e.line < line and e.kind in (
        "appeared", "expand", "win", "absorbed", "treachery")}
    if any(n in held for n in nbrs[land]):
        return "board already differs"
    force = why.split("is not next to a land of ", 1)[1].split(", across", 1)[0]
    fleets = replay.game.fleet_spaces(navigation.get(force, ()))
    fleets -= {s for e in turn.body if e.line < line and e.kind == "reallocation" for s in e.get("seas")}
    if any(land in lands_of[m] for m in marker_reach(touch, fleets, held)):
        return "board already differs"
    seas = [s for s in touch[land] if board.spaces[s].kind in ("sea", "ocean")]
    if any(not touch[s].isdisjoint(held) for s in seas):
        return "navigation"
    return "missing link"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="*", type=Path)
    ap.add_argument("--lines", action="store_true", help="every line not played as logged, with its cause")
    args = ap.parse_args(argv)
    files = args.logs or sorted(LOGS.glob("*.txt"))
    causes: Counter[str] = Counter()
    turns = lines = total = 0
    for path in files:
        replay = hotw.import_log(path)
        game = replay.game
        board = game.board
        nbrs = land_neighbours(board)
        touch = {k: set(v) for k, v in touching(board).items()}
        if game.opts["online_links"]:
            nbrs = with_links(nbrs, online_links(board))
            for land, sea in online_coasts(board):
                touch[land].add(sea)
                touch[sea].add(land)
        lands_of = {m: {t for t in v if board.spaces[t].kind == "land"} for m, v in touch.items()}
        navigation = _navigation(game)
        before = _holdings(replay.log)
        good = sum(c.matches for c in replay.checks)
        turns += good
        total += len(replay.checks)
        lines += len(replay.notes)
        print(f"{path.name:24} {good:3}/{len(replay.checks)} turns as logged, {len(replay.notes):3} lines not")
        for n in replay.notes:
            cause = _cause(n, replay, before, board, nbrs, touch, lands_of, navigation)
            causes[cause] += 1
            if args.lines:
                print(f"    line {n.line}: {cause}: {n.text[:70]} -- {n.why[:110]}")
    print(f"all: {turns}/{total} turns as logged, {lines} lines not played as logged")
    for cause, n in causes.most_common():
        print(f"{n:5}  {cause}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
