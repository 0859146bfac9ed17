"""The event cards the classic game logs play, epoch by epoch, against the epochs each card may be played in.

    .venv/bin/python scripts/classic_log_cards.py             # the ten logs of tests/data/classic-logs/
    .venv/bin/python scripts/classic_log_cards.py --heldout   # the held-out logs (nothing is fitted to them)

Reads every "PlayerN plays EMPIRE with the X card" line (``hotw.rulesets.classic.logparse``) and prints, per event
card, its epochs in ``events.json`` (most of them authored: the 1993 reference gives few) and how many times the
logs play it in each epoch; then each play outside the card's epochs, and whether the online game's terms
(``online_events.json``, option ``online_events``) allow it. docs/rules-classic.md, section 4, prints the table.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "classic-logs"
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")


@lru_cache(maxsize=None)
def _game() -> Any:
    """A classic game under the online event terms: its board and cards read the logs, ``event_terms`` the terms."""
    import hotw

    return hotw.new_game("classic", ["a", "b", "c"], 0, options={"online_events": True})


def plays(files: list[Path]) -> list[tuple[str, int, int, str, str]]:
    """(log, line, epoch, empire, event card) of every event card the logs play."""
    from hotw.rulesets.classic.logparse import parse_log

    game = _game()
    out = []
    for f in files:
        log = parse_log(f.read_text(encoding="utf-8"), game.board, game.content, f.name)
        for ep in log.epochs:
            for t in ep.turns:
                out += [(f.name, t.play.line, ep.number, t.empire, c) for c in t.cards if c in game.content.events]
    return out


def outside(files: list[Path]) -> list[tuple[str, int, int, str, str, bool]]:
    """The plays outside their card's epochs: (log, line, epoch, empire, card, whether online_events allows it)."""
    game = _game()
    rows = []
    for name, line, epoch, empire, card in plays(files):
        first, last = game.content.events[card].epochs
        if not first <= epoch <= last:
            (a, b), _terms = game.event_terms(card)
            rows.append((name, line, epoch, empire, card, a <= epoch <= b))
    return rows


def table(files: list[Path]) -> list[str]:
    """The markdown table: each card, its epochs, and its plays per epoch."""
    events = _game().content.events
    seen: dict[str, Counter[int]] = defaultdict(Counter)
    for _name, _line, epoch, _empire, card in plays(files):
        seen[card][epoch] += 1
    lines = ["| card | its epochs | " + " | ".join(ROMAN[1:]) + " | plays |", "|---|---|" + "---|" * 8]
    for card in sorted(seen, key=lambda c: events[c].name):
        ev, n = events[card], seen[card]
        band = ROMAN[ev.epochs[0]] + ("-" + ROMAN[ev.epochs[1]] if ev.epochs[1] != ev.epochs[0] else "")
        cells = [str(n[e]) if n[e] else "" for e in range(1, 8)]
        lines.append(f"| {ev.name} | {band} | " + " | ".join(cells) + f" | {sum(n.values())} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heldout", action="store_true", help="the held-out logs (tests/data/classic-logs/heldout/)")
    args = ap.parse_args(argv)
    files = sorted((LOGS / "heldout" if args.heldout else LOGS).glob("*.txt"))
    print("\n".join(table(files)))
    print()
    for name, line, epoch, empire, card, allowed in outside(files):
        print(f"{name} line {line}: {card} played in Epoch {ROMAN[epoch]} ({empire}); "
              + ("online_events allows it" if allowed else "outside the online terms too"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
