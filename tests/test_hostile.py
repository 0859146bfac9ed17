"""Hostile files and interrupted runs: every loader bounded, every error one clear line.

Three kinds of test:

- a corpus of known hostile inputs (alias bomb, /dev/zero, a FIFO, huge numbers, lone
  surrogates, deep nesting, other encodings, duplicate keys, paths out of the folder),
  run in a child process under a memory cap (RLIMIT_AS) and a timeout;
- Hypothesis properties over save files, scenarios, actions and rule options: any
  input either loads to a game that keeps its invariants and saves back identically,
  or raises the documented error as one line naming the file and the field, with a
  bounded peak of memory (tracemalloc) and a hang guard;
- simulations interrupted with SIGINT, or whose parent or worker is killed: they stop
  within seconds and leave no process behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

import hotw
from hotw.actions import Action
from hotw.errors import IllegalActionError, OptionError, SaveFileError, ScenarioError
from hotw.scenario import Scenario

hypothesis = pytest.importorskip("hypothesis", reason="the property tests need hypothesis (pip install 'hotw[test]')")
from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from test_random_games import check_invariants  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux") and Path("/proc/self/stat").exists()
MAX_MESSAGE = 600
PEAK_BYTES = 80_000_000  # what one load of a hostile input may allocate at most
HANG_SECONDS = 30  # a guard against hangs, not a speed test


def one_clear_line(err: BaseException, source: str) -> str:
    text = str(err)
    assert "\n" not in text and "\r" not in text, text[:200]
    assert len(text) <= MAX_MESSAGE, f"{len(text)} characters: {text[:200]}"
    assert text.startswith(f"{source}: "), text[:200]
    text.encode("utf-8")  # printable anywhere
    return text


@contextmanager
def bounded() -> Iterator[None]:
    """The block must finish within HANG_SECONDS and allocate at most PEAK_BYTES."""
    def hang(signum: int, frame: Any) -> None:
        raise AssertionError(f"still running after {HANG_SECONDS} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(HANG_SECONDS)
    tracemalloc.start()
    try:
        yield
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert peak <= PEAK_BYTES, f"peak {peak:,} bytes"


# --------------------------------------------------------------------------- the known hostile corpus

_CORPUS_RUNNER = textwrap.dedent("""
    import io, json, resource, sys, time, contextlib
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
    import hotw
    from hotw.cli import main
    from hotw.save import load_game, read_save_file
    from hotw.scenario import Scenario
    out = []
    for kind, arg in json.load(sys.stdin):
        start = time.perf_counter()
        err = io.StringIO()
        try:
            if kind == "save_file":
                load_game(read_save_file(arg), source=arg)
                result = ("loaded", "")
            elif kind == "save_text":
                load_game(arg, source="given.json")
                result = ("loaded", "")
            elif kind == "scenario_file":
                Scenario.load(arg)
                result = ("loaded", "")
            elif kind == "scenario_dict":
                Scenario.from_dict(arg, source="given.yaml")
                result = ("loaded", "")
            else:
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    code = main(arg)
                result = (f"exit {code}", err.getvalue())
        except BaseException as e:
            result = (type(e).__name__, str(e))
        out.append([result[0], result[1], time.perf_counter() - start])
    print(json.dumps(out))
