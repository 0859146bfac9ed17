"""The Epoch V-VII excess measurements (scripts/classic_log_excess.py) on one real log and on made-up positions."""

from __future__ import annotations

from typing import Any

from tests.rules_classic.helpers import LOGS, load_script

cle = load_script("classic_log_excess")

_ONE: dict[str, Any] = {}


def one_log() -> tuple[Any, dict[str, list[Any]]]:
    if not _ONE:
        _ONE["it"] = cle.positions([LOGS / "game001.txt"])
    return _ONE["it"]


def test_the_kept_positions_rescore_to_the_engines_own_points_turn_by_turn() -> None:
    ctx, logs = one_log()
    (ps,) = logs.values()
    assert len(ps) > 30 and {p.epoch for p in ps} == set(range(1, 8))
    assert [ctx.area_points(p) + ctx.structure_points(p) for p in ps] == [p.points for p in ps]
    # each position knows the log's turns up to itself, in order
    assert [q.line for q in ps[-1].history] == [p.line for p in ps]


def test_a_change_that_adds_nothing_measures_nothing_and_one_that_adds_the_difference_explains_every_turn() -> None:
    ctx, logs = one_log()
    late = [p for p in logs["game001.txt"] if p.epoch >= cle.FROM]
    assert cle.measure(ctx, logs, lambda c, p: 0)[:4] == (0, 0, 0, 0)
    unchanged = dict((what, extra) for what, extra, _start in cle.hypotheses())[
        "areas: the summary's levels (unchanged; a check that measures nothing)"]
    assert cle.measure(ctx, logs, unchanged)[:4] == (0, 0, 0, 0)
    g, lo, explained, disturbed, r = cle.measure(ctx, logs, lambda c, p: p.off)
    assert explained == sum(1 for p in late if p.off) > 0 and disturbed == 0 and lo == 0 and r > 0.99
    # one point on every late turn: each turn whose points were the log's is disturbed
    assert cle.measure(ctx, logs, lambda c, p: 1)[3] == sum(1 for p in late if not p.off)


def test_fleets_stay_on_the_board_two_a_sea_the_last_placed() -> None:
    ctx, _logs = one_log()
    made: list[Any] = []  # three turns of one log, each position's history the log's turns so far (all three)
    for player, seas in ((0, {"black_sea", "atlantic_ocean"}), (1, {"black_sea"}), (2, {"black_sea", "red_sea"})):
        made.append(cle.Position("x", 0, 5, player, "franks", [], 0, 0, 0, 0, True, {}, {}, {}, seas, 0, 3,
                                 history=made))
    last = made[-1]
    assert dict(cle.fleets_left(ctx, last)) == {"black_sea": [0, 1, 2], "red_sea": [2]}  # oceans are not seas
    assert dict(cle.fleets_left(ctx, last, keep=2)) == {"black_sea": [1, 2], "red_sea": [2]}
    assert cle.fleets_of(ctx, last) == {"black_sea", "red_sea"}
    assert cle.fleets_of(ctx, last, before=True) == set()  # player 2 placed no fleet before


def test_the_chart_fit_only_gains_on_the_turns_it_is_fitted_to() -> None:
    ctx, logs = one_log()
    before, after, fit = cle.chart_fit(ctx, logs, 7)
    turns = [p for p in logs["game001.txt"] if p.epoch == 7]
    assert before == sum(1 for p in turns if not p.off) and after >= before
    assert all(-4 <= d <= 4 and d for d in fit.values())
    # the fit's cells, applied, give the fitted count
    assert sum(1 for p in turns if sum(fit.get((r, lv), 0) for r, lv in cle.levels(ctx, p).items()) == p.off) == after
