"""Simulation tables: their shape, the same table for a seed whatever the workers, compare, Dask, the CLI."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import hotw
from hotw.cli import main
from hotw.game import Game
from hotw.bots import make_bot
from hotw.errors import BotError
from hotw.observation import observation
from hotw.rulesets import get_ruleset, register
from hotw.rulesets.hotw2018.scoring import breakdown
from hotw.scoring import LandArmies, regions_of
from hotw.simulation import compare, run_games, simulate, wilson

pd = pytest.importorskip("pandas", reason="the simulation tables need pandas (pip install 'hotw[sim]')")

ROOT = Path(__file__).resolve().parent.parent
MIXED = "heuristic:hard,heuristic:easy,greedy,random"


def test_table_has_a_row_per_game_and_seat() -> None:
    df = simulate(players=4, bots=MIXED, games=3, seed=2, workers=1)
    assert list(df.columns[:11]) == ["game", "seed", "seat", "player", "bot", "empires", "points", "rank",
                                     "winner", "empire_turns", "start"]
    assert sorted(df[df.game == 0].start) == [1, 2, 3, 4]
    assert [c for c in df.columns if c.startswith("points_e")] == [f"points_e{e}" for e in range(1, 6)]
    assert len(df) == 12 and list(df.game.unique()) == [0, 1, 2]
    assert (df.groupby("game").winner.sum() == 1).all()
    assert (df.points == df.points_e5).all()
    assert (df[df.winner]["rank"] == 1).all()
    assert list(df.bot[:4]) == MIXED.split(",")
    assert all(len(e.split()) == 5 for e in df.empires)


def test_same_seed_same_table_whatever_the_workers() -> None:
    one = simulate(players=4, bots=MIXED, games=6, seed=7, workers=1)
    two = simulate(players=4, bots=MIXED, games=6, seed=7, workers=2)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, simulate(players=4, bots=MIXED, games=6, seed=7, workers=1))
    assert not one.equals(simulate(players=4, bots=MIXED, games=6, seed=8, workers=1))


def test_same_table_in_another_process_with_another_hash_seed(tmp_path) -> None:
    """Set iteration order changes with PYTHONHASHSEED; no choice may depend on it."""
    mine = simulate(players=3, bots="heuristic:hard,heuristic:medium,greedy", games=2, seed=4, workers=1)
    out = tmp_path / "other.csv"
    env = dict(os.environ, PYTHONHASHSEED="12345")
    subprocess.run([sys.executable, "-m", "hotw.cli", "simulate", "--players", "3", "--games", "2", "--seed", "4",
                    "--workers", "1", "--bot", "heuristic:hard,heuristic:medium,greedy", "--csv", str(out)],
                   check=True, cwd=ROOT, env=env, capture_output=True)
    other = pd.read_csv(out)
    for col in ("points", "empires", "points_e1", "points_e3"):
        assert list(other[col]) == list(mine[col]), col


def test_rotation_seats_every_bot_everywhere() -> None:
    df = simulate(players=3, bots="greedy,random,heuristic:easy", games=3, seed=1, workers=1, rotate=True)
    for game, part in df.groupby("game"):
        assert sorted(part.bot) == ["greedy", "heuristic:easy", "random"]
    assert set(df[df.seat == 0].bot) == {"greedy", "random", "heuristic:easy"}


def test_bad_arguments_are_explained() -> None:
    with pytest.raises(ValueError, match="one bot for all seats or one per seat"):
        simulate(players=4, bots="greedy,random", games=1)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(players=3, bots="clever", games=1)
    with pytest.raises(ValueError, match="workers must be"):
        simulate(players=3, games=1, workers=0)
    with pytest.raises(ValueError, match="backend must be"):
        simulate(players=3, games=1, workers=1, backend="spark")


def test_hotw_exports_simulate_and_compare_lazily() -> None:
    assert hotw.compare is compare and hotw.simulate is simulate
    assert isinstance(hotw.simulate(players=3, games=1, workers=1), pd.DataFrame)
    code = "import hotw; print(hotw.simulate.__module__, hotw.simulate.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["hotw.simulation", "simulate"]


def test_progress_bar_on_request(capsys) -> None:
    simulate(players=3, games=2, seed=1, workers=1, progress=True)
    assert "hotw games" in capsys.readouterr().err


# -- compare ---------------------------------------------------------------------------------


def test_wilson_interval() -> None:
    low, high = wilson(30, 100)
    assert round(low, 3) == 0.219 and round(high, 3) == 0.396
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_compare_returns_intervals() -> None:
    few = {"name": "half armies for the Assyrians", "empires": {"assyrians": {"armies": 3}}}
    table = compare(None, few, games=6, players=3, bots="greedy", seed=3, workers=1)
    assert set(table.measure) == {"win rate", "mean points"}
    assert list(table.group.unique()) == ["seat 1", "seat 2", "seat 3"]
    for _, row in table.iterrows():
        assert row.a_low <= row.a <= row.a_high and row.b_low <= row.b <= row.b_high
        assert row.change_low <= row.change <= row.change_high
    assert table.attrs["scenario_b"] == "half armies for the Assyrians"
    by_empire = compare(None, few, games=4, players=3, bots="greedy", seed=3, workers=1, by="empire")
    assert by_empire.group.nunique() > 5
    assyrians = by_empire[by_empire.group == "assyrians"].set_index("measure")
    assert set(assyrians.index) == {"win rate", "mean points", "epoch points"}
    assert assyrians.loc["epoch points", "b"] < assyrians.loc["epoch points", "a"]  # 3 armies instead of 6


# -- Dask --------------------------------------------------------------------------------------


def test_dask_local_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed (pip install 'hotw[dask]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(players=3, bots="greedy", games=4, seed=5, backend="dask", address=client)
    local = simulate(players=3, bots="greedy", games=4, seed=5, workers=1)
    pd.testing.assert_frame_equal(on_dask, local)


def test_local_runs_do_not_import_dask() -> None:
    code = ("import sys, hotw; hotw.simulate(players=3, games=1, workers=2); "
            "print([m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


# -- CLI -----------------------------------------------------------------------------------------


def test_cli_simulate_json_csv_and_scenario(tmp_path, capsys) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"name": "walls hold", "rules": {"tie_rule": "defender_holds"}}))
    csv = tmp_path / "games.csv"
    assert main(["simulate", "--games", "3", "--players", "3", "--bot", "heuristic:hard", "--workers", "1",
                 "--scenario", str(scenario), "--csv", str(csv), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and len(summary["wins_per_seat"]) == 3 and sum(summary["wins_per_seat"]) == 3
    assert set(summary["final_points"]) == {"mean", "min", "max"} and summary["scenario"] == "walls hold"
    assert summary["bot"] == "heuristic:hard" and summary["seconds"] >= 0
    assert len(pd.read_csv(csv)) == 9


def test_cli_reports_bad_bots_and_scenarios(tmp_path, capsys) -> None:
    assert main(["simulate", "--games", "1", "--bot", "heuristic:genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": {"catapult": 4}}')
    assert main(["simulate", "--games", "1", "--scenario", str(bad)]) == 2
    assert "rules.catapult" in capsys.readouterr().err


def test_bots_come_from_the_simulated_games_ruleset() -> None:
    """The 2018 game in a ruleset without bots of its own: only the generic bots play it."""
    botless = dataclasses.replace(get_ruleset("hotw2018"), name="botless_simulated_2018", bots_module=None)
    register(botless.name, lambda: botless)
    with pytest.raises(BotError, match="unknown bot 'greedy' for .*known bots: random$"):
        simulate(botless.name, players=3, bots="greedy", games=1, workers=1)
    df = simulate(botless.name, players=3, bots="random", games=2, seed=3, workers=1)
    assert list(df.points) == list(simulate(players=3, bots="random", games=2, seed=3, workers=1).points)


def test_run_summary_needs_no_pandas() -> None:
    run = run_games(players=3, games=2, seed=1, workers=1)
    assert run.summary()["games"] == 2 and len(run.rows) == 6


# -- the engine's fast paths agree with the full decision -------------------------------------


def test_fast_phase_checks_agree_with_the_decision() -> None:
    for seed in range(3):
        game = hotw.new_game(players=["A", "B", "C", "D"], seed=seed, auto_chance=False)
        rng = random.Random(seed)
        while True:
            d = game._decision()
            assert game._over() == (d.step == "game_over")
            assert game._is_chance() == d.is_chance
            if game._over():
                break
            assert game.to_decide == (d.player, d.step)
            assert observation(game, 0).region_counts == _recount(game.owner, game.board, game.n)  # public: the same for every seat
            game.apply(rng.choice(game.legal_actions()))


def test_the_classic_games_fast_step_is_its_decisions() -> None:
    steps = set()
    for seed in range(3):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed, auto_chance=False)
        rng = random.Random(seed)
        while True:
            d = game._decision()
            assert game.to_decide == (d.player, d.step), game.phase
            steps.add(d.step)
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert {"keep_or_give", "events", "expand", "monument", "roll", "draw_empire", "game_over"} <= steps


def test_the_classic_battle_die_drawn_by_bisection_is_the_one_the_weights_give() -> None:
    from hotw.game import Game

    rolls = 0
    for seed in range(3):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed, auto_chance=False)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == "battle":
                drawn = game.seeded_outcome()  # the classic game's draw, by bisection
                assert drawn == Game._chance_draw(game)  # the generic walk over the weights
                rolls += 1
                game.apply(drawn)
            else:
                game.apply(rng.choice(game.legal_actions()))
    assert rolls > 300


def _recount(armies: dict[str, int], board, n: int) -> dict[str, tuple[int, ...]]:
    counts = {}
    for region, reg in board.regions.items():
        seats = [armies.get(land) for land in reg.lands]
        counts[region] = tuple(seats.count(p) for p in range(n))
    return counts


def test_region_counts_follow_every_change_to_the_armies() -> None:
    board = hotw.new_game(players=["A", "B", "C"]).board
    region_lands = {r: tuple(reg.lands) for r, reg in board.regions.items()}
    armies = LandArmies(regions_of(region_lands), region_lands, 3)
    lands = sorted(board.lands())[:6]
    armies[lands[0]] = 1
    armies.update({lands[1]: 2, lands[2]: 2})
    armies.setdefault(lands[3], 0)
    armies[lands[1]] = 0  # an army changes hands
    assert armies.counts == _recount(armies, board, 3)
    assert armies.pop(lands[2]) == 2 and armies.pop(lands[5], None) is None
    del armies[lands[0]]
    assert armies.counts == _recount(armies, board, 3)
    armies |= {lands[4]: 1}
    assert armies.counts == _recount(armies, board, 3)
    armies[lands[0]] = 0
    armies.retake(lands[4], 2)  # a land won in battle: the army replaced, set down last
    assert armies.counts == _recount(armies, board, 3) and list(armies.items())[-1] == (lands[4], 2)
    with pytest.raises(ValueError):
        armies.retake(lands[4], 3)  # no such seat
    assert armies[lands[4]] == 2 and armies.counts == _recount(armies, board, 3)
    with pytest.raises(ValueError):
        armies[lands[5]] = 3  # no such seat
    armies.clear()
    assert set(armies.counts.values()) == {(0, 0, 0)}


def test_region_counts_follow_a_position_and_the_games_moves() -> None:
    lands = sorted(hotw.new_game(players=["A", "B", "C"]).board.lands())[:6]
    position = {"epoch": 2, "turn": ["romans", 0], "armies": {land: i % 3 for i, land in enumerate(lands)}}
    game = hotw.new_game(players=["A", "B", "C"], seed=5, options={"position": position})
    rng = random.Random(5)
    for _ in range(60):
        assert observation(game, 0).region_counts == _recount(game.owner, game.board, 3)
        game.apply(rng.choice(game.legal_actions()))
    assert game.score_breakdown(1) == breakdown(
        1, dict(game.owner), game._region_lands, game._region_names, game.region_values, game.tokens,
        game.monuments, game.n)  # counting again gives the same


def test_fast_dice_draw_what_the_general_walk_draws() -> None:
    def general_chance(game: hotw.Game) -> None:
        game.auto_chance = True
        Game._run_chance(game)  # the base class's walk over the outcome weights
        game.auto_chance = False

    for seed in range(3):
        fast = hotw.new_game(players=["A", "B", "C", "D"], seed=seed)
        general = hotw.new_game(players=["A", "B", "C", "D"], seed=seed, auto_chance=False)
        general_chance(general)
        bots = [make_bot("greedy", f"{seed}:{i}") for i in range(4)]
        while not fast.is_over:
            action = bots[fast.decision.player].choose(fast)
            fast.apply(action)
            general.apply(action)
            general_chance(general)
        assert general.history == fast.history and general.log == fast.log


@pytest.mark.parametrize("ask", [dict(workers=2), dict(workers=1, backend="dask", address="tcp://127.0.0.1:1")])
def test_in_a_web_page_processes_and_dask_fall_back_to_one_process(monkeypatch, ask) -> None:
    """Python in the static page (Pyodide, sys.platform 'emscripten') starts no process and reaches no
    cluster: a simulation says so and plays its games in this process, with the same table."""
    import hotw.workers

    def no_processes(*_args, **_kwargs):
        raise AssertionError("a worker process was started in a web page")

    expected = simulate(players=4, bots=MIXED, games=4, seed=5, workers=1)
    monkeypatch.setattr(hotw.workers, "run_in_processes", no_processes)
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.warns(RuntimeWarning, match="cannot start worker processes or reach a Dask cluster"):
        got = simulate(players=4, bots=MIXED, games=4, seed=5, **ask)
    assert got.equals(expected)


def test_in_a_web_page_the_default_is_one_process_without_a_warning(monkeypatch) -> None:
    import warnings

    import hotw.workers

    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(hotw.workers, "run_in_processes", lambda *_a, **_k: pytest.fail("a process was started"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(simulate(players=4, bots=MIXED, games=2, seed=5)) == 8


def _threshold_while_playing(task: int):
    import gc

    yield task, gc.get_threshold()[0]


def test_the_collector_runs_rarely_while_games_are_played_and_as_before_after() -> None:
    """Games are played with the collector's first threshold raised (their memos grow by a few tracked objects a
    turn, and at CPython's 700 it ran every few turns): in worker processes for their life, in this process
    only while the games are played (it may be a notebook's kernel)."""
    import gc

    from hotw.workers import COLLECT_AFTER, gather

    before = gc.get_threshold()
    for workers in (1, 2):
        seen: list[int] = []
        gather(_threshold_while_playing, [0, 1, 2], workers, "local", None, lambda _i, t: seen.append(t))
        assert seen == [max(before[0], COLLECT_AFTER)] * 3, workers
        assert gc.get_threshold() == before
