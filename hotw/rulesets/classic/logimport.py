"""``hotw.import_log``: a game log file of the online classic game as a game of the classic ruleset, with a report.

The file is read by the bounded reader (:func:`hotw.files.read_bounded`), parsed
(:mod:`~hotw.rulesets.classic.logparse`: any line it cannot read is one
GameLogError naming the line, nothing half-imported) and replayed
(:mod:`~hotw.rulesets.classic.logreplay`). The game's options include
``log_dice=True``: its dice were chosen to give the logged outcomes.
"""

from __future__ import annotations

import os
from typing import Any

from hotw.errors import GameLogError
from hotw.files import DataProblem, decode, one_line, read_bounded
from hotw.i18n import Domain, num, percent
from hotw.rulesets.classic.logparse import parse_log
from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS, Replay, replay_log

__all__ = ["MAX_BYTES", "import_log", "import_log_data", "import_log_text", "report_lines"]

_ = Domain("classic")

MAX_BYTES = 1_000_000
"""A game log is at most this many bytes (the known ones are about 32 KB)."""


def import_log_text(text: str, source: str = "game log", options: dict[str, Any] | None = None) -> Replay:
    """The log ``text`` replayed (see :func:`import_log`)."""
    from hotw.board import load_board
    from hotw.rulesets import get_ruleset
    from hotw.rulesets.classic.cardcheck import load_content

    board = load_board(get_ruleset("classic").board_path())
    log = parse_log(text, board, load_content(board), source)
    return replay_log(log, ONLINE_OPTIONS if options is None else options)


def import_log_data(data: str | bytes, source: str = "game log", options: dict[str, Any] | None = None) -> Replay:
    """A log's contents (e.g. an uploaded file) replayed, with the same limits as a file: at most ``MAX_BYTES``,
    UTF-8 (see :func:`import_log`)."""
    shown = one_line(source, 200)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if len(raw) > MAX_BYTES:
        raise GameLogError(_("{source}: it has {n} bytes, more than the {limit} of a game log", source=shown,
                             n=num(len(raw)), limit=num(MAX_BYTES)), source=shown)
    try:
        text = decode(raw)
    except DataProblem as problem:
        raise GameLogError(_("{source}: {reason}", source=shown, reason=problem.reason), source=shown) from None
    return import_log_text(text, shown, options)


def import_log(path: str | os.PathLike[str], options: dict[str, Any] | None = None) -> Replay:
    """The game log at ``path`` as a classic game: ``.game`` (save it with ``.game.to_json()``), ``.notes`` (lines
    the engine could not play as logged, with their numbers) and ``.checks`` (each turn's score against the log's).

    ``options``: the classic rule options to replay under (default: the online game's, ``ONLINE_OPTIONS``).
    """
    shown = one_line(os.fspath(path), 200)
    try:
        text = decode(read_bounded(path, MAX_BYTES))
    except DataProblem as problem:
        raise GameLogError(_("{source}: {reason}", source=shown, reason=problem.reason), source=shown) from None
    return import_log_text(text, shown, options)


def report_lines(replay: Replay) -> list[str]:
    """A readable report: the match of the scores, then each line not played as logged and each score mismatch."""
    checks = replay.checks
    good = sum(c.matches for c in checks)
    out = [_("{source}: {players} players, {turns} turns, {good} scored as logged ({share})",
             source=replay.log.source, players=len(replay.log.players), turns=len(checks), good=good,
             share=percent(good / max(1, len(checks))))]
    lines: list[tuple[int, Any]] = []  # in the log's order: each line not played and each turn off
    for n in replay.notes:
        # TRANSLATORS: {text} is the log's own line (in English, as the online game wrote it)
        lines.append((n.line, _("line {line}: {text}: {why}", line=n.line, text=one_line(n.text, 80), why=n.why)))
    empires = replay.game.content.empires
    for c in checks:
        if not c.matches:
            lines.append((c.line, _("line {line}: epoch {epoch}, {player} ({empire}): {points} points ({total} in "
                                    "all), the log {log_points} ({log_total})", line=c.line, epoch=c.epoch,
                                    player=replay.log.players[c.player], empire=empires[c.empire].name,
                                    points=c.points, total=c.total, log_points=c.log_points, log_total=c.log_total)))
    return out + [text for _line, text in sorted(lines, key=lambda pair: pair[0])]
