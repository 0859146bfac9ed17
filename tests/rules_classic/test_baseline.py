"""The chance baseline's arithmetic (scripts/classic_log_baseline.py) on a tiny made-up case, no replay."""

from __future__ import annotations

from tests.rules_classic.helpers import load_script

clb = load_script("classic_log_baseline")

T = clb.Turn
#: two logs. Log 0: player 0 scores 3 (log 3), then 4 (log 5), then 2 (log 2): the second turn is its first break,
#: the third inherits it. Player 1 scores 6 as logged. Log 1: player 0 scores 1 (log 1), as logged.
LOGS = [[T(0, 3, 3, 3), T(1, 6, 6, 6), T(0, 4, 5, 8), T(0, 2, 2, 10)],
        [T(0, 1, 1, 1)]]


def test_nothing_changed_gains_and_loses_nothing() -> None:
    assert clb.tally(LOGS, lambda i, j, t: t.points) == (0, 0)


def test_fixing_a_first_break_gains_it_and_every_turn_after_it_that_only_inherited_it() -> None:
    # one point more in log 0's third turn: it and player 0's next turn (whose points were right) score as logged
    assert clb.tally(LOGS, lambda i, j, t: t.points + (i == 0 and j == 2)) == (2, 0)


def test_breaking_a_turn_loses_it_and_the_running_totals_after_it() -> None:
    # one point less in log 0's first turn: that turn is lost, the turns after it stay off
    assert clb.tally(LOGS, lambda i, j, t: t.points - (i == 0 and j == 0)) == (0, 1)
    # one point more there: lost too, but the last turn's total now comes out as the log's (two misses cancel)
    assert clb.tally(LOGS, lambda i, j, t: t.points + (i == 0 and j == 0)) == (1, 1)
    # one point less for player 0 in log 1 loses only that log's turn; player 1 is untouched
    assert clb.tally(LOGS, lambda i, j, t: t.points - (i == 1)) == (0, 1)
    # a change that fixes the break and breaks player 1 at once: +2, -1
    assert clb.tally(LOGS, lambda i, j, t: t.points + (i == 0 and j == 2) - (t.player == 1)) == (2, 1)


def test_as_good_counts_candidates_that_gain_at_least_as_much_and_lose_no_more() -> None:
    cands = [(3, 0), (4, 0), (3, 1), (2, 0), (5, 2), (0, 0), (3, 0)]
    assert clb.as_good(3, 0, cands) == 3
    assert clb.as_good(3, 1, cands) == 4
    assert clb.as_good(1, 0, cands) == 4
    assert clb.as_good(6, 9, cands) == 0


def test_the_rescorer_gives_the_replays_own_points_and_an_area_value_moves_only_its_turns() -> None:
    # one real log: the snapshot of each scored turn re-scores to the engine's points (the baseline rests on that)
    (replay, snaps), = clb.replay_with_snapshots([clb.LOGS / "game001.txt"]).values()
    assert len(snaps) == len(replay.checks) > 30
    assert [clb.rescore(s) for s in snaps] == [c.points for c in replay.checks]
    # Southern Europe worth 10 more for presence, dominance and control: only turns scoring it change, by 10
    scoring = [s for s in snaps if "southern_europe" in clb._levels(s)]
    other = [s for s in snaps if "southern_europe" not in clb._levels(s)]
    assert scoring and other
    for s in (scoring[0], other[0]):
        bumped = clb.rescore(s, values={"southern_europe": tuple(v + 10 for v in s.values["southern_europe"])})
        assert bumped - clb.rescore(s) == (10 if s in scoring else 0)
