"""The systematic search for the Epoch V-VII excess (scripts/classic_log_search.py): its feature table reproduces the
engine's points of every late turn of a real log, and the search finds a formula planted in the residuals."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_classic.helpers import LOGS, load_script

np = pytest.importorskip("numpy", reason="the search's tables are numpy arrays (numpy comes with the test extra's pandas)")

cle = load_script("classic_log_excess")
cls = load_script("classic_log_search")

_ONE: dict[str, Any] = {}


def one_log() -> tuple[Any, list[Any]]:
    if not _ONE:
        ctx, logs = cle.positions([LOGS / "game001.txt"])
        _ONE["it"] = ctx, cls.late_turns(logs)
    return _ONE["it"]


def test_the_feature_table_gives_the_engines_points_of_every_late_turn() -> None:
    ctx, ps = one_log()
    assert len(ps) > 15 and {p.epoch for p in ps} == {5, 6, 7}
    feat = cls.Features(ctx, ["reallocation"])
    pts = ctx.game.opts["structure_points"]
    for p in ps:
        row = feat.row(p)
        assert row["area points"] + pts[0] * row["capitols"] + pts[1] * row["cities"] + pts[2] * row["monuments"] \
            == p.points, (p.line, row)
        assert row["area points"] == ctx.area_points(p) == sum(row[f"{r}: points"] for r in feat.regions)
        assert row["lands"] == len(p.held()) == row["lands of the acting empire"] + row[
            "lands of the player's other forces"]
        acting = ctx.content.empires[p.empire].name  # the forces are named as the cards are
        assert row["lands of the acting empire"] == sum(1 for t in p.held() if p.force[t] == acting)
        assert row["areas present"] == sum(row[f"{r}: present"] for r in feat.regions)
        assert row[f"epoch {p.epoch}"] if p.epoch > 5 else not (row["epoch 6"] or row["epoch 7"])
        # each area's level is one of its Epoch cells, and only in the turn's epoch
        for r in feat.regions:
            cells = [row[f"{r}: {lv} in Epoch {e}"] for lv in ("present", "dominated", "controlled")
                     for e in (5, 6, 7)]
            assert sum(cells) == row[f"{r}: present"]
        assert row["card: reallocation"] == ("reallocation" in p.cards)
    assert sum(1 for p in ps if feat.row(p)["lands of the acting empire"]) > len(ps) // 2


def test_the_table_keeps_the_residuals_and_drops_constant_features() -> None:
    ctx, ps = one_log()
    names, F, r = cls.table(cls.Features(ctx), ps)
    assert list(r) == [p.off for p in ps]
    assert F.shape == (len(names), len(ps)) and names[0] == "one" and (F[0] == 1).all()
    assert all(len(set(F[i])) > 1 for i in range(1, len(names)))  # no other constant column
    assert len({tuple(c) for c in F}) == len(names)  # no column twice


def test_the_search_finds_a_formula_planted_in_the_residuals_and_chance_does_not() -> None:
    ctx, ps = one_log()
    names, F, _r = cls.table(cls.Features(ctx), ps)
    i, j = names.index("lands"), names.index("capitols")
    planted = 2 * F[i] - F[j]
    (fit, changed, formula), *_ = cls.search(names, F, planted, top=3)
    assert fit == len(ps)
    assert (cls.predict(formula, names, F) == planted).all()
    assert changed == 0
    single, pair = cls.best_fits(F, planted)
    assert pair == len(ps) and single < len(ps)
    # the residuals shuffled: no formula of the table fits them all
    shuffled = planted.copy()
    np.random.default_rng(0).shuffle(shuffled)
    assert cls.best_fits(F, shuffled)[1] < len(ps)
    assert cls.show(((2, "lands"), (-1, "capitols"))) == "2*[lands] - 1*[capitols]"


def test_the_clean_turns_are_played_as_logged_on_a_total_that_was_the_logs() -> None:
    ctx, ps = one_log()
    clean = [p for p in ps if cls.is_clean(p)]
    assert clean and all(p.as_played for p in clean)
    for p in clean:
        assert all(q.total == q.log_total for q in p.history[:-1] if q.player == p.player)


def test_the_chart_fit_finds_planted_cell_changes() -> None:
    gen = np.random.default_rng(1)
    X = (gen.random((6, 80)) < 0.3).astype(np.int64)
    planted = np.array([2, 0, -1, 0, 3, 0])
    r = planted @ X
    d = cls.chart_l1(X, r)
    assert (d @ X == r).all() and (np.abs(d) <= 3).all()
    assert not cls.chart_l1(X, 0 * r).any()  # nothing to fit: nothing moves
