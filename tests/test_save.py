"""Save files: exact replay, and every kind of broken file rejected with a clear reason."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import hotw
from hotw.game import state_names
from hotw.save import MAX_BYTES


def _mid_game(seed: int = 4, steps: int = 150) -> hotw.Game:
    g = hotw.new_game(players=["Ada", "Ben", "Cy", "Dee"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_round_trip_gives_identical_state() -> None:
    g = _mid_game()
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key()
    assert again.log == g.log
    assert again.legal_actions() == g.legal_actions()


def test_future_dice_continue_identically_after_loading() -> None:
    a = _mid_game(seed=9, steps=80)
    b = hotw.load_game(a.to_json())
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not a.is_over:
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert a.state_key() == b.state_key()


def test_save_file_is_plain_json_with_format_version() -> None:
    doc = json.loads(_mid_game().to_json())
    assert doc["format"] == "hotw-save" and doc["version"] == 1
    assert all(isinstance(a, str) for a in doc["actions"])


def _doc() -> dict:
    return json.loads(_mid_game(steps=40).to_json())


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda t: t[: len(t) // 2], "not complete JSON"),
        (lambda t: "", "not complete JSON"),
        (lambda t: "[1, 2]", "top level"),
        (lambda t: "x" * (MAX_BYTES + 1), "more than"),
        (lambda t: "[" * 100000, "JSON|nested"),
    ],
)
def test_broken_text_rejected(mutate, message) -> None:
    with pytest.raises(hotw.SaveFileError, match=message):
        hotw.load_game(mutate(_mid_game(steps=40).to_json()))


#: what the notebook game saves beside the replay of a real game's log (hotw/ui/logscores.py)
_LOG = {"source": "game001.txt", "turns": [[3, 3, 3, 3], [2, 5, 4, 7]], "winner": 1, "points": 7}


def test_a_save_may_keep_what_a_game_log_said_of_each_turn() -> None:
    from hotw.save import saved_game_log, with_game_log

    text = with_game_log(_mid_game(steps=30).to_json(), _LOG)
    assert hotw.load_game(text).history == hotw.load_game(_mid_game(steps=30).to_json()).history
    assert saved_game_log(text) == _LOG and saved_game_log(_mid_game(steps=30).to_json()) is None
    with pytest.raises(hotw.SaveFileError, match="game_log.points"):
        with_game_log(text, {**_LOG, "points": 1.5})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(format="pickle"), "format"),
        (lambda d: d.update(ruleset="chess"), "unknown ruleset"),
        (lambda d: d.update(players="Ada"), "players"),
        (lambda d: d.update(players=["Ada"]), "3-6 players"),
        (lambda d: d.update(actions=d["actions"] + ["invade:atlantis"]), "action"),
        (lambda d: d.update(actions=d["actions"][:5] + ["draw:no_such_card"]), "action 6"),
        (lambda d: d.update(actions=[1, 2]), "action texts"),
        (lambda d: d.update(actions=["__import__('os')"]), "not an action"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d.pop("seed"), "missing field"),
        (lambda d: d.update(options={"player_armies": "lots"}), "player_armies"),
        (lambda d: d.update(options={"gravity": 2}), "options.gravity: is not a rule option"),
        (lambda d: d.update(game_log=[1]), "game_log: must be an object with source, turns"),
        (lambda d: d.update(game_log={**_LOG, "source": ""}), "game_log.source"),
        (lambda d: d.update(game_log={**_LOG, "turns": [[1, 2, 3]]}), "game_log.turns"),
        (lambda d: d.update(game_log={**_LOG, "turns": [[1, 2, 3, "4"]]}), "game_log.turns"),
        (lambda d: d.update(game_log={**_LOG, "winner": "Ada"}), "game_log.winner"),
    ],
)
def test_broken_content_rejected(change, message) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(hotw.SaveFileError, match=message):
        hotw.load_game(json.dumps(doc))


def test_check_save_cli(tmp_path) -> None:
    good = tmp_path / "good.json"
    good.write_text(_mid_game(steps=30).to_json())
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hotw-save"')
    run = lambda f: subprocess.run([sys.executable, "-m", "hotw.cli", "check-save", str(f)],  # noqa: E731
                                   capture_output=True, text=True)
    ok = run(good)
    assert ok.returncode == 0 and "valid" in ok.stdout
    broken = run(bad)
    assert broken.returncode == 2 and len(broken.stderr.strip().splitlines()) == 1
    missing = run(tmp_path / "nope.json")
    assert missing.returncode == 2


def test_undo_takes_back_last_decision_and_dice() -> None:
    g = _mid_game(steps=60)
    before = g.state_key()
    history = list(g.history)
    g.apply(g.legal_actions()[0])
    g.undo()
    assert g.state_key() == before and g.history == history


def test_a_2018_game_keeps_its_state_in_slots_and_undo_copies_every_one() -> None:
    g = _mid_game(steps=60)
    assert not hasattr(g, "__dict__")  # every attribute in a slot: no dict for CPython to read them through
    slots = {name for cls in type(g).__mro__ for name in cls.__dict__.get("__slots__", ())}
    names = state_names(g)
    assert len(names) == len(set(names)) and set(names) == slots  # all of them set, and named once
    twin = hotw.load_game(g.to_json())
    g.apply(g.legal_actions()[0])
    g.undo()
    assert state_names(g) == names and g.state_key() == twin.state_key() and g.log == twin.log


def test_undo_at_start_is_an_error() -> None:
    g = hotw.new_game(players=["A", "B", "C"], seed=1)
    with pytest.raises(hotw.IllegalActionError, match="nothing to undo"):
        g.undo()


def test_no_global_random_used() -> None:
    random.seed(123)
    state = random.getstate()
    _mid_game(steps=200)
    assert random.getstate() == state
