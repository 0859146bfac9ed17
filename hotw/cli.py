"""The ``hotw`` command line: ``hotw simulate``, ``hotw check-save``, ``hotw import-log``, ``hotw classroom``.

It speaks the language of ``--lang`` (``hotw --lang ja simulate ...``), else the one the environment names
(``LANG``, :func:`hotw.i18n.preferred_language`). A front end, like the notebook app: it says its own words with
``t`` and the engine's (errors, which are Msg values) with ``render``.
"""

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
from hotw.i18n import (DEFAULT, LANGUAGES, Domain, LanguageError, check_language, language, num, preferred_language,
                       render, speaking)

_ = Domain("hotw")
t = _.text


def _said(err: BaseException) -> str:
    """An error's message in the active language (its Msg, where the engine gave one)."""
    return render(err.args[0]) if err.args and isinstance(err.args[0], str) else str(err)


def _count(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("must be a whole number, not {text}", text=quote(text, 30))) from None
        if value < low:
            raise argparse.ArgumentTypeError(t("must be {low} or more, not {value}", low=low, value=value))
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
            raise ValueError(_("--csv: give a file name"))
        if self.path.is_dir():
            raise ValueError(_("--csv {file}: is a folder; give a file name", file=shown))
        if self.path.exists() and not self.path.is_file():
            raise ValueError(_("--csv {file}: is not a regular file (a device or a pipe); give a file name", file=shown))
        folder = self.path.parent
        if not folder.is_dir():
            raise ValueError(_("--csv {file}: the folder {folder} does not exist", file=shown,
                               folder=one_line(str(folder), 200)))
        try:
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{self.path.name[:50]}.", suffix=".tmp")
        except OSError as err:
            raise ValueError(_("--csv {file}: cannot write there: {reason}", file=shown, reason=err.strerror)) from None
        os.close(fd)
        self.tmp = Path(tmp)

    def write(self, frame: Any) -> None:
        try:
            frame.to_csv(self.tmp, index=False)
            os.replace(self.tmp, self.path)
        except OSError as err:
            raise ValueError(_("--csv {file}: cannot write the table: {reason}", file=one_line(str(self.path), 200),
                               reason=err.strerror)) from None
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
            print(t("hotw: --csv needs pandas (pip install 'hotw[sim]')"), file=sys.stderr)
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
                kept = t("; the {n} finished games are in {file}", n=stop.run.games, file=one_line(args.csv, 200))
            print(f"hotw: {one_line(_said(stop), 400)}{kept}", file=sys.stderr)
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
            print(f"{_summary_key(key):>20}: {_summary_value(value)}")
    return 0


def _check_save(args: argparse.Namespace) -> int:
    from hotw.save import chance_differences, read_save_file

    if not args.file:
        print(t("hotw check-save: give the name of a save file"), file=sys.stderr)
        return 2
    shown = one_line(args.file, 200)
    try:
        game, differences = chance_differences(read_save_file(args.file), source=shown)
    except SaveFileError as err:
        print(one_line(_said(err), 600), file=sys.stderr)
        return 2
    if game.is_over:
        print(t("{file}: valid {ruleset} save, {n} actions, game over", file=shown, ruleset=game.ruleset.name,
                n=len(game.history)))
    else:
        print(t("{file}: valid {ruleset} save, {n} actions, game at step '{step}'", file=shown,
                ruleset=game.ruleset.name, n=len(game.history), step=game.decision.step))
    if differences:
        chance = sum(1 for a in game.history if a.is_chance)
        first, recorded, drawn = differences[0]
        print(t("{file}: note: {count} of {chance} dice and card draws are not what seed {seed} draws (first: action "
                "{first}, {recorded} where the seed gives {drawn}); the file chose them", file=shown,
                count=num(len(differences)), chance=num(chance), seed=quote(game.seed, 40), first=first,
                recorded=render(recorded.text()), drawn=render(drawn.text())))
        if args.seeded:
            return 1
    return 0


def _import_log(args: argparse.Namespace) -> int:
    from hotw.rulesets.classic.logimport import import_log, report_lines

    replay = import_log(args.file)
    for line in report_lines(replay) if args.report else report_lines(replay)[:1]:
        print(render(line))
    if args.save:
        path = args.save
        with open(path, "w", encoding="utf-8") as f:
            f.write(replay.game.to_json())
        print(t("saved to {file} (its dice are chosen to give the logged outcomes: option log_dice)",
                file=one_line(path, 200)))
    return 0


def _classroom(args: argparse.Namespace) -> int:
    from hotw.classroom.serve import serve

    return serve(args.store, port=args.port, ip=args.ip, bot_delay=args.bot_delay)


