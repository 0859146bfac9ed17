"""Load-proof counts for `make bench` (``scripts/bench.py --instructions``): machine instructions per turn under
valgrind, and Python bytecodes per turn under a tracer, of seeded games of any checkout of hotw.

Run by bench.py; ``python scripts/bench_counts.py TREE BOT PLAYERS GAMES [RULESET]`` plays the games it counts.
"""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ENGINE = "first"  # always the first legal action: what the engine alone costs
HARDEST = "heuristic:hard"


def count_games(tree: str, bot: str, players: int, games: int, ruleset: str = "hotw2018") -> None:
    """Play ``games`` seeded games of ``ruleset`` (after a warm-up game) and print their turns (empire turns, a
    Heroes player's turns): what :func:`instructions` runs under valgrind; with ``HOTW_BENCH_BYTECODES`` set, the
    bytecodes run in those games too (:func:`bytecodes`)."""
    sys.path.insert(0, tree)
    import hotw
    from hotw.bots import make_bot

    def play(s: int) -> int:
        game = hotw.new_game(ruleset, [f"P{i}" for i in range(players)], s)
        bots = None if bot == ENGINE else [make_bot(bot, f"{s}:{i}", ruleset) for i in range(players)]
        while not game.is_over:
            game.apply_legal(game.legal_actions()[0] if bots is None else bots[game.to_decide[0]].choose(game))
        return len(game.turn_scores)

    play(10_000)
    # the collector's counts made the same whatever ran before (else what the measuring script imported moves when
    # the games' collections fall: about 1% of a hard turn's instructions)
    gc.collect()
    if not os.environ.get("HOTW_BENCH_BYTECODES"):
        print(sum(play(1 + g) for g in range(games)))
        return
    ran = [0]  # bytecodes(): every bytecode of the games counted by a tracer (its own calls are never traced)

    def step(frame: Any, event: str, arg: Any) -> Any:
        if event == "opcode":
            ran[0] += 1
        return step

    def call(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        return step

    sys.settrace(call)
    turns = sum(play(1 + g) for g in range(games))
    sys.settrace(None)
    print(ran[0], turns)


def _child(tree: Path, bot: str, players: int, games: int, ruleset: str, *prefix: str,
           **env: str) -> subprocess.CompletedProcess[str]:
    """This script run on ``tree`` as a child (``prefix``: valgrind's command before it), the hash seed fixed so that
    set order, and the counts, repeat exactly."""
    return subprocess.run([*prefix, sys.executable, str(Path(__file__).resolve()), str(tree), bot, str(players),
                           str(games), ruleset], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": "0", **env})


def instructions(tree: Path, bot: str, players: int, games: int = 3, ruleset: str = "hotw2018") -> float | None:
    """Millions of machine instructions per empire turn (valgrind): a figure the machine's load cannot move."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None

    def run(n: int) -> tuple[int, int]:
        done = _child(tree, bot, players, n, ruleset, valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null")
        collected = [line for line in done.stderr.splitlines() if "Collected :" in line]
        return int(collected[-1].split(":")[-1]), int(done.stdout.split()[-1])

    # compiled first: else the 0-game baseline alone pays for compiling edited files and the tree looks cheaper
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "hotw"), str(Path(__file__).resolve().parent)],
                   capture_output=True, check=False)
    base, _ = run(0)
    total, turns = run(games)
    return (total - base) / 1e6 / turns


def bytecodes(tree: Path, bot: str, players: int, games: int = 3, ruleset: str = "hotw2018") -> float:
    """Python bytecodes run per turn of the games ``instructions`` counts (functions written in Python only): as
    load-proof, and nearer the CPU when a change moves interpreter steps rather than work done in C."""
    done = _child(tree, bot, players, games, ruleset, HOTW_BENCH_BYTECODES="1")
    ran, turns = done.stdout.split()[-2:]
    return int(ran) / int(turns)


def bench_instructions(paths: list[tuple[Path, str]], rulesets: tuple[str, ...] = ("hotw2018",)) -> None:
    """Instructions (and bytecodes) per turn of every ruleset of the table, engine alone and hardest bot, at 3, 4
    and 6 players (or the most the ruleset allows)."""
    if shutil.which("valgrind") is None:
        print("skipped: valgrind is not installed")
        return
    from hotw.rulesets import get_ruleset

    for ruleset in rulesets:
        most = get_ruleset(ruleset).max_players
        unit = "player turn" if ruleset == "heroes" else "empire turn"
        name = "2018" if ruleset == "hotw2018" else ruleset
        for bot in (ENGINE, HARDEST):
            for players in sorted({min(n, most) for n in (3, 4, 6)}):
                counts = [(label, instructions(path, bot, players, ruleset=ruleset),
                           bytecodes(path, bot, players, ruleset=ruleset)) for path, label in paths]
                ratio = (f"; now {counts[0][1] / counts[1][1]:.2f} and {counts[0][2] / counts[1][2]:.2f} of before"
                         if len(counts) == 2 else "")
                print(f"{name}, {'engine alone' if bot == ENGINE else bot}, {players} players: " + "; ".join(
                    f"{label}: {n:.3f} M instructions, {b:,.0f} bytecodes per {unit}" for label, n, b in counts)
                      + ratio, flush=True)


if __name__ == "__main__":
    tree, bot, players, games, *ruleset = sys.argv[1:]
    count_games(tree, bot, int(players), int(games), *ruleset)
