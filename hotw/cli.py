"""The ``hotw`` command line: ``hotw simulate``, ``hotw check-save``, ``hotw import-log``, ``hotw classroom``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

from hotw.errors import SaveFileError, SimulationError, SimulationInterrupted
from hotw.files import one_line, quote


def _count(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {quote(text, 30)}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        return value

    return parse


class _Output:
    """The CSV file of ``--csv``, checked before any game is played and written whole at the end.

    The table goes to a temporary file in the same folder, renamed over FILE once
    complete, so a failure never leaves half a table or loses an older one.
    """

    def __init__(self, name: str) -> None:
        self.path = Path(name)
        shown = one_line(name or "''", 200)
        if not name:
            raise ValueError("--csv: give a file name")
        if self.path.is_dir():
            raise ValueError(f"--csv {shown}: is a folder; give a file name")
        if self.path.exists() and not self.path.is_file():
            raise ValueError(f"--csv {shown}: is not a regular file (a device or a pipe); give a file name")
        folder = self.path.parent
        if not folder.is_dir():
            raise ValueError(f"--csv {shown}: the folder {one_line(str(folder), 200)} does not exist")
        try:
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{self.path.name[:50]}.", suffix=".tmp")
        except OSError as err:
            raise ValueError(f"--csv {shown}: cannot write there: {err.strerror}") from None
        os.close(fd)
        self.tmp = Path(tmp)

    def write(self, frame: Any) -> None:
        try:
            frame.to_csv(self.tmp, index=False)
            os.replace(self.tmp, self.path)
        except OSError as err:
            raise ValueError(f"--csv {one_line(str(self.path), 200)}: cannot write the table: "
                             f"{err.strerror}") from None
        finally:
            self.discard()

    def discard(self) -> None:
        try:
            self.tmp.unlink()
        except OSError:
            pass


def _simulate(args: argparse.Namespace) -> int:
    from hotw.simulation import run_games

    output = None
    if args.csv is not None:
        try:
            import pandas  # noqa: F401
        except ImportError:
            print("hotw: --csv needs pandas (pip install 'hotw[sim]')", file=sys.stderr)
            return 2
        output = _Output(args.csv)
    try:
        try:
            run = run_games(args.ruleset, args.players, args.bot, args.games, args.seed, scenario=args.scenario,
                            workers=args.workers, progress=None if args.games >= 200 else False)
        except (SimulationInterrupted, SimulationError) as stop:
            kept = ""
            if output is not None and stop.run is not None and stop.run.games:
                output.write(stop.run.frame())
                kept = f"; the {stop.run.games:,} finished games are in {one_line(args.csv, 200)}"
            print(f"hotw: {one_line(str(stop), 400)}{kept}", file=sys.stderr)
            return 130 if isinstance(stop, SimulationInterrupted) else 2
        summary = run.summary()
        if args.scenario:
            from hotw.scenario import load_scenario

            summary["scenario"] = load_scenario(args.scenario).name
        if output is not None:
            output.write(run.frame())
            summary["csv"] = str(args.csv)
    finally:
        if output is not None:
            output.discard()
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>20}: {value}")
    return 0


def _check_save(args: argparse.Namespace) -> int:
    from hotw.save import chance_differences, read_save_file

    if not args.file:
        print("hotw check-save: give the name of a save file", file=sys.stderr)
        return 2
    shown = one_line(args.file, 200)
    try:
        game, differences = chance_differences(read_save_file(args.file), source=shown)
    except SaveFileError as err:
        print(one_line(str(err), 600), file=sys.stderr)
        return 2
    state = "over" if game.is_over else f"at step '{game.decision.step}'"
    print(f"{shown}: valid {game.ruleset.name} save, {len(game.history)} actions, game {state}")
    if differences:
        chance = sum(1 for a in game.history if a.is_chance)
        first, recorded, drawn = differences[0]
        print(f"{shown}: note: {len(differences):,} of {chance:,} dice and card draws are not what seed "
              f"{quote(game.seed, 40)} draws (first: action {first}, {recorded.text()} where the seed gives "
              f"{drawn.text()}); the file chose them")
        if args.seeded:
            return 1
    return 0


def _import_log(args: argparse.Namespace) -> int:
    from hotw.rulesets.classic.logimport import import_log, report_lines

    replay = import_log(args.file)
    for line in report_lines(replay) if args.report else report_lines(replay)[:1]:
        print(line)
    if args.save:
        path = args.save
        with open(path, "w", encoding="utf-8") as f:
            f.write(replay.game.to_json())
        print(f"saved to {one_line(path, 200)} (its dice are chosen to give the logged outcomes: option log_dice)")
    return 0


def _classroom(args: argparse.Namespace) -> int:
    from hotw.classroom.serve import serve

    return serve(args.store, port=args.port, ip=args.ip, bot_delay=args.bot_delay)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``hotw`` command."""
    parser = argparse.ArgumentParser(prog="hotw", description="History of the World engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play games with bots and summarise them")
    sim.add_argument("--ruleset", default="hotw2018")
    sim.add_argument("--players", type=_count(1), default=None,
                     help="number of players (default 4, or the players of the scenario's saved game)")
    sim.add_argument("--games", type=_count(0), default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", default="random",
                     help="bot for every seat, or one per seat separated by commas: random, greedy, "
                          "heuristic:easy|medium|hard")
    sim.add_argument("--scenario", metavar="FILE", help="a what-if scenario (JSON or YAML) to play")
    sim.add_argument("--workers", type=_count(1), default=None, help="processes to use (default: every core)")
    sim.add_argument("--csv", metavar="FILE", help="write a row per game and seat to FILE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=_simulate)
    chk = sub.add_parser("check-save", help="exit 0 if FILE is a valid save, 2 with a reason if not")
    chk.add_argument("file")
    chk.add_argument("--seeded", action="store_true",
                     help="exit 1 if any recorded die or card draw is not what the game's seed draws")
    chk.set_defaults(func=_check_save)
    imp = sub.add_parser("import-log", help="replay a game log of the online classic game and compare its scores")
    imp.add_argument("file")
    imp.add_argument("--save", metavar="FILE", help="write the replayed game as a save file")
    imp.add_argument("--report", action="store_true",
                     help="list every line not played as logged and every turn scored differently")
    imp.set_defaults(func=_import_log)
    cls = sub.add_parser("classroom", help="host a class at one game: prints the teacher's address; students join "
                                           "from their own machines")
    cls.add_argument("--store", default="classroom.sqlite",
                     help="the class's SQLite file (made if new), or a postgresql:// address with #schema")
    cls.add_argument("--port", type=_count(1), default=8866)
    cls.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: every network)")
    cls.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before its move")
    cls.set_defaults(func=_classroom)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as err:  # every HotwError too: one line, no traceback
        print(f"hotw: {one_line(str(err), 600)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