""")


def _bomb(levels: int) -> str:
    parts = ["&a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        parts.append(f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "rules: {structure_points: [" + ", ".join(parts) + "]}\n"


def _small_save() -> str:
    game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=3)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    return game.to_json()


SAVE = _small_save()


def _corpus(tmp: Path) -> list[tuple[str, Any, str, str]]:
    """(kind, argument, expected error, text the message must hold)."""
    doc = json.loads(SAVE)
    (tmp / "bomb.yaml").write_text(_bomb(9))
    (tmp / "seed.json").write_text(json.dumps({**doc, "seed": "x" * 4_900_000}))
    (tmp / "bigint.json").write_text('{"seed":' + "1" * 4301 + "}")
    (tmp / "lone.json").write_text(json.dumps({**doc, "players": ["\ud800", "Ben", "Cy"]}))
    (tmp / "dup.json").write_text(SAVE[:-1] + ',"seed":4}')
    (tmp / "deep.json").write_text('{"name": ' + "[" * 100_000 + "]" * 100_000 + "}")
    (tmp / "deep.yaml").write_text("name: " + "[" * 2000 + "]" * 2000 + "\n")
    (tmp / "latin1.json").write_bytes('{"name": "caf\u00e9"}'.encode("latin-1"))
    (tmp / "utf16.json").write_bytes('{"name": "x"}'.encode("utf-16"))
    (tmp / "ruleset.json").write_text('{"ruleset": {}}')
    (tmp / "super2.json").write_text('{"region_tokens": {"\u00b2": {}}}')
    (tmp / "escape.json").write_text('{"start": {"save": "../../etc/hostname"}}')
    (tmp / "zero_save.json").write_text('{"start": {"save": "zero.json"}}')
    (tmp / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(tmp / "fifo.json")
    (tmp / "multiline.json").write_text(json.dumps({"name": "x\n" * 1_000_000}))
    return [
        ("scenario_file", str(tmp / "bomb.yaml"), "ScenarioError", "bomb.yaml: rules.structure_points[0]: YAML"),
        ("cli", ["simulate", "--games", "1", "--scenario", str(tmp / "bomb.yaml")], "exit 2", "anchors"),
        ("save_file", "/dev/zero", "SaveFileError", "/dev/zero: it is not a regular file"),
        ("cli", ["check-save", "/dev/zero"], "exit 2", "/dev/zero: it is not a regular file"),
        ("cli", ["simulate", "--games", "1", "--scenario", "/dev/zero"], "exit 2", "not a regular file"),
        ("scenario_file", str(tmp / "zero_save.json"), "ScenarioError", "start.save: 'zero.json': it is not a "
                                                                         "regular file"),
        ("save_file", str(tmp / "fifo.json"), "SaveFileError", "not a regular file"),
        ("scenario_file", str(tmp / "fifo.json"), "ScenarioError", "not a regular file"),
        ("scenario_file", str(tmp / "escape.json"), "ScenarioError", "start.save: '../../etc/hostname': must be "
                                                                     "the name of a file in the same folder"),
        ("save_file", str(tmp / "seed.json"), "SaveFileError", "seed: must be a whole number"),
        ("save_file", str(tmp / "bigint.json"), "SaveFileError", "a number of 4,301 digits is too long"),
        ("save_file", str(tmp / "lone.json"), "SaveFileError", "players[0]: the text '\\ud800'"),
        ("save_file", str(tmp / "dup.json"), "SaveFileError", "the key 'seed' appears twice"),
        ("save_text", SAVE.replace('"version":1', '"version":true'), "SaveFileError", "version: this hotw reads"),
        ("save_text", SAVE.replace('"version":1', '"version":1.0'), "SaveFileError", "version: this hotw reads"),
        ("scenario_file", str(tmp / "deep.json"), "ScenarioError", "nested too deeply"),
        ("scenario_file", str(tmp / "deep.yaml"), "ScenarioError", "nested too deeply"),
        ("scenario_file", str(tmp / "latin1.json"), "ScenarioError", "not UTF-8 text"),
        ("scenario_file", str(tmp / "utf16.json"), "ScenarioError", "UTF-16"),
        ("scenario_file", str(tmp / "ruleset.json"), "ScenarioError", "ruleset: must be the name of a ruleset"),
        ("scenario_file", str(tmp / "super2.json"), "ScenarioError", "region_tokens."),
        ("scenario_file", str(tmp / "multiline.json"), "ScenarioError", "name: must be a non-empty text"),
        ("scenario_dict", {"empires": False, "events": 0, "region_tokens": ""}, "ScenarioError",
         "must be an object"),
        ("cli", ["check-save", ""], "exit 2", "give the name of a save file"),
        ("cli", ["simulate", "--games", "1", "--csv", "/nonexistent/x.csv"], "exit 2", "does not exist"),
        ("cli", ["simulate", "--games", "1", "--csv", str(tmp)], "exit 2", "is a folder"),
        ("cli", ["simulate", "--games", "1", "--csv", "/dev/full"], "exit 2", "not a regular file"),
    ]


@pytest.mark.skipif(not LINUX, reason="RLIMIT_AS, FIFOs and /dev/zero as on Linux")
def test_known_hostile_inputs_fail_fast_in_one_line_under_a_memory_cap(tmp_path: Path) -> None:
    cases = _corpus(tmp_path)
    runner = _CORPUS_RUNNER.replace("CAP", str(1 << 30))  # 1 GiB of address space for the whole corpus
    proc = subprocess.run([sys.executable, "-c", runner], input=json.dumps([[k, a] for k, a, _, _ in cases]),
                          capture_output=True, text=True, timeout=240, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout)
    for (kind, arg, expected, fragment), (got, message, seconds) in zip(cases, results):
        label = f"{kind} {str(arg)[:60]}"
        assert got == expected, (label, got, message[:300])
        line = message.strip()
        assert "\n" not in line and len(line) <= MAX_MESSAGE, (label, line[:300])
        assert fragment in line, (label, line)
        assert "Traceback" not in line
        assert seconds < HANG_SECONDS, (label, seconds)


def test_alias_bomb_stops_at_the_first_anchor_in_a_fraction_of_a_second(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "bomb.yaml"
    path.write_text(_bomb(9))
    start = time.perf_counter()
    with bounded(), pytest.raises(ScenarioError) as err:
        Scenario.load(path)
    assert time.perf_counter() - start < 5
    one_clear_line(err.value, "bomb.yaml")


def test_a_shared_structure_given_as_a_dict_is_bounded_too() -> None:
    bomb: Any = ["lol"] * 9
    for _ in range(8):
        bomb = [bomb] * 9  # 9**9 values if walked in full
    with bounded(), pytest.raises(ScenarioError) as err:
        Scenario.from_dict({"rules": {"structure_points": bomb}}, source="given")
    one_clear_line(err.value, "given")


def test_start_save_reads_a_file_next_to_the_scenario_only(tmp_path: Path) -> None:
    (tmp_path / "class.json").write_text(SAVE)
    (tmp_path / "ok.json").write_text('{"start": {"save": "class.json"}}')
    assert Scenario.load(tmp_path / "ok.json").players() == ["Ada", "Ben", "Cy"]
    sub = tmp_path / "sub"
    sub.mkdir()
    for name in ("../class.json", str(tmp_path / "class.json"), "sub/../class.json", "..", "~", "c:class.json"):
        (sub / "s.json").write_text(json.dumps({"start": {"save": name}}))
        with pytest.raises(ScenarioError, match="must be the name of a file in the same folder") as err:
            Scenario.load(sub / "s.json")
        one_clear_line(err.value, "s.json")
    (sub / "s.json").write_text(json.dumps({"start": {"save": "missing.json"}}))
    with pytest.raises(ScenarioError, match="start.save: 'missing.json': cannot read it"):
        Scenario.load(sub / "s.json")


# --------------------------------------------------------------------------- properties: save files

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=12), inner, max_size=4)),
                          max_leaves=12)
FIELDS = ["format", "version", "ruleset", "players", "seed", "options", "actions", "extra"]


def _check_save_text(text: str | bytes) -> None:
    """The property: a game that keeps its invariants and saves back identically, or one SaveFileError line."""
    try:
        with bounded():
            game = hotw.load_game(text, source="prop.json")
    except SaveFileError as err:
        message = one_clear_line(err, "prop.json")
        assert err.source == "prop.json"
        assert ": " in message[len("prop.json: "):] or err.field is None
        return
    check_invariants(game)
    saved = game.to_json()
    assert hotw.load_game(saved).to_json() == saved


@settings(max_examples=60)
@given(field=st.sampled_from(FIELDS), value=json_value, drop=st.booleans())
def test_save_with_any_field_changed_loads_or_fails_in_one_line(field: str, value: Any, drop: bool) -> None:
    doc = json.loads(SAVE)
    if drop and field in doc:
        del doc[field]
    else:
        doc[field] = value
    _check_save_text(json.dumps(doc))


@settings(max_examples=60)
@given(index=st.integers(min_value=0, max_value=200), text=st.text(max_size=20))
def test_save_with_any_action_changed_loads_or_fails_in_one_line(index: int, text: str) -> None:
    doc = json.loads(SAVE)
    actions = doc["actions"]
    actions.insert(index % (len(actions) + 1), text)
    _check_save_text(json.dumps(doc))


@settings(max_examples=60)
@given(cut=st.integers(min_value=0, max_value=len(SAVE)), junk=st.binary(max_size=12))
def test_save_text_cut_or_spliced_loads_or_fails_in_one_line(cut: int, junk: bytes) -> None:
    data = SAVE.encode()
    _check_save_text(data[:cut] + junk + data[cut + len(junk):])


def test_unchanged_save_reserialises_identically() -> None:
    assert hotw.load_game(SAVE).to_json() == SAVE


# --------------------------------------------------------------------------- properties: scenarios

EMPIRES = ["mongols", "romans", "huns", "vikings", "assyrians", "atlantis"]
scenario_value = st.one_of(
    json_value,
    st.fixed_dictionaries({}, optional={e: st.fixed_dictionaries({}, optional={
        "armies": st.integers(-2, 70), "remove": st.booleans(), "order": st.integers(0, 100),
        "epoch": st.integers(0, 6), "start": st.lists(st.sampled_from(["northern_italia", "zagros", "atlantic_ocean",
                                                                       "nowhere"]), max_size=2)}) for e in EMPIRES}),
)
scenario_doc = st.dictionaries(
    st.one_of(st.sampled_from(["name", "description", "ruleset", "rules", "empires", "events", "region_tokens",
                               "start"]), st.text(max_size=8)),
    scenario_value, max_size=4)
rules_doc = st.dictionaries(st.sampled_from(["player_armies", "catapult_max", "monument_icons", "structure_points",
                                             "tie_rule", "start_epoch", "gravity"]),
                            st.one_of(json_value, st.integers(-5, 30),
                                      st.sampled_from(["both_removed", "defender_holds"])), max_size=3)


def _check_scenario(data: Any) -> None:
    try:
        with bounded():
            scenario = Scenario.from_dict(data, source="prop.yaml")
    except ScenarioError as err:
        one_clear_line(err, "prop.yaml")
        return
    assert Scenario.from_dict(scenario.to_dict()) == scenario
    try:
        game = scenario.new_game(["A", "B", "C"], seed=1)
    except ScenarioError as err:  # e.g. changes that leave too few cards for this table
        one_clear_line(err, scenario.name)
        return
    check_invariants(game)
    saved = game.to_json()
    assert hotw.load_game(saved).to_json() == saved


@settings(max_examples=60)
@given(data=scenario_doc)
def test_any_scenario_data_loads_or_fails_in_one_line(data: dict) -> None:
    _check_scenario(data)


@settings(max_examples=40)
@given(rules=rules_doc)
def test_any_scenario_rules_load_or_fail_in_one_line(rules: dict) -> None:
    _check_scenario({"name": "prop", "rules": rules})


yaml_text = st.one_of(
    st.text(alphabet=st.sampled_from(list("abc:-[]{}&*!|>'\"#,.0123456789 \n\t")), max_size=80),
    st.builds(lambda k, v: f"{k}: {v}\n", st.sampled_from(["name", "rules", "empires", "start", "x"]),
              st.text(max_size=20)),
)


@settings(max_examples=40)
@given(text=yaml_text, suffix=st.sampled_from([".yaml", ".json"]))
def test_any_scenario_text_loads_or_fails_in_one_line(tmp_path_factory: Any, text: str, suffix: str) -> None:
    pytest.importorskip("yaml")
    path = tmp_path_factory.mktemp("scenario") / f"prop{suffix}"
    path.write_text(text, encoding="utf-8")
    try:
        with bounded():
            Scenario.load(path)
    except ScenarioError as err:
        message = str(err)
        assert "\n" not in message and len(message) <= MAX_MESSAGE, message[:200]
        assert message.startswith(("prop", str(path))), message[:200]


# --------------------------------------------------------------------------- properties: actions and options

any_object = st.one_of(json_value, st.tuples(st.integers()), st.builds(object), st.binary(max_size=4))


@settings(max_examples=60)
@given(kind=any_object, target=any_object)
@example(kind="", target="\n").via("a line break once quoted as it was into the sentence on why")
@example(kind="play_event", target="\n" * 700).via("a card name quoted whole")
def test_any_action_fields_make_an_action_or_an_illegal_action_error(kind: Any, target: Any) -> None:
    game = hotw.new_game(players=["A", "B", "C"], seed=2)
    before = game.state_key()
    try:
        action = Action(kind, target)
    except IllegalActionError as err:
        assert "\n" not in str(err) and len(str(err)) <= MAX_MESSAGE
        return
    try:
        game.apply(action)
    except IllegalActionError as err:
        assert game.state_key() == before
        assert "\n" not in str(err)


@settings(max_examples=60)
@given(text=st.one_of(st.text(max_size=40), st.builds(lambda k, t: f"{k}:{t}", st.sampled_from(
    ["invade", "pick_event", "roll", "draw", "siege", "end_invasions"]), st.text(max_size=12))))
def test_any_action_text_parses_and_plays_or_is_refused_unchanged(text: str) -> None:
    game = hotw.new_game(players=["A", "B", "C"], seed=2)
    before = game.state_key()
    try:
        action = Action.parse(text)
    except IllegalActionError:
        return
    assert Action.parse(action.text()) == action
    try:
        game.apply(action)
    except IllegalActionError:
        assert game.state_key() == before
        return
    check_invariants(game)


options_doc = st.dictionaries(st.sampled_from(["player_armies", "catapult_max", "monument_icons",
                                               "structure_points", "tie_rule", "start_epoch", "content_changes",
                                               "gravity"]),
                              st.one_of(json_value, st.integers(-5, 30), st.lists(st.integers(-1, 25), max_size=4),
                                        st.sampled_from(["both_removed", "defender_holds"])), max_size=3)


@settings(max_examples=60)
@given(options=options_doc, seed=st.one_of(st.integers(-(2**64), 2**64), st.text(max_size=110)),
       players=st.lists(st.text(max_size=42), min_size=2, max_size=7))
def test_options_players_and_seeds_make_a_game_that_saves_or_one_option_error(options: dict, seed: Any,
                                                                             players: list) -> None:
    try:
        with bounded():
            game = hotw.new_game(players=players, seed=seed, options=options)
    except OptionError as err:
        assert "\n" not in str(err) and len(str(err)) <= MAX_MESSAGE, str(err)[:200]
        return
    check_invariants(game)
    saved = game.to_json()
    again = hotw.load_game(saved)  # every game that can be made can be saved and loaded
    assert again.to_json() == saved and again.state_key() == game.state_key()


# --------------------------------------------------------------------------- check-save and the dice


def test_check_save_says_when_the_dice_were_chosen(tmp_path: Path, capsys: Any) -> None:
    from hotw.cli import main

    game = hotw.new_game(players=["A", "B", "C"], seed=4, auto_chance=False)
    while game.epoch < 2:
        actions = game.legal_actions()
        game.apply(actions[-1] if game.decision.is_chance else actions[0])
    chosen = tmp_path / "chosen.json"
    chosen.write_text(game.to_json())
    seeded = tmp_path / "seeded.json"
    seeded.write_text(SAVE)
    assert main(["check-save", str(seeded)]) == 0
    assert "note" not in capsys.readouterr().out
    assert main(["check-save", str(chosen)]) == 0
    out = capsys.readouterr().out
    assert "valid hotw2018 save" in out and "are not what seed 4 draws" in out and "the file chose them" in out
    assert main(["check-save", "--seeded", str(chosen)]) == 1


# --------------------------------------------------------------------------- interrupted simulations

_SIMULATE = textwrap.dedent("""
    import sys, hotw
    from hotw.errors import SimulationInterrupted
    try:
        hotw.simulate(players=4, bots="heuristic:medium", games=2000, seed=1, workers=2, progress=False)
    except SimulationInterrupted as stop:
        print("kept", stop.run.games, len(stop.run.frame()), flush=True)
        sys.exit(130)