def _summary_key(key: str) -> str:
    """A line's name in the summary of ``hotw simulate``, in the active language."""
    names = {
        "ruleset": t("ruleset"), "players": t("players"), "games": t("games"), "seed": t("seed"), "bot": t("bot"),
        "seconds": t("seconds"), "wins_per_seat": t("wins per seat"), "final_points": t("final points"),
        "empire_turns": t("empire turns"), "ms_per_game": t("ms per game"), "ms_per_empire_turn": t("ms per empire turn"),
        "scenario": t("scenario"), "csv": t("csv"),
    }
    return names.get(key, key)


def _summary_value(value: Any) -> str:
    """A value of the summary: numbers by the locale (a comma or a point for decimals), the rest as it is."""
    if language() == DEFAULT or isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        digits = len(repr(value).partition(".")[2]) if "e" not in repr(value) else 4
        return num(value, digits).render()
    if isinstance(value, int):
        return num(value).render()
    if isinstance(value, dict):
        words = {"mean": t("mean"), "min": t("min"), "max": t("max")}
        return "{" + ", ".join(f"{words.get(k, k)}: {_summary_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_summary_value(v) for v in value) + "]"
    return str(value)


def _language(argv: list[str]) -> str:
    """The language ``--lang`` asks for (``--lang ja`` or ``--lang=ja`` anywhere), else the environment's."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return check_language(argv[i + 1])
        if arg.startswith("--lang="):
            return check_language(arg.split("=", 1)[1])
    return preferred_language()


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, t("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse in the active language: its titles, its help option and the line of an error are ours."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, formatter_class=_Formatter, add_help=False, **kwargs)
        self._positionals.title = t("positional arguments")
        self._optionals.title = t("options")
        self.add_argument("-h", "--help", action="help", help=t("show this help message and exit"))

    def error(self, message: str) -> Any:
        self.print_usage(sys.stderr)
        self.exit(2, t("{prog}: error: {message}", prog=self.prog, message=message) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``hotw`` command."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        lang = _language(argv)
    except LanguageError as err:
        print(f"hotw: {err}", file=sys.stderr)
        return 2
    with speaking(lang):
        return _main(argv)


def _main(argv: list[str]) -> int:
    parser = _Parser(prog="hotw", description=t("History of the World engine tools"))
    parser.add_argument("--lang", choices=list(LANGUAGES), metavar="LANG",
                        help=t("the language of the messages: en, ja or es (default: the one LANG names)"))
    sub = parser.add_subparsers(dest="command", required=True, title=t("commands"), parser_class=_Parser)
    sim = sub.add_parser("simulate", help=t("play games with bots and summarise them"))
    sim.add_argument("--ruleset", default="hotw2018", help=t("the game system (default: %(default)s)"))
    sim.add_argument("--players", type=_count(1), default=None,
                     help=t("number of players (default 4, or the players of the scenario's saved game)"))
    sim.add_argument("--games", type=_count(0), default=100, help=t("how many games (default: %(default)s)"))
    sim.add_argument("--seed", type=int, default=1, help=t("the seed of the first game (default: %(default)s)"))
    sim.add_argument("--bot", default="random",
                     help=t("bot for every seat, or one per seat separated by commas: random, greedy, "
                            "heuristic:easy|medium|hard"))
    sim.add_argument("--scenario", metavar="FILE", help=t("a what-if scenario (JSON or YAML) to play"))
    sim.add_argument("--workers", type=_count(1), default=None, help=t("processes to use (default: every core)"))
    sim.add_argument("--csv", metavar="FILE", help=t("write a row per game and seat to FILE"))
    sim.add_argument("--json", action="store_true", help=t("print one JSON object"))
    sim.set_defaults(func=_simulate)
    chk = sub.add_parser("check-save", help=t("exit 0 if FILE is a valid save, 2 with a reason if not"))
    chk.add_argument("file", help=t("the save file"))
    chk.add_argument("--seeded", action="store_true",
                     help=t("exit 1 if any recorded die or card draw is not what the game's seed draws"))
    chk.set_defaults(func=_check_save)
    imp = sub.add_parser("import-log", help=t("replay a game log of the online classic game and compare its scores"))
    imp.add_argument("file", help=t("the game log"))
    imp.add_argument("--save", metavar="FILE", help=t("write the replayed game as a save file"))
    imp.add_argument("--report", action="store_true",
                     help=t("list every line not played as logged and every turn scored differently"))
    imp.set_defaults(func=_import_log)
    cls = sub.add_parser("classroom", help=t("host a class at one game: prints the teacher's address; students join "
                                             "from their own machines"))
    cls.add_argument("--store", default="classroom.sqlite",
                     help=t("the class's SQLite file (made if new), or a postgresql:// address with #schema"))
    cls.add_argument("--port", type=_count(1), default=8866, help=t("the port to listen on (default: %(default)s)"))
    cls.add_argument("--ip", default="0.0.0.0", help=t("the address to listen on (default: every network)"))
    cls.add_argument("--bot-delay", type=float, default=0.6, help=t("seconds a bot waits before its move"))
    cls.set_defaults(func=_classroom)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as err:  # every HotwError too: one line, no traceback
        print(f"hotw: {one_line(_said(err), 600)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
