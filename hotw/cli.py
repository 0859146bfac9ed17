"""The ``hotw`` command line: ``hotw simulate`` and ``hotw check-save``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hotw.errors import SaveFileError


def _simulate(args: argparse.Namespace) -> int:
    from hotw.simulation import run_games

    if args.csv:
        try:
            import pandas  # noqa: F401
        except ImportError:
            print("hotw: --csv needs pandas (pip install 'hotw[sim]')", file=sys.stderr)
            return 2
    run = run_games(args.ruleset, args.players, args.bot, args.games, args.seed, scenario=args.scenario,
                    workers=args.workers, progress=None if args.games >= 200 else False)
    summary = run.summary()
    if args.scenario:
        from hotw.scenario import load_scenario

        summary["scenario"] = load_scenario(args.scenario).name
    if args.csv:
        run.frame().to_csv(args.csv, index=False)
        summary["csv"] = str(args.csv)
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>20}: {value}")
    return 0


def _check_save(args: argparse.Namespace) -> int:
    from hotw.save import MAX_BYTES, load_game

    path = Path(args.file)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveFileError(f"This is not a valid hotw save file: it is larger than {MAX_BYTES:,} bytes")
        game = load_game(path.read_bytes())
    except OSError as err:
        print(f"{path}: cannot read: {err.strerror}", file=sys.stderr)
        return 2
    except SaveFileError as err:
        print(f"{path}: {str(err).splitlines()[0]}", file=sys.stderr)
        return 2
    state = "over" if game.is_over else f"at step '{game.decision.step}'"
    print(f"{path}: valid {game.ruleset.name} save, {len(game.history)} actions, game {state}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``hotw`` command."""
    parser = argparse.ArgumentParser(prog="hotw", description="History of the World engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play games with bots and summarise them")
    sim.add_argument("--ruleset", default="hotw2018")
    sim.add_argument("--players", type=int, default=None,
                     help="number of players (default 4, or the players of the scenario's saved game)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", default="random",
                     help="bot for every seat, or one per seat separated by commas: random, greedy, "
                          "heuristic:easy|medium|hard")
    sim.add_argument("--scenario", metavar="FILE", help="a what-if scenario (JSON) to play")
    sim.add_argument("--workers", type=int, default=None, help="processes to use (default: every core)")
    sim.add_argument("--csv", metavar="FILE", help="write a row per game and seat to FILE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=_simulate)
    chk = sub.add_parser("check-save", help="exit 0 if FILE is a valid save, 2 with a reason if not")
    chk.add_argument("file")
    chk.set_defaults(func=_check_save)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as err:
        print(f"hotw: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
