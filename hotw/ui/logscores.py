"""What an imported game log says beside its replay: each turn's points as logged, and the log's winner.

A game log of a real game (``hotw.import_log_data``) opens in the replay, played by the classic ruleset, which
scores every turn by its own rules. Where the online game scored a turn otherwise, a class must still see what the
real game said: the replay's caption of each scored turn, the list of scored turns, the breakdown and the end of the
game each show the log's points and total beside the engine's, and the summary names the log's winner. Pure
functions of the import's turn checks (no widget), kept by :class:`hotw.ui.app.GameView` while the imported game
is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hotw.i18n import Domain
from hotw.ui.view import esc, seat_badge

if TYPE_CHECKING:
    from hotw.game import Game

_ = Domain("hotw")
t = _.text
tn = _.text_plural
_n = _.plural


@dataclass(frozen=True)
class LogScores:
    """Each scored turn's points and running total in the engine and in the log, in the order the turns scored,
    and the log's last line: the winner's seat and points (None if the log has no such line)."""

    source: str
    turns: tuple[tuple[int, int, int, int], ...]  # (points, total, the log's points, the log's total)
    winner: int | None = None
    points: int | None = None

    @classmethod
    def of(cls, imported: Any, source: str) -> "LogScores":
        """From a replayed log (:class:`hotw.rulesets.classic.logresult.Replay`)."""
        end = imported.log.end
        return cls(source, tuple((c.points, c.total, c.log_points, c.log_total) for c in imported.checks),
                   end.get("player") if end is not None else None, end.get("points") if end is not None else None)

    @classmethod
    def saved(cls, record: dict[str, Any]) -> "LogScores":
        """From the record a save of the replay keeps (``hotw.save.saved_game_log``, checked there)."""
        return cls(record["source"], tuple(tuple(row) for row in record["turns"]),  # type: ignore[misc]
                   record["winner"], record["points"])

    def record(self) -> dict[str, Any]:
        """What a save of the replay keeps (``hotw.save.with_game_log``): plain JSON values."""
        return {"source": self.source, "turns": [list(row) for row in self.turns], "winner": self.winner,
                "points": self.points}

    @property
    def matching(self) -> int:
        """How many turns score as logged (points and running total)."""
        return sum(p == lp and total == lt for p, total, lp, lt in self.turns)

    def as_logged(self, index: int) -> bool | None:
        """Whether scored turn ``index`` scores as logged (None if the log has no such turn)."""
        if not 0 <= index < len(self.turns):
            return None
        p, total, lp, lt = self.turns[index]
        return p == lp and total == lt

    def turn_note(self, index: int) -> Any:
        """A few words for scored turn ``index``: that it scores as logged, or the log's points (a Msg; None if the
        log has no such turn)."""
        same = self.as_logged(index)
        if same is None:
            return None
        if same:
            return _("the game log scores this turn the same")
        _p, _total, lp, lt = self.turns[index]
        return _n("the game log scores this turn {n} point ({total} in all)",
                  "the game log scores this turn {n} points ({total} in all)", lp, total=lt)

    def names_winner(self, game: "Game") -> bool:
        """Whether the log's last line names a winner with points, at a seat of ``game``."""
        return self.winner is not None and self.points is not None and 0 <= self.winner < len(game.players)

    def end_note(self, game: "Game") -> Any:
        """The log's winner, for the replay's last move (a Msg; None if the log names none)."""
        if not self.names_winner(game):
            return None
        return _n("the game log: {player} won with {n} point", "the game log: {player} won with {n} points",
                  self.points, player=game.players[self.winner])

    def breakdown_html(self, index: int) -> str:
        """A line over the breakdown of scored turn ``index``: what the log scored, beside the engine's count."""
        same = self.as_logged(index)
        if same is None:
            return ""
        p, total, lp, lt = self.turns[index]
        if same:
            text = t("The game log scores this turn the same: {points} ({total} in all).", points=lp, total=lt)
        else:
            text = t("The game log scores this turn {log_points} ({log_total} in all); the replay counts {points} "
                     "({total}) by the rules below.", log_points=lp, log_total=lt, points=p, total=total)
        return f"<p class='hotw-bd-log' data-as-logged='{int(same)}'>{text}</p>"

    def summary_html(self, game: "Game") -> str:
        """Over the end of the game: the log's winner first, then what the replay's own count below is."""
        parts = []
        if self.names_winner(game):
            won = tn("The game log: {seat} won with {n} point.", "The game log: {seat} won with {n} points.",
                     self.points, seat=seat_badge(game, self.winner))
            parts.append(f"<b>{won}</b>")
        parts.append(t("Below, the replay's own count by the printed rules: {good} of {turns} turns of {source} score "
                       "as the log does (each turn's caption gives the log's points).", good=self.matching,
                       turns=len(self.turns), source=esc(self.source)))
        return f"<div class='hotw-summary-log' data-log-winner='{self.winner}'>{' '.join(parts)}</div>"
