"""Time exact battle and siege odds, cold (empty caches) and warm; figures, not tests.

Goal: any battle or siege query <= 1 ms after warm-up, and the first call fast too.
Run: .venv/bin/python scripts/bench_odds.py
"""

from __future__ import annotations

import itertools
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

_t0 = time.perf_counter()
from hotw.rulesets.hotw2018 import battle as combat  # noqa: E402  (timed import)

IMPORT_MS = (time.perf_counter() - _t0) * 1e3
WARM_REPEATS = 2000
COLD_REPEATS = 50


def cold_ms(call: Callable[[], object]) -> float:
    """Median time of ``call`` right after every odds cache is emptied."""
    times = []
    for _ in range(COLD_REPEATS):
        combat.clear_odds_cache()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def warm_ms(call: Callable[[], object]) -> float:
    """Mean time of ``call`` once its result is cached."""
    call()
    start = time.perf_counter()
    for _ in range(WARM_REPEATS):
        call()
    return (time.perf_counter() - start) / WARM_REPEATS * 1e3


def flag_text(setup: combat.BattleSetup) -> str:
    """Short label of a setup's non-default fields."""
    default = combat.BattleSetup()
    parts = [
        f"{name}={getattr(setup, name)}" if not isinstance(getattr(setup, name), bool) else name
        for name in ("invader_dice", "fortified", "terrain", "naval", "invader_bonus", "invader_wins_ties")
        if getattr(setup, name) != getattr(default, name)
    ]
    return ", ".join(parts) or "plain"


def main() -> None:
    """Print the machine, then cold and warm times per flag combination and for 10-army sieges."""
    print(f"python {platform.python_version()} on {platform.machine()} ({sys.platform}), os.cpu_count() = {os.cpu_count()}")
    print(f"import hotw.rulesets.hotw2018.battle: {IMPORT_MS:.2f} ms")
    print(f"cold = median of {COLD_REPEATS} calls on empty caches; warm = mean of {WARM_REPEATS} cached calls")
    print()
    rows: list[tuple[str, str, float, float]] = []
    for dice, fortified, terrain, naval, wins_ties in itertools.product(
        (2, 3), (False, True), (False, True), (False, True), (False, True)
    ):
        setup = combat.BattleSetup(
            invader_dice=dice, fortified=fortified, terrain=terrain, naval=naval, invader_wins_ties=wins_ties
        )
        rows.append(("battle", flag_text(setup), cold_ms(lambda: combat.battle_odds(setup)), warm_ms(lambda: combat.battle_odds(setup))))
    rows.append(("battle kw", "terrain, fortified (keywords)", cold_ms(lambda: combat.battle_odds(terrain=True, fortified=True)), warm_ms(lambda: combat.battle_odds(terrain=True, fortified=True))))
    for setup in (
        combat.BattleSetup(),
        combat.BattleSetup(fortified=True, terrain=True, naval=True),
        combat.BattleSetup(invader_dice=3, fortified=True, terrain=True, naval=True, invader_bonus=1),
    ):
        def siege(setup: combat.BattleSetup = setup) -> object:
            return combat.siege_report(setup, armies=10)

        rows.append(("siege 10", flag_text(setup), cold_ms(siege), warm_ms(siege)))
    huge = combat.BattleSetup(fortified=True, terrain=True, naval=True)
    rows.append(("siege 200", flag_text(huge), cold_ms(lambda: combat.siege_report(huge, armies=200)), warm_ms(lambda: combat.siege_report(huge, armies=200))))

    width = max(len(r[1]) for r in rows)
    print(f"{'query':<10} {'setup':<{width}} {'cold ms':>8} {'warm ms':>8}")
    for kind, label, cold, warm in rows:
        print(f"{kind:<10} {label:<{width}} {cold:8.3f} {warm:8.4f}")
    colds = [r[2] for r in rows]
    warms = [r[3] for r in rows]
    print()
    print(f"worst cold {max(colds):.3f} ms, worst warm {max(warms):.4f} ms (goal: warm <= 1 ms)")


if __name__ == "__main__":
    main()
