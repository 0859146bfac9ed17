"""A real game log spoiled at random: it imports, or it is one GameLogError naming its line, never a crash.

The hand-picked cases of test_logs.py (a log cut short, an unknown land or empire, two turns out of order) are the
ones a teacher is likeliest to meet; these are the rest: a line deleted, doubled, moved or joined to the next, a word
of one line replaced by a word of another, its numbers or a few of its characters changed, several of these at once.
The mutations are seeded, so a failure names a case that fails again.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hotw.errors import GameLogError
from hotw.rulesets.classic.logimport import import_log_text

LOGS = Path(__file__).resolve().parent.parent / "data" / "classic-logs"
FILES = sorted(LOGS.glob("*.txt"))
NAMED = re.compile(r"spoiled\.txt: line \d+: ")
KINDS = ("delete", "double", "swap", "cut", "word", "numbers", "join", "blank", "move", "characters")


def _spoil(lines: list[str], rng: random.Random, words: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        kind, k = rng.choice(KINDS), rng.randrange(len(lines))
        if kind == "delete":
            del lines[k]
        elif kind == "double":
            lines.insert(k, lines[k])
        elif kind == "swap":
            j = min(len(lines) - 1, k + rng.randint(1, 5))
            lines[k], lines[j] = lines[j], lines[k]
        elif kind == "cut":
            lines = lines[:k]
        elif kind == "word" and lines[k].split():
            said = lines[k].split()
            said[rng.randrange(len(said))] = rng.choice(words)
            lines[k] = " ".join(said)
        elif kind == "numbers":
            lines[k] = "".join(str(rng.randint(0, 99)) if c.isdigit() else c for c in lines[k])
        elif kind == "join" and k + 1 < len(lines):
            lines[k] = lines[k] + " " + lines.pop(k + 1)
        elif kind == "blank":
            lines[k] = ""
        elif kind == "move":
            moved = lines.pop(k)
            lines.insert(rng.randrange(len(lines) + 1), moved)
        elif kind == "characters" and lines[k]:
            chars = list(lines[k])
            for _c in range(rng.randint(1, 3)):
                chars[rng.randrange(len(chars))] = rng.choice("ab XZ:.,()07'-\t\u00e9\u3042")
            lines[k] = "".join(chars)
    return lines


@pytest.mark.parametrize("case", range(40))
def test_a_spoiled_log_imports_or_is_one_error_naming_its_line(case: int) -> None:
    rng = random.Random(case)
    path = FILES[case % len(FILES)]
    lines = path.read_text(encoding="utf-8").splitlines()
    words = [w for line in lines for w in line.split()]
    text = "\n".join(_spoil(lines, rng, words)) + "\n"
    try:
        replay = import_log_text(text, "spoiled.txt")
    except GameLogError as err:
        assert NAMED.match(str(err)), str(err)
        return
    assert replay.game.to_json()  # what imports is a whole game, saved like any other