""")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _ctrl_c_as_at_a_terminal() -> None:
    # The child's Ctrl-C at its default, as a terminal's foreground command has it: a shell starts a background job
    # (``make test &``) with SIGINT ignored, and a child inherits that, so an interrupt the test sends would be lost.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_simulation() -> tuple[subprocess.Popen, list[int]]:
    proc = subprocess.Popen([sys.executable, "-c", _SIMULATE], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, preexec_fn=_ctrl_c_as_at_a_terminal)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.1)
        workers = [k for k in _children(proc.pid) if _alive(k)]
        assert proc.poll() is None, proc.communicate()[1][-2000:]
    assert len(workers) == 2, workers
    time.sleep(1.5)  # let the workers finish some games
    return proc, workers


def _gone_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


_INTERRUPTED_IMPORT = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, sys.argv[1])  # a stand-in pandas: Ctrl-C arrives during its import, which loses it as
    # numpy's and pandas' imports can (a C extension turns the KeyboardInterrupt into an ImportError, and an
    # optional import guarded by ``except ImportError`` swallows it)
    from hotw.simulation import _import_pandas
    try:
        _import_pandas()
    except KeyboardInterrupt:
        print("interrupted", "pandas" in sys.modules)
    else:
        print("lost")
""")


def test_an_interrupt_during_the_simulations_import_of_pandas_is_not_lost(tmp_path: Path) -> None:
    (tmp_path / "pandas.py").write_text(textwrap.dedent("""
        import os, signal
        try:
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(1000))  # the handler runs here
        except (KeyboardInterrupt, ImportError):
            pass
    """))
    done = subprocess.run([sys.executable, "-c", _INTERRUPTED_IMPORT, str(tmp_path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, preexec_fn=_ctrl_c_as_at_a_terminal)
    assert done.stdout.split() == ["interrupted", "True"], done.stderr[-2000:]


@pytest.mark.skipif(not LINUX, reason="reads the process table from /proc")
def test_interrupting_a_two_worker_simulation_stops_it_and_keeps_the_finished_games() -> None:
    proc, workers = _start_simulation()
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - start < 5, "the interrupt took too long"
    assert proc.returncode == 130, err[-2000:]
    kept, games, rows = out.split()
    assert kept == "kept" and int(games) > 0 and int(rows) == 4 * int(games)
    assert _gone_within(workers, 2), [w for w in workers if _alive(w)]


@pytest.mark.skipif(not LINUX, reason="reads the process table from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_exit_when_the_parent_dies(sig: int) -> None:
    proc, workers = _start_simulation()
    proc.send_signal(sig)
    proc.wait(timeout=30)
    assert _gone_within(workers, 5), [w for w in workers if _alive(w)]
    proc.communicate()


@pytest.mark.skipif(not LINUX, reason="reads the process table from /proc")
def test_a_killed_worker_is_one_line() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "hotw.cli", "simulate", "--games", "2000", "--bot",
                             "heuristic:medium", "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.1)
        workers = [k for k in _children(proc.pid) if _alive(k)]
    assert len(workers) == 2
    time.sleep(1)
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2, err[-3000:]
    lines = [line for line in err.splitlines() if line.strip() and "hotw games" not in line and "%|" not in line]
    assert len(lines) == 1 and "worker process stopped unexpectedly (killed by SIGKILL" in lines[0], err[-2000:]
    assert _gone_within(workers, 2)
